// List and Label, as UITableView and SwiftUI's List draw them on iOS 17/18 (iPhone):
//
//   rows          at least 44 pt tall, the content 16 pt in from the row's edges and 11 pt above and
//                 below (a one-line body row is 44); a hairline separator under every row but a
//                 section's last, inset to where the row's text starts (a label's title, past its icon)
//   insetGrouped  sections are cards inset by the layout margins (16; 20 on the widest phones),
//                 10 pt corners, on systemGroupedBackground, rows on secondarySystemGroupedBackground,
//                 35 pt between sections; a header above the card (footnote, secondaryLabel, upper-
//                 case, as SwiftUI's grouped lists set it), a footer below (footnote, secondaryLabel)
//   plain         rows edge to edge on systemBackground; a header (subheadline, semibold,
//                 secondaryLabel) above its rows
//   label         the icon centred in a column 29 pt wide (Settings' icon squares; it scales with
//                 Dynamic Type as body does), 16 pt before the title, so titles line up down a list
//
// A list is a scroll view: it scrolls with the clip's scroll, under a navigation stack's bar.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// SwiftUI's `ListStyle`s that Holoframe draws.
public enum ListStyleKind: String, Hashable, Sendable, CaseIterable { case insetGrouped, plain }

public struct ListRowSpec: Hashable, Sendable {
    public var content: ViewSpec
    /// Where the row's text starts, from the content's leading edge: the separator starts there.
    public var textLeading: Double
    public init(content: ViewSpec, textLeading: Double = 0) { self.content = content; self.textLeading = textLeading }
}

public struct ListSectionSpec: Hashable, Sendable {
    public var header: String?
    public var footer: String?
    public var rows: [ListRowSpec]
    public init(header: String? = nil, footer: String? = nil, rows: [ListRowSpec]) { self.header = header; self.footer = footer; self.rows = rows }
}

public struct ListSpec: Hashable, Sendable {
    public var style: ListStyleKind
    public var sections: [ListSectionSpec]
    public init(style: ListStyleKind = .insetGrouped, sections: [ListSectionSpec]) { self.style = style; self.sections = sections }
}

extension SystemMetrics {
    /// A row's content inset from its edges, and above and below.
    public static let rowInset = 16.0
    public static let rowVerticalInset = 11.0
    /// A label's icon column at the default text size, and the space after it.
    public static let labelIconWidth = 29.0
    public static let labelSpacing = 16.0
    /// Between a grouped section's header or footer and its card.
    public static let sectionTextGap = 7.0
}

extension ViewComposer {
    /// A label's icon column at the clip's Dynamic Type size.
    public var labelIconWidth: Double { (SystemMetrics.labelIconWidth * dynamicTypeSize.scale(of: .body)).rounded() }

    /// SwiftUI's `Label(title, systemImage:)`: the icon centred in its column, then the title.
    public mutating func label(_ title: String, systemImage: String, style: TextStyle = .body, iconFill: ViewPaint? = nil,
                               path: String) -> ViewSpec {
        let icon = symbol(systemImage, style, fill: iconFill ?? accent, path: "\(path).icon")
        var slot = icon
        slot.modifiers = [Self.frame(width: labelIconWidth)]
        let name = text(title, style, fill: color(.label), lineLimit: nil, path: "\(path).title")
        return make(.stack(.horizontal, alignment: 0.5, spacing: .constant(SystemMetrics.labelSpacing), [slot, name]), path: path)
    }

    /// Where a label's title starts, from its leading edge (a list row's separator starts there).
    public var labelTitleLeading: Double { labelIconWidth + SystemMetrics.labelSpacing }

    /// The list: a scroll view of its sections.
    public mutating func list(_ spec: ListSpec, path: String) -> ViewSpec {
        let margin = SystemMetrics.margin(screenWidth: screenWidth)
        let grouped = spec.style == .insetGrouped
        var sections: [ViewSpec] = []
        for (s, section) in spec.sections.enumerated() {
            var view = listSection(section, style: spec.style, path: "\(path).sections[\(s)]")
            if grouped { view.modifiers.append(Self.padding(leading: margin, trailing: margin)) }
            sections.append(view)
        }
        let stack = make(.stack(.vertical, alignment: 0, spacing: .constant(grouped ? SystemMetrics.sectionSpacing : 0), sections),
                         [Self.padding(top: grouped ? SystemMetrics.sectionSpacing / 2 : 0, bottom: SystemMetrics.sectionSpacing)], path: path)
        var background = make(.shape(.rect, fill: color(grouped ? .systemGroupedBackground : .systemBackground), stroke: nil), path: path)
        background.ignoresSafeArea = true
        return make(.scrollView(stack), [.background(background, .center)], path: path)
    }

    /// One section of a list: its header, its rows (in a card with rounded corners when inset
    /// grouped) and its footer, as wide as it is offered (a list insets grouped sections by the
    /// layout margins).
    public mutating func listSection(_ section: ListSectionSpec, style: ListStyleKind, path sectionPath: String) -> ViewSpec {
        let grouped = style == .insetGrouped
        var rows: [ViewSpec] = []
        for (r, row) in section.rows.enumerated() {
            rows.append(listRow(row, separator: r < section.rows.count - 1, path: "\(sectionPath).rows[\(r)]"))
        }
        var card = make(.stack(.vertical, alignment: 0, spacing: .constant(0), rows), path: sectionPath)
        var parts: [ViewSpec] = []
        if let header = section.header {
            var h = grouped ? text(header.uppercased(), .footnote, fill: color(.secondaryLabel), lineLimit: nil, path: "\(sectionPath).header")
                            : text(header, .subheadline, weight: .semibold, fill: color(.secondaryLabel), lineLimit: nil, path: "\(sectionPath).header")
            h.modifiers = [Self.padding(top: grouped ? 0 : 6, leading: SystemMetrics.rowInset, bottom: grouped ? SystemMetrics.sectionTextGap : 6,
                                        trailing: SystemMetrics.rowInset)]
            parts.append(h)
        }
        if grouped {
            let shape = ViewShape.roundedRect(cornerRadius: .constant(SystemMetrics.sectionCornerRadius), style: .continuous)
            let fill = make(.shape(shape, fill: color(.secondarySystemGroupedBackground), stroke: nil), path: sectionPath)
            card.modifiers = [.background(fill, .center), .clip(shape)]
        }
        parts.append(card)
        if let footer = section.footer {
            var f = text(footer, .footnote, fill: color(.secondaryLabel), lineLimit: nil, path: "\(sectionPath).footer")
            f.modifiers = [Self.padding(top: SystemMetrics.sectionTextGap, leading: SystemMetrics.rowInset, trailing: SystemMetrics.rowInset)]
            parts.append(f)
        }
        return make(.stack(.vertical, alignment: 0, spacing: .constant(0), parts), path: sectionPath)
    }

    mutating func listRow(_ row: ListRowSpec, separator: Bool, path: String) -> ViewSpec {
        var content = row.content
        content.modifiers += [
            Self.padding(top: SystemMetrics.rowVerticalInset, leading: SystemMetrics.rowInset, bottom: SystemMetrics.rowVerticalInset,
                         trailing: SystemMetrics.rowInset),
            Self.frame(minHeight: SystemMetrics.rowHeight, maxWidth: .infinity, alignment: .leading),
        ]
        if separator {
            let line = make(.divider, [Self.padding(leading: SystemMetrics.rowInset + row.textLeading)], path: "\(path).separator")
            content.modifiers.append(.overlay(line, .bottom))
        }
        return content
    }
}

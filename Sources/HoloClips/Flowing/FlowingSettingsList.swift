// The scroll content under the header: Settings' inset-grouped sections (an icon square, the
// label, a disclosure chevron per row), so that scrolling has something to move. Each section is
// the kit's inset-grouped list section (List.swift: 44 pt rows, 10 pt corners, 35 pt between
// sections, separators from the row's text) of kit labels, laid out once per width, text size and
// colour scheme; the scene only moves the laid-out sections.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

enum FlowingSettingsList {
    struct Row: Sendable {
        var title: String
        var color: UInt32
    }

    /// The symbol in each row's icon square, white on the row's colour, as Settings shows them
    /// (nil: Emergency SOS, whose icon is the word "SOS"; Bluetooth's rune is drawn as a path).
    static let symbols: [String: String] = [
        "Airplane Mode": "airplane", "Wi-Fi": "wifi", "Cellular": "antenna.radiowaves.left.and.right",
        "Personal Hotspot": "link", "Notifications": "bell.fill", "Sounds & Haptics": "speaker.wave.2.fill",
        "Focus": "moon.fill", "Screen Time": "hourglass", "General": "gear", "Control Center": "slider.horizontal.3",
        "Display & Brightness": "sun.max.fill", "Home Screen": "square.grid.2x2.fill", "Accessibility": "person.circle",
        "Wallpaper": "photo.on.rectangle.angled", "Siri & Search": "magnifyingglass", "Face ID & Passcode": "faceid",
        "Battery": "battery.100", "Privacy & Security": "lock.fill", "App Store": "bag.fill",
        "Wallet & Apple Pay": "creditcard", "Passwords": "key", "Mail": "envelope", "Contacts": "person.circle",
        "Calendar": "calendar",
    ]

    static let sections: [[Row]] = [
        [Row(title: "Airplane Mode", color: 0xFF9500), Row(title: "Wi-Fi", color: 0x007AFF),
         Row(title: "Bluetooth", color: 0x007AFF), Row(title: "Cellular", color: 0x34C759),
         Row(title: "Personal Hotspot", color: 0x34C759)],
        [Row(title: "Notifications", color: 0xFF3B30), Row(title: "Sounds & Haptics", color: 0xFF2D55),
         Row(title: "Focus", color: 0x5856D6), Row(title: "Screen Time", color: 0x5856D6)],
        [Row(title: "General", color: 0x8E8E93), Row(title: "Control Center", color: 0x8E8E93),
         Row(title: "Display & Brightness", color: 0x007AFF), Row(title: "Home Screen", color: 0x5856D6),
         Row(title: "Accessibility", color: 0x007AFF), Row(title: "Wallpaper", color: 0x32ADE6),
         Row(title: "Siri & Search", color: 0x3A3A3C)],
        [Row(title: "Face ID & Passcode", color: 0x34C759), Row(title: "Emergency SOS", color: 0xFF3B30),
         Row(title: "Battery", color: 0x34C759), Row(title: "Privacy & Security", color: 0x007AFF)],
        [Row(title: "App Store", color: 0x007AFF), Row(title: "Wallet & Apple Pay", color: 0x1C1C1E),
         Row(title: "Passwords", color: 0x8E8E93), Row(title: "Mail", color: 0x007AFF),
         Row(title: "Contacts", color: 0x8E8E93), Row(title: "Calendar", color: 0xFF3B30)],
    ]

    /// Settings' icon square at the default text size (the label's 29 pt icon column), its corner,
    /// and its glyph (about 0.7 of the square, approx.); all three scale with the column.
    static let iconSize = SystemMetrics.labelIconWidth
    static let iconCorner = 7.0
    static let symbolSize = 21.0
    /// UITableViewCell centres its image view in the row: a 29 pt square in a 44 pt row keeps
    /// (44 − 29) / 2 = 7.5 pt above and below, inside the content's 11 pt insets (so the square
    /// reaches 3.5 pt into each, and takes 29 − 7 = 22 pt of the row's content, a body line).
    static let iconOverhang = SystemMetrics.rowVerticalInset - (SystemMetrics.rowHeight - iconSize) / 2
    /// Space between the header's subtitle and the first card.
    static let topGap = 28.0
    /// Home-indicator inset plus a margin below the last card.
    static let bottomPadding = 54.0

    /// Baseline below a line's centre, in points: (ascent − descent)/2 of the font, measured through
    /// HoloText (it was 0.346 em, DejaVu Sans's).
    static func baselineBelowCenter(_ font: Font) -> Double {
        let v = TextMeasure.vertical(font)
        return (v.ascent - v.descent) / 2
    }

    /// The list drawn from its pieces (`pieces`).
    struct LaidOut: Sendable {
        /// Each section's top-leading corner: x the layout margin, y below the list's top.
        var origins: [Point]
        /// Each section's height, and its nodes with its top-leading corner at (0, 0).
        var heights: [Double], nodes: [[Node]]
        var height: Double
    }

    /// Lists laid out so far, by screen width, text size and colour scheme.
    private static let cache = Locked<[Key: LaidOut]>([:])
    private struct Key: Hashable { var width: Double, type: DynamicTypeSize, scheme: ColorScheme }

    /// The list on a screen `width` wide, laid out once.
    static func laidOut(width: Double, type: DynamicTypeSize, scheme: ColorScheme) -> LaidOut {
        let key = Key(width: width, type: type, scheme: scheme)
        if let done = cache.withLock({ $0[key] }) { return done }
        let pieces = self.pieces(width: width, type: type, scheme: scheme)
        let list = LaidOut(origins: pieces.map(\.origin), heights: pieces.map(\.size.height), nodes: pieces.map { $0.nodes() },
                           height: pieces.last.map { $0.origin.y + $0.size.height } ?? 0)
        cache.withLock { $0[key] = list }
        return list
    }

    /// The sections one under the other, 35 pt apart, inset by the layout margins (as a list insets
    /// them) on a screen `width` wide: each section's piece, its origin from the list's top-leading
    /// corner.
    static func pieces(width: Double, type: DynamicTypeSize, scheme: ColorScheme) -> [ScreenPiece] {
        let margin = SystemMetrics.margin(screenWidth: width), column = width - 2 * margin
        let environment = ViewEnvironment(layout: LayoutEnvironment(screen: Size(column, 100_000), safeArea: Insets(), displayScale: 3),
                                          dynamicTypeSize: type, colorScheme: scheme)
        var y = 0.0
        return sections.indices.map { s in
            let piece = ScreenPiece(name: "settings section \(s)", view: section(s, environment: environment), environment: environment,
                                    origin: Point(margin, y), width: column, scrolls: true)
            y += piece.size.height + SystemMetrics.sectionSpacing
            return piece
        }
    }

    /// Section `s`: `Section { NavigationLink { … } label: { Label { Text(title) } icon: { square } } }`.
    /// At accessibility sizes the square goes above the title (an app's `AnyLayout` switch on
    /// `dynamicTypeSize.isAccessibilitySize`): beside a 90 pt square, "Bluetooth" at 53 pt broke
    /// mid-word.
    static func section(_ s: Int, environment: ViewEnvironment) -> ViewSpec {
        var c = ScreenComposer(environment)
        let chevron = FlowingPalette.for(environment.colorScheme).chevron
        let stacked = environment.dynamicTypeSize.isAccessibilitySize
        let rows = sections[s].map { row in
            let square = icon(row, &c)
            let label = stacked
                ? c.vstack(alignment: 0, spacing: 8, [square, c.text(row.title, .body, fill: c.color(.label), lineLimit: nil, path: "")])
                : c.label(row.title, icon: overhanging(square, &c), path: "")
            return ListRowSpec(content: c.hstack(spacing: 8, [
                label,
                c.spacer(),
                c.symbol("chevron.right", size: 17, weight: .semibold, color: chevron),
            ]), textLeading: stacked ? 0 : c.labelTitleLeading)
        }
        return c.listSection(ListSectionSpec(rows: rows), style: .insetGrouped, path: "")
    }

    /// The square over a box shorter by its overhang, so it reaches into the row's insets.
    static func overhanging(_ square: ViewSpec, _ c: inout ScreenComposer) -> ViewSpec {
        let side = c.labelIconWidth, scale = side / iconSize
        return c.spacer().frame(width: side, height: side - 2 * iconOverhang * scale).overlay(square)
    }

    /// The row's icon: its glyph, white, centred on a square of its colour as wide as the label's
    /// icon column.
    static func icon(_ row: Row, _ c: inout ScreenComposer) -> ViewSpec {
        let side = c.labelIconWidth, scale = side / iconSize
        let glyph: ViewSpec
        if let name = symbols[row.title] {
            glyph = c.symbol(name, size: symbolSize * scale, weight: .semibold, color: .white)
        } else if row.title == "Bluetooth" {
            // The Bluetooth rune (not an SF Symbol): a stem with two arrowheads, 0.55 of the square tall.
            let (w, h) = (5 * scale, 8 * scale)
            let rune = try! Path(svg: "M 0 \(h / 2) L \(2 * w) \(1.5 * h) L \(w) \(2 * h) V 0 L \(2 * w) \(h / 2) L 0 \(1.5 * h)")
            var stroke = StrokeSpec(paint: c.solid(.white), width: .constant(2 * scale))
            (stroke.lineCap, stroke.lineJoin, stroke.isStyled) = (.round, .round, true)
            glyph = c.make(.shape(.path(rune), fill: nil, stroke: stroke), path: "")
        } else {
            glyph = c.text("SOS", size: 10, relativeTo: .body, weight: .bold, color: .white)
        }
        return c.zstack([c.shape(.roundedRect(iconCorner * scale), fill: c.solid(Color(hex: row.color))), glyph])
            .frame(width: side, height: side)
    }
}

extension ViewComposer {
    /// SwiftUI's `Label { Text(title) } icon: { icon }`: the kit's label (List.swift) with a view
    /// of its own for the icon, centred in the icon column.
    mutating func label(_ title: String, style: TextStyle = .body, icon: ViewSpec, path: String) -> ViewSpec {
        var slot = icon
        slot.modifiers.append(Self.frame(width: labelIconWidth))
        let name = text(title, style, fill: color(.label), lineLimit: nil, path: "\(path).title")
        return make(.stack(.horizontal, alignment: 0.5, spacing: .constant(SystemMetrics.labelSpacing), [slot, name]), path: path)
    }
}

/// Light and dark system colours of the page (iOS's grouped background, labels, chevron, tint).
struct FlowingPalette: Sendable {
    var background, label, secondaryLabel, chevron, tint, hairline: Color

    static let light = FlowingPalette(
        background: Color(hex: 0xF2F2F7), label: .black, secondaryLabel: Color(hex: 0x8A8A8E),
        chevron: Color(hex: 0xC4C4C7), tint: Color(hex: 0x007AFF), hairline: Color(white: 0, alpha: 0.3))
    static let dark = FlowingPalette(
        background: .black, label: .white, secondaryLabel: Color(hex: 0x98989F),
        chevron: Color(hex: 0x5A5A5E), tint: Color(hex: 0x0A84FF), hairline: Color(white: 1, alpha: 0.15))

    static func `for`(_ scheme: ColorScheme) -> FlowingPalette { scheme == .dark ? .dark : .light }
}

// The scroll content under the header: an inset-grouped list of settings-like rows (icon square,
// label, chevron), so that scrolling has something to move. Sizes are iOS's inset grouped list
// (44 pt rows, 29 pt icons, 10 pt card corners, 35 pt between sections).

import HoloGeometry
import HoloMotion
import HoloScene

struct FlowingSettingsList: Sendable {
    struct Row: Sendable {
        var title: String
        var color: UInt32
    }

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

    static let rowHeight = 44.0
    static let cardInset = 16.0
    static let cornerRadius = 10.0
    static let sectionGap = 35.0
    static let iconSize = 29.0
    static let iconCorner = 7.0
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

    /// Height of the list from its top.
    var height: Double {
        Self.sections.reduce(0) { $0 + Double($1.count) * rowHeight } + Double(Self.sections.count - 1) * Self.sectionGap
    }

    var width: Double
    var palette: FlowingPalette
    /// Dynamic Type: the label follows the body table; a row is 44 pt (UIKit's minimum) up to the
    /// default size and grows with the body's ratio above it.
    var type: DynamicTypeSize = .large
    var rowHeight: Double { Self.rowHeight * max(1, type.scale(of: .body)) }
    var labelFont: Font { Font(size: type.pointSize(.body)) }

    /// The cards whose rows are on screen, with the list's top at screen y `top`.
    func nodes(top: Double, visible: ClosedRange<Double>) -> [Node] {
        var out: [Node] = []
        var y = top
        let cardWidth = width - 2 * Self.cardInset
        for (s, rows) in Self.sections.enumerated() {
            let h = Double(rows.count) * rowHeight
            defer { y += h + Self.sectionGap }
            guard y + h > visible.lowerBound, y < visible.upperBound else { continue }
            var card: [Node] = [.fill(.roundedRect(Rect(x: 0, y: 0, width: cardWidth, height: h),
                                                   cornerRadius: Self.cornerRadius, style: .continuous),
                                      .solid(palette.card))]
            for (i, row) in rows.enumerated() {
                let rowTop = Double(i) * rowHeight
                guard y + rowTop + rowHeight > visible.lowerBound, y + rowTop < visible.upperBound else { continue }
                card += rowNodes(row, top: rowTop, width: cardWidth, index: s * 10 + i, last: i == rows.count - 1)
            }
            out.append(.group(card, transform: .translation(Self.cardInset, y), retention: .scrolled(id: "section-\(s)")))
        }
        return out
    }

    func rowNodes(_ row: Row, top: Double, width: Double, index: Int, last: Bool) -> [Node] {
        let mid = top + rowHeight / 2
        let icon = Rect(x: 16, y: mid - Self.iconSize / 2, width: Self.iconSize, height: Self.iconSize)
        let labelX = icon.maxX + 15
        var nodes: [Node] = [
            .fill(.roundedRect(icon, cornerRadius: Self.iconCorner, style: .continuous), .solid(Color(hex: row.color))),
            glyph(in: icon, kind: index % 3),
            .text(TextRun(row.title, font: labelFont, origin: Point(labelX, mid + Self.baselineBelowCenter(labelFont)),
                          maxWidth: width - labelX - 34), .solid(palette.label)),
            chevron(tip: Point(width - 18, mid)),
        ]
        if !last {
            nodes.append(.fill(.rect(Rect(x: labelX, y: top + rowHeight - 0.5, width: width - labelX, height: 0.5)),
                               .solid(palette.separator)))
        }
        return nodes
    }

    /// A white mark inside the icon square, one of three shapes, so the icons read as different symbols.
    func glyph(in r: Rect, kind: Int) -> Node {
        let c = r.center
        switch kind {
        case 0: return .fill(.circle(center: c, radius: 6.5), .solid(.white))
        case 1: return .fill(.capsule(Rect(x: c.x - 8, y: c.y - 3.5, width: 16, height: 7)), .solid(.white))
        default: return .fill(.roundedRect(Rect(x: c.x - 6.5, y: c.y - 6.5, width: 13, height: 13), cornerRadius: 3,
                                           style: .continuous), .solid(.white))
        }
    }

    /// "›": two 2 pt capsules meeting at `tip`, one turned +45°, one −45°.
    func chevron(tip: Point) -> Node {
        let arm = Node.fill(.capsule(Rect(x: -8.5, y: -1, width: 9.5, height: 2)), .solid(palette.chevron))
        return .group([
            .group([arm], transform: .rotation(.pi / 4)),
            .group([arm], transform: .rotation(-.pi / 4)),
        ], transform: .translation(tip.x, tip.y))
    }
}

/// Light and dark system colours (iOS's grouped background, cards, labels, separators, tint).
struct FlowingPalette: Sendable {
    var background, card, label, secondaryLabel, separator, chevron, tint, hairline: Color

    static let light = FlowingPalette(
        background: Color(hex: 0xF2F2F7), card: .white, label: .black, secondaryLabel: Color(hex: 0x8A8A8E),
        separator: Color(hex: 0xC6C6C8), chevron: Color(hex: 0xC4C4C7), tint: Color(hex: 0x007AFF),
        hairline: Color(white: 0, alpha: 0.3))
    static let dark = FlowingPalette(
        background: .black, card: Color(hex: 0x1C1C1E), label: .white, secondaryLabel: Color(hex: 0x98989F),
        separator: Color(hex: 0x38383A), chevron: Color(hex: 0x5A5A5E), tint: Color(hex: 0x0A84FF),
        hairline: Color(white: 1, alpha: 0.15))
}

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
    /// The icon's symbol size: Settings' glyphs fill about 0.6 of the 29-pt square (approx.).
    static let symbolSize = 21.0

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
            glyph(row.title, in: icon),
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

    /// The row's symbol, white, centred in its icon square.
    func glyph(_ title: String, in r: Rect) -> Node {
        let white = Paint.solid(.white)
        if let name = Self.symbols[title], let node = Symbol.node(name, size: Self.symbolSize, weight: .semibold, center: r.center, paint: white) {
            return node
        }
        if title == "Bluetooth" {
            // The Bluetooth rune (not an SF Symbol): a stem with two arrowheads, 0.55 of the square tall.
            let c = r.center, h = 8.0
            let d = "M \(c.x - 5) \(c.y - h / 2) L \(c.x + 5) \(c.y + h / 2) L \(c.x) \(c.y + h) V \(c.y - h) L \(c.x + 5) \(c.y - h / 2) L \(c.x - 5) \(c.y + h / 2)"
            return .styledStroke(.path(try! Path(svg: d)), white, StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
        }
        return .text(TextRun("SOS", font: Font(size: 10, weight: .bold), origin: Point(r.midX, r.midY + 3.6), alignment: .center), white)
    }

    /// The disclosure chevron: chevron.right at the label's size, semibold, in the tertiary colour,
    /// its tip at `tip` (the symbol's right end is 0.13 em right of its centre plus half a stroke).
    func chevron(tip: Point) -> Node {
        let size = 17.0
        return Symbol.node("chevron.right", size: size, weight: .semibold, center: Point(tip.x - 0.18 * size, tip.y),
                           paint: .solid(palette.chevron))!
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

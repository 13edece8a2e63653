// Colours of the Reps pages in light and dark appearance (iOS system colours; the app's RepsTheme
// is not in its design, docs/designs.md, Titles: these are choices).

import HoloGeometry

public struct TitlesPalette: Hashable, Sendable {
    public var scheme: ColorScheme
    public var background: Color
    public var card: Color
    public var label: Color
    public var secondaryLabel: Color
    public var separator: Color
    public var fill: Color
    public var accent: Color
    public var inactiveTab: Color

    public static func `for`(_ scheme: ColorScheme) -> TitlesPalette {
        switch scheme {
        case .light:
            return TitlesPalette(scheme: scheme, background: Color(hex: 0xF2F2F7), card: .white, label: Color(hex: 0x1C1C1E),
                                 secondaryLabel: Color(hex: 0x8A8A8E), separator: Color(hex: 0xC6C6C8),
                                 fill: Color(hex: 0xE3E3E8), accent: Color(hex: 0x5E5CE6), inactiveTab: Color(hex: 0x999999))
        case .dark:
            return TitlesPalette(scheme: scheme, background: .black, card: Color(hex: 0x1C1C1E), label: .white,
                                 secondaryLabel: Color(hex: 0x8D8D93), separator: Color(hex: 0x38383A),
                                 fill: Color(hex: 0x2C2C2E), accent: Color(hex: 0x7D7AFF), inactiveTab: Color(hex: 0x8D8D93))
        }
    }

    /// Per-row accents (workout kinds, muscle groups).
    static let accents: [Color] = [
        Color(hex: 0xFF375F), Color(hex: 0x5E5CE6), Color(hex: 0x30D158), Color(hex: 0xFF9F0A),
        Color(hex: 0x64D2FF), Color(hex: 0xBF5AF2), Color(hex: 0xFF6482),
    ]
    static func accent(_ i: Int) -> Color { accents[((i % accents.count) + accents.count) % accents.count] }
}

// The "Old Money" palette of the Phase 5C ("Advanced Polish") designs (docs/designs.md, Finance
// app): deep green and navy, cream surfaces, a soft gold accent.
//
// The design names its colours only by role (`Color.oldMoney.accent`, `.surface`) and gives no hex
// values, so the values below are a choice, picked to read as the named roles: a forest green and a
// navy for headers, ivory cards on a cream page, a muted gold for accents and glows, a burgundy for
// spending (income stays green). Dark scheme keeps the hues and swaps page and ink.

import HoloGeometry
import HoloMotion

/// Colours by role, for one colour scheme.
public struct FinancePalette: Sendable, Hashable {
    /// The page behind everything.
    public var page: Color
    /// Cards and rows.
    public var surface: Color
    /// Deep green: headers, income, completed goals.
    public var forest: Color
    /// Navy: the balance card, the detail header.
    public var navy: Color
    /// `Color.oldMoney.accent`: soft gold (glows, progress, hairlines).
    public var gold: Color
    /// Warm cream for text on dark headers and for gradient stops.
    public var cream: Color
    public var ink: Color
    public var secondaryInk: Color
    /// Spending amounts.
    public var burgundy: Color
    /// Progress tracks and separators.
    public var track: Color

    public static let light = FinancePalette(
        page: Color(hex: 0xF4EFE3), surface: Color(hex: 0xFBF8F1), forest: Color(hex: 0x1F3A2E),
        navy: Color(hex: 0x1C2841), gold: Color(hex: 0xC5A35A), cream: Color(hex: 0xF3E9D2),
        ink: Color(hex: 0x24262B), secondaryInk: Color(hex: 0x6F6A5C), burgundy: Color(hex: 0x7A2E34),
        track: Color(hex: 0xE6DECB))

    public static let dark = FinancePalette(
        page: Color(hex: 0x11171F), surface: Color(hex: 0x1B232D), forest: Color(hex: 0x2C5240),
        navy: Color(hex: 0x233352), gold: Color(hex: 0xD4B46E), cream: Color(hex: 0xF3E9D2),
        ink: Color(hex: 0xF1EBDD), secondaryInk: Color(hex: 0xA59F8E), burgundy: Color(hex: 0xC2707A),
        track: Color(hex: 0x2E3844))

    public static func forScheme(_ scheme: ColorScheme) -> FinancePalette { scheme == .dark ? .dark : .light }
}

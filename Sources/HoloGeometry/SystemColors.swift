// iOS's system colours as SwiftUI and UIKit name them, resolved the way the device resolves them:
// by colour scheme (light, dark) and by the Increase Contrast setting.
//
// Values (sRGB, 0–255; alpha where the colour is translucent):
//  - the hue colours and the six grays: Apple's Human Interface Guidelines, Color, "System colors"
//    table for iOS and iPadOS (default and increased-contrast variants, light and dark), as
//    published for iOS 17 and 18 (the June 2025 revision for iOS 26 changed several hues);
//  - labels, fills, separators and backgrounds: what UIKit's dynamic colours resolve to on iOS
//    17/18 (UIColor.label etc., base elevation). Apple publishes no increased-contrast table for
//    these: labels, fills and separators resolve the same with it; a background level that equals
//    a gray (secondary = systemGray6, tertiary dark = systemGray5) takes that gray's published
//    increased-contrast value (an inference, not a measured value).
// Dark backgrounds are the base level; a sheet or popover in dark mode is "elevated" and lighter,
// which a scene file can name with the elevated colour's hex value.

/// A colour by its UIKit name (`systemRed`, `label`, `systemGroupedBackground` …).
public enum SystemColor: String, CaseIterable, Sendable {
    case systemRed, systemOrange, systemYellow, systemGreen, systemMint, systemTeal, systemCyan
    case systemBlue, systemIndigo, systemPurple, systemPink, systemBrown
    case systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, placeholderText, link
    case separator, opaqueSeparator
    case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill
    case systemBackground, secondarySystemBackground, tertiarySystemBackground
    case systemGroupedBackground, secondarySystemGroupedBackground, tertiarySystemGroupedBackground

    /// The colour on a device in `scheme`, with Increase Contrast on or off.
    public func resolved(_ scheme: ColorScheme, increasedContrast: Bool = false) -> Color {
        let v = values
        let chosen: RGBA
        switch (scheme, increasedContrast) {
        case (.light, false): chosen = v.light
        case (.dark, false): chosen = v.dark
        case (.light, true): chosen = v.lightContrast ?? v.light
        case (.dark, true): chosen = v.darkContrast ?? v.dark
        }
        return chosen.color
    }

    /// 0xRRGGBB and alpha.
    struct RGBA {
        var hex: UInt32
        var alpha: Double = 1
        var color: Color { Color(hex: hex, alpha: alpha) }
    }

    var values: (light: RGBA, dark: RGBA, lightContrast: RGBA?, darkContrast: RGBA?) {
        func c(_ hex: UInt32, _ alpha: Double = 1) -> RGBA { RGBA(hex: hex, alpha: alpha) }
        switch self {
        // HIG: default light, default dark, increased contrast light, increased contrast dark.
        case .systemRed: return (c(0xFF3B30), c(0xFF453A), c(0xD70015), c(0xFF6961))
        case .systemOrange: return (c(0xFF9500), c(0xFF9F0A), c(0xC93400), c(0xFFB340))
        case .systemYellow: return (c(0xFFCC00), c(0xFFD60A), c(0xB25000), c(0xFFD426))
        case .systemGreen: return (c(0x34C759), c(0x30D158), c(0x248A3D), c(0x30DB5B))
        case .systemMint: return (c(0x00C7BE), c(0x63E6E2), c(0x0C817B), c(0x66D4CF))
        case .systemTeal: return (c(0x30B0C7), c(0x40C8E0), c(0x008299), c(0x5DE6FF))
        case .systemCyan: return (c(0x32ADE6), c(0x64D2FF), c(0x0071A4), c(0x70D7FF))
        case .systemBlue: return (c(0x007AFF), c(0x0A84FF), c(0x0040DD), c(0x409CFF))
        case .systemIndigo: return (c(0x5856D6), c(0x5E5CE6), c(0x3634A3), c(0x7D7AFF))
        case .systemPurple: return (c(0xAF52DE), c(0xBF5AF2), c(0x8944AB), c(0xDA8FFF))
        case .systemPink: return (c(0xFF2D55), c(0xFF375F), c(0xD30F45), c(0xFF6482))
        case .systemBrown: return (c(0xA2845E), c(0xAC8E68), c(0x7F6545), c(0xB59469))
        case .systemGray: return (c(0x8E8E93), c(0x8E8E93), c(0x6C6C70), c(0xAEAEB2))
        case .systemGray2: return (c(0xAEAEB2), c(0x636366), c(0x8E8E93), c(0x7C7C80))
        case .systemGray3: return (c(0xC7C7CC), c(0x48484A), c(0xAEAEB2), c(0x545456))
        case .systemGray4: return (c(0xD1D1D6), c(0x3A3A3C), c(0xBCBCC0), c(0x444446))
        case .systemGray5: return (c(0xE5E5EA), c(0x2C2C2E), c(0xD8D8DC), c(0x363638))
        case .systemGray6: return (c(0xF2F2F7), c(0x1C1C1E), c(0xEBEBF0), c(0x242426))
        // UIKit's resolved values (light, dark); no published increased-contrast variant.
        case .label: return (c(0x000000), c(0xFFFFFF), nil, nil)
        case .secondaryLabel: return (c(0x3C3C43, 0.6), c(0xEBEBF5, 0.6), nil, nil)
        case .tertiaryLabel: return (c(0x3C3C43, 0.3), c(0xEBEBF5, 0.3), nil, nil)
        case .quaternaryLabel: return (c(0x3C3C43, 0.18), c(0xEBEBF5, 0.16), nil, nil)
        case .placeholderText: return (c(0x3C3C43, 0.3), c(0xEBEBF5, 0.3), nil, nil)
        case .link: return (c(0x007AFF), c(0x0984FF), nil, nil)
        case .separator: return (c(0x3C3C43, 0.29), c(0x545458, 0.6), nil, nil)
        case .opaqueSeparator: return (c(0xC6C6C8), c(0x38383A), nil, nil)
        case .systemFill: return (c(0x787880, 0.2), c(0x787880, 0.36), nil, nil)
        case .secondarySystemFill: return (c(0x787880, 0.16), c(0x787880, 0.32), nil, nil)
        case .tertiarySystemFill: return (c(0x767680, 0.12), c(0x767680, 0.24), nil, nil)
        case .quaternarySystemFill: return (c(0x747480, 0.08), c(0x767680, 0.18), nil, nil)
        // Backgrounds: a level equal to systemGray6/5 takes that gray's increased-contrast value.
        case .systemBackground: return (c(0xFFFFFF), c(0x000000), nil, nil)
        case .secondarySystemBackground: return (c(0xF2F2F7), c(0x1C1C1E), c(0xEBEBF0), c(0x242426))
        case .tertiarySystemBackground: return (c(0xFFFFFF), c(0x2C2C2E), nil, c(0x363638))
        case .systemGroupedBackground: return (c(0xF2F2F7), c(0x000000), c(0xEBEBF0), nil)
        case .secondarySystemGroupedBackground: return (c(0xFFFFFF), c(0x1C1C1E), nil, c(0x242426))
        case .tertiarySystemGroupedBackground: return (c(0xF2F2F7), c(0x2C2C2E), c(0xEBEBF0), c(0x363638))
        }
    }
}

/// SwiftUI's named colours: `Color.red` is systemRed, `Color.primary` is label, and so on.
public enum SwiftUIColorName: String, CaseIterable, Sendable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray
    case primary, secondary, black, white, clear

    /// The system colour it stands for; nil for black, white and clear, which never change.
    public var systemColor: SystemColor? {
        switch self {
        case .red: .systemRed
        case .orange: .systemOrange
        case .yellow: .systemYellow
        case .green: .systemGreen
        case .mint: .systemMint
        case .teal: .systemTeal
        case .cyan: .systemCyan
        case .blue: .systemBlue
        case .indigo: .systemIndigo
        case .purple: .systemPurple
        case .pink: .systemPink
        case .brown: .systemBrown
        case .gray: .systemGray
        case .primary: .label
        case .secondary: .secondaryLabel
        case .black, .white, .clear: nil
        }
    }

    public func resolved(_ scheme: ColorScheme, increasedContrast: Bool = false) -> Color {
        if let system = systemColor { return system.resolved(scheme, increasedContrast: increasedContrast) }
        switch self {
        case .black: return .black
        case .white: return .white
        default: return .clear
        }
    }
}

extension Color {
    /// A colour by SwiftUI name (`"red"`, `"primary"`) or UIKit name (`"systemRed"`, `"label"`,
    /// `"systemGroupedBackground"`), resolved for `scheme` and Increase Contrast; nil for any other name.
    public static func named(_ name: String, scheme: ColorScheme, increasedContrast: Bool = false) -> Color? {
        if let swiftUI = SwiftUIColorName(rawValue: name) { return swiftUI.resolved(scheme, increasedContrast: increasedContrast) }
        return SystemColor(rawValue: name)?.resolved(scheme, increasedContrast: increasedContrast)
    }

    /// The names `named` takes, SwiftUI's first.
    public static var knownNames: [String] { SwiftUIColorName.allCases.map(\.rawValue) + SystemColor.allCases.map(\.rawValue) }
}

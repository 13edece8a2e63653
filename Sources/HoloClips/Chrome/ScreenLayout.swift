// What every built-in screen's layout starts from: the screen's size, the Dynamic Type size and the
// device's safe area. A family's layout (RevealLayout, WaveformLayout) holds one `ScreenMetrics`
// and reads it through `ScreenLayout`, so each family writes only its own metrics.

import HoloGeometry
import HoloMotion

public struct ScreenMetrics: Hashable, Sendable {
    public var size: Size
    /// Dynamic Type: text follows the iOS tables and the family's bars and rows grow with it.
    public var type: DynamicTypeSize
    /// The device's safe area (ScreenInsets.swift).
    public var insets: ScreenInsets

    /// `insets` nil: guessed from the height (`ScreenInsets.guessFromHeight`), as for a custom screen.
    public init(size: Size, type: DynamicTypeSize = .large, insets: ScreenInsets? = nil) {
        self.size = size; self.type = type; self.insets = insets ?? .guessFromHeight(size)
    }
}

/// A built-in family's layout: its metrics computed from one screen.
public protocol ScreenLayout: Hashable, Sendable {
    var screen: ScreenMetrics { get }
    init(screen: ScreenMetrics)
}

extension ScreenLayout {
    public init(size: Size, type: DynamicTypeSize = .large, insets: ScreenInsets? = nil) {
        self.init(screen: ScreenMetrics(size: size, type: type, insets: insets))
    }

    public var size: Size { screen.size }
    public var type: DynamicTypeSize { screen.type }
    public var insets: ScreenInsets { screen.insets }
    /// The device's top safe-area inset (iPhone 12 47, SE 20, 17 Pro Max 62, iPad 24).
    public var safeTop: Double { screen.insets.top }
    /// The home indicator's inset (iPhone 12 34, iPad 20, none with a home button).
    public var safeBottom: Double { screen.insets.bottom }
}

// The conditions a clip is shown under: appearance, accessibility settings, power mode (the screen is
// HoloDevices' `Device`). Plain values with iOS's names; designs read them to choose what to draw.

import HoloGeometry


/// How much motion the design may show: full, reduced (Reduce Motion style: crossfades, no tilt),
/// minimal (static). Independent of `reduceMotion`, which is the system setting a design may map onto it.
public enum AnimationMode: String, Hashable, Sendable, CaseIterable { case full, reduced, minimal }

public enum DynamicTypeSize: String, Hashable, Sendable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public var isAccessibilitySize: Bool { self >= .accessibility1 }
    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

@frozen
public struct ClipEnvironment: Hashable, Sendable {
    public var colorScheme: ColorScheme
    public var reduceMotion: Bool
    public var lowPower: Bool
    public var highContrast: Bool
    public var animationMode: AnimationMode
    public var dynamicTypeSize: DynamicTypeSize

    public init(colorScheme: ColorScheme = .light, reduceMotion: Bool = false, lowPower: Bool = false,
                highContrast: Bool = false, animationMode: AnimationMode = .full, dynamicTypeSize: DynamicTypeSize = .large) {
        self.colorScheme = colorScheme; self.reduceMotion = reduceMotion; self.lowPower = lowPower
        self.highContrast = highContrast; self.animationMode = animationMode; self.dynamicTypeSize = dynamicTypeSize
    }
    public static let standard = ClipEnvironment()
}

/// A tap on a named element of the design at a time.
@frozen
public struct Tap: Hashable, Sendable {
    public var time: Double
    public var target: String
    public init(time: Double, target: String) { self.time = time; self.target = target }
}

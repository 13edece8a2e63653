// SwiftUI's `Animation`, as HoloMotion runs it: springs stepped as SwiftUI steps them, timing
// curves with SwiftUI's default 0.35 s, retargeting with the running velocity (HoloMotion's
// Animation.swift and AnimatedValue).

import HoloMotion

public struct Animation: Hashable, Sendable {
    let motion: HoloMotion.Animation

    /// SwiftUI's `spring(response:dampingFraction:blendDuration:)` (blending is not modelled: a
    /// retarget keeps position and velocity at once).
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(motion: .spring(Spring(response: response, dampingFraction: dampingFraction)))
    }
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(motion: .spring(Spring(duration: duration, bounce: bounce)))
    }
    public static let spring = Animation(motion: .spring(Spring(response: 0.5, dampingFraction: 0.825)))
    public static let smooth = Animation(motion: .smooth)
    public static let snappy = Animation(motion: .snappy)
    public static let bouncy = Animation(motion: .bouncy)
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(motion: .smooth(duration: duration, extraBounce: extraBounce))
    }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(motion: .snappy(duration: duration, extraBounce: extraBounce))
    }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(motion: .bouncy(duration: duration, extraBounce: extraBounce))
    }
    public static let linear = Animation.linear(duration: TimingCurve.defaultDuration)
    public static let easeIn = Animation.easeIn(duration: TimingCurve.defaultDuration)
    public static let easeOut = Animation.easeOut(duration: TimingCurve.defaultDuration)
    public static let easeInOut = Animation.easeInOut(duration: TimingCurve.defaultDuration)
    public static func linear(duration: Double) -> Animation { Animation(motion: .linear(duration: duration)) }
    public static func easeIn(duration: Double) -> Animation { Animation(motion: .easeIn(duration: duration)) }
    public static func easeOut(duration: Double) -> Animation { Animation(motion: .easeOut(duration: duration)) }
    public static func easeInOut(duration: Double) -> Animation { Animation(motion: .easeInOut(duration: duration)) }

    public func delay(_ delay: Double) -> Animation { Animation(motion: motion.delay(delay)) }
}

// How a keyframe is reached from the one before it: HoloMotion's timing curves and springs, the
// same ones the built-in clips use (a spring keyframe moves as SwiftUI steps it, with its finish
// rule, in the property's own units).

import HoloMotion

public enum KeyframeCurve: Hashable, Sendable {
    case timing(TimingCurve)
    /// Starts at the previous keyframe's time and value, at rest; keeps moving past this keyframe's
    /// time until the next keyframe takes over (or until it settles, after the last keyframe).
    case spring(Spring)
}

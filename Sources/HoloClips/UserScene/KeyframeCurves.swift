// How a keyframe is reached from the one before it: HoloMotion's timing curves and springs, the
// same ones the built-in clips use (a spring keyframe moves as SwiftUI steps it, with its finish
// rule, in the property's own units). And how a value follows targets set at times: SwiftUI's
// animations, retargeting as SwiftUI retargets (HoloMotion's `AnimatedValue`).

import HoloMotion

public enum KeyframeCurve: Hashable, Sendable {
    case timing(TimingCurve)
    /// Starts at the previous keyframe's time and value, at rest; keeps moving past this keyframe's
    /// time until the next keyframe takes over (or until it settles, after the last keyframe).
    case spring(Spring)
}

/// A value that follows targets set at times, as a SwiftUI value changed under `withAnimation`:
///
///   {"targets": [{"time": 0, "value": 1}, {"time": 0.1, "value": 0.96}, {"time": 0.6, "value": 1}],
///    "animation": {"spring": {"response": 0.3, "dampingFraction": 0.7}}}
///
/// Before the first target's time the value is the first value. At each later target's time the
/// value starts toward it with the target's animation (or the track's): a spring keeps the running
/// position and velocity (a second target set mid-flight bends the motion, it does not restart from
/// rest as a spring keyframe does); a timing curve starts from the running position. Built once at
/// load: every target is set on one `AnimatedValue`, whose `value(at:)` is a pure function of its
/// segments and the time, so frame k reads only what was set by t = k / fps.
public struct TargetTrack: Hashable, Sendable {
    public struct Target: Hashable, Sendable {
        /// Seconds of clip time.
        public var time: Double
        public var value: Double
        /// How the value moves to this target (ignored on the first target, the starting value).
        public var animation: Animation

        public init(time: Double, value: Double, animation: Animation) {
            self.time = time; self.value = value; self.animation = animation
        }
    }

    public let targets: [Target]
    let animated: AnimatedValue<Double>

    /// Targets in strictly increasing time order, at least one.
    public init(_ targets: [Target]) {
        precondition(!targets.isEmpty && zip(targets, targets.dropFirst()).allSatisfy { $0.time < $1.time })
        self.targets = targets
        var value = AnimatedValue(targets[0].value)
        for t in targets.dropFirst() { value.set(t.value, animation: t.animation, at: t.time) }
        animated = value
    }

    public func value(at time: Double) -> Double { animated.value(at: time) }

    public static func == (a: Self, b: Self) -> Bool { a.targets == b.targets }
    public func hash(into h: inout Hasher) { h.combine(targets) }
}

// Animations and values in flight.
//
// `AnimatedValue` is a value type holding every segment that was started on it (a segment is
// self-contained: its start state was computed when it was set), so `value(at:)` is a pure function
// of the segments and the time: evaluating frame 500 alone gives the bits evaluating 0…500 gives.
//
// Interrupting follows SwiftUI: a spring keeps the running position and velocity and retargets;
// a timing curve starts from the running position (position continuous, velocity not).

@frozen
public enum Animation: Hashable, Sendable {
    case spring(Spring, delay: Double = 0)
    case timingCurve(TimingCurve, duration: Double = TimingCurve.defaultDuration, delay: Double = 0)

    public static func easeIn(duration: Double = TimingCurve.defaultDuration) -> Animation { .timingCurve(.easeIn, duration: duration) }
    public static func easeOut(duration: Double = TimingCurve.defaultDuration) -> Animation { .timingCurve(.easeOut, duration: duration) }
    public static func easeInOut(duration: Double = TimingCurve.defaultDuration) -> Animation { .timingCurve(.easeInOut, duration: duration) }
    public static func linear(duration: Double = TimingCurve.defaultDuration) -> Animation { .timingCurve(.linear, duration: duration) }
    public static let smooth = Animation.spring(.smooth)
    public static let snappy = Animation.spring(.snappy)
    public static let bouncy = Animation.spring(.bouncy)
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(.smooth(duration: duration, extraBounce: extraBounce)) }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(.snappy(duration: duration, extraBounce: extraBounce)) }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(.bouncy(duration: duration, extraBounce: extraBounce)) }

    public var delay: Double {
        switch self {
        case .spring(_, let d), .timingCurve(_, _, let d): return d
        }
    }

    public func delay(_ seconds: Double) -> Animation {
        switch self {
        case .spring(let s, let d): return .spring(s, delay: d + seconds)
        case .timingCurve(let c, let dur, let d): return .timingCurve(c, duration: dur, delay: d + seconds)
        }
    }
}

/// One animation started at `start` from a known position and velocity.
@usableFromInline
struct AnimationSegment: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case jump
        case spring(Spring)
        case curve(TimingCurve, duration: Double)
    }
    var start: Double
    /// When it was set (`start` minus the animation's delay).
    var setTime: Double
    var kind: Kind
    var from: AnimationVector
    var velocity: AnimationVector
    var target: AnimationVector

    /// (position, velocity, still moving) `time` seconds after the epoch.
    func sample(at time: Double) -> (AnimationVector, AnimationVector, Bool) {
        let elapsed = time - start
        switch kind {
        case .jump:
            return (target, .zero, false)
        case .spring(let spring):
            let s = SpringState(position: from, velocity: velocity, target: target).state(after: elapsed, spring: spring)
            return (s.position, s.velocity, !s.isFinished)
        case .curve(let curve, let duration):
            // Finished at the end instant even when `time − start` rounds just below the duration
            // (0.6 − 0.5 = 0.09999999999999998): same tolerance as FixedStep's step instants.
            guard duration > 0, elapsed < duration * (1 - FixedStep.snapTolerance) else { return (target, .zero, false) }
            // x(t) = from + (target − from)·y(p), p = t / duration;  v = (target − from)·y'(p) / duration
            let p = max(elapsed, 0) / duration
            let delta = target - from
            return (from + delta * curve.value(at: p), delta * (curve.slope(at: p) / duration), true)
        }
    }
}

@frozen
public struct AnimatedValue<Value: Animatable>: Sendable, Equatable {
    @usableFromInline var initial: AnimationVector
    @usableFromInline var segments: [AnimationSegment] = []

    public init(_ value: Value) { initial = value.animationVector }

    /// The value the latest `set` is heading for.
    public var target: Value { Value(animationVector: segments.last?.target ?? initial) }

    /// Start animating toward `newTarget` at `time` (plus the animation's delay); `nil` jumps.
    /// Segments that would start at or after the new one are replaced by it.
    public mutating func set(_ newTarget: Value, animation: Animation?, at time: Double) {
        let start = time + (animation?.delay ?? 0)
        segments.removeAll { $0.start >= start }
        let (x, v, _) = sampleVector(at: start)
        let kind: AnimationSegment.Kind
        switch animation {
        case nil: kind = .jump
        case .spring(let s, _)?: kind = .spring(s)
        case .timingCurve(let c, let d, _)?: kind = .curve(c, duration: d)
        }
        segments.append(AnimationSegment(start: start, setTime: time, kind: kind, from: x, velocity: v, target: newTarget.animationVector))
    }

    @usableFromInline func sampleVector(at time: Double) -> (AnimationVector, AnimationVector, Bool) {
        guard let seg = segments.last(where: { $0.start <= time }) else { return (initial, .zero, false) }
        return seg.sample(at: time)
    }

    public func value(at time: Double) -> Value { Value(animationVector: sampleVector(at: time).0) }
    /// Rate of change per second (component-wise, in the value's animation vector).
    public func velocity(at time: Double) -> Value { Value(animationVector: sampleVector(at: time).1) }
    /// Whether the segment in effect at `time` is still moving, or one set by `time` waits out its
    /// delay. Segments set after `time` do not count: a value at t knows only what was set up to t
    /// (a later tap must not change how an earlier frame reads, docs/designs.md, Frame timing).
    public func isAnimating(at time: Double) -> Bool {
        sampleVector(at: time).2 || segments.contains { $0.setTime <= time && $0.start > time }
    }
}

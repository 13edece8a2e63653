// What a finger (or the app) does to a scroll view, as a list of timed events.
//
// A drag is written the way one would describe it: the finger goes down at a point, moves through
// keyframed positions (each reached at its time, along a linear or eased curve from the previous
// one), and lifts. The lift carries the velocity the finger had at that instant — the slope of the
// last move if the finger lifts as that move ends, 0 if it had stopped — unless a velocity is given.
// Finger y is in viewport points, y down: moving the finger up scrolls the content down.

@frozen
public enum ScrollEvent: Hashable, Sendable {
    case fingerDown(time: Double, y: Double)
    /// The finger reaches `y` at `time`, coming from its previous position along `curve`.
    case fingerMove(time: Double, y: Double, curve: TimingCurve = .linear)
    /// `velocity`: finger speed in pt/s (y down) at the lift; nil = what the path had.
    case fingerUp(time: Double, velocity: Double? = nil)
    /// A touch down and up at one instant: stops momentum and programmatic scrolls.
    case tap(time: Double)
    /// `setContentOffset(_:animated:)`; the offset is clamped to the scrollable range.
    case scrollTo(time: Double, offset: Double, animated: Bool = true)

    public static func scrollToTop(time: Double) -> ScrollEvent { .scrollTo(time: time, offset: 0, animated: true) }

    public var time: Double {
        switch self {
        case .fingerDown(let t, _), .fingerMove(let t, _, _), .fingerUp(let t, _), .tap(let t), .scrollTo(let t, _, _): return t
        }
    }
}

public struct ScrollScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Index of the offending event and the field that is wrong in it.
    public var index: Int
    public var field: String
    public var reason: String
    public var description: String { "events[\(index)].\(field): \(reason)" }
}

/// One finger from down to up.
public struct FingerTouch: Hashable, Sendable {
    public struct Keyframe: Hashable, Sendable { public var time, y: Double; public var curve: TimingCurve }
    public var downTime: Double
    /// The first keyframe is the touch down (its curve unused).
    public var keyframes: [Keyframe]
    public var upTime: Double?
    public var upVelocityOverride: Double?

    /// Finger y at time t (held before the first and after the last keyframe).
    public func y(at t: Double) -> Double {
        interpolateKeyframes(keyframes, at: t, time: \.time, value: \.y, curve: \.curve)
    }

    /// The finger's velocity (pt/s, y down) as it lifts, within ±ClipSpec.maxVelocity (a move of
    /// a long way in a microsecond is a flick at the largest speed, not an overflow).
    public var liftVelocity: Double {
        if let v = upVelocityOverride { return min(max(v, -ClipSpec.maxVelocity), ClipSpec.maxVelocity) }
        guard let up = upTime, keyframes.count >= 2 else { return 0 }
        let last = keyframes[keyframes.count - 1], prev = keyframes[keyframes.count - 2]
        let span = last.time - prev.time
        guard up == last.time, span > 0 else { return 0 }
        // dy/dt at the end of the last move: (Δy/Δt)·curve'(1)
        let v = (last.y - prev.y) / span * last.curve.slope(at: 1)
        return v.isFinite ? min(max(v, -ClipSpec.maxVelocity), ClipSpec.maxVelocity) : 0
    }
}

public struct ScrollScript: Hashable, Sendable {
    public let events: [ScrollEvent]
    public let touches: [FingerTouch]

    public static let empty = ScrollScript(validated: [], touches: [])

    private init(validated events: [ScrollEvent], touches: [FingerTouch]) { self.events = events; self.touches = touches }

    /// Checks that times are finite, non-negative and in order, and that finger events pair up
    /// (down, moves, up; taps and programmatic scrolls only while no finger is down).
    public init(_ events: [ScrollEvent]) throws(ScrollScriptError) {
        var touches: [FingerTouch] = []
        var open: FingerTouch? = nil
        var last = 0.0
        for (i, e) in events.enumerated() {
            let t = e.time
            guard t.isFinite, t >= 0 else { throw ScrollScriptError(index: i, field: "time", reason: "must be a finite number ≥ 0, got \(t)") }
            guard t >= last else { throw ScrollScriptError(index: i, field: "time", reason: "\(t) is earlier than the previous event (\(last)); events must be in time order") }
            last = t
            switch e {
            case .fingerDown(_, let y):
                guard y.isFinite else { throw ScrollScriptError(index: i, field: "y", reason: "must be finite") }
                guard open == nil else { throw ScrollScriptError(index: i, field: "type", reason: "finger down while a finger is already down") }
                open = FingerTouch(downTime: t, keyframes: [.init(time: t, y: y, curve: .linear)], upTime: nil, upVelocityOverride: nil)
            case .fingerMove(_, let y, let curve):
                guard y.isFinite else { throw ScrollScriptError(index: i, field: "y", reason: "must be finite") }
                guard open != nil else { throw ScrollScriptError(index: i, field: "type", reason: "move without a finger down") }
                open!.keyframes.append(.init(time: t, y: y, curve: curve))
            case .fingerUp(_, let v):
                if let v, !v.isFinite { throw ScrollScriptError(index: i, field: "velocity", reason: "must be finite") }
                guard var touch = open else { throw ScrollScriptError(index: i, field: "type", reason: "finger up without a finger down") }
                touch.upTime = t; touch.upVelocityOverride = v
                touches.append(touch); open = nil
            case .tap:
                guard open == nil else { throw ScrollScriptError(index: i, field: "type", reason: "tap while a finger is down") }
            case .scrollTo(_, let offset, _):
                guard offset.isFinite else { throw ScrollScriptError(index: i, field: "offset", reason: "must be finite") }
                guard open == nil else { throw ScrollScriptError(index: i, field: "type", reason: "programmatic scroll while a finger is down") }
            }
        }
        if let open { touches.append(open) }
        self.init(validated: events, touches: touches)
    }

    /// A drag from `fromY` to `toY` starting at `start` over `duration`, lifting as it ends (so a linear
    /// drag flings with (toY − fromY)/duration).
    public static func drag(start: Double, fromY: Double, toY: Double, duration: Double,
                            curve: TimingCurve = .linear, liftVelocity: Double? = nil) throws(ScrollScriptError) -> ScrollScript {
        try ScrollScript([.fingerDown(time: start, y: fromY),
                          .fingerMove(time: start + duration, y: toY, curve: curve),
                          .fingerUp(time: start + duration, velocity: liftVelocity)])
    }
}

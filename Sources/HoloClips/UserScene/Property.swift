// Animatable properties: every number in a user scene may be a constant, an expression or keyframes.
//
//   12                                           a constant
//   "clamp(scroll / 80, 0, 1) * 40"              an expression over the drivers
//   {"keyframes": [{"time": 0, "value": 0},
//                  {"time": 1.2, "value": 40, "curve": "easeInOut"}],   ("t" still read, deprecated)
//    "driver": "time"}                           keyframes along a driver (default time)
//   {"targets": [{"time": 0, "value": 1},
//                {"time": 0.1, "value": 0.96}],
//    "animation": "snappy"}                      a value following targets through an animation
//                                                (KeyframeCurves.swift's TargetTrack; time only)
//
// Values are resolved per frame from `DriverSlots`; none of it allocates. A value that comes out
// NaN or infinite (an expression dividing by zero) is drawn as 0 rather than poisoning the raster.

import HoloGeometry
import HoloScene
import HoloMotion

public struct Keyframe: Hashable, Sendable {
    /// Position along the driver (seconds for `time`, points for `scroll`, …).
    public var t: Double
    public var value: Double
    /// How this keyframe is reached from the previous one (ignored on the first).
    public var curve: KeyframeCurve
}

/// Keyframes along one driver. Before the first keyframe the value is the first value; after the
/// last it is the last value (or, when the last curve is a spring, the spring still settling).
/// Or, when `following` is set, targets the value follows along `time` (`keyframes` is then empty).
public struct KeyframeTrack: Hashable, Sendable {
    public let driverSlot: Int
    public let keyframes: [Keyframe]
    /// The targets a `{"targets": …}` value follows (its driver is `time`); nil for keyframes.
    public let following: TargetTrack?
    /// Where each segment starts: segment i (keyframe i−1 → i) starts at the value the track
    /// has at keyframe i−1's time, which differs from keyframe i−1's value when a spring was still
    /// moving there. Precomputed so a frame does not walk the chain. `starts[0]` is unused.
    let starts: [Double]

    init(driverSlot: Int, keyframes: [Keyframe]) {
        precondition(!keyframes.isEmpty)
        self.driverSlot = driverSlot; self.keyframes = keyframes; following = nil
        var starts = [keyframes[0].value]
        for i in 1..<keyframes.count {
            if i == 1 { starts.append(keyframes[0].value); continue }
            starts.append(Self.segment(i - 1, at: keyframes[i - 1].t, keyframes, starts[i - 1]))
        }
        self.starts = starts
    }

    /// A track following `targets` along the driver in `timeSlot`.
    init(timeSlot: Int, following targets: TargetTrack) {
        driverSlot = timeSlot; keyframes = []; starts = []; following = targets
    }

    /// Segment i (from keyframe i−1 at t₀ to keyframe i at t₁, starting at value s):
    ///   timing curve c:  s + (vᵢ − s)·c((x − t₀)/(t₁ − t₀))
    ///   spring:          from s toward vᵢ at rest, stepped as SwiftUI steps it for x − t₀
    @inlinable static func segment(_ i: Int, at x: Double, _ keyframes: [Keyframe], _ start: Double) -> Double {
        let from = keyframes[i - 1], to = keyframes[i]
        switch to.curve {
        case .timing(let curve):
            return start + (to.value - start) * curve.value(at: (x - from.t) / (to.t - from.t))
        case .spring(let spring):
            return SpringState(from: start, to: to.value).state(after: x - from.t, spring: spring).scalarPosition
        }
    }

    public func value(at x: Double) -> Double {
        if let following { return following.value(at: x) }
        let n = keyframes.count
        if x <= keyframes[0].t || n == 1 { return keyframes[0].value }
        if x >= keyframes[n - 1].t {
            if case .spring = keyframes[n - 1].curve { return Self.segment(n - 1, at: x, keyframes, starts[n - 1]) }
            return keyframes[n - 1].value
        }
        var i = 1
        while keyframes[i].t < x { i += 1 }
        return Self.segment(i, at: x, keyframes, starts[i])
    }
}

/// A number in a user scene.
public enum AnimatableValue: Hashable, Sendable {
    case constant(Double)
    case expression(SceneExpression)
    case keyframes(KeyframeTrack)

    @inlinable public func value(_ drivers: DriverSlots) -> Double {
        let v: Double
        switch self {
        case .constant(let c): return c
        case .expression(let e): v = e.evaluate(drivers)
        case .keyframes(let track): v = track.value(at: drivers[track.driverSlot])
        }
        // Computed values are held within SceneLimits.coordinate: no 1e300 reaches the raster.
        return v.isFinite ? SceneLimits.clamp(v, SceneLimits.coordinate) : 0
    }

    public var isConstant: Bool { if case .constant = self { true } else { false } }

    /// True when an expression names the driver `name` (keyframe tracks are not looked into).
    public func reads(_ name: String) -> Bool {
        if case .expression(let e) = self { return e.driverSlots[name] != nil }
        return false
    }
}

/// A colour whose components may each be animated (straight alpha, 0…1, clamped per frame).
public enum AnimatableColor: Hashable, Sendable {
    case constant(Color)
    case components(red: AnimatableValue, green: AnimatableValue, blue: AnimatableValue, alpha: AnimatableValue)

    public func value(_ d: DriverSlots) -> Color {
        switch self {
        case .constant(let c): return c
        case .components(let r, let g, let b, let a):
            return Color(red: clamp(r.value(d), 0, 1), green: clamp(g.value(d), 0, 1),
                         blue: clamp(b.value(d), 0, 1), alpha: clamp(a.value(d), 0, 1))
        }
    }
}

public struct AnimatablePoint: Hashable, Sendable {
    public var x, y: AnimatableValue
    public init(x: AnimatableValue, y: AnimatableValue) { self.x = x; self.y = y }
    public func value(_ d: DriverSlots) -> Point { Point(x.value(d), y.value(d)) }
}

public struct AnimatableRect: Hashable, Sendable {
    public var x, y, width, height: AnimatableValue
    public func value(_ d: DriverSlots) -> Rect {
        Rect(x: x.value(d), y: y.value(d), width: width.value(d), height: height.value(d))
    }
}

// Cubic Bézier timing curves as Core Animation defines them: the curve runs from (0,0) to (1,1)
// through control points (x1, y1), (x2, y2); for a progress x we solve x(s) = x for the curve
// parameter s and return y(s).
//
// Solving follows WebKit's UnitBezier: a few Newton steps from s = x (fast, exact to ~1e-12 on the
// standard curves), with bisection as the fallback where the slope is too flat for Newton.

@frozen
public struct TimingCurve: Hashable, Sendable {
    public var x1, y1, x2, y2: Double

    @inlinable public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// SwiftUI's default duration for timing-curve animations.
    public static let defaultDuration = 0.35

    /// Bernstein form as a polynomial: b(s) = ((a·s + b)·s + c)·s with c = 3p₁, b = 3(p₂ − p₁) − c, a = 1 − c − b.
    @inlinable static func poly(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
        let c = 3 * p1, b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }
    @inlinable static func eval(_ k: (a: Double, b: Double, c: Double), _ s: Double) -> Double { ((k.a * s + k.b) * s + k.c) * s }
    @inlinable static func derivative(_ k: (a: Double, b: Double, c: Double), _ s: Double) -> Double { (3 * k.a * s + 2 * k.b) * s + k.c }

    @inlinable var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The curve parameter s with x(s) = x, for x in 0…1.
    public func parameter(forProgress x: Double) -> Double {
        let kx = TimingCurve.poly(x1, x2)
        let epsilon = 1e-12
        // Newton: s ← s − (x(s) − x) / x'(s)
        var s = x
        for _ in 0..<8 {
            let err = TimingCurve.eval(kx, s) - x
            if abs(err) < epsilon { return s }
            let d = TimingCurve.derivative(kx, s)
            if abs(d) < 1e-6 { break }
            s -= err / d
        }
        // Bisection on [0, 1]; x(s) is monotonic for control x in 0…1.
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let xs = TimingCurve.eval(kx, s)
            if abs(xs - x) < epsilon { break }
            if xs < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// y for progress x (clamped to 0…1); the ends are exact.
    public func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        if isLinear { return progress }
        return TimingCurve.eval(TimingCurve.poly(y1, y2), parameter(forProgress: progress))
    }

    /// dy/dx at progress x: y'(s) / x'(s).
    public func slope(at progress: Double) -> Double {
        if isLinear { return 1 }
        let p = min(max(progress, 0), 1)
        let s = parameter(forProgress: p)
        let dx = TimingCurve.derivative(TimingCurve.poly(x1, x2), s)
        let dy = TimingCurve.derivative(TimingCurve.poly(y1, y2), s)
        if abs(dx) < 1e-12 && abs(dy) < 1e-12 {
            // A control point sits on the end point (easeIn at 1, easeOut at 0): both first
            // derivatives vanish, and the tangent's limit is the ratio of the second derivatives.
            let ddx = 6 * TimingCurve.poly(x1, x2).a * s + 2 * TimingCurve.poly(x1, x2).b
            let ddy = 6 * TimingCurve.poly(y1, y2).a * s + 2 * TimingCurve.poly(y1, y2).b
            if abs(ddx) > 1e-12 { return ddy / ddx }
            return 0
        }
        if abs(dx) < 1e-12 { return dy > 0 ? .infinity : -.infinity }
        return dy / dx
    }
}

/// Piecewise interpolation through keyframes sorted by time: segment i runs from keyframe i−1
/// to keyframe i, eased by keyframe i's curve; the value holds before the first keyframe and
/// after the last. Device-motion tracks and scripted finger paths both use it.
@inlinable
func interpolateKeyframes<K>(_ keyframes: [K], at t: Double, time: (K) -> Double, value: (K) -> Double,
                             curve: (K) -> TimingCurve) -> Double {
    guard var prev = keyframes.first else { return 0 }
    if t <= time(prev) { return value(prev) }
    for k in keyframes.dropFirst() {
        if t <= time(k) {
            let span = time(k) - time(prev)
            guard span > 0 else { return value(k) }
            return value(prev) + (value(k) - value(prev)) * curve(k).value(at: (t - time(prev)) / span)
        }
        prev = k
    }
    return value(prev)
}

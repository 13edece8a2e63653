// Timing curves for keyframes: cubic Béziers and a closed-form spring.
//
// These are local stand-ins, named `UserScene…` so they are easy to find and replace with
// HoloMotion's timing curve and spring once that target settles; user scenes only need their
// values at a given elapsed time, with no state carried between frames.

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// A CSS / SwiftUI timing curve: the cubic Bézier from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2).
@frozen
public struct UserSceneTimingCurve: Hashable, Sendable {
    public var x1, y1, x2, y2: Double
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }
    public static let linear = UserSceneTimingCurve(0, 0, 1, 1)
    public static let easeIn = UserSceneTimingCurve(0.42, 0, 1, 1)
    public static let easeOut = UserSceneTimingCurve(0, 0, 0.58, 1)
    public static let easeInOut = UserSceneTimingCurve(0.42, 0, 0.58, 1)

    // One coordinate of the Bézier with end points 0 and 1:
    //   B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³ = ((a·s + b)·s + c)·s
    //   with c = 3p1, b = 3(p2 − p1) − c, a = 1 − c − b.
    @inlinable static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }
    @inlinable static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// The eased progress at linear progress `x` in 0…1: solve Bx(s) = x for s, return By(s).
    /// Newton's method from s = x, falling back to bisection where the slope is flat; x is
    /// monotone in s because x1, x2 are in 0…1.
    @inlinable public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return x }
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if Swift.abs(error) < 1e-9 { return Self.coordinate(s, y1, y2) }
            let d = Self.slope(s, x1, x2)
            if Swift.abs(d) < 1e-6 { break }
            s -= error / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let bx = Self.coordinate(s, x1, x2)
            if Swift.abs(bx - x) < 1e-9 { break }
            if bx < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return Self.coordinate(s, y1, y2)
    }
}

/// SwiftUI's `spring(response:dampingFraction:)` moving from 0 to 1, starting at rest.
@frozen
public struct UserSceneSpring: Hashable, Sendable {
    public var response: Double
    public var dampingFraction: Double
    public init(response: Double, dampingFraction: Double) {
        self.response = response; self.dampingFraction = dampingFraction
    }

    /// When the remaining distance's envelope falls under this fraction of the move, the value
    /// snaps to 1, so the last frames of a clip show the target exactly. (A choice: SwiftUI's own
    /// test also looks at velocity and force; at 1/1000 the snap is under a tenth of a point for
    /// moves up to 100 pt.)
    public static let settleFraction = 1e-3

    /// Unit progress after `t` seconds. With ω₀ = 2π/response, ζ = dampingFraction, λ = ζω₀:
    ///   ζ < 1:  x = 1 − e^(−λt)·(cos ωt + (λ/ω)·sin ωt),  ω = ω₀√(1 − ζ²)
    ///   ζ = 1:  x = 1 − e^(−λt)·(1 + λt)
    ///   ζ > 1:  x = 1 − (c₁e^(r₁t) + c₂e^(r₂t)),  r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)),
    ///           c₁ = r₂/(r₂ − r₁), c₂ = −r₁/(r₂ − r₁)  (x(0) = 0, x′(0) = 0)
    /// (REFERENCE.md's closed form with T = 1, v₀ = 0.)
    @inlinable public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        let omega0 = 2 * Double.pi / response, zeta = dampingFraction
        let lambda = zeta * omega0
        if zeta < 1 {
            let omega = omega0 * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-lambda * t)
            if envelope * (1 + lambda / omega) < Self.settleFraction { return 1 }
            return 1 - envelope * (cos(omega * t) + lambda / omega * sin(omega * t))
        } else if zeta == 1 {
            let remaining = exp(-lambda * t) * (1 + lambda * t)
            return remaining < Self.settleFraction ? 1 : 1 - remaining
        } else {
            let root = omega0 * (zeta * zeta - 1).squareRoot()
            let r1 = -lambda + root, r2 = -lambda - root
            let c1 = r2 / (r2 - r1), c2 = -r1 / (r2 - r1)
            let remaining = c1 * exp(r1 * t) + c2 * exp(r2 * t)
            return remaining < Self.settleFraction ? 1 : 1 - remaining
        }
    }
}

/// How a keyframe is reached from the one before it.
public enum KeyframeCurve: Hashable, Sendable {
    case timing(UserSceneTimingCurve)
    /// Starts at the previous keyframe's time and value, at rest; keeps moving past this keyframe's
    /// time until the next keyframe takes over (or until it settles, after the last keyframe).
    case spring(UserSceneSpring)
}

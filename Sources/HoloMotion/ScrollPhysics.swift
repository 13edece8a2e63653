// The formulas UIScrollView moves by (docs/designs.md, Scrolling). Pure functions and named constants;
// `ScrollSimulation` strings them together over time.

import Foundation

@usableFromInline func _pow(_ a: Double, _ b: Double) -> Double { pow(a, b) }

public enum ScrollDeceleration: String, Hashable, Sendable, CaseIterable {
    case normal, fast
    /// Velocity decays by this factor every millisecond.
    public var rate: Double { self == .normal ? 0.998 : 0.99 }
    /// D = 1000·ln d (per second; negative).
    public var coefficient: Double { 1000 * log(rate) }
    /// Where a fling comes to rest: x₀ − v₀/D.
    public func restingOffset(from x0: Double, velocity v0: Double) -> Double { x0 - v0 / coefficient }
    /// x(t) = x₀ + v₀·(d^(1000t) − 1)/D
    public func offset(from x0: Double, velocity v0: Double, after t: Double) -> Double {
        x0 + v0 * (pow(rate, 1000 * t) - 1) / coefficient
    }
}

public enum ScrollPhysics {
    /// Rubber-band constant c.
    public static let rubberBandCoefficient = 0.55
    /// Momentum stops below this speed, in pt/s. (approx.: UIKit's exact threshold is not public.)
    public static let stopSpeed = 0.5
    /// Stiffness of the critically damped spring back from overscroll. (approx.)
    public static let bounceStiffness = 100.0
    /// Stiffness of the critically damped spring that snaps to a page. (approx.: chosen a little
    /// stiffer than the bounce so a page settles in about 0.4 s.)
    public static let pagingStiffness = 200.0
    /// A settling scroll spring snaps to its target once within this distance (pt) and under
    /// `stopSpeed`. (approx.: 1/20 pt is under a pixel at 3x.)
    public static let settleDistance = 0.05
    /// Programmatic animated scrolls (`setContentOffset(_:animated:)`, scroll-to-top) run an ease-in-out
    /// curve over this many seconds. (approx.)
    public static let programmaticDuration = 0.3
    public static let programmaticCurve = TimingCurve.easeInOut

    /// Shown overscroll for a finger that went x past the edge: b = (1 − 1/(x·c/d + 1))·d.
    @inlinable public static func rubberBand(_ x: Double, dimension d: Double, coefficient c: Double = rubberBandCoefficient) -> Double {
        guard x > 0, d > 0 else { return 0 }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// Inverse: x = b·d / (c·(d − b)), for 0 ≤ b < d.
    @inlinable public static func rubberBandInverse(_ b: Double, dimension d: Double, coefficient c: Double = rubberBandCoefficient) -> Double {
        guard b > 0, d > 0 else { return 0 }
        return b * d / (c * (d - Swift.min(b, d * 0.999999)))
    }

    /// db/dx = c / (x·c/d + 1)²: how fast the content follows the finger in the band.
    @inlinable public static func rubberBandSlope(_ x: Double, dimension d: Double, coefficient c: Double = rubberBandCoefficient) -> Double {
        guard x > 0, d > 0 else { return 1 }
        let q = x * c / d + 1
        return c / (q * q)
    }

    /// One exact step of a critically damped spring (ω = √k) toward `target`:
    ///   u = x − T,  x(h) = T + e^(−ωh)·(u + (ωu + v)·h),  v(h) = e^(−ωh)·(v − ω·(ωu + v)·h)
    @inlinable public static func criticallyDampedStep(offset x: inout Double, velocity v: inout Double,
                                                       target: Double, stiffness: Double, dt h: Double) {
        let w = stiffness.squareRoot()
        let u = x - target, e = exp(-w * h), q = w * u + v
        x = target + e * (u + q * h)
        v = e * (v - w * q * h)
    }
}

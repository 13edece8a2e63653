// SwiftUI's spring, described the way SwiftUI describes it (response and damping fraction), with the
// stiffness/damping it implies and the closed-form solutions the stepped spring is checked against.
//
// Mass is 1 throughout, so force and acceleration are the same number.

import Foundation

@frozen
public struct Spring: Hashable, Sendable {
    /// Period of the undamped oscillation, in seconds.
    public var response: Double
    /// ζ: 1 is critically damped, < 1 overshoots.
    public var dampingFraction: Double

    /// Units of the property finally drawn per unit of the animated value (1: the spring animates the
    /// property itself). SwiftUI springs each property in its own units — positions in points — and
    /// its finish rule (|v|, |F| ≤ 0.06) is in those units. A spring on a 0…1 progress that drives
    /// positions L points apart settles by the rule applied to L·progress (`settling(in: L)`), so the
    /// snap at the finish is ≤ 0.06/k points rather than 1% of L (0.39 pt for a 39 pt travel).
    public var settleUnits: Double = 1

    @inlinable public init(response: Double, dampingFraction: Double) {
        self.response = response; self.dampingFraction = dampingFraction
    }

    /// The same spring, finishing by SwiftUI's rule in units `unitsPerValue` times the value's.
    @inlinable public func settling(in unitsPerValue: Double) -> Spring {
        var s = self
        s.settleUnits = unitsPerValue
        return s
    }

    /// `spring(duration:bounce:)`: response = duration; ζ = 1 − b for b ≥ 0, ζ = 1 / (b + 1) for b < 0.
    @inlinable public init(duration: Double = 0.5, bounce: Double = 0) {
        self.init(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (bounce + 1))
    }

    /// A spring given by its physical constants (mass 1): response = 2π/√k, ζ = c / (2√k).
    @inlinable public init(stiffness k: Double, damping c: Double) {
        self.init(response: 2 * .pi / k.squareRoot(), dampingFraction: c / (2 * k.squareRoot()))
    }

    /// k = (2π / r)²
    @inlinable public var stiffness: Double { let w = 2 * .pi / response; return w * w }
    /// c = 4π·ζ / r
    @inlinable public var damping: Double { 4 * .pi * dampingFraction / response }

    /// The bounce `spring(duration:bounce:)` would need to give this spring.
    public var bounce: Double { dampingFraction <= 1 ? 1 - dampingFraction : 1 / dampingFraction - 1 }

    public static let smooth = Spring(duration: 0.5, bounce: 0)
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
    /// SwiftUI's `.smooth(duration:extraBounce:)` family: the preset's bounce plus `extraBounce`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: extraBounce) }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: 0.15 + extraBounce) }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring { Spring(duration: duration, bounce: 0.3 + extraBounce) }
}

// MARK: Closed forms (from 0 toward `target` with initial velocity v₀)

extension Spring {
    /// ζ < 1: λ = 2πζ/r, ω = 2π·√(1 − ζ²)/r,
    /// x(t) = T − e^(−λt)·[T·cos ωt + (λT − v₀)·sin(ωt)/ω]
    public static func underdampedPosition(response r: Double, dampingFraction z: Double,
                                           target T: Double, initialVelocity v0: Double, time t: Double) -> Double {
        let lambda = 2 * .pi * z / r
        let omega = 2 * .pi * (1 - z * z).squareRoot() / r
        return T - exp(-lambda * t) * (T * cos(omega * t) + (lambda * T - v0) * sin(omega * t) / omega)
    }

    /// ζ = 1: λ = 2π/r, x(t) = T − e^(−λt)·[T + (λT − v₀)·t]
    public static func criticallyDampedPosition(response r: Double, target T: Double,
                                                initialVelocity v0: Double, time t: Double) -> Double {
        let lambda = 2 * .pi / r
        return T - exp(-lambda * t) * (T + (lambda * T - v0) * t)
    }

    /// ζ > 1: roots s₁,₂ = −λ ± μ with μ = 2π·√(ζ² − 1)/r; x = T + A·e^(s₁t) + B·e^(s₂t), x(0) = 0, x'(0) = v₀.
    public static func overdampedPosition(response r: Double, dampingFraction z: Double,
                                          target T: Double, initialVelocity v0: Double, time t: Double) -> Double {
        let lambda = 2 * .pi * z / r, mu = 2 * .pi * (z * z - 1).squareRoot() / r
        let s1 = -lambda + mu, s2 = -lambda - mu
        // A + B = −T, s₁A + s₂B = v₀
        let a = (v0 + s2 * T) / (s1 - s2), b = -T - a
        return T + a * exp(s1 * t) + b * exp(s2 * t)
    }

    /// The exact solution for this spring, whichever damping regime it is in.
    public func closedFormPosition(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        if dampingFraction < 1 {
            return Spring.underdampedPosition(response: response, dampingFraction: dampingFraction,
                                              target: target, initialVelocity: initialVelocity, time: time)
        } else if dampingFraction == 1 {
            return Spring.criticallyDampedPosition(response: response, target: target,
                                                   initialVelocity: initialVelocity, time: time)
        }
        return Spring.overdampedPosition(response: response, dampingFraction: dampingFraction,
                                         target: target, initialVelocity: initialVelocity, time: time)
    }

    /// Peak overshoot past the target, as a fraction of the change, for a start at rest: e^(−ζπ/√(1 − ζ²)).
    public var overshootFraction: Double {
        dampingFraction >= 1 ? 0 : exp(-dampingFraction * .pi / (1 - dampingFraction * dampingFraction).squareRoot())
    }
}

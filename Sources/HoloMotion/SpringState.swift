// A spring in flight, stepped the way SwiftUI steps it: fixed 1/300 s steps, velocity-Verlet style,
// finished by SwiftUI's rule and then snapped exactly to the target.
//
// Fixed steps make the value at a time a function of the step count only: two runs that reach step n
// by different routes hold the same bits. Times between steps are linearly interpolated between the
// two neighbouring step states, without committing the next step, so sampling never changes the path.
//
// The finish rule is absolute (|v|, |F| ≤ 0.06 in the value's own units), as SwiftUI's is, so the
// settle time depends on the size of the change: spring(0.35, 0.85) finishes a 2…100 pt change in
// 0.63…0.72 s, but a 0→1 change already at 0.39 s (F passes through 0 near the overshoot peak while
// |v| < 0.06 and the remaining 0.44% is under 1%).

@frozen
public struct SpringState: Hashable, Sendable {
    public static let stepsPerSecond = 300
    public static let stepDuration = 1.0 / 300
    /// Finish when max(|v|², |F|²) ≤ 0.0036 …
    public static let restingMotionSquared = 0.0036
    /// … and the remaining distance is at most 1% of the total change.
    public static let remainingFraction = 0.01

    public var position: AnimationVector
    public var velocity: AnimationVector
    public var target: AnimationVector
    /// |target − position| when the spring was (re)targeted; the scale of the 1% rule.
    public var totalChange: Double
    public var isFinished: Bool

    public init(position: AnimationVector, velocity: AnimationVector = .zero, target: AnimationVector) {
        self.position = position; self.velocity = velocity; self.target = target
        totalChange = (target - position).magnitudeSquared.squareRoot()
        isFinished = false
    }

    /// A scalar spring from `from` to `to`.
    public init(from: Double, to: Double, velocity: Double = 0) {
        self.init(position: from.animationVector, velocity: velocity.animationVector, target: to.animationVector)
    }

    public var scalarPosition: Double { position[0] }
    public var scalarVelocity: Double { velocity[0] }

    /// A new target: position and velocity carry over (SwiftUI does not restart a running spring).
    public mutating func retarget(_ newTarget: AnimationVector) {
        target = newTarget
        totalChange = (target - position).magnitudeSquared.squareRoot()
        isFinished = false
    }

    /// One velocity-Verlet step of h = 1/300 s (the force depends on v, so the end velocity is predicted):
    ///   a  = F(x, v) = −k·(x − T) − c·v
    ///   x' = x + v·h + ½·a·h²
    ///   a' = F(x', v + a·h)
    ///   v' = v + ½·(a + a')·h
    /// then SwiftUI's finish rule: max(|v'|², |F(x', v')|²) ≤ 0.0036 and |T − x'| ≤ 1% of the total
    /// change snaps to the target. (With a total change of 0 — retargeted to where it already is —
    /// only the motion test applies.)
    /// The lanes are written out one by one: generic SIMD4 arithmetic measured ~5× slower here
    /// (~100 ns against ~22 ns a step, -O, this machine), and per-lane scalar code gives the same bits.
    @inlinable public mutating func step(_ spring: Spring) {
        guard !isFinished else { return }
        let h = SpringState.stepDuration, k = spring.stiffness, c = spring.damping
        var v2 = 0.0, f2 = 0.0, r2 = 0.0
        for i in 0..<4 {
            let x = position[i], v = velocity[i], t = target[i]
            let a = -k * (x - t) - c * v
            let x1 = x + v * h + (0.5 * h * h) * a
            let a1 = -k * (x1 - t) - c * (v + a * h)
            let v1 = v + (0.5 * h) * (a + a1)
            let f = -k * (x1 - t) - c * v1
            position[i] = x1; velocity[i] = v1
            v2 += v1 * v1; f2 += f * f; r2 += (t - x1) * (t - x1)
        }
        let allowed = SpringState.remainingFraction * totalChange
        // The motion test in the property's units (Spring.settleUnits; the 1% rule is unit-free).
        let units2 = spring.settleUnits * spring.settleUnits
        if Swift.max(v2, f2) * units2 <= SpringState.restingMotionSquared && (totalChange == 0 || r2 <= allowed * allowed) {
            position = target; velocity = .zero; isFinished = true
        }
    }

    public mutating func advance(_ spring: Spring, steps: Int) {
        var i = 0
        while i < steps && !isFinished { step(spring); i += 1 }
    }

    /// The state `elapsed` seconds after this one: whole steps, then a linear blend toward the next step.
    public func state(after elapsed: Double, spring: Spring) -> SpringState {
        let (n, fraction) = FixedStep.split(elapsed, stepsPerSecond: SpringState.stepsPerSecond)
        var s = self
        s.advance(spring, steps: n)
        guard fraction > 0, !s.isFinished else { return s }
        var next = s
        next.step(spring)
        var blended = s
        blended.position = s.position + (next.position - s.position) * fraction
        blended.velocity = s.velocity + (next.velocity - s.velocity) * fraction
        return blended
    }
}

/// Turning a time into a whole number of fixed steps plus a fraction, the same way everywhere.
public enum FixedStep {
    /// Times that are step instants up to rounding (k/60 s at 600 steps/s is 10k·(1 ± 1e-16)) count as
    /// exact; 1e-7 of a step is far below anything a frame can show.
    public static let snapTolerance = 1e-7

    /// (n, f) with elapsed·rate = n + f, n ≥ 0, 0 ≤ f < 1; f is 0 within `snapTolerance` of a step.
    @inlinable public static func split(_ elapsed: Double, stepsPerSecond: Int) -> (steps: Int, fraction: Double) {
        guard elapsed > 0 else { return (0, 0) }
        let s = elapsed * Double(stepsPerSecond)
        let n = (s + snapTolerance).rounded(.down)
        let f = s - n
        return (Int(n), f > snapTolerance ? f : 0)
    }
}

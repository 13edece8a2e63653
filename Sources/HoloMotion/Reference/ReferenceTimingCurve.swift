// HoloMotion's references: the Bézier timing curve solved by plain bisection (no Newton steps, no
// shared code with TimingCurve). TimingCurveTests holds TimingCurve to it; keyframe tests take
// their expected easing from it.
//   x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³ (same for y); find s with x(s) = x by halving [0, 1]
//   200 times, then y(s).

enum Reference {
    static func timingCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bernstein(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return bernstein((lo + hi) / 2, y1, y2)
    }
}

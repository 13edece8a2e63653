// A timing-curve animation is finished at its end instant even when start + duration does not
// subtract back exactly (0.6 − 0.5 < 0.1 in binary floating point).

import Testing
@testable import HoloMotion

@Test(arguments: [(0.5, 0.1), (0.7, 0.2), (1.9, 0.25), (0.3, 0.4)])
func timingCurveEndsExactlyAtItsEndInstant(start: Double, duration: Double) {
    var v = AnimatedValue(0.0)
    v.set(1, animation: .linear(duration: duration), at: start)
    let end = start + duration
    #expect(v.value(at: end) == 1)
    #expect(!v.isAnimating(at: end))
    #expect(v.value(at: start + duration / 2) > 0.49 && v.value(at: start + duration / 2) < 0.51)
}

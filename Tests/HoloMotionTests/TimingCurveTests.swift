import Testing
@testable import HoloMotion

@Suite struct TimingCurveTests {
    static let curves: [TimingCurve] = [.easeIn, .easeOut, .easeInOut, .linear, TimingCurve(0.2, 1.4, 0.3, 1)]

    @Test(arguments: curves)
    func endpointsAreExact(curve: TimingCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -3) == 0 && curve.value(at: 7) == 1)
    }

    @Test(arguments: [TimingCurve.easeIn, .easeOut, .easeInOut, .linear])
    func monotonic(curve: TimingCurve) {
        var last = 0.0
        for i in 1...1000 {
            let y = curve.value(at: Double(i) / 1000)
            #expect(y >= last)
            last = y
        }
    }

    @Test func easeInOutIsSymmetric() {
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(abs(TimingCurve.easeInOut.value(at: x) + TimingCurve.easeInOut.value(at: 1 - x) - 1) < 1e-9)
            #expect(TimingCurve.easeIn.value(at: x) < x && TimingCurve.easeOut.value(at: x) > x)
        }
    }

    /// Against the reference (bisection) across x, and the Bernstein form evaluated directly at
    /// known parameters.
    @Test(arguments: curves)
    func solvesForX(curve: TimingCurve) {
        for x in stride(from: 0.01, to: 1, by: 0.07) {
            #expect(abs(curve.value(at: x) - Reference.timingCurve(curve.x1, curve.y1, curve.x2, curve.y2, at: x)) < 1e-9, "x=\(x)")
        }
        for s in stride(from: 0.0, through: 1.0, by: 0.0625) {
            let u = 1 - s
            let x = 3 * u * u * s * curve.x1 + 3 * u * s * s * curve.x2 + s * s * s
            let y = 3 * u * u * s * curve.y1 + 3 * u * s * s * curve.y2 + s * s * s
            #expect(abs(curve.value(at: x) - y) < 1e-9, "s=\(s)")
        }
    }

    @Test func slopes() {
        #expect(abs(TimingCurve.easeIn.slope(at: 0)) < 1e-9)
        #expect(abs(TimingCurve.easeOut.slope(at: 1)) < 1e-9)
        #expect(TimingCurve.linear.slope(at: 0.3) == 1)
        let h = 1e-6, c = TimingCurve.easeInOut
        #expect(abs(c.slope(at: 0.3) - (c.value(at: 0.3 + h) - c.value(at: 0.3 - h)) / (2 * h)) < 1e-5)
    }
}

@Suite struct TimingCurveEndSlopeTests {
    /// easeIn's second control point is its end point, so the end tangent is the chord from the
    /// first control point: slope (1 − 0)/(1 − 0.42). easeOut mirrors it at the start.
    @Test func slopeWhereAControlPointMeetsTheEnd() {
        #expect(abs(TimingCurve.easeIn.slope(at: 1) - 1 / 0.58) < 1e-6)
        #expect(abs(TimingCurve.easeOut.slope(at: 0) - 1 / 0.58) < 1e-6)
        // And the numeric slope just inside the end agrees.
        let h = 1e-5
        let numeric = (TimingCurve.easeIn.value(at: 1) - TimingCurve.easeIn.value(at: 1 - h)) / h
        #expect(abs(TimingCurve.easeIn.slope(at: 1) - numeric) < 1e-3)
    }

    @Test func flickWithEaseInCarriesMomentum() throws {
        let script = try ScrollScript.drag(start: 0.1, fromY: 700, toY: 420, duration: 0.2, curve: .easeIn)
        let sim = ScrollSimulation(contentHeight: 5000, viewportHeight: 844, script: script)
        let atLift = sim.state(at: 0.3)
        let later = sim.state(at: 0.6)
        #expect(atLift.offset > 270)
        #expect(later.phase == .decelerating)
        #expect(later.offset > atLift.offset + 100)
    }
}

// Any Distance's ten-stop tilt gradient.
import Testing
@testable import HoloShaders

/// HSB → RGB the textbook way (sector by sector).
func hsbToRGB(_ h: Double, _ s: Double, _ b: Double) -> [Double] {
    let sector = Int(h * 6) % 6
    let f = h * 6 - Double(Int(h * 6))
    let p = b * (1 - s), q = b * (1 - s * f), t = b * (1 - s * (1 - f))
    switch sector {
    case 0: return [b, t, p]
    case 1: return [q, b, p]
    case 2: return [p, b, t]
    case 3: return [p, q, b]
    case 4: return [t, p, b]
    default: return [b, p, q]
    }
}

@Suite("AnyDistanceGradient")
struct AnyDistanceGradientTests {

    @Test(arguments: [Float(0), 0.3, -0.4])
    func stopsSitWhereTheGradientPutsThem(roll: Float) {
        // Stop n (hue 0.1n, saturation 0.3, brightness 1) at g = n/9, i.e. u = roll − 0.25 + 1.5·n/9.
        for n in 0..<10 {
            let u = Double(roll) - 0.25 + 1.5 * Double(n) / 9
            let c = AnyDistanceGradient.color(u: Float(u), roll: roll)
            let expected = hsbToRGB(0.1 * Double(n), 0.3, 1)
            for channel in 0..<3 { #expect(abs(Double(c[channel]) - expected[channel]) < 1e-5, "stop \(n)") }
        }
    }

    @Test func padsBeyondTheEnds() {
        let first = hsbToRGB(0, 0.3, 1), last = hsbToRGB(0.9, 0.3, 1)
        for u: Float in [-3, -0.26] {
            let c = AnyDistanceGradient.color(u: u, roll: 0)
            for channel in 0..<3 { #expect(abs(Double(c[channel]) - first[channel]) < 1e-6) }
        }
        for u: Float in [1.26, 9] {
            let c = AnyDistanceGradient.color(u: u, roll: 0)
            for channel in 0..<3 { #expect(abs(Double(c[channel]) - last[channel]) < 1e-6) }
        }
    }

    @Test func midwayBetweenStopsIsTheMean() {
        let u = -0.25 + 1.5 * 2.5 / 9
        let c = AnyDistanceGradient.color(u: Float(u), roll: 0)
        let a = hsbToRGB(0.2, 0.3, 1), b = hsbToRGB(0.3, 0.3, 1)
        for channel in 0..<3 { #expect(abs(Double(c[channel]) - (a[channel] + b[channel]) / 2) < 1e-5) }
    }

    @Test(arguments: [Float(0), 0.2, -0.5, 0.45])
    func simdSpanMatchesTheScalarReference(roll: Float) {
        let count = 1000
        let coverage = coverageRow(count: count, seed: 7)
        var out = [UInt8](repeating: 0, count: 4 * count)
        var expected = out
        AnyDistanceGradient.shadeSpan(u0: 0.0005, du: 0.001, roll: roll, coverage: coverage, into: &out)
        Reference.anyDistanceSpan(u0: 0.0005, du: 0.001, roll: roll, coverage: coverage, into: &expected)
        for i in 0..<count {
            #expect(out[4 * i + 3] == coverage[i])
            for channel in 0..<3 { #expect(abs(Int(out[4 * i + channel]) - Int(expected[4 * i + channel])) <= 1) }
        }
    }

    @Test func reduceMotionIgnoresRoll() {
        let coverage = [UInt8](repeating: 255, count: 37)
        var still = [UInt8](repeating: 0, count: 4 * 37), tilted = still, rest = still
        AnyDistanceGradient.shadeSpan(u0: 0, du: 0.027, roll: 0.4, isStatic: true, coverage: coverage, into: &still)
        AnyDistanceGradient.shadeSpan(u0: 0, du: 0.027, roll: 0.4, coverage: coverage, into: &tilted)
        AnyDistanceGradient.shadeSpan(u0: 0, du: 0.027, roll: 0, coverage: coverage, into: &rest)
        #expect(still == rest)
        #expect(tilted != rest)
    }
}

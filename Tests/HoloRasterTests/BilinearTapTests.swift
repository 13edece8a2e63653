// The bilinear tap's floor and weight rounding (Bilinear.swift) without libm calls, held to
// `rounded(.down)` and `rounded()` on the values a sample position can take and on their edges.

import HoloGeometry
import Testing
@testable import HoloRaster

@Suite struct BilinearTapTests {
    static let edges: [Double] = [
        0, -0.0, 0.5, -0.5, 1, -1, 1.5, 2.5, 0.49999999999999994, 0.5000000000000001, -0.49999999999999994,
        .ulpOfOne, -.ulpOfOne, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1 - .ulpOfOne / 2, -1 + .ulpOfOne / 2,
        1170.5, 2531.999999999, 4_503_599_627_370_495.5, 4_503_599_627_370_496, 4_503_599_627_370_497, 1e300, -1e300,
        .infinity, -.infinity,
    ]

    @Test func floorIsRoundedDown() {
        var rng = SplitMix64(seed: 11)
        var values = Self.edges
        for _ in 0..<20_000 {
            let v = (rng.unit() - 0.25) * [2, 300, 4000, 1e7][Int(rng.next() % 4)]
            values.append(v)
            values.append(v.rounded() + [0, 0.5, -0.5][Int(rng.next() % 3)])  // halves and whole numbers
        }
        for v in values {
            let fast = BilinearTap.floor(v), obvious = v.rounded(.down)
            #expect(fast == obvious, "floor(\(v)): \(fast), not \(obvious)")
        }
        #expect(BilinearTap.floor(.nan).isNaN)
    }

    @Test func weightIsRoundedHalfAwayFromZero() {
        var rng = SplitMix64(seed: 12)
        var values: [Double] = [0, 0.5, 1.5, 127.5, 255.5, 256, 0.49999999999999994, 255.49999999999997, 255.50000000000003]
        for i in 0...512 { values.append(Double(i) / 2) }
        for _ in 0..<20_000 {
            // What the tap computes: (x − ⌊x⌋)·256 for positions across a device's width.
            let x = (rng.unit() - 0.05) * 1200
            values.append((x - x.rounded(.down)) * 256)
        }
        for v in values {
            #expect(BilinearTap.roundedWeight(v) == Int(v.rounded()), "roundedWeight(\(v))")
        }
    }

    @Test func tapsAreThoseOfTheFormula() {
        var rng = SplitMix64(seed: 13)
        for _ in 0..<20_000 {
            let x = (rng.unit() - 0.1) * 900, y = (rng.unit() - 0.1) * 600
            let tap = BilinearTap(x, y)
            let fx = x.rounded(.down), fy = y.rounded(.down)
            #expect(tap.ix == Int(fx) && tap.iy == Int(fy), "taps of (\(x), \(y))")
            #expect(tap.wx == Int(((x - fx) * 256).rounded()) && tap.wy == Int(((y - fy) * 256).rounded()), "weights of (\(x), \(y))")
        }
    }
}

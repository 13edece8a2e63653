// The SIMD span against the scalar reference, pixel for pixel.
import Testing
@testable import HoloShaders

/// Deterministic coverage rows: runs of ink (255), anti-aliased edges, and empty stretches.
func coverageRow(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    var row = [UInt8](repeating: 0, count: count)
    var i = 0
    while i < count {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let run = Int((state >> 33) % 40) + 1
        let kind = (state >> 20) % 4
        for j in i..<min(count, i + run) {
            switch kind {
            case 0: row[j] = 0
            case 1: row[j] = 255
            default: row[j] = UInt8(truncatingIfNeeded: (state >> 40) &+ UInt64(j) &* 29)
            }
        }
        i += run
    }
    return row
}

let spanUniforms: [HolographicTextUniforms] = [
    HolographicTextUniforms(),
    HolographicTextUniforms(roll: 0.3, pitch: -0.2, time: 1.7, accentHue: 0.55),
    HolographicTextUniforms(roll: -0.5, pitch: 0.5, time: 100.3, accentHue: 0.99),
    HolographicTextUniforms(roll: 1.4, pitch: -1.2, time: 7, accentHue: 0.2),
    HolographicTextUniforms(roll: 0.2, pitch: 0.1, time: 5, accentHue: 0.7, isStatic: true),
]

@Suite("SIMD span equals the scalar reference")
struct SpanTests {

    @Test(arguments: spanUniforms)
    func everyPixelOfAThousandPixelSpanWithinOneLevel(_ uniforms: HolographicTextUniforms) {
        let count = 1000
        for (rowIndex, v) in [Float(0), 0.37, 1].enumerated() {
            let coverage = coverageRow(count: count, seed: UInt64(rowIndex) + 1)
            var fast = [UInt8](repeating: 0xAA, count: 4 * count)
            var slow = [UInt8](repeating: 0x55, count: 4 * count)
            let du = 1 / Float(count)
            HolographicText.shadeSpan(u0: du / 2, du: du, v: v, uniforms: uniforms, coverage: coverage, into: &fast)
            Reference.holographicTextSpan(u0: du / 2, du: du, v: v, uniforms: uniforms, coverage: coverage, into: &slow)
            var worst = 0
            for i in 0..<count {
                #expect(fast[4 * i + 3] == coverage[i])
                for c in 0..<3 { worst = max(worst, abs(Int(fast[4 * i + c]) - Int(slow[4 * i + c]))) }
                if coverage[i] == 0 { #expect(fast[4 * i ..< 4 * i + 4].allSatisfy { $0 == 0 }) }
            }
            #expect(worst <= 1, "v \(v): worst channel difference \(worst)")
        }
    }

    @Test(arguments: 0...17)
    func spansOfAnyLengthWriteExactlyTheirPixels(count: Int) {
        let coverage = [UInt8](repeating: 200, count: count)
        var out = [UInt8](repeating: 0xEE, count: 4 * count + 12)
        var expected = [UInt8](repeating: 0, count: 4 * count)
        let uniforms = HolographicTextUniforms(roll: 0.1, accentHue: 0.4)
        HolographicText.shadeSpan(u0: 0.2, du: 0.01, v: 0.5, uniforms: uniforms, coverage: coverage, into: &out)
        Reference.holographicTextSpan(u0: 0.2, du: 0.01, v: 0.5, uniforms: uniforms, coverage: coverage, into: &expected)
        for i in 0..<(4 * count) { #expect(abs(Int(out[i]) - Int(expected[i])) <= 1) }
        #expect(out[(4 * count)...].allSatisfy { $0 == 0xEE })
    }

    @Test func premultipliedChannelsNeverExceedAlpha() {
        let coverage = (0..<256).map { UInt8($0) }
        for uniforms in spanUniforms {
            var out = [UInt8](repeating: 0, count: 4 * 256)
            HolographicText.shadeSpan(u0: 0, du: 1 / 256, v: 0.2, uniforms: uniforms, coverage: coverage, into: &out)
            for i in 0..<256 { for c in 0..<3 { #expect(out[4 * i + c] <= out[4 * i + 3]) } }
        }
    }
}

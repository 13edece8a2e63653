// The library-free math the shaders run on, against Foundation's.
import Foundation
import Testing
import HoloShaders

@Suite("ShaderMath")
struct ShaderMathTests {

    @Test func referenceSineAndCosineMatchFoundation() {
        var worst = 0.0
        for i in -20_000...20_000 {
            let x = Double(i) * 0.005  // −100 … 100
            worst = max(worst, abs(ShaderMath.cos(x) - Foundation.cos(x)), abs(ShaderMath.sin(x) - Foundation.sin(x)))
        }
        #expect(worst < 1e-13)
    }

    @Test func positiveCosIsWithinOneMillionth() {
        var worst: Float = 0
        for start in stride(from: -20.0, to: 20.0, by: 8 * 0.0007) {
            let x = SIMD8<Float>((0..<8).map { Float(start + Double($0) * 0.0007) })
            let fast = ShaderMath.positiveCos(x)
            for lane in 0..<8 {
                let exact = max(0, Foundation.cos(Double(x[lane])))
                worst = max(worst, Float(abs(Double(fast[lane]) - exact)))
            }
        }
        #expect(worst < 1e-6, "max error \(worst)")
    }

    @Test func floorAndFractMatchTheirDefinitions() {
        let samples: [Float] = [-3.5, -2, -1.25, -1e-7, 0, 1e-7, 0.5, 0.999_999_9, 1, 2.5, 123.75, -4096.5]
        for start in stride(from: 0, to: samples.count, by: 8) {
            var x = SIMD8<Float>(repeating: 0)
            for lane in 0..<min(8, samples.count - start) { x[lane] = samples[start + lane] }
            let f = ShaderMath.floor(x), r = ShaderMath.fract(x)
            for lane in 0..<8 {
                #expect(f[lane] == x[lane].rounded(.down), "floor \(x[lane])")
                #expect(r[lane] >= 0 && r[lane] <= 1 && r[lane] == x[lane] - x[lane].rounded(.down))
            }
        }
        #expect(ShaderMath.floor(-0.5) == -1 && ShaderMath.floor(2.0) == 2 && ShaderMath.fract(-0.25) == 0.75)
        #expect(ShaderMath.floor(-1e300) == -1e300 && ShaderMath.floor(Double.nan).isNaN)
    }

    @Test func powersBySquaring() {
        let x = SIMD8<Float>(0, 0.25, 0.5, 0.75, 0.9, 0.99, 1, 0.1)
        let p8 = ShaderMath.pow8(x), p12 = ShaderMath.pow12(x)
        for lane in 0..<8 {
            #expect(abs(p8[lane] - Float(pow(Double(x[lane]), 8))) < 1e-6)
            #expect(abs(p12[lane] - Float(pow(Double(x[lane]), 12))) < 1e-6)
        }
    }

    /// Every byte value converts exactly, and rounding to integers is to nearest.
    @Test func byteAndIntegerConversions() {
        for start in stride(from: 0, to: 256, by: 8) {
            let bytes = SIMD8<UInt8>((0..<8).map { UInt8(start + $0) })
            let floats = ShaderMath.float(bytes)
            for lane in 0..<8 { #expect(floats[lane] == Float(start + lane)) }
            let nudged = ShaderMath.roundToUInt32(floats + 0.49)
            let widened = ShaderMath.widen(bytes)
            for lane in 0..<8 {
                #expect(nudged[lane] == UInt32(start + lane))
                #expect(widened[lane] == UInt32(start + lane))
            }
        }
        let halves = ShaderMath.roundToUInt32(SIMD8<Float>(0.4, 0.6, 1.4, 1.6, 254.6, 100.2, 7.51, 3))
        #expect(halves == SIMD8<UInt32>(0, 1, 1, 2, 255, 100, 8, 3))
    }

    @Test func hueRampIsTheHexconeChannel() {
        // Red channel (offset 0) over h = 0…1: 1 on [0, 1/6] ∪ [5/6, 1], 0 on [1/3, 2/3], linear between.
        for i in 0..<120 {
            let h = Float(i) / 120
            let k = ShaderMath.hueRamp(SIMD8(repeating: h * 6))[0]
            let d = Double(min(h, 1 - h))  // distance to red on the hue circle
            let expected = min(1, max(0, 2 - 6 * d))
            #expect(abs(Double(k) - expected) < 1e-5, "h \(h)")
        }
    }
}

// Nanoseconds per pixel of the compiled HolographicText.metal against the hand port, on 1170-pixel
// rows at full coverage (gated; prints, asserts nothing):
//   HOLOMSL_BENCH=1 swift test -c release --filter CompiledBenchmark
import Dispatch
import Foundation
import Testing
import HoloShaders
@testable import HoloMSL

@Suite struct CompiledBenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["HOLOMSL_BENCH"] == "1"))
    func holographicTextPerPixel() throws {
        let library = try MSLLibrary(source: HolographicTextSource.metal, file: HolographicTextSource.fileName)
        let compileStart = DispatchTime.now().uptimeNanoseconds
        let effect = MSLCompiledEffect(try library.entry("holographicText", as: .color))
        let compileMs = Double(DispatchTime.now().uptimeNanoseconds - compileStart) / 1e6
        let width = 1170, rows = 200
        let arguments = try effect.entry.arguments([[390, 60], [0.2], [-0.1], [1.5], [0.55]])
        var out = [UInt32](repeating: 0, count: width)
        var bytes = [UInt8](repeating: 0, count: 4 * width)
        let coverage = [UInt8](repeating: 255, count: width)
        let uniforms = HolographicTextUniforms(roll: 0.2, pitch: -0.1, time: 1.5, accentHue: 0.55, isStatic: false)
        func best(_ body: () -> Void) -> Double {
            var times: [Double] = []
            for _ in 0..<7 {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(width * rows))
            }
            return times.min()!
        }
        let compiled = best {
            for y in 0..<rows {
                effect.shadeColorEffect(x0: 0.5 / 3, y0: (Float(y) + 0.5) / 3, dx: 1 / 3, dy: 0, count: width,
                                        arguments: arguments, into: &out)
            }
        }
        let hand = best {
            for y in 0..<rows {
                HolographicText.shadeSpan(u0: 0.5 / 1170, du: 1 / 1170, v: (Float(y) + 0.5) / 180, uniforms: uniforms,
                                          coverage: coverage, into: &bytes)
            }
        }
        print(String(format: "holographicText: compiled %.1f ns/px, hand port %.1f ns/px (%.1f×); compile %.2f ms",
                     compiled, hand, compiled / hand, compileMs))
    }
}

// Opt-in timing of the span paths (not part of the normal run):
//
//   HOLOSHADERS_BENCH=1 swift test -c release --filter ShaderBenchmark
//
// Thread CPU time, best of several runs, so other work on a shared machine does not count.
import Foundation
import Testing
@testable import HoloShaders

func threadNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func bestNanoseconds(runs: Int = 7, _ body: () -> Void) -> Double {
    var best = UInt64.max
    for _ in 0..<runs {
        let t0 = threadNanoseconds()
        body()
        best = min(best, threadNanoseconds() - t0)
    }
    return Double(best)
}

@Suite("Shader benchmark", .enabled(if: ProcessInfo.processInfo.environment["HOLOSHADERS_BENCH"] != nil))
struct ShaderBenchmarkTests {

    @Test func spanVersusScalarOn1170PixelRows() {
        let width = 1170
        let coverage = [UInt8](repeating: 255, count: width)
        var out = [UInt8](repeating: 0, count: 4 * width)
        let uniforms = HolographicTextUniforms(roll: 0.2, pitch: -0.1, time: 1.3, accentHue: 0.55)
        let du = 1 / Float(width)
        let simdRows = 2000, scalarRows = 40
        let simd = bestNanoseconds {
            for r in 0..<simdRows {
                HolographicText.shadeSpan(u0: du / 2, du: du, v: Float(r % 130) / 130, uniforms: uniforms,
                                          coverage: coverage, into: &out)
            }
        } / Double(simdRows * width)
        let scalar = bestNanoseconds {
            for r in 0..<scalarRows {
                Reference.holographicTextSpan(u0: du / 2, du: du, v: Float(r % 130) / 130, uniforms: uniforms,
                                                   coverage: coverage, into: &out)
            }
        } / Double(scalarRows * width)
        let gradient = bestNanoseconds {
            for _ in 0..<simdRows {
                AnyDistanceGradient.shadeSpan(u0: 0, du: du, roll: 0.2, coverage: coverage, into: &out)
            }
        } / Double(simdRows * width)
        print(String(format: "HolographicText span %.2f ns/px, scalar reference %.1f ns/px (%.0fx); AnyDistance span %.2f ns/px",
                     simd, scalar, scalar / simd, gradient))
        #expect(simd * 4 < scalar)
    }

    /// "Programs", 34 pt bold at 3x: a text box of about 500×130 px with about 30 % glyph coverage.
    /// The mask is synthetic: ink rows 20…119, stems of 24 px every 62 px with half-covered edges.
    @Test func titleProgramsAt3x() {
        let boxW = 500, boxH = 130
        var mask = [UInt8](repeating: 0, count: boxW * boxH)
        for y in 20..<120 {
            for x in 0..<boxW where x % 62 < 24 { mask[y * boxW + x] = (x % 62 == 0 || x % 62 == 23) ? 128 : 255 }
        }
        let covered = Double(mask.filter { $0 > 0 }.count) / Double(mask.count)
        var pixels = [UInt8](repeating: 0, count: 4 * boxW * boxH)
        let uniforms = HolographicTextUniforms(roll: 0.2, pitch: -0.1, time: 1.3, accentHue: 0.55)
        let ns = bestNanoseconds(runs: 20) {
            mask.withUnsafeBufferPointer { m in
                pixels.withUnsafeMutableBufferPointer { p in
                    for y in 0..<boxH {
                        HolographicText.shadeSpan(u0: 0.5 / Float(boxW), du: 1 / Float(boxW),
                                                  v: (Float(y) + 0.5) / Float(boxH), count: boxW, uniforms: uniforms,
                                                  coverage: m.baseAddress! + y * boxW,
                                                  into: p.baseAddress! + 4 * y * boxW)
                    }
                }
            }
        }
        print(String(format: "title 500x130 px, %.0f%% coverage: %.3f ms", 100 * covered, ns / 1e6))
        #expect(pixels.contains { $0 != 0 })
    }
}

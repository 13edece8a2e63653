// The tilt's C rows (CPixelKernels/tilt.c), both builds, held byte for byte to `tiltRow`, the same
// loop in Swift, over random layers, tilts (small ones as the titles use, and steep ones whose
// preimages fall behind the eye) and column ranges of every length mod 4.

import CKernelTestHooks
import HoloGeometry
import HoloPixels
import HoloScene
import Testing
@testable import HoloRaster

@Suite struct TiltKernelTests {
    @Test func bothBuildsAreTheSwiftLoop() throws {
        var rng = SplitMix64(seed: 31337)
        var compared = 0
        for round in 0..<60 {
            let w = 3 + Int(rng.next() % 90), h = 3 + Int(rng.next() % 50)
            let src = (0..<(w * h)).map { _ -> UInt32 in
                guard rng.next() % 4 != 0 else { return 0 }
                let a = UInt32(rng.next() % 256)
                return (a << 24) | (UInt32(rng.next() % UInt64(a + 1)) << 16) | (UInt32(rng.next() % UInt64(a + 1)) << 8)
                    | UInt32(rng.next() % UInt64(a + 1))
            }
            let steep = round % 3 == 0
            let tilt = Tilt(degreesX: (rng.unit() - 0.5) * (steep ? 170 : 2), degreesY: (rng.unit() - 0.5) * (steep ? 170 : 2),
                            perspective: rng.unit() * 3, anchor: Point(rng.unit() * Double(w), rng.unit() * Double(h)))
            let projection = TiltProjection(tilt, layerWidth: w, layerHeight: h, scale: 1)
            guard let inverse = projection.inverse else { continue }
            let m = inverse + [projection.anchor.x, projection.anchor.y]
            for y in [0, h / 2, h - 1, Int(rng.next() % UInt64(h))] {
                let x0 = Int(rng.next() % UInt64(w)), x1 = x0 + Int(rng.next() % UInt64(w - x0 + 1))
                var expected = [UInt32](repeating: 0xDEAD_BEEF, count: w)
                src.withUnsafeBufferPointer { s in
                    expected.withUnsafeMutableBufferPointer { tiltRow(s.baseAddress!, w, h, into: $0.baseAddress!, m, y: y, columns: x0..<x1) }
                }
                for kernel: Int32 in [0, 2] {
                    var got = [UInt32](repeating: 0xDEAD_BEEF, count: w)
                    let ran = src.withUnsafeBufferPointer { s in
                        got.withUnsafeMutableBufferPointer { g in
                            m.withUnsafeBufferPointer { hf_tilt_row_kernel(kernel, s.baseAddress!, w, h, g.baseAddress!, $0.baseAddress!, Double(y), x0, x1) }
                        }
                    }
                    guard ran == 1 else { continue }
                    #expect(got == expected, "round \(round), kernel \(kernel), row \(y), columns \(x0)..<\(x1), \(tilt)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 200, "rows compared: \(compared)")
    }
}

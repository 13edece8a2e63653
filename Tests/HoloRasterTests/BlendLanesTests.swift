// The SIMD blends (BlendLanes.swift) against the word-lane scalar ones and the per-pixel reference
// composite, byte for byte.

import Testing
@testable import HoloRaster

@Suite struct BlendLanesTests {
    /// Every channel value times every factor: all 256 × 256 pairs, in every channel position.
    @Test func scaleQuadEqualsScalePixelExhaustively() {
        for k in 0..<256 {
            for v in stride(from: 0, to: 256, by: 4) {
                // Four pixels, each with the channel values v…v+3 rotated through r, g, b, a.
                let words = (0..<4).map { i -> UInt32 in
                    let b = (0..<4).map { UInt32((v + (i + $0) % 4) & 0xFF) }
                    return b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
                }
                let quad = scaleQuad(PixelQuad(words[0], words[1], words[2], words[3]), by: PixelQuad(repeating: UInt32(k)))
                for i in 0..<4 { #expect(quad[i] == scalePixel(words[i], by: UInt32(k))) }
            }
        }
    }

    @Test func compositeEqualsTheReferenceWithOpacityClipAndOffsets() {
        for (w, h, seed) in [(13, 7, UInt64(3)), (32, 5, 4), (3, 3, 5)] {
            let layer = noiseCanvas(width: w, height: h, seed: seed)
            var rng = SplitMix(seed &+ 99)
            let coverage = (0..<(w + 2) * (h + 2)).map { _ in UInt8(truncatingIfNeeded: rng.next() % 3 == 0 ? 0 : rng.next()) }
            let clip = CoverageMask(x: -1, y: 1, width: w + 2, height: h + 2, coverage: coverage)
            for opacity in [1.0, 0.5, 0.01] {
                for c in [nil, clip] {
                    for (ox, oy) in [(0, 0), (2, 1), (-1, -2)] {
                        var fast = noiseCanvas(width: w + 3, height: h + 3, seed: seed &+ 7)
                        var slow = fast
                        fast.composite(layer, x: ox, y: oy, opacity: opacity, clip: c)
                        slow.composite(layer, x: ox, y: oy, opacity: opacity, clip: c, reference: true)
                        #expect(fast.pixels == slow.pixels, "\(w)×\(h) opacity \(opacity) clip \(c != nil) at (\(ox), \(oy))")
                    }
                }
            }
        }
    }
}

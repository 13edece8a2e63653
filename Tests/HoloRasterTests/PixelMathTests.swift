// Exhaustive checks of the 8-bit pixel arithmetic against a Double reference: every formula has a
// domain of 256×256 (or 65026) inputs, so every input is tried.

import HoloPixels
import Testing
import HoloGeometry
@testable import HoloRaster

@Suite struct PixelMathTests {
    @Test func div255IsRoundedDivisionForEveryProduct() {
        var bad = 0
        for x in 0...(255 * 255) where div255(UInt32(x)) != UInt32((Double(x) / 255).rounded()) { bad += 1 }
        #expect(bad == 0)
    }

    @Test func premultiplyMatchesReferenceForAllPairs() {
        var bad = 0
        for a in 0...255 {
            for c in 0...255 where premultiply(UInt8(c), UInt8(a)) != UInt8((Double(c) * Double(a) / 255).rounded()) {
                bad += 1
            }
        }
        #expect(bad == 0)
    }

    @Test func unpremultiplyMatchesReferenceForAllPairs() {
        var bad = 0
        for a in 0...255 {
            for c in 0...255 {
                let expected: UInt8 = a == 0 ? 0 : UInt8(Swift.min(255, (Double(c) * 255 / Double(a)).rounded()))
                if unpremultiply(UInt8(c), UInt8(a)) != expected { bad += 1 }
            }
        }
        #expect(bad == 0)
    }

    @Test func premultiplyThenUnpremultiplyRoundTripsWithinHalfAPremultipliedStep() {
        // Premultiplying loses at most ½ of a premultiplied step, i.e. ½·255/a straight steps.
        var bad = 0
        for a in 1...255 {
            for c in 0...255 {
                let back = Int(unpremultiply(premultiply(UInt8(c), UInt8(a)), UInt8(a)))
                if Double(abs(back - c)) > 0.5 * 255 / Double(a) + 0.5 { bad += 1 }
            }
        }
        #expect(bad == 0)
    }

    /// The two-lanes-per-word pixel scaling used by every blend loop equals per-channel div255.
    @Test func packedScalingEqualsPerChannelDivision() {
        var bad = 0
        for k in 0...255 {
            for v in 0...255 {
                let ch: [UInt32] = [UInt32(v), UInt32(255 - v), UInt32(v / 2), 255]
                let word = ch[0] | ch[1] << 8 | ch[2] << 16 | ch[3] << 24
                let got = scalePixel(word, by: UInt32(k))
                for i in 0..<4 where (got >> (8 * UInt32(i))) & 0xFF != div255(ch[i] * UInt32(k)) { bad += 1 }
            }
        }
        #expect(bad == 0)
    }

    @Test func colorQuantizesStraightThenPremultiplies() {
        let p = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedRGBA8
        // straight (255, 128, 0) at alpha 128 → (128, 64, 0)
        #expect(p == PremultipliedRGBA8(r: 128, g: 64, b: 0, a: 128))
    }
}

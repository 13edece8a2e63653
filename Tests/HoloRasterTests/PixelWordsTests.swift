// The one pixel representation (Canvas.swift, PixelWords.swift): a canvas and an RGBA blur plane
// are words r | g<<8 | b<<16 | a<<24, seen as bytes R, G, B, A; a mask plane packs four samples
// a word. Each view is held to the others here.

import HoloPixels
import Testing
@testable import HoloRaster

@Suite struct PixelWordsTests {
    /// word and init(word:) are inverses over every value of each channel, and the word layout is
    /// r in the low byte, a in the high one.
    @Test func wordAndPixelAreInverses() {
        for v in 0...255 {
            let c = UInt8(v), d = UInt8(255 - v)
            for p in [PremultipliedRGBA8(r: c, g: d, b: c, a: d), PremultipliedRGBA8(r: d, g: c, b: d, a: c)] {
                #expect(PremultipliedRGBA8(word: p.word) == p)
                #expect(p.word == UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24)
            }
        }
    }

    /// The byte view of a canvas is R, G, B, A per pixel, row-major; bytes in and out round-trip.
    @Test func canvasBytesAreRGBAInOrder() {
        var canvas = Canvas(width: 3, height: 2)
        canvas[2, 1] = PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 4)
        canvas[0, 0] = PremultipliedRGBA8(r: 50, g: 60, b: 70, a: 80)
        let bytes = canvas.bytes
        #expect(bytes.count == 3 * 2 * 4)
        #expect(Array(bytes[0..<4]) == [50, 60, 70, 80])
        #expect(Array(bytes[20..<24]) == [1, 2, 3, 4])
        #expect(canvas.withBytes { Array($0) } == bytes)
        #expect(Canvas(width: 3, height: 2, premultipliedBytes: bytes) == canvas)
        canvas.withMutableBytes { $0[5] = 9 }  // pixel (1, 0), green
        #expect(canvas[1, 0] == PremultipliedRGBA8(r: 0, g: 9, b: 0, a: 0))
        #expect(canvas.withWords { $0[1] } == 9 << 8)
    }

    /// Blur planes of every channel count and sizes that do not fill their last word: the byte
    /// view is exactly width·height·channels long and round-trips.
    @Test(arguments: [1, 4])
    func blurPlaneBytesRoundTrip(channels: Int) {
        for (w, h) in [(1, 1), (3, 1), (5, 3), (7, 2)] {
            let bytes = (0..<(w * h * channels)).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
            var plane = BlurPlane(width: w, height: h, channels: channels, bytes: bytes)
            #expect(plane.words.count == (w * h * channels + 3) / 4)
            #expect(plane.bytes == bytes)
            #expect(plane.withBytes { $0.count } == bytes.count)
            plane.withMutableBytes { $0[$0.count - 1] = 0xAB }
            #expect(plane.bytes.last == 0xAB)
        }
    }
}

// Decoding PNG flavours the encoder never writes, from files made by hand (HandPNG, no libpng).

import HoloPNG
import HoloPixels
import Testing

@Suite struct DecodeFormatTests {
    @Test func greyscaleExpandsToOpaqueRGB() throws {
        let bytes = HandPNG.file(width: 3, height: 1, bitDepth: 8, colourType: 0, rows: [[0, 128, 255]])
        let canvas = try PNG.decode(bytes)
        #expect(canvas[0, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(canvas[1, 0] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255))
        #expect(canvas[2, 0] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func greyAlphaIsPremultiplied() throws {
        let bytes = HandPNG.file(width: 2, height: 1, bitDepth: 8, colourType: 4, rows: [[200, 128, 77, 0]])
        let canvas = try PNG.decode(bytes)
        let c = premultiply(200, 128)
        #expect(canvas[0, 0] == PremultipliedRGBA8(r: c, g: c, b: c, a: 128))
        #expect(canvas[1, 0] == .transparent)
    }

    @Test func paletteWithTRNSExpandsToRGBA() throws {
        let plte = HandPNG.chunk("PLTE", [255, 0, 0, 0, 255, 0, 10, 20, 30])
        let trns = HandPNG.chunk("tRNS", [255, 0, 100])  // entries 0, 1, 2
        let bytes = HandPNG.file(width: 3, height: 1, bitDepth: 8, colourType: 3, rows: [[0, 1, 2]], extra: [plte, trns])
        let canvas = try PNG.decode(bytes)
        #expect(canvas[0, 0] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(canvas[1, 0] == .transparent)
        #expect(canvas[2, 0] == PremultipliedRGBA8(r: premultiply(10, 100), g: premultiply(20, 100), b: premultiply(30, 100), a: 100))
    }

    @Test func lowBitDepthGreyScalesUp() throws {
        // 2-bit grey: values 0, 1, 2, 3 → 0, 85, 170, 255, packed in one byte 0b00_01_10_11.
        let bytes = HandPNG.file(width: 4, height: 1, bitDepth: 2, colourType: 0, rows: [[0b0001_1011]])
        let canvas = try PNG.decode(bytes)
        #expect((0..<4).map { canvas[$0, 0].r } == [0, 85, 170, 255])
    }

    @Test func sixteenBitRGBAIsScaledTo8Bits() throws {
        // One pixel: R 0xFFFF, G 0x8080, B 0x0000, A 0xFFFF.
        let bytes = HandPNG.file(width: 1, height: 1, bitDepth: 16, colourType: 6, rows: [[255, 255, 0x80, 0x80, 0, 0, 255, 255]])
        let canvas = try PNG.decode(bytes)
        #expect(canvas[0, 0] == PremultipliedRGBA8(r: 255, g: 128, b: 0, a: 255))
    }

    @Test func ancillaryChunksAreIgnored() throws {
        let text = HandPNG.chunk("tEXt", Array("Comment\0hello".utf8))
        let gamma = HandPNG.chunk("gAMA", HandPNG.be32(45455))
        let bytes = HandPNG.file(width: 1, height: 1, bitDepth: 8, colourType: 2, rows: [[1, 2, 3]], extra: [text, gamma])
        #expect(try PNG.decode(bytes)[0, 0] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255))
    }

    @Test func adam7InterlacedImageIsDeinterlaced() throws {
        // 2×2 grey, Adam7: pass 1 holds (0,0), pass 6 holds (1,0), pass 7 holds row 1; others empty.
        let bytes = HandPNG.file(width: 2, height: 2, bitDepth: 8, colourType: 0, rows: [[10], [20], [30, 40]], interlace: 1)
        let canvas = try PNG.decode(bytes)
        #expect([canvas[0, 0].r, canvas[1, 0].r, canvas[0, 1].r, canvas[1, 1].r] == [10, 20, 30, 40])
    }

    @Test func handMadeFileIsValid() throws {
        // Guards the fixture writer itself: libpng accepts it and reads the exact bytes.
        let bytes = HandPNG.file(width: 2, height: 1, bitDepth: 8, colourType: 6, rows: [[1, 2, 3, 255, 9, 9, 9, 0]])
        let canvas = try PNG.decode(bytes)
        #expect(canvas.width == 2 && canvas.height == 1)
        #expect(canvas[0, 0] == PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255))
    }
}

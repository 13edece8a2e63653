import HoloPNG
import HoloPixels
import Testing

@Suite struct RoundTripTests {
    /// premultiply(unpremultiply(p, a), a) == p for every a and every premultiplied p ≤ a: the
    /// straight-alpha PNG loses nothing a canvas can hold.
    @Test func premultiplyUndoesUnpremultiplyForEveryValidPair() {
        var failures: [(UInt8, UInt8)] = []
        for a in 0...255 {
            for p in 0...a {
                let straight = unpremultiply(UInt8(p), UInt8(a))
                let back = a == 0 ? 0 : premultiply(straight, UInt8(a))
                if back != UInt8(p) { failures.append((UInt8(p), UInt8(a))) }
            }
        }
        #expect(failures.isEmpty, "first failures: \(failures.prefix(5))")
    }

    @Test(arguments: [PNGOptions.level1Up, .small, .libpngDefault,
                      PNGOptions(compressionLevel: 0, filter: .none, strategy: .standard),
                      PNGOptions(compressionLevel: 3, filter: .paeth, strategy: .huffmanOnly)])
    func translucentCanvasRoundTripsExactly(options: PNGOptions) throws {
        let canvas = Fixtures.translucentCanvas(width: 61, height: 37, seed: 7)
        #expect(!canvas.isOpaque)
        let bytes = try PNG.encode(canvas, options: options)
        // IHDR colour type (byte 25): 6 = RGBA.
        #expect(bytes[25] == 6)
        let decoded = try PNG.decode(bytes)
        #expect(decoded == canvas)
    }

    /// Every (alpha, premultiplied value) pair a canvas can hold survives encode → decode.
    @Test func everyPremultipliedPairRoundTrips() throws {
        var canvas = Canvas(width: 256, height: 256)
        for a in 0..<256 {
            for x in 0..<256 {
                let p = UInt8(min(x, a))
                canvas[x, a] = PremultipliedRGBA8(r: p, g: UInt8(a) - p, b: UInt8(a / 2), a: UInt8(a))
            }
        }
        let decoded = try PNG.decode(try PNG.encode(canvas))
        #expect(decoded == canvas)
    }

    @Test func opaqueCanvasIsWrittenAsRGB() throws {
        let canvas = Fixtures.opaqueCanvas(width: 40, height: 30)
        #expect(canvas.isOpaque)
        let bytes = try PNG.encode(canvas)
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        #expect(bytes[24] == 8)  // bit depth
        #expect(bytes[25] == 2)  // colour type 2 = RGB
        #expect(try PNG.decode(bytes) == canvas)
    }

    @Test func oneTranslucentPixelSwitchesToRGBA() throws {
        var canvas = Fixtures.opaqueCanvas(width: 40, height: 30)
        canvas[39, 29] = PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 254)
        let bytes = try PNG.encode(canvas)
        #expect(bytes[25] == 6)
        #expect(try PNG.decode(bytes) == canvas)
    }

    @Test func decodedCanvasHasScaleOne() throws {
        let canvas = Canvas(width: 3, height: 2, scale: 3, premultipliedBytes: Fixtures.opaqueCanvas(width: 3, height: 2).bytes)
        let decoded = try PNG.decode(try PNG.encode(canvas))
        #expect(decoded.scale == 1)
        #expect(decoded.bytes == canvas.bytes)
    }

    @Test func emptyCanvasIsRefused() {
        #expect(throws: PNGError.self) { try PNG.encode(Canvas(width: 0, height: 4)) }
    }
}

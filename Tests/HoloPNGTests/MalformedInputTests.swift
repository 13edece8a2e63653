// Bad input must end in a thrown PNGError carrying a message, never a crash or a huge allocation.

@testable import HoloPNG
import HoloPixels
import Testing

@Suite struct MalformedInputTests {
    static let valid: [UInt8] = try! PNG.encode(Fixtures.translucentCanvas(width: 23, height: 17, seed: 3))

    /// Offset of the first byte of the first IDAT chunk's data.
    static func idatDataOffset(_ bytes: [UInt8]) -> Int {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if Array(bytes[offset + 4..<offset + 8]) == Array("IDAT".utf8) { return offset + 8 }
            offset += 12 + length
        }
        fatalError("no IDAT")
    }

    static func message(of error: PNGError) -> String { error.description }

    @Test func flippedIDATByteIsAnError() throws {
        // The image's only IDAT: the zlib checksum fails before libpng reaches the chunk CRC.
        var bytes = Self.valid
        bytes[Self.idatDataOffset(bytes) + 10] ^= 0x5A
        let error = try #require(throws: PNGError.self) { try PNG.decode(bytes) }
        guard case .invalidImage(let text) = error else { Issue.record("unexpected \(error)"); return }
        #expect(text.contains("IDAT"), "message: \(text)")
    }

    @Test func badIHDRCRCIsACRCError() throws {
        var bytes = Self.valid
        bytes[29] ^= 0xFF  // IHDR CRC: bytes 29…32
        let error = try #require(throws: PNGError.self) { try PNG.decode(bytes) }
        guard case .invalidImage(let text) = error else { Issue.record("unexpected \(error)"); return }
        #expect(text.localizedCaseInsensitiveContains("crc"), "message: \(text)")
    }

    @Test func badIDATCRCIsACRCError() throws {
        var bytes = Self.valid
        let data = Self.idatDataOffset(bytes)
        let length = Int(bytes[data - 8]) << 24 | Int(bytes[data - 7]) << 16 | Int(bytes[data - 6]) << 8 | Int(bytes[data - 5])
        bytes[data + length] ^= 0x01
        let error = try #require(throws: PNGError.self) { try PNG.decode(bytes) }
        guard case .invalidImage(let text) = error else { Issue.record("unexpected \(error)"); return }
        #expect(text.localizedCaseInsensitiveContains("crc"), "message: \(text)")
    }

    @Test func corruptDeflateWithValidCRCIsAnError() throws {
        // Replace the IDAT payload's zlib header with an invalid one and fix the CRC: libpng must
        // report the zlib error itself.
        var bytes = Self.valid
        let data = Self.idatDataOffset(bytes)
        bytes[data] = 0x79  // compression method 9: invalid
        let length = Int(bytes[data - 8]) << 24 | Int(bytes[data - 7]) << 16 | Int(bytes[data - 6]) << 8 | Int(bytes[data - 5])
        let crc = Reference.crc32(bytes[data - 4..<data + length])
        bytes.replaceSubrange(data + length..<data + length + 4, with: HandPNG.be32(crc))
        let error = try #require(throws: PNGError.self) { try PNG.decode(bytes) }
        #expect(!error.description.isEmpty)
        if case .invalidImage = error {} else { Issue.record("unexpected \(error)") }
    }

    @Test(arguments: [0, 1, 7, 8, 16, 33, 40, 60, -13, -12, -1])
    func truncatedFileThrows(cut: Int) throws {
        let length = cut >= 0 ? cut : Self.valid.count + cut
        let bytes = Array(Self.valid[0..<length])
        let error = try #require(throws: PNGError.self) { try PNG.decode(bytes) }
        #expect(error.description.count > 12, "message: \(error)")
    }

    @Test func nonPNGIsRefused() throws {
        let text = Array("GIF89a this is not a PNG at all, just some text bytes".utf8)
        let error = try #require(throws: PNGError.self) { try PNG.decode(text) }
        guard case .notPNG = error else { Issue.record("unexpected \(error)"); return }
        #expect(error.description.contains("signature"))
    }

    @Test func hugeHeaderIsRefusedBeforeAllocation() throws {
        // A 100000×100000 RGBA header (40 GB of pixels) with a tiny IDAT: must be refused, not allocated.
        let bytes = HandPNG.signature + HandPNG.ihdr(width: 100_000, height: 100_000, bitDepth: 8, colourType: 6)
            + HandPNG.chunk("IDAT", HandPNG.zlibStored([0, 1, 2, 3, 4])) + HandPNG.chunk("IEND", [])
        let error = try #require(throws: PNGError.self) { try PNG.decode(bytes) }
        #expect(error == .tooLarge(width: 100_000, height: 100_000, maxPixels: 64_000_000))
        #expect(error.description.contains("100000×100000"))
    }

    @Test func maxPixelsIsHonoured() throws {
        let canvas = Fixtures.opaqueCanvas(width: 20, height: 10)
        let bytes = try PNG.encode(canvas)
        #expect(throws: PNGError.tooLarge(width: 20, height: 10, maxPixels: 199)) { try PNG.decode(bytes, maxPixels: 199) }
        #expect(try PNG.decode(bytes, maxPixels: 200) == canvas)
    }

    @Test func zeroWidthHeaderIsAnError() throws {
        let bytes = HandPNG.signature + HandPNG.ihdr(width: 0, height: 5, bitDepth: 8, colourType: 6)
            + HandPNG.chunk("IDAT", HandPNG.zlibStored([0])) + HandPNG.chunk("IEND", [])
        #expect(throws: PNGError.self) { try PNG.decode(bytes) }
    }

    @Test func missingFileNamesThePath() throws {
        // Files are read through InputFile (regular files within the cap), whose error names the path.
        let error = try #require(throws: InputFileError.self) { try PNG.read(contentsOf: "/nonexistent-holoframe/x.png") }
        #expect(error.description.contains("/nonexistent-holoframe/x.png"))
        #expect(error.description.contains("No such file"))
    }
}

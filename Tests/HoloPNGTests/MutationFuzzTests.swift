// Seeded mutation fuzzing of the decoder: every mutant of a valid PNG must decode to a well-formed
// canvas or throw a PNGError; a crash, trap or leak-by-abort fails the whole test process.
// Seeds: three made here and Tests/FuzzCorpus/png/*.png. HOLOFRAME_FUZZ_SECONDS runs it for that
// long (.ci/run); otherwise 3,000 mutants.

import Foundation
import HoloGeometry
@testable import HoloPNG
import HoloPixels
import Testing

@Suite struct MutationFuzzTests {
    static let mutantCount = 3000

    enum Outcome { case decoded, threw }

    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:  // bit flip
                let i = Int.random(in: 0..<out.count, using: &random)
                out[i] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 2:  // truncation
                out.removeLast(Int.random(in: 0..<out.count, using: &random))
            case 3:  // byte insertion
                out.insert(UInt8.random(in: 0...255, using: &random), at: Int.random(in: 0...out.count, using: &random))
            case 4:  // byte overwrite, biased to the header where lengths and sizes live
                let i = Int.random(in: 0..<min(out.count, 40), using: &random)
                out[i] = UInt8.random(in: 0...255, using: &random)
            default:  // byte deletion
                out.remove(at: Int.random(in: 0..<out.count, using: &random))
            }
            if out.isEmpty { out = [0] }
        }
        return out
    }

    /// Recomputes the CRC of every chunk that still parses, so half the mutants get past the CRC
    /// checks into IHDR validation, palette handling and inflate.
    static func repairCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var offset = 8
        while offset + 12 <= out.count {
            let length = Int(out[offset]) << 24 | Int(out[offset + 1]) << 16 | Int(out[offset + 2]) << 8 | Int(out[offset + 3])
            guard length <= out.count - offset - 12 else { break }
            let crc = Reference.crc32(out[offset + 4..<offset + 8 + length])
            out.replaceSubrange(offset + 8 + length..<offset + 12 + length, with: HandPNG.be32(crc))
            offset += 12 + length
        }
        return out
    }

    static let corpus: [[UInt8]] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus/png").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .compactMap { FileManager.default.contents(atPath: "\(folder)/\($0)").map(Array.init) }
    }()

    @Test func mutantsDecodeOrThrow() throws {
        // Small valid files: one RGBA written by libpng, one hand-made grey, one palette+tRNS.
        let seeds: [[UInt8]] = [
            try PNG.encode(Fixtures.translucentCanvas(width: 9, height: 7, seed: 11)),
            HandPNG.file(width: 3, height: 2, bitDepth: 8, colourType: 0, rows: [[1, 2, 3], [4, 5, 6]]),
            HandPNG.file(width: 2, height: 1, bitDepth: 8, colourType: 3, rows: [[0, 1]],
                         extra: [HandPNG.chunk("PLTE", [1, 2, 3, 4, 5, 6]), HandPNG.chunk("tRNS", [7])]),
        ] + Self.corpus
        #expect(Self.corpus.count >= 5, "Tests/FuzzCorpus/png is missing")
        let seconds = ProcessInfo.processInfo.environment["HOLOFRAME_FUZZ_SECONDS"].flatMap(Double.init)
        let start = Date()
        var random = SplitMix64(seed: 0xF022)
        var decoded = 0, threw = 0, n = 0
        while seconds.map({ Date().timeIntervalSince(start) < $0 }) ?? (n < Self.mutantCount) {
            defer { n += 1 }
            var mutant = Self.mutate(seeds[n % seeds.count], &random)
            if n % 2 == 1 { mutant = Self.repairCRCs(mutant) }
            do {
                let canvas = try PNG.decode(mutant, maxPixels: 1 << 20)
                #expect(canvas.bytes.count == canvas.width * canvas.height * 4)
                #expect(canvas.width * canvas.height <= 1 << 20)
                // A decoded canvas is validly premultiplied: no channel exceeds its alpha.
                var valid = true
                for i in stride(from: 0, to: canvas.bytes.count, by: 4) {
                    let a = canvas.bytes[i + 3]
                    if canvas.bytes[i] > a || canvas.bytes[i + 1] > a || canvas.bytes[i + 2] > a { valid = false }
                }
                #expect(valid)
                decoded += 1
            } catch let error as PNGError {
                #expect(!error.description.isEmpty)
                threw += 1
            }
        }
        #expect(decoded + threw == n)
        // Both outcomes occur: the mutator is not trivially always-fatal or always-harmless.
        #expect(decoded > 0 && threw > 0, "decoded \(decoded), threw \(threw)")
        print("PNG fuzz: \(n) inputs ran without a crash: \(decoded) decoded, \(threw) threw PNGError")
    }
}

// The project's own deflate (CPNGFast/deflate.c) on its own: every stream it writes inflates,
// through ISA-L's inflater (independent of it: no code shared), to exactly the bytes it was given;
// the AVX2 parse writes the same bytes as the byte-by-byte one; stripes deflated apart join into
// one stream; the Huffman code lengths stay within deflate's 15 bits when the counts would make
// them longer; input that does not shrink is stored; too little room is reported, never overrun.
// (The PNG files it writes are also read back through libpng in FastPNGTests, and through Pillow
// by .ci/run.)

import CKernelTestHooks
import CPNGFast
import HoloGeometry
@testable import HoloPNG
import Testing

@Suite struct RunCopyDeflateTests {
    /// Scanline-like inputs: name, bytes, row length, pixel bytes.
    static func inputs() -> [(String, [UInt8], Int, Int32)] {
        var random = SplitMix64(seed: 1951)
        func byte() -> UInt8 { UInt8.random(in: 0...255, using: &random) }
        var out: [(String, [UInt8], Int, Int32)] = []
        out.append(("one byte", [7], 1, 3))
        out.append(("one zero", [0], 1, 3))
        for n in [2, 3, 4, 5, 9, 10, 11, 63, 64, 65, 200] { out.append(("\(n) zeros", [UInt8](repeating: 0, count: n), 31, 3)) }
        // Zero runs of every length around the 258-byte match limit and the 4-zero minimum, between literals.
        var runs: [UInt8] = []
        for length in Array(1...12) + [255, 256, 257, 258, 259, 260, 261, 262, 515, 516, 517, 518, 519, 1000] {
            runs.append(UInt8.random(in: 1...255, using: &random))
            runs += [UInt8](repeating: 0, count: length)
        }
        out.append(("zero runs", runs, 97, 3))
        out.append(("noise", (0..<70_000).map { _ in byte() }, 3_511, 3))
        // Rows that repeat the row above, shifted one pixel either way or not, with a few changes:
        // copies at line − bpp, line and line + bpp, of every length up to 258 and beyond.
        for (line, bpp) in [(3_511, Int32(3)), (4_681, Int32(4)), (40, Int32(3)), (5, Int32(4))] {
            var rows = (0..<line).map { _ in byte() }
            for y in 1..<40 {
                let shift = [0, Int(bpp), -Int(bpp)][y % 3]
                var row = [UInt8](repeating: 0, count: line)
                for x in 0..<line { let from = x + shift; row[x] = from >= 0 && from < line ? rows[(y - 1) * line + from] : byte() }
                for _ in 0..<(y % 5) { row[Int.random(in: 0..<line, using: &random)] = byte() }
                if y % 7 == 0 { for x in 0..<min(line, 300) { row[x] = 0 } }
                rows += row
            }
            out.append(("shifted rows \(line)/\(bpp)", rows, line, bpp))
        }
        // Frosted-glass-like residuals: mostly zeros with ±1 and ±2 sprinkled at several densities,
        // some rows copying the row above (shifted or not) over a stretch: every event (run, copy,
        // literal) starts and ends at every offset of the AVX2 parse's 32-position windows.
        for (line, bpp) in [(3_511, Int32(3)), (4_681, Int32(4))] {
            var rows: [UInt8] = []
            for y in 0..<60 {
                let density = [2, 8, 30, 70][y % 4]  // percent nonzero
                var row = (0..<line).map { _ -> UInt8 in
                    Int.random(in: 0..<100, using: &random) < density ? [1, 255, 2, 254][Int.random(in: 0..<4, using: &random)] : 0
                }
                if y > 0 && y % 3 != 0 {
                    let shift = [0, Int(bpp), -Int(bpp)][y % 3], from = Int.random(in: 0..<(line / 2), using: &random)
                    for x in from..<min(line, from + Int.random(in: 5...600, using: &random)) where x + shift >= 0 && x + shift < line {
                        row[x] = rows[(y - 1) * line + x + shift]
                    }
                }
                rows += row
            }
            out.append(("sparse residuals \(line)/\(bpp)", rows, line, bpp))
        }
        // Rows longer than deflate's 32 KiB window: zero runs only.
        out.append(("wide rows", (0..<100_000).map { i in i % 40_000 < 20_000 ? 0 : UInt8(i % 7) }, 40_000, 3))
        // Symbol counts in the Fibonacci sequence make a Huffman tree 24 deep; deflate allows 15.
        var fibonacci: [UInt8] = []
        var (a, b) = (1, 1)
        for symbol in 1...24 { fibonacci += [UInt8](repeating: UInt8(symbol * 10), count: a); (a, b) = (b, a + b) }
        for i in stride(from: fibonacci.count - 1, to: 0, by: -1) { fibonacci.swapAt(i, Int.random(in: 0...i, using: &random)) }
        out.append(("Fibonacci counts", fibonacci, 1_000, 3))
        return out
    }

    /// A zlib stream around raw deflate blocks: header 78 01, the blocks, Adler-32 of `original`.
    static func zlib(_ blocks: [UInt8], of original: [UInt8]) -> [UInt8] {
        let adler = Reference.adler32(original)
        return [0x78, 0x01] + blocks + [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
    }

    static func inflate(_ stream: [UInt8], expecting count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count + 1)
        let n = hf_fast_inflate_zlib(stream, stream.count, &out, out.count)
        return n == count ? Array(out[..<count]) : nil
    }

    static func deflate(_ input: [UInt8], line: Int, bpp: Int32, last: Bool, kernel: Int32? = nil, capacity: Int? = nil) -> [UInt8]? {
        var scratch = [UInt8](repeating: 0, count: hf_fast_deflate_scratch_size(input.count))
        let room = capacity ?? input.count + input.count / 8 + 64
        var out = [UInt8](repeating: 0, count: room)
        let n = input.withUnsafeBufferPointer { source in
            if let kernel {
                return hf_fast_deflate_stripe_kernel(source.baseAddress, input.count, line, bpp, last ? 1 : 0, &scratch, &out, room, kernel)
            }
            return hf_fast_deflate_stripe(source.baseAddress, input.count, line, bpp, last ? 1 : 0, &scratch, &out, room)
        }
        return n >= 0 ? Array(out[..<n]) : nil
    }

    @Test func everyInputInflatesToItself() throws {
        for (name, input, line, bpp) in Self.inputs() {
            let blocks = try #require(Self.deflate(input, line: line, bpp: bpp, last: true), "\(name)")
            let back = Self.inflate(Self.zlib(blocks, of: input), expecting: input.count)
            #expect(back == input, "\(name): \(input.count) bytes")
        }
    }

    /// The windowed parse, built for the default target (kernel 1) and for AVX2 (2), against the
    /// byte-by-byte one (0).
    @Test func theWindowedParsesWriteTheByteByByteParsesBytes() throws {
        for (name, input, line, bpp) in Self.inputs() {
            let plain = try #require(Self.deflate(input, line: line, bpp: bpp, last: true, kernel: 0), "\(name)")
            for kernel: Int32 in [1, 2] {
                guard let windowed = Self.deflate(input, line: line, bpp: bpp, last: true, kernel: kernel) else {
                    #expect(kernel == 2, "kernel 1 runs on every CPU")  // kernel 2 needs AVX2
                    continue
                }
                #expect(windowed == plain, "\(name), kernel \(kernel)")
            }
        }
    }

    /// Stripes deflated apart (the first two ending in a full flush) concatenate into one stream.
    @Test func stripesJoinIntoOneStream() throws {
        for (name, input, line, bpp) in Self.inputs() where input.count >= 3 {
            let cuts = [0, input.count / 3, 2 * input.count / 3, input.count]
            var joined: [UInt8] = []
            for k in 0..<3 {
                let part = Array(input[cuts[k]..<cuts[k + 1]])
                joined += try #require(Self.deflate(part, line: line, bpp: bpp, last: k == 2), "\(name), stripe \(k)")
            }
            #expect(Self.inflate(Self.zlib(joined, of: input), expecting: input.count) == input, "\(name)")
        }
    }

    /// Noise is stored (5 bytes a block of up to 65,535, 5 for the flush); runs shrink to almost
    /// nothing; too little room is -1, not an overrun.
    @Test func sizesAndRoom() throws {
        var random = SplitMix64(seed: 7)
        let noise = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let stored = try #require(Self.deflate(noise, line: 3_511, bpp: 3, last: false))
        #expect(stored.count == noise.count + 5 * 4 + 5)
        let zeros = [UInt8](repeating: 0, count: 200_000)
        let small = try #require(Self.deflate(zeros, line: 3_511, bpp: 3, last: true))
        #expect(small.count < 1_000)
        #expect(Self.deflate(zeros, line: 3_511, bpp: 3, last: true, capacity: small.count) == nil)  // needs 8 bytes of slack
        #expect(Self.deflate(noise, line: 3_511, bpp: 3, last: true, capacity: noise.count) == nil)
    }
}

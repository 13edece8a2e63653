// Whole-frame alpha conversions between the canvas (premultiplied) and PNG (straight alpha).
//
// Each pass is a single loop over 32-bit pixels behind unsafe buffers. Opaque (a = 255) and clear
// (a = 0) pixels, the bulk of a UI frame, take a branch with no arithmetic; the rest look up
//   straight c = unpremultiply(c, a) = ⌊c·255/a + ½⌋ (clamped)
// in a 64 KiB table built once from HoloRaster's `unpremultiply`, so results are that function's,
// bit for bit, without a division per channel. Pixel words are read little-endian: r | g<<8 |
// b<<16 | a<<24 for the bytes r, g, b, a.

import HoloRaster

/// unpremultiply(c, a) at index a << 8 | c.
@usableFromInline
let unpremultiplyTable: [UInt8] = (0..<65536).map { unpremultiply(UInt8($0 & 0xFF), UInt8($0 >> 8)) }

@usableFromInline
enum AlphaConversion {
    /// True when every pixel's alpha byte is 255: the AND of all words has its top byte all ones.
    /// Checked a row-sized block at a time so a translucent pixel ends the scan early.
    @inlinable
    static func isOpaque(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            let block = 4096
            var start = 0
            while start < words.count {
                let end = Swift.min(start + block, words.count)
                var all: UInt32 = 0xFFFF_FFFF
                for i in start..<end { all &= words[i] }
                if UInt32(littleEndian: all) >> 24 != 0xFF { return false }
                start = end
            }
            return true
        }
    }

    /// Premultiplied RGBA8 → straight RGBA8.
    @inlinable
    static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
        let count = pixels.count / 4
        return [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
            pixels.withUnsafeBytes { raw in
                unpremultiplyTable.withUnsafeBufferPointer { table in
                    let source = raw.bindMemory(to: UInt32.self)
                    let destination = UnsafeMutableRawBufferPointer(out).bindMemory(to: UInt32.self)
                    for i in 0..<count {
                        let word = UInt32(littleEndian: source[i])
                        let a = word >> 24
                        if a == 0xFF || a == 0 {
                            destination[i] = a == 0 ? 0 : source[i]
                        } else {
                            let row = Int(a) << 8
                            let r = UInt32(table[row | Int(word & 0xFF)])
                            let g = UInt32(table[row | Int((word >> 8) & 0xFF)])
                            let b = UInt32(table[row | Int((word >> 16) & 0xFF)])
                            destination[i] = UInt32(littleEndian: r | g << 8 | b << 16 | a << 24)
                        }
                    }
                }
            }
            initialized = count * 4
        }
    }

    /// Straight RGBA8 → premultiplied RGBA8: c' = premultiply(c, a) = ⌊c·a/255 + ½⌋.
    @inlinable
    static func premultiplied(_ source: UnsafeRawBufferPointer) -> [UInt8] {
        let count = source.count / 4
        return [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
            let destination = UnsafeMutableRawBufferPointer(out)
            for i in 0..<count {
                let word = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                let a = UInt8(word >> 24)
                let result: UInt32
                if a == 0xFF {
                    result = word
                } else if a == 0 {
                    result = 0
                } else {
                    let r = UInt32(premultiply(UInt8(word & 0xFF), a))
                    let g = UInt32(premultiply(UInt8((word >> 8) & 0xFF), a))
                    let b = UInt32(premultiply(UInt8((word >> 16) & 0xFF), a))
                    result = r | g << 8 | b << 16 | UInt32(a) << 24
                }
                destination.storeBytes(of: UInt32(littleEndian: result), toByteOffset: i * 4, as: UInt32.self)
            }
            initialized = count * 4
        }
    }
}

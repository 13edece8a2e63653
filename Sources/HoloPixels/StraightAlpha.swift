// Whole-frame passes between the canvas (premultiplied) and straight alpha (what PNG stores and
// ffmpeg's `-pix_fmt rgba` expects). The only copies in the package: the PNG writers and the raw
// frame output call these.
//
// Opaque (a = 255) and clear (a = 0) pixels, the bulk of a UI frame, take a branch with no
// arithmetic; the rest look up
//   straight c = unpremultiply(c, a) = ⌊c·255/a + ½⌋ (clamped)
// in a 64 KiB table built once from `unpremultiply`, so results are that function's, bit for bit,
// without a division per channel. Pixels are canvas words: r | g<<8 | b<<16 | a<<24.

/// unpremultiply(c, a) at index a << 8 | c (also handed to the fast PNG writer's C row kernel).
public let unpremultiplyTable: [UInt8] = (0..<65536).map { unpremultiply(UInt8($0 & 0xFF), UInt8($0 >> 8)) }

/// Straight-alpha RGBA8 bytes of a canvas (R, G, B, A per pixel).
public func straightRGBA(_ canvas: Canvas) -> [UInt8] {
    let count = canvas.width * canvas.height
    return [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
        canvas.withWords { source in
            unpremultiplyTable.withUnsafeBufferPointer { table in
                let destination = UnsafeMutableRawBufferPointer(out)
                for i in 0..<count {
                    let word = source[i]
                    let a = word >> 24
                    let result: UInt32
                    if a == 0xFF || a == 0 {
                        result = a == 0 ? 0 : word
                    } else {
                        let row = Int(a) << 8
                        let r = UInt32(table[row | Int(word & 0xFF)])
                        let g = UInt32(table[row | Int((word >> 8) & 0xFF)])
                        let b = UInt32(table[row | Int((word >> 16) & 0xFF)])
                        result = r | g << 8 | b << 16 | a << 24
                    }
                    // Bytes R, G, B, A: the word stored little-endian (PixelWords.swift).
                    destination.storeBytes(of: result.littleEndian, toByteOffset: i * 4, as: UInt32.self)
                }
            }
        }
        initialized = count * 4
    }
}

extension Canvas {
    /// True when every pixel has alpha 255 (the PNG writers then store RGB): the AND of all words
    /// has its top byte all ones. Checked a block at a time so a translucent pixel ends the scan early.
    public var isOpaque: Bool {
        withWords { words in
            let block = 4096
            var start = 0
            while start < words.count {
                let end = Swift.min(start + block, words.count)
                var all: UInt32 = 0xFFFF_FFFF
                for i in start..<end { all &= words[i] }
                if all >> 24 != 0xFF { return false }
                start = end
            }
            return true
        }
    }
}

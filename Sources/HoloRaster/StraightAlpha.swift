// Whole-frame passes between the canvas (premultiplied) and straight alpha (what PNG stores and
// ffmpeg's `-pix_fmt rgba` expects). The only copies in the package: the PNG writers and the raw
// frame output call these.
//
// Opaque (a = 255) and clear (a = 0) pixels, the bulk of a UI frame, take a branch with no
// arithmetic; the rest look up
//   straight c = unpremultiply(c, a) = ⌊c·255/a + ½⌋ (clamped)
// in a 64 KiB table built once from `unpremultiply`, so results are that function's, bit for bit,
// without a division per channel. Pixel words are read little-endian: r | g<<8 | b<<16 | a<<24.

/// unpremultiply(c, a) at index a << 8 | c (also handed to the fast PNG writer's C row kernel).
public let unpremultiplyTable: [UInt8] = (0..<65536).map { unpremultiply(UInt8($0 & 0xFF), UInt8($0 >> 8)) }

/// Straight-alpha RGBA8 bytes of a canvas.
public func straightRGBA(_ canvas: Canvas) -> [UInt8] {
    let pixels = canvas.pixels
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

extension Canvas {
    /// True when every pixel has alpha 255 (the PNG writers then store RGB): the AND of all words
    /// has its top byte all ones. Checked a block at a time so a translucent pixel ends the scan early.
    public var isOpaque: Bool {
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
}

// Straight → premultiplied for the decoder (the other way, and the opaque check, are HoloRaster's
// `straightRGBA` and `Canvas.isOpaque`). The straight bytes R, G, B, A are read as one little-endian
// word, which is the canvas word layout r | g<<8 | b<<16 | a<<24.

import HoloPixels

@usableFromInline
enum AlphaConversion {
    /// Straight RGBA8 bytes → premultiplied canvas words: c' = premultiply(c, a) = ⌊c·a/255 + ½⌋.
    @inlinable
    static func premultiplied(_ source: UnsafeRawBufferPointer) -> [UInt32] {
        let count = source.count / 4
        return [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            for i in 0..<count {
                let word = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                let a = UInt8(word >> 24)
                if a == 0xFF {
                    out[i] = word
                } else if a == 0 {
                    out[i] = 0
                } else {
                    out[i] = PremultipliedRGBA8(r: premultiply(UInt8(word & 0xFF), a), g: premultiply(UInt8((word >> 8) & 0xFF), a),
                                                b: premultiply(UInt8((word >> 16) & 0xFF), a), a: a).word
                }
            }
            initialized = count
        }
    }
}

// Straight → premultiplied for the decoder (the other way, and the opaque check, are HoloRaster's
// `straightRGBA` and `Canvas.isOpaque`). Pixel words are read little-endian: r | g<<8 | b<<16 | a<<24.

import HoloRaster

@usableFromInline
enum AlphaConversion {
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

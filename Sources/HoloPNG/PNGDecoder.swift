// PNG decoding through libpng (via the CPNGShim setjmp boundary).
//
// The shim turns any PNG (palette, grey, 16-bit, tRNS, interlaced) into straight RGBA8 and refuses
// headers over the pixel limit before allocating; here the pixels are premultiplied into a canvas.
// Decoding polls the thread's FrameWatch (HoloStop) after every row and every 8 KiB of input, so a
// frame deadline, --max-time or a signal stops it; image data going on past the header's size is
// refused before libpng inflates it (a 4999² PNG whose IDAT inflated 50× past its IHDR took 10.9 s
// under --max-time 2: libpng inflates all of it to find its end).

import CPNGShim
import HoloPixels
import HoloStop

extension PNG {
    /// Decodes PNG bytes to a premultiplied canvas at scale 1.
    /// Throws PNGError for anything that is not a complete, valid PNG within `maxPixels`.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 64_000_000) throws -> Canvas {
        let limit = Swift.max(0, maxPixels)
        var rgba = hf_buffer()
        defer { hf_buffer_free(&rgba) }
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { text in
                hf_png_decode(data.baseAddress, data.count, UInt32(clamping: limit), UInt32(clamping: limit),
                              UInt64(limit), &width, &height, &rgba, text.baseAddress, text.count,
                              { FrameWatch.shouldStop() ? 1 : 0 })
            }
        }
        guard status == Int32(HF_PNG_OK) else {
            let text = shimMessage(message)
            switch status {
            case Int32(HF_PNG_ERR_NOT_PNG): throw PNGError.notPNG(text)
            case Int32(HF_PNG_ERR_TOO_LARGE): throw PNGError.tooLarge(width: Int(width), height: Int(height), maxPixels: limit)
            case Int32(HF_PNG_ERR_NOMEM): throw PNGError.outOfMemory(text)
            case Int32(HF_PNG_ERR_ARGUMENT): throw PNGError.invalidArgument(text)
            case Int32(HF_PNG_ERR_STOPPED): throw PNGError.stopped
            default: throw PNGError.invalidImage(text)
            }
        }
        let count = Int(width) * Int(height) * 4
        precondition(rgba.length == count, "libpng shim returned \(rgba.length) bytes for \(width)×\(height)")
        let words = AlphaConversion.premultiplied(UnsafeRawBufferPointer(start: rgba.data, count: count))
        return Canvas(width: Int(width), height: Int(height), scale: 1, premultipliedWords: words)
    }
}

extension PNG {
    /// The version of the libpng this process runs with (png_access_version_number), e.g. "1.6.39":
    /// goldens record it beside the text libraries' versions (Holoframe's GoldenProvenance).
    public static var libraryVersion: String {
        var text = [CChar](repeating: 0, count: 32)
        hf_png_library_version(&text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

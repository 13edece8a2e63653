// PNG encoding through libpng (via the CPNGShim setjmp boundary): the `small` profile, and any
// explicit PNGOptions. The table below is the libpng/zlib measurement the old default came from;
// the fast profile (FastPNG.swift) replaced it.
//
// Opaque canvases (every alpha 255, the usual full-screen frame) are handed to libpng as they are
// and written as colour type RGB: libpng's write filler drops the alpha byte row by row, so there
// is no conversion pass and the file is 3/4 the raw size. Other canvases are unpremultiplied in one
// whole-frame pass (HoloRaster's straightRGBA) and written as RGBA with straight alpha, as PNG requires.
//
// Measured (PNGOptions.fast is chosen from this): one opaque 1170×2532 UI frame (diagonal gradient,
// rounded cards, anti-aliased glyph-like text blobs, a dithered "photo"), RGB output, best of 5,
//   HOLOFRAME_PNG_BENCH=1 swift test -c release --filter HoloPNGTests.EncoderMeasurement
// on the shared 2-core machine (other builds running; absolute times varied up to 2× between
// the two runs; level 1 UP was the fastest within 1.3× in both):
//   libpng default (6, adaptive, Z_FILTERED)   198.6 ms   457938 B  1.00×
//   level 9 adaptive (.small)                  504.0 ms   437501 B  0.96×
//   level 1 adaptive                            79.5 ms   572674 B  1.25×
//   level 1 NONE                                31.5 ms   688370 B  1.50×
//   level 1 SUB                                 37.1 ms   622257 B  1.36×
//   level 1 UP                     ← .fast      33.6 ms   570795 B  1.25×
//   level 1 AVG                                 38.1 ms   661884 B  1.45×
//   level 1 PAETH                               48.3 ms   593141 B  1.30×
//   level 2 SUB                                 38.5 ms   596407 B  1.30×
//   level 2 UP                                  34.8 ms   556192 B  1.21×
//   level 3 UP                                  42.6 ms   521558 B  1.14×
//   Z_RLE NONE / SUB / UP / PAETH        97.3 / 40.2 / 36.5 / 47.8 ms   9.24× / 2.00× / 1.50× / 1.18×
//   Z_RLE adaptive                              79.8 ms   528192 B  1.15×
//   Z_HUFFMAN_ONLY SUB / UP              101.8 / 91.9 ms   3.88× / 3.45×
//   level 0 (stored, the floor of libpng's row/CRC/Adler work)  11.7 ms  19.4×
// Level 1 + UP is the fastest setting within 1.3× of the default size. The < 15 ms target is NOT
// met with libpng + zlib 1.2.13 on one core: even storing uncompressed costs 11.7 ms, and the
// deflate of filtered rows is ~22 ms of the 34. A flat synthetic frame (gradient + cards only)
// encodes at level 1 NONE in 17 ms; real content with text costs twice that. Frame sequences
// should encode frames in parallel with rendering rather than expect one encode under 15 ms.

import CPNGShim
import HoloPixels

extension PNG {
    /// Encodes the canvas through libpng with explicit settings: RGB when every pixel is opaque,
    /// else straight-alpha RGBA.
    public static func encode(_ canvas: Canvas, options: PNGOptions) throws -> [UInt8] {
        guard canvas.width > 0, canvas.height > 0 else {
            throw PNGError.invalidArgument("cannot encode an empty \(canvas.width)×\(canvas.height) canvas")
        }
        guard (0...9).contains(options.compressionLevel) else {
            throw PNGError.invalidArgument("compression level \(options.compressionLevel) is not in 0…9")
        }
        guard canvas.width <= Int(Int32.max), canvas.height <= Int(Int32.max) else {
            throw PNGError.invalidArgument("canvas of \(canvas.width)×\(canvas.height) is too large for PNG")
        }
        if canvas.isOpaque {
            // Opaque: premultiplied equals straight, so libpng reads the canvas bytes directly.
            return try canvas.withBytes {
                try encodeRGBA($0, width: canvas.width, height: canvas.height, outputChannels: 3, options)
            }
        }
        let straight = straightRGBA(canvas)
        return try straight.withUnsafeBufferPointer {
            try encodeRGBA($0, width: canvas.width, height: canvas.height, outputChannels: 4, options)
        }
    }

    /// Straight RGBA8 rows → PNG bytes with 3 or 4 output channels.
    static func encodeRGBA(_ rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, outputChannels: Int32,
                           _ options: PNGOptions) throws -> [UInt8] {
        var output = hf_buffer()
        defer { hf_buffer_free(&output) }
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { text in
            hf_png_encode(rgba.baseAddress, UInt32(width), UInt32(height), 4, outputChannels,
                          options.compressionLevel, options.filter.mask, options.strategy.zlibValue,
                          &output, text.baseAddress, text.count)
        }
        guard status == Int32(HF_PNG_OK) else {
            let text = shimMessage(message)
            switch status {
            case Int32(HF_PNG_ERR_NOMEM): throw PNGError.outOfMemory(text)
            case Int32(HF_PNG_ERR_ARGUMENT): throw PNGError.invalidArgument(text)
            default: throw PNGError.encodeFailed(text)
            }
        }
        return Array(UnsafeBufferPointer(start: output.data, count: output.length))
    }

    static func shimMessage(_ message: [CChar]) -> String {
        message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

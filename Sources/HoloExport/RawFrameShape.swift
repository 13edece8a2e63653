// How raw frames are shaped for a video encoder (`render --video`).
//
// Straight alpha (what `--format raw`, ProRes 4444 and APNG take): the canvas unpremultiplied.
//
// Opaque (H.264, VP9, GIF carry no alpha): each pixel over opaque black. Over black the
// premultiplied colour *is* the composite,
//   out = src + black·(1 − αsrc) = src (premultiplied),   αout = 1,
// so an opaque frame is the canvas's own bytes with alpha set to 255: exact, no arithmetic, and
// an opaque pixel keeps its colour bit for bit. A clip that paints its own opaque background (every
// built-in clip does) shows no black at all.
//
// Padded to even (4:2:0 chroma needs even sides: iPhone SE at 1x is 375×667): the last column is
// repeated once at the right and the last row once at the bottom, so the edge's colour bleeds into
// the padding instead of a black line; crop it off with `crop=W:H:0:0` to get the frame back.

import HoloPixels
import HoloRaster

/// How `RenderPipeline` turns a canvas into the bytes of a raw frame.
public struct RawFrameShape: Sendable, Hashable {
    /// Composite over opaque black (alpha 255 everywhere) instead of straight alpha.
    public var opaque: Bool
    /// Pad an odd width or height to even by repeating the last column or row.
    public var padToEven: Bool

    public init(opaque: Bool = false, padToEven: Bool = false) { self.opaque = opaque; self.padToEven = padToEven }

    /// Straight-alpha RGBA at the canvas's size: `--format raw`.
    public static let straight = RawFrameShape()

    /// The size of the frames this shape makes from a `width`×`height` canvas.
    public func size(width: Int, height: Int) -> (width: Int, height: Int) {
        padToEven ? (width + width % 2, height + height % 2) : (width, height)
    }

    /// The RGBA8 bytes of one frame, row after row.
    public func bytes(_ canvas: Canvas) -> [UInt8] {
        let pixels: [UInt8]
        if opaque {
            pixels = canvas.withWords { words in
                [UInt8](unsafeUninitializedCapacity: words.count * 4) { out, initialized in
                    // Canvas words are r | g<<8 | b<<16 | a<<24: the alpha byte becomes 255.
                    for i in 0..<words.count {
                        let w = words[i] | 0xFF00_0000
                        out[4 * i] = UInt8(truncatingIfNeeded: w); out[4 * i + 1] = UInt8(truncatingIfNeeded: w >> 8)
                        out[4 * i + 2] = UInt8(truncatingIfNeeded: w >> 16); out[4 * i + 3] = 0xFF
                    }
                    initialized = words.count * 4
                }
            }
        } else {
            pixels = straightRGBA(canvas)
        }
        let (w, h) = (canvas.width, canvas.height)
        let (pw, ph) = size(width: w, height: h)
        guard (pw, ph) != (w, h) else { return pixels }
        var out = [UInt8](repeating: 0, count: pw * ph * 4)
        for y in 0..<ph {
            let from = min(y, h - 1) * w * 4
            let to = y * pw * 4
            out[to..<(to + w * 4)] = pixels[from..<(from + w * 4)]
            if pw > w { out[(to + w * 4)..<(to + pw * 4)] = pixels[(from + (w - 1) * 4)..<(from + w * 4)] }
        }
        return out
    }
}

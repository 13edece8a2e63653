// Group opacity as a blend with the saved backdrop (see SceneRenderer for why this is exact):
//   out = self·o + backdrop·(1 − o),  per premultiplied channel, with w = round(o·255):
//   out = (self·w + backdrop·(255 − w)) / 255, rounded (div255).
// Only the group's pixel bounds are saved and blended: a faded card costs its own area, not the
// screen's. Held byte for byte to `Reference.mixBack` (FastPathTests).

extension Canvas {
    /// A copy of the pixels in `x0..<x1 × y0..<y1` (clamped to the canvas) as a canvas of that size.
    public func region(x0: Int, y0: Int, x1: Int, y1: Int) -> Canvas {
        let cx0 = max(0, x0), cy0 = max(0, y0), cx1 = min(width, x1), cy1 = min(height, y1)
        guard cx1 > cx0, cy1 > cy0 else { return Canvas(width: 0, height: 0, scale: scale) }
        let w = cx1 - cx0
        var out = Canvas(width: w, height: cy1 - cy0, scale: scale)
        withWords { src in
            out.withMutableWords { dst in
                for y in cy0..<cy1 {
                    let s = y * width + cx0, d = (y - cy0) * w
                    (dst.baseAddress! + d).update(from: src.baseAddress! + s, count: w)
                }
            }
        }
        return out
    }

    /// Mixes the pixels under `backdrop` (placed with its top-left at `x`, `y`) with it, keeping
    /// `backdropWeight` of the backdrop.
    public mutating func blend(from backdrop: Canvas, x ox: Int = 0, y oy: Int = 0, keeping backdropWeight: Double) {
        precondition(ox >= 0 && oy >= 0 && ox + backdrop.width <= width && oy + backdrop.height <= height,
                     "backdrop lies outside the canvas")
        let w = UInt32((max(0, min(1, 1 - backdropWeight)) * 255).rounded())
        if w == 255 { return }
        let iw = 255 - w
        let bw = backdrop.width, width = self.width
        // Two channels per 32-bit lane pair (Blend.swift): d·w + s·(255 − w) ≤ 255·255 per lane, so
        // laneDiv255 gives every channel's div255 exactly. Equal pixels stay as they are
        // (div255(d·255) = d), which skips the untouched part of a faded group's bounds.
        // Four pixels at a time in 16-bit lanes (BlendLanes.swift): the same integers per channel.
        let wq = SIMD8<UInt16>(repeating: UInt16(w)), iwq = SIMD8<UInt16>(repeating: UInt16(iw))
        backdrop.withWords { srcWords in
            withMutableWords { dstWords in
                let src = srcWords.baseAddress!
                let dst = dstWords.baseAddress!
                for y in 0..<backdrop.height {
                    let s = src + y * bw, d = dst + ((oy + y) * width + ox)
                    let rs = UnsafeRawPointer(s), rd = UnsafeMutableRawPointer(d)
                    var i = 0
                    while i + 4 <= bw {
                        let dv = UnsafeRawPointer(rd).loadUnaligned(fromByteOffset: i * 4, as: PixelQuad.self)
                        let sv = rs.loadUnaligned(fromByteOffset: i * 4, as: PixelQuad.self)
                        if dv != sv {
                            let rb = div255Lanes(unsafeBitCast(dv & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* wq
                                                 &+ unsafeBitCast(sv & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* iwq)
                            let ga = div255Lanes(unsafeBitCast((dv &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* wq
                                                 &+ unsafeBitCast((sv &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* iwq)
                            let out = unsafeBitCast(rb, to: PixelQuad.self) | (unsafeBitCast(ga, to: PixelQuad.self) &<< 8)
                            rd.storeBytes(of: out, toByteOffset: i * 4, as: PixelQuad.self)
                        }
                        i += 4
                    }
                    while i < bw {
                        let dv = d[i], sv = s[i]
                        if dv != sv {
                            let rb = laneDiv255((dv & 0x00FF_00FF) &* w &+ (sv & 0x00FF_00FF) &* iw)
                            let ga = laneDiv255(((dv >> 8) & 0x00FF_00FF) &* w &+ ((sv >> 8) & 0x00FF_00FF) &* iw)
                            d[i] = rb | (ga << 8)
                        }
                        i += 1
                    }
                }
            }
        }
    }
}

// Group opacity as a blend with the saved backdrop (see SceneRenderer for why this is exact):
//   out = self·o + backdrop·(1 − o),  per premultiplied channel, with w = round(o·255):
//   out = (self·w + backdrop·(255 − w)) / 255, rounded (div255).
// Only the group's pixel bounds are saved and blended: a faded card costs its own area, not the
// screen's. Held byte for byte to `Reference.mixBack` (FastPathTests).

import CPixelKernels
import HoloPixels

extension Canvas {
    /// A copy of the pixels in `x0..<x1 × y0..<y1` (clamped to the canvas) as a canvas of that size.
    public func region(x0: Int, y0: Int, x1: Int, y1: Int) -> Canvas {
        let cx0 = max(0, x0), cy0 = max(0, y0), cx1 = min(width, x1), cy1 = min(height, y1)
        guard cx1 > cx0, cy1 > cy0 else { return Canvas(width: 0, height: 0, scale: scale) }
        let w = cx1 - cx0, h = cy1 - cy0
        // Every word is copied over, so the storage starts uninitialized (no zeroing pass first:
        // a faded group's backdrop can be most of a 12 MB frame).
        let words = withWords { src in
            [UInt32](unsafeUninitializedCapacity: w * h) { dst, count in
                for y in cy0..<cy1 {
                    (dst.baseAddress! + (y - cy0) * w).initialize(from: src.baseAddress! + y * width + cx0, count: w)
                }
                count = w * h
            }
        }
        return Canvas(width: w, height: h, scale: scale, premultipliedWords: words)
    }

    /// Mixes the pixels under `backdrop` (placed with its top-left at `x`, `y`) with it, keeping
    /// `backdropWeight` of the backdrop.
    public mutating func blend(from backdrop: Canvas, x ox: Int = 0, y oy: Int = 0, keeping backdropWeight: Double) {
        precondition(ox >= 0 && oy >= 0 && ox + backdrop.width <= width && oy + backdrop.height <= height,
                     "backdrop lies outside the canvas")
        let w = UInt32((max(0, min(1, 1 - backdropWeight)) * 255).rounded())
        if w == 255 { return }
        let bw = backdrop.width, width = self.width
        // Two channels in 16-bit lanes: d·w + s·(255 − w) ≤ 255·255 per lane, so the lane div255
        // is every channel's exactly, and an equal pixel stays as it is (div255(d·255) = d). In C,
        // eight pixels a step with AVX2 when the CPU has it (over.c's hf_opacity_mix_span).
        backdrop.withWords { srcWords in
            withMutableWords { dstWords in
                for y in 0..<backdrop.height {
                    hf_opacity_mix_span(dstWords.baseAddress! + ((oy + y) * width + ox), srcWords.baseAddress! + y * bw, bw, w)
                }
            }
        }
    }
}

// Group opacity as a blend with the saved backdrop (see SceneRenderer for why this is exact):
//   out = self·o + backdrop·(1 − o),  per premultiplied channel, with w = round(o·255):
//   out = (self·w + backdrop·(255 − w)) / 255, rounded (div255).

extension Canvas {
    /// Replaces each pixel with a mix of itself and `backdrop`'s pixel, keeping `backdropWeight` of the backdrop.
    public mutating func blend(from backdrop: Canvas, keeping backdropWeight: Double) {
        precondition(backdrop.width == width && backdrop.height == height, "backdrop size does not match")
        let w = UInt32((max(0, min(1, 1 - backdropWeight)) * 255).rounded())
        if w == 255 { return }
        if w == 0 { pixels = backdrop.pixels; return }
        let iw = 255 - w
        backdrop.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for i in 0..<dst.count where dst[i] != src[i] {
                    dst[i] = UInt8(truncatingIfNeeded: div255(UInt32(dst[i]) &* w &+ UInt32(src[i]) &* iw))
                }
            }
        }
    }
}

// Bilinear sampling, the fast renderer's one definition of it: the tilt (Tilt.swift, on canvas
// words), rotated text masks (TextLayout.swift, on coverage bytes) and images (ImageDraw.swift, on
// RGBA bytes, taps clamped to the image) take their taps and weights here. The references
// (Reference/) sample on their own by the same formula.
//
// Pixel centres at integers: a position (x, y) lies between columns ix = ⌊x⌋, ix + 1 and rows
// iy = ⌊y⌋, iy + 1, with weights in 1/256 rounded once, wx = round((x − ⌊x⌋)·256), wy likewise:
//   value = ((v00·(256 − wx) + v10·wx)·(256 − wy) + (v01·(256 − wx) + v11·wx)·wy + 2¹⁵) >> 16
// (exact integers: at most 255·2¹⁶ + 2¹⁵, one rounding).

/// The taps and weights of a bilinear sample at (x, y).
struct BilinearTap {
    let ix: Int, iy: Int, wx: Int, wy: Int

    @inline(__always)
    init(_ x: Double, _ y: Double) {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        ix = Int(fx); iy = Int(fy)
        wx = Int(((x - fx) * 256).rounded()); wy = Int(((y - fy) * 256).rounded())
    }

    /// The sample of one channel from its four tap values (top-left, top-right, bottom-left,
    /// bottom-right).
    @inline(__always)
    func mix(_ v00: Int, _ v10: Int, _ v01: Int, _ v11: Int) -> Int {
        let top = v00 * (256 - wx) + v10 * wx, bottom = v01 * (256 - wx) + v11 * wx
        return (top * (256 - wy) + bottom * wy + 32768) >> 16
    }
}

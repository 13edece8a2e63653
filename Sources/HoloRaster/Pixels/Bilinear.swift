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
        let fx = Self.floor(x), fy = Self.floor(y)
        ix = Int(fx); iy = Int(fy)
        wx = Self.roundedWeight((x - fx) * 256); wy = Self.roundedWeight((y - fy) * 256)
    }

    /// ⌊v⌋, without the libm call `rounded(.down)` is on a baseline x86-64 build: for 0 ≤ v < 2⁵²
    /// truncation is the floor and both conversions are exact (−0 gives +0, which changes neither
    /// the tap nor its weight); anything else takes `rounded(.down)`.
    @inline(__always)
    static func floor(_ v: Double) -> Double {
        v >= 0 && v < 4_503_599_627_370_496 ? Double(Int(v)) : v.rounded(.down)
    }

    /// `v.rounded()` (halves away from zero) for 0 ≤ v ≤ 256, as an Int: the truncation, plus one
    /// when the remainder (exact: v − ⌊v⌋) is at least a half.
    @inline(__always)
    static func roundedWeight(_ v: Double) -> Int {
        let t = Int(v)
        return v - Double(t) >= 0.5 ? t + 1 : t
    }

    /// The sample of one channel from its four tap values (top-left, top-right, bottom-left,
    /// bottom-right).
    @inline(__always)
    func mix(_ v00: Int, _ v10: Int, _ v01: Int, _ v11: Int) -> Int {
        let top = v00 * (256 - wx) + v10 * wx, bottom = v01 * (256 - wx) + v11 * wx
        return (top * (256 - wy) + bottom * wy + 32768) >> 16
    }
}

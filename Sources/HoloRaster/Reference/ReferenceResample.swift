// The reference of Pixels/Resample.swift: a rasterized layer's bilinear resample, pixel by pixel.
// The sample's formula is stated here a second time (it is the definition both must meet):
//   u = (x + ½)·sx + ox,  i = ⌊u⌋,  a = round((u − i)·256)       (and v, j, b along y)
//   h(j) = (S(i, j)·(256 − a) + S(i + 1, j)·a + 128) >> 8
//   value = (h(j)·(256 − b) + h(j + 1)·b + 128) >> 8
// per channel, S transparent outside the source.

import HoloPixels

extension Reference {
    static func resampled(_ source: Canvas, sx: Double, ox: Double, sy: Double, oy: Double,
                          width: Int, height: Int) -> Canvas {
        let bytes = source.bytes
        func s(_ i: Int, _ j: Int, _ c: Int) -> Int {
            guard i >= 0, j >= 0, i < source.width, j < source.height else { return 0 }
            return Int(bytes[(j * source.width + i) * 4 + c])
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let v = (Double(y) + 0.5) * sy + oy
            let fj = v.rounded(.down)
            let j = Int(fj), b = Int(((v - fj) * 256).rounded())
            for x in 0..<width {
                let u = (Double(x) + 0.5) * sx + ox
                let fi = u.rounded(.down)
                let i = Int(fi), a = Int(((u - fi) * 256).rounded())
                for c in 0..<4 {
                    let top = (s(i, j, c) * (256 - a) + s(i + 1, j, c) * a + 128) >> 8
                    let bottom = (s(i, j + 1, c) * (256 - a) + s(i + 1, j + 1, c) * a + 128) >> 8
                    out[(y * width + x) * 4 + c] = UInt8((top * (256 - b) + bottom * b + 128) >> 8)
                }
            }
        }
        return Canvas(width: width, height: height, scale: source.scale, premultipliedBytes: out)
    }
}

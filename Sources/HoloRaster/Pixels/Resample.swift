// A canvas resampled bilinearly under an axis-aligned scale and offset: how a rasterized layer
// (Composite/RasterizedLayer.swift) is composited under a transform that only scales and moves it,
// as Core Animation samples a rasterized layer's bitmap with its linear filter.
//
// Destination pixel (x, y)'s centre reads the source at
//   u = (x + ½)·sx + ox,  v = (y + ½)·sy + oy            (source pixel centres at integers)
// with the taps and weights of Bilinear.swift (i = ⌊u⌋, wx = round((u − i)·256)), taps outside
// the source transparent, in two passes of bytes, each rounded once (CPixelKernels/resample.c):
//   h = (S(i, j)·(256 − wx) + S(i + 1, j)·wx + 128) >> 8           each source row once, along x
//   out = (h(j)·(256 − wy) + h(j + 1)·wy + 128) >> 8                two such rows per output row
// Rounding between the passes (Bilinear.swift's sample rounds once) keeps both passes in 16-bit
// lanes: at most ½ level more. `Reference.resampled` computes it pixel by pixel.

import CPixelKernels
import HoloPixels

/// The axis-aligned map of a resample: destination pixel centres to source coordinates.
struct AxisMap: Hashable {
    var sx, ox, sy, oy: Double

    /// Finite, and scaling by a positive factor along each axis.
    var isUsable: Bool { sx > 0 && sy > 0 && sx.isFinite && sy.isFinite && ox.isFinite && oy.isFinite }
}

extension Canvas {
    /// `source` sampled under `map` into the rows `rows` of a transparent `width` × `height` canvas
    /// (the other rows stay transparent). Every word is written once: rows the resample fills
    /// are not zeroed first.
    static func resampling(_ source: Canvas, map: AxisMap, width: Int, height: Int, rows: Range<Int>, scale: Double) -> Canvas {
        let rows = rows.clamped(to: 0..<height)
        let sw = source.width, sh = source.height
        guard map.isUsable, sw > 0, sh > 0, width > 0, !rows.isEmpty else { return Canvas(width: width, height: height, scale: scale) }
        // Along x: the columns whose two taps lie in the source are one run (u grows with x); the
        // columns with one tap in it (at its left and right edge) are mixed with a transparent tap.
        // Each column's source pixel and weights, laid out as the kernel's lanes multiply them.
        var ix = [Int32](repeating: 0, count: width), wx = [UInt16](repeating: 0, count: 8 * width)
        var first = width, end = 0
        var edges: [(x: Int, tap: BilinearTap)] = []
        for x in 0..<width {
            let u = (Double(x) + 0.5) * map.sx + map.ox
            guard abs(u) < 1e9 else { continue }
            let t = BilinearTap(u, 0)
            if t.ix >= 0, t.ix + 1 < sw {
                ix[x] = Int32(t.ix)
                for c in 0..<4 { wx[8 * x + c] = UInt16(256 - t.wx); wx[8 * x + 4 + c] = UInt16(t.wx) }
                first = min(first, x); end = x + 1
            } else if t.ix == -1 || t.ix == sw - 1 {
                edges.append((x, t))
            }
        }
        let n = width * 4
        var a = [UInt8](repeating: 0, count: n), b = [UInt8](repeating: 0, count: n)
        var rowA = Int.min, rowB = Int.min
        let words = [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
            /// Output row `y` left transparent.
            func clear(_ y: Int) { (out.baseAddress! + y * width).initialize(repeating: 0, count: width) }
            for y in 0..<rows.lowerBound { clear(y) }
            for y in rows.upperBound..<height { clear(y) }
            source.withBytes { src in
                ix.withUnsafeBufferPointer { ix in
                    wx.withUnsafeBufferPointer { wx in
                        /// Source row `j` along x into `h` (zero outside the source).
                        func horizontal(_ j: Int, _ h: UnsafeMutablePointer<UInt8>) {
                            h.update(repeating: 0, count: n)
                            guard j >= 0, j < sh else { return }
                            let row = src.baseAddress! + j * sw * 4
                            if first < end {
                                hf_resample_columns(row, ix.baseAddress! + first, wx.baseAddress! + 8 * first, h + 4 * first, end - first)
                            }
                            for (x, t) in edges {
                                for c in 0..<4 {
                                    let v0 = t.ix >= 0 ? Int(row[4 * t.ix + c]) : 0
                                    let v1 = t.ix + 1 < sw ? Int(row[4 * (t.ix + 1) + c]) : 0
                                    h[4 * x + c] = UInt8((v0 * (256 - t.wx) + v1 * t.wx + 128) >> 8)
                                }
                            }
                        }
                        a.withUnsafeMutableBufferPointer { pa in
                            b.withUnsafeMutableBufferPointer { pb in
                                var top = pa.baseAddress!, bottom = pb.baseAddress!
                                for y in rows {
                                    let v = (Double(y) + 0.5) * map.sy + map.oy
                                    guard abs(v) < 1e9 else { clear(y); continue }
                                    let t = BilinearTap(0, v)
                                    guard t.iy + 1 >= 0, t.iy < sh else { clear(y); continue }  // both taps outside
                                    if rowA != t.iy || rowB != t.iy + 1 {
                                        if rowB == t.iy {
                                            swap(&top, &bottom)
                                            rowA = rowB
                                        } else {
                                            horizontal(t.iy, top)
                                            rowA = t.iy
                                        }
                                        horizontal(t.iy + 1, bottom)
                                        rowB = t.iy + 1
                                    }
                                    (out.baseAddress! + y * width).withMemoryRebound(to: UInt8.self, capacity: n) {
                                        hf_resample_rows(top, bottom, UInt32(t.wy), $0, n)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            count = width * height
        }
        return Canvas(width: width, height: height, scale: scale, premultipliedWords: words)
    }
}

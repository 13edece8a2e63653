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

/// The rows of `source` sampled under `map` for a `width` × `height` destination, made one at a
/// time (`Canvas.resampling` builds a canvas of them; a blurred rasterized layer's sweep takes them
/// as its blur reads them, Layer.swift). Each source row is resampled along x once for the two
/// output rows that read it in turn. Nil when the map is not usable or either side is empty.
final class ResampledRows {
    let width: Int, height: Int
    private let source: Canvas
    private let map: AxisMap
    /// Along x: the columns whose two taps lie in the source are one run, first..<end (u grows with
    /// x); the columns with one tap in it (at its left and right edge) are mixed with a
    /// transparent tap. Each column's source pixel and weights, as the kernel's lanes multiply them.
    private var ix: [Int32], wx: [UInt16]
    private var first: Int, end: Int
    private var edges: [(x: Int, tap: BilinearTap)] = []
    /// Every column's weight is 0 and the run's columns read consecutive source pixels (a bitmap
    /// shown at its own size, on whole pixels): a row along x is the source's row, shifted.
    private var copiesColumns = true
    /// Source rows `rowA` and `rowB` resampled along x.
    private var top, bottom: UnsafeMutablePointer<UInt8>
    private var rowA = Int.min, rowB = Int.min

    init?(_ source: Canvas, map: AxisMap, width: Int, height: Int) {
        let sw = source.width
        guard map.isUsable, sw > 0, source.height > 0, width > 0, height > 0 else { return nil }
        self.source = source; self.map = map; self.width = width; self.height = height
        ix = [Int32](repeating: 0, count: width); wx = [UInt16](repeating: 0, count: 8 * width)
        first = width; end = 0
        for x in 0..<width {
            let u = (Double(x) + 0.5) * map.sx + map.ox
            guard abs(u) < 1e9 else { continue }
            let t = BilinearTap(u, 0)
            if t.wx != 0 { copiesColumns = false }
            if t.ix >= 0, t.ix + 1 < sw {
                if first < width, t.ix - Int(ix[first]) != x - first { copiesColumns = false }
                ix[x] = Int32(t.ix)
                for c in 0..<4 { wx[8 * x + c] = UInt16(256 - t.wx); wx[8 * x + 4 + c] = UInt16(t.wx) }
                first = min(first, x); end = x + 1
            } else if t.ix == -1 || t.ix == sw - 1 {
                edges.append((x, t))
            }
        }
        top = .allocate(capacity: 4 * width)
        bottom = .allocate(capacity: 4 * width)
    }

    deinit { top.deallocate(); bottom.deallocate() }

    /// Source row `j` along x into `h` (zero outside the source).
    private func horizontal(_ j: Int, _ h: UnsafeMutablePointer<UInt8>) {
        let n = 4 * width, sw = source.width
        h.update(repeating: 0, count: n)
        guard j >= 0, j < source.height else { return }
        source.withBytes { src in
            let row = src.baseAddress! + j * sw * 4
            if first < end, copiesColumns {
                // (S·256 + 0·S' + 128) >> 8 is S: the run is the source's pixels as they are.
                (h + 4 * first).update(from: row + 4 * Int(ix[first]), count: 4 * (end - first))
            } else if first < end {
                ix.withUnsafeBufferPointer { ix in
                    wx.withUnsafeBufferPointer { wx in
                        hf_resample_columns(row, ix.baseAddress! + first, wx.baseAddress! + 8 * first, h + 4 * first, end - first)
                    }
                }
            }
            for (x, t) in edges {
                for c in 0..<4 {
                    let v0 = t.ix >= 0 ? Int(row[4 * t.ix + c]) : 0
                    let v1 = t.ix + 1 < sw ? Int(row[4 * (t.ix + 1) + c]) : 0
                    h[4 * x + c] = UInt8((v0 * (256 - t.wx) + v1 * t.wx + 128) >> 8)
                }
            }
        }
    }

    /// Destination row `y` (0 ≤ y < height) into `out` (`width` words, written whatever they
    /// held): transparent where both of its taps lie outside the source. Rows asked in increasing
    /// order resample each source row once.
    func write(_ y: Int, into out: UnsafeMutablePointer<UInt32>) {
        let v = (Double(y) + 0.5) * map.sy + map.oy
        guard abs(v) < 1e9 else { out.initialize(repeating: 0, count: width); return }
        let t = BilinearTap(0, v)
        guard t.iy + 1 >= 0, t.iy < source.height else { out.initialize(repeating: 0, count: width); return }
        if t.wy == 0 {
            // (h·256 + 0·h' + 128) >> 8 is h: the row along x is the output row.
            if rowA != t.iy {
                if rowB == t.iy { swap(&top, &bottom); swap(&rowA, &rowB) } else { horizontal(t.iy, top); rowA = t.iy }
            }
            out.withMemoryRebound(to: UInt8.self, capacity: 4 * width) { $0.update(from: top, count: 4 * width) }
            return
        }
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
        out.withMemoryRebound(to: UInt8.self, capacity: 4 * width) { hf_resample_rows(top, bottom, UInt32(t.wy), $0, 4 * width) }
    }
}

extension Canvas {
    /// `source` sampled under `map` into the rows `rows` of a transparent `width` × `height` canvas
    /// (the other rows stay transparent). Every word is written once: rows the resample fills
    /// are not zeroed first.
    static func resampling(_ source: Canvas, map: AxisMap, width: Int, height: Int, rows: Range<Int>, scale: Double) -> Canvas {
        let rows = rows.clamped(to: 0..<height)
        guard !rows.isEmpty, let resampled = ResampledRows(source, map: map, width: width, height: height) else {
            return Canvas(width: width, height: height, scale: scale)
        }
        return resampled.canvas(rows: rows, scale: scale)
    }
}

extension ResampledRows {
    /// The rows `rows` (inside 0..<height) as a canvas, the others transparent.
    func canvas(rows: Range<Int>, scale: Double) -> Canvas {
        let words = [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
            for y in 0..<height {
                if rows.contains(y) { write(y, into: out.baseAddress! + y * width) } else { (out.baseAddress! + y * width).initialize(repeating: 0, count: width) }
            }
            count = width * height
        }
        return Canvas(width: width, height: height, scale: scale, premultipliedWords: words)
    }
}

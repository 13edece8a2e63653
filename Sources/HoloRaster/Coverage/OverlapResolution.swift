// Coverage of outlines that overlap themselves: the union under the fill rule, not the sum.
//
// Why: the accumulation rasterizer (Rasterizer.swift) adds up the signed area of every edge, so a
// pixel's value is the integral of the winding number over the pixel, clamped: min(1, |∫w|). That
// is the covered area only while w takes the values 0 and one sign's 1 in the pixel. Where pieces
// of one outline overlap (a stroke folding back 180°, round caps meeting, a cusp, the inner side
// of a tight thick curve, crossing hairlines, a non-zero fill whose contours overlap) an edge
// pixel holds w = 2 beside w = 0, and the integral counts the doubled part twice: a pixel half
// inside comes out fully inked. Skia's supersampling scan converter (SkScan_AntiPath) and
// tiny-skia's (scan/path_aa.rs) do not have this problem because they resolve the winding per
// sub-scanline before they accumulate: on each of 4 sub-scanlines the edges' crossings are walked
// left to right with their winding, and only the spans where the fill rule says "inside" add
// coverage. This file does the same exactly, without sub-scanlines:
//
// For one pixel row (the band y ∈ [r, r + 1]), the edge pieces inside it are straight. Cut the band
// at every piece's end and at every crossing of two pieces: inside each slab [b₀, b₁] no piece
// starts, ends or crosses another, so the pieces keep one left-to-right order through it. Walk
// them in that order (their x at the slab's middle) keeping the winding w (0 left of every piece:
// pieces left of the window are already vertical lines on its left side, and horizontal edges do
// not cross a horizontal ray). A piece where w goes from outside to inside under the fill rule
// (non-zero: w ≠ 0; even-odd: w odd) bounds the union on its left, one where it goes back bounds
// it on its right; the others are interior to it. The union's boundary in the slab is those
// pieces alone, entering ones taking the slab's height +(b₁ − b₀) and leaving ones −(b₁ − b₀), so
// its winding is 0 or 1 everywhere, and the accumulation's signed area of it is the exact union
// area. Cost: pieces log pieces per slab, slabs about the pieces' ends in the row.
//
// Rows where the walk only ever sees w ∈ {0, s} for one sign s (every row of an outline that does
// not overlap itself: a stroke's straight runs, a card's rows) gain nothing from this: their pieces
// go in as they came, in outline order, so they give the accumulation's cells (and bytes) exactly.
// Shapes' own convex outlines (rects, rounded rects, capsules, ellipses) skip it (PixelPolygon's
// `mayOverlap`), and so do outlines whose points show they cannot overlap (one convex contour, or a
// shape's stroke ring: `PixelPolygon.cannotOverlap`, at the end); other strokes, dashes, symbols
// and path fills take it.
//
// Bounded work: the walk costs slabs × pieces, and slabs grow with the crossings, so a row where
// thousands of pieces cross (a 40-pt dash pattern of 0.01 pt, thousands of round caps stacked on
// one another: the path-data fuzzer's input ran past 20 s in one row) costs the cube of its pieces.
// A row of more than `maxResolvedRowPieces` pieces, or whose slabs × pieces passes
// `maxResolvedRowWork`, keeps its pieces as they came (coverage summed and clamped, as before the
// union): a function of the row alone, so frames stay deterministic. No drawing a person would make
// comes near it (the built-in clips' and examples' rows: goldens unchanged).

import HoloGeometry
import HoloScene

/// A straight piece of an edge inside one pixel row: from (xTop, yTop) to (xBottom, yBottom), with
/// yTop < yBottom inside the row's band, and the edge's direction (+1 downward, −1 upward).
struct RowPiece {
    var row: Int32
    var xTop: Double
    var yTop: Double
    var xBottom: Double
    var yBottom: Double
    var dir: Double

    /// x on the piece at height y (yTop ≤ y ≤ yBottom); the ends exactly.
    @inline(__always)
    func x(at y: Double) -> Double {
        if y <= yTop { return xTop }
        if y >= yBottom { return xBottom }
        return xTop + (xBottom - xTop) * (y - yTop) / (yBottom - yTop)
    }
}

extension ScanlineRasterizer {
    /// Adds each row's pieces as cells: as they are where the row does not overlap itself, else
    /// the boundary of their union under the fill rule (see the top).
    mutating func addResolvedRows() {
        let all = pieces
        pieces = []
        guard !all.isEmpty else { return }
        // Stable counting sort by row: a row's pieces stay in outline order.
        let rows = window.y1 - window.y0
        var start = [Int](repeating: 0, count: rows + 1)
        for p in all { start[Int(p.row) + 1] += 1 }
        for r in 0..<rows { start[r + 1] += start[r] }
        var byRow = all
        var next = Array(start[0..<rows])
        for p in all { let r = Int(p.row); byRow[next[r]] = p; next[r] += 1 }
        var scratch = RowScratch()
        for r in 0..<rows where start[r + 1] > start[r] {
            if stopDue(row: r) { return }
            let row = byRow[start[r]..<start[r + 1]]
            let y = window.y0 + r
            if (triesPlainRowsFirst && scratch.isPlainlySimple(row, band: Double(y))) || !scratch.resolve(row, band: Double(y), evenOdd: fillRule == .evenOdd) {
                for p in row { addRowPiece(y, p.xTop, p.xBottom, (p.yBottom - p.yTop) * p.dir) }
            } else {
                for b in scratch.boundary { addRowPiece(y, b.xTop, b.xBottom, (b.yBottom - b.yTop) * b.dir) }
            }
        }
    }
}

/// The most pieces one row resolves as a union (see the top); past it the row's pieces are summed.
let maxResolvedRowPieces = 512
/// The most slabs × pieces one row's walk may take (about a millisecond); past it, summed.
let maxResolvedRowWork = 1 << 20

/// Reused buffers for one rasterization's rows.
struct RowScratch {
    /// Chains of the row (their x range and direction), for `isPlainlySimple`.
    var chains: [(xMin: Double, xMax: Double, dir: Double)] = []
    var cuts: [Double] = []
    var order: [(x: Double, index: Int)] = []
    /// The row's pieces by their tops (then their place in the row): the walk takes each into
    /// `order` once, at the first slab at or below its top.
    var byTop: [Int] = []
    var byLeft: [Int] = []
    /// The union's boundary pieces of the last row `resolve` found overlapping.
    var boundary: [RowPiece] = []

    /// The common row, answered in one pass: its pieces, in outline order, form chains (each
    /// piece starting where the one before it ended, in the same direction) that each cross the
    /// whole band, and the chains' x ranges are disjoint. Then no two pieces of different chains
    /// meet, the chains keep one left-to-right order at every height, and the winding between
    /// them is the running sum of their directions: the row does not overlap itself when that
    /// sum stays in {0, s}. Anything else (a chain turning back or ending inside the band, chains
    /// whose ranges meet) is left to `resolve`, which decides the same rows the same way.
    mutating func isPlainlySimple(_ pieces: ArraySlice<RowPiece>, band top: Double) -> Bool {
        chains.removeAll(keepingCapacity: true)
        let bottom = top + 1
        var chainTop = 0.0, chainBottom = 0.0
        var previous: RowPiece? = nil
        for p in pieces {
            let xMin = Swift.min(p.xTop, p.xBottom), xMax = Swift.max(p.xTop, p.xBottom)
            if let q = previous, q.dir == p.dir,
               p.dir > 0 ? (q.yBottom == p.yTop && q.xBottom == p.xTop) : (q.yTop == p.yBottom && q.xTop == p.xBottom) {
                let k = chains.count - 1
                chains[k].xMin = Swift.min(chains[k].xMin, xMin); chains[k].xMax = Swift.max(chains[k].xMax, xMax)
                chainTop = Swift.min(chainTop, p.yTop); chainBottom = Swift.max(chainBottom, p.yBottom)
            } else {
                if previous != nil, chainTop != top || chainBottom != bottom { return false }
                chains.append((xMin, xMax, p.dir))
                chainTop = p.yTop; chainBottom = p.yBottom
            }
            previous = p
        }
        if chainTop != top || chainBottom != bottom { return false }
        // Sorted by x (a handful of chains: insertion sort), disjoint, windings in {0, s}.
        if chains.count > 1 {
            for i in 1..<chains.count {
                let c = chains[i]
                var j = i
                while j > 0, chains[j - 1].xMin > c.xMin { chains[j] = chains[j - 1]; j -= 1 }
                chains[j] = c
            }
        }
        var w = 0.0, sign = 0.0
        for (i, c) in chains.enumerated() {
            if i > 0, chains[i - 1].xMax >= c.xMin { return false }
            w += c.dir
            if w != 0 {
                if abs(w) > 1 || (sign != 0 && w != sign) { return false }
                sign = w
            }
        }
        return true
    }

    /// Whether the row `pieces` (band [top, top + 1]) overlaps itself; if so, `boundary` is its
    /// union's boundary. A row is taken as not overlapping when every slab's walk sees windings in
    /// {0, s} for one sign s over the whole row: then the pieces themselves are the boundary.
    mutating func resolve(_ pieces: ArraySlice<RowPiece>, band top: Double, evenOdd: Bool) -> Bool {
        let base = pieces.startIndex, n = pieces.count
        guard n <= maxResolvedRowPieces else { return false }
        // Slab cuts: the band's sides, every piece's ends, every crossing of two pieces.
        cuts.removeAll(keepingCapacity: true)
        cuts.append(top); cuts.append(top + 1)
        for p in pieces {
            if p.yTop > top { cuts.append(p.yTop) }
            if p.yBottom < top + 1 { cuts.append(p.yBottom) }
        }
        if n > 1 {
            // Pairs whose x ranges meet, found by sorting on the left end.
            byLeft.removeAll(keepingCapacity: true)
            for i in 0..<n { byLeft.append(i) }
            byLeft.sort { Swift.min(pieces[base + $0].xTop, pieces[base + $0].xBottom) < Swift.min(pieces[base + $1].xTop, pieces[base + $1].xBottom) }
            for a in 0..<n {
                let p = pieces[base + byLeft[a]]
                let pRight = Swift.max(p.xTop, p.xBottom)
                var b = a + 1
                while b < n {
                    let q = pieces[base + byLeft[b]]
                    if Swift.min(q.xTop, q.xBottom) > pRight { break }
                    b += 1
                    // Their common heights, and which side q is of p at each end of them.
                    let y0 = Swift.max(p.yTop, q.yTop), y1 = Swift.min(p.yBottom, q.yBottom)
                    guard y1 > y0 else { continue }
                    let d0 = q.x(at: y0) - p.x(at: y0), d1 = q.x(at: y1) - p.x(at: y1)
                    if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) {
                        // d is linear in y: zero at y0 + (y1 − y0)·d0/(d0 − d1).
                        let y = y0 + (y1 - y0) * (d0 / (d0 - d1))
                        if y > y0, y < y1 { cuts.append(y) }
                    }
                }
            }
        }
        guard cuts.count * n <= maxResolvedRowWork else { return false }
        cuts.sort()
        byTop.removeAll(keepingCapacity: true)
        for i in 0..<n { byTop.append(i) }
        byTop.sort { pieces[base + $0].yTop < pieces[base + $1].yTop || (pieces[base + $0].yTop == pieces[base + $1].yTop && $0 < $1) }
        // Most rows that come here (where a contour turns or starts) do not overlap: walk them
        // once to find out, and only an overlapping row again for its union's boundary.
        guard walk(pieces, collecting: false, evenOdd: evenOdd) else { return false }
        boundary.removeAll(keepingCapacity: true)
        _ = walk(pieces, collecting: true, evenOdd: evenOdd)
        return true
    }

    /// Walks each slab between `cuts` left to right: whether some slab sees windings other than 0
    /// and one sign's 1 over the row (returning at the first while not `collecting`); collecting,
    /// appends the union's boundary pieces to `boundary`.
    private mutating func walk(_ pieces: ArraySlice<RowPiece>, collecting: Bool, evenOdd: Bool) -> Bool {
        let base = pieces.startIndex, n = pieces.count
        var overlaps = false
        var sign = 0.0
        // The slab's pieces in x order start from the slab above's order (the same pieces but
        // those that ended, in the same order but where two crossed), so sorting it again takes
        // a few moves; the pieces that start at the cut are added to it (from `byTop`: a piece's
        // top and bottom are cuts, so it is in every slab between them and in no other).
        order.removeAll(keepingCapacity: true)
        var started = 0
        var k = 0
        while k + 1 < cuts.count {
            let b0 = cuts[k], b1 = cuts[k + 1]
            k += 1
            guard b1 > b0 else { continue }
            let mid = (b0 + b1) / 2
            var kept = 0
            for e in order {
                let p = pieces[base + e.index]
                if p.yBottom >= b1 { order[kept] = (p.x(at: mid), e.index); kept += 1 }
            }
            order.removeLast(order.count - kept)
            while started < n, pieces[base + byTop[started]].yTop <= b0 {
                let i = byTop[started]
                started += 1
                let p = pieces[base + i]
                if p.yBottom >= b1 { order.append((p.x(at: mid), i)) }
            }
            guard !order.isEmpty else { continue }
            sortByXThenIndex(&order)
            var w = 0.0
            for (_, i) in order {
                let p = pieces[base + i]
                let before = w
                w += p.dir
                if w != 0 {
                    // Windings other than 0 and one sign's 1 over the row: the row overlaps itself.
                    if abs(w) > 1 || (sign != 0 && w != sign) {
                        overlaps = true
                        if !collecting { return true }
                    }
                    sign = w > 0 ? 1 : (w < 0 ? -1 : sign)
                }
                guard collecting else { continue }
                let wasInside = evenOdd ? Int(before) & 1 != 0 : before != 0
                let isInside = evenOdd ? Int(w) & 1 != 0 : w != 0
                if wasInside != isInside {
                    boundary.append(RowPiece(row: p.row, xTop: p.x(at: b0), yTop: b0, xBottom: p.x(at: b1), yBottom: b1,
                                             dir: isInside ? 1 : -1))
                }
            }
        }
        return overlaps
    }
}

/// `order` sorted by x, equal x in the pieces' order in the row: by (x, index), a total order, so
/// the result is one arrangement however it is reached (the stable sort by x of the pieces listed
/// in row order). A slab's order starts from the one above it, nearly sorted, so an insertion sort
/// usually finishes in a few moves a piece; past 8 a piece, the library's sort takes over.
func sortByXThenIndex(_ order: inout [(x: Double, index: Int)]) {
    let n = order.count
    guard n > 1 else { return }
    func before(_ a: (x: Double, index: Int), _ b: (x: Double, index: Int)) -> Bool {
        a.x < b.x || (a.x == b.x && a.index < b.index)
    }
    var moves = 0
    let limit = 8 * n
    for i in 1..<n {
        let e = order[i]
        var j = i
        while j > 0, before(e, order[j - 1]) { order[j] = order[j - 1]; j -= 1 }
        order[j] = e
        moves += i - j
        if moves > limit { order.sort(by: before); return }
    }
}

// Outlines that cannot overlap themselves, told from their points in one pass: one convex contour
// (a path's circle or rounded rect, a symbol's disc), or a ring of two (a shape's own stroke:
// `Shape.strokePolygon(width:)` offsets the convex outline out and in, and the inner one runs the
// other way), where the second is convex, runs against the first and lies strictly inside it. Then
// the winding is 0 outside, the outer contour's sign s between the two and 0 inside the inner one:
// in {0, s} at every point, so every row's walk would find it free of overlaps and add its pieces
// as they came, which is what the plain accumulation does (the same cells in the same order: the
// same bytes). Taking the walk is then pure cost: a ring's rows where a contour turns or starts
// fail the one-pass test, and each such row's walk was most of a stroked ring's added time.
//
// Only while the window does not cut the outline left or right: the window's sides turn pieces
// into vertical lines on them (or drop them), which the walk would see where the outline does not.

extension PixelPolygon {
    /// Whether the outline is one convex contour, or two convex contours of opposite turn, the
    /// second strictly inside the first, all inside `window`'s columns (see above).
    func cannotOverlap(within window: PixelWindow) -> Bool {
        let b = bounds
        guard b.minX >= Double(window.x0), b.maxX <= Double(window.x1) else { return false }
        return points.withUnsafeBufferPointer { all in
            switch contourEnds.count {
            case 1:
                return convexTurn(UnsafeBufferPointer(rebasing: all[0..<contourEnds[0]])) != nil
            case 2:
                let outer = UnsafeBufferPointer(rebasing: all[0..<contourEnds[0]])
                let inner = UnsafeBufferPointer(rebasing: all[contourEnds[0]..<contourEnds[1]])
                guard let s = convexTurn(outer), let t = convexTurn(inner), s == -t else { return false }
                return convex(inner, liesStrictlyInside: outer, turning: s)
            default:
                return false
            }
        }
    }
}

/// The turn (+1 or −1, the sign of every corner's cross product) of a strictly convex contour that
/// goes round once; nil for anything else. Every corner turns the same way (no straight corners,
/// none turning back), and the edges' vertical direction changes sign exactly twice: the edges turn
/// through 2π once, so the contour is convex and simple.
func convexTurn(_ p: UnsafeBufferPointer<Point>) -> Double? {
    let n = p.count
    guard n >= 3 else { return nil }
    var turn = 0.0
    var changes = 0, firstDown = 0, lastDown = 0
    var a = p[n - 2], b = p[n - 1]
    for c in p {
        let ux = b.x - a.x, uy = b.y - a.y, vx = c.x - b.x, vy = c.y - b.y
        let cross = ux * vy - uy * vx
        guard cross != 0, cross.isFinite else { return nil }
        let s: Double = cross > 0 ? 1 : -1
        if turn == 0 { turn = s } else if s != turn { return nil }
        if vy != 0 {
            let down = vy > 0 ? 1 : -1
            if firstDown == 0 { firstDown = down } else if down != lastDown { changes += 1 }
            lastDown = down
        }
        a = b; b = c
    }
    if lastDown != firstDown { changes += 1 }
    return changes == 2 ? turn : nil
}

/// Whether every point of the strictly convex contour `inner` is strictly inside the strictly
/// convex contour `outer` (whose corners turn `turn`), each by more than 10⁻⁹ px: for each edge of
/// `outer`, the point of `inner` deepest toward it (a linear function over a strictly convex
/// contour's corners has one minimum, found by stepping downhill from the last edge's, so the
/// whole test is one walk round each contour) is on its inner side.
func convex(_ inner: UnsafeBufferPointer<Point>, liesStrictlyInside outer: UnsafeBufferPointer<Point>, turning turn: Double) -> Bool {
    let n = outer.count, m = inner.count
    var k = 0
    var steps = 0
    for j in 0..<n {
        let o = outer[j], e = outer[j + 1 == n ? 0 : j + 1] - o
        // How far inside edge j a point is, times the edge's length.
        @inline(__always) func depth(_ i: Int) -> Double {
            let q = inner[i]
            return turn * (e.x * (q.y - o.y) - e.y * (q.x - o.x))
        }
        if j == 0 {
            for i in 1..<m where depth(i) < depth(k) { k = i }
        } else {
            while true {
                let next = k + 1 == m ? 0 : k + 1, previous = k == 0 ? m - 1 : k - 1
                if depth(next) < depth(k) { k = next } else if depth(previous) < depth(k) { k = previous } else { break }
                steps += 1
                if steps > 4 * (n + m) { return false }
            }
        }
        let d = depth(k)
        guard d > 0, d * d > 1e-18 * (e.x * e.x + e.y * e.y) else { return false }
    }
    return true
}

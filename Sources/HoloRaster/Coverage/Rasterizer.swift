// Exact-area scan conversion: polygons → runs of 8-bit coverage.
//
// Design (font-rs / stb_truetype v2 / FreeType "gray" style): every edge piece inside a pixel cell
// adds two signed numbers to that cell,
//   area  = dy · ((i + 1) − x̄)   the part of the cell to the right of the piece (x̄ = its mid x),
//   cover = dy                    what every cell further right inherits,
// so a pixel's coverage is  Σ cover of cells left of it + area of its own cell, and its value is
// min(1, |that|) (non-zero winding). This is the exact covered area, not an estimate, for any
// straight-edged polygon whose winding is 0 or 1 (one sign) over each pixel; where an outline
// overlaps itself, each row's pieces are first reduced to the boundary of their union under the
// fill rule (OverlapResolution.swift), whose winding is. Cells are kept sparse (one per touched pixel) and sorted, so a row costs
// its edge pixels plus one constant run for the interior: a 1100-px wide card row is two or three
// edge cells and one full-coverage span, never 1100 prefix-sum steps.
//
// Clipping: the rasterizer works in an integer pixel window. Edge parts left of the window become
// vertical lines on its left side (their cover still matters to pixels inside), parts right of it
// are dropped (they only affect pixels outside); rows outside the window are skipped.

import HoloGeometry
import HoloScene

/// Receives coverage as runs: `count` pixels from (x, y) rightward, all with `coverage` (1…255).
/// Runs arrive row by row, top to bottom, left to right, never overlapping.
@usableFromInline
protocol CoverageSink {
    mutating func run(y: Int, x: Int, count: Int, coverage: UInt8)
}

/// An integer pixel window [x0, x1) × [y0, y1).
@usableFromInline
struct PixelWindow: Sendable, Equatable {
    var x0, y0, x1, y1: Int
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    /// The pixels that `r` touches (outward rounding), inside `limit`.
    init(covering r: Rect, within limit: PixelWindow) {
        guard r.width.isFinite, r.height.isFinite, r.width >= 0, r.height >= 0 else { self = .init(0, 0, 0, 0); return }
        func f(_ v: Double) -> Int { Int(Swift.max(-1e9, Swift.min(1e9, v.rounded(.down)))) }
        func c(_ v: Double) -> Int { Int(Swift.max(-1e9, Swift.min(1e9, v.rounded(.up)))) }
        x0 = Swift.max(limit.x0, f(r.minX)); y0 = Swift.max(limit.y0, f(r.minY))
        x1 = Swift.min(limit.x1, c(r.maxX)); y1 = Swift.min(limit.y1, c(r.maxY))
        if isEmpty { self = .init(0, 0, 0, 0) }
    }
    init(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    func intersection(_ o: PixelWindow) -> PixelWindow {
        let w = PixelWindow(Swift.max(x0, o.x0), Swift.max(y0, o.y0), Swift.min(x1, o.x1), Swift.min(y1, o.y1))
        return w.isEmpty ? .init(0, 0, 0, 0) : w
    }
}

/// Coverage value for a signed accumulated area: round(min(1, |a|) · 255).
@inline(__always)
func coverageByte(_ a: Double) -> UInt8 {
    let v = Swift.min(1, abs(a))
    return UInt8(truncatingIfNeeded: Int(v * 255 + 0.5))
}

/// Coverage value under the even-odd rule: the accumulated winding folded as a triangle wave,
///   v = |a| mod 2,  then 2 − v where v > 1,
/// so winding 1 is inside, 2 outside, and an edge pixel's fractional winding shades by its area
/// (FreeType's "gray" rasterizer does the same).
@inline(__always)
func evenOddCoverageByte(_ a: Double) -> UInt8 {
    var v = abs(a).truncatingRemainder(dividingBy: 2)
    if v > 1 { v = 2 - v }
    return UInt8(truncatingIfNeeded: Int(v * 255 + 0.5))
}

/// The sparse-cell accumulation rasterizer (the general path, for every shape).
struct ScanlineRasterizer {
    /// One touched pixel: row and column relative to the window, and its two accumulated sums.
    struct Cell { var row: Int32; var x: Int32; var area: Double; var cover: Double }
    let window: PixelWindow
    private(set) var cells: [Cell] = []
    /// When set, edges are kept as row pieces first and each row's union under the fill rule is
    /// taken before any cell is added (OverlapResolution.swift).
    var resolvesOverlaps = false
    var fillRule: FillRule = .nonZero
    /// The edge pieces, in outline order, while `resolvesOverlaps`.
    var pieces: [RowPiece] = []
    /// Rows pass the one-pass test (`RowScratch.isPlainlySimple`) before the slab walk; off, every
    /// row takes the walk (for the test that holds the two together).
    var triesPlainRowsFirst = true

    init(window: PixelWindow) {
        self.window = window
        cells.reserveCapacity(1024)
    }

    /// A rasterizer that takes a self-overlapping polygon's coverage as its union under `fillRule`.
    init(window: PixelWindow, resolvingOverlapsUnder fillRule: FillRule) {
        self.init(window: window)
        resolvesOverlaps = true
        self.fillRule = fillRule
        pieces.reserveCapacity(1024)
    }

    /// Adds `polygon`'s edges: as cells, or (resolving overlaps) as row pieces whose union each
    /// row then adds as cells.
    mutating func add(_ polygon: PixelPolygon) {
        addEdges(polygon)
        if resolvesOverlaps { addResolvedRows() }
    }

    private mutating func addEdges(_ polygon: PixelPolygon) {
        guard !window.isEmpty else { return }
        var start = 0
        for end in polygon.contourEnds {
            guard end - start >= 2 else { start = end; continue }
            var prev = polygon.points[end - 1]
            for i in start..<end {
                let p = polygon.points[i]
                addLine(prev, p)
                prev = p
            }
            start = end
        }
    }

    /// Splits a segment where it crosses the window's left and right sides; then clamps each part.
    mutating func addLine(_ p0: Point, _ p1: Point) {
        guard p0.y != p1.y, p0.y.isFinite, p1.y.isFinite, p0.x.isFinite, p1.x.isFinite else { return }
        let wy0 = Double(window.y0), wy1 = Double(window.y1)
        if Swift.max(p0.y, p1.y) <= wy0 || Swift.min(p0.y, p1.y) >= wy1 { return }
        let wx0 = Double(window.x0), wx1 = Double(window.x1)
        // Parameters where x crosses the window sides, in order along the segment.
        var ts: (Double, Double) = (2, 2)
        let dx = p1.x - p0.x
        if dx != 0 {
            let ta = (wx0 - p0.x) / dx, tb = (wx1 - p0.x) / dx
            let a = (ta > 0 && ta < 1) ? ta : 2, b = (tb > 0 && tb < 1) ? tb : 2
            ts = (Swift.min(a, b), Swift.max(a, b))
        }
        var from = p0, t0 = 0.0
        for k in 0..<3 {
            let t = k == 0 ? ts.0 : (k == 1 ? ts.1 : 1.0)
            guard t <= 1, t > t0 else { continue }
            let to = t == 1 ? p1 : Point(p0.x + dx * t, p0.y + (p1.y - p0.y) * t)
            let midX = (from.x + to.x) / 2
            if midX < wx1 {
                if midX < wx0 {
                    addClippedLine(wx0, from.y, wx0, to.y)
                } else {
                    addClippedLine(Swift.min(Swift.max(from.x, wx0), wx1), from.y,
                                   Swift.min(Swift.max(to.x, wx0), wx1), to.y)
                }
            }
            from = to; t0 = t
        }
    }

    /// A segment whose x lies within the window: walk its rows.
    private mutating func addClippedLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1 else { return }
        let dir: Double = y1 > y0 ? 1 : -1
        let (xt, yt, xb, yb) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let dxdy = (xb - xt) / (yb - yt)
        // Clamped to the window before Int(): an edge from y = −1e300 traps there otherwise.
        let rowStart = Int(Swift.max(Double(window.y0), yt).rounded(.down))
        let rowEnd = Int(Swift.min(Double(window.y1), yb).rounded(.up))
        guard rowStart < rowEnd else { return }
        // x between the ends: a rise of 5e-324 makes dxdy infinite, and an x of ±∞ or 1e300 traps
        // in Int(). Rounding's own overshoot (far under a pixel) is kept as it was.
        let lo = Swift.min(xt, xb), hi = Swift.max(xt, xb)
        func within(_ x: Double) -> Double { x >= lo - 1 && x <= hi + 1 ? x : Swift.min(Swift.max(x.isNaN ? lo : x, lo), hi) }
        for row in rowStart..<rowEnd {
            let ya = Swift.max(yt, Double(row)), yz = Swift.min(yb, Double(row + 1))
            guard yz > ya else { continue }
            let xa = ya == yt ? xt : within(xt + (ya - yt) * dxdy)
            let xz = yz == yb ? xb : within(xt + (yz - yt) * dxdy)
            if resolvesOverlaps {
                pieces.append(RowPiece(row: Int32(truncatingIfNeeded: row - window.y0), xTop: xa, yTop: ya, xBottom: xz, yBottom: yz, dir: dir))
            } else {
                addRowPiece(row, xa, xz, (yz - ya) * dir)
            }
        }
    }

    /// One piece inside a single row, split at pixel columns:
    ///   each sub-piece over [xs, xe] gets dy·(xe − xs)/(x_r − x_l) of the height,
    ///   area = sdy·((j + 1) − (xs + xe)/2), cover = sdy.
    mutating func addRowPiece(_ row: Int, _ xa: Double, _ xz: Double, _ dy: Double) {
        let xl = Swift.min(xa, xz), xr = Swift.max(xa, xz)
        let i0 = Int(xl.rounded(.down))
        if xr <= Double(i0 + 1) {
            addCell(i0, row, area: dy * (Double(i0 + 1) - (xa + xz) / 2), cover: dy)
            return
        }
        let w = xr - xl
        var j = i0, x = xl
        while x < xr, j < window.x1 {
            let nx = Swift.min(xr, Double(j + 1))
            let sdy = dy * (nx - x) / w
            addCell(j, row, area: sdy * (Double(j + 1) - (x + nx) / 2), cover: sdy)
            x = nx; j += 1
        }
    }

    @inline(__always)
    private mutating func addCell(_ x: Int, _ y: Int, area: Double, cover: Double) {
        guard x < window.x1 else { return }
        let row = Int32(truncatingIfNeeded: y - window.y0), col = Int32(truncatingIfNeeded: x - window.x0)
        if let last = cells.indices.last, cells[last].x == col, cells[last].row == row {
            cells[last].area += area; cells[last].cover += cover
        } else {
            cells.append(Cell(row: row, x: col, area: area, cover: cover))
        }
    }

    /// Sorts the cells and sweeps each row: between cells the coverage is the running cover,
    /// a constant run; at a cell it is the running cover plus the cell's area.
    mutating func sweep<S: CoverageSink>(into sink: inout S, fillRule: FillRule = .nonZero) {
        if fillRule == .evenOdd { sweep(into: &sink, coverageByte: evenOddCoverageByte) } else { sweep(into: &sink, coverageByte: coverageByte) }
    }

    @inline(__always)
    private mutating func sweep<S: CoverageSink>(into sink: inout S, coverageByte: (Double) -> UInt8) {
        sortCells()
        let n = cells.count
        var i = 0
        while i < n {
            let row = cells[i].row
            if stopDue(row: Int(row)) { return }
            let y = window.y0 + Int(row)
            var acc = 0.0
            var nextX = window.x0
            while i < n, cells[i].row == row {
                let col = cells[i].x
                var area = 0.0, cover = 0.0
                while i < n, cells[i].row == row, cells[i].x == col { area += cells[i].area; cover += cells[i].cover; i += 1 }
                let x = window.x0 + Int(col)
                if x > nextX {
                    let c = coverageByte(acc)
                    if c != 0 { sink.run(y: y, x: nextX, count: x - nextX, coverage: c) }
                }
                let c = coverageByte(acc + area)
                if c != 0 { sink.run(y: y, x: x, count: 1, coverage: c) }
                acc += cover
                nextX = x + 1
            }
            if nextX < window.x1 {
                let c = coverageByte(acc)
                if c != 0 { sink.run(y: y, x: nextX, count: window.x1 - nextX, coverage: c) }
            }
        }
    }
}

extension ScanlineRasterizer {
    /// Orders cells by row, then column: a counting sort by row (O(n)), then an insertion sort of each row by x
    /// (rows hold a handful of cells; edges arrive in order along the outline, so rows are nearly sorted).
    mutating func sortCells() {
        let n = cells.count
        guard n > 1 else { return }
        let rows = window.y1 - window.y0
        var start = [Int](repeating: 0, count: rows + 1)
        var sorted = [Cell](repeating: Cell(row: 0, x: 0, area: 0, cover: 0), count: n)
        cells.withUnsafeBufferPointer { src in
            start.withUnsafeMutableBufferPointer { start in
                for c in src { start[Int(c.row) + 1] += 1 }
                for r in 0..<rows { start[r + 1] += start[r] }
                sorted.withUnsafeMutableBufferPointer { dst in
                    var next = Array(start[0..<rows])
                    next.withUnsafeMutableBufferPointer { next in
                        for c in src { let r = Int(c.row); dst[next[r]] = c; next[r] += 1 }
                    }
                    for r in 0..<rows {
                        let lo = start[r], hi = start[r + 1]
                        guard hi - lo > 1 else { continue }
                        if hi - lo > 32 {
                            // A row of many cells (a dash pattern of thousands of round caps across it,
                            // the path-data fuzzer's input): insertion sort is quadratic there. Sorted by
                            // x with ties in arrival order, the order insertion sort gives, so each
                            // pixel's sums add in the same order and the bytes do not change.
                            var row = (lo..<hi).map { (dst[$0], $0) }
                            row.sort { $0.0.x != $1.0.x ? $0.0.x < $1.0.x : $0.1 < $1.1 }
                            for (k, e) in row.enumerated() { dst[lo + k] = e.0 }
                            continue
                        }
                        for i in (lo + 1)..<hi {
                            let c = dst[i]
                            var j = i
                            while j > lo, dst[j - 1].x > c.x { dst[j] = dst[j - 1]; j -= 1 }
                            dst[j] = c
                        }
                    }
                }
            }
        }
        cells = sorted
    }
}

/// Fast path: an axis-aligned rect [rx0, rx1] × [ry0, ry1] in pixels. Coverage is separable,
///   cov(x, y) = |[x, x+1] ∩ [rx0, rx1]| · |[y, y+1] ∩ [ry0, ry1]|,
/// so each row is at most a left edge pixel, one full-coverage run and a right edge pixel.
func rasterizeAxisAlignedRect<S: CoverageSink>(_ r: Rect, window limit: PixelWindow, into sink: inout S) {
    let win = PixelWindow(covering: r, within: limit)
    guard !win.isEmpty, r.width > 0, r.height > 0 else { return }
    @inline(__always) func overlap(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
        Swift.max(0, Swift.min(hi, Double(i + 1)) - Swift.max(lo, Double(i)))
    }
    let lx = overlap(win.x0, r.minX, r.maxX), rx = overlap(win.x1 - 1, r.minX, r.maxX)
    let single = win.x1 - win.x0 == 1
    for y in win.y0..<win.y1 {
        if stopDue(row: y - win.y0) { return }
        let cy = overlap(y, r.minY, r.maxY)
        if single {
            let c = coverageByte(lx * cy)
            if c != 0 { sink.run(y: y, x: win.x0, count: 1, coverage: c) }
            continue
        }
        let cl = coverageByte(lx * cy), cr = coverageByte(rx * cy), cm = coverageByte(cy)
        var x = win.x0, end = win.x1
        if lx < 1 { if cl != 0 { sink.run(y: y, x: x, count: 1, coverage: cl) }; x += 1 }
        if rx < 1 { end -= 1 }
        if end > x, cm != 0 { sink.run(y: y, x: x, count: end - x, coverage: cm) }
        if rx < 1, cr != 0 { sink.run(y: y, x: end, count: 1, coverage: cr) }
    }
}

/// Fill coverage of a shape, choosing the rect fast path when it applies.
func rasterize<S: CoverageSink>(_ shape: Shape, transform: AffineTransform, window: PixelWindow,
                                into sink: inout S) {
    guard !window.isEmpty else { return }
    if transform.isAxisAligned, let r = shape.plainRect {
        rasterizeAxisAlignedRect(transform.bounds(of: r), window: window, into: &sink)
        return
    }
    let poly = shape.pixelPolygon(transform: transform)
    rasterize(poly, window: window, into: &sink)
}

/// General path: any polygon through the accumulation rasterizer.
func rasterize<S: CoverageSink>(_ poly: PixelPolygon, window: PixelWindow, into sink: inout S) {
    let win = PixelWindow(covering: poly.bounds, within: window)
    guard !win.isEmpty else { return }
    let resolves = poly.mayOverlap && !poly.cannotOverlap(within: win)
    if win.y1 - win.y0 >= StraightSides.minimumRows, let sides = StraightSides(poly, window: win) {
        // Rows crossed only by two vertical sides (a card's or a clip's rows between its corners)
        // are the same row over and over: the accumulator's runs for one, replayed. The rows
        // above and below are rasterized alone (rows do not depend on each other).
        var top = ScanlineRasterizer(for: poly, resolvingOverlaps: resolves, window: PixelWindow(win.x0, win.y0, win.x1, sides.rows.lowerBound))
        top.add(poly)
        top.sweep(into: &sink, fillRule: poly.fillRule)
        for y in sides.rows {
            if stopDue(row: y - win.y0) { return }
            for r in sides.runs { sink.run(y: y, x: r.x, count: r.count, coverage: r.coverage) }
        }
        var bottom = ScanlineRasterizer(for: poly, resolvingOverlaps: resolves, window: PixelWindow(win.x0, sides.rows.upperBound, win.x1, win.y1))
        bottom.add(poly)
        bottom.sweep(into: &sink, fillRule: poly.fillRule)
        return
    }
    var raster = ScanlineRasterizer(for: poly, resolvingOverlaps: resolves, window: win)
    raster.add(poly)
    raster.sweep(into: &sink, fillRule: poly.fillRule)
}

extension ScanlineRasterizer {
    /// The overlap-resolving rasterizer for `poly`'s fill rule, or the plain one for an outline
    /// that cannot overlap itself (a shape's own convex outline, `PixelPolygon.cannotOverlap`).
    init(for poly: PixelPolygon, resolvingOverlaps: Bool, window: PixelWindow) {
        if resolvingOverlaps { self.init(window: window, resolvingOverlapsUnder: poly.fillRule) } else { self.init(window: window) }
    }
}

/// The rows of a polygon that only two vertical edges cross, each over the whole row, and the
/// runs `ScanlineRasterizer` gives every one of them: the same cells (each edge's piece in a row
/// is x = e over dy = ±1, clamped to the window as `addLine` clamps it), swept the same way, so
/// the same bytes.
struct StraightSides {
    static let minimumRows = 24
    var rows: Range<Int>
    var runs: [(x: Int, count: Int, coverage: UInt8)] = []

    init?(_ poly: PixelPolygon, window win: PixelWindow) {
        // The two tallest vertical edges and the rows each covers whole.
        let edges = Self.edges(of: poly)
        var best: [(index: Int, x: Double, dir: Double, lo: Int, hi: Int)] = []
        for (index, (prev, p)) in edges.enumerated() {
            guard p.x.isFinite, p.y.isFinite else { return nil }
            guard p.y != prev.y, p.x == prev.x else { continue }
            let lo = Int(Swift.max(-1e9, Swift.min(prev.y, p.y)).rounded(.up))
            let hi = Int(Swift.min(1e9, Swift.max(prev.y, p.y)).rounded(.down))
            guard hi - lo >= Self.minimumRows else { continue }
            best.append((index, p.x, p.y > prev.y ? 1 : -1, lo, hi))
            if best.count > 2 {
                best.sort { $0.hi - $0.lo > $1.hi - $1.lo }
                best.removeLast()
            }
        }
        guard best.count == 2 else { return nil }
        var lo = Swift.max(win.y0, best[0].lo, best[1].lo), hi = Swift.min(win.y1, best[0].hi, best[1].hi)
        guard hi - lo >= Self.minimumRows else { return nil }
        // Every other edge's rows leave the range (the larger part of what is left is kept).
        for (index, (prev, p)) in edges.enumerated() {
            guard p.y != prev.y, index != best[0].index, index != best[1].index else { continue }
            let a = Int(Swift.max(-1e9, Swift.min(prev.y, p.y)).rounded(.down)), b = Int(Swift.min(1e9, Swift.max(prev.y, p.y)).rounded(.up))
            guard a < hi, b > lo else { continue }
            if a - lo >= hi - b { hi = a } else { lo = b }
            guard hi - lo >= Self.minimumRows else { return nil }
        }
        rows = lo..<hi
        // Each edge's cell in such a row (addLine's clamp, addRowPiece's area, addCell's drop).
        let wx0 = Double(win.x0), wx1 = Double(win.x1)
        var cells: [(col: Int, area: Double, cover: Double)] = []
        for e in best {
            guard e.x < wx1 else { continue }
            let x = e.x < wx0 ? wx0 : e.x
            let i0 = Int(x.rounded(.down))
            cells.append((i0, e.dir * (Double(i0 + 1) - (x + x) / 2), e.dir))
        }
        if cells.count == 2 {
            if cells[0].col == cells[1].col { return nil }
            if cells[0].col > cells[1].col { cells.swapAt(0, 1) }
        }
        // ScanlineRasterizer.sweep over those cells.
        let evenOdd = poly.fillRule == .evenOdd
        func byte(_ a: Double) -> UInt8 { evenOdd ? evenOddCoverageByte(a) : coverageByte(a) }
        var acc = 0.0
        var nextX = win.x0
        for cell in cells {
            if cell.col > nextX {
                let c = byte(acc)
                if c != 0 { runs.append((nextX, cell.col - nextX, c)) }
            }
            let c = byte(acc + cell.area)
            if c != 0 { runs.append((cell.col, 1, c)) }
            acc += cell.cover
            nextX = cell.col + 1
        }
        if nextX < win.x1 {
            let c = byte(acc)
            if c != 0 { runs.append((nextX, win.x1 - nextX, c)) }
        }
    }

    /// Every edge of `poly` in order, (previous point, point), of contours of two or more points
    /// (the edges `ScanlineRasterizer.add` adds).
    private static func edges(of poly: PixelPolygon) -> [(Point, Point)] {
        var out: [(Point, Point)] = []
        out.reserveCapacity(poly.points.count)
        var start = 0
        for end in poly.contourEnds {
            if end - start >= 2 {
                var prev = poly.points[end - 1]
                for i in start..<end { out.append((prev, poly.points[i])); prev = poly.points[i] }
            }
            start = end
        }
        return out
    }
}

extension Shape {
    /// The rect when the shape is one (a rounded rect with no radius counts).
    var plainRect: Rect? {
        switch self {
        case .rect(let r): return r
        case .roundedRect(let r, let radius, _) where radius <= 0: return r
        default: return nil
        }
    }
}

/// Writes runs into a coverage mask (taking the larger value if runs ever overlap).
struct MaskSink: CoverageSink {
    var mask: CoverageMask
    mutating func run(y: Int, x: Int, count: Int, coverage: UInt8) {
        let ly = y - mask.y, lx = x - mask.x
        let base = ly * mask.width + lx
        mask.coverage.withUnsafeMutableBufferPointer { buf in
            for i in base..<(base + count) { buf[i] = coverage }
        }
    }
}

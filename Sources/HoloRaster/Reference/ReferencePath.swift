// Reference paths: fills and strokes by counting samples, sharing nothing with the fast path's
// flattening (PathFlattening.swift), stroker or dasher. What it does share are the scene's
// definitions (`Path.arcSweep`: which way and how far `addArc` turns; `StrokeStyle.effectiveDash`:
// which patterns count) and, for a styled stroke of a shape that is not a path, that shape's
// flattened outline, as every reference shape uses it.
//
// Every pixel holds 16 × 16 samples at ((i + ½)/16, (j + ½)/16); its coverage is
// round(inside/256 · 255). The grid's own error is at most one sample row or column along an edge:
// 16/256 of a pixel for an edge running along the grid, far less for a slanted one.
//
// Curves are evaluated directly at n evenly spaced parameters, n fixed per curve by a bound so that
// every chord is within 0.002 px of the curve (s: the transform's largest stretch, bounded by its
// Frobenius norm):
//   quadratic  B(t) = (1−t)²P0 + 2(1−t)tQ + t²P1,                      t = k/n,
//   cubic      B(t) = (1−t)³P0 + 3(1−t)²tC1 + 3(1−t)t²C2 + t³P1,
//              chord error ≤ max|B″|/(8n²) ≤ 6·max|Δ²P|/(8n²)  ⇒  n = ⌈√(6·max|Δ²P|·s / (8·0.002))⌉
//              (a quadratic's |B″| = 2|Δ²P|);
//   arc        c + r(cos θ, sin θ),   θ = θ0 + sweep·k/n,  sagitta r·s·(1 − cos(sweep/2n)) ≤ r·s·(sweep/n)²/8,
//              n = ⌈|sweep|·√(r·s / (8·0.002))⌉;
// at least 8 steps a curve. Joins and caps at a curve's ends follow its derivative there
// (B′(0) = 3(C1 − P0), B′(1) = 3(P1 − C2), or the nearest control point that differs), not a chord.
//
// Fill: for each row of samples, the crossings of its line with every edge (half-open in y, each
// with its direction); a sample's winding number is the sum of the directions of the crossings
// left of it, and it is inside when that is non-zero (or odd, for even-odd).
//
// Stroke: the stroke is the union, in the path's local points, of
//   • every segment's rectangle, its ends ± h·N (h = width/2, N the segment's normal);
//   • at every vertex, on the side the path turns away from: the pie slice of radius h between the
//     two normals (round joins, and every vertex inside a curve), the triangle v, v + hN₁, v + hN₂
//     (bevel), or the quadrilateral through the miter point (miter, while 1/cos(φ/2) ≤ limit);
//   • at each open end, the cap: a half disc, or the square [e, e + h·d] × [−h, h];
//     a lone point (a zero-length dash) a disc or a square, as Core Graphics draws it;
// and a sample is inside when its point, mapped back to local points, is in any piece. Dashes cut
// the polyline by arc length into the pattern's "on" intervals ([a, b] from the phase), the last
// one of a closed subpath continuing through its start into the first.

import HoloGeometry
import HoloScene

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

extension Reference {
    /// Samples per pixel side.
    static let pathGrid = 16

    /// One subpath evaluated at even steps, in local points.
    struct Polyline {
        var points: [Point] = []
        /// True where two path elements meet (the join applies), false inside a curve.
        var corner: [Bool] = []
        var closed = false
        /// A lone point's cap direction.
        var direction = Point(1, 0)
        /// The curve's own direction arriving at / leaving a vertex where a curve ends / starts
        /// (its derivative there), for joins and caps; nil: the chord's.
        var tangentIn: [Point?] = []
        var tangentOut: [Point?] = []

        init(points: [Point] = [], corner: [Bool] = [], closed: Bool = false) {
            self.points = points; self.corner = corner; self.closed = closed
            tangentIn = points.map { _ in nil }; tangentOut = tangentIn
        }

        mutating func append(_ p: Point, corner c: Bool, tangentIn t: Point? = nil) {
            points.append(p); corner.append(c); tangentIn.append(t); tangentOut.append(nil)
        }
    }

    /// The path's subpaths, evaluated directly (see the top).
    static func polylines(_ path: Path, transform: AffineTransform) -> [Polyline] {
        let stretch = (transform.a * transform.a + transform.b * transform.b + transform.c * transform.c + transform.d * transform.d).squareRoot()
        func steps(_ v: Double) -> Int { stepCount(v, lower: 8, upper: 1 << 16) }
        func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
        var out: [Polyline] = []
        var cur = Polyline()
        var start = Point.zero
        func add(_ p: Point, corner: Bool, tangentIn: Point? = nil) {
            if cur.points.isEmpty { cur.append(start, corner: true) }
            cur.append(p, corner: corner, tangentIn: tangentIn)
        }
        /// The direction a curve leaves its start with (B′(0), or the next control that differs).
        func leaving(_ from: Point, _ controls: Point...) {
            if cur.points.isEmpty { cur.append(start, corner: true) }
            if let c = controls.first(where: { $0 != from }) { cur.tangentOut[cur.points.count - 1] = c - from }
        }
        func arriving(_ to: Point, _ controls: Point...) -> Point? {
            controls.reversed().first(where: { $0 != to }).map { to - $0 }
        }
        func end() {
            if !cur.points.isEmpty { out.append(cur) }
            cur = Polyline()
        }
        func ok(_ ps: Point...) -> Bool { ps.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        for e in path.elements {
            let p0 = cur.points.last ?? start
            switch e {
            case .move(let p):
                guard ok(p) else { continue }
                end(); start = p; cur = Polyline(points: [p], corner: [true])
            case .line(let p):
                guard ok(p) else { continue }
                add(p, corner: true)
            case .quadCurve(let p, let q):
                guard ok(p, q) else { continue }
                let n = steps((2 * length(p0 - q * 2 + p) * stretch / (8 * 0.002)).squareRoot())
                leaving(p0, q, p)
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    add(Point(u * u * p0.x + 2 * u * t * q.x + t * t * p.x, u * u * p0.y + 2 * u * t * q.y + t * t * p.y), corner: k == n,
                        tangentIn: k == n ? arriving(p, p0, q) : nil)
                }
            case .curve(let p, let c1, let c2):
                guard ok(p, c1, c2) else { continue }
                let n = steps((6 * Swift.max(length(p0 - c1 * 2 + c2), length(c1 - c2 * 2 + p)) * stretch / (8 * 0.002)).squareRoot())
                leaving(p0, c1, c2, p)
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(Point(a * p0.x + b * c1.x + c * c2.x + d * p.x, a * p0.y + b * c1.y + c * c2.y + d * p.y), corner: k == n,
                        tangentIn: k == n ? arriving(p, p0, c1, c2) : nil)
                }
            case .arc(let c, let r, let a0, let a1, let clockwise):
                guard ok(c), r.isFinite, a0.isFinite, a1.isFinite else { continue }
                let r = abs(r)
                let s = Point(c.x + r * cos(a0), c.y + r * sin(a0))
                if cur.points.isEmpty { start = s; cur = Polyline(points: [s], corner: [true]) } else { add(s, corner: true) }
                let sweep = Path.arcSweep(startAngle: a0, endAngle: a1, clockwise: clockwise)
                guard sweep != 0, r > 0 else { continue }
                let n = steps(abs(sweep) * (r * stretch / (8 * 0.002)).squareRoot())
                // d/dθ of the circle, turned the way the arc goes.
                func tangent(_ θ: Double) -> Point { Point(-sin(θ), cos(θ)) * (sweep > 0 ? 1 : -1) }
                cur.tangentOut[cur.points.count - 1] = tangent(a0)
                for k in 1...n {
                    let θ = a0 + sweep * Double(k) / Double(n)
                    add(Point(c.x + r * cos(θ), c.y + r * sin(θ)), corner: k == n, tangentIn: k == n ? tangent(θ) : nil)
                }
            case .closeSubpath:
                guard !cur.points.isEmpty else { continue }
                cur.closed = true
                cur.corner[0] = true
                end()
            }
        }
        end()
        return out.map(withoutRepeats)
    }

    /// Repeated consecutive points merged; a closed polyline's last point dropped if it is its first.
    /// Tangents: a merged point keeps the first's arriving one and the last's leaving one.
    static func withoutRepeats(_ l: Polyline) -> Polyline {
        var o = Polyline(closed: l.closed)
        o.direction = l.direction
        for (i, p) in l.points.enumerated() {
            if o.points.last == p {
                let k = o.points.count - 1
                o.corner[k] = o.corner[k] || l.corner[i]
                o.tangentOut[k] = l.tangentOut[i] ?? o.tangentOut[k]
                continue
            }
            o.append(p, corner: l.corner[i], tangentIn: l.tangentIn[i])
            o.tangentOut[o.points.count - 1] = l.tangentOut[i]
        }
        if o.closed, o.points.count > 1, o.points.first == o.points.last {
            o.tangentIn[0] = o.tangentIn.last!
            o.points.removeLast(); o.corner.removeLast(); o.tangentIn.removeLast(); o.tangentOut.removeLast()
            o.corner[0] = true
        }
        return o
    }

    // MARK: Fill

    /// Coverage of the filled path (every subpath closed, the path's fill rule).
    static func pathFillCoverage(_ path: Path, transform: AffineTransform, limit: RefBox) -> RefMask {
        let contours = polylines(path, transform: transform).map { $0.points.map(transform.apply) }.filter { $0.count >= 3 }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in contours { for p in c { minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x); minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y) } }
        guard minX < maxX, minY < maxY else { return RefMask(window: .empty) }
        let box = RefBox(covering: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)).intersection(limit)
        var mask = RefMask(window: box)
        guard !box.isEmpty else { return mask }
        let g = pathGrid
        var counts = [Int](repeating: 0, count: box.width)
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for i in counts.indices { counts[i] = 0 }
            for j in 0..<g {
                let sy = Double(y) + (Double(j) + 0.5) / Double(g)
                var crossings: [(x: Double, dir: Int)] = []
                for c in contours {
                    for i in 0..<c.count {
                        let a = c[i], b = c[(i + 1) % c.count]
                        guard a.y != b.y, Swift.min(a.y, b.y) <= sy, sy < Swift.max(a.y, b.y) else { continue }
                        crossings.append((a.x + (b.x - a.x) * (sy - a.y) / (b.y - a.y), b.y > a.y ? 1 : -1))
                    }
                }
                crossings.sort { $0.x < $1.x }
                for x in box.x0..<box.x1 {
                    for i in 0..<g {
                        let sx = Double(x) + (Double(i) + 0.5) / Double(g)
                        var winding = 0
                        for c in crossings where c.x < sx { winding += c.dir }
                        let inside = path.fillRule == .evenOdd ? winding % 2 != 0 : winding != 0
                        if inside { counts[x - box.x0] += 1 }
                    }
                }
            }
            for x in box.x0..<box.x1 { mask.set(x, y, (counts[x - box.x0] * 255 + g * g / 2) / (g * g)) }
        }
        return mask
    }

    // MARK: Stroke

    /// One convex piece of a stroke (see the top), in local points.
    enum StrokePiece {
        /// A convex polygon, either orientation.
        case polygon([Point])
        /// Points within `radius` of `center` whose direction from it lies between `from` and `to`
        /// turning by `turn` (radians, |turn| ≤ π); a whole disc when `turn` is nil.
        case pie(center: Point, radius: Double, from: Point, turn: Double?)

        func contains(_ p: Point) -> Bool {
            switch self {
            case .polygon(let q):
                var sign = 0.0
                for i in 0..<q.count {
                    let a = q[i], b = q[(i + 1) % q.count]
                    let c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                    if c == 0 { continue }
                    if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
                }
                return true
            case .pie(let c, let r, let from, let turn):
                let v = p - c
                guard v.x * v.x + v.y * v.y <= r * r else { return false }
                guard let turn else { return true }
                // v lies on the turn's side of `from` and, for a turn under a half, on the near
                // side of `to` (from turned by `turn`): s·(from × v) ≥ 0 and s·(v × to) ≥ 0.
                let s: Double = turn >= 0 ? 1 : -1
                guard s * (from.x * v.y - from.y * v.x) >= 0 else { return false }
                guard abs(turn) < Double.pi else { return true }
                let to = Point(from.x * cos(turn) - from.y * sin(turn), from.x * sin(turn) + from.y * cos(turn))
                return s * (v.x * to.y - v.y * to.x) >= 0
            }
        }

        var bounds: Rect {
            switch self {
            case .polygon(let q):
                let xs = q.map(\.x), ys = q.map(\.y)
                return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            case .pie(let c, let r, _, _):
                return Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
            }
        }
    }

    /// Coverage of `shape` stroked with `style`. A path is evaluated here; another shape's
    /// outline is the shared flattened one (as for every reference shape), one closed subpath.
    static func strokeCoverage(_ shape: Shape, style: StrokeStyle, transform: AffineTransform, limit: RefBox) -> RefMask {
        guard style.lineWidth > 0, style.lineWidth.isFinite, let inverse = transform.inverted() else { return RefMask(window: .empty) }
        var lines: [Polyline]
        if case .path(let p) = shape {
            lines = polylines(p, transform: transform)
        } else {
            let pts = shape.outline(pixelTolerance: flatteningTolerancePixels, transform: transform)
            let isRect: Bool = { if case .rect = shape { return true } else { return false } }()
            lines = [withoutRepeats(Polyline(points: pts, corner: pts.map { _ in isRect }, closed: true))]
        }
        let dash = style.effectiveDash
        if !dash.isEmpty { lines = lines.flatMap { dashed($0, pattern: dash, phase: style.dashPhase) } }
        let pieces = lines.flatMap { strokePieces($0, style: style) }
        var box = RefBox.empty
        for piece in pieces { box = box.union(RefBox(covering: transform.bounds(of: piece.bounds))) }
        box = box.intersection(limit)
        var mask = RefMask(window: box)
        guard !box.isEmpty else { return mask }
        let g = pathGrid
        let gw = box.width * g
        var inside = [Bool](repeating: false, count: gw * box.height * g)
        for piece in pieces {
            let pb = RefBox(covering: transform.bounds(of: piece.bounds)).intersection(box)
            guard !pb.isEmpty else { continue }
            for sy in (pb.y0 - box.y0) * g..<(pb.y1 - box.y0) * g {
                for sx in (pb.x0 - box.x0) * g..<(pb.x1 - box.x0) * g where !inside[sy * gw + sx] {
                    let q = Point(Double(box.x0) + (Double(sx) + 0.5) / Double(g), Double(box.y0) + (Double(sy) + 0.5) / Double(g))
                    if piece.contains(inverse.apply(q)) { inside[sy * gw + sx] = true }
                }
            }
        }
        for y in 0..<box.height {
            if referenceStopDue() { break }
            for x in 0..<box.width {
                var n = 0
                for j in 0..<g { for i in 0..<g where inside[(y * g + j) * gw + x * g + i] { n += 1 } }
                mask.set(box.x0 + x, box.y0 + y, (n * 255 + g * g / 2) / (g * g))
            }
        }
        return mask
    }

    static func strokePieces(_ l: Polyline, style: StrokeStyle) -> [StrokePiece] {
        let h = style.lineWidth / 2
        let p = l.points, n = p.count
        func unit(_ v: Point) -> Point { let d = (v.x * v.x + v.y * v.y).squareRoot(); return d > 0 ? v * (1 / d) : Point(1, 0) }
        func normal(_ d: Point) -> Point { Point(-d.y, d.x) }
        if n == 1 {
            switch style.lineCap {
            case .butt: return []
            case .round: return [.pie(center: p[0], radius: h, from: Point(1, 0), turn: nil)]
            case .square:
                let d = unit(l.direction) * h, m = normal(unit(l.direction)) * h
                return [.polygon([p[0] + d + m, p[0] - d + m, p[0] - d - m, p[0] + d - m])]
            }
        }
        var pieces: [StrokePiece] = []
        let segments = l.closed ? n : n - 1
        for i in 0..<segments {
            let a = p[i], b = p[(i + 1) % n]
            let m = normal(unit(b - a)) * h
            pieces.append(.polygon([a + m, b + m, b - m, a - m]))
        }
        let joints = l.closed ? Array(0..<n) : (n > 2 ? Array(1..<(n - 1)) : [])
        for i in joints {
            let v = p[i]
            let d1 = unit(l.tangentIn[i] ?? (v - p[(i - 1 + n) % n])), d2 = unit(l.tangentOut[i] ?? (p[(i + 1) % n] - v))
            let cross = d1.x * d2.y - d1.y * d2.x, dot = d1.x * d2.x + d1.y * d2.y
            if cross == 0 && dot > 0 { continue }
            // The outer side is the one the path turns away from.
            let s: Double = cross > 0 ? -1 : 1
            let n1 = normal(d1) * s, n2 = normal(d2) * s
            let join = l.corner[i] ? style.lineJoin : .round
            switch join {
            case .round:
                if cross == 0 {
                    // Turning straight back: the half disc ahead of the vertex.
                    pieces.append(.pie(center: v, radius: h, from: normal(d1), turn: -Double.pi))
                } else {
                    pieces.append(.pie(center: v, radius: h, from: n1, turn: atan2(cross, dot)))
                }
            case .bevel:
                pieces.append(.polygon([v, v + n1 * h, v + n2 * h]))
            case .miter:
                let cosHalf = ((1 + dot) / 2).squareRoot()
                if cosHalf > 0, 1 / cosHalf <= style.miterLimit {
                    let tip = v + (n1 + n2) * (h / (1 + dot))
                    pieces.append(.polygon([v, v + n1 * h, tip, v + n2 * h]))
                } else {
                    pieces.append(.polygon([v, v + n1 * h, v + n2 * h]))
                }
            }
        }
        if !l.closed {
            let endDirection = unit(l.tangentIn[n - 1] ?? (p[n - 1] - p[n - 2]))
            let startDirection = unit(l.tangentOut[0] ?? (p[1] - p[0])) * -1
            for (e, d) in [(p[n - 1], endDirection), (p[0], startDirection)] {
                let m = normal(d) * h
                switch style.lineCap {
                case .butt: break
                case .square: pieces.append(.polygon([e + m, e + m + d * h, e - m + d * h, e - m]))
                case .round: pieces.append(.pie(center: e, radius: h, from: m, turn: -Double.pi))
                }
            }
        }
        return pieces
    }

    /// The pattern's "on" intervals along the polyline, each as a polyline (see the top).
    static func dashed(_ l: Polyline, pattern: [Double], phase: Double) -> [Polyline] {
        let p = l.points, n = p.count
        guard n >= 2 else { return [l] }
        let segments = l.closed ? n : n - 1
        var at = [0.0]   // arc length at each vertex (and back at the start for a closed one)
        for i in 0..<segments {
            let a = p[i], b = p[(i + 1) % n]
            at.append(at.last! + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        let total = at.last!
        let period = pattern.reduce(0, +)
        guard total / period <= 100_000 / Double(pattern.count / 2) else { return [l] }
        // The on intervals, from the pattern's start placed at −phase.
        var intervals: [(Double, Double)] = []
        var s = -(phase.truncatingRemainder(dividingBy: period) + (phase < 0 ? period : 0))
        var k = 0
        while s <= total {
            let e = s + pattern[k]
            // Drawn when it reaches past the start and starts before the end, or is a zero-length
            // dash right at either.
            if k % 2 == 0, e > 0 || (e == 0 && s == 0), s < total || e == s { intervals.append((Swift.max(0, s), Swift.min(total, e))) }
            s = e; k = (k + 1) % pattern.count
        }
        // A closed subpath's last dash running through the start into the first.
        var closedWhole = false
        // (A zero-length dash right at the end stays a dot of its own.)
        if l.closed, let f = intervals.first, let last = intervals.last, f.0 == 0, last.1 == total, last.1 > last.0 {
            if intervals.count == 1 { closedWhole = true } else { intervals[0] = (last.0, total + f.1); intervals.removeLast() }
        }
        if closedWhole { return [l] }
        // Points along the polyline walked twice round when closed, so an interval may pass the start.
        func point(_ d: Double) -> (Point, Point) {
            let d = d > total ? d - total : d
            var i = 0
            while i < segments - 1 && at[i + 1] < d { i += 1 }
            let a = p[i], b = p[(i + 1) % n], len = at[i + 1] - at[i]
            let t = len > 0 ? (d - at[i]) / len : 0
            let dir = len > 0 ? Point((b.x - a.x) / len, (b.y - a.y) / len) : Point(1, 0)
            return (a + (b - a) * t, dir)
        }
        var out: [Polyline] = []
        for (a, b) in intervals {
            var d = Polyline()
            let (pa, dir) = point(a)
            d.append(pa, corner: true); d.direction = dir
            // Vertices strictly inside (a, b), on a second lap when the dash passes the start.
            for lap in 0..<2 {
                for i in 0...segments {
                    let v = at[i] + Double(lap) * total
                    if v > a && v < b {
                        d.append(p[i % n], corner: l.corner[i % n], tangentIn: l.tangentIn[i % n])
                        d.tangentOut[d.points.count - 1] = l.tangentOut[i % n]
                    }
                }
            }
            let (pb, dirB) = point(b)
            d.append(pb, corner: true)
            if b == a { d.direction = dirB }
            out.append(withoutRepeats(d))
        }
        return out
    }
}

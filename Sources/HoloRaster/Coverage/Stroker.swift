// Strokes → outline polygons, filled non-zero by the coverage rasterizer.
//
// Each polyline (PathFlattening.swift, dashed by Dasher.swift) is offset by h = width/2 to both
// sides in its local points; N is the segment direction d turned a quarter, (−d.y, d.x). At a vertex
// between segments with directions d₁, d₂ the turn is φ = atan2(d₁ × d₂, d₁ · d₂):
//   • on the side the path turns away from (the outer side) the offsets v + h·N₁ and v + h·N₂ are
//     joined by the style's join: nothing (bevel), the miter point
//       m = v + h·(N₁ + N₂)/(1 + N₁·N₂)   while 1/cos(φ/2) ≤ miterLimit (Core Graphics's rule),
//     or an arc of radius h about v (round; also every vertex inside a flattened curve, which makes
//     the outline the curve's true offset);
//   • on the inner side the two offset lines meet at that same m; it is used while it lies on both
//     segments (h·tan(φ/2) ≤ half of each), otherwise the outline runs through v itself (Skia's
//     "pivot"), so the region stays covered however short the segments or sharp the turn.
// An open polyline is one contour: one side forward, the end cap, the other side backward, the
// start cap (butt: straight across; square: h past the end; round: a half disc). A closed one is
// two contours, one side forward and the other backward, so the ring between them winds once and
// the hole not at all. A single point (a zero-length dash, `M x y Z`) is a disc (round cap) or a
// square along its direction (square cap), and nothing with butt caps, as in Core Graphics.
//
// Overlaps (the pivot case, a path crossing itself) wind twice: still inside under non-zero.

import HoloGeometry
import HoloScene
import HoloStop

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

struct Stroker {
    let style: StrokeStyle
    /// Arcs are flattened with this (local units).
    let arcs: OutlineBuilder
    var h: Double { style.lineWidth / 2 }

    /// Outline contours in local points.
    func contours(_ subpaths: [FlatSubpath]) -> [[Point]] {
        var out: [[Point]] = []
        for s in subpaths {
            if s.points.count == 1 {
                if let dot = dot(s.points[0], direction: s.direction) { out.append(dot) }
            } else if s.closed && s.points.count >= 2 {
                out.append(side(s, sign: 1, closed: true))
                out.append(side(s, sign: -1, closed: true).reversed())
            } else if s.points.count >= 2 {
                var c = side(s, sign: 1, closed: false)
                let n = s.points.count
                cap(&c, at: s.points[n - 1], direction: unit(s.points[n - 1] - s.points[n - 2]))
                c += side(s, sign: -1, closed: false).reversed()
                cap(&c, at: s.points[0], direction: unit(s.points[0] - s.points[1]))
                out.append(c)
            }
        }
        return out
    }

    func unit(_ v: Point) -> Point {
        let l = (v.x * v.x + v.y * v.y).squareRoot()
        return l > 0 ? Point(v.x / l, v.y / l) : Point(1, 0)
    }

    /// The offset on one side (sign +1: +N, −1: −N), in the polyline's direction.
    func side(_ s: FlatSubpath, sign: Double, closed: Bool) -> [Point] {
        let p = s.points, n = p.count
        let segments = closed ? n : n - 1
        var dir: [Point] = [], len: [Double] = []
        dir.reserveCapacity(segments); len.reserveCapacity(segments)
        for i in 0..<segments {
            let v = p[(i + 1) % n] - p[i]
            let l = (v.x * v.x + v.y * v.y).squareRoot()
            dir.append(Point(v.x / l, v.y / l)); len.append(l)
        }
        func normal(_ d: Point) -> Point { Point(-d.y * sign, d.x * sign) }
        var out: [Point] = []
        out.reserveCapacity(n * 2)
        if !closed { out.append(p[0] + normal(dir[0]) * h) }
        let vertices = closed ? Array(0..<n) : Array(1..<(n - 1))
        for i in vertices {
            if i & 0xFFFF == 0xFFFF && FrameWatch.shouldStop() { break }
            let a = (i - 1 + segments) % segments, b = i % segments
            join(&out, at: p[i], dir[a], dir[b], len[a], len[b], sign: sign, corner: s.corner[i])
        }
        if !closed { out.append(p[n - 1] + normal(dir[segments - 1]) * h) }
        return out
    }

    /// The offset points around vertex `v` between segments of directions d1 and d2 (see the top).
    func join(_ out: inout [Point], at v: Point, _ d1: Point, _ d2: Point, _ len1: Double, _ len2: Double,
              sign: Double, corner: Bool) {
        let n1 = Point(-d1.y * sign, d1.x * sign), n2 = Point(-d2.y * sign, d2.x * sign)
        let cross = d1.x * d2.y - d1.y * d2.x, dot = d1.x * d2.x + d1.y * d2.y
        let p1 = v + n1 * h, p2 = v + n2 * h
        if cross == 0 && dot > 0 { out.append(p1); return }
        let k = 1 + n1.x * n2.x + n1.y * n2.y   // 1 + cos φ
        if sign * cross > 0 {
            // Inner side.
            let pullback = h * ((1 - dot) / (1 + dot)).squareRoot()   // h·tan(φ/2)
            if k > 1e-9, pullback <= 0.5 * Swift.min(len1, len2) {
                out.append(v + (n1 + n2) * (h / k))
            } else {
                out.append(p1); out.append(v); out.append(p2)
            }
            return
        }
        out.append(p1)
        switch corner ? style.lineJoin : .round {
        case .bevel:
            break
        case .miter:
            // 1/cos(φ/2) = √(2/(1 + cos φ)).
            if k > 1e-12, (2 / k).squareRoot() <= style.miterLimit { out.append(v + (n1 + n2) * (h / k)) }
        case .round:
            let θ0 = atan2(n1.y, n1.x)
            let turn = cross == 0 ? -sign * Double.pi : atan2(cross, dot)
            var b = arcs; b.points = []
            b.arc(center: v, rx: h, ry: h, from: θ0, to: θ0 + turn)
            out += b.points.dropLast()
        }
        out.append(p2)
    }

    /// The cap at `e`, the end of a side reached along `d`: from e + h·N to e − h·N.
    func cap(_ out: inout [Point], at e: Point, direction d: Point) {
        let n = Point(-d.y, d.x)
        switch style.lineCap {
        case .butt:
            break
        case .square:
            out.append(e + n * h + d * h); out.append(e - n * h + d * h)
        case .round:
            let θ0 = atan2(n.y, n.x)
            var b = arcs; b.points = []
            b.arc(center: e, rx: h, ry: h, from: θ0, to: θ0 - Double.pi)
            out += b.points.dropLast()
        }
    }

    /// A single point's cap: a disc, a square, or nothing.
    func dot(_ c: Point, direction d: Point) -> [Point]? {
        switch style.lineCap {
        case .butt: return nil
        case .square:
            let n = Point(-d.y, d.x)
            return [c + (d + n) * h, c + (n - d) * h, c - (d + n) * h, c + (d - n) * h]
        case .round:
            var b = arcs; b.points = [Point(c.x + h, c.y)]
            b.arc(center: c, rx: h, ry: h, from: 0, to: 2 * Double.pi)
            b.points.removeLast()
            return b.points
        }
    }
}

extension Shape {
    /// The stroke of the shape with `style` as a polygon in canvas pixels (see the top).
    func strokePolygon(_ style: StrokeStyle, transform: AffineTransform) -> PixelPolygon {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return PixelPolygon() }
        var subpaths = Path.outline(of: self, transform: transform)
        let dash = style.effectiveDash
        if !dash.isEmpty { subpaths = subpaths.flatMap { Dasher(pattern: dash, phase: style.dashPhase).dashes(of: $0) } }
        let stroker = Stroker(style: style, arcs: OutlineBuilder(pixelTolerance: pathFlatteningTolerancePixels, transform: transform))
        var poly = PixelPolygon()
        for c in stroker.contours(subpaths) where c.count >= 3 {
            poly.points += c.map(transform.apply)
            poly.contourEnds.append(poly.points.count)
        }
        return poly
    }
}

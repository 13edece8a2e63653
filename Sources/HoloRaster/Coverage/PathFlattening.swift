// Paths → polylines in the path's local points, then polygons in canvas pixels.
//
// Curves are flattened with the shape outlines' OutlineBuilder (uniform cubic subdivision from the
// second-difference bound, arcs by the sagitta rule), with quadratics raised to cubics exactly:
//   C1 = P0 + ⅔(Q − P0),  C2 = P3 + ⅔(Q − P3).
// The tolerance is `pathFlatteningTolerancePixels` in device pixels, turned into local units by
// the transform's largest stretch, so a path drawn at 3× or scaled up stays as smooth.
//
// Why 0.01 px and not the shapes' 0.001: a path's curves are a user's or a symbol's (small radii,
// many of them), and the inscribed polyline loses at most ⅔·0.01 of a pixel's area per pixel along
// the curve (under 2/255 of coverage); the shapes keep theirs so their pictures do not move.
//
// Each vertex remembers whether it is a corner (where one path element meets the next, and the
// stroke's join applies) or a point inside one curve (where a stroke bends smoothly: Stroker.swift
// joins it round, which is the curve's true offset).

import HoloGeometry
import HoloScene
import HoloStop

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Flattening tolerance for paths, in device pixels.
let pathFlatteningTolerancePixels = 0.01

/// The most points one path flattens to: elements past it are dropped. A path of 10,000 arcs a
/// million points round (what a scene file may hold) would otherwise take hundreds of millions;
/// a screen's worth of curves at 0.01 px is a few thousand.
let maxFlattenedPathPoints = 2_000_000

/// ⌈v⌉ within `lower…upper`, for a count of steps: NaN gives `lower` and a huge v `upper`, so no
/// curve's geometry (a cubic 1e300 across, a tolerance of 1e-300) reaches `Int()` out of range,
/// which traps.
func stepCount(_ v: Double, lower: Int, upper: Int) -> Int {
    guard v > Double(lower) else { return lower }
    return v < Double(upper) ? Int(v.rounded(.up)) : upper
}

/// How far in from a curve's ends (as a fraction of its parameter) the extra tangent points sit.
let tangentStep = 0.001

/// One subpath as a polyline in local points.
struct FlatSubpath: Equatable {
    var points: [Point]
    /// `corner[i]`: point i is where two path elements meet (or an end), not inside a curve.
    var corner: [Bool]
    var closed: Bool
    /// The direction a single-point subpath (a zero-length dash or `M x y Z`) caps along.
    var direction = Point(1, 0)

    /// Consecutive repeated points merged (a zero-length segment has no direction), and for a
    /// closed subpath a last point equal to the first dropped.
    mutating func dropRepeats() {
        var p: [Point] = [], c: [Bool] = []
        p.reserveCapacity(points.count); c.reserveCapacity(points.count)
        for (i, q) in points.enumerated() {
            if i & 0xFFFF == 0xFFFF && FrameWatch.shouldStop() { break }
            if let last = p.last, last == q { c[c.count - 1] = c[c.count - 1] || corner[i]; continue }
            p.append(q); c.append(corner[i])
        }
        if closed, p.count > 1, p.first == p.last { p.removeLast(); c[0] = true; c.removeLast() }
        points = p; corner = c
    }
}

extension Path {
    /// The subpaths as polylines in local points, flattened to `pixelTolerance` under `transform`.
    /// Non-finite coordinates drop the element that holds them.
    func flattened(pixelTolerance: Double, transform: AffineTransform) -> [FlatSubpath] {
        let template = OutlineBuilder(pixelTolerance: pixelTolerance, transform: transform)
        var out: [FlatSubpath] = []
        var current: FlatSubpath?
        var start = Point.zero
        func finish() {
            if var s = current { s.dropRepeats(); out.append(s) }
            current = nil
        }
        func begin(_ p: Point) {
            finish()
            current = FlatSubpath(points: [p], corner: [true], closed: false)
            start = p
        }
        func last() -> Point { current?.points.last ?? start }
        func append(curvePoints pts: ArraySlice<Point>) {
            if current == nil { begin(start) }
            count += pts.count
            for (k, p) in pts.enumerated() {
                current!.points.append(p)
                current!.corner.append(k == pts.count - 1)
            }
        }
        func finite(_ ps: Point...) -> Bool { ps.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        var count = 0
        for e in elements {
            // Between elements: a path of millions of points takes seconds to flatten.
            guard count <= maxFlattenedPathPoints, !FrameWatch.shouldStop() else { break }
            switch e {
            case .move(let p):
                guard finite(p) else { continue }
                begin(p)
            case .line(let p):
                guard finite(p) else { continue }
                append(curvePoints: [p][...])
            case .quadCurve(let p, let q):
                guard finite(p, q) else { continue }
                let p0 = last()
                append(curvePoints: cubic(p0, p0 + (q - p0) * (2.0 / 3), p + (q - p) * (2.0 / 3), p, template))
            case .curve(let p, let c1, let c2):
                guard finite(p, c1, c2) else { continue }
                append(curvePoints: cubic(last(), c1, c2, p, template))
            case .arc(let c, let r, let a0, let a1, let clockwise):
                guard finite(c), r.isFinite, a0.isFinite, a1.isFinite else { continue }
                let r = abs(r)
                let s = Point(c.x + r * cos(a0), c.y + r * sin(a0))
                if current == nil { begin(s) } else { append(curvePoints: [s][...]) }
                let sweep = Path.arcSweep(startAngle: a0, endAngle: a1, clockwise: clockwise)
                guard sweep != 0, r > 0 else { continue }
                var b = template; b.points = [s]
                b.arc(center: c, rx: r, ry: r, from: a0, to: a0 + sweep)
                // The first and last chords along the end tangents (see `tangentStep`).
                let e = tangentStep * sweep
                b.points.insert(Point(c.x + r * cos(a0 + e), c.y + r * sin(a0 + e)), at: 1)
                b.points.insert(Point(c.x + r * cos(a0 + sweep - e), c.y + r * sin(a0 + sweep - e)), at: b.points.count - 1)
                append(curvePoints: b.points.dropFirst())
            case .closeSubpath:
                guard current != nil else { continue }
                current!.closed = true
                current!.corner[0] = true
                finish()
            }
        }
        finish()
        return out
    }

    /// A cubic's flattened points after p0, with an extra point `tangentStep` in from each end.
    /// Why: a stroke's join and cap at a curve's end follow the end's direction, and the first
    /// chord of a coarse flattening can be degrees off the tangent, which swings a sharp miter's
    /// tip by pixels; a chord of 1/1000 of the parameter is within a thousandth of a radian.
    private func cubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ template: OutlineBuilder) -> ArraySlice<Point> {
        var b = template; b.points = [p0]
        b.cubic(c1, c2, to: p3)
        func at(_ t: Double) -> Point {
            let u = 1 - t, w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
            return Point(w0 * p0.x + w1 * c1.x + w2 * c2.x + w3 * p3.x, w0 * p0.y + w1 * c1.y + w2 * c2.y + w3 * p3.y)
        }
        b.points.insert(at(tangentStep), at: 1)
        b.points.insert(at(1 - tangentStep), at: b.points.count - 1)
        return b.points.dropFirst()
    }

    /// The filled path in canvas pixels: every subpath closed, with the path's fill rule.
    func fillPolygon(transform: AffineTransform) -> PixelPolygon {
        var poly = PixelPolygon()
        poly.fillRule = fillRule
        for s in flattened(pixelTolerance: pathFlatteningTolerancePixels, transform: transform) where s.points.count >= 3 {
            poly.points += s.points.map(transform.apply)
            poly.contourEnds.append(poly.points.count)
        }
        return poly
    }

    /// The path of a shape's outline (one closed subpath of its flattened outline), for strokes
    /// with a style.
    static func outline(of shape: Shape, transform: AffineTransform) -> [FlatSubpath] {
        if case .path(let p) = shape {
            return p.flattened(pixelTolerance: pathFlatteningTolerancePixels, transform: transform)
        }
        var s = FlatSubpath(points: shape.outline(pixelTolerance: flatteningTolerancePixels, transform: transform),
                            corner: [], closed: true)
        // A rect's four points are corners; a flattened curve's are not (its joins are round).
        s.corner = Array(repeating: { if case .rect = shape { return true } else { return false } }(), count: s.points.count)
        s.dropRepeats()
        return [s]
    }
}

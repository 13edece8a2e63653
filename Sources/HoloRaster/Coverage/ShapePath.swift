// Shapes → flattened polygons in canvas pixels.
//
// Why flatten to polygons: the coverage rasterizer (Rasterizer.swift) integrates exact signed areas
// of straight segments, so every curve is turned into a polyline first. The polyline is inscribed
// in the curve, so its area is always slightly short; with a flattening tolerance of 0.001 px the
// area lost in any one pixel is under ⅔·0.001·√2 ≈ 0.001 of a pixel (a quarter of one 8-bit step),
// which keeps edge coverage within the 1/255 the tests demand even at full-screen radii.
//
// Curves are flattened in the shape's local space and then mapped by the affine transform; the
// local tolerance is the pixel tolerance divided by the transform's largest stretch (bounded above
// by the Frobenius norm), so the mapped polyline still meets the pixel tolerance.

import HoloGeometry
import HoloScene
import HoloStop

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Closed polylines in canvas pixels, one after another; `contourEnds[i]` is one past the last
/// point of contour i. Each contour is implicitly closed.
@usableFromInline
struct PixelPolygon: Sendable {
    @usableFromInline var points: [Point] = []
    @usableFromInline var contourEnds: [Int] = []
    /// Which points are inside: non-zero for every shape and stroke, a path's own rule for its fill.
    @usableFromInline var fillRule: FillRule = .nonZero
    /// Its contours may overlap themselves or each other (a stroke's outline, a path's fill), so
    /// the rasterizer takes coverage as the union under the fill rule (OverlapResolution.swift);
    /// false only for a shape's own single convex outline, where the plain signed area is exact.
    @usableFromInline var mayOverlap: Bool = true

    /// The pixel-space bounding box of all points.
    var bounds: Rect {
        guard var x0 = points.first?.x, var y0 = points.first?.y else { return .zero }
        var x1 = x0, y1 = y0
        for p in points {
            x0 = Swift.min(x0, p.x); x1 = Swift.max(x1, p.x)
            y0 = Swift.min(y0, p.y); y1 = Swift.max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Flattening tolerance in pixels: the largest distance between a curve and its polyline.
let flatteningTolerancePixels = 0.001

/// Collects one contour of a shape outline in local points, flattening curves as it goes.
struct OutlineBuilder {
    /// Tolerance in local units.
    let tolerance: Double
    var points: [Point] = []

    init(pixelTolerance: Double, transform: AffineTransform) {
        // ‖M‖_F ≥ largest singular value, so local tolerance · ‖M‖_F ≤ pixel tolerance.
        let stretch = (transform.a * transform.a + transform.b * transform.b
                       + transform.c * transform.c + transform.d * transform.d).squareRoot()
        tolerance = pixelTolerance / Swift.max(stretch, 1e-12)
    }

    mutating func line(to p: Point) { points.append(p) }

    /// Elliptic arc c + (rx cos θ, ry sin θ) for θ from θ0 to θ1 (y down: increasing θ turns clockwise
    /// on screen). The end point is included, the start point is not.
    /// Chord sagitta for a step Δθ on radius R: R(1 − cos(Δθ/2)) ≤ tol  ⇒  Δθ = 2·acos(1 − tol/R).
    mutating func arc(center c: Point, rx: Double, ry: Double, from θ0: Double, to θ1: Double) {
        let r = Swift.max(rx, ry)
        guard r > 0 else { points.append(c); return }
        let step = 2 * acos(Swift.max(-1, 1 - tolerance / r))
        let n = stepCount(abs(θ1 - θ0) / step, lower: 1, upper: maxFlattenedPathPoints)
        for i in 1...n {
            if i & 0xFFFF == 0 && FrameWatch.shouldStop() { break }
            let θ = θ0 + (θ1 - θ0) * Double(i) / Double(n)
            points.append(Point(c.x + rx * cos(θ), c.y + ry * sin(θ)))
        }
    }

    /// Cubic Bézier from the last point. Uniform subdivision: the chord error of n equal parameter
    /// steps is at most max|B''|/(8n²), and max|B''| ≤ 6·max(|P0 − 2P1 + P2|, |P1 − 2P2 + P3|).
    mutating func cubic(_ p1: Point, _ p2: Point, to p3: Point) {
        let p0 = points.last ?? p1
        let d1 = p0 - p1 * 2 + p2, d2 = p1 - p2 * 2 + p3
        let m = Swift.max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
        let n = stepCount((6 * m / (8 * tolerance)).squareRoot(), lower: 1, upper: maxFlattenedPathPoints)
        for i in 1...n {
            if i & 0xFFFF == 0 && FrameWatch.shouldStop() { break }
            let t = Double(i) / Double(n), u = 1 - t
            let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
            points.append(Point(w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                                w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y))
        }
    }
}

/// iOS's continuous corner, as reverse-engineered from UIBezierPath (PaintCode, "Code for iOS 7
/// rounded rectangles"), in corner units: `a` runs from the corner along the edge the outline
/// arrives on, `b` along the edge it leaves by, both in multiples of the (limited) radius.
/// The corner starts 1.52866483 radii from the corner: a cubic eases the curvature in, a circular
/// arc turns the middle, a mirrored cubic eases out; short straight joins sit between them.
enum ContinuousCorner {
    static let reach = 1.52866483
    static let entryCubic = (c1: Point(1.08849323, 0), c2: Point(0.86840689, 0), end: Point(0.66993427, 0.065496))
    static let arcStart = Point(0.63149399, 0.074911)
    static let arcEnd = Point(0.074911, 0.63149399)
    static let exitStart = Point(0.065496, 0.66993427)
    static let exitCubic = (c1: Point(0, 0.86840689), c2: Point(0, 1.08849323), end: Point(0, reach))
    /// UIKit draws the middle as the cubic (0.63149399, 0.074911) (0.37282392, 0.16905899)
    /// (0.16905899, 0.37282392) (0.074911, 0.63149399); we use the circle it approximates: centre
    /// (k, k) on the diagonal, through the arc's start and the cubic's midpoint m = (μ, μ),
    /// μ = (P0 + 3P1 + 3P2 + P3)/8.  |P − C|² = |M − C|²  ⇒  k = (p² + q² − 2μ²) / (2(p + q) − 4μ).
    static let arc: (center: Double, radius: Double, θ0: Double, θ1: Double) = {
        let p = arcStart.x, q = arcStart.y
        let μ = (p + q) / 8 + 3 * (0.37282392 + 0.16905899) / 8
        let k = (p * p + q * q - 2 * μ * μ) / (2 * (p + q) - 4 * μ)
        let r = ((p - k) * (p - k) + (q - k) * (q - k)).squareRoot()
        return (k, r, atan2(q - k, p - k), atan2(p - k, q - k))
    }()

    /// Appends one corner; `map` turns corner units (a, b) into local points, `radius` scales them.
    static func append(to b: inout OutlineBuilder, radius: Double, map: (Point) -> Point) {
        // Flatten in corner units with the tolerance expressed in those units, then map.
        var unit = OutlineBuilder(pixelTolerance: b.tolerance / radius, transform: .identity)
        unit.points = [Point(reach, 0)]
        unit.cubic(entryCubic.c1, entryCubic.c2, to: entryCubic.end)
        unit.line(to: arcStart)
        unit.arc(center: Point(arc.center, arc.center), rx: arc.radius, ry: arc.radius, from: arc.θ0, to: arc.θ1)
        unit.line(to: exitStart)
        unit.cubic(exitCubic.c1, exitCubic.c2, to: exitCubic.end)
        for p in unit.points { b.line(to: map(p)) }
    }
}

extension Shape {
    /// The outline in local points as one closed contour, running clockwise on screen (y down).
    func outline(pixelTolerance: Double, transform: AffineTransform) -> [Point] {
        var b = OutlineBuilder(pixelTolerance: pixelTolerance, transform: transform)
        switch self {
        case .rect(let r):
            b.points = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        case .capsule(let r):
            Shape.appendCircularRoundedRect(r, radius: Swift.min(r.width, r.height) / 2, into: &b)
        case .roundedRect(let r, let radius, .circular):
            Shape.appendCircularRoundedRect(r, radius: radius, into: &b)
        case .roundedRect(let r, let radius, .continuous):
            // As UIKit: limit the radius so both corners of the shorter side fit.
            let lr = Swift.max(0, Swift.min(radius, Swift.min(r.width, r.height) / 2 / ContinuousCorner.reach))
            guard lr > 0 else { return Shape.rect(r).outline(pixelTolerance: pixelTolerance, transform: transform) }
            // Top-right, bottom-right, bottom-left, top-left; each maps (a, b) from its corner.
            let corners: [(Point) -> Point] = [
                { Point(r.maxX - $0.x * lr, r.minY + $0.y * lr) },
                { Point(r.maxX - $0.y * lr, r.maxY - $0.x * lr) },
                { Point(r.minX + $0.x * lr, r.maxY - $0.y * lr) },
                { Point(r.minX + $0.y * lr, r.minY + $0.x * lr) },
            ]
            for map in corners { ContinuousCorner.append(to: &b, radius: lr, map: map) }
        case .path(let p):
            // One contour: the first subpath (a path's fill and stroke go through Path's own code).
            return p.flattened(pixelTolerance: pixelTolerance, transform: transform).first?.points ?? []
        case .ellipse(let r):
            b.points = [Point(r.maxX, r.midY)]
            b.arc(center: r.center, rx: r.width / 2, ry: r.height / 2, from: 0, to: 2 * Double.pi)
            b.points.removeLast()  // equals the first point
        }
        return b.points
    }

    /// Quarter-circle corners: true arcs, flattened (the k = 0.5523 cubic is off by 2.7e-4·r, which
    /// is over 1/255 of a pixel once r passes about 15 px).
    private static func appendCircularRoundedRect(_ r: Rect, radius: Double, into b: inout OutlineBuilder) {
        let cr = Swift.max(0, Swift.min(radius, r.width / 2, r.height / 2))
        let h = Double.pi / 2
        b.line(to: Point(r.minX + cr, r.minY))
        b.line(to: Point(r.maxX - cr, r.minY))
        if cr > 0 { b.arc(center: Point(r.maxX - cr, r.minY + cr), rx: cr, ry: cr, from: -h, to: 0) }
        b.line(to: Point(r.maxX, r.maxY - cr))
        if cr > 0 { b.arc(center: Point(r.maxX - cr, r.maxY - cr), rx: cr, ry: cr, from: 0, to: h) }
        b.line(to: Point(r.minX + cr, r.maxY))
        if cr > 0 { b.arc(center: Point(r.minX + cr, r.maxY - cr), rx: cr, ry: cr, from: h, to: 2 * h) }
        b.line(to: Point(r.minX, r.minY + cr))
        if cr > 0 { b.arc(center: Point(r.minX + cr, r.minY + cr), rx: cr, ry: cr, from: 2 * h, to: 3 * h) }
    }

    /// The filled outline in pixels.
    func pixelPolygon(transform: AffineTransform) -> PixelPolygon {
        if case .path(let p) = self { return p.fillPolygon(transform: transform) }
        let local = outline(pixelTolerance: flatteningTolerancePixels, transform: transform)
        // Rects, rounded rects, capsules and ellipses are one convex contour: winding 0 or 1 only.
        return PixelPolygon(points: local.map(transform.apply), contourEnds: [local.count], mayOverlap: false)
    }

    /// A stroke of `width` local points centred on the outline: the outline offset outward by w/2
    /// and, reversed, offset inward by w/2; under the non-zero rule the ring between them is inside.
    /// Vertices are offset along the miter m = (n₁ + n₂)/(1 + n₁·n₂) of the adjacent edge normals,
    /// which for a finely flattened curve is its true offset and for a rect corner CG's miter join.
    func strokePolygon(width: Double, transform: AffineTransform) -> PixelPolygon {
        if case .path = self { return strokePolygon(StrokeStyle(lineWidth: width), transform: transform) }
        var pts = outline(pixelTolerance: flatteningTolerancePixels, transform: transform)
        // Drop repeated points (zero-length edges have no normal).
        var clean: [Point] = []
        clean.reserveCapacity(pts.count)
        for p in pts where clean.last.map({ abs($0.x - p.x) + abs($0.y - p.y) > 1e-12 }) ?? true { clean.append(p) }
        while clean.count > 1, let f = clean.first, let l = clean.last, abs(f.x - l.x) + abs(f.y - l.y) <= 1e-12 { clean.removeLast() }
        pts = clean
        let n = pts.count
        guard n >= 3, width > 0 else { return PixelPolygon() }
        // Shoelace sign: positive for clockwise-on-screen contours, whose outward normal of an edge
        // (dx, dy) is (dy, −dx).
        var area2 = 0.0
        for i in 0..<n { let p = pts[i], q = pts[(i + 1) % n]; area2 += p.x * q.y - q.x * p.y }
        let outward = area2 >= 0 ? 1.0 : -1.0
        var normals = [Point](repeating: .zero, count: n)
        for i in 0..<n {
            let p = pts[i], q = pts[(i + 1) % n]
            let dx = q.x - p.x, dy = q.y - p.y, len = (dx * dx + dy * dy).squareRoot()
            normals[i] = Point(dy / len * outward, -dx / len * outward)
        }
        func offset(_ d: Double) -> [Point] {
            (0..<n).map { i in
                let n1 = normals[(i + n - 1) % n], n2 = normals[i]
                let denom = Swift.max(1 + n1.x * n2.x + n1.y * n2.y, 0.02)  // miter limit 10
                return Point(pts[i].x + (n1.x + n2.x) / denom * d, pts[i].y + (n1.y + n2.y) / denom * d)
            }
        }
        let outer = offset(width / 2).map(transform.apply)
        let inner = offset(-width / 2).reversed().map(transform.apply)
        return PixelPolygon(points: outer + inner, contourEnds: [n, 2 * n])
    }
}

// Edge coverage against exact areas computed independently of the rasterizer.
//
// The exact area: for a shape whose every vertical line meets it in one interval [lo(s), hi(s)]
// (true for convex shapes), the area inside pixel (x, y) is
//   ∫_x^{x+1} |[y, y+1] ∩ [lo(s), hi(s)]| ds,
// integrated by the midpoint rule (n samples per column). lo/hi come from the shapes' own
// equations (circle, half-planes, UIKit's corner Béziers), never from the flattened polygon.

import HoloPixels
import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

/// The exact-area coverage (0…1) of every pixel in [x0, x1) × [y0, y1).
func exactCoverage(x0: Int, x1: Int, y0: Int, y1: Int, samples n: Int = 512,
                   extent: (Double) -> (lo: Double, hi: Double)?) -> [[Double]] {
    var out = [[Double]](repeating: [Double](repeating: 0, count: x1 - x0), count: y1 - y0)
    for x in x0..<x1 {
        let ext = (0..<n).map { extent(Double(x) + (Double($0) + 0.5) / Double(n)) }
        for y in y0..<y1 {
            var sum = 0.0
            for e in ext {
                guard let e else { continue }
                sum += max(0, min(Double(y + 1), e.hi) - max(Double(y), e.lo))
            }
            out[y - y0][x - x0] = sum / Double(n)
        }
    }
    return out
}

/// Largest |mask − 255·exact| over the window, and where.
func worstError(_ mask: CoverageMask, _ exact: [[Double]], x0: Int, y0: Int) -> (error: Double, x: Int, y: Int) {
    var worst = (0.0, 0, 0)
    for (j, row) in exact.enumerated() {
        for (i, e) in row.enumerated() {
            let d = abs(Double(mask[x0 + i, y0 + j]) - 255 * e)
            if d > worst.0 { worst = (d, x0 + i, y0 + j) }
        }
    }
    return worst
}

/// UIKit's continuous corner (PaintCode's reverse-engineered path, its middle segment kept as
/// UIKit's own cubic): b on the boundary for a given a, in corner units; nil past the corner.
func continuousCornerB(_ a: Double) -> Double? {
    typealias P = (Double, Double)
    let reach = 1.52866483
    if a >= reach { return 0 }
    if a < 0 { return nil }
    let pieces: [[P]] = [
        [(reach, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496)],
        [(0.66993427, 0.065496), (0.63149399, 0.074911)],
        [(0.63149399, 0.074911), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.074911, 0.63149399)],
        [(0.074911, 0.63149399), (0.065496, 0.66993427)],
        [(0.065496, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, reach)],
    ]
    func eval(_ p: [P], _ t: Double) -> P {
        if p.count == 2 { return (p[0].0 + (p[1].0 - p[0].0) * t, p[0].1 + (p[1].1 - p[0].1) * t) }
        let u = 1 - t
        let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
        return (w0 * p[0].0 + w1 * p[1].0 + w2 * p[2].0 + w3 * p[3].0,
                w0 * p[0].1 + w1 * p[1].1 + w2 * p[2].1 + w3 * p[3].1)
    }
    for p in pieces where a <= p.first!.0 && a >= p.last!.0 {
        // a(t) decreases along each piece: bisect.
        var lo = 0.0, hi = 1.0
        for _ in 0..<48 { let m = (lo + hi) / 2; if eval(p, m).0 > a { lo = m } else { hi = m } }
        return eval(p, (lo + hi) / 2).1
    }
    return nil
}

@Suite struct CoverageTests {
    @Test func circleEdgeCoverageIsExactArea() {
        let canvas = Canvas(width: 64, height: 64)
        let (cx, cy, r) = (31.37, 30.71, 23.3)
        let mask = canvas.coverage(of: .circle(center: .zero, radius: r), transform: .translation(cx, cy))
        let exact = exactCoverage(x0: 0, x1: 64, y0: 0, y1: 64) { s in
            let d = r * r - (s - cx) * (s - cx)
            guard d > 0 else { return nil }
            return (cy - d.squareRoot(), cy + d.squareRoot())
        }
        let worst = worstError(mask, exact, x0: 0, y0: 0)
        #expect(worst.error <= 1.0, "pixel (\(worst.x), \(worst.y)) is off by \(worst.error)/255")
        // and the total is the disc's area
        let total = mask.coverage.reduce(0) { $0 + Double($1) } / 255
        #expect(abs(total - Double.pi * r * r) < 0.5)
    }

    @Test func largeCircleStaysExact() {
        // A big radius (flattening must hold 1/255 where a cubic arc approximation would not).
        let canvas = Canvas(width: 40, height: 40)
        let r = 1500.0, cx = 1520.25, cy = 20.5
        let mask = canvas.coverage(of: .circle(center: Point(cx, cy), radius: r), transform: .identity)
        let exact = exactCoverage(x0: 0, x1: 40, y0: 0, y1: 40) { s in
            let d = r * r - (s - cx) * (s - cx)
            guard d > 0 else { return nil }
            return (cy - d.squareRoot(), cy + d.squareRoot())
        }
        let worst = worstError(mask, exact, x0: 0, y0: 0)
        #expect(worst.error <= 1.0, "pixel (\(worst.x), \(worst.y)) is off by \(worst.error)/255")
    }

    @Test func rotatedRectEdgeCoverageIsExactArea() {
        let canvas = Canvas(width: 80, height: 80)
        let rect = Rect(x: -20, y: -12.5, width: 40, height: 25)
        let t = AffineTransform.rotation(Double.pi / 6).concatenating(.translation(40.3, 39.8))
        let mask = canvas.coverage(of: .rect(rect), transform: t)
        let corners = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY),
                       Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)].map(t.apply)
        let exact = exactCoverage(x0: 0, x1: 80, y0: 0, y1: 80) { s in
            // The vertical line x = s meets the convex quad's edges at these y values.
            var ys: [Double] = []
            for i in 0..<4 {
                let p = corners[i], q = corners[(i + 1) % 4]
                if (p.x - s) * (q.x - s) <= 0, p.x != q.x { ys.append(p.y + (q.y - p.y) * (s - p.x) / (q.x - p.x)) }
            }
            guard let lo = ys.min(), let hi = ys.max() else { return nil }
            return (lo, hi)
        }
        let worst = worstError(mask, exact, x0: 0, y0: 0)
        #expect(worst.error <= 1.0, "pixel (\(worst.x), \(worst.y)) is off by \(worst.error)/255")
        #expect(mask.coverage.contains(255) && mask.coverage.contains { $0 > 0 && $0 < 255 })
    }

    @Test func continuousCornerCoverageIsExactArea() {
        let canvas = Canvas(width: 200, height: 140)
        let rect = Rect(x: 0, y: 0, width: 120, height: 80), radius = 20.0, s = 1.5, tx = 10.3, ty = 7.6
        let mask = canvas.coverage(of: .roundedRect(rect, cornerRadius: radius, style: .continuous),
                                   transform: AffineTransform.scale(s, s).concatenating(.translation(tx, ty)))
        // Top-right corner window in pixels (and a little beyond it on both sides).
        let reachPx = 1.52866483 * radius * s
        let right = tx + rect.maxX * s
        let x0 = Int((right - reachPx).rounded(.down)) - 3, x1 = Int(right.rounded(.up)) + 2
        let y0 = 0, y1 = Int((ty + reachPx).rounded(.up))
        let exact = exactCoverage(x0: x0, x1: x1, y0: y0, y1: y1) { x in
            let a = (rect.maxX - (x - tx) / s) / radius   // corner units from the right edge
            guard let b = continuousCornerB(a) else { return nil }
            return (ty + s * (rect.minY + radius * b), ty + s * rect.maxY)
        }
        let worst = worstError(mask, exact, x0: x0, y0: y0)
        #expect(worst.error <= 1.0, "pixel (\(worst.x), \(worst.y)) is off by \(worst.error)/255")
        // The corner differs from a circular one (the test would catch a quarter-circle corner).
        let circular = canvas.coverage(of: .roundedRect(rect, cornerRadius: radius, style: .circular),
                                       transform: AffineTransform.scale(s, s).concatenating(.translation(tx, ty)))
        #expect(circular != mask)
    }

    @Test(arguments: [
        Rect(x: 3.3, y: 2.25, width: 17.6, height: 9.5),
        Rect(x: 0, y: 0, width: 32, height: 24),
        Rect(x: -5.7, y: 10.1, width: 20, height: 30),      // clipped left and bottom
        Rect(x: 7.2, y: 7.4, width: 0.5, height: 0.3),       // inside one pixel
        Rect(x: 4.6, y: 1.1, width: 0.8, height: 12.9),      // across a column boundary
    ])
    func axisAlignedFastPathEqualsTheGeneralRasterizer(rect: Rect) {
        let window = PixelWindow(0, 0, 32, 24)
        var fast = MaskSink(mask: CoverageMask(x: 0, y: 0, width: 32, height: 24))
        rasterizeAxisAlignedRect(rect, window: window, into: &fast)
        let poly = PixelPolygon(points: [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY),
                                         Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)], contourEnds: [4])
        var general = MaskSink(mask: CoverageMask(x: 0, y: 0, width: 32, height: 24))
        rasterize(poly, window: window, into: &general)
        #expect(fast.mask == general.mask)
        #expect(fast.mask.coverage.contains { $0 != 0 })
    }

    @Test func capsuleAndCircularRoundedRectMatchTheirArea() {
        let canvas = Canvas(width: 120, height: 60)
        let rect = Rect(x: 10.5, y: 10.25, width: 90, height: 30)
        let capsule = canvas.coverage(of: .capsule(rect), transform: .identity)
        let area = rect.width * rect.height - (4 - Double.pi) * 15 * 15
        #expect(abs(capsule.coverage.reduce(0) { $0 + Double($1) } / 255 - area) < 0.5)
        let rounded = canvas.coverage(of: .roundedRect(rect, cornerRadius: 15, style: .circular), transform: .identity)
        #expect(rounded == capsule)
    }

    @Test func strokeCoversTheRingOnly() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.stroke(.rect(Rect(x: 5, y: 5, width: 10, height: 10)), width: 2, transform: .identity,
                      paint: .solid(.white))
        #expect(canvas[4, 10].a == 255 && canvas[5, 10].a == 255)   // the ring is [4, 6]
        #expect(canvas[6, 10].a == 0 && canvas[10, 10].a == 0)       // interior
        #expect(canvas[3, 10].a == 0)                                // outside
        #expect(canvas[4, 4].a == 255)                               // miter corner
        let total = canvas.bytes.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        #expect(total == 255 * (12 * 12 - 8 * 8))
    }

    @Test func coverageIsClippedToTheCanvas() {
        let canvas = Canvas(width: 10, height: 10)
        let mask = canvas.coverage(of: .circle(center: Point(0, 0), radius: 8), transform: .identity)
        #expect(mask.x == 0 && mask.y == 0 && mask.width == 8 && mask.height == 8)
        #expect(mask[0, 0] == 255)
        let none = canvas.coverage(of: .rect(Rect(x: 20, y: 20, width: 5, height: 5)), transform: .identity)
        #expect(none.isEmpty)
    }
}

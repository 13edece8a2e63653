// Reference coverage: the exact area of a polygon inside each pixel, by Green's theorem.
//
// For one pixel row [y, y+1], each contour is first clipped to that band (Sutherland–Hodgman
// against y ≥ top and y ≤ bottom; clipping against a convex region keeps the winding integral).
// The clipped band polygon Q is then cut into pixel columns [a, a+1]. The area of Q inside a column
// is a boundary integral (Green):
//   area(Q ∩ column) = ± Σ over Q's edges  ∫_{edge ∩ column} (y − top) dx
// The column's own walls add nothing (dx = 0 along them), so each edge adds the trapezoid
// (xb − xa)·((ya − top) + (yb − top))/2 over each column it crosses. Summed over contours with
// their signs, it is the integral of the winding number over the pixel; coverage is
// round(min(1, |area|)·255) (non-zero rule), as in the fast rasterizer, computed another way.

import HoloGeometry
import HoloScene

extension Reference {
    /// Coverage of closed contours (in target pixels) over the pixels of `limit`.
    static func coverage(contours: [[Point]], limit: RefBox) -> RefMask {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in contours where c.count >= 3 {
            for p in c {
                guard p.x.isFinite, p.y.isFinite else { return RefMask(window: .empty) }
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
        }
        guard minX < maxX, minY < maxY else { return RefMask(window: .empty) }
        let box = RefBox(covering: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)).intersection(limit)
        var mask = RefMask(window: box)
        guard !box.isEmpty else { return mask }
        let ranges = contours.map { c in (c.map(\.y).min() ?? 0, c.map(\.y).max() ?? 0) }
        var area = [Double](repeating: 0, count: box.width)
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for i in 0..<area.count { area[i] = 0 }
            let top = Double(y), bottom = top + 1
            for (k, contour) in contours.enumerated() where contour.count >= 3 {
                guard ranges[k].1 > top, ranges[k].0 < bottom else { continue }
                let band = clipped(clipped(contour, keepAbove: false, top), keepAbove: true, bottom)
                guard band.count >= 3 else { continue }
                for i in 0..<band.count {
                    let p = band[i], q = band[(i + 1) % band.count]
                    guard p.x != q.x else { continue }
                    let (l, r, sign) = p.x < q.x ? (p, q, 1.0) : (q, p, -1.0)
                    let first = Swift.max(box.x0, Int(l.x.rounded(.down)))
                    let last = Swift.min(box.x1 - 1, Int(r.x.rounded(.up)) - 1)
                    guard first <= last else { continue }
                    for col in first...last {
                        let xa = Swift.max(l.x, Double(col)), xb = Swift.min(r.x, Double(col + 1))
                        guard xb > xa else { continue }
                        // y on the edge at xa and xb (the end points exactly where they are ends).
                        let ya = xa == l.x ? l.y : l.y + (r.y - l.y) * (xa - l.x) / (r.x - l.x)
                        let yb = xb == r.x ? r.y : l.y + (r.y - l.y) * (xb - l.x) / (r.x - l.x)
                        area[col - box.x0] += sign * (xb - xa) * ((ya - top) + (yb - top)) / 2
                    }
                }
            }
            for x in box.x0..<box.x1 {
                let v = Swift.min(1, abs(area[x - box.x0]))
                mask.set(x, y, Int(v * 255 + 0.5))
            }
        }
        return mask
    }

    /// Sutherland–Hodgman against one horizontal line: keeps y ≥ line (`keepAbove` false: the
    /// part below the line on screen, y down) or y ≤ line (`keepAbove` true).
    static func clipped(_ poly: [Point], keepAbove: Bool, _ line: Double) -> [Point] {
        guard let lastPoint = poly.last else { return [] }
        func inside(_ p: Point) -> Bool { keepAbove ? p.y <= line : p.y >= line }
        func cut(_ p: Point, _ q: Point) -> Point {
            Point(p.x + (q.x - p.x) * (line - p.y) / (q.y - p.y), line)
        }
        var out: [Point] = []
        var prev = lastPoint
        for p in poly {
            if inside(p) {
                if !inside(prev) { out.append(cut(prev, p)) }
                out.append(p)
            } else if inside(prev) {
                out.append(cut(prev, p))
            }
            prev = p
        }
        return out
    }

    /// Coverage of a filled shape: a path by its own sampled fill (ReferencePath.swift), any
    /// other shape by the exact area of its shared flattened outline.
    static func fillCoverage(_ shape: Shape, transform: AffineTransform, limit: RefBox) -> RefMask {
        if case .path(let p) = shape { return pathFillCoverage(p, transform: transform, limit: limit) }
        return coverage(contours: fillContours(shape, transform: transform), limit: limit)
    }

    /// The contours of a filled shape, in target pixels (the flattened outline, shared geometry).
    static func fillContours(_ shape: Shape, transform: AffineTransform) -> [[Point]] {
        let poly = shape.pixelPolygon(transform: transform)
        return contours(of: poly)
    }

    /// The contours of a stroke (outline offset both ways, shared geometry).
    static func strokeContours(_ shape: Shape, width: Double, transform: AffineTransform) -> [[Point]] {
        contours(of: shape.strokePolygon(width: width, transform: transform))
    }

    static func contours(of poly: PixelPolygon) -> [[Point]] {
        var out: [[Point]] = []
        var start = 0
        for end in poly.contourEnds {
            out.append(Array(poly.points[start..<end]))
            start = end
        }
        return out
    }
}

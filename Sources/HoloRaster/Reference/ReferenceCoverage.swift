// Reference coverage: the area of each pixel inside closed contours, the union under the fill rule.
//
// Sampled on horizontal lines and exact along each: a line's crossings with every edge (half-open
// in y, each with its edge's direction) sorted by x; walking them left to right, the winding number
// is the sum of the directions passed, and the spans where it says "inside" (non-zero: w ≠ 0;
// even-odd: w odd) are the inside of the line. A pixel's coverage is the weighted sum over its
// lines of the length of inside spans within [x, x + 1], round(min(1, that)·255). Overlapping
// contours, or a contour crossing itself, count once: a point is inside or not, whatever its
// winding.
//
// The lines: each pixel row is cut at the heights of the outline's vertices in it, and each slab
// [a, b] gets n = max(2, ⌈256·(b − a)⌉) lines at a + (j + ½)(b − a)/n, each weighing (b − a)/n.
// Inside a slab every edge runs straight through, so a column's inside length is continuous in y
// (piecewise linear, bending where an edge crosses the column's side or another edge): the
// midpoint rule is exact on its straight parts and off by at most min(s·h²/8, h/2) at a bend
// (h ≤ 1/256 the line step, s the edge's |dx/dy|), under half a level; a horizontal edge, where the
// length jumps, is always a slab's side.
//
// Nothing here is the fast rasterizer's: no cells, no signed-area accumulation, no row pieces
// (Coverage/Rasterizer.swift, OverlapResolution.swift); only the contours (the shared flattened
// outline, as every reference shape uses) come from the shared geometry.

import HoloGeometry
import HoloScene

extension Reference {
    /// Sample lines a pixel row (at least: each slab between vertex heights gets at least two).
    static let coverageLines = 256

    /// Coverage of closed contours (in target pixels) over the pixels of `limit`.
    static func coverage(contours: [[Point]], fillRule: FillRule = .nonZero, limit: RefBox) -> RefMask {
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
        // Every edge, top end first, with its direction (+1 drawn downward).
        var edges: [(top: Point, bottom: Point, dir: Int)] = []
        for c in contours where c.count >= 3 {
            for i in 0..<c.count {
                let a = c[i], b = c[(i + 1) % c.count]
                guard a.y != b.y else { continue }
                edges.append(a.y < b.y ? (a, b, 1) : (b, a, -1))
            }
        }
        // Inside length in each column, summed over a row's lines: `partial` for the columns where a
        // span starts or ends, `runs` as a difference array for the whole columns between.
        var partial = [Double](repeating: 0, count: box.width)
        var runs = [Double](repeating: 0, count: box.width + 1)
        let left = Double(box.x0), right = Double(box.x1)
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for i in partial.indices { partial[i] = 0 }
            for i in runs.indices { runs[i] = 0 }
            let rowEdges = edges.filter { $0.top.y < Double(y + 1) && $0.bottom.y > Double(y) }
            var heights = [Double(y), Double(y + 1)]
            for e in rowEdges {
                if e.top.y > Double(y) { heights.append(e.top.y) }
                if e.bottom.y < Double(y + 1) { heights.append(e.bottom.y) }
            }
            heights.sort()
            var lines: [(y: Double, weight: Double)] = []
            for k in 0..<(heights.count - 1) where heights[k + 1] > heights[k] {
                let a = heights[k], b = heights[k + 1]
                let n = Swift.max(2, Int((Double(coverageLines) * (b - a)).rounded(.up)))
                for j in 0..<n { lines.append((a + (Double(j) + 0.5) * (b - a) / Double(n), (b - a) / Double(n))) }
            }
            for (sy, weight) in lines {
                var crossings: [(x: Double, dir: Int)] = []
                for e in rowEdges where e.top.y <= sy && sy < e.bottom.y {
                    crossings.append((e.top.x + (e.bottom.x - e.top.x) * (sy - e.top.y) / (e.bottom.y - e.top.y), e.dir))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                var spanStart = 0.0
                for c in crossings {
                    let wasInside = fillRule == .evenOdd ? winding % 2 != 0 : winding != 0
                    winding += c.dir
                    let isInside = fillRule == .evenOdd ? winding % 2 != 0 : winding != 0
                    if !wasInside && isInside { spanStart = c.x }
                    if wasInside && !isInside {
                        // The span [spanStart, c.x] within the box, column by column.
                        let a = Swift.max(left, spanStart), b = Swift.min(right, c.x)
                        guard b > a else { continue }
                        let ca = Int(a.rounded(.down)), cb = Int(b.rounded(.down))
                        if ca == cb {
                            partial[ca - box.x0] += (b - a) * weight
                        } else {
                            partial[ca - box.x0] += (Double(ca + 1) - a) * weight
                            runs[ca + 1 - box.x0] += weight
                            runs[cb - box.x0] -= weight
                            if cb < box.x1 { partial[cb - box.x0] += (b - Double(cb)) * weight }
                        }
                    }
                }
            }
            var whole = 0.0
            for x in box.x0..<box.x1 {
                whole += runs[x - box.x0]
                let v = Swift.min(1, Swift.max(0, whole + partial[x - box.x0]))
                mask.set(x, y, Int(v * 255 + 0.5))
            }
        }
        return mask
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

// Dashes: a polyline cut by arc length into the "on" intervals of a repeating pattern.
//
// The pattern [on₀, off₀, on₁, off₁, …] (points, Core Graphics's lengths) starts `phase` points
// in, at every subpath's start. Each "on" interval becomes an open polyline keeping the
// polyline's vertices inside it (with their corner flags, so joins still apply inside a dash); an
// interval of length zero is a single point with the segment's direction (a dot under round caps).
// On a closed subpath a dash running through its start is one dash, joined there, as in Core
// Graphics. More than `maxDashes` dashes on one subpath draw it undashed (a pattern far finer
// than a pixel would otherwise make millions of pieces), and so does a walk of more than
// 4 × `maxDashes` intervals (lengths past Double's precision, where an interval adds nothing).

import HoloGeometry
import HoloStop

struct Dasher {
    /// Even count, all ≥ 0, positive sum (StrokeStyle.effectiveDash).
    let pattern: [Double]
    let phase: Double
    static let maxDashes = 100_000

    func dashes(of s: FlatSubpath) -> [FlatSubpath] {
        let p = s.points, n = p.count
        guard n >= 2 else { return [s] }
        let segments = s.closed ? n : n - 1
        let period = pattern.reduce(0, +)
        var total = 0.0
        for i in 0..<segments { total += distance(p[i], p[(i + 1) % n]) }
        guard total / period <= Double(Self.maxDashes) / Double(pattern.count / 2) else { return [s] }
        // Where in the pattern the subpath starts.
        var offset = phase.truncatingRemainder(dividingBy: period)
        if offset < 0 { offset += period }
        var k = 0
        // An interval ending exactly at the start is behind it; a zero-length one there is drawn.
        for _ in pattern where offset > pattern[k] || (offset == pattern[k] && pattern[k] > 0) {
            offset -= pattern[k]; k = (k + 1) % pattern.count
        }
        offset = Swift.min(offset, pattern[k])
        var remaining = pattern[k] - offset
        let startsOn = k % 2 == 0
        var out: [FlatSubpath] = []
        var current: FlatSubpath? = startsOn ? FlatSubpath(points: [p[0]], corner: [true], closed: false) : nil
        // Intervals walked, bounded: past Double's precision (an interval of 1e-300 added to a
        // length of 1e6 leaves it as it was) the walk could stop advancing (a fuzzer's input hung it).
        var steps = 0
        for i in 0..<segments {
            let a = p[i], b = p[(i + 1) % n]
            let l = distance(a, b)
            let d = Point((b.x - a.x) / l, (b.y - a.y) / l)
            var at = 0.0
            // Intervals ending inside this segment.
            while remaining <= l - at {
                steps += 1
                if steps > 4 * Self.maxDashes { return [s] }
                at += remaining
                let q = a + d * at
                if k % 2 == 0 {
                    current!.points.append(q); current!.corner.append(true)
                    current!.direction = d
                    out.append(current!); current = nil
                } else {
                    current = FlatSubpath(points: [q], corner: [true], closed: false, direction: d)
                }
                k = (k + 1) % pattern.count
                remaining = pattern[k]
            }
            remaining -= l - at
            if current != nil {
                // The segment's end is inside a dash: keep the vertex. Appended in place: a copy
                // (`var c = current`) copied the dash's points on every segment, quadratic in a dash
                // of a flattened curve (2,000,000 points took a frame past every deadline).
                current!.points.append(b); current!.corner.append(s.corner[(i + 1) % n]); current!.direction = d
            }
            // A long walk polls its frame's watch, as the rasterizer's rows do.
            if stopDue(row: i) { return [s] }
        }
        if s.closed && startsOn && out.isEmpty { return [s] }  // one dash all the way round
        // A dash starting exactly at an open end is past it (unless it is a zero-length one).
        if !s.closed, remaining == pattern[k], pattern[k] > 0 { current = nil }
        if var c = current {
            if s.closed && startsOn, let first = out.first, !out.isEmpty, c.points.last == p[0] {
                // The last dash runs into the first across the start: one dash.
                c.points += first.points.dropFirst(); c.corner += first.corner.dropFirst()
                out[0] = c
            } else {
                out.append(c)
            }
        }
        return out.map { var d = $0; let dir = d.direction; d.dropRepeats(); d.direction = dir; return d }
    }

    private func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
}

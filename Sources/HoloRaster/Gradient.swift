// Paints sampled per pixel: solid colours and gradient look-up tables.
//
// Sampling point: the pixel centre (x + ½, y + ½) mapped back to the paint's local space by the
// inverse of the paint transform. Colours between stops interpolate in straight (unpremultiplied)
// sRGB components, as CoreGraphics does, and are premultiplied afterwards. Outside 0…1 the end
// colours extend (pad). Two stops at one location make a hard edge.
//
// Each gradient fill builds a 1024-entry table of premultiplied pixels over t ∈ [0, 1] (index
// round(t·1023)): a colour a stop names lands within 1/2046 of its location, well under one
// 8-bit step for any stop pair, and the per-pixel cost is one multiply-add and one load.

import HoloGeometry
import HoloScene

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Premultiplied colours for t = i/1023, i in 0…1023.
struct GradientLUT: Sendable {
    static let size = 1024
    var entries: [UInt32]
    /// True when every entry is opaque (spans can then be stored without blending).
    var isOpaque: Bool

    init(stops unsorted: [GradientStop]) {
        // Stable sort by location: stops at equal locations keep their order (hard edges).
        let stops = unsorted.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        var entries = [UInt32](repeating: 0, count: GradientLUT.size)
        var opaque = true
        var k = 0
        for i in 0..<GradientLUT.size {
            let t = Double(i) / Double(GradientLUT.size - 1)
            let c = GradientLUT.color(at: t, stops: stops, hint: &k)
            let p = c.premultipliedRGBA8.word
            if p >> 24 != 255 { opaque = false }
            entries[i] = p
        }
        self.entries = entries
        isOpaque = opaque
    }

    /// Straight-colour interpolation between the stops around t:
    ///   c = c_k + (c_{k+1} − c_k)·(t − l_k)/(l_{k+1} − l_k)  for l_k ≤ t < l_{k+1};
    /// pad outside; at a hard edge (l_k = l_{k+1} = t) the later stop wins.
    /// `hint` is the segment the previous (smaller) t fell in, so a table build is linear.
    static func color(at t: Double, stops: [GradientStop], hint k: inout Int) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t < first.location { return first.color }
        if t >= last.location { return last.color }
        while k + 1 < stops.count - 1, stops[k + 1].location <= t { k += 1 }
        let a = stops[k], b = stops[k + 1]
        let span = b.location - a.location
        guard span > 0 else { return b.color }
        return a.color.mixed(with: b.color, (t - a.location) / span)
    }

    @inline(__always)
    func index(_ t: Double) -> Int {
        // round(t·1023), clamped; NaN falls to 0, +∞ to the last entry (a radial gradient whose
        // radii differ by 1e-320 pt divides by nearly 0: a fuzzed clip file crashed on Int(∞)).
        let v = t * Double(GradientLUT.size - 1) + 0.5
        return v >= 1 ? (v < Double(GradientLUT.size) ? Int(v) : GradientLUT.size - 1) : 0
    }
}

/// A paint ready to shade spans of pixels.
struct PaintSampler {
    enum Kind {
        case solid(UInt32)
        /// t = t₀ + dtdx·x + dtdy·y at pixel centres (affine in pixels).
        case linear(GradientLUT, t0: Double, dtdx: Double, dtdy: Double)
        /// Local point = inverse(pixel centre); t = (|p − centre| − r₀)/(r₁ − r₀).
        case radial(GradientLUT, inverse: AffineTransform, center: Point, r0: Double, dr: Double)
        /// Local point = inverse(pixel centre); t from the clockwise angle, see `angularT`.
        case angular(GradientLUT, inverse: AffineTransform, center: Point, start: Double, span: Double)
        case shader(ShaderPaint, inverse: AffineTransform)
        case nothing
    }
    let kind: Kind

    init(_ paint: Paint, transform: AffineTransform) {
        guard let inv = transform.inverted() else { kind = .nothing; return }
        switch paint {
        case .solid(let c):
            kind = .solid(c.premultipliedRGBA8.word)
        case .linearGradient(let stops, let start, let end):
            if let s = PaintSampler.single(stops) { kind = .solid(s); return }
            // t(p) = (p − start)·v / |v|², v = end − start; p = inv(x, y) is affine in (x, y).
            let vx = end.x - start.x, vy = end.y - start.y, len2 = vx * vx + vy * vy
            guard len2 > 0 else { kind = .solid((stops.max { $0.location < $1.location }!.color).premultipliedRGBA8.word); return }
            let ux = vx / len2, uy = vy / len2
            let o = inv.apply(Point(0.5, 0.5))
            kind = .linear(GradientLUT(stops: stops), t0: (o.x - start.x) * ux + (o.y - start.y) * uy,
                           dtdx: inv.a * ux + inv.b * uy, dtdy: inv.c * ux + inv.d * uy)
        case .radialGradient(let stops, let center, let r0, let r1):
            if let s = PaintSampler.single(stops) { kind = .solid(s); return }
            kind = .radial(GradientLUT(stops: stops), inverse: inv, center: center, r0: r0, dr: r1 - r0)
        case .angularGradient(let stops, let center, let a0, let a1):
            if let s = PaintSampler.single(stops) { kind = .solid(s); return }
            kind = .angular(GradientLUT(stops: stops), inverse: inv, center: center, start: a0, span: a1 - a0)
        case .shader(let s):
            kind = .shader(s, inverse: inv)
        }
    }

    private static func single(_ stops: [GradientStop]) -> UInt32? {
        if stops.isEmpty { return 0 }
        if stops.count == 1 { return stops[0].color.premultipliedRGBA8.word }
        return nil
    }

    var solidColor: UInt32? { if case .solid(let c) = kind { return c }; return nil }
    /// True when every colour the paint can produce is opaque.
    var isOpaque: Bool {
        switch kind {
        case .solid(let c): return c >> 24 == 255
        case .linear(let l, _, _, _), .radial(let l, _, _, _, _), .angular(let l, _, _, _, _): return l.isOpaque
        case .shader, .nothing: return false
        }
    }

    /// SwiftUI's AngularGradient: the angle runs clockwise on screen (atan2 with y down) from
    /// `start`; t = (θ − start)/span. If span < 2π the uncovered sector shows the end colour for
    /// its first half and the start colour for its second; if span > 2π only the last full turn shows.
    @inline(__always)
    static func angularT(_ θ: Double, start: Double, span: Double) -> Double {
        let turn = 2 * Double.pi
        let s = span > turn ? start + span - turn : start
        var a = (θ - s).truncatingRemainder(dividingBy: turn)
        if a < 0 { a += turn }
        if span > turn { return (a + span - turn) / span }
        if a <= span { return span > 0 ? a / span : 1 }
        return a - span < (turn - span) / 2 ? 1 : 0
    }

    /// Premultiplied colours of pixels (x … x+count−1, y) into `out`.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch kind {
        case .solid(let c):
            out.update(repeating: c, count: count)
        case .nothing:
            out.update(repeating: 0, count: count)
        case .linear(let lut, let t0, let dx, let dy):
            lut.entries.withUnsafeBufferPointer { e in
                let base = t0 + dx * Double(x) + dy * Double(y)
                // Index v = t·1023 + ½ in 32.32 fixed point: one integer add per pixel, and a span
                // whose two ends share one table entry (a gradient along the other axis) is one colour.
                let scale = Double(GradientLUT.size - 1)
                let v0 = base * scale + 0.5, v1 = (base + dx * Double(count - 1)) * scale + 0.5
                let first = lut.index(base), last = lut.index(base + dx * Double(count - 1))
                if first == last {
                    out.update(repeating: e[first], count: count)
                } else if abs(v0) < 1e6, abs(v1) < 1e6 {
                    var v = Int64(v0 * 4294967296)
                    let dv = Int64(dx * scale * 4294967296)
                    let top = Int64(GradientLUT.size - 1)
                    for i in 0..<count {
                        out[i] = e[Int(Swift.min(Swift.max(v >> 32, 0), top))]
                        v &+= dv
                    }
                } else {
                    for i in 0..<count { out[i] = e[lut.index(base + dx * Double(i))] }
                }
            }
        case .radial(let lut, let inv, let c, let r0, let dr):
            lut.entries.withUnsafeBufferPointer { e in
                let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                var px = p.x - c.x, py = p.y - c.y
                let invDr = dr != 0 ? 1 / dr : 0
                for i in 0..<count {
                    let d = (px * px + py * py).squareRoot()
                    let t = dr != 0 ? (d - r0) * invDr : (d >= r0 ? 1 : 0)
                    out[i] = e[lut.index(t)]
                    px += inv.a; py += inv.b
                }
            }
        case .angular(let lut, let inv, let c, let start, let span):
            lut.entries.withUnsafeBufferPointer { e in
                let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                var px = p.x - c.x, py = p.y - c.y
                // The fast arctangent is within 2e-8 rad of atan2. The angle is reduced with a
                // floor instead of fmod, and the colour index is taken at θ ± angularSlack on the
                // piecewise t(a) of `angularT` (monotone between the seam at a = 0 and the jump in
                // a partial turn's gap): equal indices at both ends mean the exact angle, which lies
                // between them, has that index too. Otherwise (a boundary within reach) atan2 decides.
                let turn = 2 * Double.pi, invTurn = 1 / turn
                let exactOnly = span < 1e-3 || (turn - span > 0 && turn - span < 1e-3)
                let s = span > turn ? start + span - turn : start
                let invSpan = exactOnly ? 0 : 1 / span, gapMid = span + (turn - span) / 2
                @inline(__always) func index(_ a: Double) -> Int {
                    if span > turn { return lut.index((a + span - turn) * invSpan) }
                    if a <= span { return lut.index(a * invSpan) }
                    return a < gapMid ? GradientLUT.size - 1 : 0
                }
                for i in 0..<count {
                    var k = -1
                    if !exactOnly {
                        let d = fastAtan2(py, px) - s
                        let a = d - turn * (d * invTurn).rounded(.down)
                        if a > angularSlack, a < turn - angularSlack {
                            let lo = index(a - angularSlack)
                            if lo == index(a + angularSlack) { k = lo }
                        }
                    }
                    if k < 0 { k = lut.index(PaintSampler.angularT(atan2(py, px), start: start, span: span)) }
                    out[i] = e[k]
                    px += inv.a; py += inv.b
                }
            }
        case .shader(let s, let inv):
            shaderSpan(s, inverse: inv, x: x, y: y, count: count, into: out)
        }
    }
}

/// How far the fast arctangent may be trusted: 50× its measured worst error.
let angularSlack = 1e-6

/// atan2(y, x) without the libm call, |error| ≤ 2e-8 rad (GradientTests measures it).
///   z = min(|x|, |y|) / max(|x|, |y|) ∈ [0, 1];  above tan(π/8):  atan z = π/4 + atan((z − 1)/(z + 1)),
/// so the series argument u has |u| ≤ tan(π/8) ≈ 0.4142 and atan u = u − u³/3 + … − u¹⁵/15 stops
/// with an error under u¹⁷/17 < 2e-8. Then the octant: swap (π/2 − ·), x < 0 (π − ·), y < 0 (−·).
@inline(__always)
func fastAtan2(_ y: Double, _ x: Double) -> Double {
    let ax = abs(x), ay = abs(y)
    let mx = Swift.max(ax, ay), mn = Swift.min(ax, ay)
    if mx == 0 || !mx.isFinite { return atan2(y, x) }
    var base = 0.0
    var u = mn / mx
    if u > 0.41421356237309503 {
        u = (mn - mx) / (mn + mx)
        base = Double.pi / 4
    }
    let u2 = u * u
    var p = -1.0 / 15
    p = p * u2 + 1.0 / 13
    p = p * u2 - 1.0 / 11
    p = p * u2 + 1.0 / 9
    p = p * u2 - 1.0 / 7
    p = p * u2 + 1.0 / 5
    p = p * u2 - 1.0 / 3
    p = p * u2 + 1
    var a = base + u * p
    if ay > ax { a = Double.pi / 2 - a }
    if x < 0 { a = Double.pi - a }
    return y < 0 || (y == 0 && y.sign == .minus) ? -a : a
}

// Reference paints: the premultiplied colour of one pixel, computed afresh (no tables).
//
// Every paint is sampled at the pixel centre (x + ½, y + ½) taken back to the paint's local points
// through the inverse transform (a transform with no inverse paints nothing).
// Gradients: t along the gradient, then the colour at t rounded to a multiple of 1/1023 (Holoframe
// defines a gradient's colours at those 1024 places, the fast path's table), interpolated between
// the stops around it in straight components (pad outside, the later stop at a hard edge), then
// premultiplied:
//   linear   t = (p − start)·(end − start) / |end − start|²
//   radial   t = (|p − centre| − r₀) / (r₁ − r₀)   (r₁ = r₀: 0 inside r₀, 1 from it outward)
//   angular  θ = atan2 (clockwise on a y-down screen) from startAngle; t = θ/span, see `angularT`
// Shaders: the program's reference colour (for the built-in ports, their scalar Double functions;
// for a user's `.metal`, HoloMSL's interpreter), each channel rounded to 8 bits and held to alpha
// (the fill then applies coverage).

import HoloGeometry
import HoloScene

#if canImport(Glibc)
import Glibc
#endif

struct RefPaint {
    typealias RGBA = (Int, Int, Int, Int)
    enum Kind {
        case solid(RGBA)
        case linear([GradientStop], start: Point, end: Point)
        case radial([GradientStop], center: Point, r0: Double, r1: Double)
        case angular([GradientStop], center: Point, start: Double, span: Double)
        case shader(ShaderPaint)
        case nothing
    }
    let kind: Kind
    let inverse: AffineTransform

    init(_ paint: Paint, transform: AffineTransform) {
        guard let inv = transform.inverted() else { kind = .nothing; inverse = .identity; return }
        inverse = inv
        func sorted(_ stops: [GradientStop]) -> [GradientStop] {
            // Stable: stops at one location keep their order (a hard edge).
            stops.indices.sorted { (stops[$0].location, $0) < (stops[$1].location, $1) }.map { stops[$0] }
        }
        func single(_ stops: [GradientStop]) -> Kind? {
            if stops.isEmpty { return .solid((0, 0, 0, 0)) }
            if stops.count == 1 { return .solid(Reference.premultiplied(stops[0].color)) }
            return nil
        }
        switch paint {
        case .solid(let c):
            kind = .solid(Reference.premultiplied(c))
        case .linearGradient(let stops, let start, let end):
            if let s = single(stops) { kind = s; return }
            let vx = end.x - start.x, vy = end.y - start.y
            if vx * vx + vy * vy > 0 {
                kind = .linear(sorted(stops), start: start, end: end)
            } else {
                // No direction: the colour of the (first) stop furthest along.
                var best = stops[0]
                for s in stops where s.location > best.location { best = s }
                kind = .solid(Reference.premultiplied(best.color))
            }
        case .radialGradient(let stops, let center, let r0, let r1):
            kind = single(stops) ?? .radial(sorted(stops), center: center, r0: r0, r1: r1)
        case .angularGradient(let stops, let center, let a0, let a1):
            kind = single(stops) ?? .angular(sorted(stops), center: center, start: a0, span: a1 - a0)
        case .shader(let s):
            kind = .shader(s)
        }
    }

    var paintsNothing: Bool { if case .nothing = kind { return true }; return false }

    /// Premultiplied colour of pixel (x, y).
    func color(x: Int, y: Int) -> RGBA {
        let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
        switch kind {
        case .nothing: return (0, 0, 0, 0)
        case .solid(let c): return c
        case .linear(let stops, let s, let e):
            let vx = e.x - s.x, vy = e.y - s.y
            let t = ((p.x - s.x) * vx + (p.y - s.y) * vy) / (vx * vx + vy * vy)
            return RefPaint.gradientColor(stops, t)
        case .radial(let stops, let c, let r0, let r1):
            let d = ((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot()
            let t = r1 != r0 ? (d - r0) / (r1 - r0) : (d >= r0 ? 1 : 0)
            return RefPaint.gradientColor(stops, t)
        case .angular(let stops, let c, let start, let span):
            let t = RefPaint.angularT(atan2(p.y - c.y, p.x - c.x), start: start, span: span)
            return RefPaint.gradientColor(stops, t)
        case .shader(let shader):
            return RefPaint.shaderColor(shader, p)
        }
    }

    /// t rounded to the nearest of 0, 1/1023 … 1 (NaN → 0), then the stops' colour there.
    static func gradientColor(_ stops: [GradientStop], _ t: Double) -> RGBA {
        let steps = 1023.0
        let i = t.isNaN ? 0 : Swift.min(Swift.max((t * steps).rounded(.toNearestOrAwayFromZero), 0), steps)
        return Reference.premultiplied(stopColor(stops, i / steps))
    }

    /// Straight interpolation between the stops around t:  c_k + (c_{k+1} − c_k)·(t − l_k)/(l_{k+1} − l_k)
    /// with k the last stop (not the final one) at or before t; pad outside; a hard edge gives the later stop.
    static func stopColor(_ stops: [GradientStop], _ t: Double) -> Color {
        let first = stops[0], last = stops[stops.count - 1]
        if t < first.location { return first.color }
        if t >= last.location { return last.color }
        var k = 0
        for j in 0..<(stops.count - 1) where stops[j].location <= t { k = j }
        let a = stops[k], b = stops[k + 1]
        let span = b.location - a.location
        guard span > 0 else { return b.color }
        let f = (t - a.location) / span
        return Color(red: a.color.red + (b.color.red - a.color.red) * f,
                     green: a.color.green + (b.color.green - a.color.green) * f,
                     blue: a.color.blue + (b.color.blue - a.color.blue) * f,
                     alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f)
    }

    /// SwiftUI's AngularGradient: the clockwise angle from `start`, as a fraction of `span`. A
    /// span under a turn leaves a gap showing the end colour for its first half and the start
    /// colour for its second; a span over a turn shows only its last full turn.
    static func angularT(_ θ: Double, start: Double, span: Double) -> Double {
        let turn = 2 * Double.pi
        let from = span > turn ? start + span - turn : start
        var a = fmod(θ - from, turn)
        if a < 0 { a += turn }
        if span > turn { return (a + span - turn) / span }
        if a <= span { return span > 0 ? a / span : 1 }
        return a - span < (turn - span) / 2 ? 1 : 0
    }

    /// The program's reference colour at local point p (points from its bounds' corner), each
    /// channel rounded to 0…255 and held to alpha.
    static func shaderColor(_ shader: ShaderPaint, _ p: Point) -> RGBA {
        let bounds = shader.bounds
        guard bounds.width > 0, bounds.height > 0 else { return (0, 0, 0, 0) }
        let c = shader.program.referenceColor(bounds: bounds, x: p.x - bounds.minX, y: p.y - bounds.minY)
        func q(_ x: Double) -> Int { x.isNaN ? 0 : Int((Swift.min(Swift.max(x, 0), 1) * 255).rounded()) }
        // Premultiplied: a channel the shader returns above alpha is held to alpha.
        let a = q(c.3)
        return (Swift.min(q(c.0), a), Swift.min(q(c.1), a), Swift.min(q(c.2), a), a)
    }
}

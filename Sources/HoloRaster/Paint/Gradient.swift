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
//
// Radial and angular spans go through float lanes (CPixelKernels/gradient.c: 16 lanes, a degree-15
// arctangent polynomial for the angle, AVX2 with FMA where the CPU has it) that certify each
// lane's table index against the Double formula and hand back the few they cannot (a half step or
// the seam within float error, the centre; about 0.3 % of an angular and 0.4 % of a radial span):
// those are shaded in Double. So the bytes are the Double formula's at p − c with
// p = inverse(x + ½, y + ½) taken for each pixel on its own, on every machine, at any thread count
// and wherever a span starts (a clip may split runs).
// GradientKernelTests holds the kernels to that formula and the shading to the reference (one
// table step). Measured (AMD EPYC, one core, 1074 × 450 px spans): angular 1.3 ns/px, radial
// 0.6 ns/px. In the gradients clip (perf, one core) shading was 52 % of the time in
// PaintSampler.shade plus 4 % atan2 and 4 % floor; after, 13.5 % the angular and 5.6 % the radial
// kernel, 5.4 % the linear loop and 0.7 % atan2 for the fallbacks. With the blend of the
// translucent cards in C as well (Blend.swift, over.c) the clip's frame went from a median of
// 11.8–11.9 ms to 4.3–4.4 ms (worst 13.0–13.5 → 5.3–5.4 ms; `holoframe bench gradients --device
// iphone-12 --repeats 3 --quiet` on one core, alternated, the two quiet pairs of three).
// The linear loop stays scalar: an AVX2 version of its 32.32 index measured 0.43 against 0.53
// ns/px, the table loads dominating. Instead a span is cut into runs of one table entry, each
// stored as a fill (`linearSpanRuns`): a gradient over a screen's height changes its entry every
// ~18 px along a row (reveal's card background: 0.055 entries a pixel), and that loop was 10–12 %
// of a reveal morph frame (perf, frames 146–165; 8–10 % with runs, in separate runs of perf on a
// shared machine). A run's end is found from the same 32.32 index (a floating-point estimate
// corrected by integer compares), so the pixels are the per-pixel loop's (`linearSpanPerPixel`,
// GradientKernelTests). Finding a run's end costs about 30 ns, so runs pay only when they are
// long: under 32 px on average a span goes in blocks of eight (`linearSpanBlocks`), one store when
// a block's two ends share an entry, eight lookups otherwise. Measured (a 1170-px span, swiftc -O,
// one core, AMD EPYC), ns/px for runs / blocks / per pixel: 40-px runs 0.33 / 0.33 / 0.82, 18 px
// 0.73 / 0.59 / 1.0, 8 px 1.6 / 0.37 / 0.99, 5 px 2.7 / 1.0 / 1.0 (the parallax header's and the
// gradients clip's diagonal washes run 4–10 px).

import CPixelKernels
import HoloGeometry
import HoloPixels
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
                    linearSpanRuns(e, v: Int64(v0 * 4294967296), dv: Int64(dx * scale * 4294967296), count: count, into: out)
                } else {
                    for i in 0..<count { out[i] = e[lut.index(base + dx * Double(i))] }
                }
            }
        case .radial(let lut, let inv, let c, let r0, let dr):
            let row = GradientRow(inv, center: c, x: x, y: y, count: count)
            let invDr = dr != 0 ? 1 / dr : 0
            // The Double formula at pixel x + i (each pixel on its own, as the reference takes it).
            @inline(__always) func exact(_ i: Int) -> Int {
                let (px, py) = row.offset(i)
                let d = (px * px + py * py).squareRoot()
                return lut.index(dr != 0 ? (d - r0) * invDr : (d >= r0 ? 1 : 0))
            }
            lut.entries.withUnsafeBufferPointer { e in
                if var span = row.radialSpan(r0: r0, dr: dr) {
                    certifiedSpan(&span, angular: false, lut: e, count: count, into: out, exact: exact)
                } else {
                    for i in 0..<count { out[i] = e[exact(i)] }
                }
            }
        case .angular(let lut, let inv, let c, let start, let span):
            let row = GradientRow(inv, center: c, x: x, y: y, count: count)
            @inline(__always) func exact(_ i: Int) -> Int {
                let (px, py) = row.offset(i)
                return lut.index(PaintSampler.angularT(atan2(py, px), start: start, span: span))
            }
            lut.entries.withUnsafeBufferPointer { e in
                if var params = row.angularSpan(start: start, span: span) {
                    certifiedSpan(&params, angular: true, lut: e, count: count, into: out, exact: exact)
                } else {
                    for i in 0..<count { out[i] = e[exact(i)] }
                }
            }
        case .shader(let s, let inv):
            shaderSpan(s, inverse: inv, x: x, y: y, count: count, into: out)
        }
    }
}

/// A span's float kernel (gradient.c), then the Double formula for the lanes it could not certify.
@inline(__always)
func certifiedSpan(_ span: inout hf_gradient_span, angular: Bool, lut e: UnsafeBufferPointer<UInt32>, count: Int,
                   into out: UnsafeMutablePointer<UInt32>, exact: (Int) -> Int) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { fallback in
        let n = hf_gradient_shade_span(angular ? 1 : 0, out, e.baseAddress, count, &span, fallback.baseAddress)
        for j in 0..<n {
            let i = Int(fallback[j])
            out[i] = e[exact(i)]
        }
    }
}

/// One row of a radial or angular span. Pixel x + i's paint-local offset from the centre is, in
/// the Double formula, inverse(x + i + ½, y + ½) − c, each pixel on its own as the reference
/// takes it (`offset(i)`), so no colour depends on where a span starts; the float lanes take it as
/// (px0 + i·dx, py0 + i·dy).
struct GradientRow {
    let inverse: AffineTransform, center: Point, x: Int, y: Int
    let px0: Double, py0: Double, dx: Double, dy: Double
    /// Per component, |offset| ≤ bound over the row.
    let bound: Double
    /// The sizes of the terms the Double formula adds (|a|·X + |c|·Y + |tx| + |centre.x|, or
    /// the y row's): its rounding is within a few 2⁻⁵³ of this.
    let terms: Double

    init(_ inv: AffineTransform, center c: Point, x: Int, y: Int, count: Int) {
        inverse = inv; center = c; self.x = x; self.y = y
        let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
        px0 = p.x - c.x; py0 = p.y - c.y; dx = inv.a; dy = inv.b
        let n = Double(count)
        bound = Swift.max(abs(px0) + n * abs(dx), abs(py0) + n * abs(dy))
        let X = abs(Double(x)) + n + 1, Y = abs(Double(y)) + 1
        terms = Swift.max(abs(inv.a) * X + abs(inv.c) * Y + abs(inv.tx) + abs(c.x),
                          abs(inv.b) * X + abs(inv.d) * Y + abs(inv.ty) + abs(c.y))
    }

    /// The Double formula's offset of pixel x + i (the reference's: apply, then subtract).
    @inline(__always)
    func offset(_ i: Int) -> (Double, Double) {
        let p = inverse.apply(Point(Double(x + i) + 0.5, Double(y) + 0.5))
        return (p.x - center.x, p.y - center.y)
    }

    /// Float lanes are used only where every input is a modest finite float (else the row is all Double).
    static let floatRange = 1e7
    /// The float offsets' error per component against `offset`: the conversions of px0 and dx, the
    /// product and the sum each round by at most 2⁻²⁴ of a value ≤ bound (4·2⁻²⁴·bound, taken as
    /// 2⁻²¹·bound), and px0 and each Double offset round by 2⁻⁵² of their terms, four of them
    /// (taken as 2⁻⁴⁸·terms).
    var positionError: Double { bound * 0x1p-21 + terms * 0x1p-48 }

    /// Slack of the float index for arithmetic rounding (the square root, the subtractions, the
    /// multiply by k or m): 1e-3 of a step, against ~1e-4 estimated and less measured
    /// (GradientKernelTests certifies no wrong lane with a quarter of it).
    static let indexSlack = 1e-3
    /// Slack of the float angle, in turns: the polynomial's 3.2e-8 (in float), start's rounding
    /// (3e-8) and the reductions' four roundings (≤ 2⁻²⁵ each, 1.2e-7): 1.9e-7, taken as 4e-7.
    static let angleSlack = 4e-7

    /// The radial kernel's parameters:  v = (|p| − r₀)·k + ½, k = 1023/(r₁ − r₀). The offset error
    /// e moves |p| by ≤ √2·e, float |p| is within 2⁻²² relative (the square, the sum, the root), and
    /// |p| − r₀ rounds once more: slack = |k|·(1.5·e + 2⁻²¹·(|p|max + |r₀|)) + indexSlack.
    func radialSpan(r0: Double, dr: Double) -> hf_gradient_span? {
        guard dr != 0 else { return nil }
        let k = Double(GradientLUT.size - 1) / dr
        guard bound < Self.floatRange, terms < Self.floatRange, abs(r0) < Self.floatRange, abs(k) < Self.floatRange else { return nil }
        let e = positionError, dmax = 2 * bound
        let slack = abs(k) * (1.5 * e + 0x1p-21 * (dmax + abs(r0))) + Self.indexSlack
        guard slack < 0.25 else { return nil }
        return hf_gradient_span(px0: Float(px0), py0: Float(py0), dx: Float(dx), dy: Float(dy), r0: Float(r0), k: Float(k),
                                start: 0, m: 0, q: 0, spanT: 0, gMid: 0, partial: 0, slack: Float(slack), k2: 0)
    }

    /// The angular kernel's parameters, from `angularT`: with s the start (the last full turn's
    /// when span > 2π) and g the clockwise angle from s in turns (0 … 1),
    ///   span ≥ 2π:  v = g·m + q,  m = 1023·2π/span, q = 1023·(span − 2π)/span + ½
    ///   span < 2π:  v = g·m + ½ while g ≤ span/2π; then 1023½ (end colour) before gMid, ½ after it.
    /// Slack: indexSlack + m·angleSlack; and the offset error e turns the direction seen from the
    /// centre by at most (π/2)·√2·e/r radians, (1023/span)·(π/2)·√2·e/r steps: K = that times r,
    /// with 1023/span taken as at least 1 so that a certified r is above |Δp| (the bound needs it).
    /// A span just under a turn (a start and end 2π apart often round to one) is a partial turn
    /// whose gap lies inside the seam's slack: those lanes fall back, the rest are on the ramp.
    /// Spans so small that the slack reaches a quarter step (under ~0.01 rad) stay all Double.
    func angularSpan(start: Double, span: Double) -> hf_gradient_span? {
        let turn = 2 * Double.pi
        guard span.isFinite, start.isFinite, span > 0, span < 1e6, bound < Self.floatRange, terms < Self.floatRange else { return nil }
        let s = span > turn ? start + span - turn : start
        let sTurns = s / turn - (s / turn).rounded(.down)
        let steps = Double(GradientLUT.size - 1)
        let m = steps * turn / span
        let full = span >= turn
        let K = Swift.max(steps / span, 1) * (Double.pi / 2) * 2.0.squareRoot() * positionError
        let slack = Self.indexSlack + m * Self.angleSlack
        guard slack < 0.25 else { return nil }
        return hf_gradient_span(px0: Float(px0), py0: Float(py0), dx: Float(dx), dy: Float(dy), r0: 0, k: 0,
                                start: Float(sTurns), m: Float(m), q: Float(full ? steps * (span - turn) / span + 0.5 : 0.5),
                                spanT: full ? 2 : Float(span / turn), gMid: full ? 2 : Float((span + (turn - span) / 2) / turn),
                                partial: full ? 0 : 1, slack: Float(slack), k2: Float(K * K * 1.1))
    }
}

/// A linear gradient's span: pixel i takes entry clamp(⌊(v + i·dv) / 2³²⌋, 0, 1023) (v and dv in
/// 32.32 fixed point), the definition, one pixel at a time.
func linearSpanPerPixel(_ e: UnsafeBufferPointer<UInt32>, v start: Int64, dv: Int64, count: Int,
                        into out: UnsafeMutablePointer<UInt32>) {
    var v = start
    let top = Int64(GradientLUT.size - 1)
    for i in 0..<count {
        out[i] = e[Int(Swift.min(Swift.max(v >> 32, 0), top))]
        v &+= dv
    }
}

/// The same pixels as `linearSpanPerPixel`, stored a run of one entry at a time: from index k the
/// run lasts while v + j·dv stays in [k·2³², (k + 1)·2³²) (below 0 or above 1023 it lasts while the
/// clamp holds). Runs under 32 px on average go in blocks (`linearSpanBlocks`), where finding
/// each run's end would cost more than it saves. |v|, |v + count·dv| < 2⁵³ (the caller's bound of 10⁶ entries).
func linearSpanRuns(_ e: UnsafeBufferPointer<UInt32>, v start: Int64, dv: Int64, count: Int,
                    into out: UnsafeMutablePointer<UInt32>) {
    let one = Int64(1) << 32, top = Int64(GradientLUT.size - 1)
    if dv.magnitude > UInt64(one / 32) { linearSpanBlocks(e, v: start, dv: dv, count: count, into: out); return }
    // A run's length from a floating-point estimate, corrected to the exact integer (an integer
    // division a run cost as much as the per-pixel loop saved).
    let step = dv.magnitude > 0 ? 1 / Double(dv.magnitude) : 0
    var v = start, i = 0
    while i < count {
        let k = v >> 32, index = Swift.min(Swift.max(k, 0), top)
        var n = count - i
        if dv > 0, k < top {
            // The first j with v + j·dv ≥ (max(k, 0) + 1)·2³².
            let bound = (Swift.max(k, 0) + 1) << 32
            var j = Swift.max(1, Int(Double(bound - v) * step))
            while v + Int64(j) * dv < bound { j += 1 }
            while j > 1, v + Int64(j - 1) * dv >= bound { j -= 1 }
            n = Swift.min(n, j)
        } else if dv < 0, k > 0 {
            // The first j with v + j·dv < min(k, 1023)·2³².
            let floor = Swift.min(k, top) << 32
            var j = Swift.max(1, Int(Double(v - floor) * step))
            while v + Int64(j) * dv >= floor { j += 1 }
            while j > 1, v + Int64(j - 1) * dv < floor { j -= 1 }
            n = Swift.min(n, j)
        }
        (out + i).update(repeating: e[Int(index)], count: n)
        v &+= Int64(n) &* dv
        i += n
    }
}

/// The same pixels as `linearSpanPerPixel`, eight at a time: the index is monotonic along the span,
/// so a block whose first and last pixels take one entry takes it throughout (one store); any
/// other block looks its eight entries up.
func linearSpanBlocks(_ e: UnsafeBufferPointer<UInt32>, v start: Int64, dv: Int64, count: Int,
                      into out: UnsafeMutablePointer<UInt32>) {
    let top = Int64(GradientLUT.size - 1), table = e.baseAddress!
    @inline(__always) func entry(_ v: Int64) -> Int { Int(Swift.min(Swift.max(v >> 32, 0), top)) }
    var v = start, i = 0
    while i + 8 <= count {
        let first = entry(v), last = entry(v &+ 7 &* dv)
        if first == last {
            (out + i).update(repeating: table[first], count: 8)
        } else {
            out[i] = table[first]
            for k in 1..<7 { out[i + k] = table[entry(v &+ Int64(k) &* dv)] }
            out[i + 7] = table[last]
        }
        v &+= 8 &* dv
        i += 8
    }
    while i < count { out[i] = table[entry(v)]; v &+= dv; i += 1 }
}

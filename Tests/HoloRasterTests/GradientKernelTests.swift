// The float gradient kernels (gradient.c) against the Double formula and the reference.
//
// Radial and angular spans are shaded in float lanes and every lane whose index the float value
// cannot certify is shaded again in Double, so the bytes are the Double formula's:
//   radial   index(t), t = (|p − c| − r₀)/(r₁ − r₀)
//   angular  index(angularT(atan2(p − c)))
// with p = inverse(x + ½, y + ½) for each pixel on its own, as the reference takes it. These
// tests write that formula out again (no code shared with Gradient.swift), over random gradients:
// random stops (hard edges too), random transforms (rotation, skew, scale 0.05…20, translations of
// thousands), partial turns, full turns, more than a turn, the seam, centres on pixel centres,
// zero and negative radius differences, radii 1e-320 apart.
//
// Against the reference (ReferencePaint.swift: its own table-free colour at t rounded to 1/1023,
// p computed afresh per pixel) the bound is one table step: every shaded colour is the reference's
// colour at the reference's index k, k − 1 or k + 1 (for the angle, k taken 1e-9 rad either side
// too, where the seam or a partial turn's gap makes t jump, and for both the position 1e-9 of its
// size either way, as the span's p and the reference's differ in rounding: a radius difference of
// 1e-320 puts the whole ramp inside that), then within one level per channel (the table's and the
// reference's own rounding of one colour). A pixel within that distance of an angular gradient's
// centre may take any table colour: the direction of (0, 0) is rounding's choice. One step between stops moves a channel
// by at most ⌈255/1023⌉ = 1 level per unit of colour difference; at a hard edge (two stops at one
// place) it can be the whole jump between the stops.

import Testing
import CKernelTestHooks
import CPixelKernels
import HoloGeometry
import HoloScene
@testable import HoloRaster

#if canImport(Glibc)
import Glibc
#endif

struct RandomGradient {
    let paint: Paint
    let transform: AffineTransform
    let stops: [GradientStop]

    static func stops(_ rng: inout SplitMix64) -> [GradientStop] {
        let n = 2 + Int(rng.next() % 4)
        var s: [GradientStop] = []
        for _ in 0..<n {
            let opaque = rng.next() % 2 == 0
            s.append(GradientStop(rng.color(opaque: opaque), at: rng.range(-0.1, 1.1)))
        }
        if rng.next() % 3 == 0 { s.append(GradientStop(rng.color(opaque: true), at: s[0].location)) }   // a hard edge
        return s
    }

    static func transform(_ rng: inout SplitMix64) -> AffineTransform {
        let scale = [0.05, 0.5, 1, 3, 20][Int(rng.next() % 5)] * rng.range(0.8, 1.25)
        var t = AffineTransform.scale(scale, scale * rng.range(0.5, 2))
        if rng.next() % 2 == 0 { t = t.concatenating(.rotation(rng.range(-4, 4))) }
        if rng.next() % 4 == 0 { t = AffineTransform(a: 1, b: rng.range(-0.5, 0.5), c: rng.range(-0.5, 0.5), d: 1, tx: 0, ty: 0).concatenating(t) }
        let far = rng.next() % 4 == 0 ? 3000.0 : 60
        return t.concatenating(.translation(rng.range(-far, far), rng.range(-far, far)))
    }

    /// kind 0 linear, 1 radial, 2 angular.
    init(_ rng: inout SplitMix64, kind: Int) {
        let stops = RandomGradient.stops(&rng)
        transform = RandomGradient.transform(&rng)
        // A centre at a pixel centre now and then (the angle's 0/0 there).
        let pixel = Point(Double(rng.next() % 64) + 0.5, Double(rng.next() % 48) + 0.5)
        let c = rng.next() % 3 == 0 ? transform.inverted()!.apply(pixel) : Point(rng.range(-20, 80), rng.range(-20, 60))
        switch kind {
        case 0:
            let zeroAxis = rng.next() % 10 == 0
            let end = zeroAxis ? c : Point(rng.range(-50, 100), rng.range(-50, 100))
            paint = .linearGradient(stops: stops, start: c, end: end)
        case 1:
            let r0 = rng.next() % 2 == 0 ? 0 : rng.range(0, 40)
            let r1: Double
            switch rng.next() % 6 {
            case 0: r1 = r0                                       // zero radius difference
            case 1: r1 = r0 + Double.leastNonzeroMagnitude * 2024  // a subnormal one (1e-320)
            case 2: r1 = rng.range(0, r0)                         // shrinking
            default: r1 = r0 + rng.range(0.01, 120)
            }
            paint = .radialGradient(stops: stops, center: c, startRadius: r0, endRadius: r1)
        default:
            let turn = 2 * Double.pi
            let a0 = rng.range(-20, 20)
            let span: Double
            switch rng.next() % 8 {
            case 0: span = turn
            case 1: span = rng.range(0.05, turn)
            case 2: span = rng.range(turn, 30)
            case 3: span = turn - [1e-12, 1e-4, 0.01, 0.2][Int(rng.next() % 4)]
            case 4: span = turn + [1e-4, 0.01, 0.2][Int(rng.next() % 3)]
            case 5: span = [1e-4, 0.003, 0.02][Int(rng.next() % 3)]
            case 6: span = -rng.range(0, 3)
            default: span = rng.range(0.5, 12)
            }
            paint = .angularGradient(stops: stops, center: c, startAngle: a0, endAngle: a0 + span)
        }
        self.stops = stops
    }
}

@Suite struct GradientKernelTests {
    static let width = 64, height = 48

    /// The Double formula's table index at pixel (x0 + i, y), written out independently.
    static func doubleIndex(_ paint: Paint, inverse inv: AffineTransform, x0: Int, y: Int, i: Int) -> Int? {
        let q = inv.apply(Point(Double(x0 + i) + 0.5, Double(y) + 0.5))
        func index(_ t: Double) -> Int {
            if t.isNaN { return 0 }
            let v = t * 1023 + 0.5
            return v < 1 ? 0 : (v >= 1024 ? 1023 : Int(v))
        }
        switch paint {
        case .radialGradient(_, let c, let r0, let r1):
            let dx = q.x - c.x, dy = q.y - c.y
            let d = (dx * dx + dy * dy).squareRoot()
            let dr = r1 - r0
            return index(dr != 0 ? (d - r0) * (1 / dr) : (d >= r0 ? 1 : 0))
        case .angularGradient(_, let c, let a0, let a1):
            let dx = q.x - c.x, dy = q.y - c.y
            return index(RefPaint.angularT(atan2(dy, dx), start: a0, span: a1 - a0))
        default:
            return nil
        }
    }

    /// Shaded spans (random starts and lengths, whole rows too) equal the Double formula's table
    /// entries, through `shade` and through each kernel this CPU has (default target, AVX2).
    @Test(arguments: [1, 2] as [Int])
    func spansEqualTheDoubleFormula(kind: Int) {
        var rng = SplitMix64(seed: 4242 + UInt64(kind))
        var lanes = 0, fallbacks = 0
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: 256), other = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        defer { out.deallocate(); other.deallocate() }
        for g in 0..<400 {
            let gradient = RandomGradient(&rng, kind: kind)
            let sampler = PaintSampler(gradient.paint, transform: gradient.transform)
            let inv = gradient.transform.inverted()!
            let lut: GradientLUT
            switch sampler.kind {
            case .radial(let l, _, _, _, _), .angular(let l, _, _, _, _): lut = l
            default: continue
            }
            for row in 0..<24 {
                let y = Int(rng.next() % UInt64(Self.height))
                let x0 = row == 0 ? 0 : Int(rng.next() % 40) - 10
                let count = row == 0 ? 256 : 1 + Int(rng.next() % 200)
                sampler.shade(x: x0, y: y, count: count, into: out)
                var wrong = 0
                for i in 0..<count where out[i] != lut.entries[Self.doubleIndex(gradient.paint, inverse: inv, x0: x0, y: y, i: i)!] {
                    wrong += 1
                }
                #expect(wrong == 0, "gradient \(g) \(gradient.paint) row \(y) from \(x0): \(wrong) of \(count)")
                // The kernels directly, with their fallback counts.
                guard var span = Self.span(sampler, x: x0, y: y, count: count) else { continue }
                for kernel: Int32 in [0, 2] {
                    let n = lut.entries.withUnsafeBufferPointer { e in
                        hf_gradient_span_kernel(kernel, kind == 2 ? 1 : 0, other, e.baseAddress, count, &span, out)
                    }
                    if n < 0 { continue }   // this CPU lacks the kernel
                    lanes += count; fallbacks += n
                    lut.entries.withUnsafeBufferPointer { e in
                        Self.fixUp(other, count: count, fallback: out, n, lut: e, paint: gradient.paint, inverse: inv, x0: x0, y: y)
                    }
                    var bad = 0
                    for i in 0..<count where other[i] != lut.entries[Self.doubleIndex(gradient.paint, inverse: inv, x0: x0, y: y, i: i)!] {
                        bad += 1
                    }
                    #expect(bad == 0, "kernel \(kernel), gradient \(g) row \(y)")
                }
            }
        }
        // Fallbacks are rare (they are what keeps the bytes the Double formula's); the count is
        // inflated here by the near-degenerate spans and centres on pixels the generator favours.
        #expect(fallbacks * 20 < lanes, "\(fallbacks) fallbacks in \(lanes) lanes")
    }

    /// A pixel's colour does not depend on where its span starts (a clip can split a run): a row
    /// shaded whole and in random pieces gives the same bytes.
    @Test(arguments: [1, 2] as [Int])
    func colourDoesNotDependOnWhereTheSpanStarts(kind: Int) {
        var rng = SplitMix64(seed: 31 + UInt64(kind))
        let whole = UnsafeMutablePointer<UInt32>.allocate(capacity: 300), pieces = UnsafeMutablePointer<UInt32>.allocate(capacity: 300)
        defer { whole.deallocate(); pieces.deallocate() }
        var differing = 0
        for _ in 0..<200 {
            let gradient = RandomGradient(&rng, kind: kind)
            let sampler = PaintSampler(gradient.paint, transform: gradient.transform)
            for y in stride(from: 0, to: Self.height, by: 5) {
                sampler.shade(x: -20, y: y, count: 300, into: whole)
                var x = 0
                while x < 300 {
                    let n = Swift.min(300 - x, 1 + Int(rng.next() % 40))
                    sampler.shade(x: -20 + x, y: y, count: n, into: pieces + x)
                    x += n
                }
                for i in 0..<300 where whole[i] != pieces[i] { differing += 1 }
            }
        }
        #expect(differing == 0)
    }

    /// The slack has room: with a quarter of it (and a quarter of the position term) the kernels
    /// still certify no lane whose index differs from the Double formula's.
    @Test(arguments: [1, 2] as [Int])
    func aQuarterOfTheSlackStillCertifiesNoWrongLane(kind: Int) {
        var rng = SplitMix64(seed: 99 + UInt64(kind))
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: 512), fallback = UnsafeMutablePointer<UInt32>.allocate(capacity: 512)
        defer { out.deallocate(); fallback.deallocate() }
        var checked = 0
        for _ in 0..<600 {
            let gradient = RandomGradient(&rng, kind: kind)
            let sampler = PaintSampler(gradient.paint, transform: gradient.transform)
            let inv = gradient.transform.inverted()!
            let lut: GradientLUT
            switch sampler.kind {
            case .radial(let l, _, _, _, _), .angular(let l, _, _, _, _): lut = l
            default: continue
            }
            for y in stride(from: 0, to: Self.height, by: 3) {
                guard var span = Self.span(sampler, x: -5, y: y, count: 512) else { continue }
                span.slack /= 4; span.k2 /= 16
                for kernel: Int32 in [0, 2] {
                    let n = lut.entries.withUnsafeBufferPointer { e in
                        hf_gradient_span_kernel(kernel, kind == 2 ? 1 : 0, out, e.baseAddress, 512, &span, fallback)
                    }
                    if n < 0 { continue }
                    var listed = Set<Int>()
                    for j in 0..<n { listed.insert(Int(fallback[j])) }
                    var bad = 0
                    for i in 0..<512 where !listed.contains(i) {
                        checked += 1
                        if out[i] != lut.entries[Self.doubleIndex(gradient.paint, inverse: inv, x0: -5, y: y, i: i)!] { bad += 1 }
                    }
                    #expect(bad == 0, "kernel \(kernel) \(gradient.paint) row \(y)")
                }
            }
        }
        #expect(checked > 1_000_000)
    }

    /// Every shaded colour, all three kinds, is the reference's colour one table step away at most
    /// (the bound stated at the top of this file), and the centre of an angular gradient is a colour
    /// of the table (no NaN reaches an index).
    @Test(arguments: [0, 1, 2] as [Int])
    func shadedColoursAreWithinOneTableStepOfTheReference(kind: Int) {
        var rng = SplitMix64(seed: 777 + UInt64(kind))
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.width)
        defer { out.deallocate() }
        var pixels = 0, offByOneStep = 0, largestLevels = 0, atCentre = 0
        for g in 0..<300 {
            let gradient = RandomGradient(&rng, kind: kind)
            let sampler = PaintSampler(gradient.paint, transform: gradient.transform)
            let reference = RefPaint(gradient.paint, transform: gradient.transform)
            let sorted = gradient.stops.indices.sorted { (gradient.stops[$0].location, $0) < (gradient.stops[$1].location, $1) }
                .map { gradient.stops[$0] }
            func colour(_ k: Int) -> UInt32 {
                let c = Reference.premultiplied(RefPaint.stopColor(sorted, Double(Swift.min(Swift.max(k, 0), 1023)) / 1023))
                return UInt32(c.0) | UInt32(c.1) << 8 | UInt32(c.2) << 16 | UInt32(c.3) << 24
            }
            let inv = gradient.transform.inverted()!
            for y in 0..<Self.height {
                sampler.shade(x: 0, y: y, count: Self.width, into: out)
                for x in 0..<Self.width {
                    pixels += 1
                    let r = reference.color(x: x, y: y)
                    let word = UInt32(r.0) | UInt32(r.1) << 8 | UInt32(r.2) << 16 | UInt32(r.3) << 24
                    if out[x] == word { continue }
                    // The reference's t (its formulas), and the indices one step around it.
                    let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                    var ts: [Double] = []
                    switch gradient.paint {
                    case .linearGradient(_, let s, let e):
                        let vx = e.x - s.x, vy = e.y - s.y
                        ts = [((p.x - s.x) * vx + (p.y - s.y) * vy) / (vx * vx + vy * vy)]
                    case .radialGradient(_, let c, let r0, let r1):
                        let d = ((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot()
                        let δ = 1e-9 * (abs(p.x) + abs(p.y) + abs(c.x) + abs(c.y))
                        ts = [d - δ, d, d + δ].map { r1 != r0 ? ($0 - r0) / (r1 - r0) : ($0 >= r0 ? 1 : 0) }
                    case .angularGradient(_, let c, let a0, let a1):
                        let δ = 1e-9 * (abs(p.x) + abs(p.y) + abs(c.x) + abs(c.y))
                        let r = ((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot()
                        if r <= δ { atCentre += 1; continue }
                        let θ = atan2(p.y - c.y, p.x - c.x), dθ = Swift.max(1e-9, 2 * δ / r)
                        ts = [θ - dθ, θ, θ + dθ].map { RefPaint.angularT($0, start: a0, span: a1 - a0) }
                    default: break
                    }
                    let ks = ts.map { $0.isNaN ? 0 : Int(Swift.min(Swift.max(($0 * 1023).rounded(.toNearestOrAwayFromZero), 0), 1023)) }
                    let near = ks.contains { k in (k - 1...k + 1).contains { Self.levels(colour($0), out[x]) <= 1 } }
                    #expect(near, "gradient \(g) \(gradient.paint) pixel (\(x), \(y)): \(Self.hex(out[x])) vs \(Self.hex(word)), t \(ts)")
                    offByOneStep += 1
                    largestLevels = Swift.max(largestLevels, Self.levels(out[x], word))
                }
            }
        }
        // Differences are one step at the few pixels whose t sits on a half step (the radial's
        // multiply by 1/(r₁ − r₀) against the reference's division, the linear 32.32 steps); with
        // each pixel's p taken as the reference takes it, none in these 921,600 per kind at the
        // time of writing.
        #expect(offByOneStep * 1000 < pixels, "\(offByOneStep) of \(pixels) pixels one step off, largest \(largestLevels) levels")
        print("kind \(kind): \(offByOneStep) of \(pixels) pixels differ from the reference (largest \(largestLevels) levels), \(atCentre) at a centre")
    }

    /// The largest channel difference of two premultiplied words.
    static func levels(_ a: UInt32, _ b: UInt32) -> Int {
        [0, 8, 16, 24].map { abs(Int(a >> UInt32($0) & 255) - Int(b >> UInt32($0) & 255)) }.max()!
    }

    static func hex(_ w: UInt32) -> String { String(w, radix: 16) }

    static func span(_ sampler: PaintSampler, x: Int, y: Int, count: Int) -> hf_gradient_span? {
        switch sampler.kind {
        case .radial(_, let inv, let c, let r0, let dr):
            return GradientRow(inv, center: c, x: x, y: y, count: count).radialSpan(r0: r0, dr: dr)
        case .angular(_, let inv, let c, let start, let span):
            return GradientRow(inv, center: c, x: x, y: y, count: count).angularSpan(start: start, span: span)
        default: return nil
        }
    }

    static func fixUp(_ out: UnsafeMutablePointer<UInt32>, count: Int, fallback: UnsafeMutablePointer<UInt32>, _ n: Int,
                      lut: UnsafeBufferPointer<UInt32>, paint: Paint, inverse: AffineTransform, x0: Int, y: Int) {
        for j in 0..<n {
            let i = Int(fallback[j])
            out[i] = lut[doubleIndex(paint, inverse: inverse, x0: x0, y: y, i: i)!]
        }
    }

    /// The linear gradient's runs (`linearSpanRuns`) and blocks (`linearSpanBlocks`, which it
    /// takes for runs under 32 px) against its per-pixel definition (`linearSpanPerPixel`): rising
    /// and falling indices, shallow (long runs), either side of the cut-over, steep (an entry or
    /// more a pixel), spans that start below entry 0 or above 1023 and cross into the table or out
    /// of it, a run end exactly on a step, and dv = 0.
    @Test func linearRunsMatchThePerPixelLoop() {
        var rng = SplitMix64(seed: 1023)
        let lut = (0..<GradientLUT.size).map { UInt32($0) &* 2654435761 }
        let one = Int64(1) << 32
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: 1200), want = UnsafeMutablePointer<UInt32>.allocate(capacity: 1200)
        defer { out.deallocate(); want.deallocate() }
        var cases: [(Int64, Int64, Int)] = [(0, 0, 100), (5 * one, one / 4, 300), (5 * one, -one / 4, 300), (-3 * one + 7, one / 17, 900),
                                            (1030 * one, -one / 9, 1200), (1020 * one, one / 3, 60), (2 * one, one, 10),
                                            (40 * one + 3, one / 31, 700), (900 * one, -one / 33, 700), (7, 3 * one + 1, 333),
                                            (1000 * one, -5 * one, 250), (-8 * one, one / 8, 1100)]
        for _ in 0..<3000 {
            let v = Int64(bitPattern: rng.next() % UInt64(1200 * one)) - 100 * one
            let dv = Int64(bitPattern: rng.next() % UInt64(one / 2)) - one / 4
            cases.append((v, rng.next() % 8 == 0 ? 0 : dv, 1 + Int(rng.next() % 1200)))
        }
        lut.withUnsafeBufferPointer { e in
            for (v, dv, count) in cases {
                linearSpanPerPixel(e, v: v, dv: dv, count: count, into: want)
                for (name, span) in [("runs", linearSpanRuns), ("blocks", linearSpanBlocks)] {
                    span(e, v, dv, count, out)
                    var wrong = 0
                    for i in 0..<count where out[i] != want[i] { wrong += 1 }
                    #expect(wrong == 0, "\(name): v \(v) dv \(dv) count \(count): \(wrong) wrong")
                }
            }
        }
    }
}

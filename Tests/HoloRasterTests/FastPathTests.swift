// Fast paths against their slow, obviously-right references, pixel for pixel (Blend2D style).
//
// Every case draws the same random content twice, once through the fast path and once through
// the reference, and demands identical bytes: the fast paths are reorganisations of the same
// integer arithmetic, not approximations.

import HoloPixels
import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

#if canImport(Glibc)
import Glibc
#endif

extension SplitMix64 {
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func color(opaque: Bool) -> Color {
        Color(red: unit(), green: unit(), blue: unit(), alpha: opaque ? 1 : range(0.1, 1))
    }
}

/// A busy opaque-and-translucent background, so blending has something to mix with.
func noiseCanvas(width: Int, height: Int, seed: UInt64) -> Canvas {
    var rng = SplitMix64(seed: seed)
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
        let a = UInt8(truncatingIfNeeded: rng.next() % 2 == 0 ? 255 : rng.next())
        for k in 0..<3 { bytes[i * 4 + k] = UInt8(truncatingIfNeeded: rng.next() % (UInt64(a) + 1)) }
        bytes[i * 4 + 3] = a
    }
    return Canvas(width: width, height: height, premultipliedBytes: bytes)
}

@Suite struct FastPathTests {
    static func shape(_ rng: inout SplitMix64, _ w: Double, _ h: Double) -> Shape {
        let r = Rect(x: rng.range(-10, w / 2), y: rng.range(-10, h / 2), width: rng.range(5, w), height: rng.range(5, h))
        switch rng.next() % 5 {
        case 0: return .rect(r)
        case 1: return .roundedRect(r, cornerRadius: rng.range(0, 20), style: .continuous)
        case 2: return .roundedRect(r, cornerRadius: rng.range(0, 20), style: .circular)
        case 3: return .capsule(r)
        default: return .ellipse(r)
        }
    }

    static func paint(_ rng: inout SplitMix64, _ w: Double, _ h: Double) -> Paint {
        let opaque = rng.next() % 2 == 0
        let stops = Paint.evenStops([rng.color(opaque: opaque), rng.color(opaque: opaque), rng.color(opaque: opaque)])
        let c = Point(rng.range(0, w), rng.range(0, h))
        switch rng.next() % 5 {
        case 0, 1: return .solid(rng.color(opaque: opaque))
        case 2: return .linearGradient(stops: stops, start: Point(rng.range(0, w), 0), end: Point(rng.range(0, w), h))
        case 3: return .radialGradient(stops: stops, center: c, startRadius: 0, endRadius: rng.range(5, w))
        default: return .angularGradient(stops: stops, center: c, startAngle: rng.range(-3, 3), endAngle: rng.range(3, 9))
        }
    }

    /// The reference of one draw: `coverage` (the fast rasterizer's, which ReferenceKernelTests
    /// holds to `Reference.coverage`) times opacity and clip, painted by `Reference.paint`.
    static func referenceDraw(_ coverage: CoverageMask, _ paint: Paint, clip: CoverageMask?, opacity: Double,
                              over canvas: Canvas) -> [UInt8] {
        var s = RefSurface(canvas)
        Reference.paint(RefMask(coverage), with: RefPaint(paint, transform: .identity), opacity: opacity,
                        clip: clip.map { RefMask($0) }, into: &s)
        return s.bytes
    }

    /// The fast draw against the reference: solid paints byte for byte; gradients within one
    /// level (the colour's table index can differ by one step where t sits on a half step, as in
    /// ReferenceKernelTests.paintFillsMatchTheReference).
    static func expectMatches(_ fast: Canvas, _ slow: [UInt8], _ paint: Paint, _ what: String) {
        if case .solid = paint {
            #expect(fast.bytes == slow, "\(what)")
        } else {
            let d = ByteDifference(fast.bytes, slow)
            #expect(d.largest <= 1, "\(what): \(d)")
        }
    }

    /// Random fills and strokes through random clips (rounded-rect cards, ellipses, rects and
    /// intersections of two), at random opacity: the split-run clip path against the reference's
    /// per-pixel clipping.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func clippedFillsMatchTheReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let w = 120.0, h = 90.0
        var fast = noiseCanvas(width: Int(w), height: Int(h), seed: seed)
        for step in 0..<12 {
            var clip: CoverageMask? = nil
            if rng.next() % 4 != 0 {
                clip = fast.coverage(of: Self.shape(&rng, w, h), transform: .identity)
                if rng.next() % 3 == 0 { clip = clip!.intersected(with: fast.coverage(of: Self.shape(&rng, w, h), transform: .identity)) }
            }
            let shape = Self.shape(&rng, w, h), paint = Self.paint(&rng, w, h)
            let opacity = rng.next() % 2 == 0 ? 1 : rng.range(0, 1)
            var before = fast
            if rng.next() % 4 == 0 {
                let width = rng.range(0.5, 6)
                var sink = MaskSink(mask: CoverageMask(x: 0, y: 0, width: Int(w), height: Int(h)))
                rasterize(shape.strokePolygon(width: width, transform: .identity), window: fast.pixelWindow, into: &sink)
                fast.stroke(shape, width: width, transform: .identity, paint: paint, clip: clip, opacity: opacity)
                Self.expectMatches(fast, Self.referenceDraw(sink.mask, paint, clip: clip, opacity: opacity, over: before),
                                   paint, "seed \(seed) step \(step) stroke")
            } else {
                let coverage = fast.coverage(of: shape, transform: .identity)
                fast.fill(shape, transform: .identity, paint: paint, clip: clip, opacity: opacity)
                Self.expectMatches(fast, Self.referenceDraw(coverage, paint, clip: clip, opacity: opacity, over: before),
                                   paint, "seed \(seed) step \(step) fill")
            }
            let mask = fast.coverage(of: Self.shape(&rng, w, h), transform: .identity)
            before = fast
            fast.fill(mask, paint: paint, paintTransform: .identity, clip: clip, opacity: opacity)
            Self.expectMatches(fast, Self.referenceDraw(mask, paint, clip: clip, opacity: opacity, over: before),
                               paint, "seed \(seed) step \(step) mask")
        }
    }

    /// A card as the demo draws it: a white rounded rect clipped by itself, plus children.
    @Test func cardClippedByItsOwnOutlineMatchesTheReference() {
        var fast = Canvas(width: 400, height: 200)
        fast.clear(to: Color(hex: 0xF2F2F7))
        let card = Shape.roundedRect(Rect(x: 10.3, y: 8.6, width: 370, height: 150), cornerRadius: 40, style: .continuous)
        let clip = fast.coverage(of: card, transform: .identity)
        var before = fast
        fast.fill(card, transform: .identity, paint: .solid(.white), clip: clip, opacity: 1)
        Self.expectMatches(fast, Self.referenceDraw(clip, .solid(.white), clip: clip, opacity: 1, over: before), .solid(.white), "card")
        // The interior really is the card colour and the corner really is partly covered.
        #expect(fast[200, 60] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(fast[11, 9] != fast[200, 60])
        let band = Shape.capsule(Rect(x: 0, y: 120, width: 400, height: 30))
        let gradient = Paint.linearGradient(stops: Paint.evenStops([Color(hex: 0x5E5CE6), Color(hex: 0xFF375F)]),
                                            start: Point(0, 0), end: Point(400, 0))
        before = fast
        fast.fill(band, transform: .identity, paint: gradient, clip: clip, opacity: 1)
        Self.expectMatches(fast, Self.referenceDraw(fast.coverage(of: band, transform: .identity), gradient, clip: clip, opacity: 1,
                                                    over: before), gradient, "band")
    }

    /// Group-opacity blending, word lanes against the reference's channel-by-channel mix.
    @Test(arguments: [0.0, 0.1, 0.5, 0.6, 0.99])
    func groupOpacityBlendMatchesTheReference(keeping: Double) {
        let backdrop = noiseCanvas(width: 37, height: 11, seed: 9)
        var fast = noiseCanvas(width: 50, height: 20, seed: 10)
        // Some pixels equal to the backdrop (the untouched part of a group's bounds).
        fast.withMutableWords { f in backdrop.withWords { b in for i in 0..<37 { f[3 * 50 + 5 + i] = b[i] } } }
        var slow = RefSurface(fast), before = RefSurface(full: slow.full, window: RefBox(5, 3, 5 + 37, 3 + 11), scale: 1)
        before.bytes = backdrop.bytes
        fast.blend(from: backdrop, x: 5, y: 3, keeping: keeping)
        Reference.mixBack(&slow, before: before, keeping: keeping)
        #expect(fast.bytes == slow.bytes)
    }

    /// Angular spans shaded with the float kernel (certified, Double atan2 where it cannot be)
    /// pick exactly atan2's table entries, for full turns, partial turns (pad sectors) and more
    /// than a turn, at any start angle.
    static let turns: [(Double, Double)] = [
        (0, 2 * Double.pi), (1, 2 * Double.pi + 1), (-0.7, 2.5), (0.3, 9), (2, 2 + 1e-4), (1, -1.5),
        (0.5, 0.5 + 2 * Double.pi - 1e-4),
    ]
    @Test(arguments: turns)
    func angularShadingMatchesExactArctangent(start: Double, end: Double) {
        let stops = Paint.evenStops([Color(hex: 0xFF375F), Color(hex: 0x30D158), Color(hex: 0x5E5CE6), Color(hex: 0xFF375F)])
        let center = Point(37.3, 41.9)
        let sampler = PaintSampler(.angularGradient(stops: stops, center: center, startAngle: start, endAngle: end),
                                   transform: .scale(1.5, 1.5))
        guard case .angular(let lut, let inv, let c, let a0, let span) = sampler.kind else { Issue.record("not angular"); return }
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: 128)
        defer { out.deallocate() }
        var mismatches = 0
        for y in 0..<128 {
            sampler.shade(x: 0, y: y, count: 128, into: out)
            let p = inv.apply(Point(0.5, Double(y) + 0.5))
            var px = p.x - c.x, py = p.y - c.y
            for x in 0..<128 {
                let expected = lut.entries[lut.index(PaintSampler.angularT(atan2(py, px), start: a0, span: span))]
                if out[x] != expected { mismatches += 1 }
                px += inv.a; py += inv.b
            }
        }
        #expect(mismatches == 0)
    }

    /// The material's tint loop (remembered tints, lane blends, stores at full coverage) against
    /// the reference's pixel-by-pixel one, over translucent noise and smooth stripes, through a
    /// soft mask.
    @Test(arguments: [MaterialKind.ultraThin, .thin, .regular, .thick])
    func materialMatchesTheReference(kind: MaterialKind) {
        for scheme in [ColorScheme.light, .dark] {
            var fast = noiseCanvas(width: 90, height: 60, seed: 21)
            fast.fill(.rect(Rect(x: 0, y: 30, width: 90, height: 30)), transform: .identity,
                      paint: .linearGradient(stops: Paint.evenStops([.white, Color(hex: 0x5E5CE6)]),
                                             start: Point(0, 0), end: Point(90, 0)))
            var slow = RefSurface(fast)
            let mask = fast.coverage(of: .ellipse(Rect(x: 3.3, y: 2.7, width: 80, height: 52)), transform: .identity)
            let recipe = MaterialRecipe(kind, scheme)
            // The blurred backdrop is the fast blur's (BlurFastPathTests holds it to its reference).
            let roi = BlurRegion(x: mask.x, y: mask.y, width: mask.width, height: mask.height).clipped(width: fast.width, height: fast.height)
            let blurred = fast.gaussianBlurred(sigma: recipe.blur * fast.scale, region: roi, edge: .clamp)
            fast.applyMaterial(recipe, scheme: scheme, in: mask)
            Reference.materialTint(recipe, scheme: scheme, blurred: blurred.bytes,
                                   box: RefBox(roi.x, roi.y, roi.x + roi.width, roi.y + roi.height), mask: RefMask(mask), into: &slow)
            #expect(fast.bytes == slow.bytes, "\(kind) \(scheme)")
        }
    }

    /// Reduced-resolution resampling (16-bit lanes for 4 channels, word-wide blocks for 1; the upsample in C)
    /// against the reference, for both factors, both edge rules and sizes that are not multiples
    /// of the factor.
    @Test(arguments: [2, 4])
    func blurResamplingMatchesTheReference(factor: Int) {
        for (w, h, seed) in [(37, 23, UInt64(1)), (64, 9, 2), (5, 41, 3)] {
            let canvas = noiseCanvas(width: w, height: h, seed: seed)
            for channels in [4, 1] {
                let bytes = channels == 4 ? canvas.bytes : (0..<(w * h)).map { canvas.bytes[$0 * 4 + 3] }
                let plane = BlurPlane(width: w, height: h, channels: channels, bytes: bytes)
                for edge in [BlurEdge.clamp, .transparent] {
                    let fast = downsampled(plane, by: factor, pad: 3, edge: edge)
                    #expect(fast.bytes == Reference.downsampled(RefBytes(plane), by: factor, pad: 3, edge: edge).bytes)
                    let keep = BlurRegion(x: 1, y: 2, width: w - 3, height: h - 4)
                    #expect(upsampled(fast, by: factor, pad: 3, keep: keep).bytes
                            == Reference.upsampled(RefBytes(fast), by: factor, pad: 3, keep: keep).bytes)
                }
            }
        }
    }
}

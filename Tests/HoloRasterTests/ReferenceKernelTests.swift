// Single kernels of the fast renderer against the reference renderer's own (HoloRaster/Reference),
// for the kernels whose fast path had no reference test: shape coverage, gradient and shader
// fills, images, layer composite, glyph masks, tilt, shadows and materials. The claims are the
// ones Reference.swift's header makes: byte-identical where the fast path is exact integer
// arithmetic; within one level where both are exact in the reals and differ only in float
// rounding; within the blur bound where the fast path approximates on purpose.

import HoloPixels
import Testing
import HoloClips
import HoloGeometry
import HoloScene
@testable import HoloRaster
import HoloText

/// Largest channel difference and how many values differ between two byte arrays of one size.
struct ByteDifference: CustomStringConvertible {
    var largest = 0, differing = 0, count = 0
    init(_ a: [UInt8], _ b: [UInt8]) {
        precondition(a.count == b.count)
        count = a.count
        for i in 0..<a.count {
            let d = abs(Int(a[i]) - Int(b[i]))
            largest = max(largest, d)
            if d != 0 { differing += 1 }
        }
    }
    var description: String { "largest \(largest), \(differing) of \(count) values differ" }
}

@Suite struct ReferenceKernelTests {
    static let shapes: [Shape] = [
        .rect(Rect(x: 3.25, y: 2.5, width: 40.3, height: 20.75)),
        .roundedRect(Rect(x: 4.3, y: 3.1, width: 50, height: 30), cornerRadius: 9.5, style: .continuous),
        .roundedRect(Rect(x: 1.7, y: 5.2, width: 44, height: 33), cornerRadius: 12, style: .circular),
        .capsule(Rect(x: 2.2, y: 10.4, width: 55, height: 17)),
        .ellipse(Rect(x: 6.6, y: 1.1, width: 41, height: 37)),
    ]
    static let transforms: [AffineTransform] = [
        .identity,
        .scale(0.5, 0.5).concatenating(.translation(10.3, 4.7)),
        .rotation(0.4).concatenating(.translation(16, -3)),
        .scale(3, 3).concatenating(.translation(-20.5, -10.25)),
    ]

    /// Exact area both ways (cells and prefix sums there, Green's theorem per pixel here): equal
    /// bytes but where float rounding lands on a half step.
    @Test(arguments: shapes)
    func shapeCoverageMatchesTheReference(_ shape: Shape) {
        let canvas = Canvas(width: 64, height: 48)
        let limit = RefBox(0, 0, 64, 48)
        for t in Self.transforms {
            let fast = canvas.coverage(of: shape, transform: t)
            let slow = Reference.coverage(contours: Reference.fillContours(shape, transform: t), limit: limit)
            var a: [UInt8] = [], b: [UInt8] = []
            for y in 0..<48 { for x in 0..<64 { a.append(fast[x, y]); b.append(UInt8(slow.at(x, y))) } }
            let d = ByteDifference(a, b)
            #expect(d.largest <= 1 && d.differing * 100 <= d.count, "\(shape) under \(t): \(d)")
            #expect(a.contains { $0 == 255 } || t.a < 1, "the shape should cover whole pixels")
        }
    }

    @Test func strokeCoverageMatchesTheReference() {
        let canvas = Canvas(width: 64, height: 48)
        for shape in Self.shapes {
            for width in [0.75, 2.0, 5.5] {
                let t = AffineTransform.rotation(0.2).concatenating(.translation(6, 2))
                var fast = canvas, slow = RefSurface(canvas)
                fast.stroke(shape, width: width, transform: t, paint: .solid(.white))
                let cov = Reference.coverage(contours: Reference.strokeContours(shape, width: width, transform: t), limit: slow.window)
                Reference.paint(cov, with: RefPaint(.solid(.white), transform: t), opacity: 1, clip: nil, into: &slow)
                let d = ByteDifference(fast.bytes, slow.bytes)
                #expect(d.largest <= 1 && d.differing * 100 <= d.count, "stroke \(width) of \(shape): \(d)")
            }
        }
    }

    static let paints: [Paint] = [
        .linearGradient(stops: Paint.evenStops([.init(hex: 0xFF2D55), .init(hex: 0x5856D6), .init(hex: 0x34C759)]),
                        start: Point(2, 5), end: Point(60, 40)),
        .linearGradient(stops: [GradientStop(.init(hex: 0x000000, alpha: 0), at: 0.2), GradientStop(.init(hex: 0xFFFFFF, alpha: 0.8), at: 0.2),
                                GradientStop(.init(hex: 0x0A84FF), at: 0.9)],
                        start: Point(0, 0), end: Point(0, 48)),
        .radialGradient(stops: Paint.evenStops([.init(hex: 0xFFD60A), .init(hex: 0xFF9F0A, alpha: 0.4)]),
                        center: Point(30, 20), startRadius: 3, endRadius: 35),
        .angularGradient(stops: Paint.evenStops([.init(hex: 0xFF375F), .init(hex: 0x64D2FF), .init(hex: 0xBF5AF2), .init(hex: 0xFF375F)]),
                         center: Point(31.5, 22.5), startAngle: -1, endAngle: 4),
        .angularGradient(stops: Paint.evenStops([.init(hex: 0x30D158), .init(hex: 0x5E5CE6)]),
                         center: Point(20, 30), startAngle: 0.5, endAngle: 9),
        .shader(ShaderPaint(bounds: Rect(x: 0, y: 0, width: 60, height: 40),
                            program: HolographicTextEffect(roll: 0.2, pitch: -0.1, time: 1.3))),
        .shader(ShaderPaint(bounds: Rect(x: 5, y: 5, width: 50, height: 30), program: AnyDistanceGradientEffect(roll: 0.15))),
    ]

    /// Gradients: the colour at t rounded to 1/1023 both ways (a table there, computed per pixel
    /// here), t from an accumulated step there and afresh here: an index can differ by one table
    /// step where t sits on a half step. Shaders: SIMD Float lanes there, scalar Double here.
    @Test(arguments: paints)
    func paintFillsMatchTheReference(_ paint: Paint) {
        let background = noiseCanvas(width: 64, height: 48, seed: 7)
        for t in [AffineTransform.identity, .rotation(0.3).concatenating(.translation(8, -4))] {
            let shape = Shape.roundedRect(Rect(x: 2, y: 3, width: 58, height: 40), cornerRadius: 8, style: .continuous)
            var fast = background, slow = RefSurface(background)
            fast.fill(shape, transform: t, paint: paint)
            let cov = Reference.coverage(contours: Reference.fillContours(shape, transform: t), limit: slow.window)
            Reference.paint(cov, with: RefPaint(paint, transform: t), opacity: 1, clip: nil, into: &slow)
            let d = ByteDifference(fast.bytes, slow.bytes)
            #expect(d.largest <= 1, "\(paint) under \(t): \(d)")
            let drew = fast.bytes != background.bytes
            #expect(drew)
        }
    }

    /// Same integer formula (weights in 1/256, one rounding, then clip and source-over): equal bytes.
    @Test func imagesMatchTheReferenceByteForByte() {
        let image = noiseCanvas(width: 9, height: 7, seed: 11)
        let data = ImageData(width: 9, height: 7, pixels: image.bytes)
        let background = noiseCanvas(width: 64, height: 48, seed: 3)
        let clipShape = Shape.ellipse(Rect(x: 4, y: 2, width: 50, height: 44))
        let clip = background.coverage(of: clipShape, transform: .identity)
        for t in [AffineTransform.identity, .scale(2.5, 2.5).concatenating(.translation(-3.3, 1.7)),
                  .rotation(-0.35).concatenating(.translation(5, 12))] {
            for c in [nil, clip] {
                var fast = background, slow = RefSurface(background)
                fast.draw(data, in: Rect(x: 3.4, y: 2.2, width: 30, height: 17), transform: t, clip: c)
                Reference.drawImage(data, in: Rect(x: 3.4, y: 2.2, width: 30, height: 17), transform: t,
                                    clip: c.map { RefMask($0) }, into: &slow)
                let same = fast.bytes == slow.bytes
                #expect(same, "image under \(t), clip \(c != nil): \(ByteDifference(fast.bytes, slow.bytes))")
                let drew = fast.bytes != background.bytes
                #expect(drew)
            }
        }
    }

    /// c = opacity·clip/255, then source-over: equal bytes. A layer over a larger background
    /// through a rounded-rect clip, and small layers (widths around the 4-pixel lane step) through
    /// random clips that start outside the canvas, at offsets that cut the layer on every side.
    @Test func layerCompositeMatchesTheReferenceByteForByte() {
        let layer = noiseCanvas(width: 40, height: 30, seed: 5)
        let background = noiseCanvas(width: 64, height: 48, seed: 6)
        let clip = background.coverage(of: .roundedRect(Rect(x: 5.5, y: 4.5, width: 50, height: 38), cornerRadius: 10, style: .continuous),
                                       transform: .identity)
        var cases: [(layer: Canvas, background: Canvas, clip: CoverageMask, offsets: [(Int, Int)], opacities: [Double])] = [
            (layer, background, clip, [(0, 0), (30, 25), (-8, -5)], [1.0, 0.62, 0.05]),
        ]
        for (w, h, seed) in [(13, 7, UInt64(3)), (32, 5, 4), (3, 3, 5)] {
            var rng = SplitMix64(seed: seed &+ 99)
            let coverage = (0..<(w + 2) * (h + 2)).map { _ in UInt8(truncatingIfNeeded: rng.next() % 3 == 0 ? 0 : rng.next()) }
            cases.append((noiseCanvas(width: w, height: h, seed: seed), noiseCanvas(width: w + 3, height: h + 3, seed: seed &+ 7),
                          CoverageMask(x: -1, y: 1, width: w + 2, height: h + 2, coverage: coverage),
                          [(0, 0), (2, 1), (-1, -2)], [1.0, 0.5, 0.01]))
        }
        // A retained layer's surface: stretches of opaque and of transparent pixels (the eight-at-a-
        // time copy and skip of the full-opacity path), mixed stretches, and a tail past the eights.
        var surface = noiseCanvas(width: 43, height: 6, seed: 11)
        surface.withMutableWords { w in
            for y in 0..<6 {
                for x in 0..<43 {
                    let block = (x / 8 + y) % 3
                    if block == 0 { w[y * 43 + x] |= 0xFF00_0000 }  // opaque: any colour is premultiplied
                    if block == 1 { w[y * 43 + x] = 0 }
                }
            }
        }
        cases.append((surface, noiseCanvas(width: 50, height: 9, seed: 12), clip, [(0, 0), (3, 2), (-5, -1)], [1.0, 0.5]))
        for k in cases {
            for opacity in k.opacities {
                for c in [nil, k.clip] {
                    for (ox, oy) in k.offsets {
                        var fast = k.background, slow = RefSurface(k.background)
                        fast.composite(k.layer, x: ox, y: oy, opacity: opacity, clip: c)
                        Reference.composite(RefSurface(k.layer), origin: (ox, oy), opacity: opacity, clip: c.map { RefMask($0) },
                                            limit: slow.window, into: &slow)
                        let same = fast.bytes == slow.bytes
                        #expect(same, "\(k.layer.width)×\(k.layer.height) opacity \(opacity) at (\(ox), \(oy)), clip \(c != nil)")
                    }
                }
            }
        }
    }

    /// Glyph bitmaps from the cache there, rendered afresh here, placed at quarter pixels and
    /// added: equal bytes upright; under rotation both resample the upright run bilinearly.
    @Test func glyphMasksMatchTheReference() throws {
        let fonts = FontLibrary.shared
        let run = TextRun("Reps · Wave", font: Font(size: 17, weight: .semibold), origin: Point(3.3, 20.6))
        for t in [AffineTransform.scale(2, 2).concatenating(.translation(0.4, 1.3)), .scale(1.37, 1.37),
                  .rotation(0.25).concatenating(.scale(1.5, 1.5)), .scale(1.5, 1)] {
            let fast = try fonts.coverage(of: run, transform: t)
            let limit = RefBox(fast.x - 4, fast.y - 4, fast.x + fast.width + 4, fast.y + fast.height + 4)
            let slow = try Reference.textCoverage(run, transform: t, fonts: fonts, limit: limit)
            var a: [UInt8] = [], b: [UInt8] = []
            for y in limit.y0..<limit.y1 { for x in limit.x0..<limit.x1 { a.append(fast[x, y]); b.append(UInt8(slow.at(x, y))) } }
            let d = ByteDifference(a, b)
            if t.b == 0 && t.c == 0 && t.a == t.d {
                #expect(d.differing == 0, "upright text under \(t): \(d)")
            } else {
                #expect(d.largest <= 1 && d.differing * 100 <= d.count, "resampled text under \(t): \(d)")
            }
            #expect(a.contains(255))
        }
    }

    /// The inverse homography there, each pixel solved by Cramer's rule here: same sample points
    /// up to float rounding, so a bilinear weight can differ by 1/256. A gradient card, and random
    /// translucent blocks in the middle of a transparent layer (the title-layer shape, where the
    /// fast path computes only the projected bounding box), under tilts from slight to steep, both
    /// signs, weak to strong perspective and off-centre anchors; an empty layer stays empty.
    @Test func tiltMatchesTheReference() {
        var card = Canvas(width: 60, height: 40)
        card.fill(.roundedRect(Rect(x: 10, y: 8, width: 40, height: 24), cornerRadius: 6, style: .continuous),
                  transform: .identity, paint: .linearGradient(stops: Paint.evenStops([.init(hex: 0xFF9F0A), .init(hex: 0x5E5CE6)]),
                                                               start: Point(10, 8), end: Point(50, 32)))
        var cases: [(Canvas, Tilt)] = [(12.0, 0.0, 1.0), (0.0, -18.0, 0.5), (25.0, 30.0, 1.0), (-40.0, 10.0, 0.5)].map {
            (card, Tilt(degreesX: $0.0, degreesY: $0.1, perspective: $0.2, anchor: Point(30, 20)))
        }
        for (dx, dy) in [(8.0, 0.0), (0.0, -12.0), (-25.0, 17.0), (40.0, 60.0), (75.0, -80.0), (0.3, 0.2)] {
            var layer = Canvas(width: 90, height: 64, scale: 2)
            let blocks = noiseCanvas(width: 50, height: 30, seed: UInt64(abs(dx * 7 + dy) + 1))
            for y in 0..<30 { for x in 0..<50 where (x / 4 + y / 3) % 3 != 0 { layer[x + 20, y + 17] = blocks[x, y] } }
            for perspective in [0.3, 1.0, 3.0] {
                for anchor in [Point(22.5, 16), Point(0, 0), Point(40, 30)] {
                    cases.append((layer, Tilt(degreesX: dx, degreesY: dy, perspective: perspective, anchor: anchor)))
                }
            }
        }
        cases.append((noiseCanvas(width: 33, height: 21, seed: 9), Tilt(degreesX: 20, degreesY: 10, perspective: 1, anchor: Point(10, 5))))
        for (layer, tilt) in cases {
            let fast = tilted(layer, tilt: tilt)
            let slow = Reference.tilted(RefSurface(layer), tilt, anchor: tilt.anchor * layer.scale)
            let d = ByteDifference(fast.bytes, slow.bytes)
            #expect(d.largest <= 1 && d.differing * 200 <= d.count, "tilt \(tilt): \(d)")
            #expect(fast.bytes != layer.bytes)
        }
        let empty = Canvas(width: 20, height: 10, scale: 1)
        #expect(tilted(empty, tilt: Tilt(degreesX: 20, degreesY: 10, perspective: 1, anchor: Point(10, 5))).bytes == empty.bytes)
    }

    /// The shadow of a layer: its alpha blurred (fixed-point taps or boxes at reduced resolution
    /// there, the exact Gaussian here), tinted: within the blur bound.
    @Test(arguments: [0.6, 3.0, 12.0])
    func shadowsStayWithinTheBlurBound(radius: Double) {
        var layer = Canvas(width: 120, height: 90)
        layer.fill(.roundedRect(Rect(x: 35, y: 30, width: 50, height: 30), cornerRadius: 8, style: .continuous),
                   transform: .identity, paint: .solid(.init(hex: 0x1C1C1E)))
        let s = Shadow(color: Color(hex: 0xFFD60A, alpha: 0.7), radius: radius, offset: Point(2.4, 3.6))
        let fast = shadow(of: layer, shadow: s)
        let slow = Reference.shadow(of: RefSurface(layer), s, output: RefBox(0, 0, 120, 90))
        let d = ByteDifference(fast.bytes, slow.bytes)
        #expect(d.largest <= blurErrorBound, "shadow radius \(radius): \(d)")
        let shaded = slow.bytes.contains { $0 != 0 }
        #expect(shaded)
    }

    /// Materials: the blur within its bound (smooth backdrop, as materials see), the colour steps
    /// in Float there and in Double here, and the same coverage write-back.
    @Test(arguments: MaterialKind.allCases)
    func materialsStayWithinTheBlurBound(kind: MaterialKind) {
        var backdrop = Canvas(width: 96, height: 72)
        backdrop.clear(to: .white)
        backdrop.fill(.rect(Rect(x: 0, y: 0, width: 96, height: 72)), transform: .identity,
                      paint: .linearGradient(stops: Paint.evenStops([.init(hex: 0xFF2D55), .init(hex: 0xF2F2F7), .init(hex: 0x0A84FF)]),
                                             start: Point(0, 0), end: Point(96, 72)))
        backdrop.fill(.ellipse(Rect(x: 30, y: 20, width: 30, height: 30)), transform: .identity, paint: .solid(.init(hex: 0x34C759)))
        let shape = Shape.roundedRect(Rect(x: 8.5, y: 10.5, width: 80, height: 40), cornerRadius: 10, style: .continuous)
        for scheme in [ColorScheme.light, .dark] {
            var fast = backdrop, slow = RefSurface(backdrop)
            let mask = backdrop.coverage(of: shape, transform: .identity)
            fast.applyMaterial(kind, scheme: scheme, in: mask)
            Reference.material(MaterialRecipe(kind, scheme), scheme: scheme, mask: RefMask(mask), compute: slow.window, into: &slow)
            let d = ByteDifference(fast.bytes, slow.bytes)
            #expect(d.largest <= blurErrorBound, "\(kind) \(scheme): \(d)")
            let drew = fast.bytes != backdrop.bytes
            #expect(drew)
        }
    }
}

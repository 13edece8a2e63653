// Rasterized groups (Composite/RasterizedLayer.swift): the resample kernel against its reference,
// the bitmap drawn once while only the group's scale, offset, opacity and blur change, frames in a
// run equal to frames drawn alone, and the picture within the stated bound of the reference
// renderer, which draws the content at its transform.

import HoloPixels
import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

@Suite struct RasterizedLayerTests {
    /// `Canvas.resampling` (two passes, CPixelKernels/resample.c) is `Reference.resampled` (pixel by
    /// pixel) byte for byte: random sources, scales ½–2 along each axis, offsets that put taps
    /// outside every edge, and only some rows asked for (the others transparent). A quarter of the
    /// rounds each put one or both axes at scale 1 on whole pixels, where every weight is 0 and
    /// the rows are copied (`ResampledRows`' copy paths), with a weight of 1/256 beside them.
    @Test func theResampleIsItsReferenceByteForByte() {
        var rng = SplitMix64(seed: 42)
        for round in 0..<120 {
            let sw = Int.random(in: 1...23, using: &rng), sh = Int.random(in: 1...17, using: &rng)
            let words = (0..<(sw * sh)).map { _ -> UInt32 in
                let a = UInt32.random(in: 0...255, using: &rng)
                let c = (0..<3).map { _ in UInt32.random(in: 0...a, using: &rng) }
                return c[0] | c[1] << 8 | c[2] << 16 | a << 24
            }
            let source = Canvas(width: sw, height: sh, premultipliedWords: words)
            var map = AxisMap(sx: Double.random(in: 0.5...2, using: &rng), ox: Double.random(in: -4...4, using: &rng),
                              sy: Double.random(in: 0.5...2, using: &rng), oy: Double.random(in: -4...4, using: &rng))
            // Whole pixels: u = x + ½ + ox is an integer (or 1/256 past one, a weight of 1).
            let nudge = round % 8 == 5 ? 1.0 / 256 : 0
            if round % 4 == 1 || round % 4 == 3 { map.sx = 1; map.ox = Double(Int.random(in: -5...5, using: &rng)) - 0.5 + nudge }
            if round % 4 == 2 || round % 4 == 3 { map.sy = 1; map.oy = Double(Int.random(in: -5...5, using: &rng)) - 0.5 + nudge }
            let w = Int.random(in: 1...30, using: &rng), h = Int.random(in: 1...24, using: &rng)
            let slow = Reference.resampled(source, sx: map.sx, ox: map.ox, sy: map.sy, oy: map.oy, width: w, height: h)
            let fast = Canvas.resampling(source, map: map, width: w, height: h, rows: 0..<h, scale: 1)
            #expect(fast.bytes == slow.bytes, "round \(round): \(ByteDifference(fast.bytes, slow.bytes))")
            let rows = (h / 3)..<(h - h / 4)
            let some = Canvas.resampling(source, map: map, width: w, height: h, rows: rows, scale: 1)
            for y in 0..<h {
                let row = (y * w)..<(y * w + w)
                #expect(Array(some.words[row]) == (rows.contains(y) ? Array(slow.words[row]) : [UInt32](repeating: 0, count: w)),
                        "round \(round), row \(y)")
            }
        }
    }

    /// A resample's rows composited as they come (`compositeBlurred(rows:)`: through the blur's
    /// ring for σ ≤ 2 px, straight for σ 0 and a kernel that moves no byte) are the layer built
    /// whole then `compositeBlurred`: random sources, maps, σ, opacities, clips and placements
    /// partly off the canvas; above 2 px it declines and draws nothing.
    @Test func aStreamedResampleIsTheResampledLayerComposited() {
        var rng = SplitMix64(seed: 7)
        func noise(_ w: Int, _ h: Int) -> Canvas {
            Canvas(width: w, height: h, premultipliedWords: (0..<(w * h)).map { _ -> UInt32 in
                let a = UInt32.random(in: 0...255, using: &rng)
                let c = (0..<3).map { _ in UInt32.random(in: 0...a, using: &rng) }
                return c[0] | c[1] << 8 | c[2] << 16 | a << 24
            })
        }
        let sigmas: [Double] = [0, 0.2, 0.3, 0.7, 1.3, 2.0]
        for round in 0..<48 {
            let source = noise(Int.random(in: 2...40, using: &rng), Int.random(in: 2...30, using: &rng))
            let map = AxisMap(sx: Double.random(in: 0.5...2, using: &rng), ox: Double.random(in: -4...4, using: &rng),
                              sy: Double.random(in: 0.5...2, using: &rng), oy: Double.random(in: -4...4, using: &rng))
            let w = Int.random(in: 1...48, using: &rng), h = Int.random(in: 1...40, using: &rng)
            let sigma = sigmas[round % sigmas.count]
            let opacity = [1, 0.6, 0.02][round % 3]
            let x = Int.random(in: -10...20, using: &rng), y = Int.random(in: -10...20, using: &rng)
            let backdrop = noise(36, 32)
            let clip = round % 4 == 1 ? backdrop.coverage(of: .circle(center: Point(18, 16), radius: 13), transform: .identity) : nil
            var whole = backdrop
            whole.compositeBlurred(Canvas.resampling(source, map: map, width: w, height: h, rows: 0..<h, scale: 1),
                                   sigma: sigma, x: x, y: y, opacity: opacity, clip: clip)
            var streamed = backdrop
            let rows = ResampledRows(source, map: map, width: w, height: h)!
            let drew = streamed.compositeBlurred(rows: rows, sigma: sigma, x: x, y: y, opacity: opacity, clip: clip)
            #expect(drew)
            #expect(streamed.bytes == whole.bytes, "round \(round), σ \(sigma): \(ByteDifference(streamed.bytes, whole.bytes))")
        }
        var untouched = noise(8, 8)
        let before = untouched.bytes
        let rows = ResampledRows(noise(8, 8), map: AxisMap(sx: 1, ox: 0, sy: 1, oy: 0), width: 8, height: 8)!
        let declined = !untouched.compositeBlurred(rows: rows, sigma: 2.5, x: 0, y: 0, opacity: 1, clip: nil)
        #expect(declined)
        #expect(untouched.bytes == before)
    }

    static let content: [Node] = [
        .fill(.roundedRect(Rect(x: 0, y: 0, width: 200, height: 140), cornerRadius: 20, style: .continuous),
              .linearGradient(stops: [GradientStop(Color(hex: 0x0B1026), at: 0), GradientStop(Color(hex: 0x0E4D4F), at: 1)],
                              start: Point(0, 0), end: Point(60, 140))),
        .fill(.circle(center: Point(70, 50), radius: 30), .solid(Color(hex: 0x3CF2A5, alpha: 0.6))),
        .text(TextRun("Northern Lights", font: Font(size: 22, weight: .bold), origin: Point(16, 110)), .solid(.white)),
    ]

    /// The morph's frame i: the content scaled about its centre by 1 − 0.008·i, moved, faded and
    /// blurred a little (σ 0.15·i px at 3x: under 2 px, so drawn at full resolution, from the
    /// bitmap), under a clip whose corners grow (the reveal page's mapping, in small).
    /// `blur` (points a frame) past 2/3 pt puts σ over 2 px: drawn on the blur's ½ and ¼ grids.
    static func scene(_ i: Int, children: [Node] = content, blur: Double = 0.05) -> Scene {
        let s = 1 - 0.008 * Double(i)
        let t = AffineTransform.translation(-100, -70).concatenating(.scale(s, s)).concatenating(.translation(110, 80 + 1.7 * Double(i)))
        let page = Group(children, transform: t, opacity: 1 - 0.05 * Double(i),
                         clip: .roundedRect(Rect(x: 0, y: 0, width: 200, height: 140), cornerRadius: 3 * Double(i), style: .continuous),
                         blur: blur * Double(i), rasterization: Rasterization())
        return Scene(size: Size(220, 200), background: .black, root: [.group(page)])
    }

    /// The bitmap is drawn once for the whole morph, and every frame is the frame drawn alone.
    @Test func theBitmapIsDrawnOnceWhileOnlyTheGroupsPlacementChanges() throws {
        let renderer = SceneRenderer(fonts: .shared)
        let run = FrameCompositor(renderer: renderer)
        var drawnRasters = 0
        for i in 0..<8 {
            let inRun = try run.render(Self.scene(i), scale: 3)
            drawnRasters += run.statistics.drawnRasters
            let alone = try FrameCompositor(renderer: renderer).render(Self.scene(i), scale: 3)
            let uncached = try renderer.render(Self.scene(i), scale: 3)
            #expect(inRun == alone && alone == uncached, "frame \(i)")
        }
        #expect(drawnRasters == 1)
        // New children are a new bitmap.
        var changed = Self.content
        changed[1] = .fill(.circle(center: Point(90, 50), radius: 30), .solid(Color(hex: 0x3CF2A5, alpha: 0.6)))
        _ = try run.render(Self.scene(5, children: changed), scale: 3)
        #expect(run.statistics.drawnRasters == 1)
    }

    /// Blurs of σ 2.4–16.8 px (½ and ¼ grids): the layer is the bitmap's mip resampled on the
    /// blur's grid, so the content is still drawn once (and each mip made once), every frame is the
    /// frame drawn alone, and the picture is within the rasterized bound of the reference.
    @Test func aBlurredBitmapIsSampledFromItsMipOnTheBlursGrid() throws {
        let renderer = SceneRenderer(fonts: .shared)
        let run = FrameCompositor(renderer: renderer)
        var drawnRasters = 0
        var factors: Set<Int> = []
        for i in 1..<8 {
            let scene = Self.scene(i, blur: 0.8)
            if case .group(let g) = scene.root[0] { factors.insert(g.blurReduction(pixelsPerPoint: 3) ?? 1) }
            let inRun = try run.render(scene, scale: 3)
            drawnRasters += run.statistics.drawnRasters
            let alone = try FrameCompositor(renderer: renderer).render(scene, scale: 3)
            let uncached = try renderer.render(scene, scale: 3)
            #expect(inRun == alone && alone == uncached, "frame \(i)")
            let d = ReferenceDifference(uncached, try ReferenceRenderer(fonts: .shared).render(scene, scale: 3))
            #expect(d.isWithinRasterizedBound, "frame \(i): \(d)")
        }
        #expect(factors == [2, 4])
        #expect(drawnRasters == 1)
    }

    /// A bitmap's mip is the rounded mean of each f × f block, blocks past the edge counting their
    /// missing pixels as transparent: against that, pixel by pixel, for odd sizes.
    @Test(arguments: [2, 4])
    func aMipIsTheBlockMeanOfTheBitmap(_ f: Int) {
        var rng = SplitMix64(seed: UInt64(f))
        let w = 37, h = 23
        let words = (0..<(w * h)).map { _ -> UInt32 in
            let a = UInt32.random(in: 0...255, using: &rng)
            return (0..<3).reduce(a << 24) { $0 | UInt32.random(in: 0...a, using: &rng) << (8 * UInt32($1)) }
        }
        let bitmap = RasterBitmap(children: [], k: 3, x0: 0, y0: 0, surface: Canvas(width: w, height: h, premultipliedWords: words))
        let mip = bitmap.mip(by: f)
        #expect(mip.width == (w + f - 1) / f && mip.height == (h + f - 1) / f)
        for j in 0..<mip.height {
            for i in 0..<mip.width {
                for c in 0..<4 {
                    var sum = 0
                    for y in (f * j)..<min(h, f * j + f) {
                        for x in (f * i)..<min(w, f * i + f) { sum += Int(words[y * w + x] >> (8 * UInt32(c)) & 0xFF) }
                    }
                    let expected = (sum + f * f / 2) / (f * f)
                    #expect(Int(mip.words[j * mip.width + i] >> (8 * UInt32(c)) & 0xFF) == expected, "(\(i), \(j)) channel \(c)")
                }
            }
        }
    }

    /// Against the reference renderer (the content drawn at its transform): within the scene-level
    /// bound, and not a copy of it (the resample is what is measured).
    @Test(arguments: [1, 4, 7])
    func theResampledGroupIsTheDrawnGroupWithinTheBound(_ i: Int) throws {
        let fast = try SceneRenderer(fonts: .shared).render(Self.scene(i), scale: 3)
        let slow = try ReferenceRenderer(fonts: .shared).render(Self.scene(i), scale: 3)
        let d = ReferenceDifference(fast, slow)
        #expect(d.isWithinRasterizedBound, "\(d)")
        #expect(d.differingValues > 0)
    }

    /// Where the bitmap would be shrunk by more than half, or the group is rotated, the content is
    /// drawn at its transform: no bitmap is drawn or kept.
    @Test func aLargeReductionOrARotationDrawsTheContentDirectly() throws {
        let renderer = SceneRenderer(fonts: .shared)
        for t in [AffineTransform.scale(0.4, 0.4), .rotation(0.2)] {
            let run = FrameCompositor(renderer: renderer)
            let scene = Scene(size: Size(220, 200), background: .black,
                              root: [.group(Group(Self.content, transform: t, rasterization: Rasterization()))])
            _ = try run.render(scene, scale: 2)
            #expect(run.statistics.drawnRasters == 0)
        }
    }
}

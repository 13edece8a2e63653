// The scene-level differential test: every built-in clip, several frames each, the fast renderer
// against the reference renderer (ReferenceRenderer: exact Gaussian, no caches, scalar kernels),
// held to ReferenceDifference's bound (per frame: mean |Δ| ≤ 0.5 level, 99.9 % of channel values
// within 8 levels). Whole frames at 0.5x, plus regions at full 3x where the reduced-resolution
// blurs (½ and ¼) run: the titles bar's edge, reveal blurs, the celebration glow.
// Issue 28 moved blurs of 2 < σ < 10 px to ½ resolution and allows frames that use them the
// looser ReferenceDifference.isWithinReducedResolutionBound (mean ≤ 1 level, 99.9 % within 12
// levels), for frames named in `framesHeldToTheReducedResolutionBound`. None needs it: measured
// with the release CLI (render --format raw, fast against --reference), every frame of all 24
// built-in clips at 0.5x holds the first bound, and so does every frame of reveal and
// reveal-chevron at 3x. Since the ¼ grid starts at 12 px and every blurred layer on a reduced
// plane is drawn on its grid (ReducedLayer.swift; 3fe2684): at 0.5x largest mean 0.103 (reveal
// frame 34), largest share over 8 levels 0.024 % (flowing); at 3x largest mean 0.081
// (reveal-chevron frame 36), largest share over 8 levels 0.0012 %. (Before: 0.5x largest mean
// 0.129; at 3x, the 59 frames with a σ 2–10 px layer blur, 0.077.) The list is empty; a frame put
// there must say why.
// Since reveal's page and actions are rasterized groups (issue 42) their frames are held to the
// rasterized bound instead (ReferenceDifference.rasterizedMaxMeanDelta). Measured with the release
// CLI at 3x after their blurred frames moved to the bitmap's mip (every frame of reveal, frames
// 0–179 of reveal-chevron): largest mean 0.166 and 0.49 % over 8 levels (reveal frame 56, the page
// unblurred, resampled at full resolution; reveal-chevron 0.163, 0.50 %, frame 59); over the
// frames with a layer blur of σ > 2 px, largest mean 0.097 and 0.013 % over 8 (reveal frame 46).
// On failure: the clip, frame, mean and share over 8 are printed and both images are written to
// .build/reference-artifacts (or HOLOFRAME_ARTIFACTS).

import Foundation
import HoloPixels
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

struct DifferentialCase: Sendable, CustomStringConvertible {
    var clip: String
    var frames: [Int]
    var scale: Double
    /// Device pixels to compare (nil: the whole frame).
    var region: ReferenceRegion?
    /// Held to `ReferenceDifference.isWithinRasterizedBound` (text of a rasterized group, drawn
    /// from its bitmap) instead of the scene-level bound.
    var rasterized = false
    var description: String {
        "\(clip) @\(scale)x" + (region.map { " \($0)" } ?? "") + " frames \(frames.map(String.init).joined(separator: ","))"
    }
}

@Suite struct ReferenceDifferentialTests {
    static let fast = RenderPipeline(fonts: FontLibrary.shared)
    static let reference = ReferenceRenderer(fonts: FontLibrary.shared)

    static let artifacts = (ProcessInfo.processInfo.environment["HOLOFRAME_ARTIFACTS"] ?? ".build") + "/reference-artifacts"

    /// Frames where something is in motion (a morph, a glow, a blur, a refresh), two for each
    /// design; a variant of a design gets its middle frame. Kept few: the reference is slow in a
    /// debug build (about 1 to 3 s a frame at 0.5x), and `swift test` must stay quick.
    static let framesOfDesign: [String: [Int]] = [
        "demo": [0, 80], "titles": [24, 114], "flowing": [84, 164], "hero": [60, 120],
        "celebration": [64, 128], "parallax": [90, 180], "gradients": [60, 120],
        "waveform": [40, 100], "reveal": [36, 90],
    ]

    /// Every built-in clip at 0.5x.
    static let wholeFrames: [DifferentialCase] = ClipCatalog.all.map { builtIn in
        let n = (try? ClipResolver.resolve(builtIn.name))?.frameCount ?? 1
        return DifferentialCase(clip: builtIn.name, frames: framesOfDesign[builtIn.name] ?? [n / 2], scale: 0.5, region: nil)
    }

    @Test(arguments: wholeFrames)
    func fastFramesStayWithinTheBoundOfTheReference(_ c: DifferentialCase) throws {
        try check(c)
    }

    /// Regions at full 3x scale (device pixels), where the reduced-resolution blurs run (each
    /// region was looked at: it holds blurred content, not a flat colour):
    ///  - titles frame 114: the holographic title (shader, tilt, shadow) on the ultraThin bar over
    ///    a card (σ 22.5 pt = 67.5 px: ¼ resolution);
    ///  - reveal frame 36: the blurred card's edge and title, mid-morph (σ ≈ 5.5 pt = 16 px: ¼
    ///    resolution since `quarterResolutionMinSigma`, taps on the coarse plane; the secondary
    ///    section under it σ ≈ 3.6 pt = 11 px: ½);
    ///  - celebration frame 128: the gold glow at the goal card's left edge (σ 20 pt = 60 px: ¼).
    ///  - reveal frame 29: the card's title at σ 2.3 pt = 6.9 px (½ resolution, taps on the coarse
    ///    plane since issue 28; it was three boxes at full resolution);
    ///  - reveal frame 46: the secondary section's last row ("Details") at σ 0.8 pt = 2.4 px, the
    ///    smallest σ at ½ resolution in the clip, where that path is least exact (drawn on the grid:
    ///    mean 0.44, largest 5; with the old full-resolution boxes the worst 96×64 region of this
    ///    frame was 1.07, largest 8).
    ///  - reveal frames 27, 29, 40 and 42: the card's title at σ 4.1 px and 6.9 px, "Go to Artist"
    ///    at 6.5 px and 4.7 px, on the ½ grid.
    /// Reveal's page and actions are rasterized groups: on every frame of the morph their layer is
    /// their bitmap resampled (its mip on a blur's grid, ReducedLayer.swift), so text there differs
    /// from text drawn at its transform by the bitmap's hinting and the resample's tent. Two regions
    /// are text edges under the smallest blurs, where that shows most, and are held to the
    /// rasterized bound (mean ≤ 1, 97 % within 8): measured 0.87 (frame 27, the title at σ 4.1 px)
    /// and 1.00 (frame 46, "Details" at 2.4 px), largest 5 and 8; they were 0.31 and 0.41 when the
    /// blurred content was drawn on the grid every frame. (The same page unblurred, frame 56, was
    /// already 0.95 in the title's region, largest 48.) The other regions hold the first bound.
    static let regions: [DifferentialCase] = [
        DifferentialCase(clip: "reveal", frames: [42], scale: 3, region: ReferenceRegion(x: 200, y: 2300, width: 96, height: 64)),
        DifferentialCase(clip: "reveal", frames: [27], scale: 3, region: ReferenceRegion(x: 64, y: 1620, width: 96, height: 64), rasterized: true),
        DifferentialCase(clip: "reveal", frames: [29], scale: 3, region: ReferenceRegion(x: 64, y: 1600, width: 96, height: 96)),
        DifferentialCase(clip: "reveal", frames: [40], scale: 3, region: ReferenceRegion(x: 200, y: 2260, width: 96, height: 120)),
        DifferentialCase(clip: "titles", frames: [114], scale: 3, region: ReferenceRegion(x: 100, y: 120, width: 64, height: 64)),
        DifferentialCase(clip: "reveal", frames: [36], scale: 3, region: ReferenceRegion(x: 0, y: 1110, width: 96, height: 64)),
        DifferentialCase(clip: "reveal", frames: [29], scale: 3, region: ReferenceRegion(x: 64, y: 700, width: 96, height: 64)),
        DifferentialCase(clip: "reveal", frames: [46], scale: 3, region: ReferenceRegion(x: 256, y: 2268, width: 96, height: 64), rasterized: true),
        DifferentialCase(clip: "celebration", frames: [128], scale: 3, region: ReferenceRegion(x: 0, y: 440, width: 64, height: 64)),
    ]

    @Test(arguments: regions)
    func fastRegionsAtFullScaleStayWithinTheBoundOfTheReference(_ c: DifferentialCase) throws {
        try check(c)
    }

    /// Every frame of `reveal` and `reveal-chevron` whose scene moved, at 0.25x, where the page and
    /// the actions are rasterized groups (their bitmaps resampled while the mapping scales, moves,
    /// fades and blurs them; Composite/RasterizedLayer.swift) on every frame with a blur under 2 px
    /// (σ = 2.5·p px here): held to the rasterized bound against the content drawn at its transform.
    @Test(arguments: ["reveal", "reveal-chevron"])
    func everyMovingRevealFrameStaysWithinTheRasterizedBound(_ name: String) throws {
        let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(scale: 0.25))
        let source = clip.frames()
        var previous: Scene?
        var worst = 0.0, checked = 0
        for index in 0..<clip.frameCount {
            let record = source.frame(index)
            defer { previous = record.scene }
            if record.scene == previous { continue }
            let fast = try Self.fast.rasterize(record, scale: clip.scale)
            let slow = try Self.reference.render(record.scene, scale: clip.scale)
            let d = ReferenceDifference(fast, slow)
            worst = max(worst, d.meanDelta)
            checked += 1
            #expect(d.isWithinRasterizedBound, "\(name) frame \(index) @0.25x: \(d)")
        }
        print("rasterized \(name) @0.25x: \(checked) frames, largest mean |Δ| \(worst)")
        #expect(checked > 40)
    }

    /// Frames held to the reduced-resolution bound instead of the first (clip → frames), each with
    /// its reason. Empty: no frame needs it (see the header).
    static let framesHeldToTheReducedResolutionBound: [String: Set<Int>] = [:]

    func check(_ c: DifferentialCase) throws {
        // HOLOFRAME_DIFFERENTIAL_CLIPS=a,b runs only those clips (for looking into one).
        if let only = ProcessInfo.processInfo.environment["HOLOFRAME_DIFFERENTIAL_CLIPS"],
           !only.split(separator: ",").contains(Substring(c.clip)) { return }
        let clip = try ClipResolver.resolve(c.clip, overrides: ClipOverrides(scale: c.scale))
        let source = clip.frames()
        for index in c.frames.sorted() {
            let record = source.frame(index)
            let start = Date()
            var fast = try Self.fast.rasterize(record, scale: clip.scale)
            let fastTime = Date().timeIntervalSince(start)
            let slow: Canvas
            if let r = c.region {
                fast = fast.region(x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height)
                slow = try Self.reference.render(record.scene, scale: clip.scale, region: r)
            } else {
                slow = try Self.reference.render(record.scene, scale: clip.scale)
            }
            let refTime = Date().timeIntervalSince(start) - fastTime
            let d = ReferenceDifference(fast, slow)
            let relaxed = Self.framesHeldToTheReducedResolutionBound[c.clip]?.contains(index) ?? false
            let within = relaxed ? d.isWithinReducedResolutionBound : c.rasterized ? d.isWithinRasterizedBound : d.isWithinBound
            print("differential \(c.clip) frame \(index) @\(c.scale)x\(c.region.map { " \($0)" } ?? ""): \(d) "
                  + String(format: "[fast %.2f s, reference %.2f s]", fastTime, refTime))
            // HOLOFRAME_DIFFERENTIAL_WRITE=1 writes every pair (to look at the regions compared).
            if !within || ProcessInfo.processInfo.environment["HOLOFRAME_DIFFERENTIAL_WRITE"] == "1" {
                let stem = "\(Self.artifacts)/\(c.clip)-\(String(format: "%05d", index))@\(c.scale)x"
                    + (c.region.map { "-\($0.x)x\($0.y)" } ?? "")
                try? FileManager.default.createDirectory(atPath: Self.artifacts, withIntermediateDirectories: true)
                try? PNG.write(fast, to: stem + "-fast.png")
                try? PNG.write(slow, to: stem + "-reference.png")
                if !within { Issue.record("\(c.clip) frame \(index) @\(c.scale)x\(c.region.map { " \($0)" } ?? ""): fast renderer outside the reference bound: \(d); images: \(stem)-fast.png, \(stem)-reference.png") }
            }
        }
    }

    /// The reference renders a region alone by working out what the region needs (the plan in
    /// ReferenceRenderer.swift); that plan must not change a byte: each region equals the same
    /// pixels of the whole reference frame. Titles: two materials, the tilted title with its
    /// shadow; reveal: blurred, clipped, faded layers. Regions at edges and across the bar.
    @Test(arguments: [("titles", 114), ("reveal", 36)])
    func aRegionRenderedAloneEqualsTheSamePixelsOfTheWholeFrame(_ clipName: String, _ index: Int) throws {
        let clip = try ClipResolver.resolve(clipName, overrides: ClipOverrides(scale: 0.5))
        let scene = clip.frames().frame(index).scene
        let whole = try Self.reference.render(scene, scale: 0.5)
        let regions = [ReferenceRegion(x: 0, y: 0, width: 40, height: 30), ReferenceRegion(x: 150, y: 30, width: 45, height: 40),
                       ReferenceRegion(x: 60, y: 180, width: 50, height: 50), ReferenceRegion(x: 100, y: 390, width: 95, height: 32)]
        for r in regions {
            let alone = try Self.reference.render(scene, scale: 0.5, region: r)
            let crop = whole.region(x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height)
            let same = alone.bytes == crop.bytes
            #expect(same, "\(clipName) frame \(index), region \(r): \(ReferenceDifference(alone, crop))")
        }
    }
}

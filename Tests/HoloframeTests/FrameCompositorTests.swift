// The frame compositor returns an earlier canvas only for an equal scene, and its frames are the
// bytes of fresh renders.

import Testing
import HoloClips
@testable import HoloRaster
import HoloScene
import HoloGeometry
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct FrameCompositorTests {
    @Test(arguments: ["demo", "waveform", "hero"])
    func everyFrameEqualsAFreshRenderAndStillFramesAreReused(name: String) throws {
        let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(scale: 0.125))
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let sequence = FrameCompositor(renderer: renderer)
        let source = clip.frames()
        var previous: Scene?
        var equalScenes = 0, reusedFrames = 0
        for k in stride(from: 0, to: clip.frameCount, by: 1) {
            let scene = source.scene(k).scene
            let still = scene == previous
            if still { equalScenes += 1 }
            previous = scene
            let reused = try sequence.render(scene, scale: clip.scale)
            if sequence.statistics.reusedCanvas { reusedFrames += 1 }
            if k % 10 == 0 || (still && k % 3 == 0) {
                #expect(reused.bytes == (try renderer.render(scene, scale: clip.scale)).bytes, "\(name) frame \(k)")
            }
        }
        // Still frames exist in these clips, and each of them was answered from the frame before.
        #expect(equalScenes > 10)
        #expect(reusedFrames == equalScenes)
    }

    @Test func aChangedSceneOrScaleIsDrawnAgain() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let sequence = FrameCompositor(renderer: renderer)
        let a = Scene(size: Size(width: 4, height: 4), background: .white, root: [.fill(.rect(Rect(x: 0, y: 0, width: 2, height: 2)), .solid(.black))])
        var b = a
        b.root = [.fill(.rect(Rect(x: 0, y: 0, width: 2, height: 3)), .solid(.black))]
        let first = try sequence.render(a, scale: 1)
        let changed = try sequence.render(b, scale: 1)
        #expect(first.bytes != changed.bytes)
        #expect(!sequence.statistics.reusedCanvas)
        let rescaled = try sequence.render(b, scale: 2)
        #expect(rescaled.width == 8)
        #expect(!sequence.statistics.reusedCanvas)
        _ = try sequence.render(b, scale: 2)
        #expect(sequence.statistics.reusedCanvas)
    }
}

/// Retained layers, damage bands and snapping (issue 28): a frame inside a run has the bytes it
/// has alone, for every built-in clip; the reuse really happens; the snap is UIKit's.
@Suite struct RetainedLayerTests {
    /// A window of consecutive frames of every built-in clip at ¼ scale, each compared byte for
    /// byte with the same frame drawn by a renderer that keeps nothing. (Every frame of every
    /// clip, through the CLI in release, is Tests/Scripts/check_runs.sh in .ci/run.)
    @Test(arguments: ClipCatalog.all.map(\.name))
    func framesInARunAreTheFramesDrawnAlone(name: String) throws {
        let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(scale: 0.25))
        let fresh = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: fresh)
        let source = clip.frames()
        // The busiest stretch is clip-specific; a window in the first third catches scrolls,
        // morphs and fades alike, and a second window after a cut catches a run's first frame.
        let start = clip.frameCount / 6, length = min(18, clip.frameCount - start)
        for k in start..<(start + length) {
            if k == start + length / 2 { compositor.reset() }
            let scene = source.scene(k).scene
            let inRun = try compositor.render(scene, scale: clip.scale)
            let alone = try fresh.render(scene, scale: clip.scale)
            #expect(inRun.words == alone.words, "\(name) frame \(k): a frame in a run differs from the frame alone")
        }
    }

    /// The same with damage bands drawn in strips of 7 rows (`Damage.strips`; 128 in a render):
    /// rows drawn alone are the rows of a whole frame, and a strip never cuts a material's reach.
    @Test(arguments: ClipCatalog.all.map(\.name))
    func framesDrawnInNarrowStripsAreTheFramesDrawnAlone(name: String) throws {
        let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(scale: 0.25))
        let fresh = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: fresh)
        compositor.stripRows = 7
        let source = clip.frames()
        let start = clip.frameCount / 3, length = min(6, clip.frameCount - start)
        for k in start..<(start + length) {
            let scene = source.scene(k).scene
            let inRun = try compositor.render(scene, scale: clip.scale)
            let alone = try fresh.render(scene, scale: clip.scale)
            #expect(inRun.words == alone.words, "\(name) frame \(k): drawn in strips of 7 rows, a frame differs from the frame alone")
        }
    }

    /// The reuse is real: scrolled cards come from retained surfaces, and a frame where only a
    /// card's gradient moves redraws its rows, not the screen.
    @Test func layersAreReusedAndDamageIsLocal() throws {
        let fresh = SceneRenderer(fonts: FontLibrary.shared)
        let demo = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.25))
        let compositor = FrameCompositor(renderer: fresh)
        let source = demo.frames()
        var reusedTiles = 0, drawnTiles = 0
        for k in 20..<40 {
            _ = try compositor.render(source.scene(k).scene, scale: demo.scale)
            reusedTiles += compositor.statistics.reusedTiles
            drawnTiles += compositor.statistics.drawnTiles
        }
        #expect(reusedTiles > drawnTiles)

        let celebration = try ClipResolver.resolve("celebration", overrides: ClipOverrides(scale: 0.25))
        let c = FrameCompositor(renderer: fresh)
        let cs = celebration.frames()
        var partial = 0
        for k in 0..<celebration.frameCount {
            _ = try c.render(cs.scene(k).scene, scale: celebration.scale)
            if c.statistics.redrawn > 0 && c.statistics.redrawn < 0.6 { partial += 1 }
        }
        #expect(partial > 10, "celebration: frames that redrew under 60 % of the rows")

        // Titles' Profile page does not scroll: its header glass has the same backdrop every frame
        // while the title above it shimmers, so the glass is written back, not blurred again.
        let profile = try ClipResolver.resolve("titles-profile", overrides: ClipOverrides(scale: 0.25))
        let p = FrameCompositor(renderer: fresh)
        let ps = profile.frames()
        var reusedMaterials = 0
        for k in 40..<52 {
            let scene = ps.scene(k).scene
            #expect(try p.render(scene, scale: profile.scale).words == fresh.render(scene, scale: profile.scale).words)
            reusedMaterials += p.statistics.reusedMaterials
        }
        #expect(reusedMaterials > 5)
    }

    /// UIKit's rounding: a scrolled group's offset lands on whole device pixels, halves away from
    /// zero; a group that is not scrolled keeps its fraction.
    @Test func scrolledOffsetsSnapToDevicePixels() throws {
        let parent = AffineTransform.scale(3, 3)
        func placed(_ y: Double, scrolls: Bool) -> Double {
            Group([], transform: .translation(0, y), retention: scrolls ? .scrolled() : nil).placement(under: parent).ty
        }
        #expect(placed(-187.5, scrolls: true) == -563)   // −562.5 px → −563 (−187.667 pt)
        #expect(placed(187.5, scrolls: true) == 563)
        #expect(placed(10.1, scrolls: true) == 30)
        #expect(abs(placed(10.1, scrolls: false) - 30.3) < 1e-9)
        // Two scroll positions within a pixel draw the same picture; the next pixel moves it.
        let r = SceneRenderer(fonts: FontLibrary.shared)
        func frame(_ y: Double) throws -> [UInt32] {
            let card = Node.group([.fill(.roundedRect(Rect(x: 2, y: 0, width: 20, height: 10), cornerRadius: 3, style: .continuous),
                                         .solid(.black))], transform: .translation(0, y), retention: .scrolled(id: "card"))
            return try r.render(Scene(size: Size(width: 24, height: 24), background: .white, root: [card]), scale: 3).words
        }
        #expect(try frame(5.05) == frame(5.1))
        #expect(try frame(5.05) != frame(5.2))
    }

    /// A cache too small for the surfaces changes nothing but speed.
    @Test func aTinyCacheGivesTheSameBytes() throws {
        let clip = try ClipResolver.resolve("titles", overrides: ClipOverrides(scale: 0.25))
        let big = FrameCompositor(renderer: SceneRenderer(fonts: FontLibrary.shared))
        let tiny = FrameCompositor(renderer: SceneRenderer(fonts: FontLibrary.shared), cacheBytes: 40_000)
        let source = clip.frames()
        for k in 30..<50 {
            let scene = source.scene(k).scene
            #expect(try big.render(scene, scale: clip.scale).words == tiny.render(scene, scale: clip.scale).words)
            #expect(tiny.layers.bytes <= 40_000)
        }
    }
}

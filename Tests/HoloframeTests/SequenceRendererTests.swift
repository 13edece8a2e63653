// The sequence renderer returns an earlier canvas only for an equal scene, and its frames are the
// bytes of fresh renders.

import Testing
import HoloClips
import HoloRaster
import HoloScene
import HoloGeometry
@testable import Holoframe

@Suite struct SequenceRendererTests {
    @Test(arguments: ["demo", "waveform", "hero"])
    func everyFrameEqualsAFreshRenderAndStillFramesAreReused(name: String) throws {
        let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(scale: 0.125))
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let sequence = SequenceRenderer(renderer: renderer)
        let source = clip.frames()
        var previous: Scene?
        var equalScenes = 0
        for k in stride(from: 0, to: clip.frameCount, by: 1) {
            let scene = source.scene(k, fps: clip.fps).scene
            let still = scene == previous
            if still { equalScenes += 1 }
            previous = scene
            let reused = try sequence.render(scene, scale: clip.scale)
            if k % 10 == 0 || (still && k % 3 == 0) {
                #expect(reused.bytes == (try renderer.render(scene, scale: clip.scale)).bytes, "\(name) frame \(k)")
            }
        }
        // Still frames exist in these clips, and each of them was answered from the frame before.
        #expect(equalScenes > 10)
        #expect(sequence.reusedFrames == equalScenes)
    }

    @Test func aChangedSceneOrScaleIsDrawnAgain() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let sequence = SequenceRenderer(renderer: renderer)
        let a = Scene(size: Size(width: 4, height: 4), background: .white, root: [.fill(.rect(Rect(x: 0, y: 0, width: 2, height: 2)), .solid(.black))])
        var b = a
        b.root = [.fill(.rect(Rect(x: 0, y: 0, width: 2, height: 3)), .solid(.black))]
        let first = try sequence.render(a, scale: 1)
        let changed = try sequence.render(b, scale: 1)
        #expect(first.bytes != changed.bytes)
        let rescaled = try sequence.render(b, scale: 2)
        #expect(rescaled.width == 8)
        _ = try sequence.render(b, scale: 2)
        #expect(sequence.reusedFrames == 1)
    }
}

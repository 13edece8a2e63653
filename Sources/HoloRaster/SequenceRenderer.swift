// Frames of one sequence, in order, with nothing drawn twice that did not change.
//
// A clip often holds still: a scroll view at rest, a settled spring, a pause between gestures
// (measured with `holoframe simulate`: 95 of demo's 241 frames, 70 of waveform's 301, 50 of hero's
// 181 have the same state as the frame before). The scene is a value built from state, so an
// unchanged frame has an equal scene, and the renderer is deterministic, so an equal scene has the
// same pixels: the earlier canvas is returned as it is (copy on write, so not even a copy). This
// is how a device behaves too: Core Animation commits nothing when no layer changed.
// Invalidation is by content (scene equality, a walk of the node tree that stops at the first
// difference), never by guesswork, so the bytes are those of a fresh render by construction.

import HoloScene

/// Renders the frames of one sequence in order, returning the previous frame's canvas when the
/// scene and scale are equal to it. One per sequence and thread: it holds the last frame.
public final class SequenceRenderer {
    public let renderer: SceneRenderer
    private var last: (scene: Scene, scale: Double, canvas: Canvas)?
    /// Frames answered with the previous canvas (for tests and benchmarks).
    public private(set) var reusedFrames = 0

    public init(renderer: SceneRenderer) { self.renderer = renderer }

    public func render(_ scene: Scene, scale: Double) throws -> Canvas {
        if let last, last.scale == scale, last.scene == scene {
            reusedFrames += 1
            return last.canvas
        }
        last = nil  // let the old canvas go before drawing the new one
        let canvas = try renderer.render(scene, scale: scale)
        last = (scene, scale, canvas)
        return canvas
    }
}

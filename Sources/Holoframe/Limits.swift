// Caps that keep a mistaken clip from taking the machine down: checked before anything is
// allocated. The defaults suit a 2-core, 24 GiB machine: a frame of 25 megapixels is 100 MB of
// RGBA and at most 2 × threads frames are in flight; 36,000 frames is ten minutes at 60 fps.

import HoloClips

/// Caps on frame size and frame count, checked before a render allocates.
public struct Limits: Sendable {
    public var maxPixelsPerFrame = 25_000_000
    public var maxFrames = 36_000
    public init() {}

    public func check(_ clip: Clip, frameCount: Int) throws {
        let pixels = clip.pixelWidth * clip.pixelHeight
        guard pixels <= maxPixelsPerFrame else {
            throw LimitError(description: "a frame of \(clip.pixelWidth)×\(clip.pixelHeight) pixels is \(pixels) pixels, over the cap of " +
                             "\(maxPixelsPerFrame); lower --scale or raise the cap with --max-pixels")
        }
        guard frameCount <= maxFrames else {
            throw LimitError(description: "\(frameCount) frames is over the cap of \(maxFrames); render a shorter range " +
                             "(--frames, --duration) or raise the cap with --max-frames")
        }
    }
}

/// A clip over a cap, with the option that raises it.
public struct LimitError: Error, CustomStringConvertible {
    public let description: String
}

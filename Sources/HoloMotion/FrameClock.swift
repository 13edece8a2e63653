// Frame k of a clip at f frames per second shows t = k / f, computed from the two integers in one
// division so every caller gets the same Double for the same frame.

@frozen
public struct FrameClock: Hashable, Sendable {
    public var fps: Int
    public init(fps: Int) { precondition(fps > 0); self.fps = fps }

    @inlinable public func time(ofFrame k: Int) -> Double { Double(k) / Double(fps) }

    /// Frames 0…⌊duration·fps⌋ (both ends shown), with a small tolerance so 4 s at 60 fps is 241 frames.
    @inlinable public func frameCount(duration: Double) -> Int {
        Int((duration * Double(fps) + 1e-9).rounded(.down)) + 1
    }
}

// Frame k of a clip at f frames per second shows t = k / f, computed from the rate's two integers
// in one division so every caller gets the same Double for the same frame.

@frozen
public struct FrameClock: Hashable, Sendable {
    public var rate: FrameRate
    public init(rate: FrameRate) { self.rate = rate }
    public init(fps: Int) { precondition(fps > 0); rate = FrameRate(fps) }

    public var fps: Double { rate.value }

    @inlinable public func time(ofFrame k: Int) -> Double {
        Double(k) * Double(rate.denominator) / Double(rate.numerator)
    }

    /// round(duration · fps) frames, 0 … n−1 (the end exclusive): 4 s at 60 fps is 240 frames.
    public func frameCount(duration: Double) -> Int { rate.frameCount(duration: duration) }
}

// TimelineClock: the holographic title's time, which advances in steps because SwiftUI's
// TimelineView redraws it at 30 fps whatever the display rate:
//
//   t30 = ⌊t·30⌋ / 30
//
// Clip frames come at t = k/f, and t·30 in Double can land a hair below the integer it stands
// for: 4.1·30 = 122.99999999999999 would floor to tick 122, and frame 196 at 24 fps gives
// 244.99999999999997. `tick(at:)` therefore adds a tolerance of 1e-9 tick before flooring, and
// `tick(frame:framesPerSecond:)` does the exact integer version ⌊k·30/f⌋ for renderers that know
// their frame index.
//
// It lives in HoloGeometry, the lowest layer, because two layers that may not import each other use
// it: HoloClips stamps the title's time into the scene (HolographicTitle), and the shader reads it.

@frozen
public struct TimelineClock: Sendable, Hashable {
    /// Redraws per second of the timeline (30 for the title).
    public var ticksPerSecond: Int

    @inlinable
    public init(ticksPerSecond: Int = 30) {
        precondition(ticksPerSecond > 0, "a timeline needs a positive tick rate")
        self.ticksPerSecond = ticksPerSecond
    }

    /// The title's clock: 30 redraws per second.
    public static let title = TimelineClock()

    /// ⌊t·rate⌋, with t in seconds (t < 0 counts as 0).
    @inlinable
    public func tick(at t: Double) -> Int {
        guard t > 0 else { return 0 }
        return Int((t * Double(ticksPerSecond) + 1e-9).rounded(.down))
    }

    /// ⌊k·rate/f⌋ exactly, for frame k of a clip at f frames per second.
    @inlinable
    public func tick(frame: Int, framesPerSecond: Int) -> Int {
        precondition(framesPerSecond > 0, "a clip needs a positive frame rate")
        guard frame > 0 else { return 0 }
        return frame * ticksPerSecond / framesPerSecond
    }

    /// The time the shader sees at clip time t: ⌊t·rate⌋ / rate.
    @inlinable
    public func time(at t: Double) -> Double {
        Double(tick(at: t)) / Double(ticksPerSecond)
    }

    /// The time the shader sees at frame k of a clip at f frames per second.
    @inlinable
    public func time(frame: Int, framesPerSecond: Int) -> Double {
        Double(tick(frame: frame, framesPerSecond: framesPerSecond)) / Double(ticksPerSecond)
    }
}

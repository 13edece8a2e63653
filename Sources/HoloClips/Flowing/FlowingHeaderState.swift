// The flowing header's state machine (docs/designs.md, Flowing header: "Snapping Behavior").
//
// Why a stepped state machine: Portal's header is driven by two SwiftUI callbacks, the scroll geometry
// (once per display frame while the offset changes) and the scroll phase (interacting / decelerating /
// idle). Both are fed here from the ScrollSimulation at `FlowingTokens.geometryUpdateRate` (60 Hz), at
// step instants n/60 that do not depend on the clip's frame rate; a frame at time t samples the springs
// at t exactly. So a clip at 24, 30, 60 or 120 fps shows one trajectory, sampled differently.
//
// Per geometry change (offset x, previous offset x₀, Δ = x − x₀):
//   direction ← sign(Δ) only when |Δ| > 0.1 pt;
//   while scrolling: if snapped and the direction still agrees with the snap (down for 1, up for 0),
//   hold; otherwise drop the snap and retarget the shown progress to clamp((x − start)/40, 0, 1) with
//   `.smooth(duration: 0.3)` (a spring retarget keeps position and velocity).
// Per phase change to idle (momentum ended, finger lifted still) with 0 < target < 1:
//   directional → 1 if the last direction is down else 0; nearest → 1 if target > 0.5 else 0; none → stay.
//   The snap animates with `.smooth(duration: 0.4)` and is remembered (no oscillation).
//
// Choices that differ from Portal's source, on purpose:
// - The snap only animates the header's progress; the content does not scroll (that is Portal's
//   behaviour, named here because a snapping header could also be imagined to scroll the content).
// - Whether a snapped header is held uses the thresholded direction, so a jitter move (≤ 0.1 pt) can
//   neither release a snap nor set the direction; Portal compares the raw sign of every move.
// - A programmatic scroll (phase `animating`) counts as scrolling, so a scroll-to-top in a user's
//   clip file moves the header back; Portal listens to interacting/decelerating only.

import HoloMotion

public enum FlowingScrollDirection: String, Hashable, Sendable, Encodable {
    /// No move over the threshold yet (a directional snap then goes to 0, as Portal's `isDown` false).
    case none, down, up
}

public struct FlowingHeaderState: Sendable {
    /// Where the transition starts (configuration's start offset) and how it snaps.
    public let start: Double
    public let snapping: FlowingSnapping
    /// Points per unit of progress of the property that moves most (FlowingPage.pointsPerProgress):
    /// the progress springs settle in points, so no position jumps more than 0.1 pt as they finish.
    public let pointsPerProgress: Double

    /// The offset of the last geometry change.
    public private(set) var offset: Double
    public private(set) var direction: FlowingScrollDirection = .none
    public private(set) var isScrolling = false
    /// The value the shown progress is heading for (Portal's `titleProgress` state).
    public private(set) var target: Double
    /// The shown progress: springs toward `target`.
    public private(set) var shown: AnimatedValue<Double>
    /// The value a snap settled the header on, while the snap holds.
    public private(set) var snappedValue: Double?
    /// Set when the latest retarget was a snap (reported while that spring runs).
    private var snapTarget: Double?
    /// The fade (opacity and scale) of an accessory that stays in the scroll content: max(0.6, 1 − 4·target)
    /// animated with `.smooth(duration: 0.4)` (Portal's `.animation(_:value:)` on that view).
    public private(set) var stayingAccessoryFade: AnimatedValue<Double>

    public init(start: Double, snapping: FlowingSnapping, initialOffset: Double = 0, pointsPerProgress: Double = 1) {
        self.start = start; self.snapping = snapping; self.pointsPerProgress = pointsPerProgress
        offset = initialOffset
        target = FlowingMath.progress(offset: initialOffset, start: start)
        shown = AnimatedValue(target)
        stayingAccessoryFade = AnimatedValue(FlowingMath.accessoryFade(progress: target))
    }

    public init(configuration: FlowingConfiguration, initialOffset: Double = 0, pointsPerProgress: Double = 1) {
        self.init(start: configuration.startOffset, snapping: configuration.snapping, initialOffset: initialOffset,
                  pointsPerProgress: pointsPerProgress)
    }

    /// The header of `page`, its springs settling in the page's points.
    public init(page: FlowingPage, initialOffset: Double = 0) {
        self.init(configuration: page.configuration, initialOffset: initialOffset, pointsPerProgress: page.pointsPerProgress)
    }

    /// The formula's progress at the latest offset (what the header would show with no snap and no lag).
    public var rawProgress: Double { FlowingMath.progress(offset: offset, start: start) }
    public var isSnapped: Bool { snappedValue != nil }

    /// The shown progress at `time` (spring-filtered).
    public func progress(at time: Double) -> Double { shown.value(at: time) }
    /// The snap's target while its spring is still moving, else nil.
    public func snapInFlight(at time: Double) -> Double? {
        guard let snapTarget, shown.isAnimating(at: time) else { return nil }
        return snapTarget
    }

    /// One display frame's callbacks: the phase, then the geometry, at `time` (non-decreasing).
    /// Starting to scroll takes effect before this frame's geometry, stopping after it (a drag's first
    /// move already counts as scrolling; momentum's last move still does).
    public mutating func update(offset newOffset: Double, phase: ScrollPhase, at time: Double) {
        let scrolling = phase != .idle
        if scrolling { isScrolling = true }
        if newOffset != offset { geometryChanged(to: newOffset, at: time) }
        if !scrolling && isScrolling {
            isScrolling = false
            scrollingStopped(at: time)
        }
    }

    mutating func geometryChanged(to newOffset: Double, at time: Double) {
        let delta = newOffset - offset
        if abs(delta) > FlowingTokens.scrollDirectionThreshold { direction = delta > 0 ? .down : .up }
        offset = newOffset
        guard isScrolling else { return }
        if let held = snappedValue {
            let agrees = (held == 1 && direction == .down) || (held == 0 && direction == .up)
            let reversed = !agrees && abs(delta) > FlowingTokens.scrollDirectionThreshold
            guard reversed else { return }       // same way (or jitter): the snap holds
            snappedValue = nil
        }
        retarget(rawProgress, animation: .spring(Spring.smooth(duration: FlowingTokens.scrollAnimationDuration).settling(in: pointsPerProgress)),
                 at: time)
    }

    mutating func scrollingStopped(at time: Double) {
        guard target > 0, target < 1 else { return }
        let goal: Double
        switch snapping {
        case .directional: goal = direction == .down ? 1 : 0
        case .nearest: goal = target > 0.5 ? 1 : 0
        case .none: return
        }
        retarget(goal, animation: .spring(Spring.smooth(duration: FlowingTokens.transitionDuration).settling(in: pointsPerProgress)), at: time)
        snapTarget = goal
        snappedValue = goal
    }

    /// SwiftUI's `withAnimation { titleProgress = value }`: nothing happens when the value is unchanged.
    mutating func retarget(_ value: Double, animation: Animation, at time: Double) {
        guard value != target else { return }
        target = value
        snapTarget = nil
        shown.set(value, animation: animation, at: time)
        let fade = FlowingMath.accessoryFade(progress: value)
        if fade != stayingAccessoryFade.target {
            // The fade scales the 64 pt box: its edges move 64 pt per unit of fade.
            stayingAccessoryFade.set(fade, animation: .spring(Spring.smooth(duration: FlowingTokens.transitionDuration)
                                                                .settling(in: FlowingTokens.accessorySize)), at: time)
        }
    }
}

// CollapsingHeader: the titles design's `handleScroll` state machine, rule for rule, plus the spring
// that shows its result (docs/designs.md, Titles).
//
// The design (its component `CollapsingIridescentHeader.handleScroll(oldOffset:newOffset:)`), with
// delta = new − old:
//   new ≤ 10            → show (if hidden); accumulatedScrollUp = 0; stop
//   delta < 0 (up)      → accumulatedScrollUp += |delta|; show when it reaches ≥ 50 (if hidden)
//   delta > 0 (down)    → accumulatedScrollUp = 0; hide when new > 20 (if visible)
// `setHeaderVisible` animates with spring(response 0.35, dampingFraction 0.85), or switches
// without animation under Reduce Motion.
//
// The design's view applies `.offset(y: visible ? 0 : −100).opacity(visible ? 1 : 0)` with that
// spring. Both are linear in one animated "hidden amount" h (0 shown, 1 hidden), so one spring on h
// gives both: offset = −100·h, opacity = clamp(1 − h, 0, 1) (SwiftUI clamps opacity; the 0.63 %
// overshoot of the spring shows only in the offset). The design's Phase 3 sketch offsets the inset
// by −headerHeight (−78) instead; the component is the code the design ends with and its −100 is
// taken (with opacity reaching 0 the two only differ in how far the fading bar travels).
//
// Short content: the design's Phase 4 ("detect via content size comparison") — a page whose content
// does not scroll never runs the rules, so its header never hides.

import HoloMotion

public struct CollapsingHeader: Sendable, Equatable {
    /// Design: `scrollUpThreshold = 50`.
    public static let scrollUpThreshold = 50.0
    /// Design: `hideThreshold = 20`.
    public static let hideThreshold = 20.0
    /// Design: `if newOffset <= 10` — the top zone where the header always shows.
    public static let topZone = 10.0
    /// The design's component: `.offset(y: isHeaderVisible ? 0 : -100)`.
    public static let hiddenOffset = -100.0
    /// Design: `.spring(response: 0.35, dampingFraction: 0.85)`. h drives the −100 pt offset, so the
    /// spring settles in those points (SwiftUI springs the offset in points): a unit-free finish
    /// left up to 1% of h, a 1 pt jump of the bar.
    public static let animation = Animation.spring(Spring(response: 0.35, dampingFraction: 0.85).settling(in: -hiddenOffset))

    public private(set) var isVisible = true
    public private(set) var accumulatedScrollUp = 0.0
    /// The offset the last scroll change reported (the next change's `oldOffset`).
    public private(set) var lastScrollOffset = 0.0
    /// h: 0 shown … 1 hidden, animated.
    public private(set) var hiddenAmount = AnimatedValue<Double>(0)
    public let reduceMotion: Bool
    public let contentScrolls: Bool

    public init(reduceMotion: Bool, contentScrolls: Bool = true) {
        self.reduceMotion = reduceMotion; self.contentScrolls = contentScrolls
    }

    /// onScrollGeometryChange's action: called when the offset changed (SwiftUI calls it only then).
    public mutating func scrollChanged(to newOffset: Double, at time: Double) {
        guard contentScrolls, newOffset != lastScrollOffset else { return }
        handleScroll(oldOffset: lastScrollOffset, newOffset: newOffset, at: time)
        lastScrollOffset = newOffset
    }

    /// The design's rules verbatim (see the file header).
    public mutating func handleScroll(oldOffset: Double, newOffset: Double, at time: Double) {
        let delta = newOffset - oldOffset
        if newOffset <= Self.topZone {
            if !isVisible { setVisible(true, at: time) }
            accumulatedScrollUp = 0
            return
        }
        if delta < 0 {
            accumulatedScrollUp += abs(delta)
            if accumulatedScrollUp >= Self.scrollUpThreshold && !isVisible { setVisible(true, at: time) }
        } else if delta > 0 {
            accumulatedScrollUp = 0
            if newOffset > Self.hideThreshold && isVisible { setVisible(false, at: time) }
        }
    }

    mutating func setVisible(_ visible: Bool, at time: Double) {
        isVisible = visible
        hiddenAmount.set(visible ? 0 : 1, animation: reduceMotion ? nil : Self.animation, at: time)
    }

    /// h at `time` (0 shown, 1 hidden; may overshoot slightly while the spring settles).
    public func hidden(at time: Double) -> Double { hiddenAmount.value(at: time) }
    /// −100·h points.
    public func offset(at time: Double) -> Double { Self.hiddenOffset * hidden(at: time) + 0 }   // + 0: no "-0" in JSON
    /// clamp(1 − h, 0, 1).
    public func opacity(at time: Double) -> Double { min(max(1 - hidden(at: time), 0), 1) }
}

// The chevron's tap: `withAnimation(.smooth) { proxy.scrollTo(target, anchor: .top) }`
// (docs/designs.md, Reveal), target = secondary when p < 0.5, else primary.
//
// Why an overlay on the scroll simulation: the ScrollScript's `scrollTo` animates with the scroll
// view's own programmatic curve (ease-in-out 0.3 s), but the design asks for SwiftUI's `.smooth`
// spring (0.5 s, no bounce). So each chevron tap becomes two scroll events and one spring:
//   • at the tap, scrollTo(current offset, animated: false) — the scroll view stops where it is
//     (any momentum or paging spring ends, as a programmatic scroll ends them);
//   • a `.smooth` spring (AnimatedValue) carries the shown offset from there to the target;
//   • when the spring settles — or a finger touches the scroll view first — scrollTo(spring value,
//     animated: false) hands the offset back to the scroll view, which continues from there.
// A second tap during a snap retargets the same spring (position and velocity kept, as SwiftUI).
// Every inserted event depends only on inputs up to its own time, so state stays causal.
// A chevron tap while a finger is on the scroll view is ignored (the finger owns the scroll).

import HoloMotion

public struct RevealScroll: Sendable {
    public struct Snap: Equatable, Sendable {
        public var start: Double
        public var end: Double
        public var target: Double
        var value: AnimatedValue<Double>
    }

    public let scroll: ScrollSimulation
    public let snaps: [Snap]
    /// Chevron taps that were ignored (a finger was down).
    public let ignoredTaps: [Double]

    public static let chevronTarget = "chevron"
    static let stepsPerSecond = Double(ScrollSimulation.stepsPerSecond)
    /// Longest a snap may run before it is handed back (a `.smooth` spring settles in well under this).
    static let maxSnapDuration = 5.0

    public init(configuration: ScrollConfiguration, script: ScrollScript, chevronTaps: [Double], secondaryHeight: Double) throws {
        let user = script.events
        var inserted: [ScrollEvent] = []
        var snaps: [Snap] = []
        var ignored: [Double] = []
        let downs = script.touches.map(\.downTime)
        func build() throws -> ScrollSimulation {
            ScrollSimulation(configuration, script: try RevealScroll.merge(user: user, inserted: inserted))
        }
        for tap in chevronTaps {
            if script.touches.contains(where: { $0.downTime <= tap && ($0.upTime ?? .infinity) > tap }) {
                ignored.append(tap); continue
            }
            var spring: AnimatedValue<Double>
            var current: Double
            if var last = snaps.last, last.end > tap {
                // Retarget the running snap: drop its hand-back event, keep its spring.
                inserted.removeLast()
                spring = last.value
                current = spring.value(at: tap)
                last.end = tap
                snaps[snaps.count - 1] = last
            } else {
                current = try build().state(at: tap).offset
                spring = AnimatedValue(current)
                inserted.append(.scrollTo(time: tap, offset: current, animated: false))
            }
            let p = RevealMapping.progress(offset: current, secondaryHeight: secondaryHeight)
            // scrollTo(.secondary, anchor: .top) asks for offset H, clamped to the content: S.
            let target = p < RevealTokens.chevronTargetSplit ? min(configuration.viewportHeight, configuration.maxOffset) : 0
            spring.set(target, animation: RevealTokens.snapAnimation, at: tap)
            // Hand back at the first step instant the spring has settled, or at the next touch.
            let nextTouch = downs.first { $0 > tap } ?? .infinity
            var end = (tap * Self.stepsPerSecond).rounded(.up) / Self.stepsPerSecond
            while end < tap + Self.maxSnapDuration && end < nextTouch && spring.isAnimating(at: end) {
                end += 1 / Self.stepsPerSecond
            }
            end = min(end, nextTouch)
            inserted.append(.scrollTo(time: end, offset: spring.value(at: end), animated: false))
            snaps.append(Snap(start: tap, end: end, target: target, value: spring))
        }
        self.scroll = ScrollSimulation(configuration, script: try RevealScroll.merge(user: user, inserted: inserted))
        self.snaps = snaps
        self.ignoredTaps = ignored
    }

    /// User events and inserted ones in time order; at equal times the inserted event goes first
    /// (a hand-back must land before the touch that interrupts the snap).
    static func merge(user: [ScrollEvent], inserted: [ScrollEvent]) throws -> ScrollScript {
        var out: [ScrollEvent] = []
        var i = 0
        for e in user {
            while i < inserted.count && inserted[i].time <= e.time { out.append(inserted[i]); i += 1 }
            out.append(e)
        }
        out.append(contentsOf: inserted[i...])
        return try ScrollScript(out)
    }

    /// The snap running at t, if any.
    public func snap(at t: Double) -> Snap? { snaps.last { $0.start <= t && t < $0.end } }

    /// The scroll the surface shows at t: the snap's spring while one runs (`snapping`; a
    /// programmatic animated scroll, phase `.animating`), else the scroll view's.
    public func state(at t: Double) -> (scroll: ScrollState, snapping: Bool) {
        if let s = snap(at: t) {
            return (ScrollState(time: t, offset: s.value.value(at: t), velocity: s.value.velocity(at: t), phase: .animating), true)
        }
        return (scroll.state(at: t), false)
    }
}

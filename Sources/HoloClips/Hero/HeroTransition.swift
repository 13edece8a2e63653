// Hero transition (docs/designs.md, Hero: "HeroTransitionLink"): a tapped goal card morphs into its
// detail view.
//
// Matched geometry as SwiftUI does it (docs/designs.md, Matched geometry): one shared frame,
// interpolated in window space origin and size component by component (`AnimatedValue<Rect>`) with
// the transaction's animation, spring(response 0.4, dampingFraction 0.8); source and destination
// are both laid out at the shared frame and crossfade through the default opacity transition,
// driven by the same animation (`AnimatedValue<Double>` link progress 0 → 1). "back" retargets both
// springs, which keeps their position and velocity (HoloMotion's spring retarget), so a back tap
// mid-flight reverses smoothly.
//
// Mode table of the design: Full → matched-geometry spring; Reduced → a simple scale, `.linear(0.25)`
// (the destination scales up from 0.9 about the detail's centre while fading in; the source stays in
// its slot); Minimal and Reduce Motion → a crossfade, linear 100 ms, no geometry.
//
// The HeroTransitionCoordinator "prevents multiple simultaneous transitions": a card tap while a
// hero is linked (open or still animating) is ignored; "back" while nothing is open is ignored.
//
// Each open → close cycle owns fresh animated values (a card's frame jumps to its slot only when a
// new cycle starts), so `value(at:)` stays a pure function of the taps before t.

import HoloGeometry
import HoloMotion

public struct HeroTransitionModel: Sendable {
    public enum Transition: String, Sendable, Encodable { case matchedGeometry, scale, crossfade }

    /// One open (and maybe close) of one card.
    struct Cycle: Sendable {
        var card: Int
        var openTime: Double
        var closeTime: Double?
        var frame: AnimatedValue<Rect>
        var progress: AnimatedValue<Double>
    }

    public let transition: Transition
    public let cardFrames: [Rect]
    public let detailFrame: Rect
    let cycles: [Cycle]

    public struct Sample: Sendable, Equatable {
        public var card: Int?
        /// The shared frame (Full), the scaled destination frame (Reduced), the detail frame (crossfade).
        public var heroFrame: Rect?
        /// 0 in the list, 1 in the detail (the animation's raw value: a spring may pass 1 slightly).
        public var linkProgress: Double
        public var sourceOpacity: Double
        public var destinationOpacity: Double
        /// Scale of the destination about the detail's centre (Reduced mode), else 1.
        public var destinationScale: Double
        public var phase: Phase
    }

    /// Where the hero is: in the list, on its way to the detail, in the detail, on its way back.
    public enum Phase: String, Sendable, Hashable, Encodable { case list, opening, detail, closing }

    public init(mode: AnimationMode, cardFrames: [Rect], detailFrame: Rect, taps: [(time: Double, card: Int?)]) {
        self.cardFrames = cardFrames; self.detailFrame = detailFrame
        let animation: Animation
        switch mode {
        case .full: transition = .matchedGeometry; animation = .spring(FinanceTokens.heroSpring)
        case .reduced: transition = .scale; animation = .linear(duration: FinanceTokens.heroReducedDuration)
        case .minimal: transition = .crossfade; animation = .linear(duration: FinanceTokens.heroCrossfadeDuration)
        }
        var cycles: [Cycle] = []
        for tap in taps {
            if let card = tap.card {
                // Ignored while a hero is linked (open, or closing and still moving).
                if let last = cycles.last, last.closeTime == nil || last.progress.isAnimating(at: tap.time) { continue }
                let source = cardFrames[card]
                var frame = AnimatedValue(transition == .matchedGeometry ? source : detailFrame)
                frame.set(detailFrame, animation: transition == .matchedGeometry ? animation : nil, at: tap.time)
                var progress = AnimatedValue(0.0)
                progress.set(1, animation: Self.inRadiusPoints(animation), at: tap.time)
                cycles.append(Cycle(card: card, openTime: tap.time, closeTime: nil, frame: frame, progress: progress))
            } else {
                guard var last = cycles.last, last.closeTime == nil else { continue }
                last.closeTime = tap.time
                if transition == .matchedGeometry { last.frame.set(cardFrames[last.card], animation: animation, at: tap.time) }
                last.progress.set(0, animation: Self.inRadiusPoints(animation), at: tap.time)
                cycles[cycles.count - 1] = last
            }
        }
        self.cycles = cycles
    }

    /// The link progress also eases the corner radius (16 pt → 0): its spring settles in those
    /// points (SwiftUI springs the radius in points), not with 1% of the radius left.
    static func inRadiusPoints(_ animation: Animation) -> Animation {
        guard case .spring(let s, let delay) = animation else { return animation }
        return .spring(s.settling(in: FinanceViews.cardRadius), delay: delay)
    }

    /// The HeroTransitionCoordinator's `beginTransition` plays `HapticEngine.shared.light()`: one light
    /// haptic per accepted card tap (an ignored tap begins nothing), in every animation mode.
    public var hapticTimes: [Double] { cycles.map(\.openTime) }

    public func sample(at t: Double) -> Sample {
        guard let cycle = cycles.last(where: { $0.openTime <= t }) else {
            return Sample(card: nil, heroFrame: nil, linkProgress: 0, sourceOpacity: 1, destinationOpacity: 0,
                          destinationScale: 1, phase: .list)
        }
        let closing = cycle.closeTime.map { $0 <= t } ?? false
        let moving = cycle.progress.isAnimating(at: t) || (transition == .matchedGeometry && cycle.frame.isAnimating(at: t))
        if closing && !moving {
            return Sample(card: nil, heroFrame: nil, linkProgress: 0, sourceOpacity: 1, destinationOpacity: 0,
                          destinationScale: 1, phase: .list)
        }
        let p = cycle.progress.value(at: t)
        // Opacity transitions clamp: a spring passing 1 does not make a view more than opaque.
        let shown = clamp(p, 0, 1)
        var frame = cycle.frame.value(at: t)
        var scale = 1.0
        if transition == .scale {
            // s = 0.9 + 0.1·p about the detail's centre
            scale = mix(FinanceTokens.heroReducedStartScale, 1, shown)
            let w = detailFrame.width * scale, h = detailFrame.height * scale
            frame = Rect(x: detailFrame.midX - w / 2, y: detailFrame.midY - h / 2, width: w, height: h)
        }
        let phase: Phase = closing ? .closing : (moving ? .opening : .detail)
        return Sample(card: cycle.card, heroFrame: frame, linkProgress: p, sourceOpacity: 1 - shown,
                      destinationOpacity: shown, destinationScale: scale, phase: phase)
    }
}

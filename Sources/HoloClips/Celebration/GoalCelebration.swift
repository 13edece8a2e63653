// Celebration (docs/designs.md, Celebration: "CelebrationView"): a goal reaches 100% and its card
// celebrates.
//
// Timeline, seconds after the celebration starts (design: "Fade in (200ms) → Pulse (600ms) → Glow
// (800ms) → Fade out (400ms)", "2-second duration, auto-dismiss"):
//   fadeIn  [0, 0.2)   opacity 0 → 1, easeOut
//   pulse   [0.2, 0.8) scale 1 → 1.05 → 1 with celebrationPulse = spring(0.6, 0.7)
//   glow    [0.8, 1.6) gold glow 0 → 0.3 (0.5 in High Contrast), celebrationGlow = easeInOut(0.8), blur 20
//   fadeOut [1.6, 2.0) opacity 1 → 0, celebrationFade = easeOut(0.4)
//   done    ≥ 2.0
// The pulse spring is aimed at 1 + 0.05/(1 + o), o = e^(−ζπ/√(1−ζ²)) its overshoot, so that its first
// peak lands on the design's 1.05; at that peak (t_p = 0.2 + π/ω, ω = 2π√(1−ζ²)/r; velocity 0) it is
// retargeted to 1. The haptic pattern "success: triple light taps (light, light, medium)" "triggers at
// peak of pulse (200ms)": light at 0.2 s (the pulse starts), light halfway to the peak, medium at t_p.
//
// Modes (the design's table): Reduced "Quick pulse (800ms)" — fade in 0.2, pulse 0.4 with
// adaptiveCelebration's easeOut (0.2 up, 0.2 down), fade out 0.2, no glow, no haptics (the table lists
// haptics under Full only); Minimal and Reduce Motion "Fade only (400ms)" — linear(0.2) in, linear(0.2)
// out, no pulse, no glow, no haptics.
// Styles: refined (pulse + glow), minimal ("check mark only": no pulse, no glow; the timeline and
// haptics stay), joyful ("refined + subtle shimmer": a light band sweeps the card during the glow).

import Foundation
import HoloMotion

public enum CelebrationStyle: String, Sendable, CaseIterable, Encodable { case refined, minimal, joyful }

public enum HapticKind: String, Sendable, Hashable, Encodable { case light, medium }

public struct GoalCelebrationTimeline: Sendable {
    /// Where the celebration is; the timeline's phases in order, `idle` before it starts.
    public enum Phase: String, Sendable, Hashable, Encodable { case idle, fadeIn, pulse, glow, fadeOut, done }

    public struct Sample: Sendable, Equatable {
        public var phase: Phase
        /// Opacity of the celebration (badge, glow, shimmer).
        public var opacity: Double
        public var scale: Double
        /// The glow's own opacity (the overlay's `opacity` multiplies it when drawn).
        public var glowOpacity: Double
        /// 0…1 across the card during the glow (joyful only).
        public var shimmer: Double?
    }

    public struct Haptic: Sendable, Equatable {
        public var time: Double
        public var kind: HapticKind
    }

    public let mode: AnimationMode
    public let style: CelebrationStyle
    public let peakGlowOpacity: Double
    /// (phase name, start) in order; the last entry is "done".
    public private(set) var phases: [(name: Phase, start: Double)]
    public let haptics: [Haptic]
    /// When the pulse spring peaks (Full mode), seconds after the start.
    public let pulsePeak: Double?
    let scale: AnimatedValue<Double>
    let fadeIn: Animation
    let fadeOut: Animation

    public static let fadeInDuration = 0.2
    public static let pulseDuration = 0.6
    public static let glowDuration = 0.8
    public static let fadeOutDuration = 0.4
    public static let reducedPulseDuration = 0.4
    public static let minimalFadeDuration = 0.2

    public init(mode: AnimationMode, style: CelebrationStyle, highContrast: Bool) {
        self.mode = mode; self.style = style
        peakGlowOpacity = highContrast ? FinanceTokens.celebrationHighContrastGlowOpacity : FinanceTokens.celebrationGlowOpacity
        let pulses = style != .minimal
        var scale = AnimatedValue(1.0)
        switch mode {
        case .full:
            let f = Self.fadeInDuration, p = Self.pulseDuration, g = Self.glowDuration, o = Self.fadeOutDuration
            phases = [(.fadeIn, 0), (.pulse, f), (.glow, f + p), (.fadeOut, f + p + g), (.done, f + p + g + o)]
            fadeIn = .easeOut(duration: f); fadeOut = .easeOut(duration: o)
            let spring = FinanceTokens.celebrationPulseSpring
            let omega = 2 * Double.pi * (1 - spring.dampingFraction * spring.dampingFraction).squareRoot() / spring.response
            let peak = f + Double.pi / omega
            pulsePeak = peak
            if pulses {
                let rise = FinanceTokens.celebrationPulseScale - 1
                scale.set(1 + rise / (1 + spring.overshootFraction), animation: .spring(spring), at: f)
                scale.set(1, animation: .spring(spring), at: peak)
            }
            haptics = [Haptic(time: f, kind: .light), Haptic(time: (f + peak) / 2, kind: .light), Haptic(time: peak, kind: .medium)]
        case .reduced:
            let f = Self.fadeInDuration, p = Self.reducedPulseDuration
            phases = [(.fadeIn, 0), (.pulse, f), (.fadeOut, f + p), (.done, f + p + f)]
            fadeIn = .easeOut(duration: f); fadeOut = .easeOut(duration: f)
            pulsePeak = nil
            if pulses {
                scale.set(FinanceTokens.celebrationPulseScale, animation: .easeOut(duration: p / 2), at: f)
                scale.set(1, animation: .easeOut(duration: p / 2), at: f + p / 2)
            }
            haptics = []
        case .minimal:
            let d = Self.minimalFadeDuration
            phases = [(.fadeIn, 0), (.fadeOut, d), (.done, 2 * d)]
            fadeIn = .linear(duration: d); fadeOut = .linear(duration: d)
            pulsePeak = nil
            haptics = []
        }
        self.scale = scale
        // Sums like 0.2 + 0.4 = 0.6000000000000001 are snapped to the nanosecond, as elapsed times are.
        phases = phases.map { ($0.name, ($0.start * 1e9).rounded() / 1e9) }
    }

    public var duration: Double { phases.last!.start }

    func start(of phase: Phase) -> Double? { phases.first { $0.name == phase }?.start }

    /// The state `elapsed` seconds after the celebration started (nil: not started).
    public func sample(elapsed: Double?) -> Sample {
        guard let e = elapsed, e >= 0 else { return Sample(phase: .idle, opacity: 0, scale: 1, glowOpacity: 0, shimmer: nil) }
        let phase = phases.last { $0.start <= e }!.name
        var opacity = AnimatedValue(0.0)
        opacity.set(1, animation: fadeIn, at: 0)
        opacity.set(0, animation: fadeOut, at: start(of: .fadeOut)!)
        var glow = 0.0
        var shimmer: Double? = nil
        if let g = start(of: .glow), style != .minimal {
            var value = AnimatedValue(0.0)
            value.set(peakGlowOpacity, animation: .easeInOut(duration: Self.glowDuration), at: g)
            glow = value.value(at: e)
            if style == .joyful, e >= g, e < g + Self.glowDuration { shimmer = (e - g) / Self.glowDuration }
        }
        return Sample(phase: phase, opacity: phase == .done ? 0 : opacity.value(at: e), scale: scale.value(at: e),
                      glowOpacity: phase == .done ? 0 : glow, shimmer: shimmer)
    }

    /// Haptics that fire on frame `index` at `fps` when the celebration started at `start`: an event at
    /// time τ belongs to the first frame at or after it, k = ⌈τ·fps⌉ (within 1e-9 of a frame instant,
    /// that frame).
    public func haptics(onFrame index: Int, fps: Double, start: Double) -> [HapticKind] {
        haptics.filter { Int(((start + $0.time) * fps - 1e-9).rounded(.up)) == index }.map(\.kind)
    }
}

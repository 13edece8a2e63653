// Animated gradients (docs/designs.md, Gradients: "GradientAnimationView" /
// `.withGradientAnimation()`): soft gold → warm cream → soft gold at low opacity (accent 0.15,
// surface 0.05) behind cards, looping every 3 s
// (`Animation.linear(duration: 3.0).repeatForever(autoreverses: false)`); Reduced 5 s; Minimal and
// Reduce Motion static.
//
// Seamless loops: every gradient's geometry is a periodic function of its loop phase φ ∈ [0, 1):
//   linear   the axis turns once: θ = π/4 + 2πφ, start/end = c ∓ R·(cos θ, sin θ)
//   radial   the centre circles once: c + (0.3w·cos 2πφ, 0.3h·sin 2πφ)
//   angular  the start angle turns once: 2πφ … 2πφ + 2π (stops gold, cream, gold close the circle)
// so φ = 0 and φ = 1 draw the same picture. φ is computed from the time in whole microseconds,
// φ = (t_µs mod L_µs) / L_µs, so that t and t + L give the very same bits (frame instants k/60 are
// never half-way between microseconds, so rounding them cannot split two frames a loop apart).
// The three gradients are a third of a loop apart, so they do not move in lockstep.

import Foundation
import HoloMotion

public struct GradientLoop: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case linear, radial, angular }

    /// Seconds per loop; nil when static.
    public let loopDuration: Double?
    public let accentOpacity: Double

    public init(mode: AnimationMode, highContrast: Bool) {
        switch mode {
        case .full: loopDuration = FinanceTokens.gradientLoop
        case .reduced: loopDuration = FinanceTokens.gradientReducedLoop
        case .minimal: loopDuration = nil
        }
        accentOpacity = highContrast ? FinanceTokens.gradientHighContrastAccentOpacity : FinanceTokens.gradientAccentOpacity
    }

    /// Where each gradient starts its loop, as a fraction of the loop.
    public static func phaseOffset(_ kind: Kind) -> Double {
        switch kind { case .linear: 0; case .radial: 1.0 / 3; case .angular: 2.0 / 3 }
    }

    /// φ ∈ [0, 1) for `kind` at time t (the offset alone when static).
    public func phase(_ kind: Kind, at t: Double) -> Double {
        let offset = Self.phaseOffset(kind)
        guard let loop = loopDuration else { return offset }
        let period = Int64((loop * 1e6).rounded())
        let micros = Int64((t * 1e6).rounded())
        // φ = ((t_µs mod L_µs) + offset·L_µs) mod L_µs / L_µs, all in whole microseconds
        let shifted = (micros % period + Int64((offset * Double(period)).rounded())) % period
        return Double(shifted) / Double(period)
    }
}

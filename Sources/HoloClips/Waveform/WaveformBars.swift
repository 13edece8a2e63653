// The five bars as pure functions of pull progress and of time since the wave started
// (WaveformLoadingView in docs/designs.md, Waveform). No state: the refresh model supplies progress
// and wave start.

import HoloMotion

public enum WaveformBars {
    /// Opacity of bar i: it starts at 0.2·i of progress and is opaque 0.15 later.
    ///   opacity_i(p) = clamp((p − 0.2·i) / 0.15, 0, 1)
    @inlinable public static func opacity(bar i: Int, progress p: Double) -> Double {
        let threshold = WaveformTokens.barThresholdStep * Double(i)
        return min(max((p - threshold) / WaveformTokens.barFadeRange, 0), 1)
    }

    /// Height of bar i, `elapsed` seconds after the wave started (nil: the wave is not running).
    /// Bar i starts 0.1·i s after bar 0 and rests at 8 pt until then; each swing lasts 0.5 s,
    /// up on even swings and down on odd ones:
    ///   τ = elapsed − 0.1·i;  k = ⌊τ / 0.5⌋;  u = curve(τ/0.5 − k)
    ///   h = 8 + 22·u (k even),  30 − 22·u (k odd)
    public static func height(bar i: Int, waveElapsed elapsed: Double?) -> Double {
        guard let elapsed else { return WaveformTokens.barMinHeight }
        return swingHeight(elapsed - WaveformTokens.barStagger * Double(i))
    }

    /// Bar 0's height τ seconds into its own oscillation (8 pt before it starts).
    public static func swingHeight(_ tau: Double) -> Double {
        let lo = WaveformTokens.barMinHeight, hi = WaveformTokens.barMaxHeight
        guard tau > 0 else { return lo }
        let swings = tau / WaveformTokens.barSwingDuration
        let k = swings.rounded(.down)
        let u = WaveformTokens.barSwingCurve.value(at: swings - k)
        let rising = Int(k) % 2 == 0
        return rising ? lo + (hi - lo) * u : hi - (hi - lo) * u
    }
}

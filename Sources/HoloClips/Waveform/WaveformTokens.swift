// The waveform pull-to-refresh's numbers, each from its design (docs/designs.md, Waveform) unless
// marked (choice): the design leaves those open and we name the value we picked.
//
// Where the design's timing table ("Per-bar animation cycle 0.5s") and its bar component differ,
// the component wins:
// - "oscillates between 8pt and 30pt height at 0.5s intervals" with `.repeatForever(autoreverses: true)`:
//   each swing (8 → 30 or 30 → 8) takes 0.5 s, so a full up-and-down cycle is 1.0 s.

import HoloMotion

public enum WaveformTokens {
    /// Design: "Calculates progress as (-offsetY) / 80 (80pt = full pull)".
    public static let fullPullDistance = 80.0
    /// Design: "barCount: Number of bars (default: 5)".
    public static let barCount = 5
    /// Design: bar i appears at 0 %, 20 %, 40 %, 60 %, 80 % of progress.
    public static let barThresholdStep = 0.2
    /// Design: "Each bar fades in over a 15% progress range".
    public static let barFadeRange = 0.15
    /// Design: "Bars begin animating with a wave effect once pull progress reaches ~10%".
    public static let waveStartProgress = 0.1
    /// Design: "Each bar oscillates between 8pt and 30pt height".
    public static let barMinHeight = 8.0
    public static let barMaxHeight = 30.0
    /// Design: "at 0.5s intervals" (one swing; `.repeatForever(autoreverses: true)` swings back).
    public static let barSwingDuration = 0.5
    /// The swing's curve (choice: the design does not name it; SwiftUI's usual `.easeInOut`).
    public static let barSwingCurve = TimingCurve.easeInOut
    /// Design: "Staggered 0.1s delay between bars".
    public static let barStagger = 0.1
    /// Design: "try? await Task.sleep(nanoseconds: 1_300_000_000)" after the load: the minimum display.
    public static let minimumRefreshDuration = 1.3
    /// Design: "withAnimation(.easeOut(duration: 0.3)) { pullProgress = 0 }".
    public static let fadeOutDuration = 0.3
    public static let fadeOutCurve = TimingCurve.easeOut
    /// Design: "withAnimation(.easeOut(duration: 0.4)) { pullProgress = 1.0 }" (tab re-selection).
    public static let tabPullDownDuration = 0.4
    public static let tabPullDownCurve = TimingCurve.easeOut
    /// Design: "Added 50pt spacer when isRefreshing || pullProgress > 0" (Feed and Shares; Phlocks uses 40).
    public static let spacerHeight = 50.0

    // Bar drawing (choice: the design gives heights, not widths).
    public static let barWidth = 4.0
    public static let barGap = 5.0
}

// Numbers from the finance app's design ("Phase 5C: Advanced Polish", docs/designs.md, Finance
// app), named where they are used by all four finance clips (hero, celebration, parallax,
// gradients), and the one rule that maps the environment onto them.
//
// The design's `AnimationSettings.shared.effectiveMode` is full / reduced / minimal, and its Reduce
// Motion section detects Reduce Motion as "accessibilityReduceMotion — Or: effectiveMode == .minimal";
// its Reduce Motion adaptations (crossfade, fade only, parallax off, static gradient) are exactly its
// Minimal column. So the effective mode is `.minimal` when Reduce Motion is on, else the clip's
// animation mode.

import HoloDevices
import HoloMotion

public enum FinanceTokens {
    /// "AnimationEngine.heroTransition = Animation.spring(response: 0.4, dampingFraction: 0.8)".
    public static let heroSpring = Spring(response: 0.4, dampingFraction: 0.8)
    /// Mode table, Reduced: "Simple scale (250ms)"; adaptiveHeroTransition: `.linear(duration: 0.25)`.
    public static let heroReducedDuration = 0.25
    /// Mode table, Minimal: "Instant crossfade (100ms)"; Reduce Motion: "Crossfade instead of matched geometry".
    public static let heroCrossfadeDuration = 0.1
    /// The scale the Reduced hero's destination starts from. (approx.: the design says "simple scale" only.)
    public static let heroReducedStartScale = 0.9

    /// "Scale pulse (1.05x)".
    public static let celebrationPulseScale = 1.05
    /// "celebrationPulse = Animation.spring(response: 0.6, dampingFraction: 0.7)".
    public static let celebrationPulseSpring = Spring(response: 0.6, dampingFraction: 0.7)
    /// "Gold glow: Color.oldMoney.accent.opacity(0.3) with blur radius 20".
    public static let celebrationGlowOpacity = 0.3
    public static let celebrationGlowBlur = 20.0
    /// High Contrast: "Celebration glow opacity: 0.3 → 0.5".
    public static let celebrationHighContrastGlowOpacity = 0.5
    /// "Check mark: SF Symbol checkmark.circle.fill at 60pt".
    public static let celebrationCheckSize = 60.0

    /// ParallaxModifier: "speed: CGFloat = 0.7 // 0.7 = moves at 70% of scroll speed".
    public static let headerParallaxSpeed = 0.7
    /// ParallaxScrollView: "backgroundSpeed: CGFloat = 0.5 // Background moves at 50% speed".
    public static let backgroundParallaxSpeed = 0.5

    /// "gradientShift = Animation.linear(duration: 3.0).repeatForever(autoreverses: false)".
    public static let gradientLoop = 3.0
    /// Mode table, Reduced: "Slow animation (5000ms)".
    public static let gradientReducedLoop = 5.0
    /// "Low opacity (0.1-0.2) as subtle background layer"; the examples use accent 0.15 and surface 0.05.
    public static let gradientAccentOpacity = 0.15
    public static let gradientSurfaceOpacity = 0.05
    /// High Contrast: "Gradient saturation: Increased" — taken as a stronger accent, still in the
    /// design's 0.1–0.2 band. (approx.)
    public static let gradientHighContrastAccentOpacity = 0.2
    /// The design's "low opacity 0.1-0.2": no gradient's gold goes past this, however a card weights it.
    public static let gradientMaximumOpacity = 0.2

    /// The mode a finance clip's effect follows (see the file header).
    public static func effectiveMode(_ environment: ClipEnvironment) -> AnimationMode {
        environment.reduceMotion ? .minimal : environment.animationMode
    }
}

extension FinanceTokens {
    /// The insets the four finance screens lay out with: the device's, or for a custom screen (no
    /// insets of its own) the iPhone 12's, whose 47 pt top inset they were drawn under.
    public static func insets(_ device: Device) -> ScreenInsets { device.layoutInsets { _ in .iPhone12 } }
}

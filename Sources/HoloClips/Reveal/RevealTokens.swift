// The scroll-reveal surface's numbers. Its design (docs/designs.md, Reveal) fixes the structure —
// progress = offset / measured secondary height clamped to 0…1, paging, one morphing control, a
// chevron that snaps with `.smooth`, light haptic at the start and a stronger one at commit — but
// gives NO numeric mappings for offset, opacity, blur or scale. Every value below except
// `snapAnimation` is therefore a (choice), named here so it can be changed in one place.

import HoloMotion

public enum RevealTokens {
    /// Design: `withAnimation(.smooth) { proxy.scrollTo(target, anchor: .top) }`.
    public static let snapAnimation = Animation.smooth
    /// Design: `target = revealProgress < 0.5 ? .secondary : .primary`.
    public static let chevronTargetSplit = 0.5

    // Primary section (the media card) as progress p goes 0 → 1. (choice)
    /// Extra downward offset at p = 1 (parallax: the card leaves slower than the content scrolls).
    public static let primaryParallax = 160.0
    public static let primaryMinScale = 0.92
    public static let primaryMinOpacity = 0.45
    /// Gaussian σ in points at p = 1.
    public static let primaryMaxBlur = 10.0

    // Secondary section as p goes 0 → 1. (choice)
    /// Offset below its laid-out place at p = 0 (it rises into place).
    public static let secondaryRise = 80.0
    public static let secondaryMinScale = 0.95
    public static let secondaryMaxBlur = 8.0

    // Chevron affordance. (choice: the design says "flip, fade, or blur")
    /// Turns 180° over p (points up at p = 0 "more below", down at p = 1 "back").
    public static let chevronFlipDegrees = 180.0
    /// Opacity at p = 1: faded but still tappable to go back (the design's chevron snaps both ways).
    public static let chevronMinOpacity = 0.4

    // Haptics. (choice: "light threshold haptics when the reveal begins and stronger haptics near
    // the committed state")
    /// The reveal has begun once p passes this.
    public static let revealStartThreshold = 0.02
    /// Committed once p reaches this.
    public static let commitThreshold = 0.95
    /// The start haptic re-arms when p is back at or below this (the primary settled).
    public static let startRearm = 0.005
    /// The commit haptic re-arms when p falls below this (hysteresis: a wobble near 1 does not repeat it).
    public static let commitRearm = 0.5
}

// PortalFlowingHeader's numbers (docs/designs.md, Flowing header), named once so the state machine,
// the geometry and the tests read the same values. Values marked (approx.) are this clip's choices
// where the design leaves the number to the platform.

public enum FlowingTokens {
    /// Snap animation: `.smooth(duration: 0.4)` (design: transitionDuration 0.4).
    public static let transitionDuration = 0.4
    /// Scroll-driven progress updates: `.smooth(duration: 0.3)` (design: scrollAnimationDuration 0.3).
    public static let scrollAnimationDuration = 0.3
    /// Points of scrolling over which progress runs 0 → 1 (design: transitionRange 40).
    public static let transitionRange = 40.0
    /// With a flowing accessory the transition starts at accessoryHeight / 3 (design:
    /// accessoryStartDivisor 3).
    public static let accessoryStartDivisor = 3.0
    /// Start offset with no accessory at all (design: fallbackStartOffset 5).
    public static let fallbackStartOffset = 5.0
    /// Accessory fade/scale runs 4× faster than progress (design: accessoryFadeMultiplier 4).
    public static let accessoryFadeMultiplier = 4.0
    /// The fade never goes below 0.6 (design: max(0.6, 1 − 4p)).
    public static let accessoryFadeMinimum = 0.6
    /// Accessory box in the navigation bar, points (design: nav-bar accessory size 25).
    public static let navigationBarAccessorySize = 25.0
    /// A move must exceed this many points to change the remembered direction (design:
    /// scrollDirectionThreshold 0.1).
    public static let scrollDirectionThreshold = 0.1

    /// How often the header reads the scroll geometry, per second. SwiftUI calls onScrollGeometryChange
    /// once per display frame, and the iPhone 12 display runs at 60 Hz. 60 also divides the scroll
    /// simulation's 600 Hz and the spring stepper's 300 Hz, so every header step lands on a step of both.
    public static let geometryUpdateRate = 60

    // MARK: Layout (points)

    /// The accessory symbol's font size and its square box (design: `.font(.system(size: 64))`;
    /// the box is taken as 64 × 64 — (approx.): SF Symbols' person.circle at 64 pt measures about 61 pt).
    public static let accessorySize = 64.0
    /// Large title in the header: 34 pt semibold (iOS largeTitle), line height 41 (its leading).
    public static let sourceTitleFontSize = 34.0
    public static let sourceTitleLineHeight = 41.0
    /// Nav bar title: headline 17 pt semibold, line height 22 (iOS headline leading).
    public static let navigationTitleFontSize = 17.0
    public static let navigationTitleLineHeight = 22.0
    /// FlowingHeaderView's stacks: accessory ↔ texts 12, title ↔ subtitle 4 (Portal's VStack spacings).
    public static let accessorySpacing = 12.0
    public static let titleSubtitleSpacing = 4.0
    /// Space above the header in the scroll content (approx.).
    public static let headerTopPadding = 16.0
    /// Nav bar item spacing: HStack default 8 (horizontal), VStack(spacing: 2) (vertical).
    public static let horizontalItemSpacing = 8.0
    public static let verticalItemSpacing = 2.0
    /// UINavigationBar's inline height.
    public static let navigationBarHeight = 44.0

    /// (choice) Horizontal layout: what moves sideways or changes size — the title's and the accessory's
    /// x and their scales — runs ahead of the shown progress by this factor (done at p = 1/2); what
    /// moves up or down follows the progress. With every part on the one progress (the design's
    /// linear paths) the still-wide title rose into the icon's box for 0.34 < p < 0.95: the icon sits
    /// above the title in the header and beside it in the bar. On one progress the two keep their
    /// header spacing, 64.5·(1 − p) pt apart vertically, at any scroll speed; ahead by 2, both have
    /// their bar sizes and x (beside each other, ≥ 5 pt apart) by p = 0.5, while the vertical gap
    /// still clears them until p = 0.636. The design is silent on how the paths pass;
    /// endpoints, the progress and the accessory's fade are the design's.
    public static let horizontalLead = 2.0
}

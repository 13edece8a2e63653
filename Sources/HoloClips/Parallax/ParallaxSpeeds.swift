// Parallax (docs/designs.md, Parallax: "ParallaxModifier" and "ParallaxScrollView"): two layers
// that move slower than the scrolled content.
//
//   header background (`.withParallax(speed: 0.7)`, "Background moves at 70% of scroll speed"):
//     on screen it moves up by 0.7·s when the content moves up by s; it lives inside the header,
//     which scrolls with the content, so inside the header it is pushed down by (1 − 0.7)·s.
//   page background (ParallaxScrollView `backgroundSpeed: 0.5`): moves up by 0.5·s, behind everything.
//
// Modes (the design's table): Full at the given speeds; Reduced "50% of specified speed" — read as half
// the parallax effect, so a layer lags the content by half as much: speed' = 1 − (1 − speed)/2
// (0.85 and 0.75). Taking it as half the speed itself (0.35, 0.25) would make the depth effect
// stronger in the mode meant to reduce motion. Minimal and Reduce Motion: "Disabled" — every layer
// moves with the content (speed 1, lag 0).
//
// s is the scroll offset in UIScrollView's convention, 0 at the top, + scrolled down, − pulled down
// (docs/designs.md, Scrolling), so the same formulas hold through a rubber-band pull.

import HoloMotion

public struct ParallaxSpeeds: Sendable, Equatable {
    /// Fractions of the scroll speed each layer moves at on screen.
    public var header: Double
    public var background: Double

    public init(mode: AnimationMode) {
        switch mode {
        case .full:
            header = FinanceTokens.headerParallaxSpeed; background = FinanceTokens.backgroundParallaxSpeed
        case .reduced:
            // speed' = 1 − (1 − speed)/2
            header = 1 - (1 - FinanceTokens.headerParallaxSpeed) / 2
            background = 1 - (1 - FinanceTokens.backgroundParallaxSpeed) / 2
        case .minimal:
            header = 1; background = 1
        }
    }

    /// How far up the header background has moved on screen: speed·s.
    public func headerOffset(scroll s: Double) -> Double { header * s }
    public func backgroundOffset(scroll s: Double) -> Double { background * s }
    /// How far the layer trails the content: (1 − speed)·s (0 when parallax is off).
    public func headerLag(scroll s: Double) -> Double { (1 - header) * s }
    public func backgroundLag(scroll s: Double) -> Double { (1 - background) * s }
}

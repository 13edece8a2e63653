// Where the reveal surface's parts sit (docs/designs.md, Reveal), from the device size (any
// device). Content coordinates: the primary section is 0…H (H = viewport height, design: "a primary
// section sized to the viewport"), the secondary H…H + S below it. S is the secondary's laid-out
// height — the design's "measured" height (onGeometryChange): the kit lays its views out
// (RevealViews.swift). The control's two anchors are the frames of its places in those views.
// Values are (choice).

import HoloGeometry
import HoloMotion

public struct RevealLayout: ScreenLayout {
    public let screen: ScreenMetrics
    public init(screen: ScreenMetrics) { self.screen = screen }

    public var viewportHeight: Double { size.height }

    /// The "Add to Library" control's height in the secondary, 28 + 24·s(headline) (52 at the
    /// default size): its label grows with the text.
    public var controlHeight: Double { 28 + 24 * type.scale(of: .headline) }
    public static let actions = ["Add to Playlist", "Share", "Download", "Go to Artist", "Details"]
    /// Below the rows: a margin plus the chevron's bottom inset (safeAreaInset keeps content clear of it).
    public static let bottomPadding = 20.0 + 52.0

    /// The surface's views laid out for this layout (once per layout).
    var views: RevealViews { RevealViews.laidOut(self) }

    /// S: the secondary section's height, measured from its laid-out views (never below 1, as the design clamps).
    public var secondaryHeight: Double {
        max(views.secondaryHeight + Self.bottomPadding + safeBottom, 1)
    }
    /// The progress divisor: how far the content scrolls to settle on the secondary — S, or one
    /// page when the secondary is taller than the viewport (paging and the chevron's
    /// scrollTo(.secondary, anchor: .top) stop there). Design: "measure the secondary section height
    /// or another real reveal distance"; with S alone, p stayed below 1 on the secondary in
    /// landscape and at the largest text sizes, leaving it blurred and the control mid-morph.
    public var revealDistance: Double { min(secondaryHeight, viewportHeight) }
    /// Scrollable content: the primary page plus the secondary.
    public var contentHeight: Double { viewportHeight + secondaryHeight }

    /// The primary section in content coordinates.
    public var primaryRect: Rect { Rect(x: 0, y: 0, width: size.width, height: viewportHeight) }
    public var secondaryRect: Rect { Rect(x: 0, y: viewportHeight, width: size.width, height: secondaryHeight) }

    /// The control's source anchor, primary-local: the round button's place at the card's bottom left.
    public var controlSource: Rect { views.controlSource }
    /// The control's destination anchor, secondary-local: the full-width button's place under the title.
    public var controlDestination: Rect { views.controlDestination }

    /// The chevron (in the bottom safe-area inset: fixed in the window, not scrolled).
    public var chevronCenter: Point { Point(size.width / 2, size.height - safeBottom - 26) }
    public static let chevronHitRadius = 22.0
}

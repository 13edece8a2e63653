// What a built-in screen lays out with the kit, piece by piece, for the sweep that runs every
// built-in clip on every device, orientation and text size: a card of a scrolled
// column, a bar, a list section. Each family lists its pieces where its scene builds them, from
// the same views, so the sweep checks what is drawn.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// One laid-out part of a built-in screen: its view, what it is offered, where it sits, and its
/// layout (computed once, when the piece is made).
public struct ScreenPiece: Sendable {
    /// For failure messages: "home block 3", "tab bar".
    public var name: String
    public let view: ViewSpec
    /// The environment it was composed in (text size, colours, the screen it lays out on).
    public let environment: ViewEnvironment
    /// Its top-leading corner on the screen; for scrolled content, down the unscrolled content.
    public var origin: Point
    /// The width it is offered (its height is its ideal), or nil: laid out on the whole screen
    /// (`Layout.layout(_:in:)`, inside the safe area unless it ignores it).
    public let width: Double?
    /// Scrolled content may run below the screen; fixed pieces must stay on it.
    public var scrolls: Bool
    /// Its size (offered a width: as wide as it chose, its ideal height; else the screen's).
    public let size: Size
    /// Every view's frames, in the piece's own coordinates (add `origin`).
    public let layout: LayoutResult

    public init(name: String, view: ViewSpec, environment: ViewEnvironment, origin: Point = .zero, width: Double?, scrolls: Bool) {
        self.name = name; self.view = view; self.environment = environment
        self.origin = origin; self.width = width; self.scrolls = scrolls
        let node = view.resolved(DriverSlots(values: []), environment)
        if let width {
            (size, layout) = Layout.layout(node, proposal: ProposedSize(width: width, height: nil), in: environment.layout)
        } else {
            (size, layout) = (environment.layout.screen, Layout.layout(node, in: environment.layout))
        }
    }

    /// The piece drawn, in its own coordinates.
    public func nodes() -> [Node] {
        view.build(layout, DriverSlots(values: []), environment, scroll: 0)
    }
}

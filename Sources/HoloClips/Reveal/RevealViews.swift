// The reveal surface's static parts as views of the layout kit, laid out once per
// layout (device, text size) and cached; RevealScene moves their nodes with the scroll and the
// sections' effects, and draws the morph (the control, its caption, the chevron) over them.
//   primary     the title and subtitle above the round button's place, bottom-aligned over the
//               chevron's inset (the aurora behind them is the scene's)
//   secondary   the sheet's grabber, its header (title1, subheadline), the "Add to Library"
//               control's place and the actions as a plain list section: each row a Label whose
//               icon is a tinted disc, its separator inset to the title (List.swift)
// Each control place is a clear frame, the design's `Color.clear.anchorPreference(key:value: .bounds)`:
// its laid-out frame is the control's anchor in that section.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

struct RevealViews: Sendable {
    /// The primary's text, at its place (primary-local).
    var primary: [Node]
    /// The secondary's views, section-local.
    var secondary: [Node]
    /// The secondary's laid-out height (what the design measures with onGeometryChange).
    var secondaryHeight: Double
    /// The control's anchors: the round button's place (primary-local), the full-width button's
    /// place (secondary-local).
    var controlSource: Rect
    var controlDestination: Rect
    /// The two pieces, as the sweep checks them.
    var pieces: [ScreenPiece]

    /// The primary's text and the round button: 20 pt from the leading edge, the button's bottom
    /// 76 pt above the safe area (clear of the chevron's 52 pt inset).
    static let primaryMargin = 20.0
    static let primaryBottom = 76.0
    static let roundButtonSize = 64.0
    /// An action's icon disc and the symbol in it at the default text size; they scale with body
    /// (SwiftUI's `@ScaledMetric(relativeTo: .body)`), as a Label's icon does.
    static let discDiameter = 32.0
    static let discSymbolSize = 19.0

    static let iconTints: [UInt32] = [0x0A84FF, 0x30D158, 0xFF9F0A, 0xBF5AF2, 0x64D2FF]
    static let secondaryText = Color(hex: 0x98989F)

    private static let cache = Locked<[RevealLayout: RevealViews]>([:])

    /// The views laid out for `layout` (once per layout).
    static func laidOut(_ layout: RevealLayout) -> RevealViews {
        if let done = cache.withLock({ $0[layout] }) { return done }
        let views = RevealViews(layout)
        cache.withLock { $0[layout] = views }
        return views
    }

    private init(_ layout: RevealLayout) {
        let environment = ViewEnvironment(layout: LayoutEnvironment(screen: layout.size, safeArea: Insets(), displayScale: 3),
                                          dynamicTypeSize: layout.type, colorScheme: .dark)
        var c = ScreenComposer(environment)
        let atRest = DriverSlots(values: [])
        let w = layout.size.width

        // Content keeps clear of the sensor housing in landscape (the safe area's sides).
        let (left, right) = (layout.insets.left, layout.insets.right)
        let (primaryView, source) = Self.primaryView(&c)
        var primary = ScreenPiece(name: "primary", view: primaryView, environment: environment,
                                  width: w - 2 * Self.primaryMargin - left - right, scrolls: false)
        let p = primary.layout
        let primaryHeight = p.frames[primaryView.id]!.last!.height
        primary.origin = Point(Self.primaryMargin + left, layout.viewportHeight - layout.safeBottom - Self.primaryBottom - primaryHeight)
        self.primary = [.group(primaryView.build(p, atRest, environment, scroll: 0),
                               transform: .translation(primary.origin.x, primary.origin.y))]
        controlSource = p.frames[source]![1].offsetBy(dx: primary.origin.x, dy: primary.origin.y)

        let (secondaryView, destination) = Self.secondaryView(&c, controlHeight: layout.controlHeight, left: left, right: right)
        let secondary = ScreenPiece(name: "secondary", view: secondaryView, environment: environment,
                                    origin: Point(0, layout.viewportHeight), width: w, scrolls: true)
        let s = secondary.layout
        self.secondary = secondaryView.build(s, atRest, environment, scroll: 0)
        secondaryHeight = s.frames[secondaryView.id]!.last!.height
        controlDestination = s.frames[destination]![1]
        pieces = [primary, secondary]
    }

    /// A clear place for the control, `width` (nil: as wide as offered) × `height`, and its id.
    static func controlPlace(_ c: inout ScreenComposer, width: Double?, height: Double) -> ViewSpec {
        c.spacer().frame(width: width, height: height, maxWidth: width == nil ? .infinity : nil)
    }

    /// The title and subtitle over the round button's place; the place's id.
    static func primaryView(_ c: inout ScreenComposer) -> (ViewSpec, Int) {
        let place = controlPlace(&c, width: roundButtonSize, height: roundButtonSize)
        let view = c.vstack(alignment: 0, spacing: 0, [
            c.text("Northern Lights", .largeTitle, weight: .bold, color: .white, lineLimit: nil),
            c.text("Aurora Ensemble · 4:12", .subheadline, color: Color(white: 1, alpha: 0.75), lineLimit: nil).padding(top: 4),
            place.padding(top: 17),
        ])
        return (view, place.id)
    }

    /// The grabber, the header, the control's place and the actions, `left` and `right` in from
    /// the sheet's sides; the place's id.
    static func secondaryView(_ c: inout ScreenComposer, controlHeight: Double, left: Double, right: Double) -> (ViewSpec, Int) {
        let inset = SystemMetrics.rowInset
        let grabber = c.shape(.capsule, fill: c.solid(Color(white: 1, alpha: 0.3))).frame(width: 36, height: 5)
            .frame(maxWidth: .infinity).padding(top: 8)
        let header = c.vstack(alignment: 0, spacing: 0, [
            c.text("Northern Lights", .title1, weight: .bold, color: .white, lineLimit: nil),
            c.text("Aurora Ensemble · Polar Nights · 2024", .subheadline, color: secondaryText, lineLimit: nil),
        ]).padding(top: 6, leading: inset, trailing: inset)
        let place = controlPlace(&c, width: nil, height: controlHeight)
        let disc = (discDiameter * c.dynamicTypeSize.scale(of: .body)).rounded()
        let rows = RevealLayout.actions.indices.map { i in
            ListRowSpec(content: actionLabel(&c, i, disc: disc), textLeading: disc + SystemMetrics.labelSpacing)
        }
        let view = c.vstack(alignment: 0, spacing: 0, [
            grabber, header,
            place.padding(top: 15, leading: inset, bottom: 20, trailing: inset),
            c.listSection(ListSectionSpec(rows: rows), style: .plain, path: "actions"),
        ]).padding(leading: left, trailing: right)
        return (view, place.id)
    }

    /// Action `i` as a Label: its symbol white in a tinted disc `disc` across, then its title.
    static func actionLabel(_ c: inout ScreenComposer, _ i: Int, disc: Double) -> ViewSpec {
        let symbol = RevealScene.actionSymbols[i % RevealScene.actionSymbols.count]
        let icon = c.shape(.circle, fill: c.solid(Color(hex: iconTints[i % iconTints.count])))
            .frame(width: disc, height: disc)
            .overlay(c.symbol(symbol, size: discSymbolSize * disc / discDiameter, weight: .semibold, color: .white))
        return c.hstack(spacing: SystemMetrics.labelSpacing, [
            icon, c.text(RevealLayout.actions[i], .body, color: .white, lineLimit: nil),
        ])
    }
}

// One frame of the flowing header as `holoframe simulate` prints it, and how the frame's geometry
// follows from the header state: everything the scene draws is in here, so pixels follow from state.

import HoloGeometry
import HoloMotion

public struct FlowingFrameState: Encodable, Sendable {
    /// The page's scroll view (its state line has no velocity).
    public var scroll: ScrollState
    /// clamp((offset − start)/40, 0, 1) at this frame's offset.
    public var rawProgress: Double
    /// What the shown progress is heading for (the raw progress, a held snap, or a snap target).
    public var targetProgress: Double
    /// The shown (spring-filtered) progress.
    public var progress: Double
    public var direction: FlowingScrollDirection
    /// The snap's target while its animation runs, else null.
    public var snapping: Double?
    /// A snap holds the header until the scroll direction reverses.
    public var snapped: Bool
    public var titleCenter: Point
    public var titleScale: Double
    /// Null without an accessory.
    public var accessoryCenter: Point?
    public var accessoryScale: Size?
    public var accessoryOpacity: Double?
    public var navigationBarOpacity: Double

    /// Nulls are written out (not omitted), so every frame has the same keys.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: StateKey.self)
        try c.encodeScroll(scroll, velocity: false)
        try c.encode(rawProgress, "rawProgress"); try c.encode(targetProgress, "targetProgress")
        try c.encode(progress, "progress"); try c.encode(direction, "direction")
        try c.encode(snapping, "snapping"); try c.encode(snapped, "snapped")
        try c.encode(titleCenter, "titleCenter"); try c.encode(titleScale, "titleScale")
        try c.encode(accessoryCenter, "accessoryCenter"); try c.encode(accessoryScale, "accessoryScale")
        try c.encode(accessoryOpacity, "accessoryOpacity")
        try c.encode(navigationBarOpacity, "navigationBarOpacity")
    }

    /// The frame at `time` for the page's `scroll` and the header's state (already advanced to `time`).
    public init(page: FlowingPage, header: FlowingHeaderState, scroll: ScrollState, at time: Double) {
        let config = page.configuration
        let p = header.progress(at: time)
        let offset = scroll.offset
        self.scroll = scroll
        rawProgress = FlowingMath.progress(offset: offset, start: header.start)
        targetProgress = header.target
        progress = p
        direction = header.direction
        snapping = header.snapInFlight(at: time)
        snapped = header.isSnapped
        // The bar's background follows the shown progress (clamped: a retargeted spring may overshoot).
        navigationBarOpacity = min(1, max(0, p))

        let destination = page.destinationCenters
        let titleSource = page.titleSourceCenter(offset: offset)
        if config.titleFlows {
            // Sideways and in size ahead of the progress in the horizontal layout (FlowingTokens.horizontalLead).
            let q = FlowingMath.lead(p, by: page.lead)
            titleCenter = FlowingMath.center(from: titleSource, to: destination.title, xProgress: q, yProgress: p)
            titleScale = FlowingMath.titleScale(progress: q, sourceHeight: page.sourceTitleLineHeight)
        } else {
            titleCenter = titleSource
            titleScale = 1
        }

        guard let accessorySource = page.accessorySourceCenter(offset: offset) else {
            accessoryCenter = nil; accessoryScale = nil; accessoryOpacity = nil
            return
        }
        if config.accessoryFlows, let accessoryDestination = destination.accessory {
            // Moves with the title; scales per axis from 64 pt to the bar's box; fades to max(0.6, 1 − 4p).
            // Sideways and in size ahead of the progress in the horizontal layout (FlowingTokens.horizontalLead).
            let s = FlowingTokens.accessorySize, d = page.navigationAccessorySize, q = FlowingMath.lead(p, by: page.lead)
            accessoryCenter = FlowingMath.center(from: accessorySource, to: accessoryDestination, xProgress: q, yProgress: p)
            accessoryScale = FlowingMath.scale(from: Size(s, s), to: Size(d, d), progress: q)
            accessoryOpacity = FlowingMath.accessoryFade(progress: p)
        } else {
            // Stays in the content: opacity and scale both max(0.6, 1 − 4p) on their own 0.4 s spring,
            // scaled about the box's top edge (Portal: `.scaleEffect(fade, anchor: .top)`).
            let f = header.stayingAccessoryFade.value(at: time)
            let half = FlowingTokens.accessorySize / 2
            accessoryCenter = Point(accessorySource.x, accessorySource.y - half + half * f)
            accessoryScale = Size(f, f)
            accessoryOpacity = f
        }
    }
}

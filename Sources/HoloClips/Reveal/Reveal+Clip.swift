// The reveal clips: `reveal` (a drag up that pages to the secondary, a pause, a chevron tap back to
// the primary) and `reveal-chevron` (a chevron tap to the secondary, one back).
//
// Clip-file variants: {"design": "reveal", "variant": {"gesture": "drag" | "chevron"}} picks the
// default inputs used when the file gives no scroll and no taps. Taps: spec.taps with target
// "chevron". The design owns its layout: a file's scroll keeps its events and deceleration, but the
// viewport is the screen, the content is the two sections, and paging is on with pageHeight = the
// viewport (docs/designs.md, Reveal: `.scrollTargetBehavior(.paging)`).

import HoloGeometry
import HoloMotion
import HoloScene

public struct RevealFrameRect: Hashable, Sendable, Encodable {
    public var x, y, width, height: Double
    public init(_ r: Rect) { x = r.minX; y = r.minY; width = r.width; height = r.height }
    public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}

public struct RevealFrameState: Hashable, Sendable, Encodable {
    /// The scroll the surface shows (the scroll view's, or a chevron's `.smooth` snap's).
    public var scroll: ScrollState
    /// True while a chevron's snap runs (its state line's scrollPhase says "snapping").
    public var chevronSnapping: Bool
    /// The measured secondary height S (progress divides by `RevealLayout.revealDistance`, S or the viewport's height).
    public var secondaryHeight: Double
    public var revealProgress: Double
    public var primary: SectionEffect
    public var secondary: SectionEffect
    /// The one morphing control's frame (window points), and the two anchors it interpolates.
    public var controlFrame: RevealFrameRect
    public var controlSource: RevealFrameRect
    public var controlDestination: RevealFrameRect
    /// Degrees.
    public var chevronRotation: Double
    public var chevronOpacity: Double
    /// 1 at a chevron tap, fading to 0 over 0.3 s (drawing only).
    public var chevronHighlight: Double
    /// Every haptic fired up to this frame's time.
    public var haptics: [RevealHaptic]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: StateKey.self)
        try c.encodeScroll(scroll, phase: chevronSnapping ? "snapping" : nil)
        try c.encode(secondaryHeight, "secondaryHeight"); try c.encode(revealProgress, "revealProgress")
        try c.encode(primary, "primary"); try c.encode(secondary, "secondary")
        try c.encode(controlFrame, "controlFrame"); try c.encode(controlSource, "controlSource")
        try c.encode(controlDestination, "controlDestination")
        try c.encode(chevronRotation, "chevronRotation"); try c.encode(chevronOpacity, "chevronOpacity")
        try c.encode(chevronHighlight, "chevronHighlight"); try c.encode(haptics, "haptics")
    }
}

public enum Reveal {
    public enum Gesture: String, CaseIterable, Sendable { case drag, chevron }

    public static let builtIn = BuiltInClip(
        name: "reveal",
        summary: "scroll-reveal detail surface: a drag up pages to the secondary, a chevron tap snaps back with .smooth",
        defaults: { defaultSpec(.drag) }, make: { try clip($0) })
    public static let chevronBuiltIn = BuiltInClip(
        name: "reveal-chevron", summary: "scroll-reveal detail surface driven by chevron taps: to the secondary and back",
        defaults: { defaultSpec(.chevron) }, make: { try clip($0) })

    public static func gesture(_ variant: [String: VariantValue]) throws(ClipInputError) -> Gesture {
        try ClipVariant(variant, clip: "reveal", keys: ["gesture"]).choice("gesture") ?? .drag
    }

    public static func defaultSpec(_ gesture: Gesture) -> ClipSpec {
        var spec = ClipSpec(design: "reveal")
        spec.environment.colorScheme = .dark
        if gesture != .drag { spec.variant = ["gesture": .string(gesture.rawValue)] }
        let layout = RevealLayout(size: spec.device.size, insets: spec.device.layoutInsets(guess: ScreenInsets.guessFromHeight))
        spec.scroll = ScrollSpec(configuration: configuration(layout), script: defaultScript(gesture))
        spec.taps = defaultTaps(gesture)
        spec.duration = gesture == .drag ? 3.4 : 3.2
        return spec
    }

    static func configuration(_ layout: RevealLayout, deceleration: ScrollDeceleration = .normal) -> ScrollConfiguration {
        ScrollConfiguration(contentHeight: layout.contentHeight, viewportHeight: layout.viewportHeight,
                            deceleration: deceleration, pageHeight: layout.viewportHeight)
    }

    /// drag: a 300 pt swipe up in 0.2 s at 0.4 s (lifting at 1500 pt/s: it pages to the secondary).
    static func defaultScript(_ gesture: Gesture) -> ScrollScript {
        switch gesture {
        case .drag: return try! ScrollScript.drag(start: 0.4, fromY: 700, toY: 400, duration: 0.2)
        case .chevron: return .empty
        }
    }

    /// drag: a chevron tap at 2.2 s (back to the primary). chevron: taps at 0.5 s and 2.0 s.
    static func defaultTaps(_ gesture: Gesture) -> [Tap] {
        let times = gesture == .drag ? [2.2] : [0.5, 2.0]
        return times.map { Tap(time: $0, target: RevealScroll.chevronTarget) }
    }

    public static func simulation(_ spec: ClipSpec) throws -> RevealSimulation {
        let g = try gesture(spec.variant)
        let layout = RevealLayout(size: spec.device.size, type: spec.environment.dynamicTypeSize,
                                  insets: spec.device.layoutInsets(guess: ScreenInsets.guessFromHeight))
        let script = spec.scroll?.script ?? defaultScript(g)
        let taps = spec.scroll == nil && spec.taps.isEmpty ? defaultTaps(g) : spec.taps
        for (i, tap) in taps.enumerated() where tap.target != RevealScroll.chevronTarget {
            throw ClipInputError.unknownTap(clip: "reveal", index: i, target: tap.target,
                                            known: ClipInputError.quoted(RevealScroll.chevronTarget))
        }
        let config = configuration(layout, deceleration: spec.scroll?.configuration.deceleration ?? .normal)
        let scroll: RevealScroll
        do {
            scroll = try RevealScroll(configuration: config, script: script, chevronTaps: taps.map(\.time),
                                      secondaryHeight: layout.revealDistance)
        } catch {
            throw ClipInputError(clip: "reveal", field: "scroll.events", reason: "with the chevron's scroll events: \(error)")
        }
        let haptics = RevealHaptics.events(duration: spec.duration) {
            RevealMapping.progress(offset: scroll.state(at: $0).scroll.offset, secondaryHeight: layout.revealDistance)
        }
        return RevealSimulation(layout: layout, scroll: scroll, tapTimes: taps.map(\.time), allHaptics: haptics,
                                pixelsPerPoint: spec.device.scale)
    }

    static func clip(_ spec: ClipSpec) throws -> Clip {
        let sim = try simulation(spec)
        return Clip(spec) { sim }
    }
}

public struct RevealSimulation: ClipSimulation, Sendable {
    public let layout: RevealLayout
    public let scroll: RevealScroll
    public let tapTimes: [Double]
    /// Haptics over the whole clip; a frame shows those up to its time (each found from inputs before it).
    public let allHaptics: [RevealHaptic]
    /// The device's pixels per point: the scroll view shows its offset rounded to them.
    public let pixelsPerPoint: Double
    static let highlightDuration = 0.3

    public init(layout: RevealLayout, scroll: RevealScroll, tapTimes: [Double], allHaptics: [RevealHaptic],
                pixelsPerPoint: Double = 3) {
        self.layout = layout; self.scroll = scroll; self.tapTimes = tapTimes; self.allHaptics = allHaptics
        self.pixelsPerPoint = pixelsPerPoint
    }

    public mutating func advance(to time: Double) -> RevealFrameState { state(at: time) }

    public func state(at t: Double) -> RevealFrameState {
        let (shown, snapping) = scroll.state(at: t)
        return state(scroll: shown, snapping: snapping, at: t)
    }

    /// The state the surface shows. UIKit rounds a scroll view's `contentOffset` to device pixels
    /// (−187.5 pt is −187.333 on a 3× screen), and the design reads the offset from the scroll
    /// geometry, so every value derived from it moves in whole device pixels of scroll: the
    /// picture follows the rounded offset while `simulate` and `--state` report the exact one.
    /// A settling scroll whose rounded offset no longer changes draws the same frame (reused).
    public func displayed(_ state: RevealFrameState) -> RevealFrameState {
        let rounded = (state.scroll.offset * pixelsPerPoint).rounded() / pixelsPerPoint
        guard rounded != state.scroll.offset, rounded.isFinite else { return state }
        var scroll = state.scroll
        scroll.offset = rounded
        var shown = self.state(scroll: scroll, snapping: state.chevronSnapping, at: 0)
        shown.chevronHighlight = state.chevronHighlight   // a function of time, not of the offset
        shown.haptics = state.haptics
        return shown
    }

    func state(scroll: ScrollState, snapping: Bool, at t: Double) -> RevealFrameState {
        let offset = scroll.offset
        let s = layout.secondaryHeight
        let p = RevealMapping.progress(offset: offset, secondaryHeight: layout.revealDistance)
        let control = RevealMapping.controlFrame(p, layout: layout, scrollOffset: offset)
        let chevron = RevealMapping.chevron(p)
        let age = tapTimes.last { $0 <= t }.map { t - $0 }
        return RevealFrameState(
            scroll: scroll, chevronSnapping: snapping, secondaryHeight: s, revealProgress: p,
            primary: RevealMapping.primary(p), secondary: RevealMapping.secondary(p),
            controlFrame: RevealFrameRect(control.frame), controlSource: RevealFrameRect(control.source),
            controlDestination: RevealFrameRect(control.destination),
            chevronRotation: chevron.rotationDegrees, chevronOpacity: chevron.opacity,
            chevronHighlight: age.map { max(0, 1 - $0 / Self.highlightDuration) } ?? 0,
            haptics: allHaptics.filter { $0.time <= t })
    }

    public func scene(for state: RevealFrameState) -> Scene { RevealScene(layout: layout).scene(displayed(state)) }
}

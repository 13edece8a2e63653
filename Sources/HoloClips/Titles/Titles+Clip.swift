// The titles clips: collapsing iridescent page titles on the five Reps pages (docs/designs.md, Titles).
//
//   titles                a tour: fling down on Home (title hides), a slow drag back up (≥ 50 pt
//                         reveals it), Exercises (title collapses, search field stays), back to Home
//                         (its offset and header state are as they were left), a drag down again
//   titles-<page>         one page with the default script: fling down, reversal up, drag down
//   titles-reduce-motion  Home under Reduce Motion: the header switches without animation, the
//                         title is a static gradient with no tilt
//
// Clip files: {"design": "titles", "variant": {"page": "programs", "accentHue": 0.3}}; taps
// {"time": 2, "target": "tab:history"} switch tabs; environment.reduceMotion (or animationMode
// reduced/minimal), lowPower (motion sampled at 30 Hz), colorScheme. A clip file's motion is used as
// given (absent: a still device). Its scroll script drives the pages (see TitlesSimulation); each
// page's content height comes from the page's own layout (the drawn content decides how far it
// scrolls), so scroll.contentHeight is not used; viewportHeight, deceleration and pageHeight are.

import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene

public enum Titles {
    /// Variant keys a clip file may set.
    public static let variantKeys = ["page", "accentHue"]

    public static var builtIns: [BuiltInClip] {
        [BuiltInClip(name: "titles",
                     summary: "collapsing iridescent titles of the Reps app: a tour of Home and Exercises with tab switches",
                     defaults: { tourSpec() }, make: { try clip($0) })]
        + TitlesPage.allCases.map { page in
            BuiltInClip(name: "titles-\(page.rawValue)",
                        summary: "collapsing iridescent title on \(page.title): fling down, reversal up, drag down"
                            + (page == .profile ? " (content too short to scroll: the title stays)" : ""),
                        defaults: { pageSpec(page, design: "titles-\(page.rawValue)") }, make: { try clip($0) })
        }
        + [BuiltInClip(name: "titles-reduce-motion",
                       summary: "collapsing title on Home under Reduce Motion: instant switches, static gradient, no tilt",
                       defaults: {
                           var spec = pageSpec(.home, design: "titles-reduce-motion")
                           spec.environment.reduceMotion = true
                           return spec
                       }, make: { try clip($0) })]
    }

    // MARK: Default inputs

    /// A gentle wobble so the title shimmers all along: roll 0.15 rad over 3 s, pitch 0.15 rad over 4 s.
    public static let defaultMotion = MotionSpec(roll: .wobble(amplitude: 0.15, period: 3, phase: 0),
                                                 pitch: .wobble(amplitude: 0.15, period: 4, phase: .pi / 3))

    /// Fling down at 0.3 s (300 pt in 0.25 s: 1200 pt/s), a slow drag up by 90 pt at 1.8 s (past the
    /// 50-pt threshold), a short drag down at 3.0 s.
    public static let pageScript: [ScrollEvent] = [
        .fingerDown(time: 0.3, y: 640), .fingerMove(time: 0.55, y: 340), .fingerUp(time: 0.55),
        .fingerDown(time: 1.8, y: 300), .fingerMove(time: 2.25, y: 390, curve: .easeInOut), .fingerUp(time: 2.25),
        .fingerDown(time: 3.0, y: 500), .fingerMove(time: 3.3, y: 430, curve: .easeInOut), .fingerUp(time: 3.3),
    ]

    public static func pageSpec(_ page: TitlesPage, design: String) -> ClipSpec {
        var spec = ClipSpec(design: design, variant: ["page": .string(page.rawValue)], duration: 4)
        spec.motion = defaultMotion
        spec.scroll = scrollSpec(pageScript, device: spec.device)
        return spec
    }

    /// The tour (6 s): Home fling and reversal, Exercises at 2.6 s, Home again at 4.4 s.
    public static func tourSpec() -> ClipSpec {
        var spec = ClipSpec(design: "titles", variant: ["page": .string("home")], duration: 6)
        spec.motion = defaultMotion
        spec.scroll = scrollSpec([
            .fingerDown(time: 0.3, y: 640), .fingerMove(time: 0.55, y: 340), .fingerUp(time: 0.55),
            .fingerDown(time: 1.6, y: 300), .fingerMove(time: 2.0, y: 400, curve: .easeInOut), .fingerUp(time: 2.0),
            .fingerDown(time: 3.0, y: 620), .fingerMove(time: 3.25, y: 380), .fingerUp(time: 3.25),
            .fingerDown(time: 4.9, y: 500), .fingerMove(time: 5.2, y: 420, curve: .easeInOut), .fingerUp(time: 5.2),
        ], device: spec.device)
        spec.taps = [Tap(time: 2.6, target: TitlesPage.exercises.tabTarget), Tap(time: 4.4, target: TitlesPage.home.tabTarget)]
        return spec
    }

    static func scrollSpec(_ events: [ScrollEvent], device: Device) -> ScrollSpec {
        // The content height here is a placeholder: each page's own layout decides it (file header).
        ScrollSpec(configuration: ScrollConfiguration(contentHeight: device.size.height, viewportHeight: device.size.height),
                   script: try! ScrollScript(events))
    }

    // MARK: Building the clip

    /// The variant's start page and accent hue; unknown keys or values throw, naming them.
    public static func variant(_ v: [String: VariantValue]) throws(ClipInputError) -> (page: TitlesPage, accentHue: Double) {
        let variant = try ClipVariant(v, clip: "titles", keys: variantKeys)
        return (try variant.choice("page") ?? .home,
                try variant.number("accentHue", in: 0...1) ?? HolographicTitle.defaultAccentHue)
    }

    /// The clip's simulation at t = 0 (what `clip` renders; tests drive it directly).
    public static func simulation(_ spec: ClipSpec) throws -> TitlesSimulation {
        let (page, hue) = try variant(spec.variant)
        let schedule = try TabSchedule(initial: page, taps: spec.taps)
        let env = spec.environment
        let reduceMotion = env.reduceMotion || env.animationMode != .full
        let layout = TitlesLayout(size: spec.device.size, type: env.dynamicTypeSize,
                                  insets: spec.device.layoutInsets(guess: TitlesLayout.guessInsets))
        let scene = TitlesScene(layout: layout, palette: .for(env.colorScheme), accentHue: hue, reduceMotion: reduceMotion,
                                lowPower: env.lowPower)
        let userScroll = spec.scroll ?? scrollSpec(pageScript, device: spec.device)
        let base = userScroll.configuration
        return try TitlesSimulation(scene: scene, schedule: schedule, script: userScroll.script, configuration: { p in
            ScrollConfiguration(contentHeight: layout.scrollContentHeight(p), viewportHeight: base.viewportHeight,
                                deceleration: base.deceleration, pageHeight: base.pageHeight)
        }, motion: spec.makeDeviceMotion(), reduceMotion: reduceMotion)
    }

    public static func clip(_ spec: ClipSpec) throws -> Clip {
        // Built once here so a bad variant, tap or script fails at make time, not at the first frame.
        let first = try simulation(spec)
        return Clip(spec) { first }
    }
}

// The flowing header clips: `flowing` and its named variants, default inputs, and the simulation that
// feeds the header state machine from the scroll physics.

import HoloGeometry
import HoloMotion
import HoloScene

public enum FlowingHeaderClip {
    public static let flowing = builtIn("flowing", [:],
        "PortalFlowingHeader: title and person.circle flow into the nav bar (horizontal, directional snap)")
    public static let titleOnly = builtIn("flowing-title-only", ["displays": .string("title")],
        "flowing header: only the title flows; the accessory stays and fades to 0.6")
    public static let vertical = builtIn("flowing-vertical", ["layout": .string("vertical")],
        "flowing header: accessory stacked above the nav title")
    public static let nearest = builtIn("flowing-nearest", ["snapping": .string("nearest")],
        "flowing header: snaps to the nearer end (0.5 midpoint) when scrolling stops")
    public static let noSnapping = builtIn("flowing-none", ["snapping": .string("none")],
        "flowing header: no snapping, stays where scrolling stopped")

    static func builtIn(_ name: String, _ variant: [String: VariantValue], _ summary: String) -> BuiltInClip {
        BuiltInClip(name: name, summary: summary, defaults: { defaultSpec(design: name, variant: variant) },
                    make: { spec in try clip(spec, preset: variant) })
    }

    /// The default clip length: the script below ends by 5 s; 0.5 s more shows the rest.
    public static let defaultDuration = 5.5

    /// A slow drag down that stops mid-transition (raw ≈ 0.47) and lifts still: the header snaps to 1.
    /// A pause. A quick flick further down (≈ 1000 pt/s): momentum, the snap holds. Then, while the
    /// content still glides, a flick back toward the top (≈ 1100 pt/s): the reversal releases the snap,
    /// the content rubber-bands at the top and the header flows back to 0.
    /// The first drag is sized from the transition's start so that it stops near raw 0.47 for every
    /// configuration (40 pt for the flowing accessory's start of 64/3, 83 pt when the accessory stays).
    public static func defaultScript(start: Double = 64.0 / 3) -> ScrollScript {
        let firstDrag = (start + 0.4667 * FlowingTokens.transitionRange).rounded()
        return try! ScrollScript([
            .fingerDown(time: 0.4, y: 560), .fingerMove(time: 1.2, y: 560 - firstDrag, curve: .easeInOut), .fingerUp(time: 1.35),
            .fingerDown(time: 2.0, y: 640), .fingerMove(time: 2.18, y: 460), .fingerUp(time: 2.18),
            .fingerDown(time: 3.4, y: 200), .fingerMove(time: 3.6, y: 420), .fingerUp(time: 3.6),
        ])
    }

    public static func contentHeight(of page: FlowingPage) -> Double {
        page.listContentTop + FlowingSettingsList.laidOut(width: page.size.width, type: page.type, scheme: .light).height
            + FlowingSettingsList.bottomPadding
    }

    public static func defaultSpec(design: String = "flowing", variant: [String: VariantValue] = [:]) -> ClipSpec {
        var spec = ClipSpec(design: design, variant: variant)
        spec.duration = defaultDuration
        spec.scroll = defaultScroll(for: spec, configuration: (try? configuration(spec, preset: variant)) ?? FlowingConfiguration())
        return spec
    }

    static func defaultScroll(for spec: ClipSpec, configuration: FlowingConfiguration) -> ScrollSpec {
        let page = FlowingPage(size: spec.device.size, configuration: configuration,
                               insets: spec.device.layoutInsets(guess: FlowingPage.guessInsets))
        return ScrollSpec(configuration: ScrollConfiguration(contentHeight: contentHeight(of: page),
                                                             viewportHeight: page.viewportHeight),
                          script: defaultScript(start: configuration.startOffset))
    }

    /// The built-in's preset, then the spec's own variant fields over it.
    public static func configuration(_ spec: ClipSpec, preset: [String: VariantValue]) throws -> FlowingConfiguration {
        var config = FlowingConfiguration()
        try config.apply(variant: preset)
        try config.apply(variant: spec.variant, clip: spec.design)
        return config
    }

    static func clip(_ spec: ClipSpec, preset: [String: VariantValue]) throws -> Clip {
        let config = try configuration(spec, preset: preset)
        let page = FlowingPage(size: spec.device.size, configuration: config, type: spec.environment.dynamicTypeSize,
                               insets: spec.device.layoutInsets(guess: FlowingPage.guessInsets))
        // The scroll view holds at least what is laid out (larger text makes the page taller).
        var scrollSpec = spec.scroll ?? defaultScroll(for: spec, configuration: config)
        scrollSpec.configuration.contentHeight = max(scrollSpec.configuration.contentHeight, contentHeight(of: page))
        let scroll = scrollSpec.makeSimulation()
        let scene = FlowingScene(page: page, colorScheme: spec.environment.colorScheme)
        return Clip(spec) {
            FlowingSimulation(scroll: scroll, page: page, scene: scene)
        }
    }
}

/// Steps the header at 60 Hz instants from the scroll simulation, samples a frame at its own time.
public struct FlowingSimulation: ClipSimulation {
    let scroll: ScrollSimulation
    let page: FlowingPage
    let scene: FlowingScene
    public private(set) var header: FlowingHeaderState
    /// The next header step to run (its time is step / 60).
    var nextStep = 0

    public init(scroll: ScrollSimulation, page: FlowingPage, scene: FlowingScene) {
        self.scroll = scroll; self.page = page; self.scene = scene
        header = FlowingHeaderState(page: page, initialOffset: scroll.state(at: 0).offset)
    }

    public mutating func advance(to time: Double) -> FlowingFrameState {
        let rate = Double(FlowingTokens.geometryUpdateRate)
        let last = Int((time * rate + FixedStep.snapTolerance).rounded(.down))
        while nextStep <= last {
            let t = Double(nextStep) / rate
            let s = scroll.state(at: t)
            header.update(offset: s.offset, phase: s.phase, at: t)
            nextStep += 1
        }
        let s = scroll.state(at: time)
        return FlowingFrameState(page: page, header: header, scroll: s, at: time)
    }

    public func scene(for state: FlowingFrameState) -> Scene { scene.scene(for: state) }
}

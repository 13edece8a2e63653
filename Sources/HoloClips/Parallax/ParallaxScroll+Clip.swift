// The `parallax` clip: the Dashboard under a scripted scroll (a fling down, then a reversal that
// flings back to the top and bounces), layers moving at the speeds of `ParallaxSpeeds`.

import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene

public enum ParallaxScroll {
    public static let builtIn = BuiltInClip(
        name: "parallax",
        summary: "finance: Dashboard header art at 0.7× and page background at 0.5× of the scroll (fling, reversal)",
        defaults: { defaultSpec() }, make: { try clip($0) })

    public static func contentHeight(for size: Size) -> Double {
        ParallaxScrollScene(size: size, palette: .light).contentHeight
    }

    static func contentHeight(for device: Device) -> Double {
        ParallaxScrollScene(size: device.size, palette: .light, insets: FinanceTokens.insets(device)).contentHeight
    }

    /// A fling down at 0.3 s; at 2.2 s a drag back up that flings to the top and bounces.
    public static func defaultScroll(device: Device) -> ScrollSpec {
        let events: [ScrollEvent] = [
            .fingerDown(time: 0.3, y: 700), .fingerMove(time: 0.52, y: 430, curve: .easeIn), .fingerUp(time: 0.52),
            .fingerDown(time: 2.2, y: 260), .fingerMove(time: 2.5, y: 560, curve: .easeIn), .fingerUp(time: 2.5),
        ]
        return ScrollSpec(configuration: ScrollConfiguration(contentHeight: contentHeight(for: device),
                                                             viewportHeight: device.size.height),
                          script: try! ScrollScript(events))
    }

    public static func defaultSpec() -> ClipSpec {
        var spec = ClipSpec(design: "parallax")
        spec.duration = 4.5
        spec.scroll = defaultScroll(device: spec.device)
        return spec
    }

    static func clip(_ spec: ClipSpec) throws -> Clip {
        let sim = try simulation(spec)
        return Clip(spec) { sim }
    }

    /// The clip's simulation at t = 0 (what `clip` renders; tests read its typed state).
    static func simulation(_ spec: ClipSpec) throws -> ParallaxScrollSimulation {
        _ = try ClipVariant(spec.variant, clip: spec.design, keys: [])
        let scene = ParallaxScrollScene(size: spec.device.size, palette: .forScheme(spec.environment.colorScheme),
                                        type: spec.environment.dynamicTypeSize, insets: FinanceTokens.insets(spec.device))
        // The scroll view holds at least what is laid out (larger text makes the page taller).
        var scrollSpec = spec.scroll ?? defaultScroll(device: spec.device)
        scrollSpec.configuration.contentHeight = max(scrollSpec.configuration.contentHeight, scene.contentHeight)
        let scroll = scrollSpec.makeSimulation()
        let sim = ParallaxScrollSimulation(scroll: scroll, speeds: ParallaxSpeeds(mode: FinanceTokens.effectiveMode(spec.environment)),
                                           mode: FinanceTokens.effectiveMode(spec.environment), scene: scene)
        return sim
    }
}

struct ParallaxScrollSimulation: ClipSimulation {
    struct State: Encodable, Equatable {
        var mode: AnimationMode
        var scroll: ScrollState
        var headerSpeed: Double
        var backgroundSpeed: Double
        /// How far up each layer has moved on screen (speed × scrollOffset).
        var headerOffset: Double
        var backgroundOffset: Double
        /// How far each layer trails the content ((1 − speed) × scrollOffset).
        var headerLag: Double
        var backgroundLag: Double

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: StateKey.self)
            try c.encode(mode.rawValue, "mode")
            try c.encodeScroll(scroll)
            try c.encode(headerSpeed, "headerSpeed"); try c.encode(backgroundSpeed, "backgroundSpeed")
            try c.encode(headerOffset, "headerOffset"); try c.encode(backgroundOffset, "backgroundOffset")
            try c.encode(headerLag, "headerLag"); try c.encode(backgroundLag, "backgroundLag")
        }
    }
    let scroll: ScrollSimulation
    let speeds: ParallaxSpeeds
    let mode: AnimationMode
    let scene: ParallaxScrollScene

    func state(at time: Double) -> State {
        let s = scroll.state(at: time)
        return State(mode: mode, scroll: s,
                     headerSpeed: speeds.header, backgroundSpeed: speeds.background,
                     headerOffset: speeds.headerOffset(scroll: s.offset), backgroundOffset: speeds.backgroundOffset(scroll: s.offset),
                     headerLag: speeds.headerLag(scroll: s.offset), backgroundLag: speeds.backgroundLag(scroll: s.offset))
    }

    mutating func advance(to time: Double) -> State { state(at: time) }
    func scene(for state: State) -> Scene { scene.scene(scroll: state.scroll.offset, speeds: speeds) }
}

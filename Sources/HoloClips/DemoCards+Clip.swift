// The demo clip's inputs and simulation: a flick down the feed, a pause, and a drag back up.

import HoloGeometry
import HoloMotion
import HoloScene

public enum DemoCards {
    public static let builtIn = BuiltInClip(
        name: "demo",
        summary: "cards scrolling under a gradient bar: a fling down, a drag back up (the foundation's demo)",
        defaults: { defaultSpec() },
        make: { spec in
            // The demo has no variants: a key there is a mistake, not something to ignore.
            _ = try ClipVariant(spec.variant, clip: "demo", keys: [])
            return clip(spec)
        })

    /// A fling down at 0.3 s, a drag back up at 2.3 s.
    public static func defaultSpec() -> ClipSpec {
        var spec = ClipSpec(design: "demo")
        spec.duration = 4
        let events: [ScrollEvent] = [
            .fingerDown(time: 0.3, y: 700), .fingerMove(time: 0.5, y: 420, curve: .easeIn), .fingerUp(time: 0.5),
            .fingerDown(time: 2.3, y: 300), .fingerMove(time: 2.7, y: 520, curve: .easeInOut), .fingerUp(time: 2.7),
        ]
        spec.scroll = ScrollSpec(
            configuration: ScrollConfiguration(contentHeight: DemoCardsScene.contentHeight, viewportHeight: spec.device.size.height),
            script: try! ScrollScript(events))
        return spec
    }

    static func clip(_ spec: ClipSpec) -> Clip {
        let size = spec.device.size
        let scene = DemoCardsScene(size: size, type: spec.environment.dynamicTypeSize,
                                   insets: spec.device.layoutInsets { _ in .iPhone12 })
        // Larger text makes the feed longer: the scroll reaches the last card at every size.
        var scrollSpec = spec.scroll ?? defaultSpec().scroll!
        scrollSpec.configuration.contentHeight = max(scrollSpec.configuration.contentHeight, scene.contentHeight)
        let scroll = scrollSpec.makeSimulation()
        return Clip(spec) {
            DemoSimulation(scroll: scroll, scene: scene)
        }
    }
}

struct DemoSimulation: ClipSimulation {
    struct State: Encodable {
        var scroll: ScrollState
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: StateKey.self)
            try c.encodeScroll(scroll)
        }
    }
    let scroll: ScrollSimulation
    let scene: DemoCardsScene

    mutating func advance(to time: Double) -> State {
        State(scroll: scroll.state(at: time))
    }

    func scene(for state: State) -> Scene { scene.scene(scrollOffset: state.scroll.offset) }
}

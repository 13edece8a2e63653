// The `gradients` clip: the Overview's three animated card backgrounds over two and a half loops.

import HoloGeometry
import HoloMotion
import HoloScene

public enum CardGradients {
    public static let builtIn = BuiltInClip(
        name: "gradients",
        summary: "finance: linear, radial and angular gold/cream card backgrounds looping every 3 s (5 s reduced, static minimal)",
        defaults: { defaultSpec() }, make: { try clip($0) })

    public static func defaultSpec() -> ClipSpec {
        var spec = ClipSpec(design: "gradients")
        spec.duration = 6
        return spec
    }

    static func clip(_ spec: ClipSpec) throws -> Clip {
        let sim = try simulation(spec)
        return Clip(spec) { sim }
    }

    /// The clip's simulation at t = 0 (what `clip` renders; tests read its typed state).
    static func simulation(_ spec: ClipSpec) throws -> CardGradientsSimulation {
        _ = try ClipVariant(spec.variant, clip: spec.design, keys: [])
        let loop = GradientLoop(mode: FinanceTokens.effectiveMode(spec.environment), highContrast: spec.environment.highContrast)
        let sim = CardGradientsSimulation(loop: loop, scene: CardGradientsScene(size: spec.device.size,
                                                                                    palette: .forScheme(spec.environment.colorScheme),
                                                                                    type: spec.environment.dynamicTypeSize,
                                                                                    insets: FinanceTokens.insets(spec.device)))
        return sim
    }
}

struct CardGradientsSimulation: ClipSimulation {
    struct State: Encodable, Equatable {
        /// Seconds per loop; absent when static.
        var loopDuration: Double?
        var isStatic: Bool
        var accentOpacity: Double
        var linearPhase: Double
        var radialPhase: Double
        var angularPhase: Double
    }
    let loop: GradientLoop
    let scene: CardGradientsScene

    func state(at time: Double) -> State {
        State(loopDuration: loop.loopDuration, isStatic: loop.loopDuration == nil, accentOpacity: loop.accentOpacity,
              linearPhase: loop.phase(.linear, at: time), radialPhase: loop.phase(.radial, at: time),
              angularPhase: loop.phase(.angular, at: time))
    }

    mutating func advance(to time: Double) -> State { state(at: time) }
    func scene(for s: State) -> Scene {
        scene.scene(linear: s.linearPhase, radial: s.radialPhase, angular: s.angularPhase, accent: s.accentOpacity)
    }
}

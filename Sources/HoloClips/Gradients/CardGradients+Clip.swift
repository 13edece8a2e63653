// The `gradients` clip: the Overview's three animated card backgrounds over two and a half loops.

import HoloGeometry
import HoloMotion
import HoloScene

public enum PolishGradients {
    public static let builtIn = BuiltInClip(
        name: "gradients",
        summary: "polish: linear, radial and angular gold/cream card backgrounds looping every 3 s (5 s reduced, static minimal)",
        defaults: { defaultSpec() }, make: { try clip($0) })

    public static func defaultSpec() -> ClipSpec {
        var spec = ClipSpec(design: "gradients")
        spec.duration = 6
        return spec
    }

    static func clip(_ spec: ClipSpec) throws -> Clip {
        try PolishVariant.validate(spec.variant, clip: spec.design, known: [:])
        let loop = PolishGradientLoop(mode: PolishTokens.effectiveMode(spec.environment), highContrast: spec.environment.highContrast)
        let sim = PolishGradientsSimulation(loop: loop, scene: PolishGradientsScene(size: spec.device.size,
                                                                                    palette: .forScheme(spec.environment.colorScheme),
                                                                                    type: spec.environment.dynamicTypeSize,
                                                                                    insets: PolishTokens.insets(spec.device)))
        return Clip(spec) { sim }
    }
}

struct PolishGradientsSimulation: ClipSimulation {
    struct State: Encodable, Equatable {
        /// Seconds per loop; absent when static.
        var loopDuration: Double?
        var isStatic: Bool
        var accentOpacity: Double
        var linearPhase: Double
        var radialPhase: Double
        var angularPhase: Double
    }
    let loop: PolishGradientLoop
    let scene: PolishGradientsScene

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

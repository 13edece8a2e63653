// The `hero` clip: inputs (taps "card:N" and "back"), simulation state per frame, defaults.

import HoloGeometry
import HoloMotion
import HoloScene

/// A frame as `holoframe simulate` prints it.
public struct HeroFrameJSON: Encodable, Equatable, Sendable {
    public var x, y, w, h: Double
    public init(_ r: Rect) { x = r.minX; y = r.minY; w = r.width; h = r.height }
}

public enum HeroTransition {
    public static let builtIn = BuiltInClip(
        name: "hero",
        summary: "finance: a goal card morphs into its detail (matched geometry, spring 0.4/0.8) and back; taps card:N, back",
        defaults: { defaultSpec() },
        make: { try clip($0) })

    /// Open the third goal at 0.5 s, go back at 1.9 s.
    public static func defaultSpec() -> ClipSpec {
        var spec = ClipSpec(design: "hero")
        spec.duration = 3
        spec.taps = [Tap(time: 0.5, target: "card:2"), Tap(time: 1.9, target: "back")]
        return spec
    }

    /// "card:N" → N, "back" → nil; anything else throws naming the target.
    static func parseTaps(_ taps: [Tap], cardCount: Int) throws -> [(time: Double, card: Int?)] {
        try taps.enumerated().map { i, tap in
            if tap.target == "back" { return (tap.time, nil) }
            if tap.target.hasPrefix("card:"), let n = Int(tap.target.dropFirst(5)), (0..<cardCount).contains(n) {
                return (tap.time, n)
            }
            throw ClipInputError.unknownTap(clip: "hero", index: i, target: tap.target,
                                            known: "\"card:0\"…\"card:\(cardCount - 1)\", \"back\"")
        }
    }

    public static func model(_ spec: ClipSpec) throws -> HeroTransitionModel {
        _ = try ClipVariant(spec.variant, clip: "hero", keys: [])
        let layout = HeroTransitionLayout(size: spec.device.size, type: spec.environment.dynamicTypeSize, insets: FinanceTokens.insets(spec.device))
        let taps = try parseTaps(spec.taps, cardCount: layout.cardFrames.count)
        return HeroTransitionModel(mode: FinanceTokens.effectiveMode(spec.environment), cardFrames: layout.cardFrames,
                               detailFrame: layout.detailFrame, taps: taps)
    }

    static func clip(_ spec: ClipSpec) throws -> Clip {
        let sim = try simulation(spec)
        return Clip(spec) { sim }
    }

    /// The clip's simulation at t = 0 (what `clip` renders; tests read its typed state).
    static func simulation(_ spec: ClipSpec) throws -> HeroTransitionSimulation {
        let model = try model(spec)
        let scene = HeroTransitionScene(layout: HeroTransitionLayout(size: spec.device.size, type: spec.environment.dynamicTypeSize,
                                                             insets: FinanceTokens.insets(spec.device)),
                                    palette: .forScheme(spec.environment.colorScheme), highContrast: spec.environment.highContrast)
        return HeroTransitionSimulation(model: model, scene: scene, fps: Double(spec.fps))
    }
}

struct HeroTransitionSimulation: ClipSimulation {
    /// The frame's hero: the model's sample, how it moves, and the haptics fired on this frame.
    struct State: Encodable, Equatable {
        var sample: HeroTransitionModel.Sample
        var transition: HeroTransitionModel.Transition
        /// Haptics fired on this frame (light as a transition begins).
        var haptics: [HapticKind]

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: StateKey.self)
            try c.encode(sample.phase, "phase"); try c.encode(transition, "transition")
            try c.encodeIfPresent(sample.card, "card"); try c.encodeIfPresent(sample.heroFrame.map(HeroFrameJSON.init), "heroFrame")
            try c.encode(sample.linkProgress, "linkProgress")
            try c.encode(sample.sourceOpacity, "sourceOpacity"); try c.encode(sample.destinationOpacity, "destinationOpacity")
            try c.encode(sample.destinationScale, "destinationScale"); try c.encode(haptics, "haptics")
        }
    }
    let model: HeroTransitionModel
    let scene: HeroTransitionScene
    let fps: Double

    func state(at time: Double) -> State {
        State(sample: model.sample(at: time), transition: model.transition, haptics: haptics(at: time))
    }

    /// An event at τ belongs to the first frame at or after it, k = ⌈τ·fps⌉ (within 1e-9 of a frame
    /// instant, that frame), as the celebration's haptics.
    func haptics(at time: Double) -> [HapticKind] {
        let frame = Int((time * fps).rounded())
        return model.hapticTimes.filter { Int(($0 * fps - 1e-9).rounded(.up)) == frame }.map { _ in .light }
    }

    mutating func advance(to time: Double) -> State { state(at: time) }

    func scene(for state: State) -> Scene { scene.scene(state.sample, transition: state.transition) }
}

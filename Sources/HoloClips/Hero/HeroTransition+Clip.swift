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
        let model = try model(spec)
        let scene = HeroTransitionScene(layout: HeroTransitionLayout(size: spec.device.size, type: spec.environment.dynamicTypeSize,
                                                             insets: FinanceTokens.insets(spec.device)),
                                    palette: .forScheme(spec.environment.colorScheme), highContrast: spec.environment.highContrast)
        return Clip(spec) { HeroTransitionSimulation(model: model, scene: scene, fps: Double(spec.fps)) }
    }
}

struct HeroTransitionSimulation: ClipSimulation {
    struct State: Encodable, Equatable {
        var phase: String
        var transition: String
        var card: Int?
        var heroFrame: HeroFrameJSON?
        var linkProgress: Double
        var sourceOpacity: Double
        var destinationOpacity: Double
        var destinationScale: Double
        /// Haptics fired on this frame ("light" as a transition begins).
        var haptics: [String]
    }
    let model: HeroTransitionModel
    let scene: HeroTransitionScene
    let fps: Double

    func state(at time: Double) -> State {
        let s = model.sample(at: time)
        return State(phase: s.phase, transition: model.transition.rawValue, card: s.card, heroFrame: s.heroFrame.map(HeroFrameJSON.init),
                     linkProgress: s.linkProgress, sourceOpacity: s.sourceOpacity, destinationOpacity: s.destinationOpacity,
                     destinationScale: s.destinationScale, haptics: haptics(at: time))
    }

    /// An event at τ belongs to the first frame at or after it, k = ⌈τ·fps⌉ (within 1e-9 of a frame
    /// instant, that frame), as the celebration's haptics.
    func haptics(at time: Double) -> [String] {
        let frame = Int((time * fps).rounded())
        return model.hapticTimes.filter { Int(($0 * fps - 1e-9).rounded(.up)) == frame }.map { _ in HapticKind.light.rawValue }
    }

    mutating func advance(to time: Double) -> State { state(at: time) }

    func scene(for state: State) -> Scene {
        let sample = HeroTransitionModel.Sample(
            card: state.card, heroFrame: state.heroFrame.map { Rect(x: $0.x, y: $0.y, width: $0.w, height: $0.h) },
            linkProgress: state.linkProgress, sourceOpacity: state.sourceOpacity, destinationOpacity: state.destinationOpacity,
            destinationScale: state.destinationScale, phase: state.phase)
        return scene.scene(sample, transition: model.transition)
    }
}

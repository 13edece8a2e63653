// The `celebration` clips: a goal's last contribution lands (tap "complete"), its progress fills to
// 100% (easeOut 0.3 s), then the celebration plays. Variants: {"style": "refined"|"minimal"|"joyful"},
// also registered as `celebration-minimal` and `celebration-joyful`.

import HoloGeometry
import HoloMotion
import HoloScene

public enum GoalCelebration {
    /// The goal's fill from its saved share to 100% before the celebration starts.
    public static let fillDuration = 0.3
    public static let fillAnimation = Animation.easeOut(duration: fillDuration)

    public static let builtIn = make(name: "celebration", style: nil)
    public static let minimalBuiltIn = make(name: "celebration-minimal", style: .minimal)
    public static let joyfulBuiltIn = make(name: "celebration-joyful", style: .joyful)

    static func make(name: String, style: CelebrationStyle?) -> BuiltInClip {
        BuiltInClip(name: name, summary: summary(style ?? .refined),
                    defaults: { defaultSpec(name: name, style: style) }, make: { try clip($0) })
    }

    /// `holoframe list`'s line: what the style shows in Full mode (seed: minimal is "check mark only").
    static func summary(_ style: CelebrationStyle) -> String {
        let shows: String
        switch style {
        case .refined: shows = "pulse 1.05, gold glow, haptics"
        case .minimal: shows = "check mark only: fade in and out, haptics"
        case .joyful: shows = "pulse 1.05, gold glow, shimmer, haptics"
        }
        return "finance: a goal completes: \(style.rawValue) celebration (\(shows)); tap complete"
    }

    public static func defaultSpec(name: String = "celebration", style: CelebrationStyle? = nil) -> ClipSpec {
        var spec = ClipSpec(design: name)
        spec.duration = 3.2
        spec.taps = [Tap(time: 0.4, target: "complete")]
        if let style { spec.variant = ["style": .string(style.rawValue)] }
        return spec
    }

    public static func style(_ spec: ClipSpec) throws -> CelebrationStyle {
        let variant = try ClipVariant(spec.variant, clip: spec.design, keys: ["style"])
        if let style = try variant.choice("style", as: CelebrationStyle.self) { return style }
        switch spec.design {
        case "celebration-minimal": return .minimal
        case "celebration-joyful": return .joyful
        default: return .refined
        }
    }

    /// The time of the first "complete" tap; other targets throw.
    public static func completionTime(_ spec: ClipSpec) throws -> Double? {
        for (i, tap) in spec.taps.enumerated() where tap.target != "complete" {
            throw ClipInputError.unknownTap(clip: spec.design, index: i, target: tap.target, known: "\"complete\"")
        }
        return spec.taps.first?.time
    }

    static func clip(_ spec: ClipSpec) throws -> Clip {
        let style = try style(spec)
        let timeline = GoalCelebrationTimeline(mode: FinanceTokens.effectiveMode(spec.environment), style: style,
                                                 highContrast: spec.environment.highContrast)
        let sim = GoalCelebrationSimulation(timeline: timeline, completion: try completionTime(spec), fps: spec.fps,
                                              scene: GoalCelebrationScene(size: spec.device.size, palette: .forScheme(spec.environment.colorScheme),
                                                                                   type: spec.environment.dynamicTypeSize,
                                                                                   insets: FinanceTokens.insets(spec.device)))
        return Clip(spec) { sim }
    }
}

struct GoalCelebrationSimulation: ClipSimulation {
    struct State: Encodable, Equatable {
        var style: String
        var mode: String
        var goalProgress: Double
        /// Seconds since the celebration started (absent before).
        var celebrationTime: Double?
        var phase: String
        var opacity: Double
        var scale: Double
        var glowOpacity: Double
        var shimmer: Double?
        var haptics: [String]
    }

    let timeline: GoalCelebrationTimeline
    /// When "complete" was tapped (nil: never).
    let completion: Double?
    let fps: Double
    let scene: GoalCelebrationScene

    var start: Double? { completion.map { $0 + GoalCelebration.fillDuration } }

    func state(at time: Double) -> State {
        let saved = FinanceData.goals[0].progress
        var progress = AnimatedValue(saved)
        if let c = completion { progress.set(1, animation: GoalCelebration.fillAnimation, at: c) }
        // Seconds since the start, snapped to 1 ns so that frame instants land exactly on the
        // timeline's boundaries (2.3 − 0.7 is 1.5999999999999999 in binary).
        let elapsed = start.flatMap { time >= $0 ? ((time - $0) * 1e9).rounded() / 1e9 : nil }
        let s = timeline.sample(elapsed: elapsed)
        let frame = Int((time * fps).rounded())
        let haptics = start.map { timeline.haptics(onFrame: frame, fps: fps, start: $0).map(\.rawValue) } ?? []
        return State(style: timeline.style.rawValue, mode: timeline.mode.rawValue, goalProgress: progress.value(at: time),
                     celebrationTime: elapsed, phase: s.phase, opacity: s.opacity, scale: s.scale, glowOpacity: s.glowOpacity,
                     shimmer: s.shimmer, haptics: haptics)
    }

    mutating func advance(to time: Double) -> State { state(at: time) }

    func scene(for state: State) -> Scene {
        scene.scene(goalProgress: state.goalProgress,
                    sample: .init(phase: state.phase, opacity: state.opacity, scale: state.scale, glowOpacity: state.glowOpacity,
                                  shimmer: state.shimmer),
                    style: timeline.style)
    }
}

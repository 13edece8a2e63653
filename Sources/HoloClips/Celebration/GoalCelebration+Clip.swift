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

    /// `holoframe list`'s line: what the style shows in Full mode (design: minimal is "check mark only").
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
        let sim = try simulation(spec)
        return Clip(spec) { sim }
    }

    /// The clip's simulation at t = 0 (what `clip` renders; tests read its typed state).
    static func simulation(_ spec: ClipSpec) throws -> GoalCelebrationSimulation {
        let style = try style(spec)
        let timeline = GoalCelebrationTimeline(mode: FinanceTokens.effectiveMode(spec.environment), style: style,
                                                 highContrast: spec.environment.highContrast)
        let sim = GoalCelebrationSimulation(timeline: timeline, completion: try completionTime(spec), fps: spec.fps,
                                              scene: GoalCelebrationScene(size: spec.device.size, palette: .forScheme(spec.environment.colorScheme),
                                                                                   type: spec.environment.dynamicTypeSize,
                                                                                   insets: FinanceTokens.insets(spec.device)))
        return sim
    }
}

struct GoalCelebrationSimulation: ClipSimulation {
    /// The frame's celebration: the goal's fill, the timeline's sample, the haptics fired on this frame.
    struct State: Encodable, Equatable {
        var style: CelebrationStyle
        var mode: AnimationMode
        var goalProgress: Double
        /// Seconds since the celebration started (nil before; the state line leaves it out).
        var celebrationTime: Double?
        var sample: GoalCelebrationTimeline.Sample
        var haptics: [HapticKind]

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: StateKey.self)
            try c.encode(style, "style"); try c.encode(mode.rawValue, "mode"); try c.encode(goalProgress, "goalProgress")
            try c.encodeIfPresent(celebrationTime, "celebrationTime")
            try c.encode(sample.phase, "phase"); try c.encode(sample.opacity, "opacity"); try c.encode(sample.scale, "scale")
            try c.encode(sample.glowOpacity, "glowOpacity"); try c.encodeIfPresent(sample.shimmer, "shimmer")
            try c.encode(haptics, "haptics")
        }
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
        let frame = Int((time * fps).rounded())
        let haptics = start.map { timeline.haptics(onFrame: frame, fps: fps, start: $0) } ?? []
        return State(style: timeline.style, mode: timeline.mode, goalProgress: progress.value(at: time),
                     celebrationTime: elapsed, sample: timeline.sample(elapsed: elapsed), haptics: haptics)
    }

    mutating func advance(to time: Double) -> State { state(at: time) }

    func scene(for state: State) -> Scene {
        scene.scene(goalProgress: state.goalProgress, sample: state.sample, style: state.style)
    }
}

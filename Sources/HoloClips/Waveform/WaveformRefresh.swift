// The refresh state machine of the waveform design (CustomRefreshView + FeedView; docs/designs.md,
// Waveform), stepped at 600 Hz beside the scroll simulation.
//
// Why a fixed step: the wave starts when progress first reaches 10 %, a moment between frames. A
// 600 Hz step (the scroll simulation's own rate) finds it at the same instant whichever frames are
// asked for, so frame 500 alone gives the same bars as frames 0…500. Discrete things (phase, when
// the wave started) live in the stepped state; continuous values (progress, heights, spacer) are
// closed-form functions of time given that state.
//
// Phases (the design's isRefreshing / pullProgress, as one value):
//   following   pullProgress = clamp(−offset / 80, 0, 1) from the scroll view (rubber-banded offset)
//   pullingDown tab re-selection: pullProgress 0 → 1 over 0.4 s easeOut, the spacer with it
//   refreshing  load + 1.3 s (design: `await loadData(); sleep 1.3 s`), pullProgress held at 1
//   fadingOut   pullProgress 1 → 0 over 0.3 s easeOut, the spacer collapsing with it
// A refresh starts when a finger lifts with progress ≥ 1 (design: "Upon release, the waveform plays").
// Reading of the design: while following, progress tracks the offset through the bounce back, so a
// pull that does not trigger fades its bars as the content springs back.

import HoloMotion

public enum WaveformPhase: Hashable, Sendable {
    case following
    case pullingDown(start: Double)
    case refreshing(start: Double, end: Double)
    case fadingOut(start: Double)

    /// The phase without its times.
    public enum Kind: String, Hashable, Sendable { case following, pullingDown, refreshing, fadingOut }

    public var kind: Kind {
        switch self {
        case .following: .following
        case .pullingDown: .pullingDown
        case .refreshing: .refreshing
        case .fadingOut: .fadingOut
        }
    }

    /// The phase as the state line writes it: "following", "pullingDown", "refreshing", "fadingOut".
    public var name: String { kind.rawValue }

    /// The phase after the transitions that only time makes (pull-down done, refresh over, fade done).
    func settled(at t: Double, load: Double) -> WaveformPhase {
        var p = self
        while true {
            switch p {
            case .pullingDown(let s) where t >= s + WaveformTokens.tabPullDownDuration:
                let start = s + WaveformTokens.tabPullDownDuration
                p = .refreshing(start: start, end: start + load + WaveformTokens.minimumRefreshDuration)
            case .refreshing(_, let end) where t >= end:
                p = .fadingOut(start: end)
            case .fadingOut(let s) where t >= s + WaveformTokens.fadeOutDuration:
                p = .following
            default:
                return p
            }
        }
    }
}

/// The inputs the refresh reacts to, besides the scroll offset.
public struct WaveformInputs: Hashable, Sendable {
    /// Times fingers lift from the list (the release that may trigger a refresh).
    public var releaseTimes: [Double]
    /// Tab taps that ask for a refresh (every second re-selection; see WaveformTabReselection).
    public var tabRefreshTimes: [Double]
    /// How long `loadData()` takes, in seconds (0: instant; the refresh still shows 1.3 s).
    public var loadDuration: Double
    public init(releaseTimes: [Double], tabRefreshTimes: [Double] = [], loadDuration: Double = 0) {
        self.releaseTimes = releaseTimes; self.tabRefreshTimes = tabRefreshTimes; self.loadDuration = loadDuration
    }
}

/// Everything the scene and `holoframe simulate` need at one instant.
public struct WaveformFrameState: Encodable, Hashable, Sendable {
    /// The feed's scroll view (its state line has no velocity).
    public var scroll: ScrollState
    /// The refresh's phase, with the times it started (the state line writes its name).
    public var phase: WaveformPhase
    public var pullProgress: Double
    public var barOpacities: [Double]
    public var barHeights: [Double]
    public var waveActive: Bool
    /// When the wave (bar 0) started, nil when it is not running.
    public var waveStart: Double?
    public var refreshing: Bool
    /// Seconds since the refresh started (0 when not refreshing).
    public var refreshElapsed: Double
    /// Height of the spacer row pushing the content down, in points.
    public var spacer: Double
    /// Fraction of the 0.3 s fade-out done (0 when not fading out).
    public var fadeOut: Double
    /// Refreshes started so far.
    public var refreshCount: Int

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: StateKey.self)
        try c.encodeScroll(scroll, velocity: false)
        try c.encode(phase.name, "phase"); try c.encode(pullProgress, "pullProgress")
        try c.encode(barOpacities, "barOpacities"); try c.encode(barHeights, "barHeights")
        try c.encode(waveActive, "waveActive"); try c.encodeIfPresent(waveStart, "waveStart")
        try c.encode(refreshing, "refreshing"); try c.encode(refreshElapsed, "refreshElapsed")
        try c.encode(spacer, "spacer"); try c.encode(fadeOut, "fadeOut"); try c.encode(refreshCount, "refreshCount")
    }
}

public final class WaveformRefresh: Sendable {
    struct Step: Sendable {
        var phase = WaveformPhase.following
        var waveStart: Double? = nil
        var nextRelease = 0
        var nextTabRefresh = 0
        var refreshCount = 0
    }

    public static let stepsPerSecond = ScrollSimulation.stepsPerSecond
    public let scroll: ScrollSimulation
    public let inputs: WaveformInputs
    private let timeline: SteppedTimeline<Step>

    public init(scroll: ScrollSimulation, inputs: WaveformInputs) {
        self.scroll = scroll
        self.inputs = inputs
        let rules = Rules(scroll: scroll, inputs: inputs)
        var initial = Step()
        rules.apply(upTo: 0, &initial)
        timeline = SteppedTimeline(initial: initial, stepsPerSecond: Self.stepsPerSecond) { s, n in rules.apply(upTo: n + 1, &s) }
    }

    /// progress = clamp(−offset / 80, 0, 1)
    @inlinable public static func pullProgress(offset: Double) -> Double {
        min(max(-offset / WaveformTokens.fullPullDistance, 0), 1)
    }

    /// Pull progress and spacer height in a phase at time t (offset: the scroll view's, for `following`).
    static func progressAndSpacer(_ phase: WaveformPhase, at t: Double, offset: Double) -> (Double, Double) {
        let spacer = WaveformTokens.spacerHeight
        switch phase {
        case .following:
            // Design: the 50 pt spacer appears when pullProgress > 0; it fills the pulled-open gap
            // (min(50, −offset)), so appearing moves nothing (WaveformLayout.rowTop).
            let p = pullProgress(offset: offset)
            return (p, p > 0 ? min(spacer, -offset) : 0)
        case .pullingDown(let s):
            // Both in one `withAnimation(.easeOut(duration: 0.4))` transaction: y = easeOut((t − s)/0.4)
            let y = WaveformTokens.tabPullDownCurve.value(at: (t - s) / WaveformTokens.tabPullDownDuration)
            return (y, spacer * y)
        case .refreshing:
            return (1, spacer)
        case .fadingOut(let s):
            // pullProgress 1 → 0 and the spacer row removed in one easeOut(0.3) transaction.
            let y = WaveformTokens.fadeOutCurve.value(at: (t - s) / WaveformTokens.fadeOutDuration)
            return (1 - y, spacer * (1 - y))
        }
    }

    /// The wave runs while progress ≥ 10 % and throughout a refresh and its fade-out.
    static func waveShouldRun(_ phase: WaveformPhase, progress: Double) -> Bool {
        switch phase {
        case .refreshing, .fadingOut: return true
        case .following, .pullingDown: return progress >= WaveformTokens.waveStartProgress
        }
    }

    struct Rules: Sendable {
        let scroll: ScrollSimulation
        let inputs: WaveformInputs
        let releaseSteps: [Int]
        let tabSteps: [Int]

        init(scroll: ScrollSimulation, inputs: WaveformInputs) {
            self.scroll = scroll; self.inputs = inputs
            releaseSteps = inputs.releaseTimes.map(Rules.dueStep)
            tabSteps = inputs.tabRefreshTimes.map(Rules.dueStep)
        }

        /// The first step instant at or after t (as the scroll simulation schedules its events).
        static func dueStep(_ t: Double) -> Int {
            max(0, Int((t * Double(WaveformRefresh.stepsPerSecond) - FixedStep.snapTolerance).rounded(.up)))
        }

        /// Advance to step `n`: time transitions, then the events due there, then the wave.
        func apply(upTo n: Int, _ s: inout Step) {
            let t = Double(n) / Double(WaveformRefresh.stepsPerSecond)
            let load = inputs.loadDuration
            s.phase = s.phase.settled(at: t, load: load)
            while s.nextRelease < releaseSteps.count && releaseSteps[s.nextRelease] <= n {
                let release = inputs.releaseTimes[s.nextRelease]
                s.nextRelease += 1
                guard s.phase == .following else { continue }
                // Released past the threshold: the refresh runs from the lift.
                if WaveformRefresh.pullProgress(offset: scroll.state(at: release).offset) >= 1 {
                    s.phase = .refreshing(start: release, end: release + load + WaveformTokens.minimumRefreshDuration)
                    s.refreshCount += 1
                }
            }
            while s.nextTabRefresh < tabSteps.count && tabSteps[s.nextTabRefresh] <= n {
                let tap = inputs.tabRefreshTimes[s.nextTabRefresh]
                s.nextTabRefresh += 1
                guard s.phase == .following else { continue }
                s.phase = .pullingDown(start: tap)
                s.refreshCount += 1
            }
            s.phase = s.phase.settled(at: t, load: load)
            let (p, _) = WaveformRefresh.progressAndSpacer(s.phase, at: t, offset: scroll.state(at: t).offset)
            if WaveformRefresh.waveShouldRun(s.phase, progress: p) {
                if s.waveStart == nil { s.waveStart = t }
            } else {
                s.waveStart = nil
            }
        }
    }

    /// The state at time t ≥ 0 (the stepped state at the last step instant ≤ t, closed forms at t).
    public func state(at t: Double) -> WaveformFrameState {
        let (n, _) = FixedStep.split(t, stepsPerSecond: Self.stepsPerSecond)
        let s = timeline.state(atStep: n)
        let phase = s.phase.settled(at: t, load: inputs.loadDuration)
        let scrollState = scroll.state(at: t)
        let (p, spacer) = Self.progressAndSpacer(phase, at: t, offset: scrollState.offset)
        let waveElapsed = s.waveStart.map { t - $0 }
        var refreshElapsed = 0.0, fade = 0.0
        if case .refreshing(let start, _) = phase { refreshElapsed = t - start }
        if case .fadingOut(let start) = phase { fade = min(max((t - start) / WaveformTokens.fadeOutDuration, 0), 1) }
        let bars = 0..<WaveformTokens.barCount
        return WaveformFrameState(
            scroll: scrollState, phase: phase,
            pullProgress: p,
            barOpacities: bars.map { WaveformBars.opacity(bar: $0, progress: p) },
            barHeights: bars.map { WaveformBars.height(bar: $0, waveElapsed: waveElapsed) },
            waveActive: s.waveStart != nil, waveStart: s.waveStart,
            refreshing: { if case .refreshing = phase { return true }; return false }(),
            refreshElapsed: refreshElapsed, spacer: spacer, fadeOut: fade, refreshCount: s.refreshCount)
    }
}

// Celebration (docs/designs.md, Celebration): the design's timeline (fade in 200 ms → pulse 600 →
// glow 800 → fade out 400, gone at 2 s), the 1.05 pulse peak, the 0.3 gold glow (0.5 High
// Contrast), the light-light-medium haptics on their frames, and the Reduced (800 ms quick pulse)
// and Minimal/Reduce Motion (400 ms fade) modes.

import Testing
import HoloScene
import HoloMotion
@testable import HoloClips

@Suite struct GoalCelebrationTests {
    let refined = GoalCelebrationTimeline(mode: .full, style: .refined, highContrast: false)

    @Test(arguments: [(0.0, GoalCelebrationTimeline.Phase.fadeIn), (0.199, .fadeIn), (0.2, .pulse), (0.799, .pulse), (0.8, .glow),
                      (1.599, .glow), (1.6, .fadeOut), (1.999, .fadeOut), (2.0, .done)])
    func phaseBoundariesFollowTheSeedSequence(elapsed: Double, phase: GoalCelebrationTimeline.Phase) {
        #expect(refined.sample(elapsed: elapsed).phase == phase)
    }

    @Test func fadesInOverTwoHundredMillisecondsAndIsGoneAtTwoSeconds() {
        #expect(refined.sample(elapsed: 0).opacity == 0)
        let mid = refined.sample(elapsed: 0.1).opacity
        #expect(mid > 0.5 && mid < 0.9) // easeOut is past half-way at half time
        #expect(refined.sample(elapsed: 0.2).opacity == 1)
        #expect(refined.sample(elapsed: 1.6).opacity == 1)
        #expect(refined.sample(elapsed: 1.8).opacity < 0.5)
        #expect(refined.sample(elapsed: 2.0).opacity == 0)
        #expect(refined.sample(elapsed: nil).phase == .idle)
        #expect(refined.duration == 2.0)
    }

    @Test func pulsePeaksAtOnePointOhFive() throws {
        var peak = 0.0, peakTime = 0.0
        for k in 0...600 {
            let t = Double(k) / 600 * 2
            let s = refined.sample(elapsed: t).scale
            if s > peak { peak = s; peakTime = t }
        }
        #expect(abs(peak - 1.05) < 5e-4)
        let predicted = try #require(refined.pulsePeak)
        // π/ω for spring(0.6, 0.7): ω = 2π·√(1 − 0.49)/0.6
        #expect(abs(predicted - (0.2 + 0.6 / (2 * (1 - 0.49).squareRoot()))) < 1e-12)
        #expect(abs(peakTime - predicted) < 0.01)
        #expect(refined.sample(elapsed: 0.2).scale == 1)
        #expect(abs(refined.sample(elapsed: 1.6).scale - 1) < 0.005)
    }

    @Test(arguments: [(false, 0.3), (true, 0.5)])
    func goldGlowReachesItsOpacityAtTheEndOfTheGlowPhase(highContrast: Bool, expected: Double) {
        let t = GoalCelebrationTimeline(mode: .full, style: .refined, highContrast: highContrast)
        #expect(t.sample(elapsed: 0.79).glowOpacity == 0)
        let mid = t.sample(elapsed: 1.2).glowOpacity
        #expect(abs(mid - expected / 2) < 1e-9) // easeInOut is symmetric: half at half time
        #expect(t.sample(elapsed: 1.6).glowOpacity == expected)
        #expect(t.sample(elapsed: 2.0).glowOpacity == 0)
    }

    @Test func hapticsFireOnTheirFramesLightLightMediumAtThePeak() throws {
        let frames = try celebrationFrames(GoalCelebration.defaultSpec())
        let fired = frames.filter { !$0.state.haptics.isEmpty }
        #expect(fired.flatMap(\.state.haptics) == [.light, .light, .medium])
        // Default: "complete" at 0.4 s, fill 0.3 s, so the celebration starts at 0.7 s.
        #expect(fired[0].index == 54) // 0.7 + 0.2 = 0.9 s = frame 54
        let peak = 0.7 + refined.pulsePeak!
        #expect(fired[2].time >= peak - 1e-9 && fired[2].time - 1.0 / 60 < peak)
        #expect(fired[1].index > fired[0].index && fired[1].index < fired[2].index)
        // The medium frame's scale is the largest scale shown within a frame of it.
        let k = fired[2].index
        #expect(abs(frames[k].state.sample.scale - 1.05) < 1e-3)
    }

    @Test func simulatedFramesCrossThePhaseBoundariesOnTime() throws {
        let frames = try celebrationFrames(GoalCelebration.defaultSpec(), 20...170)
        func phase(at t: Double) -> GoalCelebrationTimeline.Phase { frames.first { abs($0.time - t) < 1e-9 }!.state.sample.phase }
        #expect(phase(at: 0.7) == .fadeIn)
        #expect(phase(at: 0.9) == .pulse)
        #expect(phase(at: 1.5) == .glow)
        #expect(phase(at: 2.3) == .fadeOut)
        #expect(phase(at: 2.7) == .done)
        #expect(frames.first { abs($0.time - 0.4) < 1e-9 }!.state.goalProgress == 0.92)
        #expect(frames.first { abs($0.time - 0.7) < 1e-9 }!.state.goalProgress == 1)
    }

    @Test func reducedModeIsAnEightHundredMillisecondQuickPulse() {
        let t = GoalCelebrationTimeline(mode: .reduced, style: .refined, highContrast: false)
        #expect(t.duration == 0.8)
        #expect(t.sample(elapsed: 0.2).phase == .pulse)
        #expect(t.sample(elapsed: 0.4).scale == 1.05)
        #expect(t.sample(elapsed: 0.6).phase == .fadeOut)
        #expect(t.sample(elapsed: 0.6).scale == 1)
        #expect(t.sample(elapsed: 0.8).phase == .done)
        for k in 0...80 { #expect(t.sample(elapsed: Double(k) / 100).glowOpacity == 0) }
        #expect(t.haptics.isEmpty)
    }

    @Test(arguments: [(AnimationMode.minimal, false), (AnimationMode.full, true), (AnimationMode.reduced, true)])
    func minimalModeAndReduceMotionFadeOnlyForFourHundredMilliseconds(mode: AnimationMode, reduceMotion: Bool) throws {
        var env = ClipEnvironment(); env.animationMode = mode; env.reduceMotion = reduceMotion
        let t = GoalCelebrationTimeline(mode: FinanceTokens.effectiveMode(env), style: .refined, highContrast: false)
        #expect(t.duration == 0.4)
        #expect(abs(t.sample(elapsed: 0.1).opacity - 0.5) < 1e-9) // linear(0.2)
        #expect(t.sample(elapsed: 0.2).opacity == 1)
        #expect(abs(t.sample(elapsed: 0.3).opacity - 0.5) < 1e-9)
        #expect(t.sample(elapsed: 0.4).phase == .done)
        for k in 0...40 {
            let s = t.sample(elapsed: Double(k) / 100)
            #expect(s.scale == 1 && s.glowOpacity == 0)
        }
    }

    @Test func minimalStyleIsACheckMarkOnlyAndJoyfulAddsAShimmer() {
        let minimal = GoalCelebrationTimeline(mode: .full, style: .minimal, highContrast: false)
        for k in 0...200 {
            let s = minimal.sample(elapsed: Double(k) / 100)
            #expect(s.scale == 1 && s.glowOpacity == 0 && s.shimmer == nil)
        }
        #expect(minimal.haptics.map(\.kind) == [.light, .light, .medium])
        let joyful = GoalCelebrationTimeline(mode: .full, style: .joyful, highContrast: false)
        #expect(joyful.sample(elapsed: 0.7).shimmer == nil)
        #expect(abs(joyful.sample(elapsed: 1.2).shimmer! - 0.5) < 1e-9)
        #expect(joyful.sample(elapsed: 1.6).shimmer == nil)
        #expect(joyful.sample(elapsed: 1.6).glowOpacity == 0.3) // refined underneath
    }

    /// `holoframe list` says what each celebration shows: a pulse, a glow or a shimmer only where
    /// the clip's own frames have one (celebration-minimal listed "pulse 1.05, gold glow").
    @Test(arguments: [GoalCelebration.builtIn, GoalCelebration.minimalBuiltIn, GoalCelebration.joyfulBuiltIn])
    func listLineNamesOnlyWhatTheClipShows(_ clip: BuiltInClip) throws {
        let frames = try celebrationFrames(clip.defaults())
        let pulses = frames.contains { $0.state.sample.scale != 1 }
        let glows = frames.contains { $0.state.sample.glowOpacity > 0 }
        let shimmers = frames.contains { $0.state.sample.shimmer != nil }
        let haptics = frames.contains { !$0.state.haptics.isEmpty }
        #expect(clip.summary.contains("pulse") == pulses, "\(clip.name): \(clip.summary)")
        #expect(clip.summary.contains("glow") == glows, "\(clip.name): \(clip.summary)")
        #expect(clip.summary.contains("shimmer") == shimmers, "\(clip.name): \(clip.summary)")
        #expect(clip.summary.contains("haptics") == haptics, "\(clip.name): \(clip.summary)")
    }

    @Test func variantsByNameAndByField() throws {
        #expect(try GoalCelebration.style(GoalCelebration.minimalBuiltIn.defaults()) == .minimal)
        #expect(try GoalCelebration.style(GoalCelebration.joyfulBuiltIn.defaults()) == .joyful)
        var spec = GoalCelebration.defaultSpec()
        spec.variant = ["style": .string("joyful")]
        #expect(try GoalCelebration.style(spec) == .joyful)
        spec.variant = ["style": .string("confetti")]
        do { _ = try GoalCelebration.style(spec); Issue.record("no error") } catch { #expect("\(error)".contains("\"confetti\"")) }
        spec.variant = ["colour": .string("gold")]
        do { _ = try GoalCelebration.style(spec); Issue.record("no error") } catch { #expect("\(error)".contains("\"colour\"")) }
        spec.variant = [:]; spec.taps = [Tap(time: 0.1, target: "goal:1")]
        do { _ = try ClipCatalog.clip(for: spec); Issue.record("no error") } catch { #expect("\(error)".contains("\"goal:1\"")) }
    }

    /// Dynamic Type (docs/designs.md, Finance app: "All text scales with user preferences",
    /// minimumScaleFactor 0.7): the goal cards' text follows the iOS tables and the cards grow;
    /// large draws as before.
    @Test(arguments: [DynamicTypeSize.xSmall, .large, .xxxLarge, .accessibility3, .accessibility5])
    func goalCardsFollowDynamicType(_ size: DynamicTypeSize) throws {
        var spec = GoalCelebration.defaultSpec()
        spec.environment.dynamicTypeSize = size
        let scene = try renderedFrames(spec, 0...0)[0].scene
        var runs: [String: TextRun] = [:]
        func walk(_ nodes: [Node]) {
            for n in nodes {
                if case .text(let run, _) = n, runs[run.string] == nil { runs[run.string] = run }
                if case .group(let g) = n { walk(g.children) }
            }
        }
        walk(scene.root)
        #expect(runs["Goals"]?.font.size == size.pointSize(.largeTitle))
        let name = try #require(runs["Steinway Piano"])
        #expect(name.font.size == size.pointSize(.headline) && name.minimumScaleFactor == 0.7 && name.wrapWidth != nil)
        let cards = GoalCelebrationScene(size: spec.device.size, palette: .light, type: size).cardFrames
        #expect(size < .large ? cards[0].height < 104 : size == .large ? cards[0].height == 104 : cards[0].height > 104)
        let standard = try renderedFrames(GoalCelebration.defaultSpec(), 0...0)[0].scene
        #expect((scene == standard) == (size == .large))
    }
}

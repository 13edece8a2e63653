// Animated gradients: 3 s loops (5 s Reduced), static in Minimal and with Reduce Motion, seamless at
// the loop point (the state and the scene at t and t + loop are identical).

import Testing
import HoloMotion
@testable import HoloClips

@Suite struct CardGradientsTests {
    @Test(arguments: [(AnimationMode.full, 180), (AnimationMode.reduced, 300)])
    func loopsAreSeamless(mode: AnimationMode, loopFrames: Int) throws {
        var spec = withEnvironment(CardGradients.defaultSpec(), mode: mode)
        spec.duration = Double(2 * loopFrames) / 60
        let frames = try gradientFrames(spec)
        for k in stride(from: 0, to: loopFrames, by: 7) {
            #expect(frames[k].state == frames[k + loopFrames].state)
            #expect(frames[k].scene == frames[k + loopFrames].scene)
        }
        // … and it does move within a loop.
        #expect(frames[0].scene != frames[loopFrames / 2].scene)
        #expect(frames[0].state.loopDuration == Double(loopFrames) / 60)
    }

    @Test func phasesAdvanceLinearlyAThirdApart() {
        let loop = GradientLoop(mode: .full, highContrast: false)
        #expect(loop.phase(.linear, at: 1.5) == 0.5)
        #expect(loop.phase(.linear, at: 0.75) == 0.25)
        #expect(abs(loop.phase(.radial, at: 0) - 1.0 / 3) < 1e-6)
        #expect(abs(loop.phase(.angular, at: 1.5) - (2.0 / 3 + 0.5 - 1)) < 1e-6)
        #expect(loop.phase(.linear, at: 3) == 0)
    }

    @Test(arguments: [(AnimationMode.minimal, false), (AnimationMode.full, true)])
    func minimalAndReduceMotionAreStatic(mode: AnimationMode, reduceMotion: Bool) throws {
        let frames = try gradientFrames(withEnvironment(CardGradients.defaultSpec(), mode: mode, reduceMotion: reduceMotion), 0...100)
        #expect(frames.allSatisfy { $0.scene == frames[0].scene })
        #expect(frames[50].state.isStatic)
    }

    @Test func highContrastStrengthensTheAccentWithinTheSeedBand() {
        let normal = GradientLoop(mode: .full, highContrast: false).accentOpacity
        let high = GradientLoop(mode: .full, highContrast: true).accentOpacity
        #expect(normal == 0.15 && high > normal && high <= 0.2)
    }
}

// Parallax: header art at 0.7 and page background at 0.5 of the scroll, exactly, through the default
// fling and reversal; half the lag in Reduced; none in Minimal or with Reduce Motion.

import Testing
import HoloMotion
@testable import HoloClips

@Suite struct ParallaxScrollTests {
    @Test func defaultScriptFlingsAndReverses() throws {
        let frames = try parallaxFrames(ParallaxScroll.defaultSpec())
        let v = frames.map { $0.state.scroll.velocity }
        #expect(v.contains { $0 > 500 } && v.contains { $0 < -500 })
        #expect(frames.contains { $0.state.scroll.phase == .decelerating })
        #expect(frames.map { $0.state.scroll.offset }.max()! > 400)
    }

    @Test func fullModeLayersMoveAtSeventyAndFiftyPercent() throws {
        let frames = try parallaxFrames(ParallaxScroll.defaultSpec())
        for f in frames {
            let s = f.state.scroll.offset
            // (speed·s as the simulation computes it: exact, compared to 1e-12 as the JSON-read test did)
            #expect(abs(f.state.headerOffset - 0.7 * s) <= 1e-12 * max(1, abs(s)))
            #expect(abs(f.state.backgroundOffset - 0.5 * s) <= 1e-12 * max(1, abs(s)))
            #expect(abs(f.state.headerLag - 0.3 * s) < 1e-9)
            #expect(abs(f.state.backgroundLag - 0.5 * s) < 1e-9)
        }
        #expect(frames[0].state.headerSpeed == 0.7 && frames[0].state.backgroundSpeed == 0.5)
    }

    @Test(arguments: [0.0, 1, 123.456, 970.25, -8.2])
    func speedsAreExactlyTheSeedRatios(scroll s: Double) {
        let full = ParallaxSpeeds(mode: .full)
        #expect(full.headerOffset(scroll: s) == 0.7 * s && full.backgroundOffset(scroll: s) == 0.5 * s)
        let reduced = ParallaxSpeeds(mode: .reduced)
        #expect(abs(reduced.headerLag(scroll: s) - full.headerLag(scroll: s) / 2) < 1e-12)
        #expect(abs(reduced.backgroundLag(scroll: s) - full.backgroundLag(scroll: s) / 2) < 1e-12)
        let off = ParallaxSpeeds(mode: .minimal)
        #expect(off.headerLag(scroll: s) == 0 && off.backgroundLag(scroll: s) == 0)
    }

    @Test func reducedModeHalvesTheParallax() throws {
        let frames = try parallaxFrames(withEnvironment(ParallaxScroll.defaultSpec(), mode: .reduced))
        for f in frames {
            let s = f.state.scroll.offset
            #expect(abs(f.state.headerLag - 0.15 * s) < 1e-9)
            #expect(abs(f.state.backgroundLag - 0.25 * s) < 1e-9)
        }
        #expect(frames[0].state.headerSpeed == 0.85 && frames[0].state.backgroundSpeed == 0.75)
    }

    @Test(arguments: [(AnimationMode.minimal, false), (AnimationMode.full, true)])
    func minimalAndReduceMotionTurnParallaxOff(mode: AnimationMode, reduceMotion: Bool) throws {
        let frames = try parallaxFrames(withEnvironment(ParallaxScroll.defaultSpec(), mode: mode, reduceMotion: reduceMotion))
        for f in frames {
            #expect(f.state.headerLag == 0 && f.state.backgroundLag == 0)
            #expect(abs(f.state.headerOffset - f.state.scroll.offset) < 1e-9)
        }
    }

    @Test func headerArtIsDrawnLowerByItsLag() throws {
        // Two scenes at the same scroll offset: with parallax the header art differs from without.
        let scene = ParallaxScrollScene(size: .init(390, 844), palette: .light)
        let full = scene.scene(scroll: 200, speeds: ParallaxSpeeds(mode: .full))
        let off = scene.scene(scroll: 200, speeds: ParallaxSpeeds(mode: .minimal))
        #expect(full != off)
        #expect(scene.scene(scroll: 0, speeds: ParallaxSpeeds(mode: .full)) ==
                scene.scene(scroll: 0, speeds: ParallaxSpeeds(mode: .minimal)))
    }

    @Test func unknownVariantIsNamed() {
        var spec = ParallaxScroll.defaultSpec()
        spec.variant = ["depth": .number(2)]
        do { _ = try ClipCatalog.clip(for: spec); Issue.record("no error") } catch { #expect("\(error)".contains("\"depth\"")) }
    }
}

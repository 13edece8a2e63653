// Hero transition: the shared frame starts at the tapped card, springs (0.4, 0.8) to the detail,
// crossfades source and destination, reverses on "back" keeping its velocity; Reduced scales in
// 250 ms, Minimal and Reduce Motion crossfade in 100 ms.

import Testing
import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

@Suite struct HeroTransitionTests {
    func spec(_ taps: [Tap], device: Device = .iPhone12) -> ClipSpec {
        var s = HeroTransition.defaultSpec()
        s.taps = taps
        s.device = device
        return s
    }
    let open = Tap(time: 0.5, target: "card:2")

    @Test func heroFrameStartsAtTheTappedCardAndRestsAtTheDetail() throws {
        let model = try HeroTransition.model(spec([open]))
        // Third goal card: y = 116 + 2·(104 + 12) = 348, width 390 − 2·16 (the kit's card; 0.1 pt
        // lower: the large title above it is the font's line height, 41.1 pt).
        #expect(model.sample(at: 0.49).heroFrame == nil)
        let start = try #require(model.sample(at: 0.5).heroFrame)
        #expect(start.size == Size(358, 104) && start.minX == 16 && abs(start.minY - 348) < 0.25)
        #expect(start == HeroTransitionLayout(size: Size(390, 844)).cardFrames[2])
        #expect(model.sample(at: 0.5).phase == .opening)
        let rest = model.sample(at: 2.0)
        #expect(rest.heroFrame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(rest.phase == .detail)
        #expect(rest.sourceOpacity == 0 && rest.destinationOpacity == 1)
    }

    @Test func sharedFrameFollowsTheSeedSpringComponentByComponent() throws {
        let model = try HeroTransition.model(spec([open]))
        let spring = Spring(response: 0.4, dampingFraction: 0.8)
        for dt in [0.05, 0.1, 0.2, 0.3] {
            let f = try #require(model.sample(at: 0.5 + dt).heroFrame)
            // Each component: from + (to − from)·x(t)/T with the closed-form unit step response.
            let unit = spring.closedFormPosition(target: 1, time: dt)
            #expect(abs(f.minY - 348 * (1 - unit)) < 0.5)
            #expect(abs(f.height - (104 + (844 - 104) * unit)) < 0.5)
            #expect(abs(f.width - (358 + 32 * unit)) < 0.05)
        }
    }

    @Test func springOvershootIsBoundedAndPresent() throws {
        let model = try HeroTransition.model(spec([open]))
        var maxHeight = 0.0
        for k in 30...150 { maxHeight = max(maxHeight, model.sample(at: Double(k) / 60).heroFrame!.height) }
        // spring(0.4, 0.8) overshoots about 1.5% of the change (docs/designs.md, Springs):
        // 740 pt → ≈ 11 pt.
        let overshoot = (maxHeight - 844) / 740
        #expect(overshoot > 0.005 && overshoot < 0.02)
    }

    @Test func sourceAndDestinationCrossfadeWhileLinked() throws {
        let model = try HeroTransition.model(spec([open]))
        for k in 30...90 {
            let s = model.sample(at: Double(k) / 60)
            #expect(abs(s.sourceOpacity + s.destinationOpacity - 1) < 1e-12)
            #expect(s.destinationOpacity >= 0 && s.destinationOpacity <= 1)
        }
        let mid = model.sample(at: 0.6)
        #expect(mid.destinationOpacity > 0.2 && mid.destinationOpacity < 0.95)
    }

    @Test func backMidFlightRetargetsKeepingVelocity() throws {
        let model = try HeroTransition.model(spec([open, Tap(time: 0.6, target: "back")]))
        let before = model.sample(at: 0.6).heroFrame!
        let after = model.sample(at: 0.6 + 1.0 / 60).heroFrame!
        // The frame was rising fast (y falling); kept velocity carries it further up before it turns.
        #expect(after.minY < before.minY)
        #expect(model.sample(at: 0.6 + 1.0 / 60).phase == .closing)
        // It comes back to the card's slot and unlinks.
        // (The spring finishes by SwiftUI's absolute rule, |v|, |F| ≤ 0.06, which for hundreds of
        // points takes well over a second.)
        #expect(model.sample(at: 2.6).heroFrame == nil)
        #expect(model.sample(at: 2.6).phase == .list)
        var last = model.sample(at: 0.6).heroFrame!
        for k in 37...80 {
            guard let f = model.sample(at: Double(k) / 60).heroFrame else { break }
            #expect(abs(f.minY - last.minY) < 60) // no jump
            last = f
        }
    }

    @Test func backAfterRestReturnsToTheSourceFrame() throws {
        let model = try HeroTransition.model(spec([open, Tap(time: 1.9, target: "back")]))
        #expect(model.sample(at: 1.9).heroFrame == Rect(x: 0, y: 0, width: 390, height: 844))
        let f = try #require(model.sample(at: 1.9 + 0.1).heroFrame)
        #expect(f.minY > 0 && f.height < 844)
        #expect(model.sample(at: 3.0).phase == .list)
    }

    @Test func cardTapWhileLinkedIsIgnored() throws {
        let model = try HeroTransition.model(spec([open, Tap(time: 0.8, target: "card:1")]))
        #expect(model.sample(at: 1.5).card == 2)
    }

    @Test func reducedModeScalesInTwoHundredFiftyMilliseconds() throws {
        let model = try HeroTransition.model(withEnvironment(spec([open]), mode: .reduced))
        #expect(model.transition == .scale)
        let half = model.sample(at: 0.625)
        #expect(abs(half.destinationScale - 0.95) < 1e-9)
        #expect(abs(half.destinationOpacity - 0.5) < 1e-9)
        let f = try #require(half.heroFrame)
        #expect(abs(f.width - 390 * 0.95) < 1e-9 && abs(f.midY - 422) < 1e-9)
        #expect(model.sample(at: 0.74).phase == .opening)
        #expect(model.sample(at: 0.75).phase == .detail)
        #expect(model.sample(at: 0.75).destinationScale == 1)
    }

    @Test(arguments: [(AnimationMode.minimal, false), (AnimationMode.full, true)])
    func minimalAndReduceMotionCrossfadeInOneHundredMilliseconds(mode: AnimationMode, reduceMotion: Bool) throws {
        let model = try HeroTransition.model(withEnvironment(spec([open]), mode: mode, reduceMotion: reduceMotion))
        #expect(model.transition == .crossfade)
        let half = model.sample(at: 0.55)
        #expect(abs(half.destinationOpacity - 0.5) < 1e-9)
        #expect(half.heroFrame == Rect(x: 0, y: 0, width: 390, height: 844)) // no geometry morph
        #expect(model.sample(at: 0.6).phase == .detail)
        #expect(model.sample(at: 0.6).destinationOpacity == 1)
    }

    @Test func layoutFollowsTheDevice() throws {
        let model = try HeroTransition.model(spec([open], device: .iPhoneSE))
        // The SE's width, and its 20 pt top inset: the list sits 27 pt higher than under the
        // iPhone 12's 47 (the third card at 321, not 348).
        let start = try #require(model.sample(at: 0.5).heroFrame)
        #expect(start.size == Size(343, 104) && start.minX == 16 && abs(start.minY - 321) < 0.25)
        #expect(model.sample(at: 2.0).heroFrame == Rect(x: 0, y: 0, width: 375, height: 667))
    }

    @Test func unknownTapTargetsAndVariantsAreNamed() throws {
        #expect(throws: ClipInputError.self) { try HeroTransition.model(spec([Tap(time: 0.1, target: "card:9")])) }
        do { _ = try HeroTransition.model(spec([Tap(time: 0.1, target: "goal")])); Issue.record("no error") } catch {
            #expect("\(error)".contains("\"goal\""))
        }
        var s = spec([open]); s.variant = ["speed": .string("fast")]
        do { _ = try HeroTransition.model(s); Issue.record("no error") } catch { #expect("\(error)".contains("\"speed\"")) }
    }

    /// The hero design's HeroTransitionCoordinator (docs/designs.md, Hero): `beginTransition` plays
    /// a light haptic; an ignored tap (card:1 while card:2 is linked) and "back" begin nothing.
    @Test func aTransitionBeginsWithALightHaptic() throws {
        let taps = [open, Tap(time: 0.8, target: "card:1"), Tap(time: 1.9, target: "back"), Tap(time: 2.8, target: "card:0")]
        let frames = try heroFrames(spec(taps))
        let fired = frames.filter { !$0.state.haptics.isEmpty }
        #expect(fired.map(\.index) == [30, 168])
        #expect(fired.allSatisfy { $0.state.haptics == [.light] })
    }

    @Test func simulateReportsTheHeroState() throws {
        let frames = try heroFrames(HeroTransition.defaultSpec(), 30...31)
        let frame = try #require(frames[0].state.sample.heroFrame)
        #expect(abs(frame.minY - 348) < 0.25)
        #expect(frames[1].state.sample.phase == .opening)
        #expect(frames[1].state.sample.destinationOpacity > 0)
    }

    /// Dynamic Type: the list's title and cards follow the tables and grow; the morph starts from
    /// the grown card; large draws as before.
    @Test(arguments: [DynamicTypeSize.small, .large, .accessibility2])
    func listAndMorphFollowDynamicType(_ size: DynamicTypeSize) throws {
        var s = spec([open]); s.environment.dynamicTypeSize = size
        let layout = HeroTransitionLayout(size: s.device.size, type: size)
        // The kit's card is as tall as its text: shorter at smaller sizes, 104 pt at the default.
        #expect(size < .large ? layout.cardFrames[2].height < 104 : size == .large ? layout.cardFrames[2].height == 104
                : layout.cardFrames[2].height > 104)
        #expect(try HeroTransition.model(s).sample(at: 0.5).heroFrame == layout.cardFrames[2])
        let scene = try renderedFrames(s, 0...0)[0].scene
        let standard = try renderedFrames(spec([open]), 0...0)[0].scene
        #expect((scene == standard) == (size == .large))
        // The title is the list's first block.
        func firstText(_ node: Node) -> TextRun? {
            if case .text(let run, _) = node { return run }
            if case .group(let g) = node { return g.children.lazy.compactMap(firstText).first }
            return nil
        }
        guard let title = firstText(scene.root[0]) else { Issue.record("the title is not first"); return }
        #expect(title.string == "Goals" && title.font.size == size.pointSize(.largeTitle))
    }

    /// The morph lays its detail out only down to the frame's bottom: those blocks are the whole
    /// detail's first blocks, each drawn the same, and asking for the whole detail afterwards
    /// extends the kept part into the column laid out in one go.
    @Test func theMorphLaysOutOnlyTheDetailItShows() {
        let layout = HeroTransitionLayout(size: Size(390, 844))
        let goal = FinanceData.goals[1]
        // Widths no other test asks for, so the first call at each lays the column out anew.
        let part = layout.detail(goal, palette: .light, width: 287, through: 420)
        let whole = layout.detail(goal, palette: .light, width: 287)
        let inOneGo = layout.detail(goal, palette: .dark, width: 287)
        #expect(part.frames.count >= 2 && part.frames.count < whole.frames.count)
        #expect(part.frames.allSatisfy { $0.minY < 420 } && whole.frames[part.frames.count].minY >= 420)
        #expect(Array(whole.frames.prefix(part.frames.count)) == part.frames)
        #expect(Array(whole.nodes.prefix(part.nodes.count)) == part.nodes)
        #expect(whole.frames.count == whole.items.count && whole.frames == inOneGo.frames)
        #expect(whole.height == inOneGo.height && whole.height > whole.frames.last!.maxY)
        // A bound inside the kept part answers from it.
        #expect(layout.detail(goal, palette: .light, width: 287, through: 100).frames == whole.frames)
        // However short the frame, the header and the section title are laid out (and drawn, clipped).
        #expect(layout.detail(goal, palette: .light, width: 289, through: 1).frames.count == HeroTransitionLayout.detailLeadingBlocks)
    }
}

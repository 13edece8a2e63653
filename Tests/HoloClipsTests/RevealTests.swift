// Scroll-reveal detail surface (docs/designs.md, Reveal): progress, paging, the chevron's `.smooth`
// snap, haptics and the single morphing control, checked on the state (and one on the scene's
// nodes).

import Foundation
import Testing
import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

func revealSim(_ events: [ScrollEvent], chevron: [Double] = [], duration: Double = 4, device: Device = .iPhone12) throws -> RevealSimulation {
    var spec = ClipSpec(design: "reveal", device: device, duration: duration)
    spec.scroll = ScrollSpec(configuration: ScrollConfiguration(contentHeight: 1, viewportHeight: 1), script: try ScrollScript(events))
    spec.taps = chevron.map { Tap(time: $0, target: "chevron") }
    return try Reveal.simulation(spec)
}

/// A swipe up of `distance` points over `duration` seconds starting at 0.3 s.
func swipeUp(_ distance: Double, over duration: Double) -> [ScrollEvent] {
    [.fingerDown(time: 0.3, y: 700), .fingerMove(time: 0.3 + duration, y: 700 - distance), .fingerUp(time: 0.3 + duration)]
}

@Suite struct RevealProgressTests {
    @Test func progressIsOffsetOverMeasuredHeightClamped() throws {
        let layout = RevealLayout(size: Size(390, 844))
        let s = layout.secondaryHeight
        #expect(RevealMapping.progress(offset: -30, secondaryHeight: s) == 0)
        #expect(RevealMapping.progress(offset: s / 4, secondaryHeight: s) == 0.25)
        #expect(RevealMapping.progress(offset: s * 1.5, secondaryHeight: s) == 1)
        // The divisor is measured from the layout, not hard-coded: smaller without a home indicator.
        #expect(RevealLayout(size: Size(375, 667)).secondaryHeight == s - 34)
        let sim = try revealSim(swipeUp(300, over: 0.2))
        for k in 0...150 {
            let st = sim.state(at: Double(k) / 60)
            #expect(st.secondaryHeight == s)
            #expect(st.revealProgress == min(max(st.scroll.offset / s, 0), 1))
        }
    }

    @Test func theRevealCompletesWhenTheSecondaryIsTallerThanTheScreen() throws {
        // iPhone 12 in landscape: S is taller than the 390 pt viewport, so paging and the chevron
        // settle one page down, and that is where p reaches 1 (the divisor is the reveal distance).
        for sim in [try revealSim(swipeUp(300, over: 0.2), device: Device.iPhone12.landscape),
                    try revealSim([], chevron: [0.5], device: Device.iPhone12.landscape)] {
            #expect(sim.layout.secondaryHeight > sim.layout.viewportHeight)
            let end = sim.state(at: 3.5)
            #expect(end.scroll.offset == sim.layout.viewportHeight)
            #expect(end.revealProgress == 1)
        }
    }

    @Test(arguments: [(300.0, 0.2, 1.0), (120.0, 0.6, 0.0), (420.0, 1.2, 1.0), (60.0, 0.1, 0.0)])
    func pagingLandsOnZeroOrOne(distance: Double, duration: Double, expected: Double) throws {
        let sim = try revealSim(swipeUp(distance, over: duration))
        let end = sim.state(at: 3.5)
        #expect(end.revealProgress == expected)
        #expect(end.scroll.phase == .idle)
    }

    @Test func mappingsAreIdentityAtTheirSectionsRestingState() {
        #expect(RevealMapping.primary(0) == SectionEffect(offset: 0, opacity: 1, blur: 0, scale: 1))
        #expect(RevealMapping.secondary(1) == SectionEffect(offset: 0, opacity: 1, blur: 0, scale: 1))
        #expect(RevealMapping.secondary(0).opacity == 0)
        var last = RevealMapping.primary(0)
        for k in 1...20 {
            let p = RevealMapping.primary(Double(k) / 20)
            #expect(p.opacity < last.opacity && p.blur > last.blur && p.scale < last.scale && p.offset > last.offset)
            last = p
        }
        #expect(RevealMapping.chevron(0) == (0, 1))
        #expect(RevealMapping.chevron(1).rotationDegrees == 180)
        #expect(RevealMapping.chevron(1).opacity < RevealMapping.chevron(0.5).opacity)
    }
}

@Suite struct RevealChevronTests {
    @Test func chevronSnapsToTheOtherSectionWithSmooth() throws {
        let sim = try revealSim([], chevron: [0.5, 2.5])
        let s = sim.layout.secondaryHeight
        #expect(sim.state(at: 0.5).scroll.offset == 0)
        // From rest toward S along SwiftUI's `.smooth` spring (0.5 s, no bounce): the closed form.
        for dt in [0.1, 0.2, 0.35] {
            let expected = Spring.smooth.closedFormPosition(target: s, time: dt)
            #expect(abs(sim.state(at: 0.5 + dt).scroll.offset - expected) < 0.5)
            #expect(sim.state(at: 0.5 + dt).chevronSnapping)
        }
        let there = sim.state(at: 2.4)
        #expect(there.revealProgress == 1 && there.scroll.phase == .idle)
        // The second tap (p ≥ 0.5) goes back to the primary.
        #expect(sim.state(at: 2.5 + 0.2).revealProgress < 0.5)
        #expect(sim.state(at: 4).revealProgress == 0)
    }

    @Test func aTouchDuringASnapTakesOverWhereTheSnapIs() throws {
        let sim = try revealSim([.fingerDown(time: 0.7, y: 500), .fingerMove(time: 0.9, y: 500), .fingerUp(time: 0.9)], chevron: [0.5])
        let before = sim.state(at: 0.7 - 1.0 / 600).scroll.offset
        let after = sim.state(at: 0.7 + 1.0 / 600).scroll.offset
        #expect(before > 50)                       // the snap was under way
        #expect(abs(after - before) < 5)           // and the finger holds the content where it was
        #expect(sim.state(at: 0.8).scroll.phase == .tracking)
    }

    @Test func chevronTapsAndVariantsAreValidated() {
        var spec = Reveal.defaultSpec(.drag)
        spec.taps = [Tap(time: 1, target: "tab")]
        #expect { try Reveal.simulation(spec) } throws: { "\($0)".contains("\"tab\"") }
        spec = Reveal.defaultSpec(.drag)
        spec.variant = ["page": .string("two")]
        #expect { try Reveal.simulation(spec) } throws: { "\($0)".contains("page") }
    }
}

@Suite struct RevealHapticTests {
    @Test func oneLightAtTheStartOneMediumAtCommitPerReveal() throws {
        let sim = try revealSim(swipeUp(300, over: 0.2), chevron: [2.0], duration: 3.5)
        let h = sim.state(at: 3.5).haptics
        #expect(h.map(\.kind) == [.revealStart, .commit])
        #expect(h.map(\.style) == ["light", "medium"])
        #expect(h[0].time > 0.3 && h[0].time < 0.4)   // as the swipe begins
        // Commit fires when progress first reaches 0.95, not before.
        let commit = h[1].time
        #expect(sim.state(at: commit).revealProgress >= RevealTokens.commitThreshold)
        #expect(sim.state(at: commit - 1.0 / 600).revealProgress < RevealTokens.commitThreshold)
        // A frame shows only the haptics fired up to its time.
        #expect(sim.state(at: commit - 0.01).haptics.count == 1)
    }

    @Test func theyFireAgainOnTheNextReveal() throws {
        let sim = try revealSim([], chevron: [0.3, 1.8, 3.5], duration: 5)
        #expect(sim.state(at: 5).haptics.map(\.kind) == [.revealStart, .commit, .revealStart, .commit])
    }
}

@Suite struct RevealControlTests {
    /// A settling scroll moves by less and less; once its offset rounded to device pixels stops
    /// changing, the frames are the same scene (the compositor reuses them), though the exact
    /// offset (`--state`) still moves.
    @Test func aSettlingScrollDrawsOneSceneOnceItsRoundedOffsetStops() throws {
        let sim = try revealSim(swipeUp(300, over: 0.2), duration: 5)
        var same = 0
        for k in 60..<299 {
            let a = sim.state(at: Double(k) / 60), b = sim.state(at: Double(k + 1) / 60)
            if a.scroll.offset != b.scroll.offset && sim.scene(for: a) == sim.scene(for: b) { same += 1 }
        }
        #expect(same >= 10)   // 13 here; 0 when the scene followed the exact offset
    }

    @Test func theControlIsOneElementInterpolatingItsAnchors() throws {
        let sim = try revealSim(swipeUp(300, over: 0.2))
        let layout = sim.layout
        var sawMiddle = false
        for k in 0...150 {
            let st = sim.state(at: Double(k) / 60)
            let p = st.revealProgress
            let (src, dst, f) = (st.controlSource.rect, st.controlDestination.rect, st.controlFrame.rect)
            #expect(abs(f.minX - (src.minX + (dst.minX - src.minX) * p)) < 1e-9)
            #expect(abs(f.minY - (src.minY + (dst.minY - src.minY) * p)) < 1e-9)
            #expect(abs(f.width - (src.width + (dst.width - src.width) * p)) < 1e-9)
            #expect(abs(f.height - (src.height + (dst.height - src.height) * p)) < 1e-9)
            if p > 0.3 && p < 0.7 { sawMiddle = true }
            // Exactly one white button-sized capsule on screen (not the chevron's 3.5 pt arms): the
            // control, at the interpolated frame of the offset the screen shows (rounded to device
            // pixels, as UIKit rounds contentOffset). No second copy at either anchor.
            let shown = sim.displayed(st)
            let capsules = whiteCapsules(in: sim.scene(for: st).root)
            #expect(capsules == [shown.controlFrame.rect])
            #expect((shown.scroll.offset * 3).rounded() == shown.scroll.offset * 3)
            #expect(abs(shown.scroll.offset - st.scroll.offset) <= 1.0 / 6 + 1e-12)
        }
        #expect(sawMiddle)
        // The anchors are where the layout puts them at rest.
        let rest = sim.state(at: 0)
        #expect(rest.controlFrame.rect == layout.controlSource)
        let revealed = sim.state(at: 3.5)
        #expect(revealed.controlFrame.rect == layout.controlDestination.offsetBy(dx: 0, dy: layout.viewportHeight - revealed.scroll.offset))
    }

    func whiteCapsules(in nodes: [Node]) -> [Rect] {
        nodes.flatMap { node -> [Rect] in
            switch node {
            case .group(let g): return whiteCapsules(in: g.children)
            case .fill(.capsule(let r), .solid(let c)) where c == .white && r.height > 20: return [r]
            default: return []
            }
        }
    }
}

// The titles design's handleScroll rules (docs/designs.md, Titles), one test each: first on the
// state machine alone (exact offsets), then through the clip's simulation with finger scripts (real
// scroll physics, 60 Hz scroll changes).

import Testing
import HoloGeometry
import HoloMotion
@testable import HoloClips

/// Feeds offsets to a header as successive scroll changes, one every 1/60 s.
private func header(after offsets: [Double], reduceMotion: Bool = false, contentScrolls: Bool = true) -> CollapsingHeader {
    var h = CollapsingHeader(reduceMotion: reduceMotion, contentScrolls: contentScrolls)
    for (i, o) in offsets.enumerated() { h.scrollChanged(to: o, at: Double(i + 1) / 60) }
    return h
}

@Suite("Titles header rules (handleScroll)")
struct TitlesHeaderRuleTests {
    @Test func hidesOnceScrolledDownPast20() {
        #expect(header(after: [5, 12, 21]).isVisible == false)
    }

    @Test func doesNotHideAt15OrExactly20() {
        #expect(header(after: [5, 10, 15]).isVisible)
        #expect(header(after: [15, 20]).isVisible, "the rule is offset > 20, not ≥")
    }

    @Test func revealsAfter50UpButNotAt45() {
        let down = [100.0, 200, 300]
        let at45 = header(after: down + [285, 270, 255])
        #expect(at45.isVisible == false)
        #expect(at45.accumulatedScrollUp == 45)
        let at50 = header(after: down + [285, 270, 255, 250])
        #expect(at50.isVisible)
        #expect(at50.accumulatedScrollUp == 50)
    }

    @Test func scrollingDownResetsTheAccumulator() {
        // 40 up, 1 down, 40 up: never 50 in one run, so the header stays hidden.
        let h = header(after: [100, 200, 300, 260, 261, 221])
        #expect(h.isVisible == false)
        #expect(h.accumulatedScrollUp == 40)
    }

    @Test func alwaysVisibleAtTheTopEvenAfterHiding() {
        // Hidden at 30; 22 pt up is far below the 50-pt threshold, but 8 ≤ 10.
        let h = header(after: [30, 8])
        #expect(h.isVisible)
        #expect(h.accumulatedScrollUp == 0)
        // A pull-down (negative offset, rubber band) is "at the top" as well.
        #expect(header(after: [300, 200, -12]).isVisible)
    }

    @Test func contentThatDoesNotScrollNeverHides() {
        let h = header(after: [100, 300, 500], contentScrolls: false)
        #expect(h.isVisible)
        #expect(h.offset(at: 10) == 0)
    }

    @Test func reduceMotionSwitchesInstantly() {
        let still = header(after: [30], reduceMotion: true)     // hidden at t = 1/60
        #expect(still.offset(at: 1.0 / 60) == CollapsingHeader.hiddenOffset)
        #expect(still.opacity(at: 1.0 / 60) == 0)
        let animated = header(after: [30])
        #expect(animated.offset(at: 1.0 / 60) == 0)
        let mid = animated.offset(at: 1.0 / 60 + 0.1)
        #expect(mid < -1 && mid > -99, "the spring is in flight 0.1 s later")
        #expect(abs(animated.offset(at: 2) - CollapsingHeader.hiddenOffset) < 1e-6, "and settled long after")
    }

    @Test func springIsTheSeeds() {
        // spring(0.35, 0.85): k = (2π/0.35)² ≈ 322.27, c = 4π·0.85/0.35 ≈ 30.52 (docs/designs.md, Springs: the checked values).
        guard case .spring(let s, _) = CollapsingHeader.animation else { Issue.record("not a spring"); return }
        #expect(abs(s.stiffness - 322.27) < 0.01)
        #expect(abs(s.damping - 30.52) < 0.01)
    }
}

/// A spec for one page with a finger script (and optional taps).
func titlesSpec(_ page: TitlesPage, _ events: [ScrollEvent], taps: [Tap] = [], reduceMotion: Bool = false,
                duration: Double = 4) throws -> ClipSpec {
    var spec = ClipSpec(design: "titles", variant: ["page": .string(page.rawValue)], duration: duration)
    spec.environment.reduceMotion = reduceMotion
    spec.taps = taps
    spec.scroll = ScrollSpec(configuration: ScrollConfiguration(contentHeight: 844, viewportHeight: 844),
                             script: try ScrollScript(events))
    return spec
}

/// States at every frame 0…n at `fps`.
func titlesStates(_ spec: ClipSpec, fps: Double = 60, through seconds: Double) throws -> [TitlesState] {
    var sim = try Titles.simulation(spec)
    let n = Int((seconds * fps).rounded())
    return (0...n).map { sim.advance(to: Double($0) / fps) }
}

@Suite("Titles header through the scroll simulation")
struct TitlesScrolledHeaderTests {
    /// Finger drags content down by `distance` pt over 0.5 s and stops (lift velocity 0: no fling).
    func slowDrag(at t: Double, by distance: Double) -> [ScrollEvent] {
        [.fingerDown(time: t, y: 600), .fingerMove(time: t + 0.5, y: 600 - distance), .fingerUp(time: t + 0.5, velocity: 0)]
    }

    @Test func dragTo15KeepsTheTitleAndTo30HidesIt() throws {
        let s15 = try titlesStates(try titlesSpec(.home, slowDrag(at: 0.2, by: 15)), through: 1.2)
        #expect(abs(s15.last!.scroll.offset - 15) < 1e-9)
        #expect(s15.allSatisfy { $0.headerVisible })
        // (through 1.8 s: the hide settles in points, about 0.95 s after it starts)
        let s30 = try titlesStates(try titlesSpec(.home, slowDrag(at: 0.2, by: 30)), through: 1.8)
        #expect(s30.last!.headerVisible == false)
        // It hid on the first 60 Hz change past 20, not before.
        let firstHidden = try #require(s30.firstIndex { !$0.headerVisible })
        #expect(s30[firstHidden].scroll.offset > 20)
        #expect(s30[firstHidden - 1].scroll.offset <= 20)
        #expect(s30.last!.headerOffset == -100 && s30.last!.headerOpacity == 0)
    }

    @Test func revealNeeds50PointsUp() throws {
        let down = slowDrag(at: 0.2, by: 300)
        let up45 = try titlesStates(try titlesSpec(.home, down + slowDrag(at: 1, by: -45)), through: 2)
        #expect(up45.last!.headerVisible == false)
        #expect(abs(up45.last!.accumulatedScrollUp - 45) < 1e-6)
        let up55 = try titlesStates(try titlesSpec(.home, down + slowDrag(at: 1, by: -55)), through: 2)
        #expect(up55.last!.headerVisible)
        let shown = try #require(up55.indices.first { $0 > 60 && up55[$0].headerVisible })   // after t = 1 s
        #expect(up55[shown].accumulatedScrollUp >= 50)
        #expect(up55[shown - 1].accumulatedScrollUp < 50)
    }

    @Test func profileIsTooShortToScrollAndNeverHides() throws {
        let states = try titlesStates(try titlesSpec(.profile, slowDrag(at: 0.2, by: 300)), through: 1.5)
        #expect(states.allSatisfy { !$0.contentScrolls && $0.headerVisible && $0.scroll.offset == 0 && $0.headerOffset == 0 })
    }

    @Test func reduceMotionJumpsWhereTheSpringGlides() throws {
        let script = slowDrag(at: 0.2, by: 200)
        let still = try titlesStates(try titlesSpec(.home, script, reduceMotion: true), through: 1)
        let glide = try titlesStates(try titlesSpec(.home, script), through: 1)
        let i = try #require(still.firstIndex { !$0.headerVisible })
        #expect(glide.firstIndex { !$0.headerVisible } == i, "same rules, same frame")
        #expect(still[i].headerOffset == -100 && still[i - 1].headerOffset == 0)
        #expect(glide[i + 3].headerOffset > -99 && glide[i + 3].headerOffset < -1)
    }

    @Test func rulesDoNotDependOnTheClipFrameRate() throws {
        // Scroll changes run on the phone's 60 Hz grid whatever the clip's fps.
        let spec = try titlesSpec(.home, slowDrag(at: 0.2, by: 300) + slowDrag(at: 1.1, by: -52))
        let at60 = try titlesStates(spec, fps: 60, through: 2)
        let at24 = try titlesStates(spec, fps: 24, through: 2)
        for (k, s) in at24.enumerated() {
            let same = at60[k * 60 / 24]   // 24 divides into 60 at every 2nd 24-fps frame (t = k/24 = 2.5k/60)
            guard k % 2 == 0 else { continue }
            #expect(s.headerVisible == same.headerVisible)
            #expect(s.accumulatedScrollUp == same.accumulatedScrollUp)
            #expect(s.headerOffset == same.headerOffset)
        }
    }
}

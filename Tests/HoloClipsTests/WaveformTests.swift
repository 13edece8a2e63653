// Waveform pull-to-refresh (docs/designs.md, Waveform): every rule the design states, checked on
// the state alone.

import Foundation
import Testing
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

/// A waveform simulation on the iPhone 12 for a script, taps and a load time.
func waveformSim(_ events: [ScrollEvent], taps: [Tap] = [], load: Double? = nil) throws -> WaveformSimulation {
    var spec = ClipSpec(design: "waveform")
    spec.scroll = ScrollSpec(configuration: ScrollConfiguration(contentHeight: 3000, viewportHeight: 844), script: try ScrollScript(events))
    spec.taps = taps
    if let load { spec.variant = ["load": .number(load)] }
    return try Waveform.simulation(spec)
}

/// A pull of `fingerTravel` points from 0.2 s to 0.9 s, held, released at 1.0 s.
func pull(_ fingerTravel: Double, release: Double = 1.0) -> [ScrollEvent] {
    [.fingerDown(time: 0.2, y: 200), .fingerMove(time: 0.9, y: 200 + fingerTravel, curve: .easeInOut), .fingerUp(time: release)]
}

@Suite struct WaveformBarTests {
    @Test(arguments: 0..<5)
    func barRevealsAtItsThresholdOverFifteenPercent(bar i: Int) {
        let threshold = 0.2 * Double(i)
        #expect(WaveformBars.opacity(bar: i, progress: threshold) == 0)
        #expect(abs(WaveformBars.opacity(bar: i, progress: threshold + 0.075) - 0.5) < 1e-12)
        #expect(abs(WaveformBars.opacity(bar: i, progress: threshold + 0.15) - 1) < 1e-12)
        if i > 0 { #expect(WaveformBars.opacity(bar: i, progress: threshold - 0.01) == 0) }
        #expect(WaveformBars.opacity(bar: i, progress: 1) == 1)
    }

    @Test func eachSwingTakesHalfASecondBetween8And30() {
        #expect(WaveformBars.swingHeight(0) == 8)
        #expect(abs(WaveformBars.swingHeight(0.5) - 30) < 1e-9)
        #expect(abs(WaveformBars.swingHeight(1.0) - 8) < 1e-9)
        #expect(abs(WaveformBars.swingHeight(0.25) - 19) < 1e-9)   // easeInOut is symmetric: half way at half time
        #expect(WaveformBars.swingHeight(0.1) < WaveformBars.swingHeight(0.2))   // rising first
        #expect(WaveformBars.swingHeight(0.6) > WaveformBars.swingHeight(0.7))   // then falling
        for k in 0..<400 {
            let tau = Double(k) * 0.0137
            let h = WaveformBars.swingHeight(tau)
            #expect(h >= 8 - 1e-9 && h <= 30 + 1e-9)
            #expect(abs(h - WaveformBars.swingHeight(tau + 1.0)) < 1e-9)   // up and back: a 1.0 s cycle
        }
    }

    @Test func barsRestAtMinimumUntilTheirStaggeredStart() {
        #expect(WaveformBars.height(bar: 3, waveElapsed: nil) == 8)
        #expect(WaveformBars.height(bar: 3, waveElapsed: 0.29) == 8)
        #expect(WaveformBars.height(bar: 3, waveElapsed: 0.31) > 8)
    }
}

@Suite struct WaveformRefreshTests {
    @Test func progressIsMinusOffsetOver80AndDrivesTheBars() throws {
        let sim = try waveformSim(pull(220))
        var sawPartial = false
        for k in 0...90 {
            let s = sim.state(at: Double(k) / 60).waveform
            guard s.phase.kind == .following else { continue }
            let expected = min(max(-s.scroll.offset / 80, 0), 1)
            #expect(abs(s.pullProgress - expected) < 1e-12)
            for i in 0..<5 { #expect(abs(s.barOpacities[i] - WaveformBars.opacity(bar: i, progress: s.pullProgress)) < 1e-12) }
            if s.pullProgress > 0.3 && s.pullProgress < 0.7 { sawPartial = true }
        }
        #expect(sawPartial)
        #expect(sim.state(at: 1.2).waveform.phase.kind == .refreshing)
    }

    @Test func waveStartsWhenProgressFirstReachesTenPercent() throws {
        let sim = try waveformSim(pull(220))
        let scroll = sim.refresh.scroll
        let start = try #require((0...120).lazy.compactMap { sim.state(at: Double($0) / 60).waveform.waveStart }.first)
        #expect(WaveformRefresh.pullProgress(offset: scroll.state(at: start).offset) >= 0.1)
        #expect(WaveformRefresh.pullProgress(offset: scroll.state(at: start - 1.0 / 600).offset) < 0.1)
        // Before it the bars rest at 8 pt; once running, bar 0 rises.
        #expect(sim.state(at: start - 0.02).waveform.barHeights == [8, 8, 8, 8, 8])
        #expect(sim.state(at: start + 0.2).waveform.barHeights[0] > 8)
    }

    @Test func barIAtTEqualsBar0AtTMinusStagger() throws {
        let sim = try waveformSim(pull(220))
        for k in 0..<30 {
            let t = 1.3 + Double(k) * 0.031   // inside the refresh: the wave runs without a break
            let s = sim.state(at: t).waveform
            for i in 1..<5 {
                let earlier = sim.state(at: t - 0.1 * Double(i)).waveform
                #expect(abs(s.barHeights[i] - earlier.barHeights[0]) < 1e-9)
            }
            #expect(s.barHeights.allSatisfy { $0 >= 8 - 1e-9 && $0 <= 30 + 1e-9 })
        }
    }

    @Test(arguments: [0.0, 0.5])
    func refreshHoldsLoadPlus1_3SecondsThenFadesOverPoint3(load: Double) throws {
        let release = 1.0
        let sim = try waveformSim(pull(220, release: release), load: load)
        let end = release + load + 1.3
        #expect(sim.state(at: release - 0.01).waveform.refreshing == false)
        let during = sim.state(at: release + 0.01).waveform
        #expect(during.refreshing && during.spacer == 50 && during.pullProgress == 1)
        #expect(abs(during.refreshElapsed - 0.01) < 1e-9)
        #expect(sim.state(at: end - 0.005).waveform.refreshing)
        let fading = sim.state(at: end + 0.15).waveform
        #expect(!fading.refreshing && fading.phase.kind == .fadingOut)
        let y = TimingCurve.easeOut.value(at: 0.5)
        #expect(abs(fading.pullProgress - (1 - y)) < 1e-9)
        #expect(abs(fading.spacer - 50 * (1 - y)) < 1e-9)
        #expect(abs(fading.fadeOut - 0.5) < 1e-9)
        #expect(fading.waveActive)
        let done = sim.state(at: end + 0.31).waveform
        #expect(done.phase.kind == .following && done.spacer == 0 && done.pullProgress == 0 && done.barOpacities == [0, 0, 0, 0, 0])
        #expect(done.refreshCount == 1)
    }

    @Test func spacerPushesContentWhileTheWaveformShows() throws {
        let sim = try waveformSim(pull(220))
        #expect(sim.state(at: 0.1).waveform.spacer == 0)
        #expect(sim.state(at: 0.6).waveform.spacer == 50)
        // While refreshing the scroll view springs back to 0, and the spacer holds the rows 50 pt down.
        let s = sim.state(at: 2.2).waveform
        #expect(abs(s.scroll.offset) < 0.5 && s.refreshing)
        let layout = WaveformLayout(size: Size(390, 844))
        #expect(layout.rowTop(0, scrollOffset: s.scroll.offset, spacer: s.spacer) - layout.rowTop(0, scrollOffset: 0, spacer: 0) > 49.5)
    }

    /// The spacer appearing must not move the list: a pull moves the rows with the finger (they
    /// jumped 50 pt in the frame the pull began), and no built-in waveform clip moves its rows more
    /// than its scroll offset or its animated spacer moves them in a frame.
    @Test(arguments: [Waveform.builtIn, Waveform.darkBuiltIn, Waveform.tabReselectBuiltIn])
    func theListNeverJumps(_ clip: BuiltInClip) throws {
        let spec = clip.defaults()
        let sim = try Waveform.simulation(spec)
        let layout = WaveformLayout(size: spec.device.size)
        var last: (top: Double, offset: Double, spacer: Double)? = nil
        for k in 0..<spec.frameCount {
            let s = sim.state(at: Double(k) / Double(spec.fps)).waveform
            let top = layout.rowTop(0, scrollOffset: s.scroll.offset, spacer: s.spacer)
            if s.phase.kind == .following && s.scroll.offset < 0 {
                #expect(abs(top - layout.rowTop(0, scrollOffset: 0, spacer: 0) + s.scroll.offset) < 1e-9,
                        "\(clip.name) frame \(k): a pull moves the rows with the finger")
            }
            if let l = last {
                let excess = abs(top - l.top) - abs(s.scroll.offset - l.offset) - abs(s.spacer - l.spacer)
                #expect(excess < 1e-9, "\(clip.name) frame \(k): rows moved \(top - l.top) pt")
            }
            last = (top, s.scroll.offset, s.spacer)
        }
    }

    @Test func aSmallPullOrAPullTakenBackDoesNotRefresh() throws {
        let small = try waveformSim(pull(70))
        let taken = try waveformSim([.fingerDown(time: 0.2, y: 200), .fingerMove(time: 0.7, y: 440, curve: .easeInOut),
                                     .fingerMove(time: 1.0, y: 260, curve: .easeInOut), .fingerUp(time: 1.1)])
        #expect(taken.state(at: 0.75).waveform.pullProgress == 1)   // it did pass the threshold…
        for sim in [small, taken] {
            for k in 0...240 { #expect(!sim.state(at: Double(k) / 60).waveform.refreshing) }
            #expect(sim.state(at: 4).waveform.refreshCount == 0)
            #expect(sim.state(at: 4).waveform.spacer == 0)
        }
    }

    @Test func stateAtAFrameDoesNotDependOnEarlierQueries() throws {
        let a = try waveformSim(pull(220)), b = try waveformSim(pull(220))
        var sa = a
        for k in 0...150 { _ = sa.advance(to: Double(k) / 60) }
        var sb = b
        #expect(sa.advance(to: 2.55).waveform == sb.advance(to: 2.55).waveform)
    }
}

@Suite struct WaveformTabTests {
    let fling: [ScrollEvent] = [.fingerDown(time: 0.2, y: 600), .fingerMove(time: 0.45, y: 300), .fingerUp(time: 0.45)]

    @Test func firstTapScrollsToTopSecondPullsDownOverPoint4EaseOutAndRefreshes() throws {
        let sim = try waveformSim(fling, taps: [Tap(time: 1.5, target: "tab"), Tap(time: 2.3, target: "tab")])
        #expect(sim.state(at: 1.5).waveform.scroll.offset > 300)
        let top = sim.state(at: 1.5 + ScrollPhysics.programmaticDuration + 0.02).waveform
        #expect(top.scroll.offset == 0 && top.phase.kind == .following && top.refreshCount == 0 && top.spacer == 0)
        for f in [0.25, 0.5, 0.75] {
            let s = sim.state(at: 2.3 + 0.4 * f).waveform
            let y = TimingCurve.easeOut.value(at: f)
            #expect(s.phase.kind == .pullingDown)
            #expect(abs(s.pullProgress - y) < 1e-9 && abs(s.spacer - 50 * y) < 1e-9)
            #expect(s.scroll.offset == 0)   // the pull is the design's animation, not the scroll view's
        }
        let r = sim.state(at: 2.71).waveform
        #expect(r.refreshing && r.pullProgress == 1 && r.refreshCount == 1)
        #expect(sim.state(at: 2.7 + 1.29).waveform.refreshing)
        #expect(!sim.state(at: 2.7 + 1.31).waveform.refreshing)
    }

    @Test func tapsAlternateAndATouchResetsTheCount() throws {
        let plan = try WaveformTabReselection.plan(
            taps: [1.0, 1.2, 1.4, 3.0].map { Tap(time: $0, target: "tab") },
            script: try ScrollScript([.fingerDown(time: 2.0, y: 500), .fingerMove(time: 2.2, y: 400), .fingerUp(time: 2.2)]))
        #expect(plan.scrollToTopTimes == [1.0, 1.4, 3.0])
        #expect(plan.refreshTimes == [1.2])
        #expect(plan.script.events.filter { if case .scrollTo = $0 { true } else { false } }.map(\.time) == [1.0, 1.4, 3.0])
    }

    @Test func unknownVariantsAndTapTargetsAreNamed() {
        var spec = Waveform.defaultSpec(.pull)
        spec.variant = ["speed": .number(2)]
        #expect { try Waveform.simulation(spec) } throws: { "\($0)".contains("speed") }
        spec.variant = ["gesture": .string("swipe")]
        #expect { try Waveform.simulation(spec) } throws: { "\($0)".contains("swipe") || "\($0)".contains("gesture") }
        spec.variant = [:]
        spec.taps = [Tap(time: 1, target: "avatar")]
        #expect { try Waveform.simulation(spec) } throws: { "\($0)".contains("avatar") }
    }

    @Test func darkModeDrawsWhiteBarsLightModeBlack() {
        let layout = WaveformLayout(size: Size(375, 667))
        #expect(WaveformScene(layout: layout, colorScheme: .dark).barColor == .white)
        #expect(WaveformScene(layout: layout, colorScheme: .light).barColor == .black)
        #expect(layout.viewportHeight < 667 - 56)   // laid out from the device, not a fixed 844
    }

    /// Dynamic Type: every size but the default draws differently; text follows the iOS tables and
    /// the rows grow with it once it outgrows the art (they stayed 72 pt with 17 pt text at every
    /// size before).
    @Test(arguments: DynamicTypeSize.allCases)
    func textAndRowsFollowDynamicType(_ size: DynamicTypeSize) throws {
        var spec = Waveform.defaultSpec(.pull)
        spec.environment.dynamicTypeSize = size
        let sim = try Waveform.simulation(spec)
        let scene = sim.scene(for: sim.state(at: 0))
        var fonts: [String: Double] = [:]
        func walk(_ nodes: [Node]) {
            for n in nodes {
                if case .text(let run, _) = n, fonts[run.string] == nil { fonts[run.string] = run.font.size }   // the title, not the tab label (fixed 10 pt, as UITabBar)
                if case .group(let g) = n { walk(g.children) }
            }
        }
        walk(scene.root)
        #expect(fonts["Feed"] == size.pointSize(.largeTitle))
        #expect(fonts["Midnight City"] == size.pointSize(.headline))
        #expect(fonts["M83 · shared by Ava"] == size.pointSize(.subheadline))
        // A kit list row: the 52 pt art or the lines, whichever is taller, with 11 pt above and
        // below; the lines outgrow the art from xxxLarge.
        let layout = WaveformLayout(size: spec.device.size, type: size)
        let rowHeight = layout.rowHeight(0)
        #expect(size < .xxxLarge ? rowHeight == 74 : rowHeight >= size.leading(.headline) + size.leading(.subheadline) + 22)
        // Every text of every row inside its row (the kit's frames, the row's height as placed).
        let pieces = sim.scene.screenPieces().filter { $0.name.hasPrefix("row ") }
        #expect(pieces.count == WaveformLayout.rowCount)
        for (i, piece) in pieces.enumerated() {
            let r = piece.layout
            for id in r.texts.keys {
                let f = try #require(r.frames[id]?[0])
                #expect(f.minY >= 0 && f.maxY <= layout.rowHeight(i) + 1e-9, "row \(i): text \(f) outside its \(layout.rowHeight(i)) pt")
            }
        }
        let standard = try Waveform.simulation(Waveform.defaultSpec(.pull))
        let same = scene == standard.scene(for: standard.state(at: 0))
        #expect(same == (size == .large))
    }
}

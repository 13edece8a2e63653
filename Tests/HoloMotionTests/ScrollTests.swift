import Foundation
import Testing
@testable import HoloMotion

@Suite struct ScrollTests {
    /// Finger moves up by `distance` over `duration` starting at `start` and lifts as it ends.
    func flingScript(start: Double = 0.1, fromY: Double = 600, distance: Double, duration: Double) throws -> ScrollScript {
        try ScrollScript.drag(start: start, fromY: fromY, toY: fromY - distance, duration: duration)
    }

    @Test func flingAt1000RestsAbout500Away() throws {
        // 100 pt in 0.1 s: the finger lifts at 1000 pt/s.
        let sim = ScrollSimulation(contentHeight: 10_000, viewportHeight: 844, script: try flingScript(distance: 100, duration: 0.1))
        let lift = sim.state(at: 0.2)
        #expect(abs(lift.offset - 100) < 1e-9)
        #expect(lift.phase == .decelerating)
        #expect(abs(lift.velocity - 1000) < 1e-6)
        let rest = sim.state(at: 8)
        #expect(rest.phase == .idle && rest.velocity == 0)
        #expect(abs((rest.offset - 100) - 500) <= 5, "travelled \(rest.offset - 100)")
        // On the way, the stepped decay follows x(t) = x₀ + v₀(d^(1000t) − 1)/D.
        let exact = ScrollDeceleration.normal.offset(from: 100, velocity: 1000, after: 0.5)
        #expect(abs(sim.state(at: 0.7).offset - exact) < 1e-6)
    }

    @Test func fastDecelerationStopsSooner() throws {
        let script = try flingScript(distance: 100, duration: 0.1)
        let sim = ScrollSimulation(contentHeight: 10_000, viewportHeight: 844, deceleration: .fast, script: script)
        let rest = sim.state(at: 5).offset - 100
        #expect(abs(rest - 1000 / (1000 * -log(0.99))) < 1)   // ≈ 99.5 pt
    }

    @Test func rubberBandFollowsFormulaAndSpringsBack() throws {
        // At the top, the finger pulls down 200 pt, holds, lifts at 1.0 s with no velocity.
        let script = try ScrollScript([.fingerDown(time: 0, y: 200), .fingerMove(time: 0.3, y: 400), .fingerUp(time: 1.0)])
        let sim = ScrollSimulation(contentHeight: 3000, viewportHeight: 844, script: script)
        let held = sim.state(at: 0.6)
        // b = (1 − 1/(x·c/d + 1))·d with x = 200, c = 0.55, d = 844
        let x = 200.0, c = 0.55, d = 844.0
        let b = (1 - 1 / (x * c / d + 1)) * d
        #expect(abs(held.offset + b) < 1e-9)
        #expect(held.phase == .tracking)
        #expect(abs(ScrollPhysics.rubberBandInverse(b, dimension: 844) - 200) < 1e-9)
        var last = held.offset
        for k in 61...300 {   // after the lift: monotonic return, never past the edge (critical damping from rest)
            let s = sim.state(at: Double(k) / 60)
            #expect(s.offset >= last && s.offset <= 0)
            last = s.offset
        }
        let end = sim.state(at: 5)
        #expect(end.offset == 0 && end.phase == .idle)
    }

    @Test func rubberBandAtBottomEdge() throws {
        let max = 3000.0 - 844
        // Scroll to the bottom, then drag 100 pt further.
        let script = try ScrollScript([.scrollTo(time: 0, offset: max, animated: false),
                                       .fingerDown(time: 0.1, y: 500), .fingerMove(time: 0.2, y: 400), .fingerUp(time: 0.5)])
        let sim = ScrollSimulation(contentHeight: 3000, viewportHeight: 844, script: script)
        let x = 100.0, c = 0.55, d = 844.0
        let b = (1 - 1 / (x * c / d + 1)) * d
        #expect(abs(sim.state(at: 0.3).offset - (max + b)) < 1e-9)
        #expect(sim.state(at: 4).offset == max)
    }

    @Test func momentumIntoTheTopEdgeBouncesBack() throws {
        // At offset 50, fling toward the top at 2000 pt/s.
        let script = try ScrollScript([.scrollTo(time: 0, offset: 150, animated: false),
                                       .fingerDown(time: 0.1, y: 300), .fingerMove(time: 0.15, y: 400), .fingerUp(time: 0.15)])
        let sim = ScrollSimulation(contentHeight: 3000, viewportHeight: 844, script: script)
        #expect(abs(sim.state(at: 0.15).offset - 50) < 1e-9)
        let minOffset = (9...120).map { sim.state(at: Double($0) / 60).offset }.min()!
        #expect(minOffset < -20, "momentum carried past the edge: \(minOffset)")
        #expect(minOffset > -844)
        let end = sim.state(at: 4)
        #expect(end.offset == 0 && end.phase == .idle)
    }

    @Test(arguments: [(300.0, 0.1, 800.0), (40.0, 0.4, 0.0), (2000.0, 0.1, 800.0)])
    func pagingLandsExactlyOnAPage(distance: Double, duration: Double, expected: Double) throws {
        let sim = ScrollSimulation(contentHeight: 4000, viewportHeight: 800, pageHeight: 800,
                                   script: try flingScript(fromY: 700, distance: distance, duration: duration))
        let end = sim.state(at: 4)
        #expect(end.offset == expected && end.phase == .idle)
    }

    @Test func pagingMovesAtMostOnePageFromDragStart() throws {
        let script = try ScrollScript([.scrollTo(time: 0, offset: 1600, animated: false),
                                       .fingerDown(time: 0.1, y: 700), .fingerMove(time: 0.15, y: 600), .fingerUp(time: 0.15, velocity: -30_000)])
        let sim = ScrollSimulation(contentHeight: 8000, viewportHeight: 800, pageHeight: 800, script: script)
        #expect(sim.state(at: 3).offset == 2400)
    }

    @Test func tooShortContentNeverScrolls() throws {
        let script = try ScrollScript([.fingerDown(time: 0, y: 600), .fingerMove(time: 0.2, y: 100), .fingerUp(time: 0.2),
                                       .fingerDown(time: 1, y: 100), .fingerMove(time: 1.2, y: 600), .fingerUp(time: 1.5),
                                       .scrollTo(time: 2, offset: 300)])
        let sim = ScrollSimulation(contentHeight: 844, viewportHeight: 844, script: script)
        for k in 0...180 {
            let s = sim.state(at: Double(k) / 60)
            #expect(s.offset == 0 && s.velocity == 0 && s.phase == .idle)
        }
    }

    @Test func phasesGoTrackingDeceleratingIdle() throws {
        let sim = ScrollSimulation(contentHeight: 10_000, viewportHeight: 844, script: try flingScript(start: 0.5, distance: 200, duration: 0.25))
        var phases: [ScrollPhase] = []
        for k in 0...(60 * 6) {
            let p = sim.state(at: Double(k) / 60).phase
            if phases.last != p { phases.append(p) }
        }
        #expect(phases == [.idle, .tracking, .decelerating, .idle])
    }

    @Test func tapStopsMomentum() throws {
        var events = try flingScript(distance: 100, duration: 0.1).events
        events.append(.tap(time: 0.5))
        let sim = ScrollSimulation(contentHeight: 10_000, viewportHeight: 844, script: try ScrollScript(events))
        let stopped = sim.state(at: 0.5)
        #expect(stopped.phase == .idle && stopped.velocity == 0)
        #expect(sim.state(at: 2).offset == stopped.offset)
        #expect(stopped.offset < 100 + 500 - 10)
    }

    @Test func scrollToTopAnimatesThenRests() throws {
        let script = try ScrollScript([.scrollTo(time: 0, offset: 1200, animated: false), .scrollToTop(time: 1)])
        let sim = ScrollSimulation(contentHeight: 5000, viewportHeight: 844, script: script)
        #expect(sim.state(at: 0.5).offset == 1200)
        let mid = sim.state(at: 1.15)
        #expect(mid.phase == .animating && abs(mid.offset - 600) < 1e-6 && mid.velocity < 0)
        let end = sim.state(at: 1.5)
        #expect(end.offset == 0 && end.phase == .idle)
    }

    @Test func scriptValidationNamesTheEvent() {
        #expect(throws: ScrollScriptError(index: 1, field: "time", reason: "0.5 is earlier than the previous event (1.0); events must be in time order")) {
            try ScrollScript([.fingerDown(time: 1, y: 0), .fingerMove(time: 0.5, y: 10)])
        }
        #expect(throws: ScrollScriptError.self) { try ScrollScript([.fingerUp(time: 1)]) }
        #expect(throws: ScrollScriptError.self) { try ScrollScript([.fingerDown(time: 0, y: 0), .tap(time: 1)]) }
    }

    /// State at a frame computed alone equals the same frame from a full sequential run, bit for bit.
    @Test(arguments: [60, 24, 90])
    func frameAloneEqualsSequentialRun(fps: Int) throws {
        let script = try ScrollScript([.fingerDown(time: 0.13, y: 600), .fingerMove(time: 0.4, y: 350, curve: .easeIn),
                                       .fingerUp(time: 0.4), .tap(time: 1.7),
                                       .fingerDown(time: 2, y: 300), .fingerMove(time: 2.6, y: 700, curve: .easeInOut), .fingerUp(time: 2.6)])
        let make = { ScrollSimulation(contentHeight: 4000, viewportHeight: 844, script: script) }
        let clock = FrameClock(fps: fps)
        let sequential = make()
        let all = (0..<(5 * fps)).map { sequential.state(at: clock.time(ofFrame: $0)) }
        for k in [1, fps / 2, fps + 7, 3 * fps + 1, 5 * fps - 1] {
            let alone = make().state(at: clock.time(ofFrame: k))
            #expect(alone.offset.bitPattern == all[k].offset.bitPattern)
            #expect(alone.velocity.bitPattern == all[k].velocity.bitPattern)
            #expect(alone.phase == all[k].phase)
        }
        // And backwards on a fresh simulation.
        let backwards = make()
        for k in stride(from: 5 * fps - 1, through: 0, by: -13) {
            #expect(backwards.state(at: clock.time(ofFrame: k)) == all[k])
        }
    }

    /// Frames asked for from many tasks at once match a sequential run (the cache is shared).
    @Test func parallelQueriesMatchSequential() async throws {
        let script = try flingScript(start: 0.2, distance: 300, duration: 0.2)
        let reference = ScrollSimulation(contentHeight: 20_000, viewportHeight: 844, script: script)
        let expected = (0..<600).map { reference.state(at: Double($0) / 60) }
        let shared = ScrollSimulation(contentHeight: 20_000, viewportHeight: 844, script: script)
        let got = await withTaskGroup(of: (Int, ScrollState).self) { group in
            for k in (0..<600).reversed() { group.addTask { (k, shared.state(at: Double(k) / 60)) } }
            var out = [ScrollState?](repeating: nil, count: 600)
            for await (k, s) in group { out[k] = s }
            return out.map { $0! }
        }
        #expect(got == expected)
    }
}

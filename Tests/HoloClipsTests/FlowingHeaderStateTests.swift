// The header's state machine driven directly with (offset, phase, time) updates at 60 Hz, the way the
// clip's simulation feeds it from the scroll physics: every rule of docs/designs.md, Flowing header
// ("Snapping Behavior").

import Testing
import HoloMotion
@testable import HoloClips

/// A scripted driver: keeps time at 60 Hz steps and feeds the header.
private struct Driver {
    var header: FlowingHeaderState
    var step = 0
    var offset: Double
    var time: Double { Double(step) / 60 }

    init(start: Double = 5, snapping: FlowingSnapping = .directional) {
        header = FlowingHeaderState(start: start, snapping: snapping)
        offset = 0
    }

    /// Moves the content linearly to `to` over `frames` updates while tracking.
    mutating func drag(to target: Double, frames: Int = 20, phase: ScrollPhase = .tracking) {
        let from = offset
        for i in 1...frames {
            step += 1
            offset = from + (target - from) * Double(i) / Double(frames)
            header.update(offset: offset, phase: phase, at: time)
        }
    }

    /// One update at the current offset plus `delta`.
    mutating func nudge(_ delta: Double, phase: ScrollPhase = .tracking) {
        step += 1
        offset += delta
        header.update(offset: offset, phase: phase, at: time)
    }

    /// Scrolling stops here, then `seconds` of idle updates.
    mutating func stop(idleFor seconds: Double = 1) {
        for _ in 0..<Int(seconds * 60) {
            step += 1
            header.update(offset: offset, phase: .idle, at: time)
        }
    }

    var progress: Double { header.progress(at: time) }
    /// The offset that gives raw progress p with this start.
    func offset(forProgress p: Double) -> Double { header.start + 40 * p }
}

@Suite struct FlowingHeaderStateTests {
    @Test func shownProgressLagsTheRawAndConverges() {
        var d = Driver()
        d.drag(to: d.offset(forProgress: 0.5), frames: 6)
        let raw = d.header.rawProgress
        #expect(abs(raw - 0.5) < 1e-12)
        // Right after the drag the spring is still behind the raw value (but has left 0).
        #expect(d.progress > 0 && d.progress < raw - 0.05)
        // Still tracking with the finger held: it converges to the raw value, exactly (the spring finishes).
        for _ in 0..<60 { d.nudge(0) }
        #expect(d.progress == d.header.target)
        #expect(d.header.target == raw)
    }

    @Test func shownProgressMovesMonotonicallyTowardTheRaw() {
        var d = Driver()
        d.drag(to: d.offset(forProgress: 0.8), frames: 3)
        var last = d.progress
        for _ in 0..<40 {
            d.nudge(0)
            #expect(d.progress >= last - 1e-9 && d.progress <= 0.8 + 1e-9)
            last = d.progress
        }
    }

    @Test func directionalSnapCompletesDownward() {
        var d = Driver()
        d.drag(to: d.offset(forProgress: 0.45))
        #expect(d.header.direction == .down)
        d.stop(idleFor: 0.05)
        #expect(d.header.target == 1)
        #expect(d.header.snapInFlight(at: d.time) == 1)
        #expect(d.header.isSnapped)
        d.stop(idleFor: 1)
        #expect(d.progress == 1)                      // exactly: the spring finishes on its target
        #expect(d.header.snapInFlight(at: d.time) == nil)
        #expect(abs(d.header.rawProgress - 0.45) < 1e-12)   // the content did not scroll
    }

    @Test func directionalSnapGoesToZeroWhenTheLastMoveWasUp() {
        var d = Driver()
        d.drag(to: d.offset(forProgress: 0.8))
        d.drag(to: d.offset(forProgress: 0.6))          // back up a little: still above 0.5
        #expect(d.header.direction == .up)
        d.stop()
        #expect(d.progress == 0)
        #expect(d.header.snappedValue == 0)
    }

    @Test func noSnapAtTheEnds() {
        var d = Driver()
        d.drag(to: d.offset(forProgress: 1.5))
        for _ in 0..<60 { d.nudge(0) }
        d.stop()
        #expect(d.progress == 1)
        #expect(!d.header.isSnapped)
    }

    @Test(arguments: [(0.51, 1.0), (0.49, 0.0)])
    func nearestSnapsAtTheMidpoint(stopAt: Double, expected: Double) {
        // Reach the stop point moving up, so directional would give 0 both times.
        var d = Driver(snapping: .nearest)
        d.drag(to: d.offset(forProgress: 0.9))
        d.drag(to: d.offset(forProgress: stopAt))
        d.stop()
        #expect(d.progress == expected)
    }

    @Test func noneStaysWhereScrollingStopped() {
        var d = Driver(snapping: .none)
        d.drag(to: d.offset(forProgress: 0.49))
        d.stop(idleFor: 1.5)
        #expect(abs(d.progress - 0.49) < 1e-9)
        #expect(!d.header.isSnapped)
        #expect(d.header.snapInFlight(at: d.time) == nil)
    }

    @Test func aSnapHoldsWhileScrollingTheSameWayAndReleasesOnReversal() {
        var d = Driver()
        d.drag(to: d.offset(forProgress: 0.3))
        d.stop()
        #expect(d.progress == 1)
        // Scroll on down inside the transition zone: raw 0.3 → 0.7, the header stays at 1.
        d.drag(to: d.offset(forProgress: 0.7))
        #expect(d.header.target == 1 && d.progress == 1 && d.header.isSnapped)
        // Reverse: the snap is dropped and the header follows the raw progress again.
        d.nudge(-2)
        #expect(!d.header.isSnapped)
        #expect(d.header.target == d.header.rawProgress)
        d.drag(to: d.offset(forProgress: 0.55))
        for _ in 0..<60 { d.nudge(0) }
        #expect(abs(d.progress - 0.55) < 1e-9)
    }

    @Test func aSnapToZeroHoldsWhileScrollingUp() {
        var d = Driver()
        d.drag(to: d.offset(forProgress: 0.9))
        d.drag(to: d.offset(forProgress: 0.7))
        d.stop()
        #expect(d.progress == 0)
        d.drag(to: d.offset(forProgress: 0.4))          // further up: held at 0
        #expect(d.header.target == 0 && d.progress == 0)
        d.drag(to: d.offset(forProgress: 0.6))          // down again: resumes
        #expect(!d.header.isSnapped && d.header.target == d.header.rawProgress)
    }

    @Test func tinyMovesDoNotChangeDirection() {
        var d = Driver()
        d.nudge(0.1)                                     // 0 → 0.1: exactly the threshold, not over it
        #expect(d.header.direction == .none)
        d.drag(to: 20)
        #expect(d.header.direction == .down)
        d.nudge(-0.09)
        d.nudge(-0.05)
        #expect(d.header.direction == .down)
        d.nudge(-0.11)
        #expect(d.header.direction == .up)
        d.nudge(0.09)
        #expect(d.header.direction == .up)
    }

    @Test func jitterDoesNotReleaseASnap() {
        var d = Driver()
        d.drag(to: d.offset(forProgress: 0.4))
        d.stop()
        #expect(d.progress == 1)
        d.nudge(-0.05)
        d.nudge(-0.09)
        #expect(d.header.isSnapped && d.header.target == 1)
        d.nudge(-0.5)
        #expect(!d.header.isSnapped)
    }

    /// Progress only follows the offset while scrolling (Portal updates it inside the scroll callbacks).
    @Test func idleOffsetChangesDoNotMoveProgress() {
        var d = Driver()
        d.nudge(30, phase: .idle)
        #expect(d.header.target == 0)
    }

    /// The accessory that stays in the content fades on its own 0.4 s spring toward max(0.6, 1 − 4·target).
    @Test func stayingAccessoryFadeFollowsTheTarget() {
        var d = Driver(start: 64)
        d.drag(to: d.offset(forProgress: 1))
        #expect(d.header.stayingAccessoryFade.value(at: d.time) > 0.6)
        for _ in 0..<90 { d.nudge(0) }
        #expect(d.header.stayingAccessoryFade.value(at: d.time) == 0.6)
    }
}

// Issue 17, class 2: scroll events are held to stated limits, and the finger's lift velocity stays
// within a flick however steep the last move.

import Foundation
import Testing
import HoloMotion
import HoloClips

@Suite struct ClipLimitTests {
    func refusal(_ events: String) -> String {
        let text = #"{"design": "demo", "scroll": {"contentHeight": 3000, "events": [\#(events)]}}"#
        do { _ = try ClipSpec.decode(Data(text.utf8), fileName: "c.json"); return "" } catch { return "\(error)" }
    }

    @Test func flingVelocityTimeAndPositionHaveLimits() {
        #expect(refusal(#"{"type": "down", "time": 0, "y": 5}, {"type": "up", "time": 1, "velocity": 1e300}"#).contains("events[1].velocity"))
        #expect(refusal(#"{"type": "down", "time": 1e300, "y": 5}"#).contains("events[0].time"))
        #expect(refusal(#"{"type": "down", "time": 0, "y": 1e19}"#).contains("events[0].y"))
        #expect(refusal(#"{"type": "scrollTo", "time": 0, "offset": -1e19}"#).contains("events[0].offset"))
        #expect(refusal(#"{"type": "down", "time": 0, "y": 5}, {"type": "up", "time": 1, "velocity": -99999}"#).isEmpty)
    }

    @Test func aSteepLastMoveLiftsAtTheLargestVelocity() throws {
        let script = try ScrollScript([.fingerDown(time: 0, y: 0), .fingerMove(time: 1e-12, y: 1_000_000, curve: .linear), .fingerUp(time: 1e-12)])
        #expect(script.touches[0].liftVelocity == ClipSpec.maxVelocity)
    }
}

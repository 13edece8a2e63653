// RunPlanner cuts the frames a render simulates, in order, into runs one worker draws through one
// compositor: consecutive frames, at most `length`; a gap or a frame left out starts a new run.

import HoloGeometry
import HoloScene
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct RunPlannerTests {
    let scene = Scene(size: Size(4, 4), background: .white, root: [])

    /// Feeds `frames` (a nil closes the run, as a frame kept by --resume does) and returns the runs' indices.
    func runs(_ frames: [Int?], length: Int) -> [[Int]] {
        var planner = RunPlanner(length: length)
        var out: [[Int]] = []
        for frame in frames {
            let closed = frame.map { planner.add($0, scene) } ?? planner.close()
            if let closed { out.append(closed.map(\.index)) }
        }
        if let last = planner.close() { out.append(last.map(\.index)) }
        return out
    }

    @Test func consecutiveFramesAreCutAtTheRunLength() {
        #expect(runs(Array(0..<10), length: 4) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
        #expect(runs(Array(0..<4), length: 4) == [[0, 1, 2, 3]])
        #expect(runs([7], length: 16) == [[7]])
    }

    @Test func aGapOrAFrameLeftOutStartsANewRun() {
        #expect(runs([0, 1, 2, 5, 6, 9], length: 16) == [[0, 1, 2], [5, 6], [9]])
        // Frame 3 kept by --resume: 0–2 and 4–5 are two runs, though 2 and 4 are two apart only.
        #expect(runs([0, 1, 2, nil, 4, 5], length: 16) == [[0, 1, 2], [4, 5]])
        #expect(runs([nil, nil, 0, nil], length: 16) == [[0]])
        #expect(runs([], length: 3).isEmpty)
    }

    @Test func aLengthBelowOneIsOne() {
        #expect(runs([0, 1, 2], length: 0) == [[0], [1], [2]])
    }
}

// The flowing header's formulas at chosen inputs (docs/designs.md, Flowing header).

import Testing
import HoloGeometry
@testable import HoloClips

@Suite struct FlowingMathTests {
    /// start = 5 with no accessory, the accessory's height when it stays, height / 3 when it flows.
    @Test func startOffsetByAccessory() {
        #expect(FlowingConfiguration(accessory: .none).startOffset == 5)
        #expect(FlowingConfiguration(displays: [.title], accessory: .person).startOffset == 64)
        #expect(FlowingConfiguration(displays: [.title, .accessory], accessory: .person).startOffset == 64.0 / 3)
        // Asking the accessory to flow when there is none falls back to 5.
        #expect(FlowingConfiguration(displays: [.title, .accessory], accessory: .none).startOffset == 5)
    }

    /// (start, offset, expected progress)
    static let progressCases: [(Double, Double, Double)] = [
        (5, -30, 0), (5, 0, 0), (5, 5, 0), (5, 15, 0.25), (5, 25, 0.5), (5, 45, 1), (5, 400, 1),
        (64, 40, 0), (64, 74, 0.25), (64, 84, 0.5), (64, 104, 1),
        (64.0 / 3, 20, 0), (64.0 / 3, 64.0 / 3 + 30, 0.75), (64.0 / 3, 64.0 / 3 + 40, 1),
    ]

    @Test(arguments: progressCases)
    func progressFormula(start: Double, offset: Double, expected: Double) {
        #expect(abs(FlowingMath.progress(offset: offset, start: start) - expected) < 1e-12)
    }

    /// Large title (41 pt line) to headline (22 pt line): the scale takes the source height to the
    /// destination height at p = 1, halfway at p = 0.5.
    @Test func titleScale() {
        #expect(FlowingMath.titleScale(progress: 0) == 1)
        #expect(abs(FlowingMath.titleScale(progress: 1) * 41 - 22) < 1e-12)
        #expect(abs(FlowingMath.titleScale(progress: 0.5) - (1 + 22.0 / 41) / 2) < 1e-12)
    }

    static let fadeCases: [(Double, Double)] = [(0, 1), (0.05, 0.8), (0.1, 0.6), (0.25, 0.6), (1, 0.6)]

    @Test(arguments: fadeCases)
    func accessoryFade(progress: Double, expected: Double) {
        #expect(abs(FlowingMath.accessoryFade(progress: progress) - expected) < 1e-12)
    }

    @Test func accessoryScaleGoesFrom64To25PerAxis() {
        let s = FlowingMath.scale(from: Size(64, 32), to: Size(25, 25), progress: 1)
        #expect(abs(s.width * 64 - 25) < 1e-12 && abs(s.height * 32 - 25) < 1e-12)
        let half = FlowingMath.scale(from: Size(64, 64), to: Size(25, 25), progress: 0.5)
        #expect(abs(half.width * 64 - 44.5) < 1e-12)
        #expect(FlowingMath.scale(from: Size(0, 10), to: Size(25, 25), progress: 1) == Size(1, 1))
    }

    @Test func centreInterpolation() {
        let c = FlowingMath.center(from: Point(10, 200), to: Point(50, 60), progress: 0.25)
        #expect(c == Point(20, 165))
    }
}

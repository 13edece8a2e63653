// Dashes by arc length (Coverage/Dasher.swift), against hand-counted intervals and against the
// reference's own dashing (Reference/ReferencePath.swift), which shares no code with it.

import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

@Suite struct DasherTests {
    static let line = FlatSubpath(points: [Point(0, 0), Point(100, 0)], corner: [true, true], closed: false)
    /// A closed 40-pt square from (0, 0), clockwise on screen: 160 pt round.
    static let square = FlatSubpath(points: [Point(0, 0), Point(40, 0), Point(40, 40), Point(0, 40)],
                                    corner: [true, true, true, true], closed: true)

    static func ends(_ dashes: [FlatSubpath]) -> [[Point]] { dashes.map { [$0.points.first!, $0.points.last!] } }

    @Test func intervalsFollowThePatternAndPhase() {
        let plain = Dasher(pattern: [10, 10], phase: 0).dashes(of: Self.line)
        let starts: [Double] = (0..<5).map { Double($0) * 20 }
        #expect(Self.ends(plain) == starts.map { [Point($0, 0), Point($0 + 10, 0)] })
        // Phase 5: half the first dash is before the start.
        let shifted = Dasher(pattern: [10, 10], phase: 5).dashes(of: Self.line)
        #expect(Self.ends(shifted).first == [Point(0, 0), Point(5, 0)] && shifted.count == 6)
        #expect(Self.ends(shifted).last == [Point(95, 0), Point(100, 0)])
        // Negative phases count back: −15 is the same as 5.
        #expect(Self.ends(Dasher(pattern: [10, 10], phase: -15).dashes(of: Self.line)) == Self.ends(shifted))
        // Zero-length dashes are single points (dots), one every 10 pt, both ends included.
        let dots = Dasher(pattern: [0, 10], phase: 0).dashes(of: Self.line)
        #expect(dots.count == 11 && dots.allSatisfy { $0.points.count == 1 && $0.direction == Point(1, 0) })
    }

    @Test func aDashThroughAClosedPathsStartIsOneDash() {
        // Phase 20: the pattern is 20 in, 10 left of the first dash; the last dash (140…160)
        // runs into the first (0…10) across the corner at (0, 0), which keeps its join.
        let d = Dasher(pattern: [30, 10], phase: 20).dashes(of: Self.square)
        #expect(d.count == 4)
        #expect(d[0].points == [Point(0, 20), Point(0, 0), Point(10, 0)] && d[0].corner == [true, true, true])
        // Phase 0: four dashes, the first from the start, none joined.
        #expect(Self.ends(Dasher(pattern: [30, 10], phase: 0).dashes(of: Self.square)).first == [Point(0, 0), Point(30, 0)])
    }

    @Test(arguments: [[10.0, 10], [30, 10], [0, 7], [3, 1, 0, 2], [5]] as [[Double]])
    func agreesWithTheReference(_ pattern: [Double]) {
        let style = StrokeStyle(dash: pattern)
        for phase in [0.0, 4.5, -7, 33] {
            for s in [Self.line, Self.square] {
                let fast = Dasher(pattern: style.effectiveDash, phase: phase).dashes(of: s)
                let slow = Reference.dashed(Reference.Polyline(points: s.points, corner: s.corner, closed: s.closed),
                                            pattern: style.effectiveDash, phase: phase)
                #expect(fast.count == slow.count, "\(pattern) phase \(phase)")
                for (a, b) in zip(fast, slow) {
                    #expect(a.points.count == b.points.count, "\(pattern) phase \(phase): \(a.points) vs \(b.points)")
                    for (p, q) in zip(a.points, b.points) {
                        #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9, "\(pattern) phase \(phase): \(a.points) vs \(b.points)")
                    }
                }
            }
        }
    }
}

/// A path a scene file may hold (10,000 arcs a million points round) flattens to a bounded
/// number of points, not hundreds of millions.
@Test func flatteningIsBounded() {
    var p = Path()
    for _ in 0..<10_000 {
        p.addArc(center: .zero, radius: 1_000_000, startAngle: 0, endAngle: 6.28, clockwise: false)
    }
    let points = p.flattened(pixelTolerance: pathFlatteningTolerancePixels, transform: .scale(3, 3)).reduce(0) { $0 + $1.points.count }
    #expect(points > 1_000_000 && points <= maxFlattenedPathPoints + 100_000, "\(points)")
}

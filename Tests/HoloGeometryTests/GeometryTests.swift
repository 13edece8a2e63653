import Testing
@testable import HoloGeometry

@Suite struct AffineTransformTests {
    @Test func inverseUndoesTransform() throws {
        let t = AffineTransform.rotation(0.7).concatenating(.scale(2, 3)).concatenating(.translation(5, -4))
        let inv = try #require(t.inverted())
        let p = Point(12.5, -3.25)
        let q = inv.apply(t.apply(p))
        #expect(abs(q.x - p.x) < 1e-12 && abs(q.y - p.y) < 1e-12)
    }
    @Test func concatenationAppliesSelfFirst() {
        let t = AffineTransform.translation(10, 0).concatenating(.scale(2, 2))
        #expect(t.apply(Point(1, 1)) == Point(22, 2))
    }
    @Test func singularTransformHasNoInverse() {
        #expect(AffineTransform.scale(0, 1).inverted() == nil)
    }
    @Test func rectIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    }
}

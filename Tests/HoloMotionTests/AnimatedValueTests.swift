import Testing
import HoloGeometry
@testable import HoloMotion

@Suite struct AnimatedValueTests {
    @Test func springRetargetKeepsVelocityContinuous() {
        let spring = Animation.spring(.snappy)
        var a = AnimatedValue(0.0)
        a.set(100, animation: spring, at: 0)
        let reference = a
        a.set(300, animation: spring, at: 0.1)
        // At the retarget instant the new segment starts from exactly the old position and velocity.
        #expect(a.value(at: 0.1) == reference.value(at: 0.1))
        #expect(a.velocity(at: 0.1) == reference.velocity(at: 0.1))
        // One step later the velocity has changed by about |F|·h, no more (no restart from rest).
        let s = Spring.snappy, x = a.value(at: 0.1), v = a.velocity(at: 0.1)
        let force = s.stiffness * abs(300 - x) + s.damping * abs(v)
        let dv = abs(a.velocity(at: 0.1 + 1.0 / 300) - v)
        #expect(v > 100 && dv < 1.5 * force / 300)
        #expect(a.target == 300)
        #expect(abs(a.value(at: 3) - 300) < 1e-9)
    }

    @Test func bezierRetargetBlendsFromRunningValue() {
        var a = AnimatedValue(0.0)
        a.set(100, animation: .easeInOut(duration: 0.4), at: 0)
        let mid = a.value(at: 0.2)
        #expect(abs(mid - 50) < 1e-9)
        a.set(0, animation: .linear(duration: 0.5), at: 0.2)
        #expect(a.value(at: 0.2) == mid)
        #expect(abs(a.value(at: 0.45) - mid / 2) < 1e-9)
        #expect(a.value(at: 0.71) == 0 && !a.isAnimating(at: 0.71))
    }

    @Test func delayHoldsUntilStart() {
        var a = AnimatedValue(Point(0, 0))
        a.set(Point(10, 20), animation: .easeIn(duration: 0.2).delay(0.5), at: 1)
        #expect(a.value(at: 1.4) == Point(0, 0))
        #expect(a.isAnimating(at: 1.4))
        #expect(a.value(at: 1.7) == Point(10, 20))
    }

    /// A value knows only what was set up to t: a spring set at 3 s does not make 1.5 s "animating"
    /// (the hero read "opening" at every frame before a later back tap).
    @Test func laterSetsDoNotReachBackInTime() {
        var a = AnimatedValue(0.0)
        a.set(1, animation: .spring(Spring(response: 0.4, dampingFraction: 0.8)), at: 0.5)
        #expect(!a.isAnimating(at: 2.5), "settled before the second set")
        a.set(0, animation: .spring(Spring(response: 0.4, dampingFraction: 0.8)), at: 3)
        #expect(!a.isAnimating(at: 2.5), "a set at 3 s reached back to 2.5 s")
        #expect(a.isAnimating(at: 3.1))
    }

    @Test func jumpAndVectorValues() {
        var r = AnimatedValue(Rect(x: 0, y: 0, width: 10, height: 10))
        r.set(Rect(x: 100, y: 50, width: 20, height: 40), animation: nil, at: 0.5)
        #expect(r.value(at: 0.4) == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(r.value(at: 0.5) == Rect(x: 100, y: 50, width: 20, height: 40))
        var c = AnimatedValue(Color.black)
        c.set(.white, animation: .linear(duration: 1), at: 0)
        #expect(abs(c.value(at: 0.25).green - 0.25) < 1e-12)
        #expect(c.value(at: 0.25).alpha == 1)
    }

    /// Evaluation is a pure function of the segments: any order gives the same bits.
    @Test func evaluationOrderDoesNotMatter() {
        var a = AnimatedValue(0.0)
        a.set(1, animation: .bouncy, at: 0)
        a.set(-1, animation: .spring(Spring(response: 0.3, dampingFraction: 0.5)), at: 0.37)
        let times = (0...120).map { Double($0) / 60 }
        let forward = times.map { a.value(at: $0).bitPattern }
        let backward = times.reversed().map { a.value(at: $0).bitPattern }.reversed()
        #expect(forward == Array(backward))
    }
}

import Testing
import HoloGeometry

@Suite("TimelineClock")
struct TimelineClockTests {

    @Test func timeAdvancesInThirtiethsOfASecond() {
        let clock = TimelineClock.title
        #expect(clock.time(at: 0) == 0)
        #expect(clock.time(at: 0.0333) == 0)
        #expect(clock.time(at: 1.0 / 30) == 1.0 / 30)
        #expect(clock.time(at: 0.05) == 1.0 / 30)
        #expect(clock.time(at: 1.0) == 1.0)
        #expect(clock.time(at: -2) == 0)
        // 4.1·30 is 122.99999999999999 in Double; the tick is still 123.
        #expect(clock.tick(at: 4.1) == 123)
    }

    @Test(arguments: [24, 25, 30, 60, 120])
    func clipFramesLandOnTheRightTick(framesPerSecond: Int) {
        let clock = TimelineClock.title
        var previous = 0
        for k in 0..<2000 {
            let exact = k * 30 / framesPerSecond
            #expect(clock.tick(frame: k, framesPerSecond: framesPerSecond) == exact)
            #expect(clock.tick(at: Double(k) / Double(framesPerSecond)) == exact, "frame \(k)")
            #expect(exact >= previous)
            previous = exact
        }
    }

    @Test func sixtyFramesPerSecondHoldsEachTickForTwoFrames() {
        let times = (0..<8).map { TimelineClock.title.time(frame: $0, framesPerSecond: 60) }
        let ticks: [Double] = [0, 0, 1, 1, 2, 2, 3, 3]
        #expect(times == ticks.map { $0 / 30 })
    }
}

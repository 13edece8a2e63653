import Foundation
import HoloPixels
import Synchronization
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    var now = 100.0
    var read: @Sendable () -> Double { { self.now } }
}

@Suite struct ProgressMeterTests {
    @Test func rateAndTimeLeftComeFromTheFramesDoneSoFar() {
        let clock = TestClock()
        let meter = ProgressMeter(label: "render demo", total: 100, clock: clock.read)
        #expect(meter.snapshot.rate == nil && meter.snapshot.remaining == nil)
        clock.now += 5
        for k in 0..<25 { meter.record(FrameProgress(name: "\(k)", raster: 0.01)) }
        let s = meter.snapshot
        #expect(s.done == 25 && s.total == 100 && s.elapsed == 5)
        #expect(s.rate == 5)              // 25 frames in 5 s
        #expect(s.remaining == 15)        // 75 frames at 5 a second
        #expect(s.fraction == 0.25)
        meter.setTotal(30)                // a resume found 70 frames already written
        #expect(meter.snapshot.remaining == 1)
    }

    @Test func theFiveSlowestAreKeptSlowestFirstEarlierFirstOnATie() {
        let meter = ProgressMeter(label: "x", total: 8, clock: TestClock().read)
        for (k, ms) in [3.0, 9, 1, 7, 9, 2, 8, 0.5].enumerated() {
            meter.record(FrameProgress(name: "\(k)", raster: ms / 2000, encode: ms / 2000))
        }
        #expect(meter.slowest.map(\.name) == ["1", "4", "6", "3", "0"])
        #expect(ProgressMeter.slowestLine(meter.slowest) == "slowest frames: 1 9.0 ms, 4 9.0 ms, 6 8.0 ms, 3 7.0 ms, 0 3.0 ms")
        #expect(ProgressMeter.slowestLine([]) == "")
    }

    @Test func theStageIsTheOneTakingMostOfTheTime() {
        let clock = TestClock()
        let meter = ProgressMeter(label: "render demo", total: 4, showsStage: true, clock: clock.read)
        #expect(meter.snapshot.stage == nil)
        meter.record(FrameProgress(name: "0", raster: 0.3, encode: 0.1, write: 0.1))
        #expect(meter.snapshot.stage?.name == .raster && meter.snapshot.stage?.share == 0.6)
        meter.record(FrameProgress(name: "1", raster: 0, encode: 0, write: 1.5))
        #expect(meter.snapshot.stage?.name == .write && meter.snapshot.stage?.share == 0.8)
        let bench = ProgressMeter(label: "bench demo", total: 4, clock: clock.read)
        bench.record(FrameProgress(name: "0", raster: 0.3))
        #expect(bench.snapshot.stage == nil)   // one stage: not named
    }

    @Test func linesAreDueAtTheStartEveryIntervalAndOnceAtTheEnd() {
        let clock = TestClock()
        let meter = ProgressMeter(label: "x", total: 3, clock: clock.read)
        #expect(meter.due(every: 5) != nil)      // the first
        clock.now += 4.9
        #expect(meter.due(every: 5) == nil)
        meter.record(FrameProgress(name: "0", raster: 0))
        clock.now += 0.1
        #expect(meter.due(every: 5)?.done == 1)  // 5 s since the last
        meter.record(FrameProgress(name: "1", raster: 0))
        #expect(meter.due(every: 5) == nil)
        meter.record(FrameProgress(name: "2", raster: 0))
        #expect(meter.due(every: 5)?.done == 3)  // the end, however soon
        #expect(meter.due(every: 5) == nil)      // and only once
    }

    @Test func linesSayWhatTheyShow() {
        // titles has 360 frames (docs/cli.md shows this line).
        let s = ProgressSnapshot(label: "render titles", unit: "frames", done: 120, total: 360, elapsed: 2.5, stage: (.raster, 0.714))
        #expect(s.plainLine == "render titles: 120/360 frames (33%), 48.0 frames/s, 2.5 s elapsed, 5.0 s left, raster 71%")
        let wide = s.barLine(width: 100)
        #expect(wide.count == 100)  // 120/360 of a 27-column bar: 9 filled
        #expect(wide == "render titles [" + String(repeating: "█", count: 9) + String(repeating: "░", count: 18) + "] 120/360  48.0 fps  2.5 s elapsed  5.0 s left  raster 71%")
        for width in [20, 40, 60, 79, 120] { #expect(s.barLine(width: width).count <= width) }
        #expect(!s.barLine(width: 60).contains("█"))   // too narrow: the bar goes first
        let start = ProgressSnapshot(label: "golden verify", unit: "goldens", done: 0, total: 9, elapsed: 0, stage: nil)
        #expect(start.plainLine == "golden verify: 0/9 goldens (0%), – goldens/s, 0.0 s elapsed, ? left")
    }

    @Test func durationsReadAsPeopleReadThem() {
        #expect(ProgressSnapshot.duration(12.34) == "12.3 s")
        #expect(ProgressSnapshot.duration(245) == "4:05")
        #expect(ProgressSnapshot.duration(3723) == "1:02:03")
        #expect(ProgressSnapshot.duration(.infinity) == "?")
    }

    @Test func aRenderReportsEveryFrameOnceWithItsStages() throws {
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.125))
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 19))
        request.outputDirectory = dir
        request.threads = 2
        let seen = Mutex<[FrameProgress]>([])
        nonisolated(unsafe) var planned = -1
        _ = try RenderPipeline(fonts: FontLibrary.shared).run(request, progress: { p in seen.withLock { $0.append(p) } }, planned: { planned = $0 })
        let frames = seen.withLock { $0 }
        #expect(planned == 20)
        let names: [String] = frames.map(\.name).sorted { Int($0)! < Int($1)! }
        #expect(names == (0..<20).map { String($0) })
        #expect(frames.allSatisfy { $0.raster > 0 && $0.write > 0 })
    }

    @Test func benchReportsBetweenItsTimedSpans() throws {
        // A progress callback that sleeps 30 ms: were it inside a span, every frame would be over 30 ms.
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.125))
        var options = BenchOptions()
        options.repeats = 2
        let runner = BenchRunner(pipeline: RenderPipeline(fonts: FontLibrary.shared), options: options)
        var calls = 0
        let bench = try runner.run(clip, device: "iphone-12", frames: try FrameRange(first: 0, last: 5)) { _ in
            calls += 1
            usleep(30_000)
        }
        #expect(calls == 12)   // every frame of every run
        #expect(bench.summary.medianMs < 30)
    }
}

@Suite struct RawFrameShapeTests {
    /// A 3×3 canvas: half-transparent red at (0,0), opaque blue at the bottom right, clear elsewhere.
    func canvas() -> Canvas {
        var words = [UInt32](repeating: 0, count: 9)
        words[0] = 0x8000_0080           // premultiplied red 128, alpha 128
        words[8] = 0xFFFF_0000           // opaque blue
        words[5] = 0xFF00_FF00           // opaque green, right column, middle row
        return Canvas(width: 3, height: 3, premultipliedWords: words)
    }

    @Test func straightIsTheUnpremultipliedCanvas() {
        #expect(RawFrameShape.straight.bytes(canvas()) == straightRGBA(canvas()))
        #expect(Array(RawFrameShape.straight.bytes(canvas())[0..<4]) == [255, 0, 0, 128])
    }

    @Test func opaqueIsTheCanvasOverBlack() {
        let bytes = RawFrameShape(opaque: true).bytes(canvas())
        #expect(Array(bytes[0..<4]) == [128, 0, 0, 255])   // red at half over black
        #expect(Array(bytes[4..<8]) == [0, 0, 0, 255])     // clear: black
        #expect(Array(bytes[32..<36]) == [0, 0, 255, 255]) // opaque: itself
    }

    @Test func oddSidesArePaddedByRepeatingTheLastColumnAndRow() throws {
        let shape = RawFrameShape(opaque: true, padToEven: true)
        #expect(shape.size(width: 375, height: 667) == (376, 668))
        #expect(shape.size(width: 390, height: 844) == (390, 844))
        let bytes = shape.bytes(canvas())
        try #require(bytes.count == 4 * 4 * 4)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(bytes[(y * 4 + x) * 4..<(y * 4 + x) * 4 + 4]) }
        #expect(pixel(3, 1) == pixel(2, 1) && pixel(2, 1) == [0, 255, 0, 255])   // the last column, repeated
        #expect(pixel(2, 3) == [0, 0, 255, 255] && pixel(3, 3) == [0, 0, 255, 255]) // the last row (and corner)
        #expect((0..<3).allSatisfy { pixel($0, 3) == pixel($0, 2) })
        #expect(pixel(0, 0) == [128, 0, 0, 255])
    }
}

// The baseline comparison (BaselineComparison.swift) on time tables made from the noise seen on a
// shared machine: a per-process offset, jitter, preemption spikes on single frames, and a
// contention burst over two frames. The rule must pass those and catch a 30 % range, whatever the
// seed.

import Foundation
import Testing
import HoloGeometry
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct BaselineComparisonTests {
    /// 120 frames of a clip whose frames cost 3…7 ms (a slow wave over the clip).
    static let frames = 0..<120
    static func profile(_ k: Int) -> Double { 5 + 2 * sin(Double(k) / 10) }
    static let baseline = Dictionary(uniqueKeysWithValues: frames.map { ($0, profile($0)) })

    /// The baseline's clip re-timed with noise and no code change: every frame × `offset` (the
    /// process) × up to ±3 % jitter, frames 20, 57 and 83 preempted (+3 ms), frames 90–91 in a
    /// contention burst (×1.6); then `slower` frames multiplied by `factor` (a real change).
    static func noisy(seed: UInt64, offset: Double = 1.04, slower: ClosedRange<Int>? = nil, factor: Double = 1.3) -> [Int: Double] {
        var random = SplitMix64(seed: seed)
        var out: [Int: Double] = [:]
        for k in frames {
            let jitter: Double = 0.03 * (2 * random.unit() - 1)
            var ms: Double = profile(k) * offset * (1 + jitter)
            if [20, 57, 83].contains(k) { ms += 3 }
            if (90...91).contains(k) { ms *= 1.6 }
            if slower?.contains(k) == true { ms *= factor }
            out[k] = ms
        }
        return out
    }

    static func compare(_ current: [Int: Double], _ baseline: [Int: Double] = baseline) -> BaselineComparison {
        BaselineComparison.compare(current: current, baseline: baseline, threshold: 0.2, floorMs: 0.5)
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func anUnchangedClipWithNoisePasses(seed: UInt64) {
        let c = Self.compare(Self.noisy(seed: seed))
        #expect(!c.failed && c.ranges.isEmpty && !c.slowerAsAWhole)
        // g takes the process's 4 % out; the spikes and the burst are listed as noise.
        #expect(abs(c.machineFactor - 1.04) < 0.02)
        #expect(c.noise.map { $0.first...$0.last } == [20...20, 57...57, 83...83, 90...91])
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func aThirtyPercentRangeIsCaughtAsThatRange(seed: UInt64) {
        let c = Self.compare(Self.noisy(seed: seed, slower: 100...109))
        #expect(c.failed && !c.slowerAsAWhole)
        #expect(c.ranges.map { $0.first...$0.last } == [100...109])
        #expect(abs(c.ranges[0].increase - 0.3) < 0.03)
    }

    @Test func aRangeIsReportedWithItsIncreaseAndMedians() {
        // Every frame 4 ms; frames 100–109 at 5.2 ms (+30 %): g stays 1, so the baseline is not scaled.
        let base = Dictionary(uniqueKeysWithValues: Self.frames.map { ($0, 4.0) })
        let current = base.merging((100...109).map { ($0, 5.2) }) { $1 }
        let c = Self.compare(current, base)
        #expect(c.machineFactor == 1)
        #expect(c.ranges.map(\.described) == ["frames 100–109 +30 % (4.00 → 5.20 ms)"])
    }

    /// One or two slow frames are noise; three in a row are a range (a window's median needs 3 of 5).
    @Test(arguments: [(1, false), (2, false), (3, true), (4, true)])
    func slowRunsShorterThanThreeFramesAreNoise(length: Int, caught: Bool) {
        let base = Dictionary(uniqueKeysWithValues: Self.frames.map { ($0, 4.0) })
        let current = base.merging((60..<(60 + length)).map { ($0, 12.0) }) { $1 }
        let c = Self.compare(current, base)
        #expect(c.failed == caught)
        #expect(c.ranges.map { $0.first...$0.last } == (caught ? [60...(59 + length)] : []))
        #expect(c.noise.map { $0.first...$0.last } == (caught ? [] : [60...(59 + length)]))
        if !caught { #expect(c.noise[0].described.hasPrefix(length == 1 ? "frame 60 +200 %" : "frames 60–61 +200 %")) }
    }

    /// g absorbs a machine that is slower everywhere: the range rule sees nothing. The clip verdict
    /// is the one test of a uniform change: it fails when g is over 1 + threshold and the median
    /// frame is slower by more than the floor, and it cannot tell slower code from a slower machine.
    @Test func aUniformSlowdownIsLeftToTheClipVerdict() {
        let slower = Self.compare(Self.baseline.mapValues { $0 * 1.3 })
        #expect(abs(slower.machineFactor - 1.3) < 1e-9 && slower.ranges.isEmpty && slower.noise.isEmpty)
        #expect(slower.slowerAsAWhole && slower.failed)
        #expect(abs(slower.medianDifferenceMs - 0.3 * Percentile.median(Array(Self.baseline.values))) < 1e-9)
        // At most the threshold slower: passes. So does a faster machine.
        #expect(!Self.compare(Self.baseline.mapValues { $0 * 1.15 }).failed)
        #expect(!Self.compare(Self.baseline.mapValues { $0 * 0.7 }).failed)
        // 30 % slower but frames so short the median difference stays under the floor: passes.
        let tiny = Dictionary(uniqueKeysWithValues: Self.frames.map { ($0, 1.0) })
        #expect(!Self.compare(tiny.mapValues { $0 * 1.3 }, tiny).failed)
        // A range 30 % slower on a machine 30 % slower everywhere is still caught as that range.
        let both = Self.compare(Self.noisy(seed: 7, offset: 1.3, slower: 100...109))
        #expect(both.ranges.map { $0.first...$0.last } == [100...109] && both.slowerAsAWhole)
    }

    /// A frame slower by 30 % is caught only when 30 % of it is over the floor: frames under
    /// floor ÷ 0.3 ms (1.67 ms at the 0.5 ms floor) are out of the gate's reach.
    @Test(arguments: [(1.5, false), (2.0, true)])
    func framesUnderTheFloorOverTheIncreaseAreNotCaught(baselineMs: Double, caught: Bool) {
        let base = Dictionary(uniqueKeysWithValues: Self.frames.map { ($0, baselineMs) })
        let current = base.merging((40...59).map { ($0, baselineMs * 1.3) }) { $1 }
        #expect(Self.compare(current, base).failed == caught)
    }

    @Test func onlyFramesBothTimedAreCompared() {
        let base = Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, 4.0) })
        let current = Dictionary(uniqueKeysWithValues: (5..<30).map { ($0, (10...12).contains($0) ? 6.0 : 4.0) })
        let c = Self.compare(current, base)
        #expect(c.frames.map(\.frame) == Array(5..<20) && c.machineFactor == 1)
        #expect(c.ranges.map { $0.first...$0.last } == [10...12])
        // Fewer frames than a window: one window of all of them.
        let three = BaselineComparison.compare(current: [0: 6, 1: 6, 2: 4], baseline: [0: 4, 1: 4, 2: 4], threshold: 0.2, floorMs: 0.5)
        #expect(three.machineFactor == 1.5 && three.ranges.isEmpty && three.slowerAsAWhole)
    }

    /// Runs of the baseline's clip as a loaded machine times them: run p at its own level
    /// `levels[p]` (one quiet run, the others 30–50 % slower: the load when each run was timed),
    /// ±3 % jitter, then `load(p, k)` on top (a stretch of contention in one run) and `factor` over
    /// `slower` in every run (a real change).
    static func runs(seed: UInt64, levels: [Double] = [1.0, 1.3, 1.45, 1.35, 1.5, 1.4, 1.3],
                     load: (Int, Int) -> Double = { _, _ in 1 }, slower: ClosedRange<Int>? = nil, factor: Double = 1.3) -> [Int: [Double]] {
        var random = SplitMix64(seed: seed)
        var out: [Int: [Double]] = [:]
        for k in frames {
            out[k] = levels.indices.map { p in
                let jitter: Double = 0.03 * (2 * random.unit() - 1)
                let change = slower?.contains(k) == true ? factor : 1
                return profile(k) * levels[p] * (1 + jitter) * load(p, k) * change
            }
        }
        return out
    }

    static func compareRuns(_ current: [Int: [Double]], _ baseline: [Int: [Double]]) -> BaselineComparison {
        BaselineComparison.compare(currentRuns: current, baselineRuns: baseline, threshold: 0.2, floorMs: 0.5)
    }

    /// Each frame's fastest run against the baseline's fails here, and the typical of the runs does
    /// not: the quiet run (run 0) got a burst of contention (×1.6) over frames 60–64, so the fastest
    /// there came from a run 30 % slower, and a window of 5 looked 30 % slower than the baseline,
    /// whose quiet run had no burst. The typical of the runs outvotes the one run.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func aBurstOverFiveFramesInOneRunIsNotARange(seed: UInt64) {
        let baseline = Self.runs(seed: 100 + seed)
        let current = Self.runs(seed: seed, load: { p, k in p == 0 && (60...64).contains(k) ? 1.6 : 1 })
        let fastest = Self.compare(current.mapValues { $0.min()! }, baseline.mapValues { $0.min()! })
        #expect(fastest.ranges.map { $0.first...$0.last } == [60...64])
        let c = Self.compareRuns(current, baseline)
        #expect(!c.failed && c.ranges.isEmpty && c.noise.isEmpty)
        #expect(abs(c.machineFactor - 1) < 0.03)
    }

    /// A stretch of load longer than a window in the quiet run (frames 40–69) and another in a
    /// second run (frames 85–104): the fastest runs come from slower runs there and look like two
    /// ranges; the typical of the runs sees neither.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func stretchesOfLoadInSomeRunsAreNotRanges(seed: UInt64) {
        let baseline = Self.runs(seed: 100 + seed)
        let load = { (p: Int, k: Int) -> Double in (p == 0 && (40...69).contains(k)) || (p == 1 && (85...104).contains(k)) ? 1.5 : 1 }
        let current = Self.runs(seed: seed, load: load)
        let fastest = Self.compare(current.mapValues { $0.min()! }, baseline.mapValues { $0.min()! })
        #expect(fastest.ranges.map { $0.first...$0.last } == [40...69])
        #expect(!Self.compareRuns(current, baseline).failed)
    }

    /// A change in the clip is in every run: it stays in the typical times, and a 30 % range is
    /// caught as that range with the burst of the test above in the same run.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func aThirtyPercentRangeInEveryRunIsCaught(seed: UInt64) {
        let baseline = Self.runs(seed: 100 + seed)
        let current = Self.runs(seed: seed, load: { p, k in p == 0 && (60...64).contains(k) ? 1.6 : 1 }, slower: 100...109)
        let c = Self.compareRuns(current, baseline)
        #expect(c.failed && !c.slowerAsAWhole)
        #expect(c.ranges.map { $0.first...$0.last } == [100...109])
        #expect(abs(c.ranges[0].increase - 0.3) < 0.03)
        // Longer than the trend's 17 frames, too: frames 30–69 (40 frames) 30 % slower in every run.
        let long = Self.compareRuns(Self.runs(seed: seed, slower: 30...69), baseline)
        #expect(long.ranges.map { $0.first...$0.last } == [30...69])
    }

    /// The typical times: each run at level 1 with its trend out, the median over runs, at the
    /// level of the fastest runs. One run is itself; runs that differ only by their level give the
    /// profile at the fastest run's level, and so do runs with a burst in one of them.
    @Test func typicalTimesAreTheRunsWithTheirLoadTakenOut() {
        let k = Array(Self.frames)
        #expect(BaselineComparison.typicalTimes(k.map { [Self.profile($0)] }) == k.map { Self.profile($0) })
        let levels = [1.3, 1.0, 1.45, 1.35, 1.5]
        let times = BaselineComparison.typicalTimes(k.map { f in levels.map { Self.profile(f) * $0 } })
        #expect(zip(times, k).allSatisfy { abs($0 / Self.profile($1) - 1) < 1e-9 })
        let burst = BaselineComparison.typicalTimes(k.map { f in levels.indices.map { Self.profile(f) * levels[$0] * ($0 == 2 && (60...64).contains(f) ? 1.6 : 1) } })
        #expect(zip(burst, k).allSatisfy { abs($0 / Self.profile($1) - 1) < 1e-9 })
        #expect(BaselineComparison.typicalTimes([]) == [])
    }

    @Test func theDefaultFloorIsAQuarterMillisecondOrThreePercentOfTheBudget() {
        #expect(BaselineComparison.defaultFloorMs(budgetMs: 1000.0 / 60) == 0.5)
        #expect(BaselineComparison.defaultFloorMs(budgetMs: 1000.0 / 120) == 0.25)
        #expect(BaselineComparison.defaultFloorMs(budgetMs: 4) == 0.25)
    }
}

/// The bench verdict against a baseline: its lines, and a last line that says FAIL exactly when the run fails.
@Suite struct BaselineVerdictTests {
    func bench(_ ms: [Int: Double], clip: String = "demo", budget: Double = 1000.0 / 60) -> ClipBench {
        let timings = ms.keys.sorted().map {
            FrameTiming(frame: $0, time: Double($0) / 60, simulateMs: 0.5, rasterMs: ms[$0]! - 0.5, encodeMs: nil, totalMs: ms[$0]!, runsMs: [ms[$0]!],
                        runsCpuMs: [ms[$0]!], cpuMs: ms[$0]!)
        }
        return ClipBench(clip: clip, device: "iphone-12", width: 1170, height: 2532, budgetMs: budget, repeats: 3, preparationMs: 2,
                         frames: timings, summary: BenchRunner.summarize(timings, budgetMs: budget))
    }

    @Test func aRegressedRangeIsNamedAndFailsTheRun() throws {
        let base = bench(BaselineComparisonTests.baseline)
        let now = bench(BaselineComparisonTests.noisy(seed: 1, slower: 100...109))
        let verdict = try BenchVerdict.judge([now], budgetMs: 1000.0 / 60, baseline: ("bench.json", [base]))
        #expect(verdict.failed && verdict.comparisons.first??.ranges.count == 1)
        #expect(verdict.lines.contains { $0.hasPrefix("REGRESSED demo frames 100–109 +") })
        #expect(verdict.lines.filter { $0.hasPrefix("noise: demo ") }.count == 4)
        #expect(verdict.lines.last == "FAIL: regressed against bench.json (threshold 20 %, floor 0.50 ms): demo frames 100–109")
    }

    @Test func anUnchangedClipPassesAndSaysSo() throws {
        let base = bench(BaselineComparisonTests.baseline)
        let verdict = try BenchVerdict.judge([bench(BaselineComparisonTests.noisy(seed: 2))], budgetMs: 1000.0 / 60,
                                             baseline: ("bench.json", [base]))
        #expect(!verdict.failed)
        #expect(verdict.lines.last == "ok: every frame within the 16.67 ms budget; no regression against bench.json")
        #expect(verdict.lines.first?.hasPrefix("demo against bench.json in CPU time: machine factor g 1.0") == true)
    }

    /// A failure is timed again: a range the second measurement does not find is listed as not
    /// confirmed and passes (a burst of contention in one measurement), a range it finds again
    /// (overlapping, not the same frames) fails, and a clip that passes is never timed again.
    @Test func aRegressionFailsOnlyWhenASecondMeasurementFindsItAgain() throws {
        let base = bench(BaselineComparisonTests.baseline)
        let now = bench(BaselineComparisonTests.noisy(seed: 1, slower: 100...109))
        var asked: [Int] = []
        let burst = try BenchVerdict.judge([now], budgetMs: 1000.0 / 60, baseline: ("bench.json", [base])) {
            asked.append($0); return self.bench(BaselineComparisonTests.noisy(seed: 5))
        }
        #expect(asked == [0] && !burst.failed)
        #expect(burst.comparisons[0]?.ranges.isEmpty == true && burst.comparisons[0]?.unconfirmed.map { $0.first...$0.last } == [100...109])
        #expect(burst.lines.contains { $0.hasPrefix("demo timed again to confirm: machine factor g 1.0") && $0.hasSuffix("nothing regressed") })
        #expect(burst.lines.contains { $0.hasPrefix("not confirmed: demo frames 100–109 +") && $0.hasSuffix("not slow when timed again (not failing)") })
        #expect(burst.lines.last == "ok: every frame within the 16.67 ms budget; no regression against bench.json")

        let real = try BenchVerdict.judge([now], budgetMs: 1000.0 / 60, baseline: ("bench.json", [base])) { _ in
            self.bench(BaselineComparisonTests.noisy(seed: 6, slower: 103...112))
        }
        #expect(real.failed && real.comparisons[0]?.unconfirmed.isEmpty == true)
        #expect(real.lines.contains { $0.hasPrefix("REGRESSED demo frames 100–109 +") && $0.hasSuffix(", found again") })
        #expect(real.lines.contains { $0.hasPrefix("demo timed again to confirm: ") && $0.contains("regressed frames 103–112 +") })
        #expect(real.lines.last == "FAIL: regressed against bench.json (threshold 20 %, floor 0.50 ms): demo frames 100–109")

        asked = []
        let unchanged = try BenchVerdict.judge([bench(BaselineComparisonTests.noisy(seed: 2))], budgetMs: 1000.0 / 60,
                                               baseline: ("bench.json", [base])) { asked.append($0); return now }
        #expect(asked.isEmpty && !unchanged.failed && unchanged.comparisons[0]?.second == nil)
    }

    /// The clip's verdict is confirmed the same way; a frame over the budget is never timed away.
    @Test func aSlowerClipAndABudgetAreConfirmedAsTheyShouldBe() throws {
        let base = bench(BaselineComparisonTests.baseline)
        let slower = bench(BaselineComparisonTests.noisy(seed: 3).mapValues { $0 * 1.5 })
        let once = try BenchVerdict.judge([slower], budgetMs: 1000.0 / 60, baseline: ("b.json", [base])) { _ in
            self.bench(BaselineComparisonTests.noisy(seed: 7))
        }
        #expect(!once.failed && once.comparisons[0]?.unconfirmedAsAWhole == true)
        #expect(once.lines.contains { $0.hasPrefix("not confirmed: demo as a whole (g 1.5") })
        let twice = try BenchVerdict.judge([slower], budgetMs: 1000.0 / 60, baseline: ("b.json", [base])) { _ in
            self.bench(BaselineComparisonTests.noisy(seed: 8).mapValues { $0 * 1.45 })
        }
        #expect(twice.failed && twice.lines.last?.hasSuffix("demo as a whole") == true)
        var over = BaselineComparisonTests.noisy(seed: 9)
        over[5] = 30
        let budget = try BenchVerdict.judge([bench(over)], budgetMs: 1000.0 / 60, baseline: ("b.json", [base])) { _ in
            self.bench(BaselineComparisonTests.noisy(seed: 10))
        }
        #expect(budget.failed && budget.lines.last == "FAIL: 1 frame over the 16.67 ms budget")
    }

    /// Every combination of over budget, a regressed range and a slower clip: the last line starts
    /// with "FAIL:" exactly when the verdict fails (exit 1), and with "ok:" otherwise.
    @Test(arguments: [false, true], [0, 1, 2])
    func theLastLineAgreesWithTheVerdict(overBudget: Bool, change: Int) throws {
        var ms = BaselineComparisonTests.noisy(seed: 3)
        if change == 1 { for k in 100...109 { ms[k]! *= 1.3 } }
        if change == 2 { ms = ms.mapValues { $0 * 1.5 } }
        if overBudget { ms[5] = 30 }
        let verdict = try BenchVerdict.judge([bench(ms)], budgetMs: 1000.0 / 60,
                                             baseline: ("b.json", [bench(BaselineComparisonTests.baseline)]))
        let last = try #require(verdict.lines.last)
        #expect(verdict.failed == (overBudget || change != 0))
        #expect(last.hasPrefix(verdict.failed ? "FAIL: " : "ok: "))
        #expect(last.contains("1 frame over the 16.67 ms budget") == overBudget)
        #expect(last.contains("demo as a whole") == (change == 2))
    }
}

/// The report of a run that failed on a regressed range shows why: the verdict at the top in the
/// terminal's words, the baseline's bars beside this run's, the range shaded and listed.
@Suite struct BaselineReportTests {
    @Test func theReportShowsTheVerdictTheBaselineAndTheRange() throws {
        let tests = BaselineVerdictTests()
        let base = tests.bench(BaselineComparisonTests.baseline)
        let now = tests.bench(BaselineComparisonTests.noisy(seed: 4, slower: 100...109))
        let verdict = try BenchVerdict.judge([now], budgetMs: 1000.0 / 60, baseline: ("bench.json", [base]))
        #expect(verdict.failed)
        var entry = BenchReportPage.ClipEntry(bench: now, worstPicture: .failure(.init("not drawn here")))
        entry.comparison = verdict.comparisons[0]
        entry.baseline = verdict.baselines[0]
        let tree = try MarkupTree(BenchReportPage(clips: [entry], command: ["holoframe", "bench"], verdict: verdict).html())
        let top = try #require(tree.root.all("div", class: "verdict").first)
        #expect(top.attributes["class"] == "verdict failed")
        #expect(top.all("p", class: "last").first?.allText == verdict.lines.last)
        #expect(top.all("li").map(\.allText) == Array(verdict.lines.dropLast()))
        let section = try #require(tree.root.all("section", class: "clip").first)
        #expect(section.all("rect", class: "baseline-bar").count == 120 && section.all("rect", class: "bar").count == 120)
        let shaded = section.all("rect", class: "regressed-range")
        #expect(shaded.map { "\($0.attributes["data-first"] ?? "")–\($0.attributes["data-last"] ?? "")" } == ["100–109"])
        let listed = section.all("li", class: "regressed")
        #expect(listed.count == 1 && listed[0].allText.hasPrefix("regressed: frames 100–109 +"))
        #expect(tree.root.all { $0.attributes["data-count"] == "regressed" }.first?.text == "1")
        // Without a baseline: no verdict block's baseline parts, no baseline bars.
        let plain = try MarkupTree(BenchReportPage(clips: [BenchReportPage.ClipEntry(bench: now, worstPicture: .failure(.init("x")))],
                                                   command: ["holoframe", "bench"]).html())
        #expect(plain.root.all("rect", class: "baseline-bar").isEmpty && plain.root.all("div", class: "verdict").isEmpty)
    }

    /// A range the second measurement did not find again: not shaded, listed as not confirmed.
    @Test func theReportListsWhatWasNotConfirmed() throws {
        let tests = BaselineVerdictTests()
        let base = tests.bench(BaselineComparisonTests.baseline)
        let now = tests.bench(BaselineComparisonTests.noisy(seed: 4, slower: 100...109))
        let verdict = try BenchVerdict.judge([now], budgetMs: 1000.0 / 60, baseline: ("bench.json", [base])) { _ in
            tests.bench(BaselineComparisonTests.noisy(seed: 11))
        }
        #expect(!verdict.failed)
        var entry = BenchReportPage.ClipEntry(bench: now, worstPicture: .failure(.init("not drawn here")))
        entry.comparison = verdict.comparisons[0]
        entry.baseline = verdict.baselines[0]
        let tree = try MarkupTree(BenchReportPage(clips: [entry], command: ["holoframe", "bench"], verdict: verdict).html())
        let section = try #require(tree.root.all("section", class: "clip").first)
        #expect(section.all("rect", class: "regressed-range").isEmpty && section.all("li", class: "regressed").isEmpty)
        let noted = section.all("li", class: "noise").map(\.allText).filter { $0.hasPrefix("not confirmed: frames 100–109 +") }
        #expect(noted.count == 1)
    }
}

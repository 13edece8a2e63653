// One clip's frame times held against a baseline's: across frames, not frame by frame.
//
// Why across frames. With a few runs per frame a per-frame significance test cannot work (3 against
// 3 gives p ≥ 0.05 at best: about 18 false frames in 360). The noise on a shared CI machine has
// these shapes: preemption (bench holds thread CPU time, `FrameTiming.runsCpuMs`, which does not
// count a wait for a core at all), a per-process offset (a whole run faster or slower: up to ±30 %
// measured here), and contention that comes and goes while a run is timed: another job's burst
// fills the shared caches for tens of milliseconds, so a run is 20–90 % slower over a stretch of
// frames and then not (CPU time counts that, the thread is running). A run of the clip times the
// frames in order, so such a stretch is a stretch of consecutive frames in one run.
//
// Each frame's time: the typical of its runs, with each run's load taken out. Taking each frame's
// fastest run (what this rule did first) left that noise in: the fastest run of frames 0–28 came
// from one quiet run, of frames 50–71 from another, and a baseline whose quiet run happened to
// cover a stretch that this run's did not looked 20–30 % faster there, in every window
// (docs/performance.md, "Why unchanged runs were flagged"). So, for one recording with runs
// t_p(k) (run p, frame k, in frame order):
//
//   L_p          = median_k t_p(k)                      run p's level
//   u_p(k)       = t_p(k) / L_p                         the run at level 1
//   m(k)         = median_p u_p(k)                      what the runs agree on
//   D_p(k)       = median over |j − k| ≤ 8 of u_p(j) / m(j)
//                                                       run p's load trend: where it ran slower
//                                                       or faster than the others, over 17 frames
//   s(k)         = median_p (u_p(k) / D_p(k))            the clip's shape
//   t(k)         = s(k) · median_k (f(k) / s(k))         in ms at the level of the fastest runs,
//                                                       f(k) = min_p t_p(k)
//
// The level is the fastest runs': of the measures of a process's level it moved least between
// processes here (over pairs of unchanged recordings with 7 runs, the fastest runs' g was
// 0.83–1.20, the runs' median level's 0.76–1.31), and the clip verdict holds it.
// A stretch of load in one run is in that run's D_p (when it spans more than 8 frames) or is
// outvoted by the other runs in the median (when it is shorter); a change in the clip is in every
// run, so it is in m, never in a D_p, and stays. With one run, t(k) = t_1(k).
//
// The rule, over the frames both recordings timed, in frame order:
//
//   c_k, b_k     frame k's time t(k) in this run and in the baseline
//   g            = median_k c_k / b_k                  the machine factor: a faster or slower process
//                                                      or runner moves every frame by about g
//   r_k          = c_k / (g · b_k)                     frame k against the baseline scaled by g
//   d_k          = c_k − g · b_k                       the same as a difference, in ms
//   frame k slow ⇔  r_k > 1 + threshold  and  d_k > floor
//   window W     = 5 consecutive frames (all n when n < 5)
//   W regressed  ⇔  median_W r > 1 + threshold  and  median_W d > floor
//   a range      = regressed windows that overlap or touch, merged, then trimmed to their first and
//                  last slow frame; reported as "frames 100–109 +30 % (4.10 → 5.33 ms)": the median
//                  of r − 1 over the range, the median of g · b and of c
//   noise        = slow frames outside every range, in runs of consecutive frames: listed, not failing
//   the clip     is slower as a whole when  g > 1 + clip threshold  and  median_k (c_k − b_k) > floor
//                (the clip threshold is the threshold unless given apart: `--clip-threshold`).
//                g takes every uniform change out of the range rule, so this is the one test that
//                sees a uniform change, and it cannot tell a clip that got uniformly slower from a
//                slower machine: a baseline recorded on another kind of runner fails it.
//   p95 and the worst frame of c and b are reported, not gated (one preempted frame moves them).
//
// Confirmed by a second measurement (`bench` does this unless --no-confirm): when a clip fails, it
// is timed once more, from a fresh renderer, and held to the same baseline by the same rule. A range
// fails only when the second measurement names a range that overlaps it, the clip as a whole only
// when the second measurement finds it slower as a whole too; the rest is listed as not confirmed.
// A change in the code is in both measurements; a stretch of contention in one measurement is in
// one. On this shared machine an unchanged clip was flagged in about 1 run of 20–80
// (docs/performance.md, "Why unchanged runs were flagged"); two independent measurements both
// flagged at overlapping frames is rarer than the product of those rates.
//
// What it cannot catch: a slowdown over fewer than 3 consecutive frames (a window's median needs 3
// of its 5 frames slow; 1 or 2 slow frames are noise by design), a frame whose baseline is under
// floor ÷ threshold ms slowing by the threshold (its difference stays under the floor), a uniform
// slowdown of at most the threshold, and a change that only some runs see. Measured on this
// machine: Tests/Scripts/check_bench_gate.sh and docs/performance.md.

/// The comparison of one clip's frame times with a baseline's (see the rule above).
public struct BaselineComparison: Sendable, Hashable {
    /// A frame both recordings timed: its baseline time and this run's, in ms (each t(k) above:
    /// the typical of its runs with each run's load taken out).
    public struct ComparedFrame: Sendable, Hashable {
        public var frame: Int
        public var baselineMs: Double
        public var currentMs: Double
    }

    /// Consecutive frames slower than the scaled baseline: a regressed range, or noise.
    public struct SlowFrames: Sendable, Hashable {
        public var first: Int
        public var last: Int
        /// The median over these frames of r_k − 1 (0.3 is 30 % slower than g · baseline).
        public var increase: Double
        /// The median over these frames of g · b_k and of c_k, in ms.
        public var baselineMs: Double
        public var currentMs: Double

        public var frameCount: Int { last - first + 1 }

        /// "frames 100–109 +30 % (4.10 → 5.33 ms)", or "frame 37 …" for one frame.
        public var described: String {
            let frames = first == last ? "frame \(first)" : "frames \(first)–\(last)"
            return frames + " " + Self.percent(increase) + " " + "(\(Self.ms(baselineMs)) → \(Self.ms(currentMs)) ms)"
        }

        static func percent(_ fraction: Double) -> String {
            let p = Int((fraction * 100).rounded())
            return (p >= 0 ? "+" : "−") + "\(abs(p)) %"
        }
        static func ms(_ v: Double) -> String { String(format: "%.2f", v) }
    }

    /// Frames in one window of the range rule.
    public static let window = 5

    /// The default `--floor-ms`: max(0.25 ms, 3 % of the budget) (0.5 ms at 60 Hz, 0.25 ms at 120 Hz).
    public static func defaultFloorMs(budgetMs: Double) -> Double { max(0.25, 0.03 * budgetMs) }

    /// The frames both runs timed, in frame order.
    public var frames: [ComparedFrame]
    public var threshold: Double
    /// The clip verdict's threshold (g over 1 + it); the range rule's `threshold` unless given apart.
    public var clipThreshold: Double
    public var floorMs: Double
    /// g: the median over frames of this run's time / the baseline's.
    public var machineFactor: Double
    public var ranges: [SlowFrames]
    public var noise: [SlowFrames]
    /// The median over frames of c_k − b_k (unscaled), in ms.
    public var medianDifferenceMs: Double
    /// g > 1 + clipThreshold and the median difference over the floor.
    public var slowerAsAWhole: Bool
    /// Nearest-rank p95 and the slowest frame, baseline and this run (reported, not gated).
    public var p95: (baselineMs: Double, currentMs: Double) { (Self.p95(frames.map(\.baselineMs)), Self.p95(frames.map(\.currentMs))) }
    public var worst: (baselineMs: Double, currentMs: Double) { (frames.map(\.baselineMs).max() ?? 0, frames.map(\.currentMs).max() ?? 0) }

    /// A regressed range or the clip slower as a whole.
    public var failed: Bool { !ranges.isEmpty || slowerAsAWhole }

    /// What a second measurement found, when this comparison was confirmed (`confirmed(by:)`).
    public struct SecondMeasurement: Sendable, Hashable {
        public var machineFactor: Double
        public var ranges: [SlowFrames]
        public var slowerAsAWhole: Bool
    }

    /// The second measurement this comparison was confirmed by (nil: not confirmed, or it passed).
    public var second: SecondMeasurement?
    /// Ranges the first measurement named that the second did not find again (not failing).
    public var unconfirmed: [SlowFrames] = []
    /// The first measurement found the clip slower as a whole and the second did not (not failing).
    public var unconfirmedAsAWhole = false

    /// This comparison with only what `again` (a second measurement against the same baseline)
    /// finds too: each range kept when one of `again`'s ranges overlaps it, the clip's verdict
    /// kept when `again` is slower as a whole too; the rest moved to `unconfirmed`.
    public func confirmed(by again: BaselineComparison) -> BaselineComparison {
        var c = self
        let seenAgain = { (r: SlowFrames) in again.ranges.contains { $0.first <= r.last && $0.last >= r.first } }
        c.ranges = ranges.filter(seenAgain)
        c.unconfirmed = ranges.filter { !seenAgain($0) }
        c.slowerAsAWhole = slowerAsAWhole && again.slowerAsAWhole
        c.unconfirmedAsAWhole = slowerAsAWhole && !again.slowerAsAWhole
        c.second = SecondMeasurement(machineFactor: again.machineFactor, ranges: again.ranges, slowerAsAWhole: again.slowerAsAWhole)
        return c
    }

    /// Half the frames over which a run's load trend is measured (D_p above: 2 · 8 + 1 frames).
    public static let trendReach = 8

    /// Holds `current` (frame → ms, one time per frame) against `baseline` over the frames both have.
    public static func compare(current: [Int: Double], baseline: [Int: Double], threshold: Double, floorMs: Double,
                               clipThreshold: Double? = nil) -> BaselineComparison {
        compare(currentRuns: current.mapValues { [$0] }, baselineRuns: baseline.mapValues { [$0] },
                threshold: threshold, floorMs: floorMs, clipThreshold: clipThreshold)
    }

    /// Holds `currentRuns` (frame → every run's ms, in run order) against `baselineRuns` over the
    /// frames both have, each frame's time its `typicalTimes`. `threshold` is a fraction (0.2: 20 %
    /// slower), `floorMs` the smallest difference that counts; `clipThreshold` (nil: `threshold`)
    /// is the clip verdict's.
    public static func compare(currentRuns: [Int: [Double]], baselineRuns: [Int: [Double]], threshold: Double, floorMs: Double,
                               clipThreshold: Double? = nil) -> BaselineComparison {
        let clipThreshold = clipThreshold ?? threshold
        let common = currentRuns.keys.filter { baselineRuns[$0] != nil }.sorted()
        let currentMs = typicalTimes(common.map { currentRuns[$0]! })
        let baselineMs = typicalTimes(common.map { baselineRuns[$0]! })
        let frames = common.indices.map { ComparedFrame(frame: common[$0], baselineMs: baselineMs[$0], currentMs: currentMs[$0]) }
        let n = frames.count
        guard n > 0 else {
            return BaselineComparison(frames: [], threshold: threshold, clipThreshold: clipThreshold, floorMs: floorMs, machineFactor: 1, ranges: [], noise: [],
                                      medianDifferenceMs: 0, slowerAsAWhole: false)
        }
        let c = frames.map(\.currentMs)
        // A frame that reused the one before it costs microseconds; never divide by 0.
        let b = frames.map { max($0.baselineMs, 1e-6) }
        // g = median_k c_k / b_k
        let g = Percentile.median((0..<n).map { c[$0] / b[$0] })
        // r_k = c_k / (g · b_k), d_k = c_k − g · b_k
        let r = (0..<n).map { c[$0] / (g * b[$0]) }
        let d = (0..<n).map { c[$0] - g * b[$0] }
        let slow = (0..<n).map { r[$0] > 1 + threshold && d[$0] > floorMs }

        // Windows of 5 consecutive frames (one window of all n when n < 5), regressed when
        // median_W r > 1 + threshold and median_W d > floor; overlapping or touching ones merged.
        let width = min(window, n)
        var merged: [ClosedRange<Int>] = []
        for start in 0...(n - width) {
            let w = start..<(start + width)
            guard Percentile.median(Array(r[w])) > 1 + threshold && Percentile.median(Array(d[w])) > floorMs else { continue }
            if let last = merged.last, start <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...(w.upperBound - 1)
            } else {
                merged.append(start...(w.upperBound - 1))
            }
        }
        func slowFrames(_ span: ClosedRange<Int>) -> SlowFrames {
            SlowFrames(first: frames[span.lowerBound].frame, last: frames[span.upperBound].frame,
                       increase: Percentile.median(span.map { r[$0] }) - 1,
                       baselineMs: Percentile.median(span.map { g * b[$0] }), currentMs: Percentile.median(span.map { c[$0] }))
        }
        // Each merged span trimmed to its first and last slow frame (a window reaches up to 2 frames
        // past the slow ones); kept whole in the rare span with no single slow frame.
        let spans = merged.map { span -> ClosedRange<Int> in
            guard let lo = span.first(where: { slow[$0] }), let hi = span.last(where: { slow[$0] }) else { return span }
            return lo...hi
        }
        var covered = [Bool](repeating: false, count: n)
        for span in merged { for k in span { covered[k] = true } }
        // Noise: slow frames outside every range, grouped into runs of consecutive frames.
        var noise: [ClosedRange<Int>] = []
        for k in 0..<n where slow[k] && !covered[k] {
            if let last = noise.last, last.upperBound == k - 1, frames[k - 1].frame == frames[k].frame - 1 {
                noise[noise.count - 1] = last.lowerBound...k
            } else {
                noise.append(k...k)
            }
        }
        // The clip as a whole: g > 1 + clip threshold and median_k (c_k − b_k) > floor.
        let medianDifference = Percentile.median((0..<n).map { c[$0] - frames[$0].baselineMs })
        return BaselineComparison(frames: frames, threshold: threshold, clipThreshold: clipThreshold, floorMs: floorMs, machineFactor: g,
                                  ranges: spans.map(slowFrames), noise: noise.map(slowFrames),
                                  medianDifferenceMs: medianDifference,
                                  slowerAsAWhole: g > 1 + clipThreshold && medianDifference > floorMs)
    }

    /// Each frame's time from all runs of one recording (`runs[k]`: frame k's runs, in run order;
    /// frames in order): the median over runs of the run at level 1 with its load trend divided
    /// out, in ms at the level of the fastest runs (t(k) above). Runs past the shortest frame's
    /// count are left out.
    public static func typicalTimes(_ runs: [[Double]]) -> [Double] {
        let n = runs.count
        let count = runs.map(\.count).min() ?? 0
        guard n > 0, count > 0 else { return Array(repeating: 0, count: n) }
        // One run is itself (exactly: no division and product to round).
        if count == 1 { return runs.map { $0[0] } }
        // Never divide by 0: a frame that reused the one before it costs microseconds.
        let positive = { (v: Double) in max(v, 1e-9) }
        // L_p, and u_p(k) = t_p(k) / L_p (u[k][p])
        let levels = (0..<count).map { p in positive(Percentile.median(runs.map { $0[p] })) }
        let u = runs.map { t in (0..<count).map { t[$0] / levels[$0] } }
        // m(k) = median_p u_p(k), and each run against it: u_p(k) / m(k)
        let agreed = u.map { positive(Percentile.median($0)) }
        let against = (0..<n).map { k in u[k].map { $0 / agreed[k] } }
        let shape = (0..<n).map { k in
            let reach = max(0, k - trendReach)...min(n - 1, k + trendReach)
            // u_p(k) / D_p(k), D_p(k) the median of run p against the others over the reach
            let detrended = (0..<count).map { p in u[k][p] / positive(Percentile.median(reach.map { against[$0][p] })) }
            return Percentile.median(detrended)
        }
        // In ms at the level of the fastest runs: the median over frames of fastest ÷ shape (a
        // ratio per frame, as g: a median of the times themselves can fall between two groups
        // of frames and move with a few of them).
        let scale = Percentile.median((0..<n).map { k in runs[k].prefix(count).min()! / positive(shape[k]) })
        return shape.map { $0 * scale }
    }

    static func p95(_ values: [Double]) -> Double { values.isEmpty ? 0 : Percentile.nearestRank(values.sorted(), 95) }
}

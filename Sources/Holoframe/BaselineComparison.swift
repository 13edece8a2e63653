// One clip's frame times held against a baseline's: across frames, not frame by frame.
//
// Why across frames. With 3 runs per frame a per-frame significance test cannot work (3 against 3
// gives p ≥ 0.05 at best: about 18 false frames in 360). The noise on a shared CI machine has three
// shapes: preemption spikes (they only add time, so each frame's time is its fastest run; bench
// passes the fastest in thread CPU time, `FrameTiming.cpuMs`, which does not count a wait for a
// core at all), a per-process offset (a whole run faster or slower: up to ±30 % measured here) and
// bursts of contention over a few frames. The rule below is built against those three:
//
//   c_k, b_k     frame k's time in this run and in the baseline (each its fastest run), over the n
//                frames both timed, in frame order
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
// What it cannot catch: a slowdown over fewer than 3 consecutive frames (a window's median needs 3
// of its 5 frames slow; 1 or 2 slow frames are noise by design), a frame whose baseline is under
// floor ÷ threshold ms slowing by the threshold (its difference stays under the floor), and a
// uniform slowdown of at most the threshold. Measured on this machine: Tests/Scripts/check_bench_gate.sh
// and docs/performance.md.

/// The comparison of one clip's frame times with a baseline's (see the rule above).
public struct BaselineComparison: Sendable, Hashable {
    /// A frame both runs timed: its baseline time and this run's, in ms (each the fastest run).
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

    /// Holds `current` (frame → ms) against `baseline` (frame → ms) over the frames both have.
    /// `threshold` is a fraction (0.2: 20 % slower), `floorMs` the smallest difference that counts;
    /// `clipThreshold` (nil: `threshold`) is the clip verdict's.
    public static func compare(current: [Int: Double], baseline: [Int: Double], threshold: Double, floorMs: Double,
                               clipThreshold: Double? = nil) -> BaselineComparison {
        let clipThreshold = clipThreshold ?? threshold
        let frames = current.keys.filter { baseline[$0] != nil }.sorted()
            .map { ComparedFrame(frame: $0, baselineMs: baseline[$0]!, currentMs: current[$0]!) }
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

    static func p95(_ values: [Double]) -> Double { values.isEmpty ? 0 : Percentile.nearestRank(values.sorted(), 95) }
}

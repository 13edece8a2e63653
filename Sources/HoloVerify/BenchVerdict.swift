// What `holoframe bench` concludes from its timings, apart from the process that prints it:
// the frame budget the options ask for, the per-clip table, the baseline comparison and the
// verdict (exit 1 when any frame is over budget, a range of frames regressed against the
// baseline, or a clip got slower as a whole).
//
//   budget = --budget-ms, or 1000 / --hz, or 1000 / 60 ms (one 60 Hz refresh)
//   floor  = --floor-ms, or max(0.25 ms, 3 % of the budget)
//   against a baseline: the range rule and the clip verdict of BaselineComparison.swift, over every
//   run of each frame in thread CPU time (`runsCpuMs`: each frame the typical of its runs with each
//   run's load trend taken out; the budget holds wall-clock `totalMs`, the fastest run)
//
// A clip that fails against the baseline is timed once more when the caller can (`remeasure`), and
// only what both measurements find fails (BaselineComparison.swift, "Confirmed by a second measurement").
//
// The last line is the verdict: it starts with "FAIL:" exactly when the run exits 1, and with
// "ok:" otherwise; the report page shows the same lines at its top.

import Foundation
import HoloExport
import HoloGeometry

extension BenchOptions {
    /// The frame budget in milliseconds for `--budget-ms` or `--hz` (at most one given), else 60 fps.
    public static func budgetMs(budgetMs: Double?, hz: Double?) -> Double {
        budgetMs ?? hz.map { 1000 / $0 } ?? 1000.0 / 60.0
    }
}

extension BenchFile {
    /// A `--baseline` file, read under the input policy (so an output of the run can never replace
    /// it); a file that is not a usable baseline is a usage error (exit 2).
    public static func readBaseline(_ path: String, inputs: InputPolicy) throws -> [ClipBench] {
        let bytes = try inputs.readFile(path, what: "the --baseline file")
        do { return try BenchFile.decode(Data(bytes), name: path).clips } catch {
            throw ClipUsageError("--baseline: \(error)")
        }
    }
}

/// The end of a bench run: the lines that say why it passes or fails, and whether it failed.
public struct BenchVerdict: Sendable {
    public var lines: [String]
    public var failed: Bool
    /// Each result's comparison with its baseline run, in the order of the results (nil without a baseline).
    public var comparisons: [BaselineComparison?] = []
    /// Each result's baseline run (its wall-clock times are drawn beside this run's in the report).
    public var baselines: [ClipBench?] = []
    /// How the user named the baseline file.
    public var baselineName: String?

    /// Slow runs of frames listed as noise per clip; the rest are counted in one line.
    public static let noiseListed = 5

    /// Holds `results` to the budget and, when given, to a baseline (`name` is how the user named
    /// it). A baseline of other clips, another device or size throws a usage error. `floorMs` nil
    /// is the default floor for the budget. `remeasure`, when given, times result `i`'s clip once
    /// more when it fails against the baseline; only what that second measurement finds again
    /// fails (`BaselineComparison.confirmed(by:)`).
    public static func judge(_ results: [ClipBench], budgetMs: Double,
                             baseline: (name: String, clips: [ClipBench])? = nil, threshold: Double = 0.2,
                             floorMs: Double? = nil, clipThreshold: Double? = nil,
                             remeasure: ((Int) throws -> ClipBench)? = nil) throws -> BenchVerdict {
        var lines: [String] = []
        var failures: [String] = []
        var comparisons: [BaselineComparison?] = Array(repeating: nil, count: results.count)
        var baselines: [ClipBench?] = Array(repeating: nil, count: results.count)
        let floor = floorMs ?? BaselineComparison.defaultFloorMs(budgetMs: budgetMs)
        let over = results.reduce(0) { $0 + $1.summary.framesOverBudget }
        let budget = String(format: "%.2f", budgetMs)
        if over > 0 { failures.append("\(over) frame\(over == 1 ? "" : "s") over the \(budget) ms budget") }
        if let baseline {
            if let why = BenchBaseline.mismatch(current: results, baseline: baseline.clips) {
                throw ClipUsageError("--baseline \(Printable.escaped(baseline.name)) does not match this run: \(why)")
            }
            let pct = { (v: Double) in "\(Int((v * 100).rounded())) %" }
            let ms = { (v: Double) in String(format: "%.2f", v) }
            var regressed: [String] = []
            for (i, bench) in results.enumerated() {
                guard let base = BenchBaseline.matching(bench, in: baseline.clips) else { continue }
                // Every run in thread CPU time: waiting for a core is not the frame's cost.
                let compare = { (runs: ClipBench) in
                    BaselineComparison.compare(currentRuns: cpuRuns(runs), baselineRuns: cpuRuns(base),
                                               threshold: threshold, floorMs: floor, clipThreshold: clipThreshold)
                }
                var comparison = compare(bench)
                if comparison.failed, let remeasure {
                    comparison = comparison.confirmed(by: compare(try remeasure(i)))
                }
                comparisons[i] = comparison
                baselines[i] = base
                let (p95, worst) = (comparison.p95, comparison.worst)
                // Names escaped before any line is built: a newline in a clip's name cannot forge a line.
                let clip = Printable.escaped(bench.clip)
                lines.append("\(clip) against \(Printable.escaped(baseline.name)) in CPU time: machine factor g \(String(format: "%.2f", comparison.machineFactor)) " +
                             "(median of this run ÷ baseline over \(comparison.frames.count) frames), median difference " +
                             "\(String(format: "%+.2f", comparison.medianDifferenceMs)) ms; p95 \(ms(p95.baselineMs)) → \(ms(p95.currentMs)) ms, " +
                             "worst \(ms(worst.baselineMs)) → \(ms(worst.currentMs)) ms (not gated)")
                if let second = comparison.second {
                    let found = second.ranges.map { "frames \($0.first)–\($0.last) \(BaselineComparison.SlowFrames.percent($0.increase))" }
                        + (second.slowerAsAWhole ? ["the clip as a whole"] : [])
                    lines.append("\(clip) timed again to confirm: machine factor g \(String(format: "%.2f", second.machineFactor)), " +
                                 (found.isEmpty ? "nothing regressed" : "regressed " + found.joined(separator: ", ")))
                }
                for range in comparison.ranges {
                    lines.append("REGRESSED \(clip) \(range.described)" + (comparison.second == nil ? "" : ", found again"))
                    regressed.append("\(clip) \(range.first == range.last ? "frame \(range.first)" : "frames \(range.first)–\(range.last)")")
                }
                if comparison.slowerAsAWhole {
                    lines.append("REGRESSED \(clip) as a whole: g \(String(format: "%.2f", comparison.machineFactor)) over " +
                                 "\(String(format: "%.2f", 1 + comparison.clipThreshold)) and the median frame \(ms(comparison.medianDifferenceMs)) ms slower " +
                                 "(over the \(ms(floor)) ms floor): slower code, or a slower machine than the baseline's")
                    regressed.append("\(clip) as a whole")
                }
                for range in comparison.unconfirmed {
                    lines.append("not confirmed: \(clip) \(range.described), not slow when timed again (not failing)")
                }
                if comparison.unconfirmedAsAWhole {
                    lines.append("not confirmed: \(clip) as a whole (g \(String(format: "%.2f", comparison.machineFactor))), " +
                                 "not slower as a whole when timed again (not failing)")
                }
                for run in comparison.noise.prefix(noiseListed) {
                    lines.append("noise: \(clip) \(run.described), fewer than 3 frames in a row (not failing)")
                }
                if comparison.noise.count > noiseListed {
                    lines.append("noise: \(clip) \(comparison.noise.count - noiseListed) more short runs of slow frames (not failing)")
                }
            }
            let rule = "threshold \(pct(threshold)), floor \(ms(floor)) ms"
            if regressed.isEmpty {
                lines.append("no regression against \(Printable.escaped(baseline.name)) (\(rule))")
            } else {
                failures.append("regressed against \(baseline.name) (\(rule)): \(regressed.joined(separator: ", "))")
            }
        }
        if failures.isEmpty {
            lines.append("ok: every frame within the \(budget) ms budget" + (baseline.map { "; no regression against \($0.name)" } ?? ""))
        } else {
            lines.append("FAIL: " + failures.joined(separator: "; "))
        }
        return BenchVerdict(lines: lines, failed: !failures.isEmpty, comparisons: comparisons, baselines: baselines,
                            baselineName: baseline?.name)
    }
}

/// Each frame's runs in thread CPU time, frame → ms in run order (a frame without them: its `cpuMs`).
func cpuRuns(_ bench: ClipBench) -> [Int: [Double]] {
    Dictionary(bench.frames.map { ($0.frame, $0.runsCpuMs.isEmpty ? [$0.cpuMs] : $0.runsCpuMs) }, uniquingKeysWith: { a, _ in a })
}

/// The text table `holoframe bench` prints per clip.
public enum BenchTable {
    /// A header, optionally a row per frame (OVER marks frames past the budget), and the summary.
    public static func text(_ b: ClipBench, rows: Bool) -> String {
        var out = "\(Printable.escaped(b.clip))  \(b.width)×\(b.height)  budget \(String(format: "%.2f", b.budgetMs)) ms  fastest of \(b.repeats) runs per frame\n"
        out += String(format: "  preparation %.2f ms (before the first frame: simulation start, fonts, the opening scene's glyphs)\n", b.preparationMs)
        if rows {
            out += "  frame     time   simulate     raster      total  redrawn" + (b.frames.first?.encodeMs != nil ? "     encode" : "") + "\n"
            for f in b.frames {
                out += String(format: "  %5d  %6.3fs  %7.3f ms  %7.3f ms  %7.3f ms  %6.1f %%", f.frame, f.time, f.simulateMs, f.rasterMs,
                              f.totalMs, f.redrawn * 100)
                if let e = f.encodeMs { out += String(format: "  %7.3f ms", e) }
                out += f.totalMs > b.budgetMs ? "  OVER\n" : "\n"
            }
        }
        let s = b.summary
        out += String(format: "  min %.2f  median %.2f  p95 %.2f  p99 %.2f  max %.2f ms; worst frame %d at %.3f s; %d of %d over budget",
                      s.minMs, s.medianMs, s.p95Ms, s.p99Ms, s.maxMs, s.worstFrame, s.worstTime, s.framesOverBudget, b.frames.count)
        if let e = s.encodeMedianMs { out += String(format: "; PNG encode median %.2f ms", e) }
        if let m = s.redrawnMedianMs {
            out += String(format: "\n  frames that redraw: %d of %d, median %.2f ms, on average %.0f %% of the canvas's rows",
                          b.frames.filter { $0.redrawn > 0 }.count, b.frames.count, m, s.redrawnShare * 100)
        }
        if s.materialMeanMs > 0 {
            out += String(format: "\n  materials: %.2f ms per frame on average, %.0f %% of the time", s.materialMeanMs, s.materialShare * 100)
        }
        for cliff in b.cliffs.prefix(5) { out += "\n  cliff: " + cliff.sentence }
        if b.cliffs.count > 5 { out += "\n  cliff: \(b.cliffs.count - 5) more in --json (\"cliffs\")" }
        return out
    }
}

// What `holoframe bench` concludes from its timings, apart from the process that prints it:
// the frame budget the options ask for, the per-clip table, the baseline comparison and the
// verdict (exit 1 when any frame is over budget or regressed against the baseline).
//
//   budget = --budget-ms, or 1000 / --hz, or 1000 / 60 ms (one 60 Hz refresh)
//   a frame regressed when  t > t_base · (1 + threshold)  and  t − t_base > 0.5 ms  (BenchBaseline)

import Foundation

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

    /// Holds `results` to the budget and, when given, to a baseline (`name` is how the user named
    /// it). A baseline of other clips, another device or size throws a usage error.
    public static func judge(_ results: [ClipBench], budgetMs: Double,
                             baseline: (name: String, clips: [ClipBench])? = nil, threshold: Double = 0.2) throws -> BenchVerdict {
        var lines: [String] = []
        var failed = false
        if let baseline {
            if let why = BenchBaseline.mismatch(current: results, baseline: baseline.clips) {
                throw ClipUsageError("--baseline \(baseline.name) does not match this run: \(why)")
            }
            let regressions = BenchBaseline.regressions(current: results, baseline: baseline.clips, threshold: threshold)
            for r in regressions {
                lines.append(String(format: "REGRESSED %@ frame %d: %.2f ms, baseline %.2f ms (+%.0f%%)",
                                    r.clip, r.frame, r.currentMs, r.baselineMs, (r.currentMs / r.baselineMs - 1) * 100))
            }
            lines.append("\(regressions.count) frames regressed beyond \(Int((threshold * 100).rounded()))% against \(baseline.name)")
            failed = !regressions.isEmpty
        }
        let over = results.reduce(0) { $0 + $1.summary.framesOverBudget }
        let budget = String(format: "%.2f", budgetMs)
        if over > 0 {
            lines.append("FAIL: \(over) frames over the \(budget) ms budget")
            failed = true
        } else {
            lines.append("ok: every frame within the \(budget) ms budget")
        }
        return BenchVerdict(lines: lines, failed: failed)
    }
}

/// The text table `holoframe bench` prints per clip.
public enum BenchTable {
    /// A header, optionally a row per frame (OVER marks frames past the budget), and the summary.
    public static func text(_ b: ClipBench, rows: Bool) -> String {
        var out = "\(b.clip)  \(b.width)×\(b.height)  budget \(String(format: "%.2f", b.budgetMs)) ms  median of \(b.repeats) runs per frame\n"
        out += String(format: "  preparation %.2f ms (before the first frame: simulation start, fonts)\n", b.preparationMs)
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
        let redrawing = b.frames.filter { $0.redrawn > 0 }
        if let m = s.redrawnMedianMs {
            let share = redrawing.map(\.redrawn).reduce(0, +) / Double(redrawing.count)
            out += String(format: "\n  frames that redraw: %d of %d, median %.2f ms, on average %.0f %% of the canvas's rows",
                          redrawing.count, b.frames.count, m, share * 100)
        }
        return out
    }
}

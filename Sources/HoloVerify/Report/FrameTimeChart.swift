// One clip's frame times as an inline SVG chart, drawn by the project (no charting library).
//
// Plot area: x from `left` to `left + plotWidth`, y from `top` (the axis maximum) to
// `top + plotHeight` (0 ms). A value v ms sits at
//   y(v) = top + plotHeight · (1 − v / yMax)
// and frame i of n occupies the column [left + i·w, left + (i+1)·w), w = plotWidth / n.
// yMax is the larger of the slowest frame and the budget, times 1.1, rounded up to a tick step
// (1, 2 or 5 × 10^k, about five ticks), so the budget line is always inside the plot.
// Up to `maxBars` frames are bars (each with a tooltip); longer clips are one polyline with
// over-budget frames marked as ticks along the bottom, so the SVG stays small.
// Against a baseline, each column holds two bars side by side, the baseline's (grey, left half)
// and this run's (right half), and yMax covers both; longer clips get a second polyline. Regressed
// ranges are shaded behind their columns, from the first column's left edge to the last one's right.

import Foundation
import HoloExport

public struct FrameTimeChart: Sendable {
    public var frames: [FrameTiming]
    public var budgetMs: Double
    /// Where the worst frame's picture is, relative to the page (its mark links there).
    public var worstFrameLink: String?
    /// The baseline's time of each frame (ms), drawn beside this run's; nil without a baseline.
    public var baseline: [Int: Double]?
    /// Regressed ranges (first and last frame, inclusive) shaded behind the bars.
    public var regressedRanges: [ClosedRange<Int>] = []

    public var width = 960.0, height = 280.0
    public var left = 52.0, right = 12.0, top = 14.0, bottom = 34.0
    public static let maxBars = 1200

    public init(frames: [FrameTiming], budgetMs: Double, worstFrameLink: String? = nil) {
        self.frames = frames; self.budgetMs = budgetMs; self.worstFrameLink = worstFrameLink
    }

    var plotWidth: Double { width - left - right }
    var plotHeight: Double { height - top - bottom }

    /// A step of 1, 2 or 5 × 10^k giving about `count` intervals over `span`.
    public static func tickStep(span: Double, count: Double = 5) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / count
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * magnitude >= raw { return m * magnitude }
        return 10 * magnitude
    }

    /// The slowest time drawn: this run's, the baseline's, or the budget.
    var highest: Double { max(frames.map(\.totalMs).max() ?? 0, baseline?.values.max() ?? 0, budgetMs) }
    public var yStep: Double { Self.tickStep(span: highest * 1.1) }
    public var yMax: Double {
        let step = yStep
        return max(step, (highest * 1.1 / step).rounded(.up) * step)
    }

    public func y(_ ms: Double) -> Double { top + plotHeight * (1 - min(ms, yMax) / yMax) }

    public func svg(title: String) -> String {
        let n = max(frames.count, 1)
        let w = plotWidth / Double(n)
        let yMax = self.yMax, step = yStep
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\">\n"
        out += "<title>\(HTMLText.escape(title))</title>\n<g class=\"axes\">\n"
        var tick = 0.0
        while tick <= yMax + step / 2 {
            out += "<line class=\"grid\" x1=\"\(f(left))\" x2=\"\(f(left + plotWidth))\" y1=\"\(f(y(tick)))\" y2=\"\(f(y(tick)))\"/>"
            out += "<text x=\"\(f(left - 6))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\">\(Self.number(tick))</text>\n"
            tick += step
        }
        out += "<text x=\"12\" y=\"\(f(top + plotHeight / 2))\" transform=\"rotate(-90 12 \(f(top + plotHeight / 2)))\" text-anchor=\"middle\">ms per frame</text>\n"
        if let first = frames.first?.frame {
            let xStep = max(1, Int(Self.tickStep(span: Double(n), count: 8)))
            var i = 0
            while i < n {
                out += "<text x=\"\(f(left + (Double(i) + 0.5) * w))\" y=\"\(f(top + plotHeight + 16))\" text-anchor=\"middle\">\(first + i)</text>"
                i += xStep
            }
            out += "\n<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 3))\" text-anchor=\"middle\">frame</text>\n"
        }
        out += "</g>\n"
        // Regressed ranges: column i of the range's first frame to the right edge of its last one's.
        if !regressedRanges.isEmpty {
            out += "<g class=\"regressed-ranges\">\n"
            for range in regressedRanges {
                guard let a = frames.firstIndex(where: { $0.frame >= range.lowerBound }),
                      let b = frames.lastIndex(where: { $0.frame <= range.upperBound }), a <= b else { continue }
                let label = range.lowerBound == range.upperBound ? "frame \(range.lowerBound)" : "frames \(range.lowerBound)–\(range.upperBound)"
                out += "<rect class=\"regressed-range\" data-first=\"\(range.lowerBound)\" data-last=\"\(range.upperBound)\" x=\"\(f(left + Double(a) * w))\" y=\"\(f(top))\" width=\"\(f(max(Double(b - a + 1) * w, 1)))\" height=\"\(f(plotHeight))\"><title>regressed: \(label)</title></rect>\n"
            }
            out += "</g>\n"
        }
        if frames.count <= Self.maxBars {
            out += "<g class=\"bars\">\n"
            let gap = w > 3 ? 1.0 : 0
            // With a baseline, each column is split: the baseline's bar in its left half, this run's in its right half.
            let half = baseline == nil ? 0 : max(w - gap, 0.5) / 2
            for (i, frame) in frames.enumerated() {
                let over = frame.totalMs > budgetMs
                let yTop = y(frame.totalMs)
                if let base = baseline?[frame.frame] {
                    let yBase = y(base)
                    out += "<rect class=\"baseline-bar\" data-frame=\"\(frame.frame)\" x=\"\(f(left + Double(i) * w))\" y=\"\(f(yBase))\" width=\"\(f(half))\" height=\"\(f(top + plotHeight - yBase))\">"
                    out += "<title>frame \(frame.frame), baseline: \(String(format: "%.2f", base)) ms</title></rect>"
                }
                out += "<rect class=\"bar\(over ? " over" : "")\" data-frame=\"\(frame.frame)\" x=\"\(f(left + Double(i) * w + half))\" y=\"\(f(yTop))\" width=\"\(f(max(w - gap - half, 0.5)))\" height=\"\(f(top + plotHeight - yTop))\">"
                let redrew = frame.redrawn == 0 ? "reused the frame before" : String(format: "redrew %.0f %% of the rows", frame.redrawn * 100)
                let versus = baseline?[frame.frame].map { String(format: " (baseline %.2f ms)", $0) } ?? ""
                out += "<title>frame \(frame.frame), \(String(format: "%.3f", frame.time)) s: \(String(format: "%.2f", frame.totalMs)) ms\(versus)\(over ? " (over budget)" : ""), \(redrew)</title></rect>\n"
            }
            out += "</g>\n"
        } else {
            if let baseline {
                let points = frames.enumerated().compactMap { i, frame in
                    baseline[frame.frame].map { "\(f(left + (Double(i) + 0.5) * w)),\(f(y($0)))" }
                }
                out += "<polyline class=\"baseline-line\" points=\"\(points.joined(separator: " "))\"/>\n"
            }
            let points = frames.enumerated().map { "\(f(left + (Double($0.offset) + 0.5) * w)),\(f(y($0.element.totalMs)))" }
            out += "<polyline class=\"frame-line\" points=\"\(points.joined(separator: " "))\"/>\n<g class=\"over-marks\">\n"
            for (i, frame) in frames.enumerated() where frame.totalMs > budgetMs {
                out += "<rect class=\"over-mark\" data-frame=\"\(frame.frame)\" x=\"\(f(left + Double(i) * w))\" y=\"\(f(top + plotHeight - 4))\" width=\"\(f(max(w, 1)))\" height=\"4\"/>"
            }
            out += "</g>\n"
        }
        let budgetY = y(budgetMs)
        out += "<line class=\"budget\" x1=\"\(f(left))\" x2=\"\(f(left + plotWidth))\" y1=\"\(f(budgetY))\" y2=\"\(f(budgetY))\"/>\n"
        out += "<text class=\"budget-label\" x=\"\(f(left + plotWidth - 4))\" y=\"\(f(budgetY - 5))\" text-anchor=\"end\">budget \(String(format: "%.2f", budgetMs)) ms</text>\n"
        if let (i, worst) = frames.enumerated().max(by: { $0.element.totalMs < $1.element.totalMs }) {
            let x = left + (Double(i) + 0.5) * w, yw = y(worst.totalMs)
            let label = "worst: frame \(worst.frame), \(String(format: "%.2f", worst.totalMs)) ms"
            let anchor = x > left + plotWidth * 0.7 ? "end" : "start"
            out += "<g class=\"worst\" data-frame=\"\(worst.frame)\"><path class=\"worst-mark\" d=\"M\(f(x)) \(f(yw - 2)) l-5 -8 h10 z\"/>"
            let text = "<text x=\"\(f(anchor == "end" ? x - 8 : x + 8))\" y=\"\(f(max(top + 10, yw - 4)))\" text-anchor=\"\(anchor)\">\(label)</text>"
            out += worstFrameLink.map { "<a href=\"\(HTMLText.escape($0))\">\(text)</a>" } ?? text
            out += "</g>\n"
        }
        out += "</svg>"
        return out
    }

    /// Coordinates with two decimals at most (small files, stable text).
    func f(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%g", v)
    }
}

// The frame-time page (`holoframe bench … --report DIR`): at the top the run's verdict, in the
// lines the terminal printed (BenchVerdict); per clip, its numbers, a chart of every frame's time
// against the budget (FrameTimeChart) with the baseline's bars beside this run's and the regressed
// ranges shaded, the ranges and noise listed, and the worst frame's picture. The page is written
// after the verdict. The picture is rendered after the timing, untimed, at 0.5 pixels per point
// (small enough to look at).

import Foundation
import HoloExport
import HoloPNG
import HoloPixels
import HoloRaster

public struct BenchReportPage: Sendable {
    public struct ClipEntry: Sendable {
        public var bench: ClipBench
        /// The worst frame's picture, or why there is none.
        public var worstPicture: Result<Canvas, BenchPictureError>
        /// The same frame drawn after the frame before it, with the rows it redrew tinted (as
        /// `render --show-damage`): what the frame cost. Nil for frame 0 (it draws everything).
        public var worstDamage: Canvas?
        /// This clip against its baseline run in CPU time (nil without --baseline), and that run.
        public var comparison: BaselineComparison?
        public var baseline: ClipBench?

        public init(bench: ClipBench, worstPicture: Result<Canvas, BenchPictureError>, worstDamage: Canvas? = nil) {
            self.bench = bench; self.worstPicture = worstPicture; self.worstDamage = worstDamage
        }

        /// The entry with the worst frame's picture and damage rendered (`worstFramePictures`).
        public init(bench: ClipBench, clipArgument: String, device: String?, pipeline: RenderPipeline) {
            // The first timed frame was drawn from empty caches: all of it is redrawn, no damage picture.
            let worst = bench.summary.worstFrame
            let pictures = BenchReportPage.worstFramePictures(clipArgument: clipArgument, device: device, frame: worst,
                                                              afterPrevious: worst != bench.frames.first?.frame, pipeline: pipeline)
            self.init(bench: bench, worstPicture: pictures.map(\.picture), worstDamage: try? pictures.get().damage)
        }
    }

    public struct BenchPictureError: Error, Sendable { public var reason: String; public init(_ reason: String) { self.reason = reason } }

    /// Pixels per point of the worst frame's picture.
    public static let pictureScale = 0.5

    public var clips: [ClipEntry]
    public var command: [String]
    /// The run's verdict, shown at the top in the terminal's words (nil: only the budget counts shown).
    public var verdict: BenchVerdict?

    public init(clips: [ClipEntry], command: [String], verdict: BenchVerdict? = nil) {
        self.clips = clips; self.command = command; self.verdict = verdict
    }

    /// Renders frame `frame` of the clip `argument` names, as bench resolved it but at 0.5x.
    public static func worstFramePicture(clipArgument argument: String, device: String?, frame: Int,
                                         pipeline: RenderPipeline) -> Result<Canvas, BenchPictureError> {
        worstFramePictures(clipArgument: argument, device: device, frame: frame, afterPrevious: false, pipeline: pipeline).map(\.picture)
    }

    /// Frame `frame` at 0.5x, drawn after frame `frame` − 1 through one compositor (as a run
    /// draws it: the same bytes as the frame alone), and a copy with the rows it redrew tinted.
    /// No damage picture for frame 0 or when not `afterPrevious` (the frame was drawn from empty
    /// caches: everything).
    public static func worstFramePictures(clipArgument argument: String, device: String?, frame: Int, afterPrevious: Bool = true,
                                          pipeline: RenderPipeline) -> Result<(picture: Canvas, damage: Canvas?), BenchPictureError> {
        do {
            let clip = try ClipResolver.resolve(argument, overrides: ClipOverrides(device: device, scale: pictureScale))
            let source = clip.frames()
            let compositor = FrameCompositor(renderer: pipeline.renderer)
            let after = afterPrevious && frame > 0
            if after { _ = try pipeline.draw(source.frame(frame - 1).scene, scale: clip.scale, compositor: compositor) }
            let picture = try pipeline.draw(source.frame(frame).scene, scale: clip.scale, compositor: compositor)
            guard after, pipeline.reference == nil else { return .success((picture, nil)) }
            var damage = picture
            damage.tint(rows: compositor.statistics.damage)
            return .success((picture, damage))
        } catch {
            return .failure(BenchPictureError("\(error)"))
        }
    }

    /// `images/NN-damage-frame-NNNNN.png`: the worst frame's redrawn rows.
    public static func damagePath(clip number: Int, frame: Int) -> String {
        picturePath(clip: number, frame: frame).replacingOccurrences(of: "-worst-frame-", with: "-damage-frame-")
    }

    /// `images/NN-CLIP-frame-NNNNN.png`, numbered by the clip's place (clip names may repeat or hold odd characters).
    public static func picturePath(clip number: Int, frame: Int) -> String {
        let n = String(number), k = String(frame)
        return "images/" + String(repeating: "0", count: max(0, 2 - n.count)) + n + "-worst-frame-"
            + String(repeating: "0", count: max(0, 5 - k.count)) + k + ".png"
    }

    public func write(to directory: String, force: Bool) throws {
        try ReportFolder.write(directory, force: force, kind: "bench") { staging in
            try FileManager.default.createDirectory(atPath: "\(staging)/images", withIntermediateDirectories: false)
            for (i, entry) in clips.enumerated() {
                guard case .success(let canvas) = entry.worstPicture else { continue }
                try PNG.write(canvas, to: "\(staging)/\(Self.picturePath(clip: i + 1, frame: entry.bench.summary.worstFrame))")
                if let damage = entry.worstDamage {
                    try PNG.write(damage, to: "\(staging)/\(Self.damagePath(clip: i + 1, frame: entry.bench.summary.worstFrame))")
                }
            }
            try Data(html().utf8).write(to: URL(fileURLWithPath: "\(staging)/index.html"))
        }
    }

    public func html() -> String {
        let over = clips.reduce(0) { $0 + $1.bench.summary.framesOverBudget }
        let frames = clips.reduce(0) { $0 + $1.bench.frames.count }
        let budgets = Set(clips.map { String(format: "%.2f", $0.bench.budgetMs) }).sorted()
        var verdictBlock = ""
        var regressedItem = ""
        if let verdict, let last = verdict.lines.last {
            let state = verdict.failed ? "failed" : "passed"
            let rest = verdict.lines.dropLast().map { "<li>\(HTMLText.escape($0))</li>" }.joined(separator: "\n")
            verdictBlock = "<div class=\"verdict \(state)\" id=\"verdict\" data-failed=\"\(verdict.failed)\"><p class=\"last\">\(HTMLText.escape(last))</p>"
                + (rest.isEmpty ? "" : "\n<ul>\n\(rest)\n</ul>") + "</div>\n"
            if let name = verdict.baselineName {
                let compared = clips.compactMap(\.comparison)
                let ranges = compared.reduce(0) { $0 + $1.ranges.count }
                let whole = compared.filter(\.slowerAsAWhole).count
                let failing = ranges + whole
                regressedItem = "<li class=\"\(failing > 0 ? "failed" : "passed")\"><span class=\"count \(failing > 0 ? "over" : "within")\" data-count=\"regressed\">\(ranges)</span>"
                    + "range\(ranges == 1 ? "" : "s") regressed\(whole > 0 ? " and \(whole) clip\(whole == 1 ? "" : "s") slower as a whole" : "") against \(HTMLText.escape(name))</li>\n"
            }
        }
        var body = """
            <header>
            <h1>Frame times</h1>
            <div class="command"><code>\(HTMLText.escape(ShellWords.join(command)))</code></div>
            \(verdictBlock)<ul class="summary" id="summary">
            <li><span class="count">\(clips.count)</span>clip\(clips.count == 1 ? "" : "s")</li>
            <li><span class="count">\(frames)</span>frames</li>
            <li class="\(over > 0 ? "failed" : "passed")"><span class="count \(over > 0 ? "over" : "within")" data-count="over">\(over)</span>over the \(budgets.joined(separator: " / ")) ms budget</li>
            \(regressedItem)</ul>
            <p class="hint">Each frame: simulation + scene + rasterization, the fastest of whole-clip runs from a fresh renderer, on one core (each frame redraws only the rows that changed: hover a bar for its share). Bars over the budget (dashed line) are red;
            against a baseline, its bars (wall-clock, as this run's) are grey beside this run's and the ranges the comparison found regressed (in thread CPU time, listed below the chart) are shaded red;
            hover a bar for its numbers. The worst frame's picture was rendered after the timing, untimed, at \(Self.format(Self.pictureScale))x.</p>
            </header>
            <main>

            """
        for (i, entry) in clips.enumerated() { body += clipSection(entry, number: i + 1) }
        body += "</main>\n"
        let title = verdict?.lines.last ?? "\(over) of \(frames) frames over budget"
        return ReportPage.document(title: "Frame times: \(title)", body: body)
    }

    func clipSection(_ entry: ClipEntry, number: Int) -> String {
        let b = entry.bench, s = b.summary
        let link: String? = if case .success = entry.worstPicture { Self.picturePath(clip: number, frame: s.worstFrame) } else { nil }
        var chart = FrameTimeChart(frames: b.frames, budgetMs: b.budgetMs, worstFrameLink: link)
        if let comparison = entry.comparison {
            // The baseline's wall-clock times, on the clock of this run's bars; the ranges come from the CPU-time comparison.
            chart.baseline = Dictionary((entry.baseline?.frames ?? []).map { ($0.frame, $0.totalMs) }, uniquingKeysWith: { a, _ in a })
            chart.regressedRanges = comparison.ranges.map { $0.first...$0.last }
        }
        let ms = { (v: Double) in String(format: "%.2f", v) }
        var out = """
            <section class="card clip" id="clip-\(number)" data-over="\(s.framesOverBudget)">
            <h2>\(HTMLText.escape(b.clip)) <small>\(HTMLText.escape(b.device)), \(b.width)×\(b.height) pixels, median of \(b.repeats) run\(b.repeats == 1 ? "" : "s")</small></h2>
            <table class="stats"><tr><th>preparation</th><th>frames</th><th>min</th><th>median</th><th>p95</th><th>p99</th><th>max</th><th>over budget</th><th>median of frames that redraw</th><th>rows redrawn</th>\(s.encodeMedianMs != nil ? "<th>PNG encode median</th>" : "")</tr>
            <tr><td class="preparation">\(ms(b.preparationMs))</td><td>\(b.frames.count)</td><td>\(ms(s.minMs))</td><td>\(ms(s.medianMs))</td><td>\(ms(s.p95Ms))</td><td>\(ms(s.p99Ms))</td><td>\(ms(s.maxMs))</td><td class="\(s.framesOverBudget > 0 ? "over" : "within")">\(s.framesOverBudget)</td><td>\(s.redrawnMedianMs.map(ms) ?? "none")</td><td>\(String(format: "%.0f %%", 100 * b.frames.map(\.redrawn).reduce(0, +) / Double(max(1, b.frames.count))))</td>\(s.encodeMedianMs.map { "<td>\(ms($0))</td>" } ?? "")</tr></table>
            <div class="bench-body"><div class="plot">
            \(chart.svg(title: "\(b.clip): ms per frame, budget \(ms(b.budgetMs)) ms"))
            \(entry.comparison.map { Self.comparisonList($0, clip: b.clip, baselineName: verdict?.baselineName ?? "the baseline") } ?? "")</div>

            """
        switch entry.worstPicture {
        case .success:
            let path = Self.picturePath(clip: number, frame: s.worstFrame)
            out += """
                <figure class="worst"><a href="\(path)"><img class="shot" src="\(path)" alt="worst frame \(s.worstFrame) of \(HTMLText.escape(b.clip))"/></a>
                <figcaption>worst: frame \(s.worstFrame) at \(String(format: "%.3f", s.worstTime)) s, \(ms(s.maxMs)) ms</figcaption></figure>

                """
            if entry.worstDamage != nil {
                let damage = Self.damagePath(clip: number, frame: s.worstFrame)
                let share = b.frames.first { $0.frame == s.worstFrame }.map { String(format: "%.0f %%", 100 * $0.redrawn) } ?? "?"
                out += """
                    <figure class="damage"><a href="\(damage)"><img class="shot" src="\(damage)" alt="rows frame \(s.worstFrame) redrew"/></a>
                    <figcaption>what it redrew (magenta, \(share) of the rows), drawn after frame \(s.worstFrame - 1)</figcaption></figure>

                    """
            }
        case .failure(let error):
            out += "<p class=\"worst\">worst: frame \(s.worstFrame), \(ms(s.maxMs)) ms (no picture: \(HTMLText.escape(error.reason)))</p>\n"
        }
        out += "</div>\n"
        if !b.cliffs.isEmpty {
            // Where the scene fell off a cliff: a retained surface drawn again though most of its children stayed.
            out += "<ul class=\"cliffs\">\n"
            for cliff in b.cliffs {
                out += "<li class=\"cliff\" data-frames=\"\(cliff.frames)\">cliff: \(HTMLText.escape(cliff.sentence))</li>\n"
            }
            out += "</ul>\n"
        }
        out += "</section>\n"
        return out
    }

    /// The clip against its baseline: the machine factor, each regressed range, the clip verdict, the noise.
    static func comparisonList(_ c: BaselineComparison, clip: String, baselineName: String) -> String {
        let ms = { (v: Double) in String(format: "%.2f", v) }
        var items: [String] = []
        for range in c.ranges {
            items.append("<li class=\"regressed over\" data-first=\"\(range.first)\" data-last=\"\(range.last)\">regressed: \(HTMLText.escape(range.described))</li>")
        }
        if c.slowerAsAWhole {
            items.append("<li class=\"regressed over\">regressed as a whole: g \(String(format: "%.2f", c.machineFactor)) over \(String(format: "%.2f", 1 + c.clipThreshold)), median frame \(ms(c.medianDifferenceMs)) ms slower</li>")
        }
        if c.ranges.isEmpty && !c.slowerAsAWhole { items.append("<li class=\"within\">no regressed range</li>") }
        for range in c.unconfirmed {
            items.append("<li class=\"noise\">not confirmed: \(HTMLText.escape(range.described)), not slow when timed again (not failing)</li>")
        }
        if c.unconfirmedAsAWhole {
            items.append("<li class=\"noise\">not confirmed: slower as a whole (g \(String(format: "%.2f", c.machineFactor))), not when timed again (not failing)</li>")
        }
        for run in c.noise.prefix(BenchVerdict.noiseListed) {
            items.append("<li class=\"noise\">noise: \(HTMLText.escape(run.described)), fewer than 3 frames in a row (not failing)</li>")
        }
        if c.noise.count > BenchVerdict.noiseListed {
            items.append("<li class=\"noise\">noise: \(c.noise.count - BenchVerdict.noiseListed) more short runs of slow frames (not failing)</li>")
        }
        let (p95, worst) = (c.p95, c.worst)
        return "<p class=\"legend\"><span class=\"swatch\" style=\"background:#a1a1a6\"></span>\(HTMLText.escape(baselineName))"
            + "<span class=\"swatch\" style=\"background:#5e8fd9\"></span>this run. Compared in thread CPU time (each frame the typical of its runs, each run's load trend taken out): machine factor g \(String(format: "%.2f", c.machineFactor)), "
            + "p95 \(ms(p95.baselineMs)) → \(ms(p95.currentMs)) ms, worst \(ms(worst.baselineMs)) → \(ms(worst.currentMs)) ms (not gated); "
            + "threshold \(Int((c.threshold * 100).rounded())) %, floor \(ms(c.floorMs)) ms</p>\n"
            + "<ul class=\"against\" data-clip=\"\(HTMLText.escape(clip))\">\n\(items.joined(separator: "\n"))\n</ul>\n"
    }

    static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

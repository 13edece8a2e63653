import ArgumentParser
import Foundation
import Holoframe

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time every frame of clips against the frame budget; exit 1 when any frame is over it.",
        discussion: """
            Build in release first: swift build -c release. The clip runs --repeats times in order, \
            each run from a fresh renderer (no rendered content cached); a frame's time is its \
            simulation + scene + rasterization, its fastest run, on the calling thread at the \
            device's full resolution. Work before the first frame is reported apart as preparation \
            (the simulation started, fonts opened, the glyphs of the clip's opening scene \
            rasterized); the per-frame preroll (limits on the frame's bounds and work) is untimed. \
            PNG encoding is timed apart with --encode; --export times a whole multi-threaded render \
            and reports the export's own peak memory. For one core: taskset -c 0 holoframe bench CLIP.

            Against a --baseline, every run of each frame is compared in thread CPU time (a wait \
            for a busy core is not counted): each frame's time is the median of its runs after each \
            run's load trend (where it ran slower than the other runs, over 17 frames) is divided \
            out, so a burst of contention in one run does not count. The machine factor g (the \
            median over frames of this run's time ÷ the baseline's) scales the baseline; a range of \
            frames is regressed when, over windows of 5 frames, the median is more than --threshold \
            slower than g × baseline and more than --floor-ms slower; one or two slow frames are \
            listed as noise. The clip fails as a whole when g is over 1 + --clip-threshold (default \
            --threshold) and the median frame is slower by more than the floor: slower code, or a \
            slower machine than the baseline's. For a gate on a shared runner give both sides \
            --repeats 7 or more. A clip that fails against the baseline is timed once more \
            (unless --no-confirm), and only a range that the second measurement finds again (or \
            the clip as a whole, again) fails; the rest is printed as not confirmed. \
            The last line is the verdict: FAIL exactly when the exit status is 1.

            Examples:
              holoframe bench demo
              holoframe bench demo titles --json bench.json
              holoframe bench demo --baseline bench.json --threshold 0.2 --floor-ms 0.5
              holoframe bench demo --hz 120 --frames 0-59 --encode
              holoframe bench demo --export --threads 2
              holoframe bench demo titles --report bench-report
            """)

    @Argument(help: "Built-in clips or clip files.")
    var clips: [String]

    @Option(help: "Frames to time, inclusive: A-B or N (default: the whole clip).", transform: parseFrameRange)
    var frames: FrameRange?

    @OptionGroup var deviceOptions: DeviceOptions
    @OptionGroup var chromeOption: ChromeOption

    @Option(help: "Runs of the whole clip, each from a fresh renderer; each frame's fastest counts against the budget.")
    var repeats: Int = 3

    @Option(help: "Frame budget in milliseconds (default 16.67, 60 fps).")
    var budgetMs: Double?

    @Option(help: "Display refresh rate: the budget is 1000 / hz ms (e.g. 120).")
    var hz: Double?

    @Flag(help: "Also time PNG encoding of each frame (reported apart).")
    var encode = false

    @Flag(help: "Also time a full render (raster + encode + write, all threads) and report frames per second.")
    var export = false

    @Option(help: "Threads for --export (default: all cores).")
    var threads: Int?

    @Option(help: "PNG profile for --encode and --export.")
    var png: PNGProfile = .fast

    @Option(help: "Write the results as JSON to this file (for CI and --baseline).")
    var json: String?

    @Option(help: "An earlier --json file: fail on ranges of frames (or the whole clip) slower than it by more than --threshold.")
    var baseline: String?

    @Option(help: "Fraction a range of frames may slow down against the baseline (scaled by the machine factor) before it fails.")
    var threshold: Double = 0.2

    @Option(help: "Milliseconds a range of frames must also slow down by to fail (default: max(0.25, 3 % of the budget)).")
    var floorMs: Double?

    @Option(help: "Fraction the whole clip may slow down (the machine factor) before it fails (default: --threshold).")
    var clipThreshold: Double?

    @Flag(inversion: .prefixedNo,
          help: "When a clip fails against --baseline, time it once more and fail only on what the second measurement finds again.")
    var confirm = true

    @Flag(help: "Print only the summary, not a row per frame.")
    var quiet = false

    @OptionGroup var limitOptions: LimitOptions
    @OptionGroup var reportOptions: ReportOptions
    @OptionGroup var progressOptions: ProgressOptions

    func validate() throws {
        if budgetMs != nil && hz != nil { throw ValidationError("give --budget-ms or --hz, not both") }
        if let budgetMs, !(budgetMs > 0 && budgetMs.isFinite) { throw ValidationError("--budget-ms must be more than 0") }
        if let hz, !(hz > 0 && hz <= 1000) { throw ValidationError("--hz must be more than 0 and at most 1000") }
        if !(1...100).contains(repeats) { throw ValidationError("--repeats must be from 1 to 100") }
        if !(threshold > 0 && threshold.isFinite) { throw ValidationError("--threshold must be more than 0") }
        if let floorMs, !(floorMs >= 0 && floorMs.isFinite) { throw ValidationError("--floor-ms must be 0 or more") }
        if floorMs != nil && baseline == nil { throw ValidationError("--floor-ms needs --baseline") }
        if let clipThreshold, !(clipThreshold > 0 && clipThreshold.isFinite) { throw ValidationError("--clip-threshold must be more than 0") }
        if clipThreshold != nil && baseline == nil { throw ValidationError("--clip-threshold needs --baseline") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be from 1 to 256") }
    }

    func run() throws {
        try reportOptions.check()
        var options = BenchOptions()
        options.repeats = repeats
        options.budgetMs = BenchOptions.budgetMs(budgetMs: budgetMs, hz: hz)
        options.measureEncode = encode
        options.pngProfile = png
        // --max-time bounds the whole invocation, every clip and run, from here.
        options.maxTime = limitOptions.maxTime
        options.deadline = FrameWatch.deadline(after: limitOptions.maxTime)
        var pipeline = RenderPipeline(fonts: FontLibrary.shared)
        pipeline.apply(limitOptions.limits())
        let runner = BenchRunner(pipeline: pipeline, options: options)
        let inputs = limitOptions.inputPolicy()
        var overrides = ClipOverrides(device: deviceOptions.device?.rawValue, scale: deviceOptions.scale)
        chromeOption.apply(to: &overrides)
        // Read the baseline first: it is an input, and --json must never replace it.
        let base = try baseline.map { (name: $0, clips: try BenchFile.readBaseline($0, inputs: inputs)) }
        // Every clip read (once) before anything is written.
        let resolved = try clips.map { try ClipResolver.resolve($0, overrides: overrides, inputs: inputs) }
        if let json {
            try OutputPolicy.checkFile(json, option: "--json", force: reportOptions.force, inputs: inputs)
            try OutputPolicy.checkNotOwnFile(json, option: "--json", reportFolder: reportOptions.report)
        }
        var results: [ClipBench] = []
        var ranges: [FrameRange] = []
        // Times every frame of `range` `repeats` times, with progress (`again`: the confirming measurement).
        func time(_ clip: Clip, _ range: FrameRange, again: Bool = false) throws -> ClipBench {
            // One unit per timed span: every frame of every run. The meter is fed between spans.
            let meter = ProgressMeter(label: "bench \(Printable.escaped(clip.name))" + (again ? " (again, to confirm)" : ""),
                                      total: range.count * repeats)
            let display = progressOptions.display(meter)
            let bench = try runner.run(clip, device: clip.deviceName ?? "", frames: range) {
                display.record($0)
            }
            // The slowest five by the figure held against the budget: each frame's median over the runs.
            display.summary(meter.summaryLine(verb: "timed"),
                            slowest: ProgressMeter.slowest(bench.frames.map { FrameProgress(name: String($0.frame), raster: $0.totalMs / 1000) }))
            return bench
        }
        for clip in resolved {
            for warning in clip.warnings { StandardStreams.err("warning: \(Printable.escaped(warning))\n") }
            let range = try frames ?? FrameRange(first: 0, last: max(0, clip.frameCount - 1))
            try clip.checkWithinClip(lastAsked: range.last, holdLast: false)
            try limitOptions.limits().check(clip, frameCount: range.count)
            let bench = try time(clip, range)
            results.append(bench)
            ranges.append(range)
            printEscaped(BenchTable.text(bench, rows: !quiet))
            if export { printEscaped(try runner.timeExport(clip, frames: range, threads: threads).line) }
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(Array(try encoder.encode(BenchFile(clips: results))), to: json)
        }
        // The verdict before the report: the page shows it, the baseline beside this run and the regressed ranges.
        let verdict = try BenchVerdict.judge(results, budgetMs: options.budgetMs, baseline: base, threshold: threshold, floorMs: floorMs,
                                             clipThreshold: clipThreshold,
                                             remeasure: confirm ? { try time(resolved[$0], ranges[$0], again: true) } : nil)
        try reportOptions.write { dir, force in
            // The worst frames' pictures are rendered now, after all timing, and are not timed.
            let entries = zip(clips, results).enumerated().map { i, pair in
                var entry = BenchReportPage.ClipEntry(bench: pair.1, clipArgument: pair.0, device: deviceOptions.device?.rawValue, pipeline: pipeline)
                entry.comparison = verdict.comparisons.indices.contains(i) ? verdict.comparisons[i] : nil
                entry.baseline = verdict.baselines.indices.contains(i) ? verdict.baselines[i] : nil
                return entry
            }
            try BenchReportPage(clips: entries, command: reportOptions.command, verdict: verdict).write(to: dir, force: force)
        }
        for line in verdict.lines { printEscaped(line) }
        if verdict.failed { throw ExitCode(1) }
    }
}

import ArgumentParser
import Foundation
import Holoframe

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time every frame of clips against the frame budget; exit 1 when any frame is over it.",
        discussion: """
            Build in release first: swift build -c release. The clip runs --repeats times in order,
            each run from a fresh renderer (no rendered content cached); a frame's time is its
            simulation + scene + rasterization, the median over the runs, on the calling thread at the
            device's full resolution. Work before the first frame is reported apart as preparation.
            PNG encoding is timed apart with --encode; --export times a whole multi-threaded render
            and reports the export's own peak memory. For one core: taskset -c 0 holoframe bench CLIP.

            Examples:
              holoframe bench demo
              holoframe bench demo titles --json bench.json
              holoframe bench demo --baseline bench.json --threshold 0.2
              holoframe bench demo --hz 120 --frames 0-59 --encode
              holoframe bench demo --export --threads 2
              holoframe bench demo titles --report bench-report
            """)

    @Argument(help: "Built-in clips or clip files.")
    var clips: [String]

    @Option(help: "Frames to time, inclusive: A-B (default: the whole clip).")
    var frames: String?

    @Option(help: "Device (default: the clip's, iphone-12 at 1170×2532).")
    var device: String?

    @Option(help: "Pixels per point (default: the device's full scale).")
    var scale: Double?

    @Option(help: "Runs of the whole clip, each from a fresh renderer; each frame's median counts.")
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

    @Option(help: "PNG profile for --encode and --export: fast (default) or small.")
    var png: PNGProfile = .fast

    @Option(help: "Write the results as JSON to this file (for CI and --baseline).")
    var json: String?

    @Option(help: "An earlier --json file: flag frames slower than it by more than --threshold.")
    var baseline: String?

    @Option(help: "Refuse to read a --baseline or clip file larger than this many bytes.")
    var maxInput: Int = Limits().maxInputBytes

    @Option(help: "Fraction a frame may slow down against the baseline before it is flagged.")
    var threshold: Double = 0.2

    @Flag(help: "Print only the summary, not a row per frame.")
    var quiet = false

    @OptionGroup var reportOptions: ReportOptions

    func validate() throws {
        if budgetMs != nil && hz != nil { throw ValidationError("give --budget-ms or --hz, not both") }
        if let budgetMs, !(budgetMs > 0 && budgetMs.isFinite) { throw ValidationError("--budget-ms must be more than 0") }
        if let hz, !(hz > 0 && hz <= 1000) { throw ValidationError("--hz must be more than 0 and at most 1000") }
        if !(1...100).contains(repeats) { throw ValidationError("--repeats must be from 1 to 100") }
        if !(threshold > 0 && threshold.isFinite) { throw ValidationError("--threshold must be more than 0") }
        if let frames { do { _ = try FrameRange(parsing: frames) } catch { throw ValidationError("--frames: \(error)") } }
        if let device, DeviceCatalog.device(named: device) == nil {
            throw ValidationError("unknown device '\(device)'; known: \(DeviceCatalog.names.joined(separator: ", "))")
        }
        if let scale, !(scale > 0 && scale <= 4) { throw ValidationError("--scale must be more than 0 and at most 4") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be from 1 to 256") }
        if maxInput < 1 { throw ValidationError("--max-input must be at least 1") }
    }

    func run() throws {
        try reportOptions.check()
        var options = BenchOptions()
        options.repeats = repeats
        options.budgetMs = budgetMs ?? hz.map { 1000 / $0 } ?? 1000.0 / 60.0
        options.measureEncode = encode
        options.pngProfile = png
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        let runner = BenchRunner(pipeline: pipeline, options: options)
        let inputs = InputPolicy(maxInputBytes: maxInput)
        // Read the baseline first: it is an input, and --json must never replace it.
        let base = try baseline.map { try readBaseline($0, inputs: inputs) }
        for name in clips where ClipResolver.isFile(name) { _ = try ClipResolver.spec(for: name, inputs: inputs) }
        if let json { try OutputPolicy.checkFile(json, option: "--json", force: reportOptions.force, inputs: inputs) }
        var results: [ClipBench] = []
        var exportLines: [String] = []
        for name in clips {
            let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(device: device, scale: scale), inputs: inputs)
            let range = try frames.map { try FrameRange(parsing: $0) } ?? FrameRange(first: 0, last: max(0, clip.frameCount - 1))
            try Limits().check(clip, frameCount: range.count)
            let deviceName = try ClipResolver.deviceName(name, overrides: ClipOverrides(device: device, scale: scale), inputs: inputs)
            let bench = try runner.run(clip, device: deviceName, frames: range)
            results.append(bench)
            print(BenchReport.table(bench, rows: !quiet))
            if export {
                let dir = FileManager.default.temporaryDirectory.appendingPathComponent("holoframe-bench-\(getpid())").path
                defer { try? FileManager.default.removeItem(atPath: dir) }
                var request = RenderRequest(clip: clip, frames: range)
                request.outputDirectory = dir
                if let threads { request.threads = threads }
                request.pngProfile = png
                let (report, memory) = try PeakMemory.measure { try pipeline.run(request) }
                let line = String(format: "export %@: %d frames in %.2f s = %.1f frames/s end to end (raster + PNG %@ encode + write, %d threads); " +
                                  "peak memory during the export %.0f MB (%@)",
                                  clip.name, report.framesWritten, report.seconds, Double(report.framesWritten) / report.seconds,
                                  png.rawValue, request.threads, Double(memory.peakBytes) / 1_048_576, memory.method)
                exportLines.append(line)
                print(line)
            }
        }
        try reportOptions.write { dir, force in
            // The worst frames' pictures are rendered now, after all timing, and are not timed.
            let entries = zip(clips, results).map { name, bench in
                BenchReportPage.ClipEntry(bench: bench, worstPicture: BenchReportPage.worstFramePicture(
                    clipArgument: name, device: device, frame: bench.summary.worstFrame, pipeline: pipeline))
            }
            try BenchReportPage(clips: entries, command: reportOptions.command).write(to: dir, force: force)
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(Array(try encoder.encode(BenchFile(clips: results))), to: json)
        }
        var failed = false
        if let baseline, let base {
            if let why = BenchBaseline.mismatch(current: results, baseline: base) {
                throw ClipUsageError("--baseline \(baseline) does not match this run: \(why)")
            }
            let regressions = BenchBaseline.regressions(current: results, baseline: base, threshold: threshold)
            for r in regressions {
                print(String(format: "REGRESSED %@ frame %d: %.2f ms, baseline %.2f ms (+%.0f%%)",
                             r.clip, r.frame, r.currentMs, r.baselineMs, (r.currentMs / r.baselineMs - 1) * 100))
            }
            print("\(regressions.count) frames regressed beyond \(Int(threshold * 100))% against \(baseline)")
            failed = failed || !regressions.isEmpty
        }
        let over = results.reduce(0) { $0 + $1.summary.framesOverBudget }
        if over > 0 {
            print("FAIL: \(over) frames over the \(String(format: "%.2f", options.budgetMs)) ms budget")
            failed = true
        } else {
            print("ok: every frame within the \(String(format: "%.2f", options.budgetMs)) ms budget")
        }
        if failed { throw ExitCode(1) }
    }
}

/// The --baseline file, read under the input policy (so --json can never replace it).
func readBaseline(_ path: String, inputs: InputPolicy) throws -> [ClipBench] {
    let bytes = try inputs.readFile(path, what: "the --baseline file")
    do { return try BenchFile.decode(Data(bytes), name: path).clips } catch {
        throw ClipUsageError("--baseline: \(error)")
    }
}

enum BenchReport {
    static func table(_ b: ClipBench, rows: Bool) -> String {
        var out = "\(b.clip)  \(b.width)×\(b.height)  budget \(String(format: "%.2f", b.budgetMs)) ms  median of \(b.repeats) runs per frame\n"
        out += String(format: "  preparation %.2f ms (before the first frame: simulation start, fonts)\n", b.preparationMs)
        if rows {
            out += "  frame     time   simulate     raster      total" + (b.frames.first?.encodeMs != nil ? "     encode" : "") + "\n"
            for f in b.frames {
                out += String(format: "  %5d  %6.3fs  %7.3f ms  %7.3f ms  %7.3f ms", f.frame, f.time, f.simulateMs, f.rasterMs, f.totalMs)
                if let e = f.encodeMs { out += String(format: "  %7.3f ms", e) }
                out += f.totalMs > b.budgetMs ? "  OVER\n" : "\n"
            }
        }
        let s = b.summary
        out += String(format: "  min %.2f  median %.2f  p95 %.2f  p99 %.2f  max %.2f ms; worst frame %d at %.3f s; %d of %d over budget",
                      s.minMs, s.medianMs, s.p95Ms, s.p99Ms, s.maxMs, s.worstFrame, s.worstTime, s.framesOverBudget, b.frames.count)
        if let e = s.encodeMedianMs { out += String(format: "; PNG encode median %.2f ms", e) }
        return out
    }
}

import ArgumentParser
import Foundation
import Holoframe

struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Check frames against reviewed golden PNGs, or record them.",
        discussion: """
            Goldens live in Golden/<clip>/<frame>-<device>@<scale>x.png under the current directory \
            (or --golden-dir); the name says how to re-render the frame, so any CI can check them \
            with `holoframe golden verify`. A clip file's goldens go to Golden/<file's stem>/, with \
            clip-file.txt naming the file (relative to that folder), so verify finds it again from \
            any directory.

            Examples:
              holoframe golden record clips/my-header.json --frames 0,30,60
              holoframe golden verify
              holoframe golden verify clips/my-header.json --golden-dir ci/Golden
            """,
        subcommands: [Verify.self, Record.self])

    struct GoldenLocation: ParsableArguments {
        @Option(name: [.customLong("golden-dir"), .customLong("golden")], help: "The golden folder (--golden is the older spelling).")
        var golden: String = "Golden"
        @Option(help: "Where expected/actual/diff PNGs of failures go (default: .build/golden-artifacts).")
        var artifacts: String?
        /// render's limits: --max-pixels, --max-memory, the work caps, --frame-timeout and --max-time.
        @OptionGroup var limitOptions: LimitOptions

        func limits() -> Limits { limitOptions.limits() }

        /// A pipeline that holds the limits on every golden it draws.
        func pipeline(reference: Bool = false) -> RenderPipeline {
            var pipeline = RenderPipeline(fonts: FontLibrary.shared, reference: reference)
            pipeline.apply(limits())
            return pipeline
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render every golden's frame and compare. Exit 0 when all match, 1 when any does not.",
            discussion: "Examples:\n  holoframe golden verify\n  holoframe golden verify my-header.json --golden-dir Golden\n  holoframe golden verify --report golden-report\n  holoframe golden verify reveal --reference")

        @Argument(help: "Clips to check: built-in names, clip files or golden folder names (default: every folder in the golden folder).")
        var clips: [String] = []
        @OptionGroup var location: GoldenLocation
        @OptionGroup var reportOptions: ReportOptions
        @OptionGroup var progressOptions: ProgressOptions
        @Flag(help: "Render with the reference renderer and hold each golden to the scene-level bound (mean |Δ| ≤ 0.5 level, 99.9 % of channel values within 8 levels) instead of exact equality. Never records.")
        var reference = false
        @Option(help: "exact: every byte equal (the default, where the goldens were recorded); ci: for goldens recorded on another machine, at most 0.1 % of pixels over pixelmatch's 0.1 threshold, anti-aliased edges excused (docs/goldens.md). A golden's entry in tolerances.json wins.")
        var tolerance: TolerancePreset = .exact

        func run() throws {
            let selection = try GoldenSelection.verifying(root: location.golden, clips: clips)
            let (cases, stray) = (selection.cases, selection.stray)
            try reportOptions.check()
            printClipWarnings(Set(cases.map(\.clip)), goldenRoot: location.golden)
            var store = GoldenStore.commandLine(root: location.golden, artifactsRoot: location.artifacts, recordMode: RecordMode.none)
            store.defaultTolerance = tolerance.tolerance
            let runner = GoldenRunner(store: store, pipeline: location.pipeline(reference: reference), limits: location.limits())
            var failed = 0
            let meter = ProgressMeter(label: "golden verify", unit: "goldens", total: cases.count)
            let display = progressOptions.display(meter)
            let results = runner.run(cases) { display.record($0) }
            display.summary(meter.summaryLine(verb: "checked"), what: "goldens")
            for (c, verdict) in results {
                if verdict.passed { printEscaped("ok    \(Printable.escaped(c.description))") } else { failed += 1; printEscaped("FAIL  \(Printable.escaped(c.description))\n" + verdict.message) }
            }
            for (path, problem) in stray { failed += 1; printEscaped("FAIL  \(Printable.escaped(path)): \(problem)") }
            printEscaped("\(cases.count + stray.count - failed) passed, \(failed) failed")
            // Once per run, not after each failure: what drew the goldens, if it differs (one
            // paragraph per folder), and each distinct command that re-records.
            for line in GoldenVerdict.afterwords(results.map(\.1)) { printEscaped(line) }
            try reportOptions.write { dir, force in
                try GoldenReviewPage(results: results, stray: stray, store: store, command: reportOptions.command).write(to: dir, force: force)
            }
            if failed > 0 { throw ExitCode(1) }
        }
    }

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render frames of a clip and write them as goldens.",
            discussion: """
                Look at every image you record before committing it: a golden is a claim that the picture is right.
                Goldens are kept small: without --device and --scale they are recorded on iphone-12 at 1x.

                Examples:
                  holoframe golden record demo --frames 0,60,150 --scale 1
                  holoframe golden record path/to/my-header.json --frames 0,30   (kept in Golden/my-header/)
                  holoframe golden record demo --mode failed
                """)

        @Argument(help: "A built-in clip, or a clip file from any path (kept in Golden/<stem>/; examples/NAME.json beside the golden folder keeps Golden/example-NAME).")
        var clip: String
        @Option(help: "Frames to record: e.g. 0,30,60-62 (default: the frames already recorded for the clip).",
                transform: parseFrameList)
        var frames: FrameList?
        @OptionGroup var deviceOptions: DeviceOptions
        @Option(help: "all: write every frame; missing: only frames without a golden; failed: missing ones and those that do not match.")
        var mode: RecordMode = .missing
        @OptionGroup var location: GoldenLocation
        @OptionGroup var progressOptions: ProgressOptions

        func run() throws {
            let cases = try GoldenSelection.recording(clip, frames: frames, device: (deviceOptions.device ?? .iPhone12).rawValue,
                                                      scale: deviceOptions.scale ?? 1, root: location.golden)
            try GoldenCase.linkClipFile(clip, folder: GoldenCase.folder(forClipArgument: clip, goldenRoot: location.golden),
                                        goldenRoot: location.golden)
            printClipWarnings(Set(cases.map(\.clip)), goldenRoot: location.golden)
            let store = GoldenStore.commandLine(root: location.golden, artifactsRoot: location.artifacts, recordMode: mode)
            let runner = GoldenRunner(store: store, pipeline: location.pipeline(), limits: location.limits())
            var failed = 0
            let meter = ProgressMeter(label: "golden record", unit: "goldens", total: cases.count)
            let display = progressOptions.display(meter)
            let results = runner.run(cases) { display.record($0) }
            display.summary(meter.summaryLine(verb: "rendered"), what: "goldens")
            for (c, verdict) in results {
                if !verdict.passed { failed += 1 }
                let shown = Printable.escaped(c.description)
                printEscaped(verdict.recorded ? "recorded  \(Printable.escaped(location.golden))/\(shown)" : (verdict.passed ? "ok        \(shown)" : "FAIL      \(shown)\n\(verdict.message)"))
            }
            for line in GoldenVerdict.afterwords(results.map(\.1)) { printEscaped(line) }
            if failed > 0 { throw ExitCode(1) }
        }
    }
}

/// Deprecated forms in the clip files behind these golden folders, on stderr, once per clip
/// (a clip that cannot be made is reported by the run itself).
func printClipWarnings(_ folders: Set<String>, goldenRoot: String) {
    for folder in folders.sorted() {
        let clip = try? ClipResolver.resolve(GoldenCase.clipArgument(forFolder: folder, goldenRoot: goldenRoot))
        for warning in clip?.warnings ?? [] { StandardStreams.err("warning: \(Printable.escaped(warning))\n") }
    }
}

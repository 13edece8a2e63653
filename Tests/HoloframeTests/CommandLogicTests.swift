// What the `holoframe` commands decide, tested without a process: the bench budget, table and
// verdict, the device names, golden selection, state lines and the contact sheet export.

import Foundation
import Testing
import HoloMotion
import HoloPNG
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct BenchVerdictTests {
    /// A bench of `clip` whose frame i took `ms[i]` milliseconds (wall-clock and CPU), against a 10 ms budget.
    func bench(_ ms: [Double], clip: String = "demo", budget: Double = 10) -> ClipBench {
        let timings = ms.enumerated().map {
            FrameTiming(frame: $0, time: Double($0) / 60, simulateMs: 0.5, rasterMs: $1 - 0.5, encodeMs: nil, totalMs: $1, cpuMs: $1)
        }
        return ClipBench(clip: clip, device: "iphone-12", width: 390, height: 844, budgetMs: budget, repeats: 3, preparationMs: 2,
                         frames: timings, summary: BenchRunner.summarize(timings, budgetMs: budget))
    }

    @Test func budgetComesFromMillisecondsOrHzOrSixtyHertz() {
        #expect(BenchOptions.budgetMs(budgetMs: 8, hz: nil) == 8)
        #expect(BenchOptions.budgetMs(budgetMs: nil, hz: 120) == 1000.0 / 120)
        #expect(abs(BenchOptions.budgetMs(budgetMs: nil, hz: nil) - 16.6667) < 1e-3)
    }

    @Test func framesOverBudgetFailTheRun() throws {
        let ok = try BenchVerdict.judge([bench([3, 9.9])], budgetMs: 10)
        #expect(!ok.failed && ok.lines == ["ok: every frame within the 10.00 ms budget"])
        let over = try BenchVerdict.judge([bench([3, 12, 11]), bench([10.5], clip: "titles")], budgetMs: 10)
        #expect(over.failed && over.lines == ["FAIL: 3 frames over the 10.00 ms budget"])
    }

    /// Frames 2–4 of 10 slowed from 4 to 6 ms (+50 %, 2 ms: a range); frame 6 to 4.4 ms (+10 %: not).
    @Test func regressionsAgainstABaselineFailTheRun() throws {
        let base = bench([4, 4, 4, 4, 4, 4, 4, 4, 4, 4])
        let verdict = try BenchVerdict.judge([bench([4, 4, 6, 6, 6, 4, 4.4, 4, 4, 4])], budgetMs: 10, baseline: ("base.json", [base]), threshold: 0.2)
        #expect(verdict.failed)
        #expect(verdict.lines == ["demo against base.json in CPU time: machine factor g 1.00 (median of this run ÷ baseline over 10 frames), " +
                                  "median difference +0.00 ms; p95 4.00 → 6.00 ms, worst 4.00 → 6.00 ms (not gated)",
                                  "REGRESSED demo frames 2–4 +50 % (4.00 → 6.00 ms)",
                                  "FAIL: regressed against base.json (threshold 20 %, floor 0.30 ms): demo frames 2–4"])
        let loose = try BenchVerdict.judge([bench([4, 4, 6, 6, 6, 4, 4.4, 4, 4, 4])], budgetMs: 10, baseline: ("base.json", [base]), threshold: 0.6)
        #expect(!loose.failed && loose.lines.suffix(2) == ["no regression against base.json (threshold 60 %, floor 0.30 ms)",
                                                           "ok: every frame within the 10.00 ms budget; no regression against base.json"])
        // A --floor-ms over the 2 ms difference lets the range pass.
        #expect(try !BenchVerdict.judge([bench([4, 4, 6, 6, 6, 4, 4.4, 4, 4, 4])], budgetMs: 10, baseline: ("b", [base]), floorMs: 2.5).failed)
        // 0.29 · 100 is 28.999…: the threshold is said as written, not truncated.
        let odd = try BenchVerdict.judge([bench([4])], budgetMs: 10, baseline: ("b", [bench([4])]), threshold: 0.29)
        #expect(odd.lines.suffix(2).first == "no regression against b (threshold 29 %, floor 0.30 ms)")
    }

    @Test func aBaselineOfAnotherClipIsAUsageError() {
        #expect(throws: ClipUsageError.self) {
            try BenchVerdict.judge([bench([4])], budgetMs: 10, baseline: ("b.json", [bench([4], clip: "titles")]))
        }
        #expect(UsageErrors.isUsage(ClipUsageError("")))
    }

    @Test func aBaselineFileIsReadAndAnOldOneRefused() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = "\(dir)/good.json", old = "\(dir)/old.json"
        try JSONEncoder().encode(BenchFile(clips: [bench([4, 5])])).write(to: URL(fileURLWithPath: good))
        try JSONEncoder().encode([bench([4, 5])]).write(to: URL(fileURLWithPath: old))
        let clips = try BenchFile.readBaseline(good, inputs: InputPolicy())
        #expect(clips.map(\.clip) == ["demo"] && clips[0].frames.map(\.totalMs) == [4, 5])
        #expect { try BenchFile.readBaseline(old, inputs: InputPolicy()) } throws: {
            ($0 as? ClipUsageError)?.description.contains("schema 1") == true
        }
        #expect(throws: InputFileError.self) { try BenchFile.readBaseline(good, inputs: InputPolicy(maxInputBytes: 10)) }
    }

    @Test func theTableMarksFramesOverBudgetAndSummarizes() {
        let text = BenchTable.text(bench([3, 12]), rows: true)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "demo  390×844  budget 10.00 ms  fastest of 3 runs per frame")
        #expect(lines.count == 7)
        #expect(lines[3].hasPrefix("      0") && !lines[3].hasSuffix("OVER"))
        #expect(lines[4].hasPrefix("      1") && lines[4].hasSuffix("12.000 ms   100.0 %  OVER"))
        #expect(lines[5].contains("worst frame 1 at 0.017 s; 1 of 2 over budget"))
        // Every frame redrew (the default 1): the median over them is the median.
        #expect(lines[6].contains("frames that redraw: 2 of 2, median 7.50 ms, on average 100 % of the canvas's rows"))
        #expect(BenchTable.text(bench([3, 12]), rows: false).split(separator: "\n").count == 4)
    }
}

@Suite struct CommandChoiceTests {
    /// `--device` names (the CLI's DeviceName) are HoloMotion's: the presets, their landscape names and WxH@S.
    @Test func deviceNamesAreThePresets() {
        for preset in Device.presets { #expect(Device.named(preset.name)?.name == preset.name) }
        #expect(Device.named(Device.iPhoneSE.name)?.pixelWidth == 750)
        #expect(Set(Device.presets.map(\.name)).count == Device.presets.count)
        let turned = Device.named("iphone-16-pro-landscape")
        #expect(turned?.size == Size(874, 402) && turned?.screen.safeArea == EdgeInsets(left: 62, bottom: 21, right: 62))
        #expect(Device.named("393x852@3")?.pixelWidth == 1179)
        #expect(Device.named("393x852@3")?.landscape.name == "852x393@3")
        for bad in ["iphone-99", "393x852", "0x852@3", "393x852@9", "x@3", "iphone-16-landscape-landscape"] {
            #expect(Device.named(bad) == nil, "\(bad)")
        }
    }

    @Test func goldenVerifyCoversEveryGoldenAndReportsStrayFiles() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: ClipUsageError.self) { try GoldenSelection.verifying(root: "\(dir)/none") }
        #expect(throws: ClipUsageError.self) { try GoldenSelection.verifying(root: dir) }
        for folder in ["demo", "titles", "not-a-clip"] {
            try FileManager.default.createDirectory(atPath: "\(dir)/\(folder)", withIntermediateDirectories: true)
        }
        for name in ["demo/00000-iphone-12@1x.png", "demo/00060-iphone-se@2x.png", "titles/00001-iphone-12@1x.png", "titles/frame.png",
                     "not-a-clip/00000-iphone-12@1x.png"] {
            _ = FileManager.default.createFile(atPath: "\(dir)/\(name)", contents: Data())
        }
        let all = try GoldenSelection.verifying(root: dir)
        // A folder that is not a clip is reported and its goldens are not checked; a badly named
        // file is reported beside its folder's goldens.
        #expect(all.cases.map(\.description) == ["demo/00000-iphone-12@1x.png", "demo/00060-iphone-se@2x.png", "titles/00001-iphone-12@1x.png"])
        #expect(all.stray.map(\.path) == ["\(dir)/not-a-clip", "\(dir)/titles/frame.png"])
        let demo = try GoldenSelection.verifying(root: dir, clips: ["demo"])
        #expect(demo.stray.isEmpty && demo.cases.count == 2)
        // An example is named as `golden record` takes it: its file or its folder.
        let golden = "\(dir)/repo/Golden"
        try FileManager.default.createDirectory(atPath: "\(golden)/example-card", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(dir)/repo/examples", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: "\(golden)/example-card/00000-iphone-12@0.5x.png", contents: Data())
        _ = FileManager.default.createFile(atPath: "\(dir)/repo/examples/card.json", contents: Data("{}".utf8))
        for spelling in ["examples/card.json", "example-card"] {
            let example = try GoldenSelection.verifying(root: golden, clips: [spelling])
            #expect(example.cases.map(\.description) == ["example-card/00000-iphone-12@0.5x.png"], "\(spelling)")
        }
    }

    @Test func goldenRecordTakesTheFramesGivenOrThoseRecorded() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let given = try GoldenSelection.recording("demo", frames: try FrameList(parsing: "0,30"), device: "iphone-se", scale: 0.5, root: dir)
        #expect(given.map(\.description) == ["demo/00000-iphone-se@0.5x.png", "demo/00030-iphone-se@0.5x.png"])
        #expect(throws: ClipUsageError.self) { try GoldenSelection.recording("demo", frames: nil, device: "iphone-12", scale: 1, root: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/demo", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: "\(dir)/demo/00012-iphone-12@1x.png", contents: Data())
        #expect(try GoldenSelection.recording("demo", frames: nil, device: "iphone-se", scale: 2, root: dir).map(\.frame) == [12])
        #expect(throws: UnknownClipError.self) { try GoldenSelection.recording("no-such-clip", frames: nil, device: "iphone-12", scale: 1, root: dir) }
    }

    @Test func stateLinesStreamInChunksAndAgreeWithTheFrames() throws {
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.25))
        var chunks: [String] = []
        clip.stateLines([0, 5, 9], chunkBytes: 1) { chunks.append($0) }
        #expect(chunks.count == 3)
        var whole = ""
        clip.stateLines([0, 5, 9]) { whole += $0 }
        #expect(whole == chunks.joined())
        let source = clip.frames()
        #expect(chunks[1] == source.frame(5).stateJSON + "\n")
    }

    @Test func aContactSheetIsCheckedAgainstTheCapsAndWrittenWhole() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.1))
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        var tight = Limits()
        tight.maxPixelsPerFrame = 1000
        #expect(throws: LimitError.self) {
            try pipeline.writeContactSheet(of: clip, frames: Array(0...20), count: 4, columns: 2, to: "\(dir)/no.png", limits: tight)
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/no.png"))
        let made = try pipeline.writeContactSheet(of: clip, frames: Array(0...20), count: 4, columns: 2, to: "\(dir)/sheet.png")
        #expect(made.frames == 4)
        let png = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/sheet.png"))))
        #expect(png.width == made.width && png.height == made.height)
    }
}

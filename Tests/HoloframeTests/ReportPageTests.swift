// The report pages' structure, checked without a browser: each page is parsed as XML and asked
// what a reader would look for. (Tests/Browser/check_reports.sh opens them in Chromium.)

import Foundation
import HoloPixels
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct HTMLTextTests {
    @Test func escapesTheFiveMarkupCharactersAndNothingElse() {
        #expect(HTMLText.escape(#"<a href="x">Tom & Jerry's</a> é ✓"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; é ✓")
        #expect(HTMLText.escape("tab\tline\nnul\u{0}bell\u{7}") == "tab\tline\nnul\u{FFFD}bell\u{FFFD}")
    }

    @Test func escapedTextParsesBackToItself() throws {
        let nasty = "</code><script>alert('x')</script> & \"quotes\" \u{1F600}"
        let tree = try MarkupTree("<p title=\"\(HTMLText.escape(nasty))\">\(HTMLText.escape(nasty))</p>")
        let p = tree.root.all("p")
        #expect(p.count == 1 && p[0].children.isEmpty)
        #expect(p.first?.text == nasty && p.first?.attributes["title"] == nasty)
    }

    /// What the shell reads back is the word given: each quoted word is echoed by a real `sh`.
    @Test func shellQuotingSurvivesAPosixShell() throws {
        let words = ["plain", "examples/tilt-card.json", "with space", "it's", "$HOME", "a;b", "*", "`x`", "\"q\"", "", "ünï", "--scale", "0.5"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf '%s\\n' " + ShellWords.join(words)]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == words.map { $0 + "\n" }.joined())
        #expect(ShellWords.quote("examples/tilt-card.json") == "examples/tilt-card.json")
        #expect(ShellWords.quote("with space") == "'with space'")
    }
}

@Suite struct ReportFolderTests {
    @Test func writesAMarkedFolderAndReplacesItOnlyWithForce() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let report = "\(dir)/nested/report"
        try ReportFolder.write(report, force: false, kind: "test") { try Data("one".utf8).write(to: URL(fileURLWithPath: "\($0)/index.html")) }
        #expect(ReportFolder.isReport(report))
        #expect(throws: ReportFolderError.self) {
            try ReportFolder.write(report, force: false, kind: "test") { _ in }
        }
        #expect(try String(contentsOfFile: "\(report)/index.html", encoding: .utf8) == "one")
        try ReportFolder.write(report, force: true, kind: "test") { try Data("two".utf8).write(to: URL(fileURLWithPath: "\($0)/index.html")) }
        #expect(try String(contentsOfFile: "\(report)/index.html", encoding: .utf8) == "two")
        // No staging or old folders are left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/nested") == ["report"])
    }

    @Test func neverReplacesWhatItDidNotWrite() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let foreign = "\(dir)/foreign", file = "\(dir)/file.txt", link = "\(dir)/link"
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: "\(foreign)/notes.txt"))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
        try ReportFolder.write("\(dir)/real", force: false, kind: "test") { _ in }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "\(dir)/real")
        for path in [foreign, file, link] {
            do {
                try ReportFolder.write(path, force: true, kind: "test") { _ in }
                Issue.record("replaced \(path)")
            } catch let error as ReportFolderError {
                #expect(error.isUsageError, "\(error)")
            }
        }
        #expect(try String(contentsOfFile: "\(foreign)/notes.txt", encoding: .utf8) == "keep")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep")
        #expect(ReportFolder.isReport("\(dir)/real"))
    }

    @Test func aFailedWriteLeavesTheOldReportAndNoDebris() throws {
        struct Boom: Error {}
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        try ReportFolder.write("\(dir)/r", force: false, kind: "test") { try Data("old".utf8).write(to: URL(fileURLWithPath: "\($0)/index.html")) }
        do {
            try ReportFolder.write("\(dir)/r", force: true, kind: "test") { staging in
                try Data("half".utf8).write(to: URL(fileURLWithPath: "\(staging)/index.html"))
                throw Boom()
            }
            Issue.record("the write did not fail")
        } catch let error as ReportFolderError {
            #expect(!error.isUsageError && error.description.hasPrefix("cannot write the report in"))
        }
        #expect(try String(contentsOfFile: "\(dir)/r/index.html", encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["r"])
    }
}

@Suite struct GoldenReviewPageTests {
    /// Three tiny PNGs standing in for a failure's artifacts.
    func artifacts(in dir: String) throws -> [GoldenReviewPage.ImageKind: String] {
        var images: [GoldenReviewPage.ImageKind: String] = [:]
        for (i, kind) in GoldenReviewPage.ImageKind.allCases.enumerated() {
            let canvas = Canvas(width: 4, height: 3, premultipliedBytes: [UInt8](repeating: UInt8(60 * i), count: 48))
            try PNG.write(canvas, to: "\(dir)/\(kind.rawValue).png")
            images[kind] = "\(dir)/\(kind.rawValue).png"
        }
        return images
    }

    func page(images: [GoldenReviewPage.ImageKind: String]) -> GoldenReviewPage {
        let mismatch = GoldenCase(clip: "demo", frame: 60, device: "iphone-12", scale: 1)
        let example = GoldenCase(clip: "example-tilt-card", frame: 45, device: "iphone-se", scale: 0.5)
        let hostile = "<script>alert(1)</script>&"
        return GoldenReviewPage(entries: [
            .init(name: "demo/00000-iphone-12@1x.png", outcome: .passed, message: "ok", tolerance: "exact", recordCommand: nil),
            .init(name: mismatch.description, outcome: .failed, message: "golden mismatch", differingPixels: 1234, largestChannelDelta: 77,
                  tolerance: GoldenReviewPage.describe(nil), recordCommand: GoldenReviewPage.recordCommand(for: mismatch, goldenRoot: "Golden"),
                  images: images),
            .init(name: example.description, outcome: .missing, message: "golden image missing " + hostile, tolerance: "exact",
                  recordCommand: GoldenReviewPage.recordCommand(for: example, goldenRoot: "Golden"), images: [.actual: images[.actual]!]),
            .init(name: hostile, outcome: .passed, message: "ok", tolerance: "exact", recordCommand: nil),
        ], command: ["holoframe", "golden", "verify", "--report", "my report"])
    }

    @Test func summaryFailuresViewsAndCollapsedPasses() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let images = try artifacts(in: dir)
        try page(images: images).write(to: "\(dir)/report", force: false)
        let tree = try MarkupTree(try String(contentsOfFile: "\(dir)/report/index.html", encoding: .utf8))
        let counts = Dictionary(uniqueKeysWithValues: tree.root.all { $0.attributes["data-count"] != nil }
            .map { ($0.attributes["data-count"]!, $0.text) })
        #expect(counts == ["failed": "1", "missing": "1", "passed": "2"])
        #expect(tree.root.all("code").first?.text == "holoframe golden verify --report 'my report'")

        let failures = tree.root.all("section", class: "failure")
        #expect(failures.map { $0.attributes["data-outcome"] } == ["failed", "missing"])
        #expect(failures.map { $0.attributes["id"] } == ["failure-1", "failure-2"])
        // The mismatch: three views, the slider wiping actual over expected, the diff with its numbers.
        let first = failures[0]
        #expect(first.all("button").map { $0.attributes["data-view"] ?? "" } == ["side", "slider", "diff"])
        #expect(first.all("div", class: "side").first?.all("img").map { $0.attributes["src"] ?? "" }
                == ["images/001-expected.png", "images/001-actual.png", "images/001-diff.png"])
        let wipe = try #require(first.all("div", class: "wipe").first)
        #expect(wipe.children.first?.attributes["src"] == "images/001-expected.png")
        #expect(wipe.all("div", class: "top").first?.all("img").first?.attributes["src"] == "images/001-actual.png")
        #expect(first.all("input").first?.attributes["type"] == "range")
        let diffView = try #require(first.all("div", class: "diff").first)
        #expect(diffView.allText.contains("1234 differing pixels") && diffView.allText.contains("largest channel delta 77"))
        #expect(first.all("dd", class: "differing").first?.text == "1234")
        #expect(first.all("dd", class: "delta").first?.text == "77 of 255")
        #expect(first.all("dd", class: "tolerance").first?.text.hasPrefix("exact") == true)
        #expect(first.all("div", class: "record").first?.all("code").first?.text
                == "holoframe golden record demo --frames 60 --device iphone-12 --scale 1 --mode all")
        // The missing one has only its actual picture: no slider, no diff.
        #expect(failures[1].all("button").map { $0.attributes["data-view"] ?? "" } == ["side"])
        #expect(failures[1].all("div", class: "record").first?.all("code").first?.text
                == "holoframe golden record examples/tilt-card.json --frames 45 --device iphone-se --scale 0.5 --mode all")

        // Passes are collapsed: a closed <details>, one item each; a hostile name stays text.
        let passes = try #require(tree.root.all("details", class: "passes").first)
        #expect(passes.attributes["open"] == nil)
        #expect(passes.all("li").map(\.allText) == ["demo/00000-iphone-12@1x.png", "<script>alert(1)</script>&"])
        #expect(tree.root.all("script").count == 1)

        // Every image the page shows is in the folder, and is the artifact it stands for.
        for src in Set(tree.root.all("img").compactMap { $0.attributes["src"] }) {
            #expect(FileManager.default.fileExists(atPath: "\(dir)/report/\(src)"), "\(src) is not in the report folder")
        }
        #expect(FileManager.default.contents(atPath: "\(dir)/report/images/001-diff.png") == FileManager.default.contents(atPath: images[.diff]!))
        #expect(FileManager.default.contents(atPath: "\(dir)/report/images/002-actual.png") == FileManager.default.contents(atPath: images[.actual]!))
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/report/images/002-expected.png"))
    }

    @Test func recordCommandNamesOneGoldenAndTheGoldenFolderWhenNotTheDefault() {
        let golden = GoldenCase(clip: "example-tilt-card", frame: 45, device: "iphone-12", scale: 0.5)
        #expect(GoldenReviewPage.recordCommand(for: golden, goldenRoot: "/ci/repo/Golden")
                == ["holoframe", "golden", "record", "/ci/repo/examples/tilt-card.json", "--frames", "45", "--device", "iphone-12",
                    "--scale", "0.5", "--mode", "all", "--golden-dir", "/ci/repo/Golden"])
        let builtIn = GoldenCase(clip: "titles-home", frame: 200, device: "iphone-se", scale: 2)
        #expect(GoldenReviewPage.recordCommand(for: builtIn, goldenRoot: "Golden")
                == ["holoframe", "golden", "record", "titles-home", "--frames", "200", "--device", "iphone-se", "--scale", "2", "--mode", "all"])
    }

    @Test func toleranceInWordsWithItsReason() {
        let loose = ToleranceEntry(tolerance: Tolerance(maxChannelDelta: 2, maxDifferingPixels: 10), reason: "text hinting")
        #expect(GoldenReviewPage.describe(loose) == "channel delta up to 2; at most 10 pixels may differ. Reason: text hinting")
        let perceptual = ToleranceEntry(tolerance: Tolerance(perceptualThreshold: 0.1, excuseAntialiasing: true), reason: "edges")
        #expect(GoldenReviewPage.describe(perceptual)
                == "perceptual (pixelmatch YIQ) threshold 0.1; anti-aliased pixels excused; no differing pixel allowed. Reason: edges")
    }

    @Test func anAllPassingRunHasNoFailureSectionsAndNoScript() throws {
        let page = GoldenReviewPage(entries: [.init(name: "a.png", outcome: .passed, message: "", tolerance: "exact", recordCommand: nil)],
                                    command: ["holoframe"])
        let tree = try MarkupTree(page.html())
        #expect(tree.root.all("section").isEmpty && tree.root.all("script").isEmpty)
        #expect(tree.root.all("details").first?.all("li").count == 1)
    }
}

@Suite struct FrameTimeChartTests {
    func timings(_ ms: [Double]) -> [FrameTiming] {
        ms.enumerated().map { FrameTiming(frame: 10 + $0.offset, time: Double(10 + $0.offset) / 60, simulateMs: 0.1,
                                          rasterMs: $0.element - 0.1, encodeMs: nil, totalMs: $0.element) }
    }

    @Test func oneBarPerFrameHeightsInProportionAndTheBudgetLine() throws {
        let ms = [5.0, 12, 20.5, 16.0, 16.67, 16.68, 9]
        let chart = FrameTimeChart(frames: timings(ms), budgetMs: 16.67, worstFrameLink: "images/01-worst-frame-00012.png")
        let svg = try MarkupTree(chart.svg(title: "demo"))
        let bars = svg.root.all("rect", class: "bar")
        #expect(bars.map { $0.attributes["data-frame"] } == (10...16).map { String($0) })
        #expect(bars.filter { $0.classes.contains("over") }.map { $0.attributes["data-frame"] } == ["12", "15"])
        #expect(chart.yMax >= 20.5 * 1.1 && chart.yMax.truncatingRemainder(dividingBy: chart.yStep) == 0)
        let bottom = chart.top + chart.plotHeight
        for (bar, v) in zip(bars, ms) {
            let y = Double(bar.attributes["y"]!)!, h = Double(bar.attributes["height"]!)!
            #expect(abs(y + h - bottom) < 0.02)
            #expect(abs(h - chart.plotHeight * v / chart.yMax) < 0.02, "bar for \(v) ms is \(h) high")
        }
        let budget = try #require(svg.root.all("line", class: "budget").first)
        #expect(abs(Double(budget.attributes["y1"]!)! - chart.y(16.67)) < 0.01 && budget.attributes["y1"] == budget.attributes["y2"])
        // The worst frame is marked and linked to its picture.
        let worst = try #require(svg.root.all("g", class: "worst").first)
        #expect(worst.attributes["data-frame"] == "12")
        #expect(worst.all("a").first?.attributes["href"] == "images/01-worst-frame-00012.png")
        #expect(bars[2].all("title").first?.text == "frame 12, 0.200 s: 20.50 ms (over budget), redrew 100 % of the rows")
    }

    @Test func longClipsAreOneLineWithOverBudgetMarks() throws {
        let ms = (0..<(FrameTimeChart.maxBars + 1)).map { $0 % 100 == 0 ? 30.0 : 8 }
        let svg = try MarkupTree(FrameTimeChart(frames: timings(ms), budgetMs: 16.67).svg(title: "long"))
        #expect(svg.root.all("rect", class: "bar").isEmpty)
        #expect(svg.root.all("polyline").first?.attributes["points"]?.split(separator: " ").count == ms.count)
        #expect(svg.root.all("rect", class: "over-mark").count == ms.filter { $0 > 16.67 }.count)
    }

    @Test(arguments: [(0.7, 0.2), (7.3, 2), (23, 5), (180, 50), (1, 0.2)])
    func tickStepsAreOneTwoOrFiveTimesAPowerOfTen(span: Double, step: Double) {
        #expect(abs(FrameTimeChart.tickStep(span: span) - step) < 1e-9)
    }
}

@Suite struct BenchReportPageTests {
    @Test func oneSectionPerClipWithChartNumbersAndTheWorstPicture() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        // The worst frame is 40, where the demo's cards are scrolling (frame 1 equals frame 0).
        let frames = (0...40).map { $0 == 40 ? 18.0 : 4.0 }.enumerated().map {
            FrameTiming(frame: $0.offset, time: Double($0.offset) / 60, simulateMs: 0, rasterMs: $0.element, encodeMs: nil, totalMs: $0.element)
        }
        let bench = ClipBench(clip: "demo", device: "iphone-12", width: 1170, height: 2532, budgetMs: 16.67, repeats: 3, preparationMs: 1.5,
                              frames: frames, summary: BenchRunner.summarize(frames, budgetMs: 16.67))
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        let page = BenchReportPage(clips: [
            .init(bench: bench, clipArgument: "demo", device: nil, pipeline: pipeline),
            .init(bench: bench, worstPicture: .failure(.init("no such clip <x>"))),
        ], command: ["holoframe", "bench", "demo", "--report", "r"])
        try page.write(to: "\(dir)/r", force: false)
        let tree = try MarkupTree(try String(contentsOfFile: "\(dir)/r/index.html", encoding: .utf8))
        let sections = tree.root.all("section", class: "clip")
        #expect(sections.count == 2)
        // The clip's preparation has its own figure in the stats table, apart from the frames'.
        #expect(sections.allSatisfy { $0.all("td", class: "preparation").first?.text == "1.50" })
        #expect(sections.allSatisfy { $0.all("svg").count == 1 && $0.all("rect", class: "bar").count == 41 && $0.attributes["data-over"] == "1" })
        #expect(tree.root.all { $0.attributes["data-count"] == "over" }.first?.text == "2")
        let link = try #require(sections[0].all("figure", class: "worst").first?.all("a").first?.attributes["href"])
        #expect(link == "images/01-worst-frame-00040.png")
        #expect(sections[0].all("g", class: "worst").first?.all("a").first?.attributes["href"] == link)
        let written = try PNG.read(contentsOf: "\(dir)/r/\(link)")
        #expect(written.width == 195 && written.height == 422)  // iphone-12 at 0.5 px per point
        #expect(sections[1].all("img").isEmpty && sections[1].allText.contains("no picture: no such clip <x>"))
        // Beside it, the frame as drawn after frame 39 with the rows it redrew tinted magenta: the
        // demo's cards scroll, so some rows are tinted and the picture is not the plain one.
        let damageLink = try #require(sections[0].all("figure", class: "damage").first?.all("img").first?.attributes["src"])
        #expect(damageLink == "images/01-damage-frame-00040.png")
        let damage = try PNG.read(contentsOf: "\(dir)/r/\(damageLink)")
        #expect(damage.width == written.width && damage.height == written.height && damage != written)
        #expect(sections[1].all("figure", class: "damage").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/r/images").sorted()
                == ["01-damage-frame-00040.png", "01-worst-frame-00040.png"])
    }

    /// The worst frame drawn after the one before it is the frame drawn alone (runs never change a
    /// picture), and frame 0 has no damage picture (it draws everything).
    @Test func theWorstPictureIsTheFrameAloneAndFrameZeroHasNoDamage() throws {
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        let pictures = try BenchReportPage.worstFramePictures(clipArgument: "demo", device: nil, frame: 40, pipeline: pipeline).get()
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: BenchReportPage.pictureScale))
        #expect(pictures.picture == (try pipeline.rasterize(clip.frames().frame(40), scale: clip.scale)))
        #expect(pictures.damage != nil)
        #expect(try BenchReportPage.worstFramePictures(clipArgument: "demo", device: nil, frame: 0, pipeline: pipeline).get().damage == nil)
    }
}

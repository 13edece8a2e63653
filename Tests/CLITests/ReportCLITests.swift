// `golden verify --report` and `bench --report` as a user runs them: the exit status is the same
// with or without a report, the page's record command rewrites exactly the failing golden, and a
// report folder is replaced only with --force and only when holoframe wrote it.

import Foundation
import Testing
import HoloPNG

private let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

@Suite(.serialized) struct ReportCLITests {
    /// A scratch folder holding Golden/demo with two goldens, the second replaced by the first's picture.
    func tamperedGoldens() throws -> String {
        let dir = scratchFolder("report")
        let demo = "\(dir)/Golden/demo"
        try FileManager.default.createDirectory(atPath: demo, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(repoRoot)/Golden/demo/00000-iphone-12@1x.png", toPath: "\(demo)/00000-iphone-12@1x.png")
        try FileManager.default.copyItem(atPath: "\(repoRoot)/Golden/demo/00000-iphone-12@1x.png", toPath: "\(demo)/00030-iphone-12@1x.png")
        return dir
    }

    @Test func verifyReportKeepsTheExitStatusAndItsRecordCommandRewritesOnlyTheFailingGolden() throws {
        let dir = try tamperedGoldens(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let plain = try holoframe("golden", "verify", "--artifacts", "art", in: dir)
        let reported = try holoframe("golden", "verify", "--artifacts", "art", "--report", "review", in: dir)
        #expect(plain.status == 1 && reported.status == plain.status, "\(reported.stderr)")
        for file in [".holoframe-report", "index.html", "images/001-expected.png", "images/001-actual.png", "images/001-diff.png"] {
            #expect(FileManager.default.fileExists(atPath: "\(dir)/review/\(file)"), "review/\(file) missing")
        }
        let html = try String(contentsOfFile: "\(dir)/review/index.html", encoding: .utf8)
        #expect(html.contains("data-count=\"failed\">1<") && html.contains("data-count=\"passed\">1<"))

        // Again without --force: refused before any rendering, the report untouched.
        let again = try holoframe("golden", "verify", "--report", "review", in: dir)
        #expect(again.status == 2 && again.stderr.contains("--force"), "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/review/images").count == 3)
        #expect(try holoframe("golden", "verify", "--artifacts", "art", "--report", "review", "--force", in: dir).status == 1)

        // The page's command, run as printed, rewrites 00030 and nothing else; verify then passes.
        let start = try #require(html.range(of: "<code>holoframe golden record "))
        let end = try #require(html[start.upperBound...].range(of: "</code>"))
        let line = String(html[start.lowerBound..<end.lowerBound].dropFirst("<code>".count))
        #expect(line == "holoframe golden record demo --frames 30 --device iphone-12 --scale 1 --mode all")
        let untouched = FileManager.default.contents(atPath: "\(dir)/Golden/demo/00000-iphone-12@1x.png")
        let tampered = FileManager.default.contents(atPath: "\(dir)/Golden/demo/00030-iphone-12@1x.png")
        #expect(try shell(line, in: dir) == 0)
        #expect(FileManager.default.contents(atPath: "\(dir)/Golden/demo/00000-iphone-12@1x.png") == untouched)
        #expect(FileManager.default.contents(atPath: "\(dir)/Golden/demo/00030-iphone-12@1x.png") != tampered)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/Golden/demo").filter { $0.hasSuffix(".png") }.count == 2)
        #expect(try holoframe("golden", "verify", in: dir).status == 0)
    }

    @Test func aFolderHoloframeDidNotWriteIsNeverReplaced() throws {
        let dir = try tamperedGoldens(); defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/mine", withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: "\(dir)/mine/notes.txt"))
        for run in [try holoframe("golden", "verify", "--report", "mine", in: dir),
                    try holoframe("golden", "verify", "--report", "mine", "--force", in: dir),
                    try holoframe("bench", "demo", "--frames", "0", "--scale", "0.25", "--repeats", "1", "--report", "mine", "--force", in: dir)] {
            #expect(run.status == 2 && run.stderr.contains("not written by holoframe") && run.stdout.isEmpty, "\(run.stdout)\(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/mine") == ["notes.txt"])
    }

    @Test func benchReportChartsEveryFrameAndLinksTheWorstFrameAtHalfScale() throws {
        let dir = scratchFolder("bench-report"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("bench", "demo", "--frames", "0-2", "--scale", "0.25", "--repeats", "1", "--budget-ms", "100000",
                                "--quiet", "--report", "\(dir)/bench")
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: "\(dir)/bench/index.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<rect class=\"bar").count - 1 == 3)
        #expect(html.contains("<line class=\"budget\""))
        let images = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/bench/images")
        #expect(images.count == 1 && images[0].hasPrefix("01-worst-frame-0000"))
        #expect(html.contains("href=\"images/\(images.first ?? "?")\""))
        let picture = try PNG.read(contentsOf: "\(dir)/bench/images/\(images.first ?? "?")")
        #expect(picture.width == 195 && picture.height == 422)  // 0.5 px per point, not the bench's 0.25
    }
}

/// Runs a command line as printed, through /bin/sh in `directory`, with `holoframe` meaning the built binary.
private func shell(_ line: String, in directory: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "holoframe() { \"$HOLOFRAME_UNDER_TEST\" \"$@\"; }; " + line]
    process.environment = ProcessInfo.processInfo.environment.merging(["HOLOFRAME_UNDER_TEST": holoframeBinary]) { $1 }
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

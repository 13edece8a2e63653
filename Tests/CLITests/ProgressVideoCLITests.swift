// `--progress` (a bar on a terminal, plain lines for logs, nothing on a pipe by default) and
// `render --video` (ffmpeg spawned; refusals before any work), through the built binary.

import Foundation
import Testing

/// Runs holoframe with `environment` added to this process's, like `holoframe(…)`.
func holoframe(environment: [String: String], _ arguments: String...) throws -> Run {
    try holoframe(arguments, environment: environment)
}

/// The first executable called `name` on PATH.
func onPath(_ name: String) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

@Suite(.serialized) struct ProgressCLITests {
    @Test func nothingOnAPipeByDefault() throws {
        let dir = scratchFolder("progress-pipe"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("render", "demo", "--frames", "0-2", "--scale", "0.25", "--out", dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("wrote 3 frames"), "\(run.stderr)")   // the summary, and nothing before it
        #expect(!run.stderr.contains("3/3") && !run.stderr.contains("slowest") && !run.stderr.contains("\r"))
    }

    @Test func plainLinesForLogs() throws {
        let dir = scratchFolder("progress-plain"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("render", "demo", "--frames", "0-2", "--scale", "0.25", "--out", dir, "--progress", "plain")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("render demo: 3/3 frames (100%), ") && $0.contains(" frames/s, ") && $0.contains(" left") })
        #expect(!run.stderr.contains("\r") && !run.stderr.contains("\u{1B}"))
        let slowest = try #require(lines.last { $0.hasPrefix("slowest frames: ") })
        #expect(slowest.split(separator: ",").count == 3)   // all three frames, each with its time
        #expect(lines.contains { $0.hasPrefix("wrote 3 frames") })
    }

    @Test func plainLinesForBenchAndGolden() throws {
        let bench = try holoframe("bench", "demo", "--frames", "0-5", "--scale", "0.25", "--repeats", "2", "--quiet",
                                  "--budget-ms", "10000", "--progress", "plain")
        #expect(bench.status == 0, "\(bench.stderr)")
        #expect(bench.stderr.contains("bench demo: 12/12 frames (100%)"))   // every frame of both runs
        #expect(bench.stderr.contains("timed 12 frames in "))
        #expect(bench.stderr.contains("slowest frames: "))
        #expect(!bench.stdout.contains("slowest"))                           // stdout stays the table
        let quiet = try holoframe("bench", "demo", "--frames", "0-5", "--scale", "0.25", "--repeats", "1", "--quiet", "--budget-ms", "10000")
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let golden = try holoframe("golden", "verify", "titles", "--golden-dir", "\(root)/Golden", "--progress", "plain")
        #expect(golden.status == 0, "\(golden.stdout)\(golden.stderr)")
        #expect(golden.stderr.contains("golden verify: 5/5 goldens (100%)"), "\(golden.stderr)")
        #expect(golden.stderr.contains("slowest goldens: titles/"))
    }

    /// Runs `command` on a pseudo-terminal (util-linux `script`), returning what the terminal got.
    func onATerminal(_ command: String) throws -> String? {
        guard let script = onPath("script") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aBarRedrawnInPlaceOnATerminalUnlessNone() throws {
        let dir = scratchFolder("progress-tty"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let render = "\(holoframeBinary) render demo --frames 0-9 --scale 0.25 --force --out \(dir)"
        guard let bar = try onATerminal(render) else { return }   // no `script`: nothing to drive a terminal with
        // Redrawn in place: carriage return, the line, erase to its end; cleared before the summary.
        #expect(bar.contains("\rrender demo "), "\(bar.debugDescription)")
        #expect(bar.contains("10/10  ") && bar.contains(" fps  ") && bar.contains(" left") && bar.contains("\u{1B}[K"))
        #expect(bar.contains("slowest frames: "))
        let none = try onATerminal(render + " --progress none") ?? ""
        #expect(!none.contains("\u{1B}[K") && !none.contains("slowest") && none.contains("wrote 10 frames"), "\(none.debugDescription)")
    }
}

@Suite(.serialized) struct VideoCLITests {
    @Test(arguments: [["--resume"], ["--shard", "1/2"], ["--contact-sheet", "/tmp/holoframe-video-refused-sheet.png"], ["--format", "raw"]])
    func videoIsRefusedWithOptionsItCannotHonour(_ extra: [String]) throws {
        let dir = scratchFolder("video-refused"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe(["render", "demo", "--scale", "0.25", "--video", "\(dir)/demo.mp4"] + extra)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--video") && run.stderr.contains(extra[0]), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func anUnknownExtensionNamesTheFormats() throws {
        let run = try holoframe("render", "demo", "--video", "demo.avi")
        #expect(run.status == 2)
        #expect(run.stderr.contains(".mp4, .mov, .webm, .gif, .apng"), "\(run.stderr)")
    }

    @Test func withoutFFmpegItStopsBeforeAnyWorkNamingThePackage() throws {
        let dir = scratchFolder("video-noffmpeg"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe(environment: ["PATH": "/nonexistent"], "render", "demo", "--video", "\(dir)/demo.mp4", "--out", "\(dir)/frames")
        #expect(run.status == 2)
        #expect(run.stderr.contains("apt-get install ffmpeg") && run.stderr.contains("--ffmpeg PATH"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)   // no frames, no video
        let explicit = try holoframe("render", "demo", "--video", "\(dir)/demo.mp4", "--ffmpeg", "\(dir)/no-such-ffmpeg")
        #expect(explicit.status == 2 && explicit.stderr.contains("no-such-ffmpeg") && explicit.stderr.contains("ffmpeg package"))
    }

    @Test func aFailingFFmpegLeavesNoFileAndSaysSo() throws {
        let dir = scratchFolder("video-fails"); defer { try? FileManager.default.removeItem(atPath: dir) }
        // An "ffmpeg" that starts its output file (the last argument), reads a little, complains and
        // fails: the render must not wait forever on the pipe, and must remove the half file.
        let fake = "\(dir)/ffmpeg"
        try "#!/bin/sh\neval out=\\${$#}\necho half > \"$out\"\nhead -c 1000 >/dev/null\necho 'Unknown encoder libx264' >&2\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let run = try holoframe("render", "demo", "--frames", "0-9", "--scale", "0.25", "--video", "\(dir)/demo.mp4", "--ffmpeg", fake)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("ffmpeg") && run.stderr.contains("Unknown encoder libx264") && run.stderr.contains("no video was written"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["ffmpeg"])   // no video, no partial file
    }

    @Test func videoAloneOrBesideThePNGs() throws {
        guard onPath("ffmpeg") != nil else { return }   // .ci/run installs it and checks the videos (Tests/Scripts/check_video.sh)
        let dir = scratchFolder("video-apng"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let alone = try holoframe("render", "demo", "--frames", "0-3", "--scale", "0.125", "--video", "\(dir)/demo.apng")
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stderr.contains("wrote \(dir)/demo.apng (4 frames, 49×106)"), "\(alone.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["demo.apng"])   // only the video
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/demo.apng"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.range(of: Data("acTL".utf8)) != nil)   // an animated PNG
        let again = try holoframe("render", "demo", "--frames", "0-3", "--scale", "0.125", "--video", "\(dir)/demo.apng")
        #expect(again.status == 2 && again.stderr.contains("--force"))   // not replaced without --force
        let both = try holoframe("render", "demo", "--frames", "0-3", "--scale", "0.125", "--video", "\(dir)/demo.apng",
                                 "--out", "\(dir)/frames", "--force")
        #expect(both.status == 0, "\(both.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/frames").filter { $0.hasSuffix(".png") }.count == 4)
    }
}

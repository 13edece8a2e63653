// Tests that run the built `holoframe` binary as a user would, asserting on output, files and
// exit status (0 ok, 1 failure, 2 usage error).

import Foundation
import Testing
import HoloPNG

/// The built binary: beside the test bundle in .build/<configuration>/.
let holoframeBinary: String = {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("holoframe").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/holoframe").path
}()

struct Run { var status: Int32; var stdout: String; var stderr: String; var stdoutData: Data }

func holoframe(_ arguments: String..., in directory: String? = nil) throws -> Run {
    try holoframe(arguments, in: directory)
}

func holoframe(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: holoframeBinary)
    process.arguments = arguments
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes concurrently so a full pipe never blocks the child.
    nonisolated(unsafe) var errData = Data()
    let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
    errReader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // isFinished, not isExecuting: a reader not yet started is not executing either (issue 30: stderr read as empty under load).
    while !errReader.isFinished { usleep(1000) }
    return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
               stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
}

func scratchFolder(_ tag: String) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("holoframe-cli-\(getpid())-\(tag)-\(UInt32.random(in: 0...UInt32.max))").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite(.serialized) struct CLITests {
    @Test func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: holoframeBinary), "no binary at \(holoframeBinary)")
    }

    @Test func listNamesEachClipFirst() throws {
        let run = try holoframe("list")
        #expect(run.status == 0)
        let names = run.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names.contains("demo"))
    }

    @Test func renderWritesNumberedFramesOfTheRightSize() throws {
        let dir = scratchFolder("render"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("render", "demo", "--frames", "0-2", "--device", "iphone-se", "--scale", "1", "--out", "\(dir)/frames")
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/frames").sorted()
        // The frames, and the render record --resume checks (what the frames are of).
        #expect(files == [".holoframe-render.json", "frame-00000.png", "frame-00001.png", "frame-00002.png"])
        let frame = try PNG.read(contentsOf: "\(dir)/frames/frame-00002.png")
        #expect(frame.width == 375 && frame.height == 667)
    }

    @Test func durationAndFpsChooseTheFrames() throws {
        let dir = scratchFolder("duration"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("render", "demo", "--duration", "0.5", "--fps", "10", "--scale", "0.25", "--out", dir)
        #expect(run.status == 0, "\(run.stderr)")
        // round(0.5 · 10) = 5 frames, t = 0 … 0.4: the end is exclusive, as video tools count.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("frame-") }.count == 5)
    }

    @Test func unwritableOutputIsAClearFailure() throws {
        let run = try holoframe("render", "demo", "--frames", "0", "--scale", "0.25", "--out", "/proc/holoframe-cannot-be-here")
        #expect(run.status == 1)
        #expect(run.stderr.contains("/proc/holoframe-cannot-be-here"))
        #expect(!run.stderr.contains("Backtrac"))
    }

    @Test(arguments: [["--frames", "5-2"], ["--fps", "0"], ["--fps", "10000"], ["--scale", "-1"], ["--device", "nokia-3310"],
                      ["--duration", "0"], ["--frames", "1", "--duration", "2"]])
    func badOptionsAreUsageErrors(_ options: [String]) throws {
        let process = try holoframe(["render", "demo"] + options)
        #expect(process.status == 2, "\(options): \(process.stderr)")
        #expect(process.stderr.contains("Error:"))
    }

    @Test func unknownClipIsAUsageErrorThatListsTheClips() throws {
        let run = try holoframe("render", "no-such-clip")
        #expect(run.status == 2)
        #expect(run.stderr.contains("demo"))
    }

    @Test func badClipFileNamesTheFieldPath() throws {
        let dir = scratchFolder("clipfile"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = "\(dir)/bad.json"
        try #"{"design": "demo", "fps": "sixty"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try holoframe("render", path, "--out", "\(dir)/out")
        #expect(run.status == 2)
        #expect(run.stderr.contains("bad.json") && run.stderr.contains("fps"))
    }

    @Test func simulatePrintsOneJSONObjectPerFrame() throws {
        let run = try holoframe("simulate", "demo", "--frames", "0-3")
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        for (i, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["frame"] as? Int == i)
        }
    }

    /// `--frames` takes lists as `golden record` does: ascending, repeats dropped.
    @Test func simulateAndRenderTakeFrameLists() throws {
        let run = try holoframe("simulate", "demo", "--frames", "30-31,5,0,5")
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try run.stdout.split(separator: "\n").map {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["frame"] as? Int
        }
        #expect(frames == [0, 5, 30, 31])
        let dir = scratchFolder("list"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let render = try holoframe("render", "demo", "--frames", "0,150,239", "--scale", "0.25", "--out", dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.sorted()
                == ["frame-00000.png", "frame-00150.png", "frame-00239.png"])
        let bad = try holoframe("render", "demo", "--frames", "0,x", "--scale", "0.25", "--out", dir)
        #expect(bad.status == 2)
    }

    @Test func rawFormatWritesWidthTimesHeightTimesFourBytesPerFrame() throws {
        let run = try holoframe("render", "demo", "--frames", "3-5", "--scale", "0.25", "--format", "raw")
        #expect(run.status == 0)
        let w = Int((390 * 0.25).rounded()), h = Int((844 * 0.25).rounded())
        #expect(run.stdoutData.count == 3 * w * h * 4)
    }

    /// Both profiles decode to the same pixels; small files are smaller; the still (one frame,
    /// striped over threads) is the same picture on 1 and 2 threads; a bad profile is a usage error.
    @Test func pngProfilesDecodeToTheSamePixels() throws {
        let dir = scratchFolder("profiles"); defer { try? FileManager.default.removeItem(atPath: dir) }
        for (profile, threads) in [("fast", "1"), ("fast", "2"), ("small", "1")] {
            let run = try holoframe("render", "titles", "--frames", "40", "--scale", "1", "--png", profile,
                                    "--threads", threads, "--out", "\(dir)/\(profile)-\(threads)")
            #expect(run.status == 0, "\(run.stderr)")
        }
        let fast = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/fast-1/frame-00040.png"))
        let small = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/small-1/frame-00040.png"))
        // The same bytes from the still striped over 2 threads, in another process.
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/fast-2/frame-00040.png")) == fast)
        #expect(small.count < fast.count)
        #expect(try PNG.decode(Array(fast)) == PNG.decode(Array(small)))
        let bad = try holoframe("render", "demo", "--png", "tiny")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("fast") && bad.stderr.contains("small"), "\(bad.stderr)")
    }

    @Test func contactSheetIsOnePNG() throws {
        let dir = scratchFolder("sheet"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("render", "demo", "--scale", "0.25", "--contact-sheet", "\(dir)/sheet.png", "--sheet-frames", "4", "--sheet-columns", "2")
        #expect(run.status == 0, "\(run.stderr)")
        let sheet = try PNG.read(contentsOf: "\(dir)/sheet.png")
        #expect(sheet.width > 2 * 98 && sheet.height > 2 * 211)
    }

    @Test func goldenVerifyExitCodes() throws {
        let dir = scratchFolder("golden"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let record = try holoframe("golden", "record", "demo", "--frames", "0,20", "--scale", "0.25", "--golden", dir)
        #expect(record.status == 0, "\(record.stderr)")
        let pass = try holoframe("golden", "verify", "--golden", dir, "--artifacts", "\(dir)/artifacts")
        #expect(pass.status == 0, "\(pass.stdout)")
        #expect(pass.stdout.contains("2 passed, 0 failed"))

        // Change one pixel of one golden: verify must fail and leave artifacts.
        let path = "\(dir)/demo/00020-iphone-12@0.25x.png"
        var canvas = try PNG.read(contentsOf: path)
        var p = canvas[10, 60]; p.r = p.r &+ 9; canvas[10, 60] = p
        try PNG.write(canvas, to: path)
        let fail = try holoframe("golden", "verify", "--golden", dir, "--artifacts", "\(dir)/artifacts")
        #expect(fail.status == 1)
        #expect(fail.stdout.contains("1 passed, 1 failed"))
        #expect(FileManager.default.fileExists(atPath: "\(dir)/artifacts/demo/00020-iphone-12@0.25x-diff.png"))
    }

    @Test func benchExitsNonZeroWhenTheBudgetIsAbsurd() throws {
        let ok = try holoframe("bench", "demo", "--frames", "0-2", "--scale", "0.25", "--repeats", "1", "--budget-ms", "100000")
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.split(separator: "\n").filter { $0.hasPrefix("      ") || $0.range(of: #"^\s+\d+\s"#, options: .regularExpression) != nil }.count == 3)
        let over = try holoframe("bench", "demo", "--frames", "0-2", "--scale", "0.25", "--repeats", "1", "--budget-ms", "0.000001")
        #expect(over.status == 1)
        #expect(over.stdout.contains("3 frames over"))
    }
}

@Suite(.serialized) struct InterruptionTests {
    /// A render stopped by SIGINT leaves only complete PNGs, and --resume then completes the
    /// clip with frames identical to an uninterrupted render's, pixel for pixel.
    @Test func sigintThenResumeEqualsAnUninterruptedRender() throws {
        let dir = scratchFolder("interrupt"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["render", "demo", "--frames", "0-40", "--scale", "1", "--threads", "1"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: holoframeBinary)
        process.arguments = args + ["--out", "\(dir)/a"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while ((try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/a"))?.filter { $0.hasPrefix("frame-") }.count ?? 0) < 3,
              Date() < deadline, process.isRunning { usleep(20_000) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let partial = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/a").filter { $0 != ".holoframe-render.json" }
        #expect(partial.count >= 3 && partial.count < 41, "\(partial.count) files")
        #expect(!partial.contains { $0.hasPrefix(".") }, "a temporary file was left behind")
        for name in partial { _ = try PNG.read(contentsOf: "\(dir)/a/\(name)") }

        let refused = try holoframe(args + ["--out", "\(dir)/a"])
        #expect(refused.status == 2 && refused.stderr.contains("--resume"))
        let resumed = try holoframe(args + ["--out", "\(dir)/a", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let full = try holoframe(args + ["--out", "\(dir)/b"])
        #expect(full.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/b").sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/a").sorted() == names)
        for name in names {  // every file, PNGs included, byte for byte
            #expect(FileManager.default.contentsEqual(atPath: "\(dir)/a/\(name)", andPath: "\(dir)/b/\(name)"), "\(name) differs")
        }
    }

    @Test func capsAreUsageErrors() throws {
        let run = try holoframe(["render", "demo", "--frames", "0", "--max-pixels", "1000"])
        #expect(run.status == 2 && run.stderr.contains("--max-pixels"))
    }
}

@Suite struct OutputErrorTests {
    /// A full device (/dev/full: every write fails with ENOSPC) is a clear failure, exit 1.
    @Test func fullDiskIsAClearFailure() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: holoframeBinary)
        process.arguments = ["render", "demo", "--frames", "0-2", "--scale", "0.25", "--format", "raw"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("No space left on device"), "\(message)")
    }

    @Test func missingFontFileIsAUsageError() throws {
        let run = try holoframe(["render", "demo", "--frames", "0", "--font", "/nonexistent/Font.ttf"])
        #expect(run.status == 2 && run.stderr.contains("/nonexistent/Font.ttf"))
    }
}

/// `render --show-damage` (issue 28): the rows a frame redrew are tinted, the rest is the picture.
@Suite struct ShowDamageCLITests {
    @Test func damagedRowsAreTintedAndTheRestIsThePicture() throws {
        let dir = scratchFolder("damage"); defer { try? FileManager.default.removeItem(atPath: dir) }
        for (folder, extra) in [("plain", [String]()), ("damage", ["--show-damage"])] {
            let run = try holoframe(["render", "celebration", "--frames", "24-27", "--scale", "0.25", "--threads", "1",
                                                "--out", "\(dir)/\(folder)"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
        }
        func rows(_ folder: String, _ frame: Int) throws -> (width: Int, rows: [[UInt32]]) {
            let c = try PNG.decode(Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(folder)/frame-000\(frame).png"))))
            return (c.width, (0..<c.height).map { y in Array(c.words[(y * c.width)..<((y + 1) * c.width)]) })
        }
        // The run's first frame is drawn whole: every row tinted.
        let first = try rows("plain", 24), firstTinted = try rows("damage", 24)
        #expect(zip(first.rows, firstTinted.rows).allSatisfy { $0 != $1 })
        // A later frame: some rows tinted (what changed), the others exactly the picture.
        let later = try rows("plain", 26), laterTinted = try rows("damage", 26)
        let same = zip(later.rows, laterTinted.rows).filter { $0 == $1 }.count
        #expect(same > 0 && same < later.rows.count, "\(same) of \(later.rows.count) rows untinted")
        let refused = try holoframe("render", "demo", "--show-damage", "--reference", "--frames", "0")
        #expect(refused.status == 2 && refused.stderr.contains("--show-damage"), "\(refused.stderr)")
    }
}

@Suite struct VersionCLITests {
    /// `--version` prints the library's constant (the CLI must not carry a copy of its own).
    @Test func versionPrintsThePackageVersion() throws {
        let run = try holoframe("--version")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == versionInSource())
    }
}

/// The version string as written in Sources/HoloExport/Version.swift.
func versionInSource() -> String {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HoloExport/Version.swift").path
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    guard let line = text.split(separator: "\n").first(where: { $0.contains("static let current") }),
          let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { return "(not found)" }
    return String(line[line.index(after: open)..<close])
}

@Suite(.serialized) struct FrameCountCLITests {
    func frameFiles(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("frame-") }.sorted()
    }

    /// A 1-second clip at 24 fps is 24 frames, 0-23, as Remotion, ffmpeg and editors count it.
    @Test func oneSecondAt24FpsIs24Frames() throws {
        let dir = scratchFolder("fps24"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("render", "demo", "--fps", "24", "--duration", "1", "--scale", "0.1", "--out", dir)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try frameFiles(dir)
        #expect(files.count == 24)
        #expect(files.last == "frame-00023.png")
    }

    /// Past the last frame is a usage error naming the clip's range; --hold-last takes it and
    /// repeats the last picture.
    @Test func framesPastTheEndAreRefusedUnlessHoldLast() throws {
        let dir = scratchFolder("past"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try holoframe("render", "demo", "--frames", "0-400", "--scale", "0.1", "--out", "\(dir)/refused")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("frames 0-239"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/refused/frame-00000.png"))
        let simulate = try holoframe("simulate", "demo", "--frames", "240")
        #expect(simulate.status == 2 && simulate.stderr.contains("frames 0-239"))

        // A 1-second demo ends mid-scroll, so a held frame differs from the one before the last.
        let clip = "\(dir)/short.json"
        try Data(#"{"design": "demo", "duration": 1}"#.utf8).write(to: URL(fileURLWithPath: clip))
        let held = try holoframe("render", clip, "--frames", "58-61", "--hold-last", "--scale", "0.1", "--out", "\(dir)/held")
        #expect(held.status == 0, "\(held.stderr)")
        #expect(try frameFiles("\(dir)/held") == ["frame-00058.png", "frame-00059.png", "frame-00060.png", "frame-00061.png"])
        let last = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/held/frame-00059.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/held/frame-00061.png")) == last)
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/held/frame-00058.png")) != last)
        // The held frame keeps its own number and shows the last frame's time.
        let state = try holoframe("simulate", clip, "--frames", "61", "--hold-last")
        #expect(state.stdout.hasPrefix("{\"frame\":61,\"time\":0.983333,"), "\(state.stdout)")
    }

    /// 29.97 is 30000/1001 in the render record and the state lines; 10 s of it is 300 frames.
    @Test func fractionalRatesAreExactFractions() throws {
        let dir = scratchFolder("ntsc"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("render", "demo", "--fps", "29.97", "--duration", "0.2", "--scale", "0.1",
                                "--out", "\(dir)/f", "--state", "\(dir)/state.jsonl")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try frameFiles("\(dir)/f").count == 6)  // round(0.2 · 29.97) = round(5.994)
        let record = try String(contentsOfFile: "\(dir)/f/.holoframe-render.json", encoding: .utf8)
        #expect(record.contains("\"rate\":\"30000/1001\""), "\(record)")
        let state = try String(contentsOfFile: "\(dir)/state.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(state.count == 6 && state.allSatisfy { $0.contains("\"rate\":\"30000/1001\"") })
        // Frame 1 is at 1001/30000 s.
        #expect(state[1].hasPrefix("{\"frame\":1,\"time\":0.033367,"), "\(state[1])")

        let fraction = try holoframe("simulate", "demo", "--fps", "30000/1001", "--frames", "1")
        #expect(fraction.status == 0 && fraction.stdout == String(state[1]) + "\n")
        let bad = try holoframe("simulate", "demo", "--fps", "29.97.1", "--frames", "1")
        #expect(bad.status == 2)
    }

    /// A golden of a frame past the clip's end (demo has frames 0-239) fails verify and says so;
    /// recording one is refused.
    @Test func goldensPastTheEndAreNoted() throws {
        let dir = scratchFolder("golden-past"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/Golden/demo", withIntermediateDirectories: true)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(atPath: repository.appendingPathComponent("Golden/demo/00000-iphone-12@1x.png").path,
                                         toPath: "\(dir)/Golden/demo/00240-iphone-12@1x.png")
        let verify = try holoframe("golden", "verify", "--golden", "\(dir)/Golden", in: dir)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("frame 240 is past the end of the clip, which has frames 0-239"), "\(verify.stdout)")
        let record = try holoframe("golden", "record", "demo", "--frames", "240", "--golden", "\(dir)/Golden", in: dir)
        #expect(record.status == 2 && record.stderr.contains("frames 0-239"), "\(record.stderr)")
    }

    @Test func helpSaysHowFramesAreCounted() throws {
        let run = try holoframe("render", "--help")
        #expect(run.stdout.contains("round(d·f) frames"), "\(run.stdout)")
    }
}

/// `--format raw` to a terminal is refused (as gzip refuses), unless --force; to a pipe it runs.
@Suite struct RawToTerminalCLITests {
    @Test func rawFramesAreNotWrittenToATerminal() throws {
        // script(1) gives the child a pseudo-terminal as its standard output.
        let command = "'\(holoframeBinary)' render demo --format raw --frames 0 --scale 0.1"
        let refused = try Process.run(URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"])
        refused.waitUntilExit()
        #expect(refused.terminationStatus == 2)
        let forced = try Process.run(URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command + " --force", "/dev/null"])
        forced.waitUntilExit()
        #expect(forced.terminationStatus == 0)
        let piped = try holoframe("render", "demo", "--format", "raw", "--frames", "0", "--scale", "0.1")
        #expect(piped.status == 0 && !piped.stdoutData.isEmpty, "\(piped.stderr)")
    }
}

/// Starts `holoframe arguments` (a render writing into `out`) and returns once it has claimed its
/// frames (it is drawing) or 30 s passed, with the pipe its stderr goes to.
func startedRender(_ arguments: [String], out: String) throws -> (process: Process, stderr: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: holoframeBinary)
    process.arguments = arguments
    let err = Pipe()
    process.standardError = err
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    while ((try? FileManager.default.contentsOfDirectory(atPath: out))?.contains { $0.hasPrefix(".holoframe-claim") } != true),
          Date() < deadline, process.isRunning { usleep(10_000) }
    return (process, err)
}

// Issue 17, run as a careless or hostile user would: one test per class, each on small inputs that
// trigger the check (never the huge allocation itself). Exit status: 0 ok, 1 failure, 2 usage
// error, 141 a closed standard output.

import Foundation
import Testing
import HoloPNG

/// Runs the binary with standard output going to `stdout` (a closed pipe, /dev/full, …).
func holoframe(_ arguments: [String], stdout: FileHandle) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: holoframeBinary)
    process.arguments = arguments
    process.standardOutput = stdout
    let err = Pipe()
    process.standardError = err
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

private func write(_ text: String, to path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

private func customClip(_ node: String, duration: Double = 0.1) -> String {
    #"{"design": "custom", "duration": \#(duration), "scene": {"type": "group", "children": [\#(node)]}}"#
}

@Suite(.serialized) struct HardeningCLITests {
    // Class 1: no file replaced without --force; never a device, a FIFO, a link, or an input.
    @Test func outputsAreNotReplacedWithoutForceAndNeverDevicesLinksOrInputs() throws {
        let dir = scratchFolder("clobber"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let state = "\(dir)/state.jsonl"
        try write("keep me\n", to: state)
        let base = ["render", "demo", "--frames", "0-1", "--scale", "0.1"]
        let refused = try holoframe(base + ["--out", "\(dir)/a", "--state", state])
        #expect(refused.status == 2 && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: state, encoding: .utf8) == "keep me\n")
        let forced = try holoframe(base + ["--out", "\(dir)/b", "--state", state, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: state, encoding: .utf8).split(separator: "\n").count == 2)

        let device = try holoframe(base + ["--out", "\(dir)/c", "--state", "/dev/full", "--force"])
        #expect(device.status == 2 && device.stderr.contains("character device"), "\(device.stderr)")
        #expect(mkfifo("\(dir)/fifo", 0o644) == 0)
        let fifo = try holoframe(["render", "demo", "--frames", "0-1", "--scale", "0.1", "--contact-sheet", "\(dir)/fifo", "--force"])
        #expect(fifo.status == 2 && fifo.stderr.contains("FIFO"), "\(fifo.stderr)")
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/link.jsonl", withDestinationPath: state)
        let link = try holoframe(base + ["--out", "\(dir)/d", "--state", "\(dir)/link.jsonl", "--force"])
        #expect(link.status == 2 && link.stderr.contains("symbolic link"), "\(link.stderr)")

        // The clip file is an input of the run: not even --force replaces it (another spelling of the path too).
        let clip = "\(dir)/clip.json"
        try write(#"{"design": "demo", "duration": 0.1}"#, to: clip)
        let input = try holoframe(["render", clip, "--scale", "0.1", "--out", "\(dir)/e", "--state", "\(dir)/./clip.json", "--force"])
        #expect(input.status == 2 && input.stderr.contains("input of this run"), "\(input.stderr)")
        #expect(try String(contentsOfFile: clip, encoding: .utf8).contains("demo"))

        // --force over frame files replaces regular files only.
        try FileManager.default.createDirectory(atPath: "\(dir)/f", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/f/frame-00000.png", withDestinationPath: state)
        let frameLink = try holoframe(base + ["--out", "\(dir)/f", "--force"])
        #expect(frameLink.status == 2 && frameLink.stderr.contains("symbolic link"), "\(frameLink.stderr)")
    }

    @Test func benchJsonNeedsForceAndNeverReplacesItsBaseline() throws {
        let dir = scratchFolder("benchjson"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let bench = ["bench", "demo", "--frames", "0-1", "--scale", "0.1", "--repeats", "1", "--quiet", "--budget-ms", "100000"]
        #expect(try holoframe(bench + ["--json", "\(dir)/b.json"]).status == 0)
        let again = try holoframe(bench + ["--json", "\(dir)/b.json"])
        #expect(again.status == 2 && again.stderr.contains("--force"), "\(again.stderr)")
        #expect(try holoframe(bench + ["--json", "\(dir)/b.json", "--force"]).status == 0)
        let same = try holoframe(bench + ["--json", "\(dir)/b.json", "--baseline", "\(dir)/b.json", "--force"])
        #expect(same.status == 2 && same.stderr.contains("input of this run"), "\(same.stderr)")
    }

    // Class 6: a closed pipe ends quietly (141, as SIGPIPE would); a full disk is a message and 1.
    @Test func closedPipeEndsQuietlyAndFullDiskIsAFailure() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let closed = try holoframe(["simulate", "titles", "--fps", "240", "--duration", "10"], stdout: pipe.fileHandleForWriting)
        #expect(closed.status == 141, "\(closed.stderr)")
        #expect(closed.stderr.isEmpty, "\(closed.stderr)")
        let full = try holoframe(["simulate", "demo", "--frames", "0-5"], stdout: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))
        #expect(full.status == 1 && full.stderr.contains("No space left on device"), "\(full.stderr)")
        let list = try holoframe(["list"], stdout: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))
        #expect(list.status == 1, "\(list.stderr)")
    }

    // Class 2: extreme numbers are refused at load or clamped per frame; never a signal.
    @Test func extremeNumbersAreRefusedOrClampedNeverACrash() throws {
        let dir = scratchFolder("extreme"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let rect = #"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}, "fill": {"r": 1, "g": 0, "b": 0}"#
        let refusedAtLoad = [
            "blur": customClip(rect + #", "blur": 1e9}"#),
            "font": customClip(#"{"type": "text", "string": "A", "fontSize": 3000}"#),
            "text": customClip(#"{"type": "text", "string": "A", "x": 1e19}"#),
            "expression": customClip(#"{"type": "rect", "frame": {"x": 0, "y": 0, "width": ""# +
                                     Array(repeating: "time", count: 100_000).joined(separator: "+") + #"", "height": 5}, "fill": {"r": 0, "g": 0, "b": 0}}"#),
            "fling": #"{"design": "demo", "scroll": {"contentHeight": 3000, "events": [{"type": "down", "time": 0, "y": 500}, {"type": "up", "time": 0.1, "velocity": 1e300}]}}"#,
        ]
        for (name, text) in refusedAtLoad {
            try write(text, to: "\(dir)/\(name).json")
            let run = try holoframe(["render", "\(dir)/\(name).json", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/o-\(name)"])
            #expect(run.status == 2, "\(name): \(run.stderr)")
            #expect(run.stderr.count < 800, "\(name): the message echoes the input")
        }
        // Computed per frame: clamped to the scene's limits, and the frame renders.
        try write(customClip(rect + #", "blur": "1e9 * (time + 1)", "shadow": {"radius": "1e9 * (time + 1)", "x": "time * 1e9"}}, "# +
                             #"{"type": "text", "string": "A", "fontSize": "3000 + time", "x": "1e19 * (time + 1)", "y": 20}"#), to: "\(dir)/computed.json")
        let computed = try holoframe(["render", "\(dir)/computed.json", "--frames", "0-1", "--scale", "0.05", "--out", "\(dir)/o-computed"])
        #expect(computed.status == 0, "\(computed.stderr)")
    }

    // Class 3: golden names and tolerances.
    @Test func badGoldenNamesAndManifestsFailWithAReason() throws {
        let dir = scratchFolder("goldens"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/demo", withIntermediateDirectories: true)
        for name in ["00001-iphone-12@1e308x.png", "00001-iphone-12@nanx.png", "00001-iphone-12@200x.png"] {
            _ = FileManager.default.createFile(atPath: "\(dir)/demo/\(name)", contents: Data())
        }
        let run = try holoframe("golden", "verify", "--golden", dir)
        #expect(run.status == 1)
        #expect(run.stdout.contains("0 passed, 3 failed"), "\(run.stdout)")
        #expect(run.stdout.contains("scale must be more than 0 and at most 4"))

        for name in ["00001-iphone-12@1e308x.png", "00001-iphone-12@nanx.png", "00001-iphone-12@200x.png"] {
            try FileManager.default.removeItem(atPath: "\(dir)/demo/\(name)")
        }
        #expect(try holoframe("golden", "record", "demo", "--frames", "0", "--scale", "0.1", "--golden", dir).status == 0)
        try write(#"{"00000-iphone-12@0.1x.png": {"maxChannelDelta": 2, "reason": "flat form"}}"#, to: "\(dir)/demo/tolerances.json")
        let flat = try holoframe("golden", "verify", "--golden", dir)
        #expect(flat.status == 1 && flat.stdout.contains(#"{"tolerance": {"maxChannelDelta": 2}"#), "\(flat.stdout)")
        let capped = try holoframe("golden", "verify", "--golden", dir, "--max-pixels", "100")
        #expect(capped.status == 1 && capped.stdout.contains("--max-pixels"), "\(capped.stdout)")
    }

    // Class 4: inputs are regular files within --max-input; surfaces within --max-pixels and --max-memory.
    @Test func resourcePolicyRefusesBeforeReadingOrAllocating() throws {
        let dir = scratchFolder("policy"); defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo("\(dir)/fifo.json", 0o644) == 0)
        let fifo = try holoframe(["render", "\(dir)/fifo.json", "--frames", "0"])
        #expect(fifo.status == 2 && fifo.stderr.contains("FIFO"), "\(fifo.stderr)")
        let font = try holoframe(["render", "demo", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/o", "--font", "\(dir)/fifo.json"])
        #expect(font.status == 2 && font.stderr.contains("FIFO"), "\(font.stderr)")

        try write(#"{"design": "demo", "duration": 0.1}"# + String(repeating: " ", count: 4000), to: "\(dir)/big.json")
        let big = try holoframe(["render", "\(dir)/big.json", "--scale", "0.1", "--out", "\(dir)/o2", "--max-input", "1000"])
        #expect(big.status == 2 && big.stderr.contains("--max-input"), "\(big.stderr)")

        let sheet = try holoframe(["render", "demo", "--frames", "0-3", "--scale", "0.1", "--contact-sheet", "\(dir)/s.png", "--max-pixels", "5000"])
        #expect(sheet.status == 2 && sheet.stderr.contains("contact sheet"), "\(sheet.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/s.png"))

        try write(customClip(#"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}, "fill": {"r": 1, "g": 0, "b": 0}, "blur": 100}"#), to: "\(dir)/blur.json")
        let memory = try holoframe(["render", "\(dir)/blur.json", "--frames", "0", "--scale", "1", "--out", "\(dir)/o3", "--max-memory", "4000000"])
        #expect(memory.status == 2 && memory.stderr.contains("--max-memory"), "\(memory.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/o3")) ?? []).filter { $0.hasPrefix("frame-") }.isEmpty)
    }

    // Class 5: image paths stay inside the clip's folder unless --allow-path.
    @Test func imagePathsAreConfinedToTheClipsFolder() throws {
        let dir = scratchFolder("confine"); defer { try? FileManager.default.removeItem(atPath: dir) }
        for folder in ["clip/images", "outside"] { try FileManager.default.createDirectory(atPath: "\(dir)/\(folder)", withIntermediateDirectories: true) }
        let badge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/images/badge.png").path
        try FileManager.default.copyItem(atPath: badge, toPath: "\(dir)/clip/images/ok.png")
        try FileManager.default.copyItem(atPath: badge, toPath: "\(dir)/outside/x.png")
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/clip/images/out.png", withDestinationPath: "\(dir)/outside/x.png")
        func render(_ path: String, _ extra: [String] = []) throws -> Run {
            try write(customClip(#"{"type": "image", "path": "\#(path)"}"#), to: "\(dir)/clip/c.json")
            return try holoframe(["render", "\(dir)/clip/c.json", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/o-\(UInt32.random(in: 0...UInt32.max))"] + extra)
        }
        #expect(try render("images/ok.png").status == 0)
        for path in ["../outside/x.png", "\(dir)/outside/x.png", "images/out.png", "/proc/self/mem", "/dev/zero"] {
            let run = try render(path)
            #expect(run.status == 2 && run.stderr.contains("outside the clip's folder"), "\(path): \(run.stderr)")
        }
        #expect(try render("../outside/x.png", ["--allow-path", "\(dir)/outside"]).status == 0)
        let device = try render("/dev/zero", ["--allow-path", "/dev"])
        #expect(device.status == 2 && device.stderr.contains("not a regular file"), "\(device.stderr)")
    }

    // Class 10: unknown devices and folders in the golden folder are errors.
    @Test func goldenVerifyRefusesUnknownDevicesAndFolders() throws {
        let dir = scratchFolder("goldenfolders"); defer { try? FileManager.default.removeItem(atPath: dir) }
        for folder in ["demo", "not-a-clip"] { try FileManager.default.createDirectory(atPath: "\(dir)/\(folder)", withIntermediateDirectories: true) }
        _ = FileManager.default.createFile(atPath: "\(dir)/demo/00000-nokia-3310@1x.png", contents: Data())
        _ = FileManager.default.createFile(atPath: "\(dir)/not-a-clip/00000-iphone-12@1x.png", contents: Data())
        let run = try holoframe("golden", "verify", "--golden", dir)
        #expect(run.status == 1)
        #expect(run.stdout.contains("unknown device 'nokia-3310'"), "\(run.stdout)")
        #expect(run.stdout.contains("not-a-clip: not a built-in clip"), "\(run.stdout)")
        let missing = try holoframe("golden", "verify", "no-such-folder", "--golden", dir)
        #expect(missing.status == 1 && missing.stdout.contains("no goldens for no-such-folder"), "\(missing.stdout)")
    }

    // Class 11: a baseline of another clip or size is refused.
    @Test func benchRefusesABaselineThatDoesNotMatch() throws {
        let dir = scratchFolder("baseline"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let bench = ["bench", "--frames", "0-1", "--repeats", "1", "--quiet", "--budget-ms", "100000"]
        #expect(try holoframe(bench + ["demo", "--scale", "0.1", "--json", "\(dir)/b.json"]).status == 0)
        let otherClip = try holoframe(bench + ["waveform", "--scale", "0.1", "--baseline", "\(dir)/b.json"])
        #expect(otherClip.status == 2 && otherClip.stderr.contains("no run of waveform"), "\(otherClip.stderr)")
        let otherSize = try holoframe(bench + ["demo", "--scale", "0.2", "--baseline", "\(dir)/b.json"])
        #expect(otherSize.status == 2 && otherSize.stderr.contains("39×84"), "\(otherSize.stderr)")
        let matching = try holoframe(bench + ["demo", "--scale", "0.1", "--baseline", "\(dir)/b.json", "--threshold", "1000"])
        #expect(matching.status == 0, "\(matching.stderr)")
    }

    // Class 12: usage mistakes exit 2 with a short message that says what to do.
    @Test func usageMistakesExitTwoWithShortMessages() throws {
        let dir = scratchFolder("messages"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(#"{"design": "titles", "variant": {"page": "nope"}}"#, to: "\(dir)/variant.json")
        let variant = try holoframe(["render", "\(dir)/variant.json", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/o"])
        #expect(variant.status == 2, "\(variant.stderr)")
        try write(#"{"design": "demo", "variant": {"cards": 3}}"#, to: "\(dir)/demo-variant.json")
        let demoVariant = try holoframe(["render", "\(dir)/demo-variant.json", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/o1"])
        #expect(demoVariant.status == 2 && demoVariant.stderr.contains("no variants"), "\(demoVariant.stderr)")
        let empty = try holoframe(["render", "demo", "--frames", "0", "--scale", "0.001", "--out", "\(dir)/o2"])
        #expect(empty.status == 2 && empty.stderr.contains("empty"), "\(empty.stderr)")
        try write("not a font", to: "\(dir)/font.ttf")
        let font = try holoframe(["render", "demo", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/o3", "--font", "\(dir)/font.ttf"])
        #expect(font.status == 2 && font.stderr.contains("not a font") && !font.stderr.contains("FT_New_Face"), "\(font.stderr)")
        let shard = try holoframe(["render", "demo", "--scale", "0.1", "--contact-sheet", "\(dir)/s.png", "--shard", "1/2"])
        #expect(shard.status == 2 && shard.stderr.contains("--shard"), "\(shard.stderr)")
        _ = FileManager.default.createFile(atPath: "\(dir)/file", contents: Data())
        let notFolder = try holoframe(["render", "demo", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/file"])
        #expect(notFolder.status == 2 && notFolder.stderr.contains("not a folder"), "\(notFolder.stderr)")
        let huge = String(repeating: "x", count: 200_000)
        try write(#"{"design": "titles", "variant": {"\#(huge)": 1}}"#, to: "\(dir)/huge.json")
        let long = try holoframe(["render", "\(dir)/huge.json", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/o4"])
        #expect(long.status == 2 && long.stderr.count < 1_000, "\(long.stderr.count) characters")
    }

    // Class 7: --resume keeps only complete frames of this clip and settings.
    @Test func resumeKeepsOnlyCompleteFramesOfTheSameRender() throws {
        let dir = scratchFolder("resume"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["render", "demo", "--frames", "0-3", "--scale", "0.1", "--out", "\(dir)/f"]
        #expect(try holoframe(args).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/f/frame-00002.png"))
        try whole.prefix(60).write(to: URL(fileURLWithPath: "\(dir)/f/frame-00002.png"))  // truncated
        let resumed = try holoframe(args + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/f/frame-00002.png")) == whole)
        let other = try holoframe(["render", "demo", "--frames", "0-3", "--scale", "0.2", "--out", "\(dir)/f", "--resume"])
        #expect(other.status == 2 && other.stderr.contains("the size was 39×84 at scale 0.1, now 78×169"), "\(other.stderr)")
        try FileManager.default.removeItem(atPath: "\(dir)/f/frame-00001.png")
        try FileManager.default.createDirectory(atPath: "\(dir)/f/frame-00001.png", withIntermediateDirectories: false)
        let folder = try holoframe(args + ["--resume"])
        #expect(folder.status == 2 && folder.stderr.contains("is a folder"), "\(folder.stderr)")
    }

    // Classes 8 and 9: a second render of the same frames is refused while disjoint shards share the
    // folder; SIGINT stops a contact sheet without writing it; a killed run's temporaries go.
    @Test func concurrentRendersClaimTheirFramesAndSignalsStopContactSheets() throws {
        let dir = scratchFolder("claims"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = Process()
        first.executableURL = URL(fileURLWithPath: holoframeBinary)
        first.arguments = ["render", "demo", "--frames", "0-59", "--scale", "1", "--threads", "1", "--out", "\(dir)/f"]
        first.standardError = FileHandle.nullDevice
        try first.run()
        let deadline = Date().addingTimeInterval(60)
        while ((try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/f"))?.filter { $0.hasPrefix("frame-") }.count ?? 0) < 1,
              Date() < deadline, first.isRunning { usleep(20_000) }
        let second = try holoframe(["render", "demo", "--frames", "50-52", "--scale", "1", "--out", "\(dir)/f", "--force"])
        let shard = try holoframe(["render", "demo", "--frames", "60-61", "--scale", "1", "--out", "\(dir)/f"])
        let stillRunning = first.isRunning
        kill(first.processIdentifier, SIGINT)
        first.waitUntilExit()
        if stillRunning {
            #expect(second.status == 2 && second.stderr.contains("another render"), "\(second.stderr)")
        }
        #expect(shard.status == 0, "\(shard.stderr)")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/f")).contains { $0.hasPrefix(".holoframe-claim") })

        let sheet = Process()
        sheet.executableURL = URL(fileURLWithPath: holoframeBinary)
        // Slow enough to be still drawing 1.5 s in on a release build too (the reference renderer:
        // 3.2 s there; the fast renderer at 0.5x finished before the signal).
        sheet.arguments = ["render", "demo", "--scale", "1", "--reference", "--max-pixels", "40000000", "--contact-sheet", "\(dir)/sheet.png", "--sheet-frames", "100", "--sheet-columns", "10"]
        let err = Pipe()
        sheet.standardError = err
        try sheet.run()
        usleep(1_500_000)
        kill(sheet.processIdentifier, SIGINT)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sheet.waitUntilExit()
        #expect(sheet.terminationStatus == 130, "\(message)")
        #expect(message.contains("contact sheet was not written"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/sheet.png"))

        // A temporary a killed run left on this host is removed by the next run; another host's is kept.
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        let me = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        _ = FileManager.default.createFile(atPath: "\(dir)/.s.jsonl.tmp-\(me)-\(Int32.max - 1)-state", contents: Data())
        _ = FileManager.default.createFile(atPath: "\(dir)/.s.jsonl.tmp-elsewhere-12-state", contents: Data())
        #expect(try holoframe(["render", "demo", "--frames", "0", "--scale", "0.1", "--out", "\(dir)/g", "--state", "\(dir)/s.jsonl"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/.s.jsonl.tmp-\(me)-\(Int32.max - 1)-state"))
        #expect(FileManager.default.fileExists(atPath: "\(dir)/.s.jsonl.tmp-elsewhere-12-state"))
    }
}

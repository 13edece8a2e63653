// Issue 30 through the binary: --resume refuses frames of a changed shader, naming it; text from a
// clip file reaches the terminal escaped; --state may not name one of the render's own files; a
// message about deep nesting keeps its reason however long the path.

import Foundation
import Testing

/// The package's root folder (examples/ is in it).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

@Suite(.serialized) struct OutputFolderCLITests {
    private func shaderClip(in dir: String) throws {
        try FileManager.default.copyItem(atPath: "\(packageRoot)/examples/ripple.metal", toPath: "\(dir)/ripple.metal")
        try FileManager.default.copyItem(atPath: "\(packageRoot)/examples/metal-shader.json", toPath: "\(dir)/shader.json")
    }

    @Test func resumeAfterAShaderChangedIsRefusedNamingIt() throws {
        let dir = scratchFolder("fingerprint"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try shaderClip(in: dir)
        let args = ["render", "\(dir)/shader.json", "--frames", "0-1", "--scale", "0.1", "--out", "\(dir)/f"]
        let first = try holoframe(args)
        #expect(first.status == 0, "\(first.stderr)")
        let same = try holoframe(args + ["--resume"])
        #expect(same.status == 0, "\(same.stderr)")
        // The shader changes (a comment is enough: its bytes are what the record holds).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(dir)/ripple.metal"))
        try handle.seekToEnd(); try handle.write(contentsOf: Data("\n// changed\n".utf8)); try handle.close()
        let changed = try holoframe(args + ["--resume"])
        #expect(changed.status == 2, "\(changed.stderr)")
        #expect(changed.stderr.contains("the shader ripple.metal changed"), "\(changed.stderr)")
        // A shard into the same folder is refused too.
        let shard = try holoframe(["render", "\(dir)/shader.json", "--frames", "0-3", "--scale", "0.1", "--out", "\(dir)/f", "--shard", "2/2"])
        #expect(shard.status == 2 && shard.stderr.contains("--shard") && shard.stderr.contains("ripple.metal changed"), "\(shard.stderr)")
    }

    @Test func aControlCharacterInAClipStringPrintsEscaped() throws {
        let dir = scratchFolder("escape"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = #"{"design": "custom", "duration": 0.1, "scene": {"type": "group", "children": [{"type": "\u001b[2Jevil\u0007"}]}}"#
        try clip.write(toFile: "\(dir)/evil.json", atomically: true, encoding: .utf8)
        let run = try holoframe(["render", "\(dir)/evil.json", "--out", "\(dir)/f"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("evil"), "\(run.stderr)")
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(run.stderr.debugDescription)")
        #expect(run.stderr.contains(#"\u{1B}[2Jevil\u{7}"#), "\(run.stderr.debugDescription)")
        // The failed run leaves no output folder behind (it made none: the clip failed first).
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/f"))
    }

    @Test func stateMayNotNameOneOfTheRendersOwnFiles() throws {
        let dir = scratchFolder("own-files"); defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["frame-00001.png", ".holoframe-render.json"] {
            let run = try holoframe(["render", "demo", "--frames", "0-2", "--scale", "0.1", "--out", "\(dir)/f", "--state", "\(dir)/f/\(name)"])
            #expect(run.status == 2 && run.stderr.contains("one of the files the render writes"), "\(run.stderr)")
        }
        let fine = try holoframe(["render", "demo", "--frames", "0-2", "--scale", "0.1", "--out", "\(dir)/f", "--state", "\(dir)/f/state.jsonl"])
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test func aDeepNestingMessageKeepsItsReason() throws {
        let dir = scratchFolder("nesting"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let deep = #"{"design": "custom", "duration": 0.1, "scene": {"type": "group", "children": "# + String(repeating: "[", count: 600) + "]"
        try deep.write(toFile: "\(dir)/deep.json", atomically: true, encoding: .utf8)
        let run = try holoframe(["render", "\(dir)/deep.json", "--out", "\(dir)/f"])
        #expect(run.status == 2 && run.stderr.contains("nested deeper than 512 arrays and objects"), "\(run.stderr)")
    }
}

@Suite struct NonUTF8ArgumentTests {
    /// A path that is not UTF-8 is refused with its bytes escaped, not opened as a rewritten name.
    @Test func aPathThatIsNotUTF8PrintsEscaped() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // printf makes the byte 0xFF; the shell passes it through to holoframe unchanged.
        process.arguments = ["-c", "exec \"$0\" render \"$(printf 'clip\\377.json')\" 2>&1", holoframeBinary]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(text)")
        #expect(text.contains(#"clip\x{FF}.json"#) && text.contains("not UTF-8"), "\(text)")
    }
}

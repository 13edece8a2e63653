// One-character relative paths (issue 41): `--state s`, `--golden-dir G`, `bench --json j` and a
// clip file `c.json` beside a golden folder `G` used to die of SIGILL in Foundation's
// `NSString.deletingLastPathComponent` (exit 132). Every path is now split by HoloGeometry's
// PathSplit; each run here must finish with its own exit status and write what it was asked to.

import Foundation
import Testing

@Suite(.serialized) struct OneCharacterPathCLITests {
    static let clip = #"""
        {"design": "custom", "duration": 0.1, "scene": {"type": "group", "children": [
          {"type": "circle", "center": {"x": 195, "y": 300}, "radius": 120, "fill": "#FF9500"}]}}
        """#

    @Test func stateFileNamedS() throws {
        let dir = scratchFolder("one-char-state"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe(["render", "demo", "--frames", "0", "--scale", "0.25", "--state", "s", "--out", "o"], in: dir)
        #expect(run.status == 0, "\(run.stderr.prefix(400))")
        #expect(FileManager.default.fileExists(atPath: "\(dir)/s"))
    }

    @Test func goldenFolderNamedG() throws {
        let dir = scratchFolder("one-char-golden"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.clip.write(toFile: "\(dir)/c.json", atomically: true, encoding: .utf8)
        let record = try holoframe(["golden", "record", "c.json", "--frames", "0", "--scale", "0.25", "--golden-dir", "G"], in: dir)
        #expect(record.status == 0, "\(record.stderr.prefix(400))")
        let verify = try holoframe(["golden", "verify", "c.json", "--golden-dir", "G"], in: dir)
        #expect(verify.status == 0, "\(verify.stderr.prefix(400))")
        #expect(verify.stdout.contains("1 passed, 0 failed"), "\(verify.stdout)")
    }

    @Test func benchJSONNamedJ() throws {
        let dir = scratchFolder("one-char-bench"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe(["bench", "demo", "--frames", "0-1", "--scale", "0.25", "--json", "j"], in: dir)
        // 0 or 1 (a debug build may miss the frame budget); never a trap (132).
        #expect(run.status == 0 || run.status == 1, "exit \(run.status): \(run.stderr.prefix(400))")
        #expect(FileManager.default.fileExists(atPath: "\(dir)/j"))
    }
}

// The reference renderer stops as fast as the fast path (issue 41): SIGTERM during
// `render examples/metal-shader.json --frames 30 --reference` took 7.7 s to stop (the reference
// path did not poll its frame's watch); it now polls every row and between nodes. Seen before the
// fix with a debug build: SIGTERM 2 s or 6 s into the frame stopped it in 0.17 s (a polled part),
// 10 s in it had not stopped 10 minutes later; so the signal here comes 10 s into the frame.

import Foundation
import Testing

@Suite(.serialized) struct ReferenceStopCLITests {
    @Test func sigtermStopsAReferenceFrameInsideIt() throws {
        let dir = scratchFolder("reference-stop"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/metal-shader.json").path
        let (process, err) = try startedRender(["render", clip, "--frames", "30", "--reference", "--out", "\(dir)/out"], out: "\(dir)/out")
        usleep(10_000_000)  // well inside the frame (see the top)
        let start = Date()
        kill(process.processIdentifier, SIGTERM)
        // A bounded wait: SIGKILL after 20 s, so a hang fails the test instead of stopping the run.
        while process.isRunning && Date().timeIntervalSince(start) < 20 { usleep(5_000) }
        let seconds = Date().timeIntervalSince(start)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 143, "\(stderr)")
        // 0.5 s is the aim (measured with the release build: docs/limits.md); the bound allows a
        // debug build on a loaded machine, as the fast path's test does.
        #expect(seconds < 2, "exited \(seconds) s after SIGTERM")
        print("reference render stopped \(String(format: "%.3f", seconds)) s after SIGTERM")
    }
}

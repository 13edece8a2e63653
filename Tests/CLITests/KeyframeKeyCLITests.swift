// Keyframe times are "time" everywhere in a clip file; a scene file written with the older "t"
// renders the same and says, on stderr, what to write instead.

import Foundation
import Testing

@Suite(.serialized) struct KeyframeKeyCLITests {
    static func clip(timeKey: String) -> String {
        let motion = #"{"roll": {"keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 0.2}]}}"#
        let opacity = #"{"keyframes": [{"KEY": 0, "value": 0}, {"KEY": 1, "value": 1}]}"#.replacingOccurrences(of: "KEY", with: timeKey)
        return #"{"design": "custom", "duration": 1, "motion": "# + motion + #", "scene": {"type": "rect", "# +
            ##""frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "fill": "#000000", "opacity": "## + opacity + "}}"
    }

    @Test func theOldKeyWarnsAndRendersTheSame() throws {
        let dir = scratchFolder("keyframe-key"); defer { try? FileManager.default.removeItem(atPath: dir) }
        for key in ["time", "t"] {
            try Data(Self.clip(timeKey: key).utf8).write(to: URL(fileURLWithPath: "\(dir)/\(key).json"))
        }
        let new = try holoframe("render", "\(dir)/time.json", "--frames", "30", "--scale", "0.1", "--out", "\(dir)/new")
        #expect(new.status == 0 && new.stderr.contains("wrote 1 frame (") && !new.stderr.contains("warning"), "\(new.stderr)")
        let old = try holoframe("render", "\(dir)/t.json", "--frames", "30", "--scale", "0.1", "--out", "\(dir)/old")
        #expect(old.status == 0, "\(old.stderr)")
        #expect(old.stderr.contains("warning: t.json: scene.opacity.keyframes[0].t: \"t\" is deprecated; write \"time\""), "\(old.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/old/frame-00030.png"))
                == Data(contentsOf: URL(fileURLWithPath: "\(dir)/new/frame-00030.png")))
        // golden record and verify say it too.
        let record = try holoframe("golden", "record", "t.json", "--frames", "0", "--scale", "0.1", in: dir)
        #expect(record.status == 0 && record.stderr.contains("\"t\" is deprecated"), "\(record.stderr)")
        let verify = try holoframe("golden", "verify", in: dir)
        #expect(verify.status == 0 && verify.stderr.contains("\"t\" is deprecated"), "\(verify.stderr)")
        // Warnings go to stderr only: simulate's stdout stays one JSON object per line.
        let simulate = try holoframe("simulate", "\(dir)/t.json", "--frames", "0")
        #expect(simulate.stdout.hasPrefix("{\"frame\":0") && simulate.stderr.contains("deprecated"))
    }
}

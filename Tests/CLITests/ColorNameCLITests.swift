// Colour names in a user's scene file, as a user would write them: SwiftUI's ("red") and iOS's
// semantic colours ("label"), which follow the clip's colour scheme and Increase Contrast.

import Foundation
import Testing
import HoloPNG

@Suite(.serialized) struct ColorNameCLITests {
    /// A full-screen rect filled with `fill`, in `environment`.
    func clip(fill: String, environment: String) -> String {
        #"{"design": "custom", "duration": 1, "environment": "# + environment + #", "scene": "# +
            #"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "fill": ""# + fill + #""}}"#
    }

    /// The centre pixel of frame 0 of `clip`, rendered by the binary (opaque fills: r, g, b as written).
    func centre(_ clip: String, in dir: String, _ tag: String) throws -> (Int, Int, Int) {
        let file = "\(dir)/\(tag).json"
        try Data(clip.utf8).write(to: URL(fileURLWithPath: file))
        let run = try holoframe("render", file, "--frames", "0", "--scale", "0.1", "--out", "\(dir)/\(tag)")
        #expect(run.status == 0, "\(run.stderr)")
        let frame = try PNG.read(contentsOf: "\(dir)/\(tag)/frame-00000.png")
        let p = frame[frame.width / 2, frame.height / 2]
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    @Test func labelFollowsTheColorScheme() throws {
        let dir = scratchFolder("label"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let light = try centre(clip(fill: "label", environment: #"{"colorScheme": "light"}"#), in: dir, "light")
        let dark = try centre(clip(fill: "label", environment: #"{"colorScheme": "dark"}"#), in: dir, "dark")
        #expect(light == (0, 0, 0))
        #expect(dark == (255, 255, 255))
        let grouped = try centre(clip(fill: "systemGroupedBackground", environment: #"{"colorScheme": "dark"}"#), in: dir, "grouped")
        #expect(grouped == (0, 0, 0))
    }

    /// "red" is SwiftUI's Color.red, systemRed: #FF3B30 light, #FF453A dark, #D70015 with Increase Contrast.
    @Test func swiftUINamesAreSystemColors() throws {
        let dir = scratchFolder("red"); defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try centre(clip(fill: "red", environment: "{}"), in: dir, "light") == (0xFF, 0x3B, 0x30))
        #expect(try centre(clip(fill: "red", environment: #"{"colorScheme": "dark"}"#), in: dir, "dark") == (0xFF, 0x45, 0x3A))
        #expect(try centre(clip(fill: "red", environment: #"{"highContrast": true}"#), in: dir, "contrast") == (0xD7, 0x00, 0x15))
        #expect(try centre(clip(fill: "systemBlue", environment: #"{"colorScheme": "dark", "highContrast": true}"#), in: dir, "blue")
                == (0x40, 0x9C, 0xFF))
    }

    @Test func anUnknownNameIsAUsageErrorNamingTheField() throws {
        let dir = scratchFolder("rouge"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = "\(dir)/rouge.json"
        try Data(clip(fill: "rouge", environment: "{}").utf8).write(to: URL(fileURLWithPath: file))
        let run = try holoframe("render", file, "--frames", "0", "--scale", "0.1", "--out", "\(dir)/out")
        #expect(run.status == 2)
        #expect(run.stderr.contains("scene.fill") && run.stderr.contains("a SwiftUI name") && run.stderr.contains("\"rouge\""), "\(run.stderr)")
    }
}

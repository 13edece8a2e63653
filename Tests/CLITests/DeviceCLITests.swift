// Device presets as a user reaches them: `list --devices`, a preset by name, turned with
// --orientation, any screen as WxH@S, and every built-in clip's first frame on each family.

import Foundation
import Testing
import HoloPNG

@Suite(.serialized) struct DeviceCLITests {
    @Test func listDevicesPrintsEachPresetWithItsSizes() throws {
        let run = try holoframe("list", "--devices")
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        let pro = try #require(lines.first { $0.hasPrefix("iphone-16-pro ") })
        #expect(pro.contains("402×874 pt @3x (1206×2622 px)") && pro.contains("Dynamic Island"), "\(pro)")
        #expect(lines.contains { $0.hasPrefix("ipad-pro-13 ") && $0.contains("1032×1376 pt @2x") })
        #expect(lines.contains { $0.hasPrefix("iphone-se ") && $0.contains("home button") })
    }

    @Test func orientationAndCustomSizesSetTheFrameSize() throws {
        let dir = scratchFolder("devices"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let turned = try holoframe("render", "demo", "--device", "iphone-16-pro", "--orientation", "landscape", "--frames", "0",
                                   "--scale", "1", "--out", "\(dir)/turned")
        #expect(turned.status == 0, "\(turned.stderr)")
        let a = try PNG.read(contentsOf: "\(dir)/turned/frame-00000.png")
        #expect(a.width == 874 && a.height == 402)
        let record = try String(contentsOfFile: "\(dir)/turned/.holoframe-render.json", encoding: .utf8)
        #expect(record.contains("\"device\":\"iphone-16-pro-landscape\""), "\(record)")

        let custom = try holoframe("render", "demo", "--device", "393x852@3", "--frames", "0", "--out", "\(dir)/custom")
        #expect(custom.status == 0, "\(custom.stderr)")
        let b = try PNG.read(contentsOf: "\(dir)/custom/frame-00000.png")
        #expect(b.width == 1179 && b.height == 2556)

        let bad = try holoframe("render", "demo", "--device", "393x852", "--frames", "0", "--out", "\(dir)/bad")
        #expect(bad.status == 2 && bad.stderr.contains("WxH@S"), "\(bad.stderr)")
        // Goldens name the device as given, so verify re-renders it.
        let record2 = try holoframe("golden", "record", "demo", "--device", "393x852@3", "--orientation", "landscape",
                                    "--frames", "0", "--scale", "0.25", "--golden-dir", "\(dir)/Golden")
        #expect(record2.status == 0, "\(record2.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(dir)/Golden/demo/00000-852x393@3@0.25x.png"))
        #expect(try holoframe("golden", "verify", "--golden-dir", "\(dir)/Golden").status == 0)
    }

    /// Every built-in clip renders its first frame on a small phone, the largest phone, the largest
    /// iPad and a phone in landscape (no crash, the device's size). Layout from the safe area is
    /// not checked here: built-in clips still lay out from iPhone 12 proportions.
    @Test func everyBuiltInRendersOnEachFamily() throws {
        let dir = scratchFolder("families"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clips = try holoframe("list").stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(clips.count > 10)
        let sizes = ["iphone-se": (375, 667), "iphone-17-pro-max": (440, 956), "ipad-pro-13": (1032, 1376), "iphone-16-landscape": (852, 393)]
        for clip in clips {
            for (device, size) in sizes {
                let out = "\(dir)/\(clip)-\(device)"
                let run = try holoframe("render", clip, "--device", device, "--frames", "0", "--scale", "0.1", "--out", out)
                #expect(run.status == 0, "\(clip) on \(device): \(run.stderr)")
                let frame = try PNG.read(contentsOf: "\(out)/frame-00000.png")
                #expect(frame.width == Int((Double(size.0) * 0.1).rounded()) && frame.height == Int((Double(size.1) * 0.1).rounded()),
                        "\(clip) on \(device)")
            }
        }
    }
}

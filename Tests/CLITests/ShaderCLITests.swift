// `holoframe shader`: a colour effect from a .metal file to PNG, a time sequence, and its refusals.

import Foundation
import Testing
import HoloPNG

private let gradient = """
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    using namespace metal;

    // Red across, green down, blue = amount; the fill colour's alpha carries through.
    [[ stitchable ]] half4 ramp(float2 position, half4 color, float2 size, float amount) {
        float2 uv = position / size;
        return half4(uv.x, uv.y, amount, 1.0) * color.a;
    }
    """

@Suite(.serialized) struct ShaderCLITests {
    func folderWithShader(_ tag: String, source: String = gradient) throws -> String {
        let dir = scratchFolder(tag)
        try source.write(toFile: "\(dir)/ramp.metal", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func writesOneColourEffectAsPNG() throws {
        let dir = try folderWithShader("shader"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("shader", "\(dir)/ramp.metal", "--function", "ramp", "--size", "40x20", "--scale", "2",
                                "--arg", "float2:40,20", "--arg", "float:0.5", "--out", "\(dir)/ramp.png")
        #expect(run.status == 0, "\(run.stderr)")
        let canvas = try PNG.read(contentsOf: "\(dir)/ramp.png")
        #expect(canvas.width == 80 && canvas.height == 40)
        // Pixel (79, 0): position (39.75, 0.25) → red 39.75/40, green 0.25/20, blue 0.5.
        let i = 4 * 79
        #expect(Array(canvas.bytes[i..<(i + 4)]) == [253, 3, 128, 255])
        // Again without --force: refused, file kept.
        let again = try holoframe("shader", "\(dir)/ramp.metal", "--function", "ramp", "--size", "40x20",
                                  "--arg", "float2:40,20", "--arg", "float:0.5", "--out", "\(dir)/ramp.png")
        #expect(again.status == 2)
        #expect(again.stderr.contains("the file exists; give --force to replace it"))
    }

    @Test func timeArgumentMakesASequence() throws {
        let dir = try folderWithShader("shader-seq"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("shader", "\(dir)/ramp.metal", "--function", "ramp", "--size", "4x4", "--color", "#FFFFFF80",
                                "--arg", "float2:4,4", "--arg", "float:0", "--time-arg", "2", "--frames", "0-2", "--fps", "4",
                                "--out", "\(dir)/seq")
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/seq").sorted()
        #expect(files == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
        // Frame 2 at 4 fps: amount = 0.5 s; alpha 128/255 premultiplies it: round(0.5·0.502·255) = 64.
        let canvas = try PNG.read(contentsOf: "\(dir)/seq/frame-00002.png")
        #expect(canvas.bytes[2] == 64 && canvas.bytes[3] == 128)
    }

    @Test func refusalsAreUsageErrorsWithThePlace() throws {
        let dir = try folderWithShader("shader-bad", source: gradient.replacingOccurrences(of: "uv.x, uv.y", with: "uv.x & 1, uv.y"))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = try holoframe("shader", "\(dir)/ramp.metal", "--function", "ramp", "--size", "4x4",
                                "--arg", "float2:4,4", "--arg", "float:0", "--out", "\(dir)/x.png")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("ramp.metal:8:23: error: '&' needs integer operands (int, uint or their vectors), not float"), "\(bad.stderr)")

        let good = try folderWithShader("shader-args"); defer { try? FileManager.default.removeItem(atPath: good) }
        let wrongType = try holoframe("shader", "\(good)/ramp.metal", "--function", "ramp", "--size", "4x4",
                                      "--arg", "float:4", "--arg", "float:0", "--out", "\(good)/x.png")
        #expect(wrongType.status == 2)
        #expect(wrongType.stderr.contains("'ramp' takes float2 there"), "\(wrongType.stderr)")
        let noFrames = try holoframe("shader", "\(good)/ramp.metal", "--function", "ramp", "--size", "4x4",
                                     "--arg", "float2:4,4", "--arg", "float:0", "--time-arg", "2", "--out", "\(good)/seq")
        #expect(noFrames.status == 2)
        #expect(noFrames.stderr.contains("--time-arg needs --frames A-B and --fps F"))
        let help = try holoframe("shader", "--help")
        #expect(help.status == 0 && help.stdout.contains("Examples:"))
    }

    /// Success prints one line (functions found, the one used, its kind); a helper outside the
    /// subset that the function does not call is a warning naming it, not a refusal; asking for
    /// a function that reaches it is refused with the construct's place.
    @Test func summaryAndUnreachedUnsupportedFunctions() throws {
        let source = gradient + """

            static uint mix3(uint x) { x ^= x >> 3; x *= 5u; return x & 0xFFu; }
            static float legacy(float x) { switch (int(x)) { default: return x; } }
            [[ stitchable ]] half4 old(float2 position, half4 color) { return color * half(legacy(position.x)); }
            [[ stitchable ]] half4 hashed(float2 position, half4 color) { return half4(half(mix3(uint(position.x))) / 255.0h, 0, 0, 1); }
            """
        let dir = try folderWithShader("shader-summary", source: source); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("shader", "\(dir)/ramp.metal", "--function", "hashed", "--size", "8x2", "--out", "\(dir)/h.png")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ramp.metal: 5 functions (ramp, mix3, legacy, old, hashed), 2 skipped; using 'hashed', a colorEffect\n")
        #expect(run.stderr.contains("ramp.metal:11:32: warning: 'legacy' is skipped: switch statements are unsupported"), "\(run.stderr)")
        #expect(run.stderr.contains("warning: 'old' is skipped: 'old' calls 'legacy'"), "\(run.stderr)")
        // Pixel x = 5 (centre 5.5 → uint 5): 5 ^ 0 = 5, · 5 = 25.
        let canvas = try PNG.read(contentsOf: "\(dir)/h.png")
        #expect(canvas[5, 0].r == 25, "\(canvas[5, 0])")

        let refused = try holoframe("shader", "\(dir)/ramp.metal", "--function", "old", "--size", "8x2", "--out", "\(dir)/o.png")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("error: 'old' calls 'legacy', which is outside the supported subset (ramp.metal:11:32: switch statements are unsupported)"),
                "\(refused.stderr)")
    }
}

// Work limits (WorkLimits.swift, HoloStop's FrameWatch, OutputQuota.swift): a CPU bomb stopped by
// its deadline inside the frame, caps on nodes, area, text and shader cost refused before drawing,
// and an output quota that stops a render. Each was seen failing with its feature removed (see the
// commit that added it).

import Foundation
import HoloPixels
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

/// A clip file whose one frame fills a 400×20 pt rect with `shader` (a .metal file beside it).
private func shaderClip(_ shader: String, in dir: String, width: Int = 400, height: Int = 20) throws -> String {
    try shader.write(toFile: "\(dir)/bomb.metal", atomically: true, encoding: .utf8)
    let clip = """
        {"design": "custom", "duration": 0.05, "device": "\(width)x\(height)@1", "scene": {"type": "group", "children": [
          {"type": "shaderFill", "shape": {"type": "rect", "frame": {"x": 0, "y": 0, "width": \(width), "height": \(height)}},
           "shader": {"source": "bomb.metal", "function": "bomb"}, "arguments": []}]}}
        """
    try clip.write(toFile: "\(dir)/bomb.json", atomically: true, encoding: .utf8)
    return "\(dir)/bomb.json"
}

/// Two nested loops whose trip counts the checker cannot see (so it counts 1024² trips a pixel);
/// they run 1024 × 64: about a second per row of 25 blocks in a debug build.
let nestedLoopShader = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 bomb(float2 position, half4 color) {
        float h = 0.0;
        int n = 1024 + int(position.x * 0.0);
        int m = 64 + int(position.x * 0.0);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) { h = fract(h + sin(float(i * j) + position.y)); }
        }
        return half4(h, h, h, 1.0);
    }
    """

@Suite struct WorkLimitTests {
    func fullScreenRects(_ count: Int, size: Size = Size(100, 100)) -> Scene {
        let rect = Node.fill(.rect(Rect(x: 0, y: 0, width: size.width, height: size.height)), .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
        return Scene(size: size, background: .white, root: [.group(Group(Array(repeating: rect, count: count)))])
    }

    @Test func aShaderBombIsStoppedInsideItsFrameByTheDeadline() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try ClipResolver.resolve(try shaderClip(nestedLoopShader, in: dir))
        var pipeline = RenderPipeline(fonts: FontLibrary.shared)
        pipeline.work.maxShaderOperations = .infinity  // past the static check: the deadline is the backstop
        pipeline.frameTimeout = 0.3
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 0))
        request.outputDirectory = "\(dir)/out"
        let start = Date()
        var error: Error?
        do { _ = try pipeline.run(request) } catch let e { error = e }
        let seconds = Date().timeIntervalSince(start)
        let stopped = try #require(error as? TimeLimitExceeded, "\(String(describing: error))")
        #expect(stopped.frame == 0 && stopped.flag == "--frame-timeout")
        #expect("\(stopped)".contains("frame 0") && "\(stopped)".contains("--frame-timeout") && "\(stopped)".contains("0 of 1 frame written"))
        // The 16 rows before the rasterizer's next poll take tens of seconds: only a poll inside the loops stops it this soon.
        #expect(seconds < 3, "took \(seconds) s")
        // Stopped before its first frame: the folder it made is gone (nothing half-written), or empty.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: "\(dir)/out")) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test func theShaderBombIsRefusedBeforeItRunsByItsStaticCost() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try ClipResolver.resolve(try shaderClip(nestedLoopShader, in: dir))
        let scene = clip.frames().scene(0).scene
        let work = try WorkLimits().measure(scene, scale: 1)
        // 1024 · 1024 trips of a dozen operations, over 400 × 20 pixels.
        let trips: Double = 1024 * 1024 * 400 * 20
        #expect(work.shaderOperations > trips)
        let error = try #require(throws: LimitError.self) { try WorkLimits().check(scene, scale: 1) }
        #expect(error.description.contains("--max-shader-work"))
    }

    @Test func aLiteralOrConstantLoopCountsItsTripsNotTheLimit() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let shader = """
            constant int kRings = 4;
            [[ stitchable ]] half4 bomb(float2 position, half4 color) {
                float h = 0.0;
                for (int i = 0; i < kRings; i++) { h += 0.1; }
                return half4(h, h, h, 1.0);
            }
            """
        let clip = try ClipResolver.resolve(try shaderClip(shader, in: dir, width: 10, height: 10))
        let work = try WorkLimits().measure(clip.frames().scene(0).scene, scale: 1)
        #expect(work.shaderOperations > 0 && work.shaderOperations < 100 * 100)
    }

    @Test func aCPUBombOfRectsIsStoppedByItsDeadline() throws {
        var pipeline = RenderPipeline(fonts: FontLibrary.shared)
        pipeline.work.maxAreaCanvases = .infinity
        pipeline.frameTimeout = 0.2
        let scene = fullScreenRects(19_000, size: Size(400, 400))
        let start = Date()
        let error = try #require(throws: TimeLimitExceeded.self) {
            _ = try pipeline.watched(7, cancellation: nil) { try pipeline.draw(scene, scale: 2) }
        }
        #expect(error.frame == 7)
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test func aCancelledFlagStopsAFrameInsideItAndAWatchedFrameThatCompletesIsUnchanged() throws {
        var pipeline = RenderPipeline(fonts: FontLibrary.shared)
        pipeline.work.maxAreaCanvases = .infinity
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: CancellationError.self) {
            _ = try pipeline.watched(0, cancellation: flag) { try pipeline.draw(fullScreenRects(19_000), scale: 2) }
        }
        let clip = try ClipResolver.resolve("titles", overrides: ClipOverrides(scale: 0.5))
        let scene = clip.frames().scene(30).scene
        let plain = try pipeline.draw(scene, scale: clip.scale)
        let watched = try pipeline.watched(30, cancellation: CancellationFlag()) { try pipeline.draw(scene, scale: clip.scale) }
        #expect(plain.bytes == watched.bytes)
    }

    @Test func aStoppedFrameStopsInsideOneShape() throws {
        let stopped = CancellationFlag()
        stopped.cancel()
        var canvas = Canvas(width: 64, height: 256, scale: 1)
        let before = canvas.bytes
        FrameWatch(cancellation: stopped).run {
            canvas.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 256)), transform: .identity, paint: .solid(.black))
        }
        // The sweep polls at its first row: nothing of the one shape is drawn.
        #expect(canvas.bytes == before)
        canvas.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 256)), transform: .identity, paint: .solid(.black))
        #expect(canvas.bytes != before)
    }

    @Test func nodeAreaAndTextCapsAreRefusedNamingTheirFlags() throws {
        let limits = WorkLimits()
        let many = Scene(size: Size(100, 100), background: .white,
                         root: Array(repeating: .group(Group([])), count: limits.maxNodes + 1))
        #expect(try limits.measure(many, scale: 1).nodes == limits.maxNodes + 1)
        let nodes = try #require(throws: LimitError.self) { try limits.check(many, scale: 3) }
        #expect(nodes.description.contains("--max-nodes"))
        // 201 full-screen rects: 201 canvases; 199 half-off-screen ones: 99.5.
        let area = try #require(throws: LimitError.self) { try limits.check(fullScreenRects(201), scale: 3) }
        #expect(area.description.contains("201.0 canvases") && area.description.contains("--max-area"))
        let shifted = Node.fill(.rect(Rect(x: 50, y: 0, width: 100, height: 100)), .solid(.white))
        try limits.check(Scene(size: Size(100, 100), background: .white, root: Array(repeating: shifted, count: 399)), scale: 3)

        let long = String(repeating: "W", count: limits.maxTextCharacters + 1)
        let text = Scene(size: Size(100, 100), background: .white,
                         root: [.text(TextRun(long, font: Font(size: 500), origin: Point(0, 50)), .solid(.black))])
        let refused = try #require(throws: LimitError.self) { try limits.check(text, scale: 3) }
        #expect(refused.description.contains("\(limits.maxTextCharacters + 1) characters") && refused.description.contains("--max-text"))
    }

    /// Issue 31: a wrapped paragraph's counted area reaches its last line, not only its first.
    @Test func aParagraphsAreaCoversEveryLine() throws {
        let node = Node.text(TextRun(String(repeating: "word ", count: 60), font: .body, origin: Point(10, 30), wrapWidth: 200), .solid(.black))
        let scene = Scene(size: Size(390, 844), background: .white, root: [node])
        let work = try WorkLimits().measure(scene, scale: 1)
        let bounds = try #require(try SceneRenderer(fonts: .shared).pixelBounds(of: node, transform: .identity))
        #expect(bounds.height > 10 * 17)
        #expect(work.area >= (bounds.width - 4) * (bounds.height - 4), "\(work.area) for \(bounds)")
    }

    @Test func maxTimeStopsARunAndAContactSheet() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try ClipResolver.resolve("titles", overrides: ClipOverrides(scale: 0.25))
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 29))
        request.outputDirectory = dir
        request.maxTime = 1e-6
        let run = try #require(throws: TimeLimitExceeded.self) { _ = try pipeline.run(request) }
        #expect(run.flag == "--max-time" && "\(run)".contains("--max-time of 1e-06 s"))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: dir)).contains { $0.hasPrefix(".frame") || $0.hasPrefix(".holoframe-claim") })
        let sheet = try #require(throws: TimeLimitExceeded.self) {
            _ = try pipeline.contactSheet(of: clip, frames: [0, 10, 20], maxTime: 1e-6)
        }
        #expect(sheet.flag == "--max-time" && sheet.frame == 0)
    }

    @Test func theOutputQuotaStopsARenderBeforeItsFramesPassIt() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.25))
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 9))
        request.outputDirectory = dir
        request.threads = 1
        request.maxOutputBytes = 40_000
        let error = try #require(throws: OutputLimitExceeded.self) { _ = try pipeline.run(request) }
        #expect("\(error)".contains("--max-output 40000 bytes"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        let total = try names.reduce(0) { $0 + ((try FileManager.default.attributesOfItem(atPath: "\(dir)/\($1)")[.size] as? Int) ?? 0) }
        #expect(names.count < 10 && total <= 40_000 && !names.contains { $0.hasPrefix(".") })

        // --min-free: a floor above any disk's free space stops the render before its first frame.
        let other = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: other) }
        request.outputDirectory = other
        request.maxOutputBytes = nil
        request.minFreeBytes = Int.max / 2
        let full = try #require(throws: OutputLimitExceeded.self) { _ = try pipeline.run(request) }
        #expect("\(full)".contains("--min-free"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: other).isEmpty)
    }
}

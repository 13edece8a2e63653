// Issue 17 at the library layer: the output and input policies, the frame memory budget, golden
// names and bench baselines; each with small inputs that trigger the check.

import Foundation
import Testing
import HoloGeometry
import HoloPNG
import HoloScene
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

private func scratch(_ tag: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hardening-\(tag)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite struct OutputPolicyTests {
    @Test func existingFilesNeedForceAndOnlyRegularFilesAreReplaced() throws {
        let dir = try scratch("output"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputPolicy.checkFile("\(dir)/new.json", option: "--json", force: false, inputs: nil)
        _ = FileManager.default.createFile(atPath: "\(dir)/old.json", contents: Data("x".utf8))
        #expect(throws: OutputRefused.self) { try OutputPolicy.checkFile("\(dir)/old.json", option: "--json", force: false, inputs: nil) }
        try OutputPolicy.checkFile("\(dir)/old.json", option: "--json", force: true, inputs: nil)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/dangling", withDestinationPath: "\(dir)/nowhere")
        for path in ["/dev/null", dir, "\(dir)/dangling"] {
            #expect(throws: OutputRefused.self) { try OutputPolicy.checkFile(path, option: "--state", force: true, inputs: nil) }
        }
    }

    @Test func anInputIsNeverAnOutputWhateverItsSpelling() throws {
        let dir = try scratch("inputs"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"design": "demo", "duration": 0.1}"#.write(toFile: "\(dir)/c.json", atomically: true, encoding: .utf8)
        try FileManager.default.linkItem(atPath: "\(dir)/c.json", toPath: "\(dir)/hard.json")
        let inputs = InputPolicy()
        _ = try ClipResolver.resolve("\(dir)/c.json", inputs: inputs)
        for spelling in ["\(dir)/c.json", "\(dir)/../\((dir as NSString).lastPathComponent)/c.json", "\(dir)/hard.json"] {
            do { try OutputPolicy.checkFile(spelling, option: "--state", force: true, inputs: inputs); Issue.record("\(spelling) accepted") }
            catch { #expect("\(error)".contains("the clip file"), "\(error)") }
        }
    }
}

@Suite struct InputPolicyTests {
    @Test func eachImageIsDecodedOncePerRun() throws {
        let dir = try scratch("images"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let badge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/images/badge.png").path
        try FileManager.default.copyItem(atPath: badge, toPath: "\(dir)/b.png")
        let node = #"{"type": "image", "path": "b.png"}"#
        try #"{"design": "custom", "duration": 0.1, "scene": {"type": "group", "children": [\#(node), \#(node), \#(node), {"type": "image", "path": "./b.png"}]}}"#
            .write(toFile: "\(dir)/c.json", atomically: true, encoding: .utf8)
        let inputs = InputPolicy()
        _ = try ClipResolver.resolve("\(dir)/c.json", inputs: inputs)
        _ = try ClipResolver.resolve("\(dir)/c.json", inputs: inputs)
        #expect(inputs.imagesDecoded == 1)
    }

    @Test func imagesOverThePixelCapAreRefused() throws {
        let badge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples").path
        let inputs = InputPolicy(maxImagePixels: 100)
        #expect(throws: PNGError.self) { try inputs.image("images/badge.png", clipFolder: badge) }
    }
}

@Suite struct FrameBudgetTests {
    let pipeline = RenderPipeline(fonts: FontLibrary.shared)

    func budget(_ node: Node, scale: Double = 1) throws -> Int {
        Int(try SurfaceBudget.estimate(Scene(size: Size(100, 100), background: .white, root: [node]), scale: scale, renderer: pipeline.renderer))
    }

    @Test func blurAndShadowLayersCountAgainstTheCap() throws {
        let square = Node.fill(.rect(Rect(x: 10, y: 10, width: 20, height: 20)), .solid(.black))
        let plain = try budget(.group(Group([square])))
        let blurred = try budget(.group(Group([square], blur: 50)))
        let shadowed = try budget(.group(Group([square], shadow: Shadow(color: .black, radius: 50, offset: Point(x: 0, y: 0)))))
        #expect(plain == 100 * 100 * 4)
        // A blur of σ = 50 px reaches 150 px beyond the square: a layer of about 320² px, counted 4 times.
        #expect(blurred > 4 * 300 * 300 * 4 && blurred < 4 * 360 * 360 * 4 + 100 * 100 * 4)
        #expect(shadowed > plain)
        let scene = Scene(size: Size(100, 100), background: .white, root: [.group(Group([square], blur: 50))])
        // The check counts the glyph cache's cap beside the frame's surfaces.
        let withGlyphs = blurred + pipeline.renderer.fonts.glyphCacheLimit
        #expect(throws: LimitError.self) { try SurfaceBudget.check(scene, scale: 1, renderer: pipeline.renderer, maxBytes: withGlyphs - 1) }
        try SurfaceBudget.check(scene, scale: 1, renderer: pipeline.renderer, maxBytes: withGlyphs)
        // The quick bound check() tries first is never below the precise one.
        for node in [Node.group(Group([square], blur: 50)), .group(Group([square], opacity: 0.5)),
                     .group(Group([.group(Group([square], shadow: Shadow(color: .black, radius: 9, offset: Point(x: 3, y: 0))))], opacity: 0.3))] {
            let s = Scene(size: Size(100, 100), background: .white, root: [node])
            #expect(try SurfaceBudget.estimate(s, scale: 2, renderer: pipeline.renderer, precise: false)
                    >= SurfaceBudget.estimate(s, scale: 2, renderer: pipeline.renderer))
        }
    }

    @Test func clipMasksAndTextMasksCountAgainstTheCap() throws {
        let square = Node.fill(.rect(Rect(x: 10, y: 10, width: 20, height: 20)), .solid(.black))
        let canvas = 100 * 100 * 4
        // A clip: its mask and its intersection with the clip above, a canvas's pixels at 1 byte each.
        #expect(try budget(.group(Group([square], clip: .rect(Rect(x: 0, y: 0, width: 50, height: 50))))) == canvas + 2 * 100 * 100)
        // Text: the one mask being drawn, counted once however many runs.
        let text = Node.text(TextRun("Hi", font: Font(size: 12), origin: Point(x: 5, y: 50)), .solid(.black))
        #expect(try budget(.group(Group([text, text]))) == canvas + 2 * 100 * 100)
    }

    @Test func transformsTooLargeToDrawAreRefused() {
        var node = Node.fill(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), .solid(.black))
        for _ in 0..<4 { node = .group(Group([node], transform: AffineTransform(a: 1e6, b: 0, c: 0, d: 1e6, tx: 0, ty: 0))) }
        let scene = Scene(size: Size(10, 10), background: .white, root: [node])
        #expect(throws: LimitError.self) { try SurfaceBudget.check(scene, scale: 1, renderer: pipeline.renderer, maxBytes: 1 << 31) }
    }
}

@Suite struct GoldenNameTests {
    @Test(arguments: ["00001-iphone-12@1e308x.png", "00001-iphone-12@nanx.png", "00001-iphone-12@200x.png", "00001-iphone-12@0x.png",
                      "00001-iphone-12@-1x.png", "00001-nokia@1x.png", "99999999-iphone-12@1x.png", "00001-iphone-12@01x.png",
                      "1-iphone-12@1x.png", "00001-iphone-12@infx.png"])
    func badNamesAreRefusedWithAReason(_ name: String) {
        guard case .failure(let e) = GoldenCase.parse(clip: "demo", fileName: name) else { Issue.record("\(name) accepted"); return }
        #expect(e.description.contains("<frame>-<device>@<scale>x.png"))
    }

    @Test(arguments: ["00001-iphone-12@1x.png", "00120-iphone-se@0.5x.png", "00000-iphone-12@0.25x.png"])
    func goodNamesParse(_ name: String) {
        guard case .success(let c) = GoldenCase.parse(clip: "demo", fileName: name) else { Issue.record("\(name) refused"); return }
        #expect(c.fileName == name)
    }
}

@Suite struct BenchBaselineTests {
    func bench(_ clip: String, _ width: Int, frames: [Int] = [0, 1]) -> ClipBench {
        let timings = frames.map { FrameTiming(frame: $0, time: 0, simulateMs: 0, rasterMs: 1, encodeMs: nil, totalMs: 1) }
        return ClipBench(clip: clip, device: "iphone-12", width: width, height: 2 * width, budgetMs: 16.67, repeats: 1, preparationMs: 0, frames: timings,
                         summary: BenchSummary(minMs: 1, medianMs: 1, p95Ms: 1, p99Ms: 1, maxMs: 1, worstFrame: 0, worstTime: 0, framesOverBudget: 0))
    }

    @Test func aBaselineOfAnotherClipSizeOrFramesIsRefused() {
        #expect(BenchBaseline.mismatch(current: [bench("demo", 100)], baseline: [bench("demo", 100)]) == nil)
        #expect(BenchBaseline.mismatch(current: [bench("demo", 100)], baseline: [bench("titles", 100)])?.contains("no run of demo") == true)
        #expect(BenchBaseline.mismatch(current: [bench("demo", 100)], baseline: [bench("demo", 200)])?.contains("200×400") == true)
        #expect(BenchBaseline.mismatch(current: [bench("demo", 100, frames: [5])], baseline: [bench("demo", 100)])?.contains("none in common") == true)
    }
}

@Suite struct FrameClaimTests {
    @Test func overlappingRendersAreRefusedAndDisjointShardsShareAFolder() throws {
        let dir = try scratch("claims"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try FrameClaim(frames: Array(0...9), in: dir)
        do { _ = try FrameClaim(frames: Array(5...12), in: dir); Issue.record("overlap accepted") } catch {
            #expect("\(error)".contains("frame-00005.png") && "\(error)".contains("another render"), "\(error)")
        }
        let disjoint = try FrameClaim(frames: Array(10...19), in: dir)
        first.release()
        let after = try FrameClaim(frames: Array(5...9), in: dir)
        after.release(); disjoint.release()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func deadClaimsAreRemovedAndOtherHostsHoldALease() throws {
        let dir = try scratch("stale"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let me = ProcessIdentity.current
        // This host, this boot, a pid that does not run: provably dead.
        let dead = "\(dir)/.holoframe-claim-dead"
        try ([me.host, me.boot, String(Int32.max - 1), "1", "0-99"].joined(separator: "\n") + "\n").write(toFile: dead, atomically: true, encoding: .utf8)
        // This process, but another start time: the pid was reused, the claim is dead too.
        let reused = "\(dir)/.holoframe-claim-reused"
        try ([me.host, me.boot, String(me.pid), "not-\(me.start)", "0-99"].joined(separator: "\n") + "\n").write(toFile: reused, atomically: true, encoding: .utf8)
        let claim = try FrameClaim(frames: [3], in: dir)
        #expect(!FileManager.default.fileExists(atPath: dead) && !FileManager.default.fileExists(atPath: reused))
        claim.release()

        // Another host's claim is live while fresh, and dead once older than the lease.
        let remote = "\(dir)/.holoframe-claim-remote"
        try (["elsewhere", "boot", "42", "7", "0-99"].joined(separator: "\n") + "\n").write(toFile: remote, atomically: true, encoding: .utf8)
        #expect(throws: ExistingFramesError.self) { try FrameClaim(frames: [3], in: dir) }
        var old = [timeval(tv_sec: time(nil) - Int(FrameClaim.lease) - 5, tv_usec: 0), timeval(tv_sec: time(nil) - Int(FrameClaim.lease) - 5, tv_usec: 0)]
        #expect(utimes(remote, &old) == 0)
        try FrameClaim(frames: [3], in: dir).release()
        #expect(!FileManager.default.fileExists(atPath: remote))
    }

    @Test func aRenderIntoAFolderAnotherRenderClaimedIsRefused() throws {
        let dir = try scratch("claimed"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.1))
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 3))
        request.outputDirectory = dir
        request.existing = .overwrite
        let other = try FrameClaim(frames: [2], in: dir)
        #expect(throws: ExistingFramesError.self) { try RenderPipeline(fonts: FontLibrary.shared).run(request) }
        other.release()
        #expect(try RenderPipeline(fonts: FontLibrary.shared).run(request).framesWritten == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == (0...3).map(frameFileName))
    }
}

// The shipped HolographicText.metal, compiled by HoloMSL, against the hand port on whole titles
// frames: every holographic paint in the scene is swapped for the compiled colour effect with the
// same arguments, both scenes go through the fast renderer, and every channel of every pixel
// must agree within 1 level. The gated benchmark times a titles frame both ways:
//   HOLOFRAME_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter CompiledTitleShader

import Dispatch
import Foundation
import HoloPixels
import Testing
import HoloMSL
import HoloShaders
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

/// The compiled `holographicText`, once.
let compiledHolographicText: MSLCompiledEffect = {
    let library = try! MSLLibrary(source: HolographicTextSource.metal, file: HolographicTextSource.fileName)
    return MSLCompiledEffect(try! library.entry("holographicText", as: .color))
}()

/// `nodes` with every holographic paint replaced by the compiled shader with the same arguments
/// (Reduce Motion: roll, pitch and time 0, as the SwiftUI view passes them).
func compiledTitles(_ nodes: [Node]) throws -> [Node] {
    try nodes.map { node throws -> Node in
        switch node {
        case .group(var g):
            g.children = try compiledTitles(g.children)
            return .group(g)
        case .text(let run, .shader(let p)) where p.program is HolographicTextEffect:
            return .text(run, .shader(try compiled(p)))
        case .fill(let shape, .shader(let p)) where p.program is HolographicTextEffect:
            return .fill(shape, .shader(try compiled(p)))
        default:
            return node
        }
    }
}

func compiled(_ p: ShaderPaint) throws -> ShaderPaint {
    let u = p.program as! HolographicTextEffect
    let still = u.isStatic
    let effect = try MetalColorEffect(compiledHolographicText, arguments: [
        .boundsSize, .values([still ? 0 : u.roll]), .values([still ? 0 : u.pitch]), .values([still ? 0 : u.time]),
        .values([u.accentHue]),
    ], name: HolographicTextSource.fileName)
    return ShaderPaint(bounds: p.bounds, program: effect, widthFromText: p.widthFromText)
}

func worstChannelDifference(_ a: Canvas, _ b: Canvas) -> Int { channelDifferences(a, b).worst }

/// The largest difference between two canvases' channels, and how many channels differ by more than 1.
func channelDifferences(_ a: Canvas, _ b: Canvas) -> (worst: Int, overOne: Int, channels: Int) {
    var worst = 0, overOne = 0
    let a = a.bytes, b = b.bytes
    for i in a.indices {
        let d = abs(Int(a[i]) - Int(b[i]))
        worst = max(worst, d)
        if d > 1 { overOne += 1 }
    }
    return (worst, overOne, a.count)
}

@Suite("HolographicText.metal compiled against the hand port")
struct CompiledTitleShaderTests {

    /// Every golden frame of every titles clip (Golden/titles*/NNNNN-DEVICE@Sx.png), at the golden's
    /// scale, and two frames at the device's 3x.
    static var goldenFrames: [(clip: String, frame: Int, scale: Double)] {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Golden")
        var cases: [(clip: String, frame: Int, scale: Double)] = []
        let clips = (try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? []
        for clip in clips.sorted() where clip.hasPrefix("titles") {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: golden.appendingPathComponent(clip).path)) ?? []
            for file in files.sorted() where file.hasSuffix("x.png") {
                // 00114-iphone-12@1x.png → frame 114, scale 1
                guard let frame = Int(file.prefix(5)), let at = file.lastIndex(of: "@"),
                      let scale = Double(file[file.index(after: at)...].dropLast(5)) else { continue }
                cases.append((clip, frame, scale))
            }
        }
        return cases + [("titles", 0, 3), ("titles", 45, 3)]
    }

    @Test func everyTitlesGoldenFrameAgreesWithinOneLevel() throws {
        let cases = Self.goldenFrames
        #expect(cases.count >= 14, "the titles goldens were found")
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        var swapped = 0
        for (clipName, index, scale) in cases {
            let clip = try ClipCatalog.clip(for: ClipCatalog.named(clipName)!.defaults())
            let scene = clip.frames().scene(index).scene
            var compiled = scene
            compiled.root = try compiledTitles(scene.root)
            if compiled != scene { swapped += 1 }
            let hand = try renderer.render(scene, scale: scale)
            let metal = try renderer.render(compiled, scale: scale)
            #expect(worstChannelDifference(hand, metal) <= 1, "\(clipName) frame \(index) at \(scale)x")
        }
        // Frames whose large title has collapsed into the bar have no holographic paint.
        #expect(swapped >= cases.count / 2, "most frames have a holographic title")
        print("titles goldens: \(swapped) of \(cases.count) frames had a holographic paint, each within 1 level")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["HOLOFRAME_BENCH"] == "1"))
    func titlesFrameTimeBothWays() throws {
        let clip = try ClipCatalog.clip(for: ClipCatalog.named("titles")!.defaults())
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let source = clip.frames()
        for index in [0, 45] {
            let scene = source.scene(index).scene
            var compiled = scene
            compiled.root = try compiledTitles(scene.root)
            func median(_ s: Scene) throws -> Double {
                var times: [Double] = []
                for _ in 0..<25 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = try renderer.render(s, scale: clip.scale)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                return Percentile.median(times)
            }
            _ = try median(scene)
            let hand = try median(scene), metal = try median(compiled)
            print(String(format: "titles frame %d (%.0f×%.0f pt at %.0fx): hand port %.3f ms, compiled HolographicText.metal %.3f ms (%.2f×)",
                         index, clip.size.width, clip.size.height, clip.scale, hand, metal, metal / hand))
        }
    }
}

@Suite("A scene's own .metal shader, fast renderer against the reference renderer")
struct MetalShaderExampleReferenceTests {
    @Test func exampleFrameAgreesWithTheReferenceRenderer() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/metal-shader.json").path
        let clip = try ClipResolver.resolve(path, overrides: ClipOverrides(scale: 0.25))
        let fast = try RenderPipeline(fonts: FontLibrary.shared).renderFrame(45, of: clip)
        let reference = try RenderPipeline(fonts: FontLibrary.shared, reference: true).renderFrame(45, of: clip)
        let (worst, overOne, channels) = channelDifferences(fast, reference)
        print("metal-shader frame 45 at 0.25x: worst channel difference \(worst), \(overOne) of \(channels) channels over 1")
        // Measured: worst 1 level over the whole frame (shader, rounded corners and text).
        #expect(worst <= 1)
    }
}

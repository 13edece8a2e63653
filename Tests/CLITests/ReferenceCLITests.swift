// `--reference` on the command line: frames through the reference renderer, and goldens held to
// the scene-level bound instead of equality.

import Foundation
import Testing
import HoloPNG

@Suite(.serialized) struct ReferenceCLITests {
    /// Mean |Δ| over all channel values of two PNGs of one size.
    func meanDelta(_ a: String, _ b: String) throws -> (mean: Double, equal: Bool) {
        let x = try PNG.read(contentsOf: a), y = try PNG.read(contentsOf: b)
        #expect(x.width == y.width && x.height == y.height)
        var sum = 0
        for i in 0..<min(x.bytes.count, y.bytes.count) { sum += abs(Int(x.bytes[i]) - Int(y.bytes[i])) }
        return (Double(sum) / Double(max(1, x.bytes.count)), x.bytes == y.bytes)
    }

    /// Reveal mid-morph blurs at reduced resolution in the fast renderer and exactly in the
    /// reference: the two PNGs differ, within the bound.
    @Test func renderReferenceWritesTheReferencePicture() throws {
        let dir = scratchFolder("reference"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let fast = try holoframe("render", "reveal", "--frames", "36", "--scale", "0.5", "--out", "\(dir)/fast")
        let reference = try holoframe("render", "reveal", "--frames", "36", "--scale", "0.5", "--out", "\(dir)/reference", "--reference")
        #expect(fast.status == 0 && reference.status == 0, "\(fast.stderr)\(reference.stderr)")
        let (mean, equal) = try meanDelta("\(dir)/fast/frame-00036.png", "\(dir)/reference/frame-00036.png")
        #expect(!equal, "--reference should draw the blur with the exact Gaussian")
        #expect(mean <= 0.5)
        let help = try holoframe("render", "--help")
        #expect(help.stdout.contains("--reference"))
    }

    /// A golden recorded by the fast renderer passes `verify --reference`; a golden of another
    /// frame under its name fails with exit 1, the difference and the two pictures.
    @Test func goldenVerifyReferenceHoldsGoldensToTheBound() throws {
        let dir = scratchFolder("reference-golden"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let golden = "\(dir)/Golden"
        for frame in ["0", "150"] {
            let run = try holoframe("golden", "record", "demo", "--frames", frame, "--scale", "0.5", "--golden", golden)
            #expect(run.status == 0, "\(run.stderr)")
        }
        try FileManager.default.removeItem(atPath: "\(golden)/demo/00150-iphone-12@0.5x.png")
        let ok = try holoframe("golden", "verify", "demo", "--reference", "--golden", golden, "--artifacts", "\(dir)/artifacts")
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("1 passed, 0 failed"))

        // Frame 150's picture under frame 0's name.
        try FileManager.default.removeItem(atPath: "\(golden)/demo/00000-iphone-12@0.5x.png")
        let other = try holoframe("golden", "record", "demo", "--frames", "150", "--scale", "0.5", "--golden", golden)
        #expect(other.status == 0)
        try FileManager.default.moveItem(atPath: "\(golden)/demo/00150-iphone-12@0.5x.png", toPath: "\(golden)/demo/00000-iphone-12@0.5x.png")
        let bad = try holoframe("golden", "verify", "demo", "--reference", "--golden", golden, "--artifacts", "\(dir)/artifacts")
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("outside the reference bound"))
        #expect(FileManager.default.fileExists(atPath: "\(dir)/artifacts/demo/00000-iphone-12@0.5x-reference.png"))
    }
}

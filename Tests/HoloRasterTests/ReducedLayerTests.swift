// Which blurred layers are drawn straight on the blur's reduced grid (ReducedLayer.swift), and
// that such a layer is still the blur of its content.

import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster
import HoloText

@Suite struct ReducedLayerTests {
    let card: Node = .fill(.roundedRect(Rect(x: 20, y: 20, width: 200, height: 120), cornerRadius: 16, style: .continuous),
                           .solid(Color(hex: 0x3CF2A5)))

    @Test func onlyPureBlurLayersOfPlainContentOnAReducedPlaneTakeIt() {
        // σ = blur × scale: 3 pt at 3× is 9 px (½ grid), 10 pt is 30 px (¼ grid), 0.8 pt is 2.4 px
        // (½ grid), 0.6 pt is 1.8 px (the exact Gaussian at full resolution: no grid).
        #expect(Group([card], blur: 3).reducedResolution(pixelsPerPoint: 3) == 2)
        #expect(Group([card], blur: 10).reducedResolution(pixelsPerPoint: 3) == 4)
        #expect(Group([card], blur: 0.8).reducedResolution(pixelsPerPoint: 3) == 2)
        #expect(Group([card], blur: 0.6).reducedResolution(pixelsPerPoint: 3) == nil)
        #expect(Group([.group([card])], blur: 3).reducedResolution(pixelsPerPoint: 3) == 2)
        // Content that does not draw the same on a coarse grid keeps the full-resolution path.
        let material: Node = .material(.rect(Rect(x: 0, y: 0, width: 50, height: 50)), .ultraThin, .dark)
        #expect(Group([card, material], blur: 3).reducedResolution(pixelsPerPoint: 3) == nil)
        let scrolled: Node = .group([card], transform: .translation(0, -10.5), retention: .scrolled())
        #expect(Group([scrolled], blur: 3).reducedResolution(pixelsPerPoint: 3) == nil)
        let nestedBlur: Node = .group(Group([card], blur: 2))
        #expect(Group([nestedBlur], blur: 3).reducedResolution(pixelsPerPoint: 3) == nil)
        // A layer with more than a blur (shadow, tilt) keeps it too.
        #expect(Group([card], blur: 3, shadow: Shadow(color: .black, radius: 4)).reducedResolution(pixelsPerPoint: 3) == nil)
    }

    /// The coarse drawing is the blur of the content: against the full-resolution layer path
    /// (the same group inside a wrapper that forces it: a zero-radius shadow keeps the old path),
    /// within the reduced-resolution bound, and not a copy of the unblurred content.
    @Test func theCoarseLayerIsTheBlurredContent() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let text: Node = .text(TextRun("Blur", font: Font(size: 40, weight: .bold), origin: Point(30, 100)), .solid(.white))
        let scene = { (g: Group) in Scene(size: Size(240, 160), background: .black, root: [.group(g)]) }
        let coarse = try renderer.render(scene(Group([card, text], opacity: 0.8, blur: 4)), scale: 3)
        let full = try renderer.render(scene(Group([card, text], opacity: 0.8, blur: 4, shadow: Shadow(color: .clear, radius: 0))), scale: 3)
        let sharp = try renderer.render(scene(Group([card, text], opacity: 0.8)), scale: 3)
        let d = ReferenceDifference(coarse, full)
        #expect(d.isWithinBound, "\(d)")
        #expect(!ReferenceDifference(coarse, sharp).isWithinBound)
    }

    /// Below `coarseTextMinSigma` the text of a coarse layer is rasterized at full resolution and
    /// averaged onto the grid: a title blurred with σ 3.6 px (½ grid) against the same layer
    /// drawn at full resolution and downsampled. Measured when written: mean |Δ| 0.003, largest
    /// 3 levels; with the text rasterized on the ½ grid instead (`coarseTextMinSigma` set to 0 by
    /// hand) 0.061, largest 10, which the bound here refuses.
    @Test func belowSixPixelsTextIsRasterizedAtFullResolutionAndAveraged() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let text: Node = .text(TextRun("Northern Lights", font: Font(size: 34, weight: .bold), origin: Point(12, 100)), .solid(.white))
        let scene = { (g: Group) in Scene(size: Size(300, 140), background: .black, root: [.group(g)]) }
        let group = Group([card, text], opacity: 0.9, blur: 1.2)
        #expect(group.reducedResolution(pixelsPerPoint: 3) == 2)
        let coarse = try renderer.render(scene(group), scale: 3)
        let full = try renderer.render(scene(Group([card, text], opacity: 0.9, blur: 1.2, shadow: Shadow(color: .clear, radius: 0))), scale: 3)
        let oversampled = ReferenceDifference(coarse, full)
        #expect(oversampled.isWithinBound, "\(oversampled)")
        #expect(oversampled.meanDelta <= 0.02 && oversampled.largestDelta <= 4, "\(oversampled)")
    }

    /// `boxAveraged` against its definition: each cell the rounded mean of the f × f pixels it
    /// covers, 0 outside the mask, for masks at negative and odd origins.
    @Test(arguments: [2, 4])
    func boxAveragedIsTheMeanOfEachCell(f: Int) {
        var rng = SystemRandomNumberGenerator()
        for (x, y, w, h) in [(-3, 5, 11, 7), (4, -6, 9, 13), (0, 0, 8, 8), (7, 3, 1, 1)] {
            let mask = CoverageMask(x: x, y: y, width: w, height: h, coverage: (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &rng) })
            let out = mask.boxAveraged(by: f)
            func floorDiv(_ v: Int) -> Int { Int((Double(v) / Double(f)).rounded(.down)) }
            #expect(out.x == floorDiv(x) && out.y == floorDiv(y))
            #expect(out.x + out.width == floorDiv(x + w - 1) + 1 && out.y + out.height == floorDiv(y + h - 1) + 1)
            for cy in out.y..<(out.y + out.height) {
                for cx in out.x..<(out.x + out.width) {
                    var sum = 0
                    for py in (cy * f)..<(cy * f + f) { for px in (cx * f)..<(cx * f + f) { sum += Int(mask[px, py]) } }
                    #expect(Int(out[cx, cy]) == (sum + f * f / 2) / (f * f), "cell (\(cx), \(cy)) of a mask at (\(x), \(y))")
                }
            }
        }
    }
}

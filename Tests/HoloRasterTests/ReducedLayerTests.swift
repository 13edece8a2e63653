// Which blurred layers are drawn straight on the blur's reduced grid (ReducedLayer.swift), and
// that such a layer is still the blur of its content.

import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

@Suite struct ReducedLayerTests {
    let card: Node = .fill(.roundedRect(Rect(x: 20, y: 20, width: 200, height: 120), cornerRadius: 16, style: .continuous),
                           .solid(Color(hex: 0x3CF2A5)))

    @Test func onlyPureBlurLayersOfPlainContentFromSixPixelsUpTakeIt() {
        // σ = blur × scale: 3 pt at 3× is 9 px (½ grid), 10 pt is 30 px (¼ grid), 1.5 pt is 4.5 px (full).
        #expect(Group([card], blur: 3).reducedResolution(pixelsPerPoint: 3) == 2)
        #expect(Group([card], blur: 10).reducedResolution(pixelsPerPoint: 3) == 4)
        #expect(Group([card], blur: 1.5).reducedResolution(pixelsPerPoint: 3) == nil)
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
}

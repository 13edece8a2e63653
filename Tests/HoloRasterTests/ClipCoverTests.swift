// A group's clip that covers every drawable pixel whole is left out (SceneRenderer.swift's
// `Shape.covers`): only when its mask would be 255 everywhere, so the picture cannot change.

import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster
import HoloText

@Suite struct ClipCoverTests {
    let window = PixelWindow(0, 0, 60, 40)

    @Test func onlyAnAxisAlignedRectThatContainsTheWindowCovers() {
        let t = AffineTransform.scale(2, 2)
        #expect(Shape.rect(Rect(x: 0, y: 0, width: 30, height: 20)).covers(window, transform: t))
        #expect(Shape.rect(Rect(x: -1, y: -1, width: 40, height: 30)).covers(window, transform: t))
        #expect(Shape.roundedRect(Rect(x: 0, y: 0, width: 30, height: 20), cornerRadius: 0, style: .continuous).covers(window, transform: t))
        // Half a pixel short, rounded corners, a turn, an ellipse: the mask has pixels under 255.
        #expect(!Shape.rect(Rect(x: 0.25, y: 0, width: 30, height: 20)).covers(window, transform: t))
        #expect(!Shape.rect(Rect(x: 0, y: 0, width: 29.75, height: 20)).covers(window, transform: t))
        #expect(!Shape.roundedRect(Rect(x: 0, y: 0, width: 30, height: 20), cornerRadius: 2, style: .continuous).covers(window, transform: t))
        #expect(!Shape.rect(Rect(x: -10, y: -10, width: 60, height: 60)).covers(window, transform: .rotation(0.1)))
        #expect(!Shape.ellipse(Rect(x: -100, y: -100, width: 300, height: 300)).covers(window, transform: t))
    }

    /// A covering clip drawn as a clip (mask all 255) and left out give the same bytes; a clip half
    /// a pixel short of the edge still cuts.
    @Test func leavingACoveringClipOutChangesNoPixel() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let content: [Node] = [
            .fill(.rect(Rect(x: 0, y: 0, width: 30, height: 20)), .linearGradient(
                stops: Paint.evenStops([Color(hex: 0x5856D6), Color(hex: 0xFF2D55)]), start: Point(0, 0), end: Point(30, 20))),
            .fill(.circle(center: Point(15, 10), radius: 7), .solid(Color(hex: 0x007AFF, alpha: 0.6))),
            .text(TextRun("Hi", font: Font(size: 9, weight: .bold), origin: Point(4, 14)), .solid(.white)),
        ]
        func scene(_ clip: Shape?) -> Scene {
            Scene(size: Size(30, 20), background: .black, root: [.group(Group(content, opacity: 0.9, clip: clip))])
        }
        let unclipped = try renderer.render(scene(nil), scale: 2)
        let covering = try renderer.render(scene(.rect(Rect(x: -5, y: -5, width: 40, height: 30))), scale: 2)
        #expect(covering == unclipped)
        // The same with the mask forced: a clip the size of the canvas plus a quarter-pixel inset
        // on the far edge (not covering) must differ there and only there.
        let short = try renderer.render(scene(.rect(Rect(x: 0, y: 0, width: 29.875, height: 20))), scale: 2)
        #expect(short != unclipped)
        for y in 0..<40 { for x in 0..<59 { #expect(short[x, y] == unclipped[x, y]) } }
    }
}

// A shader paint on text asks the renderer for the text's box (widthFromText): u runs across
// the laid-out glyphs whatever the scene guessed and whatever font draws them.

import HoloClips
import HoloGeometry
@testable import HoloRaster
import HoloText
import HoloScene
import Testing

@Suite struct TextSizedPaintTests {
    let renderer = SceneRenderer(fonts: FontLibrary())

    func title(boxWidth: Double, fromText: Bool, alignment: TextAlignment = .leading) -> Scene {
        let run = TextRun("Exercises", font: .largeTitle, origin: Point(alignment == .center ? 150 : 16, 60), alignment: alignment)
        let paint = ShaderPaint(bounds: Rect(x: 16, y: 60 - 0.76 * 34, width: boxWidth, height: 34),
                                program: HolographicTextEffect(roll: 0.1, pitch: 0, time: 0.5), widthFromText: fromText)
        return Scene(size: Size(300, 90), background: .white, root: [.text(run, .shader(paint))])
    }

    @Test func theBoxIsTheMeasuredRun() throws {
        let run = TextRun("Exercises", font: .largeTitle, origin: Point(150, 60), alignment: .center)
        let width = try renderer.fonts.measure(run.string, font: run.font).width
        let paint = ShaderPaint(bounds: Rect(x: 0, y: 34, width: 10, height: 34),
                                program: HolographicTextEffect(roll: 0, pitch: 0, time: 0), widthFromText: true)
        guard case .shader(let sized) = try renderer.textSized(.shader(paint), to: run) else {
            Issue.record("not a shader paint"); return
        }
        #expect(abs(sized.bounds.width - width) < 1e-9 && abs(sized.bounds.midX - 150) < 1e-9)
        #expect(sized.bounds.minY == 34 && sized.bounds.height == 34, "the scene's vertical box stays")
    }

    /// The scene's guess no longer matters: any estimate gives the same pixels.
    @Test(arguments: [TextAlignment.leading, .center])
    func anEstimateDoesNotChangeThePixels(alignment: TextAlignment) throws {
        let a = try renderer.render(title(boxWidth: 100, fromText: true, alignment: alignment), scale: 1)
        let b = try renderer.render(title(boxWidth: 250, fromText: true, alignment: alignment), scale: 1)
        let same = a.bytes == b.bytes
        #expect(same)
        // Without asking, the guess shows (the title before: u ran over 0.62 em a character).
        let c = try renderer.render(title(boxWidth: 100, fromText: false, alignment: alignment), scale: 1)
        let d = try renderer.render(title(boxWidth: 250, fromText: false, alignment: alignment), scale: 1)
        let differ = c.bytes != d.bytes
        #expect(differ)
    }
}

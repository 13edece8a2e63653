// Emoji come from Noto Color Emoji's colour bitmaps and are drawn as colour (issue 31): not a
// coverage mask tinted by the text's paint. The fast renderer and the reference agree on them.

import HoloGeometry
import HoloPixels
@testable import HoloRaster
import HoloText
import HoloScene
import Testing

@Suite struct ColorGlyphTests {
    let fonts = FontLibrary.shared

    func scene(_ string: String) -> Scene {
        Scene(size: Size(120, 50), background: .white,
              root: [.text(TextRun(string, font: Font(size: 28), origin: Point(10, 36)), .solid(.black))])
    }

    /// Pixels whose channels spread by more than 60: colour, which black text on white never has.
    func colourful(_ canvas: Canvas) -> Int {
        var n = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let p = canvas[x, y]
                let hi = max(p.r, p.g, p.b), lo = min(p.r, p.g, p.b)
                if Int(hi) - Int(lo) > 60 { n += 1 }
            }
        }
        return n
    }

    @Test func thePartyPopperDrawsInColour() throws {
        let canvas = try SceneRenderer(fonts: fonts).render(scene("A🎉"), scale: 2)
        #expect(colourful(canvas) > 200, "the emoji's colours, not the black paint")
        // Latin text under the same paint has none.
        #expect(colourful(try SceneRenderer(fonts: fonts).render(scene("AB"), scale: 2)) == 0)
    }

    @Test func fastAndReferenceDrawTheSameEmoji() throws {
        for t in [2.0, 1.37] {
            let fast = try SceneRenderer(fonts: fonts).render(scene("x🎉y"), scale: t)
            let slow = try ReferenceRenderer(fonts: fonts).render(scene("x🎉y"), scale: t)
            var largest = 0, differing = 0
            for (a, b) in zip(fast.bytes, slow.bytes) where a != b {
                differing += 1; largest = max(largest, abs(Int(a) - Int(b)))
            }
            #expect(largest <= 1, "scale \(t): \(differing) bytes differ, largest \(largest)")
        }
    }
}

// One line in a width: shrink down to the minimum scale factor, then truncate with an ellipsis.

import HoloGeometry
@testable import HoloRaster
import HoloText
import HoloScene
import Testing

@Suite struct TextFittingTests {
    let renderer = SceneRenderer(fonts: FontLibrary())

    func width(_ run: TextRun) throws -> Double { try renderer.fonts.measure(run.string, font: run.font).width }

    @Test func aRunThatFitsIsUntouched() throws {
        let run = TextRun("Dreams", font: .body, origin: .zero, maxWidth: 300, minimumScaleFactor: 0.7)
        #expect(try renderer.fitted(run).string == "Dreams" && renderer.fitted(run).font == .body)
    }

    @Test func slightlyTooWideShrinksWithinTheFactor() throws {
        let full = try width(TextRun("Emergency Fund", font: .body, origin: .zero))
        let run = TextRun("Emergency Fund", font: .body, origin: .zero, maxWidth: full * 0.85, minimumScaleFactor: 0.7)
        let fitted = try renderer.fitted(run)
        #expect(fitted.string == "Emergency Fund")
        #expect(fitted.font.size < 17 && fitted.font.size >= 17 * 0.7)
        #expect(try width(fitted) <= full * 0.85 + 1e-9)
    }

    @Test func farTooWideShrinksToTheFactorThenTruncates() throws {
        let full = try width(TextRun("Childish Gambino · shared by Sam", font: .subheadline, origin: .zero))
        let run = TextRun("Childish Gambino · shared by Sam", font: .subheadline, origin: .zero, maxWidth: full / 2, minimumScaleFactor: 0.7)
        let fitted = try renderer.fitted(run)
        #expect(fitted.font.size == 15 * 0.7)
        #expect(fitted.string.hasSuffix("…") && fitted.string.count < run.string.count)
        #expect(try width(fitted) <= full / 2)
        // Without a factor it truncates at full size.
        var noShrink = run; noShrink.minimumScaleFactor = 1
        #expect(try renderer.fitted(noShrink).font.size == 15)
    }
}

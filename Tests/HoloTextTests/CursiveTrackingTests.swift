// Tracking as Core Text applies it (issue 43): none between the letters of a cursive (joining)
// script (CSS Text 3 § 8.2), and every glyph boundary but the line's last taking the gap.

import HoloGeometry
import HoloScene
@testable import HoloText
import Testing

@Suite struct CursiveTrackingTests {
    let library = FontLibrary()
    let marhaba = "\u{645}\u{631}\u{62D}\u{628}\u{627}"                 // مرحبا
    let sentence = "\u{645}\u{631}\u{62D}\u{628}\u{627} \u{628}\u{627}\u{644}\u{639}\u{627}\u{644}\u{645}"  // مرحبا بالعالم

    @Test func anArabicWordTakesNoTracking() throws {
        // The default family is tracked (17 pt: −0.026 em), but not between joining letters.
        let font = Font(size: 17)
        #expect(SystemTracking.em(atPointSize: 17) != 0)
        for text in [marhaba, sentence] {
            let run = try library.shape(text, font: font)
            #expect(run.glyphs.count >= 4)
            let untracked = run.advance * font.size
            #expect(abs(try library.measure(text, font: font).width - untracked) < 1e-9, "\(text)")
            // Every pen where the shaped advances alone put it.
            let line = try library.layoutLine(text, font: font, pixelSize: 17)
            var pen = 0.0
            for (g, shaped) in zip(line.glyphs, run.glyphs) {
                #expect(abs(g.x - (pen + shaped.offsetX * 17)) < 1e-9)
                pen += shaped.advance * 17
            }
            #expect(abs(line.width - untracked) < 1e-9)
        }
    }

    @Test func latinBesideArabicKeepsItsTracking() throws {
        // "abc" + space + Arabic in one run: the gaps after a, b, c and the space (which is
        // Latin's: it follows "c") are tracked; the Arabic letters' are not.
        let font = Font(size: 17)
        let text = "abc " + marhaba
        let run = try library.shape(text, font: font, direction: .leftToRight)
        let gap = SystemTracking.em(atPointSize: 17) * 17
        #expect(run.trackedGaps == 4)
        #expect(abs(try library.measure(text, font: font, direction: .leftToRight).width - (run.advance * 17 + 4 * gap)) < 1e-9)
    }

    @Test func joiningScriptsAreCursiveAndNeutralsTakeTheirNeighbours() {
        func resolved(_ s: String) -> [Bool] { CursiveScripts.resolved(Array(s.unicodeScalars)) }
        // Syriac, N'Ko, Mongolian, Arabic-Indic digits; Latin, Hebrew, Greek, CJK are not.
        for s in ["\u{710}\u{712}", "\u{7CA}\u{7CB}", "\u{1820}\u{1821}", "\u{661}\u{662}"] {
            #expect(resolved(s) == [true, true], "\(s.unicodeScalars.map(\.value))")
        }
        for s in ["ab", "\u{5D0}\u{5D1}", "\u{3B1}\u{3B2}", "\u{65E5}\u{672C}"] {
            #expect(resolved(s) == [false, false])
        }
        // Spaces and digits take the previous strong script's, or the next one's at the start.
        #expect(resolved("\u{628} 1\u{628}") == [true, true, true, true])
        #expect(resolved("a \u{628}") == [false, false, true])
        #expect(resolved(" \u{628}") == [true, true])
    }

    @Test func runsSetSideBySideTakeTheGapAtEachBoundary() throws {
        // Latin, Hebrew (right to left, not cursive), Latin: the same glyphs in one run are
        // tracked at every boundary but the last, so the three runs placed side by side are
        // exactly as wide, with one gap at each of the two run boundaries.
        let font = Font(size: 17)
        let gap = SystemTracking.em(atPointSize: 17) * 17
        let hebrew = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"
        let runs: [(string: String, direction: TextDirection)] = [("Say ", .leftToRight), (hebrew, .rightToLeft), (" now", .leftToRight)]
        let (starts, width) = try library.placeRuns(runs, font: font)
        let widths = try runs.map { try library.measure($0.string, font: font, direction: $0.direction).width }
        #expect(abs(starts[0]) < 1e-12)
        #expect(abs(starts[1] - (widths[0] + gap)) < 1e-9)
        #expect(abs(starts[2] - (widths[0] + widths[1] + 2 * gap)) < 1e-9)
        #expect(abs(width - (widths.reduce(0, +) + 2 * gap)) < 1e-9)
        let glyphs = try runs.map { try library.shape($0.string, font: font, direction: $0.direction).glyphs.count }.reduce(0, +)
        let advance = try runs.map { try library.shape($0.string, font: font, direction: $0.direction).advance }.reduce(0, +) * 17
        #expect(abs(width - (advance + Double(glyphs - 1) * gap)) < 1e-9, "one gap per glyph boundary")
        // An Arabic run after a Latin one: the boundary's gap (after Latin's space), none inside the Arabic.
        let mixed = try library.placeRuns([("abc ", .leftToRight), (marhaba, .rightToLeft)], font: font)
        let arabic = try library.shape(marhaba, font: font, direction: .rightToLeft).advance * 17
        let latin = try library.measure("abc ", font: font, direction: .leftToRight).width
        #expect(abs(mixed.starts[1] - (latin + gap)) < 1e-9)
        #expect(abs(mixed.width - (latin + gap + arabic)) < 1e-9)
    }
}

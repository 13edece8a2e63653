// One-line fitting on the made-up widths of ParagraphLayoutTests (characters 1 pt at size 10,
// spaces 0.5, "…" 1), and the one-line paragraph fitted as the one-line run is.

import HoloScene
import HoloText
import Testing

@Suite struct LineFittingTests {
    func fit(_ s: String, width: Double, minimumScaleFactor: Double = 1) -> FittedLine {
        LineFitting.fit(Substring(s), font: Font(size: 10), width: width, minimumScaleFactor: minimumScaleFactor, measure: toyWidth)
    }

    @Test func fittingTextIsLeftAlone() {
        let line = fit("abcd", width: 4, minimumScaleFactor: 0.5)
        #expect(line.text == "abcd" && line.font.size == 10 && !line.isTruncated)
    }

    @Test func shrinksToTheWidthThenCutsTheTail() {
        // 6 wide in 4: size 10 × 4 / 6 when the factor allows it.
        let shrunk = fit("abcdef", width: 4, minimumScaleFactor: 0.5)
        #expect(shrunk.text == "abcdef" && !shrunk.isTruncated)
        #expect(shrunk.font.size <= 10 * 4 / 6 && shrunk.font.size > 10 * 4 / 6 - 0.01)
        // At most 0.8: 4.8 wide at size 8, so cut there: "abcd…" is 4 wide, "abcde…" 4.8.
        let cut = fit("abcdef", width: 4, minimumScaleFactor: 0.8)
        #expect(cut.font.size == 8 && cut.text == "abcd…" && cut.isTruncated)
        #expect(cut.end == "abcdef".firstIndex(of: "e"))
        // Spaces before the "…" are dropped; nothing fits: "…" alone.
        #expect(fit("ab  cdef", width: 4).text == "ab…")
        #expect(fit("abc", width: 0.5).text == "…")
    }

    @Test func aOneLineParagraphIsFittedAsAOneLineRun() {
        for (text, width, factor) in [("aaaa bbbb", 8.0, 0.5), ("aaaa bbbb", 8.0, 0.95), ("abcdefghij", 3.0, 1.0), ("ab cd ef", 5.0, 0.7)] {
            let run = fit(text, width: width, minimumScaleFactor: factor)
            let p = toyLayout(text, width: width, lineLimit: 1, minimumScaleFactor: factor)
            #expect(p.lines.count == 1)
            #expect(p.font == run.font && p.lines[0].text == run.text && p.lines[0].isTruncated == run.isTruncated)
        }
    }
}

// One line of text in a width, as SwiftUI fits `Text` with `.lineLimit(1)`: the font shrinks, down
// to `minimumScaleFactor`, until the line fits; if it still does not fit at the smallest size, the
// line is cut between grapheme clusters to the most that fits before "…" (tail truncation, as
// `.byTruncatingTail`; "…" alone when nothing does). Both one-line runs (SceneRenderer's `maxWidth`)
// and one-line paragraphs (ParagraphLayout with a line limit of 1) are fitted here; ParagraphLayout's
// last line under a larger limit is cut by the same `truncated`.
//
// The scale: widths scale with the font size, nearly (hinting and rounding can leave the line a
// hair too wide), so the first guess is width / measured width, and it shrinks by the overshoot
// again, a few times.

import HoloScene

/// A line as fitted: the font it is set in and the text drawn.
public struct FittedLine: Hashable, Sendable {
    /// The line's font, or smaller by up to the minimum scale factor.
    public var font: Font
    /// What is drawn: the text, or its head and "…".
    public var text: String
    /// Where the drawn part of the source ends (its end when nothing was cut).
    public var end: String.Index
    public var isTruncated: Bool
}

public enum LineFitting {
    /// `text` on one line at most `width` wide in `font`, shrunk by at most `minimumScaleFactor`
    /// (in 0…1) and then cut. `measure` gives the advance width of a piece of text in a font.
    public static func fit<E: Error>(_ text: Substring, font: Font, width: Double, minimumScaleFactor: Double,
                                     measure: (Substring, Font) throws(E) -> Double) throws(E) -> FittedLine {
        let natural = try measure(text, font)
        guard natural > width else { return FittedLine(font: font, text: String(text), end: text.endIndex, isTruncated: false) }
        var used = font
        var s = max(minimumScaleFactor, width / natural)
        for _ in 0..<4 {
            used.size = font.size * s
            let scaled = try measure(text, used)
            if scaled <= width { return FittedLine(font: used, text: String(text), end: text.endIndex, isTruncated: false) }
            if s <= minimumScaleFactor { break }
            s = max(minimumScaleFactor, s * width / scaled * 0.999)
        }
        let (end, shown) = try truncated(text, width: width, font: used, measure: measure)
        return FittedLine(font: used, text: shown, end: end, isTruncated: true)
    }

    /// `text` cut between grapheme clusters to the most that fits with "…" after it (white space
    /// before the "…" dropped): where the cut is and the text to draw. Nothing fits: "…" alone.
    /// Widths grow as clusters are added, so the cut is found by bisection.
    public static func truncated<E: Error>(_ text: Substring, width: Double, font: Font,
                                           measure: (Substring, Font) throws(E) -> Double) throws(E) -> (String.Index, String) {
        let cuts = [text.startIndex] + Array(text.indices.dropFirst()) + (text.isEmpty ? [] : [text.endIndex])
        func shown(_ k: Int) -> String { BreakableText.trimmed(text[..<cuts[k]]) + "…" }
        var lo = 0, hi = cuts.count - 1   // cuts[0] ("…" alone) is taken even when it does not fit
        while hi > lo {
            let mid = (lo + hi + 1) / 2
            if try measure(Substring(shown(mid)), font) <= width { lo = mid } else { hi = mid - 1 }
        }
        return (cuts[lo], shown(lo))
    }
}

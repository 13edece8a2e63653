// The line filler on made-up widths (every character 1 pt at size 10, a space 0.5, "…" 1, all
// proportional to the size), so each expected line can be worked out by hand.

import HoloScene
import HoloText
import Testing

/// Widths in points: characters 1, spaces 0.5 at size 10, linear in the size.
func toyWidth(_ s: Substring, _ font: Font) -> Double {
    s.reduce(0.0) { $0 + ($1 == " " ? 0.5 : 1) } * font.size / 10
}

let toyMetrics = LineMetrics(ascent: 8, descent: 2, lineHeight: 12)

func toyLayout(_ s: String, width: Double?, lineLimit: Int? = nil, spacing: Double = 0, alignment: TextAlignment = .leading,
               minimumScaleFactor: Double = 1) -> Paragraph {
    ParagraphLayout.layout(s, font: Font(size: 10), style: ParagraphStyle(wrapWidth: width, lineLimit: lineLimit, lineSpacing: spacing,
                                                                          alignment: alignment, minimumScaleFactor: minimumScaleFactor),
                           metrics: toyMetrics, measure: toyWidth)
}

@Suite struct ParagraphLayoutTests {
    @Test func greedyAtSpaces() {
        // "aaa bbb" is 6.5 wide: it fits 6.5 and not 6.4.
        #expect(toyLayout("aaa bbb ccc", width: 6.5).lines.map(\.text) == ["aaa bbb", "ccc"])
        #expect(toyLayout("aaa bbb ccc", width: 6.4).lines.map(\.text) == ["aaa", "bbb", "ccc"])
        #expect(toyLayout("aaa bbb ccc", width: nil).lines.map(\.text) == ["aaa bbb ccc"])
    }

    @Test func trailingSpacesHangUncounted() {
        let p = toyLayout("aaa     bbb", width: 3)
        #expect(p.lines.map(\.text) == ["aaa", "bbb"])
        #expect(p.lines[0].width == 3)
        // The range still covers the spaces: the next line starts at "bbb".
        #expect(p.lines[1].range.lowerBound == "aaa     bbb".firstIndex(of: "b"))
    }

    @Test func aLongWordBreaksBetweenClusters() {
        #expect(toyLayout("abcdefghij", width: 3).lines.map(\.text) == ["abc", "def", "ghi", "j"])
        // Narrower than one cluster: one cluster a line, never none.
        #expect(toyLayout("abc", width: 0.2).lines.map(\.text) == ["a", "b", "c"])
        // A cluster of several scalars is never split.
        #expect(toyLayout("e\u{301}e\u{301}e\u{301}", width: 2).lines.map(\.text) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func mandatoryBreaks() {
        #expect(toyLayout("ab\ncd", width: nil).lines.map(\.text) == ["ab", "cd"])
        #expect(toyLayout("ab\n", width: nil).lines.map(\.text) == ["ab", ""])
        #expect(toyLayout("", width: 10).lines.map(\.text) == [""])
    }

    @Test func lineLimitEndsInAnEllipsis() {
        // Three lines in 6.5 ("aaa bbb", "ccc ddd", "eee"); in two, the second takes the rest cut
        // to "ccc dd" + "…" (6.5 wide; "ccc ddd…" would be 7.5).
        let p = toyLayout("aaa bbb ccc ddd eee", width: 6.5, lineLimit: 2)
        #expect(p.lines.map(\.text) == ["aaa bbb", "ccc dd…"])
        #expect(p.lines.map(\.isTruncated) == [false, true])
        #expect(p.lines.allSatisfy { $0.width <= 6.5 })
        // A limit the text fits within changes nothing.
        #expect(toyLayout("aaa bbb ccc ddd eee", width: 6.5, lineLimit: 3).lines.map(\.text) == ["aaa bbb", "ccc ddd", "eee"])
        #expect(toyLayout("aaa bbb ccc ddd", width: 5.5, lineLimit: 2).lines.map(\.text) == ["aaa", "bbb c…"])
        // Spaces before the "…" are dropped: "bbb …" would waste the room.
        #expect(toyLayout("aaa bbb ccc ddd", width: 4.9, lineLimit: 2).lines.map(\.text) == ["aaa", "bbb…"])
        // The truncated line takes its paragraph's rest, not the next paragraph.
        #expect(toyLayout("ab\ncd\nef", width: nil, lineLimit: 2).lines.map(\.text) == ["ab", "cd…"])
    }

    @Test func shrinksBeforeTruncating() {
        // "aaaa bbbb" is 8.5 wide at size 10: one line in 8 needs the size × 8 / 8.5.
        let shrunk = toyLayout("aaaa bbbb", width: 8, lineLimit: 1, minimumScaleFactor: 0.5)
        #expect(shrunk.lines.map(\.text) == ["aaaa bbbb"])
        let fitting: Double = 10 * 8 / 8.5
        #expect(shrunk.font.size <= fitting && shrunk.font.size > fitting - 0.01)
        #expect(shrunk.lines[0].width <= 8)
        // Not enough room even at the smallest size: truncated at that size.
        let cut = toyLayout("aaaa bbbb", width: 8, lineLimit: 1, minimumScaleFactor: 0.95)
        #expect(cut.font.size == 9.5)
        #expect(cut.lines.count == 1 && cut.lines[0].isTruncated && cut.lines[0].width <= 8)
        // No limit: nothing to shrink for, the text wraps at full size.
        #expect(toyLayout("aaaa bbbb", width: 8, minimumScaleFactor: 0.5).font.size == 10)
        // Metrics shrink with the font.
        #expect(shrunk.metrics.lineHeight == 12 * shrunk.font.size / 10)
    }

    @Test func alignmentPlacesEachLine() {
        for (alignment, factor) in [(TextAlignment.leading, 0.0), (.center, -0.5), (.trailing, -1.0)] {
            let p = toyLayout("aaaa bb", width: 4, alignment: alignment)
            #expect(p.lines.map(\.text) == ["aaaa", "bb"])
            #expect(p.lines.map(\.x) == [4 * factor, 2 * factor])
        }
    }

    @Test func lineSpacingAddsBetweenLines() {
        #expect(toyLayout("a b c", width: 1, spacing: 3).lines.map(\.baseline) == [0, 15, 30])
        #expect(toyLayout("a b c", width: 1, spacing: -5).lines.map(\.baseline) == [0, 12, 24])
    }

    /// Long text costs about its length × log, not its length squared: the characters measured in
    /// all, for a 10,000-character paragraph and a 10,000-character word.
    @Test func longTextIsMeasuredAboutOnce() {
        for (text, width) in [(String(repeating: "word ", count: 2_000), 30.0), (String(repeating: "a", count: 10_000), 0.5)] {
            var measured = 0
            let p = ParagraphLayout.layout(text, font: Font(size: 10), style: ParagraphStyle(wrapWidth: width), metrics: toyMetrics,
                                           measure: { piece, font in measured += piece.count; return toyWidth(piece, font) })
            #expect(p.lines.allSatisfy { $0.width <= width || $0.text.count == 1 })
            #expect(p.lines.count > 300)
            #expect(measured < 20 * text.count, "\(measured) characters measured for \(text.count)")
        }
    }
}

/// FontLibrary.paragraph keeps what ParagraphLayout.layout returns: the same paragraph the first
/// time, from the cache, and after the cache starts over.
@Suite struct ParagraphCacheTests {
    @Test func theLibrarysParagraphIsTheLayoutsAtEveryVisit() throws {
        let fonts = FontLibrary()
        let font = Font(size: 17, weight: .regular)
        let m = try fonts.measure("", font: font)
        let cases: [(String, ParagraphStyle)] = [
            ("Fleetwood Mac · shared by Mia", ParagraphStyle(wrapWidth: 120, lineLimit: 2, lineSpacing: 0, alignment: .leading, minimumScaleFactor: 1)),
            ("Start Empty Workout", ParagraphStyle(wrapWidth: 90, lineLimit: 4, lineSpacing: 2, alignment: .center, minimumScaleFactor: 0.5)),
            ("Start Empty Workout", ParagraphStyle(wrapWidth: 91, lineLimit: 4, lineSpacing: 2, alignment: .center, minimumScaleFactor: 0.5)),
        ]
        var directs: [Paragraph] = []
        for (string, style) in cases {
            let direct = try ParagraphLayout.layout(string, font: font, style: style,
                                                    metrics: LineMetrics(ascent: m.ascent, descent: m.descent, lineHeight: m.lineHeight),
                                                    measure: { text, font throws in try fonts.measure(String(text), font: font).width })
            #expect(try fonts.paragraph(string, font: font, style: style) == direct)
            #expect(try fonts.paragraph(string, font: font, style: style) == direct)
            directs.append(direct)
        }
        // Past the cap the cache starts over and still answers rightly.
        for i in 0...FontLibrary.maxCachedParagraphs {
            _ = try fonts.paragraph("\(i)", font: font, style: cases[0].1)
        }
        for (i, (string, style)) in cases.enumerated() {
            #expect(try fonts.paragraph(string, font: font, style: style) == directs[i])
        }
    }

    /// Canonically equivalent strings (Swift's `==`) with different scalars do not share what the
    /// caches keep: each paragraph's line ranges and each string's break opportunities are
    /// positions in its own scalars.
    @Test func equivalentStringsKeepTheirOwnPositions() throws {
        let fonts = FontLibrary()
        let font = Font(size: 17, weight: .regular)
        let composed = "Caf\u{E9} au lait, cr\u{E8}me br\u{FB}l\u{E9}e"
        let decomposed = "Cafe\u{301} au lait, cre\u{300}me bru\u{302}le\u{301}e"
        #expect(composed == decomposed && composed.utf8.count != decomposed.utf8.count)
        let style = ParagraphStyle(wrapWidth: 90, lineLimit: nil, lineSpacing: 0, alignment: .leading, minimumScaleFactor: 1)
        for string in [composed, decomposed] {
            let p = try fonts.paragraph(string, font: font, style: style)
            #expect(p.lines.count > 1)
            #expect(p.lines.map { String(string[$0.range]) }.joined().utf8.elementsEqual(string.utf8))
            let breaks = LineBreaking.opportunities(in: string)
            #expect(breaks.last?.index == string.endIndex)
            #expect(breaks.allSatisfy { $0.index.samePosition(in: string.unicodeScalars) != nil })
        }
        #expect(LineBreaking.opportunities(in: decomposed).map { decomposed.utf8.distance(from: decomposed.startIndex, to: $0.index) }
                != LineBreaking.opportunities(in: composed).map { composed.utf8.distance(from: composed.startIndex, to: $0.index) })
    }
}

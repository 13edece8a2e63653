// Break opportunities and bidi runs from ICU, on strings whose answer the Unicode rules fix.

import HoloText
import Testing

@Suite struct LineBreakingTests {
    /// The opportunities as character offsets, "*" after the mandatory ones.
    func offsets(_ s: String) -> [String] {
        LineBreaking.opportunities(in: s).map { "\(s.distance(from: s.startIndex, to: $0.index))\($0.isMandatory ? "*" : "")" }
    }

    @Test func afterSpaces() {
        // UAX #14 LB18: a break after a run of spaces, never before it.
        #expect(offsets("Hello world") == ["6", "11"])
        #expect(offsets("a  b") == ["3", "4"])
    }

    @Test func afterHyphens() {
        // LB21: no break before a hyphen, one after it.
        #expect(offsets("well-known") == ["5", "10"])
    }

    @Test func betweenIdeographs() {
        // Ideographs (ID) break on either side: each is its own opportunity.
        #expect(offsets("日本語") == ["1", "2", "3"])
        // Closing punctuation stays with what it follows (LB13/LB30's CL).
        #expect(!offsets("日本。").contains("2"))
    }

    @Test func insideURLsOnlyAtSlashes() {
        let s = "example.com/abc/def"
        let o = offsets(s)
        // After a solidus before letters (LB31); not after "." between letters (LB29), not inside words.
        #expect(o.contains("12") && o.contains("16"))
        #expect(!o.contains("8") && !o.contains("3"))
    }

    @Test func mandatoryAfterNewlines() {
        #expect(offsets("ab\ncd") == ["3*", "5"])
        #expect(offsets("ab\r\ncd") == ["3*", "5"])   // CR LF is one Character
        #expect(offsets("ab\u{2028}cd") == ["3*", "5"])
        #expect(offsets("") == [])
    }

    @Test func neverInsideAGraphemeCluster() {
        let s = "e\u{301}e\u{301} x👩‍👩‍👧"
        for o in LineBreaking.opportunities(in: s) {
            #expect(o.index.samePosition(in: s.unicodeScalars) != nil && s.indices.contains(o.index) || o.index == s.endIndex)
        }
    }

    @Test func bidiRunsInVisualOrder() {
        // "abc אבג def": three runs, the Hebrew one right to left, in a left-to-right paragraph.
        let s = "abc \u{5D0}\u{5D1}\u{5D2} def"
        let (paragraph, runs) = LineBreaking.bidiRuns(in: s, line: s.startIndex..<s.endIndex)
        #expect(paragraph == .leftToRight)
        #expect(runs.map { String(s[$0.range]) } == ["abc ", "\u{5D0}\u{5D1}\u{5D2}", " def"])
        #expect(runs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
        // A Hebrew paragraph with a Latin word: the paragraph reads right to left, so the runs'
        // visual order puts the last logical run at the left.
        let h = "\u{5D0}\u{5D1} abc \u{5D2}"
        let (hp, hr) = LineBreaking.bidiRuns(in: h, line: h.startIndex..<h.endIndex)
        #expect(hp == .rightToLeft)
        #expect(hr.map { String(h[$0.range]) } == ["\u{5D2}", "abc", "\u{5D0}\u{5D1} "] || hr.map { String(h[$0.range]) } == [" \u{5D2}", "abc", " \u{5D0}\u{5D1}"] || hr.count == 3)
        #expect(hr.map(\.direction) == [.rightToLeft, .leftToRight, .rightToLeft])
        // One direction: one run; an explicit paragraph direction wins over the first strong character.
        #expect(LineBreaking.bidiRuns(in: "plain", line: "plain".startIndex..<"plain".endIndex).runs.count == 1)
        #expect(LineBreaking.bidiRuns(in: "plain", line: "plain".startIndex..<"plain".endIndex, paragraph: .rightToLeft).paragraph == .rightToLeft)
    }
}

// The fast line filler (bisection over break opportunities) against a slow one that tries every
// split in order and shares no code with it, on random strings and widths; and a wrap width is
// never exceeded.

import HoloGeometry
import HoloScene
import HoloText
import Testing

/// The obvious wrap: from each line's start, walk every character boundary in order and keep the
/// last break opportunity whose text (without trailing white space) fits; when there is none, the
/// last character boundary that fits, at least one character. Opportunities are given (ICU's) as
/// character offsets; widths come from `toyWidth`.
func referenceWrap(_ s: String, width: Double, opportunities: [Int: Bool]) -> [String] {
    let chars = Array(s)
    func shown(_ a: Int, _ b: Int) -> String {
        var t = Array(chars[a..<b])
        while let c = t.last, c.isWhitespace { t.removeLast() }
        return String(t)
    }
    func fits(_ a: Int, _ b: Int) -> Bool { toyWidth(Substring(shown(a, b)), Font(size: 10)) <= width }
    if chars.isEmpty { return [""] }
    var lines: [String] = []
    var start = 0
    while start < chars.count {
        var best: Int?
        var end = start + 1
        while end <= chars.count {
            if let mandatory = opportunities[end] {
                if fits(start, end) { best = end }
                if mandatory { break }
            }
            end += 1
        }
        if best == nil {
            var e = start + 1
            for k in (start + 1)...chars.count where fits(start, k) {
                // Not past the line's mandatory break.
                if (start + 1..<k).contains(where: { opportunities[$0] == true }) { break }
                e = k
            }
            best = e
        }
        lines.append(shown(start, best!))
        start = best!
    }
    if opportunities[chars.count] == true { lines.append("") }
    return lines
}

@Suite struct ParagraphReferenceTests {
    static let alphabet: [Character] = ["a", "b", "W", " ", " ", "-", "日", "\n", "é", "/", "1"]

    @Test func fastMatchesTheReferenceOnRandomStrings() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<400 {
            let n = Int(rng.next() % 40)
            let s = String((0..<n).map { _ in Self.alphabet[Int(rng.next() % UInt64(Self.alphabet.count))] })
            let width = 0.5 + 12 * rng.unit()
            var opportunities: [Int: Bool] = [:]
            for o in LineBreaking.opportunities(in: s) { opportunities[s.distance(from: s.startIndex, to: o.index)] = o.isMandatory }
            let fast = toyLayout(s, width: width)
            let expected = referenceWrap(s, width: width, opportunities: opportunities)
            #expect(fast.lines.map(\.text) == expected, "\(s.debugDescription) in \(width)")
            // Never wider than the width, except a line of one cluster that cannot be split.
            for line in fast.lines where line.text.count > 1 { #expect(line.width <= width, "\(s.debugDescription)") }
            // The lines' ranges tile the string.
            var at = s.startIndex
            for line in fast.lines where !line.range.isEmpty { #expect(line.range.lowerBound == at); at = line.range.upperBound }
            #expect(at == s.endIndex)
        }
    }

    @Test func theReferenceCanFail() {
        // The comparison would see a wrong filler: a wrap at a narrower width differs.
        let s = "aaa bbb ccc"
        var opportunities: [Int: Bool] = [:]
        for o in LineBreaking.opportunities(in: s) { opportunities[s.distance(from: s.startIndex, to: o.index)] = o.isMandatory }
        #expect(referenceWrap(s, width: 6.5, opportunities: opportunities) != toyLayout(s, width: 6.4).lines.map(\.text))
    }
}

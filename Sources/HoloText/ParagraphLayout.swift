// A paragraph as SwiftUI's `Text` sets it: lines filled greedily at the Unicode line-break
// opportunities, a word wider than the line broken between grapheme clusters, `lineLimit` with the
// last line ending in "…", `minimumScaleFactor` shrinking the font before anything is truncated,
// each line aligned on its own, and `lineSpacing` added between lines.
//
// A pure function of the string, the font, the style, the font's line metrics and a `measure`
// closure (the advance width of a piece of text in a font): it knows nothing of FreeType or
// HarfBuzz, so the renderer plugs in whatever measures its glyphs (today the unshaped advances of
// HoloRaster's TextLayout; the shaped width when shaping lands) and the tests plug in made-up
// widths.
//
// Rules, and where they come from:
// - Greedy filling (what Core Text and TextKit do for `Text`; SwiftUI does not balance lines): a
//   line takes the most text up to a break opportunity whose width fits; the next line starts
//   after the break. White space at a line's end hangs: it is neither counted in the width nor
//   drawn (a trailing-aligned line's last letter touches the edge).
// - A mandatory break (newline, U+2028/2029) ends the line; text ending in one has an empty last line.
// - When not even the first word fits, the line is the most grapheme clusters that fit, at least one.
// - `lineLimit` 1 on text without a mandatory break is one line fitted as LineFitting fits a
//   one-line run (the scale from the measured width, then "…").
// - `lineLimit` L: when the text needs more lines, first the font shrinks, down to
//   `minimumScaleFactor`, to the largest size at which it takes at most L lines (a bisection: the
//   line count only grows with the size, since every width scales with it); if L lines are still
//   too few at the smallest size, the L-th line takes the rest of its paragraph cut between
//   grapheme clusters to the most that fits before "…" (tail truncation, as `.byTruncatingTail`).
// - Line i's baseline is i × (lineHeight + lineSpacing) below the first (negative spacing counts
//   as 0); lineHeight is the font's (ascender + descender + line gap).
// - Alignment places each line against the run's origin: leading lines start at it, centred ones
//   are centred on it, trailing ones end at it.
//
// Widths are assumed to grow as text is added to a line (true of advances; a kerning pair never
// takes back a whole glyph's advance), so the longest fitting piece is found by galloping and
// bisection: O(log) measurements per line, each of at most about twice the line, so a paragraph
// costs about its length × log, not its length squared. ParagraphReferenceTests holds this against
// a slow wrap that tries every split.

import HoloScene
import HoloStop

/// A font's vertical metrics, in points at the font's size.
public struct LineMetrics: Hashable, Sendable {
    public var ascent: Double
    public var descent: Double
    /// Baseline to baseline with no extra spacing.
    public var lineHeight: Double
    public init(ascent: Double, descent: Double, lineHeight: Double) {
        self.ascent = ascent; self.descent = descent; self.lineHeight = lineHeight
    }
    func scaled(by s: Double) -> LineMetrics { LineMetrics(ascent: ascent * s, descent: descent * s, lineHeight: lineHeight * s) }
}

/// How a paragraph is set (SwiftUI's modifiers on `Text`).
public struct ParagraphStyle: Hashable, Sendable {
    /// Lines no wider than this, in points (the width SwiftUI proposes to the text); nil: lines end only at mandatory breaks.
    public var wrapWidth: Double?
    /// At most this many lines (nil: any number).
    public var lineLimit: Int?
    /// Points added between lines.
    public var lineSpacing: Double
    public var alignment: TextAlignment
    public var minimumScaleFactor: Double
    public init(wrapWidth: Double? = nil, lineLimit: Int? = nil, lineSpacing: Double = 0,
                alignment: TextAlignment = .leading, minimumScaleFactor: Double = 1) {
        self.wrapWidth = wrapWidth; self.lineLimit = lineLimit; self.lineSpacing = lineSpacing
        self.alignment = alignment; self.minimumScaleFactor = minimumScaleFactor
    }
}

/// One line of a laid-out paragraph.
public struct ParagraphLine: Hashable, Sendable {
    /// The source characters on this line, trailing white space and the line's break included.
    public var range: Range<String.Index>
    /// What is drawn: the range without trailing white space, plus "…" when `isTruncated`.
    public var text: String
    /// Advance width of `text`, points.
    public var width: Double
    /// The line's baseline below the first line's, points.
    public var baseline: Double
    /// The line's start from the run's origin (alignment), points.
    public var x: Double
    /// The line ends in "…": the text went on past the line limit.
    public var isTruncated: Bool
}

/// A laid-out paragraph.
public struct Paragraph: Hashable, Sendable {
    /// The font the lines are set in: the run's, or smaller by up to `minimumScaleFactor`.
    public var font: Font
    /// The font's metrics at that size.
    public var metrics: LineMetrics
    public var lines: [ParagraphLine]
    /// The widest line's width, points.
    public var width: Double { lines.reduce(0) { max($0, $1.width) } }
}

public enum ParagraphLayout {
    /// Lays `string` out in `font` by `style`. `metrics` are the font's at `font.size`; `measure`
    /// gives the advance width of a piece of text in a font, in points.
    public static func layout<E: Error>(_ string: String, font: Font, style: ParagraphStyle, metrics: LineMetrics,
                                        measure: (Substring, Font) throws(E) -> Double) throws(E) -> Paragraph {
        let text = BreakableText(string, breaks: LineBreaking.opportunities(in: string))
        let width = style.wrapWidth.map { $0.isNaN ? 0 : max(0, $0) } ?? .infinity
        let limit = style.lineLimit.map { max(1, $0) }
        var used = font
        var ends = try text.lineEnds(width: width, font: font, measure: measure)
        let smallest = min(1, max(0, style.minimumScaleFactor.isNaN ? 1 : style.minimumScaleFactor))
        if limit == 1, ends.count > 1, text.mandatoryEnd(after: string.startIndex) == string.endIndex {
            // One line of one paragraph: fitted as a one-line run is.
            var whole = string[...]
            while let c = whole.last, c.isWhitespace { whole = whole.dropLast() }
            let line = try LineFitting.fit(whole, font: font, width: width, minimumScaleFactor: smallest, measure: measure)
            let m = metrics.scaled(by: font.size > 0 ? line.font.size / font.size : 1)
            let w = try measure(Substring(line.text), line.font)
            let range = string.startIndex..<(line.isTruncated ? line.end : string.endIndex)
            return Paragraph(font: line.font, metrics: m, lines: [ParagraphLine(range: range, text: line.text, width: w, baseline: 0,
                                                                                 x: x(width: w, style.alignment), isTruncated: line.isTruncated)])
        }
        if let limit, ends.count > limit, smallest < 1 {
            // The largest scale in [smallest, 1] that fits in `limit` lines, if the smallest does.
            var small = font
            small.size = font.size * smallest
            let atSmallest = try text.lineEnds(width: width, font: small, measure: measure)
            if atSmallest.count <= limit {
                var lo = smallest, hi = 1.0, best = atSmallest
                for _ in 0..<14 where hi - lo > 0.0005 {
                    let mid = (lo + hi) / 2
                    var f = font
                    f.size = font.size * mid
                    let e = try text.lineEnds(width: width, font: f, measure: measure)
                    if e.count <= limit { lo = mid; best = e } else { hi = mid }
                }
                used.size = font.size * lo
                ends = best
            } else {
                used = small
                ends = atSmallest
            }
        }
        let m = metrics.scaled(by: font.size > 0 ? used.size / font.size : 1)
        let advance = m.lineHeight + max(0, style.lineSpacing.isNaN ? 0 : style.lineSpacing)
        var lines: [ParagraphLine] = []
        var start = string.startIndex
        for (i, end) in ends.enumerated() {
            var range = start..<end
            var shown = BreakableText.trimmed(string[range])
            var truncated = false
            if let limit, i == limit - 1, ends.count > limit {
                // The rest of this paragraph (to its next mandatory break), cut to fit before "…".
                let paragraphEnd = text.mandatoryEnd(after: start)
                let (cut, s) = try LineFitting.truncated(string[start..<paragraphEnd], width: width, font: used, measure: measure)
                range = start..<cut
                shown = s
                truncated = true
            }
            let w = try measure(Substring(shown), used)
            lines.append(ParagraphLine(range: range, text: shown, width: w, baseline: Double(i) * advance, x: x(width: w, style.alignment),
                                       isTruncated: truncated))
            start = end
            if truncated { break }
        }
        return Paragraph(font: used, metrics: m, lines: lines)
    }

    /// A line's start from the run's origin: leading lines start at it, centred ones are centred
    /// on it, trailing ones end at it.
    static func x(width w: Double, _ alignment: TextAlignment) -> Double {
        switch alignment {
        case .leading: return 0
        case .center: return -w / 2
        case .trailing: return -w
        }
    }
}

/// A string with its break opportunities and cluster boundaries, for the line filler.
struct BreakableText {
    let string: String
    let breaks: [LineBreakOpportunity]
    init(_ string: String, breaks: [LineBreakOpportunity]) { self.string = string; self.breaks = breaks }

    /// The piece without trailing white space (hanging spaces and the break itself).
    static func trimmed(_ s: Substring) -> String {
        var t = s
        while let c = t.last, c.isWhitespace { t = t.dropLast() }
        return String(t)
    }

    /// Where each line ends (the next line's start), greedily; an empty string is one empty line.
    func lineEnds<E: Error>(width: Double, font: Font, measure: (Substring, Font) throws(E) -> Double) throws(E) -> [String.Index] {
        guard !breaks.isEmpty else { return [string.endIndex] }
        // The first mandatory opportunity at or after each one (the last opportunity when none is).
        var mandatory = [Int](repeating: breaks.count - 1, count: breaks.count)
        var next = breaks.count - 1
        for k in stride(from: breaks.count - 1, through: 0, by: -1) {
            if breaks[k].isMandatory { next = k }
            mandatory[k] = next
        }
        var ends: [String.Index] = []
        var start = string.startIndex
        var b = 0   // first opportunity after `start`
        while start < string.endIndex {
            // Between lines: a stopped frame (its deadline, a signal) ends the layout here.
            if FrameWatch.shouldStop() { break }
            while breaks[b].index <= start { b += 1 }
            // Candidates: opportunities b...last, up to and including the first mandatory one.
            let last = mandatory[b]
            func fits(_ k: Int) throws(E) -> Bool {
                try measure(Substring(BreakableText.trimmed(string[start..<breaks[k].index])), font) <= width
            }
            // The first word, cluster by cluster (galloping, so a word longer than many lines is
            // not measured whole for each of them): all of it when it fits (or is one cluster).
            var end = try longestClusters(from: start, to: breaks[b].index, width: width, font: font, measure: measure)
            if end == breaks[b].index {
                // More words: galloping, then bisection over the opportunities, so the pieces
                // measured are at most about twice the line however long the paragraph (a plain
                // bisection over b...last would measure the rest of the paragraph for every line).
                var lo = b, hi = last + 1, step = 1   // lo taken; !fits(hi) unless hi == last + 1
                while lo < last {
                    let probe = min(lo + step, last)
                    if try fits(probe) { lo = probe; step *= 2 } else { hi = probe; break }
                }
                while hi - lo > 1 {
                    let mid = (lo + hi) / 2
                    if try fits(mid) { lo = mid } else { hi = mid }
                }
                end = breaks[lo].index
            }
            ends.append(end)
            start = end
        }
        if breaks.last?.isMandatory == true { ends.append(string.endIndex) }
        return ends
    }

    /// The most grapheme clusters from `start` (at least one, at most to `limit`) whose width,
    /// without trailing white space, fits. Galloping from one cluster, so a line of k clusters
    /// costs measurements of O(k) clusters, not of the whole word.
    func longestClusters<E: Error>(from start: String.Index, to limit: String.Index, width: Double, font: Font,
                                   measure: (Substring, Font) throws(E) -> Double) throws(E) -> String.Index {
        /// The position `k` clusters after `start`, nil past `limit`.
        func cut(_ k: Int) -> String.Index? { string.index(start, offsetBy: k, limitedBy: limit) }
        func fits(_ k: Int) throws(E) -> Bool {
            guard let i = cut(k) else { return false }
            return try measure(Substring(BreakableText.trimmed(string[start..<i])), font) <= width
        }
        var lo = 1, hi = 2, step = 1   // cluster 1 is taken even when it does not fit; !fits(hi)
        while true {
            let probe = lo + step
            guard cut(probe) != nil, try fits(probe) else { hi = probe; break }
            lo = probe; step *= 2
        }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if try fits(mid) { lo = mid } else { hi = mid }
        }
        return cut(lo) ?? limit
    }

    /// The first mandatory break's position after `start`, without the break's own characters
    /// (the string's end when there is none).
    func mandatoryEnd(after start: String.Index) -> String.Index {
        guard let hard = breaks.first(where: { $0.index > start && $0.isMandatory }) else { return string.endIndex }
        var end = hard.index
        while end > start, string[string.index(before: end)].isNewline { end = string.index(before: end) }
        return end
    }
}

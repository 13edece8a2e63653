// Text that sizes itself, as SwiftUI's `Text` does: offered a width it wraps in it and is as wide as
// its widest line; offered nil it takes its ideal size (lines end only at newlines); offered a
// height too short for its lines it shows the lines that fit, the last one truncated. The lines are
// HoloText's ParagraphLayout, the same function the renderer sets the text with, fed the same
// widths, so what layout measured is what is drawn (the builder hands the renderer the width the
// text wrapped in, not the rounded frame).
//
// Heights: every line takes its style's leading (baseline to baseline; the font's own line height
// when no style was named, or when that is taller), and the first baseline sits half the leading's
// extra space below the top, as CSS and Figma's text boxes place it: baseline = (L − (a + d)) / 2 + a.
// SwiftUI's single-line `Text` measures the font's line height instead (≈ 20.3 pt for body against
// its leading 22): docs/layout.md lists that as a difference.
//
// Truncation: `tail` is ParagraphLayout's (lineLimit's last line ends in "…", after
// `minimumScaleFactor` has shrunk the font as far as it may); `head` and `middle` apply to one-line
// text and are cut here, between grapheme clusters, before the renderer sees the string.

import HoloGeometry
import HoloMotion
import HoloScene
import HoloText

/// Widths and vertical metrics of text, in points: what layout measures with.
public protocol TextMeasuring: Sendable {
    func width(_ text: Substring, _ font: Font) -> Double
    func lineMetrics(_ font: Font) -> LineMetrics
}

/// The font library the renderer draws with (`FontLibrary.shared`, as the built-in clips measure).
public struct FontLibraryMeasure: TextMeasuring {
    public let fonts: FontLibrary
    public init(_ fonts: FontLibrary = .shared) { self.fonts = fonts }
    public func width(_ text: Substring, _ font: Font) -> Double {
        (try? fonts.measure(String(text), font: font).width) ?? 0.6 * font.size * Double(text.count)
    }
    public func lineMetrics(_ font: Font) -> LineMetrics {
        guard let m = try? fonts.measure("", font: font) else {
            return LineMetrics(ascent: 0.97 * font.size, descent: 0.24 * font.size, lineHeight: 1.21 * font.size)
        }
        return LineMetrics(ascent: m.ascent, descent: m.descent, lineHeight: m.lineHeight)
    }
}

/// How a text leaf is drawn in its frame: what the builder hands the renderer.
public struct TextFit: Hashable, Sendable {
    /// The string to draw (cut and given its "…" here for head and middle truncation).
    public var string: String
    /// The width the lines were broken in; nil when lines end only at newlines.
    public var wrapWidth: Double?
    public var lineLimit: Int?
    /// Points added to the font's line height between lines, so lines are `leading` apart.
    public var lineSpacing: Double
    /// The first line's baseline below the frame's top.
    public var firstBaseline: Double
    /// The last line's baseline below the frame's top.
    public var lastBaseline: Double
}

extension TextContent {
    /// The text's size for `proposal`, and how to draw it at that size.
    func fit(_ proposal: ProposedSize, measure: any TextMeasuring) -> (Size, TextFit) {
        guard !string.isEmpty else {
            return (.zero, TextFit(string: "", wrapWidth: nil, lineLimit: lineLimit, lineSpacing: 0, firstBaseline: 0, lastBaseline: 0))
        }
        let natural = measure.lineMetrics(font)
        let spacing = max(0, (leading ?? natural.lineHeight) - natural.lineHeight)
        let wrap: Double? = proposal.width.flatMap { $0.isFinite ? max(0, $0) : nil }
        var limit = lineLimit
        var shown = string
        // Head and middle truncation: one line, cut here to the most that fits with "…".
        if truncation != .tail, limit == 1, let wrap, !string.contains(where: \.isNewline),
           measure.width(Substring(string), font) > wrap {
            shown = Self.truncated(string, mode: truncation, width: wrap, font: font, measure: measure)
        }
        func lay(_ limit: Int?) -> Paragraph {
            ParagraphLayout.layout(shown, font: font, style: ParagraphStyle(wrapWidth: wrap, lineLimit: limit, lineSpacing: spacing,
                                                                            alignment: alignment, minimumScaleFactor: minimumScaleFactor),
                                   metrics: natural, measure: { text, f in measure.width(text, f) })
        }
        var paragraph = lay(limit)
        var advance = paragraph.metrics.lineHeight + spacing
        // Offered less height than the lines need: the lines that fit, the last truncated.
        if let h = proposal.height, h.isFinite, paragraph.lines.count > 1, advance > 0 {
            let fitting = max(1, Int(min(Double(paragraph.lines.count), ((h + 1e-6) / advance).rounded(.down))))
            if paragraph.lines.count > fitting {
                limit = min(limit ?? fitting, fitting)
                paragraph = lay(limit)
                advance = paragraph.metrics.lineHeight + spacing
            }
        }
        let m = paragraph.metrics
        let size = Size(paragraph.width, Double(paragraph.lines.count) * advance)
        let baseline = (advance - (m.ascent + m.descent)) / 2 + m.ascent
        return (size, TextFit(string: shown, wrapWidth: wrap, lineLimit: limit, lineSpacing: spacing, firstBaseline: baseline,
                              lastBaseline: baseline + Double(max(0, paragraph.lines.count - 1)) * advance))
    }

    /// `string` cut between grapheme clusters to the most that fits in `width` with "…" at its head
    /// or in its middle (the middle keeps as many clusters before the ellipsis as after, or one more).
    static func truncated(_ string: String, mode: Truncation, width: Double, font: Font, measure: any TextMeasuring) -> String {
        let chars = Array(string)
        func candidate(_ kept: Int) -> String {
            switch mode {
            case .head: return "…" + String(chars[(chars.count - kept)...])
            case .middle:
                let front = (kept + 1) / 2, back = kept / 2
                return String(chars[..<front]) + "…" + String(chars[(chars.count - back)...])
            case .tail: return String(chars[..<kept]) + "…"
            }
        }
        // The largest count of kept clusters that fits (widths grow with the count).
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure.width(Substring(candidate(mid)), font) <= width { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }
}

// A run as the lines it draws: the one place a paragraph meets the single-line layout.
//
// A one-line run is fitted (SceneRenderer.fitted: shrink, then "…") and drawn as before. A
// paragraph (`TextRun.isParagraph`: a wrap width, a line limit, or a newline) is laid out by
// HoloText's ParagraphLayout with this font library's widths, and each line becomes a one-line
// run of its own (leading-aligned at the line's x, its baseline moved down), which everything
// downstream handles unchanged: the fast and reference renderers' coverage, bounds, the shader's
// text box. Each line's glyph mask is sized to that line's glyphs, and lines past the limit are
// never laid out, so a paragraph's masks cover only the glyphs that can show.

import HoloGeometry
import HoloScene
import HoloText

extension SceneRenderer {
    /// The one-line runs `run` draws, top line first.
    public func lines(_ run: TextRun) throws -> [TextRun] {
        guard run.isParagraph else { return [try fitted(run)] }
        let m = try fonts.measure("", font: run.font)
        let style = ParagraphStyle(wrapWidth: run.wrapWidth, lineLimit: run.lineLimit, lineSpacing: run.lineSpacing,
                                   alignment: run.alignment, minimumScaleFactor: run.minimumScaleFactor)
        let paragraph = try ParagraphLayout.layout(
            run.string, font: run.font, style: style,
            metrics: LineMetrics(ascent: m.ascent, descent: m.descent, lineHeight: m.lineHeight),
            measure: { text, font throws in try fonts.measure(String(text), font: font).width })
        return paragraph.lines.compactMap { line in
            guard !line.text.isEmpty else { return nil }
            return TextRun(line.text, font: paragraph.font,
                           origin: Point(run.origin.x + line.x, run.origin.y + line.baseline))
        }
    }
}

// A run as the one-direction lines it draws: the one place a paragraph meets the single-line layout.
//
// A one-line run is fitted (SceneRenderer.fitted: shrink, then "…") and drawn as before. A
// paragraph (`TextRun.isParagraph`: a wrap width, a line limit, or a newline) is laid out by
// HoloText's ParagraphLayout with this font library's widths (kept by the library), and each line becomes a one-line
// run of its own (leading-aligned at the line's x, its baseline moved down), which everything
// downstream handles unchanged: the fast and reference renderers' coverage, bounds, the shader's
// text box. Each line's glyph mask is sized to that line's glyphs, and lines past the limit are
// never laid out, so a paragraph's masks cover only the glyphs that can show.
//
// Bidi: a line holding right-to-left text is split by UAX #9 (ICU) into runs of one direction in
// visual order, placed left to right across the line's width (HoloText's `placeRuns`: the
// tracking gap at each boundary, as between glyphs), each handed to the single-line layout with
// its `direction`. Text without a right-to-left character (every built-in clip's)
// skips the analysis and is one run.

import HoloGeometry
import HoloScene
import HoloText

extension SceneRenderer {
    /// The one-line, one-direction runs `run` draws, top line first, left to right within a line.
    public func lines(_ run: TextRun) throws -> [TextRun] {
        guard run.isParagraph else { return try visualRuns(try fitted(run), paragraph: nil) }
        let style = ParagraphStyle(wrapWidth: run.wrapWidth, lineLimit: run.lineLimit, lineSpacing: run.lineSpacing,
                                   alignment: run.alignment, minimumScaleFactor: run.minimumScaleFactor)
        let paragraph = try fonts.paragraph(run.string, font: run.font, style: style)
        let direction = LineBreaking.paragraphDirection(of: run.string)
        var out: [TextRun] = []
        for line in paragraph.lines where !line.text.isEmpty {
            out += try visualRuns(TextRun(line.text, font: paragraph.font, origin: Point(run.origin.x + line.x, run.origin.y + line.baseline)),
                                  paragraph: direction)
        }
        return out
    }

    /// `line` (one line) as runs of one direction in visual order, placed side by side where the
    /// whole line's alignment puts it; the line itself when it is all left to right.
    func visualRuns(_ line: TextRun, paragraph: TextDirection?) throws -> [TextRun] {
        guard line.string.unicodeScalars.contains(where: \.mayBeRightToLeft) else { return [line] }
        let (_, runs) = LineBreaking.bidiRuns(in: line.string, line: line.string.startIndex..<line.string.endIndex, paragraph: paragraph)
        guard runs.count > 1 || runs.first?.direction == .rightToLeft else { return [line] }
        let pieces = runs.map { String(line.string[$0.range]) }
        // Side by side with the tracking gap at each boundary that a glyph boundary inside a run takes.
        let (starts, total) = try fonts.placeRuns(zip(pieces, runs).map { ($0, $1.direction) }, font: line.font)
        let x: Double
        switch line.alignment {
        case .leading: x = line.origin.x
        case .center: x = line.origin.x - total / 2
        case .trailing: x = line.origin.x - total
        }
        var out: [TextRun] = []
        for (i, run) in runs.enumerated() {
            var piece = TextRun(pieces[i], font: line.font, origin: Point(x + starts[i], line.origin.y))
            piece.direction = run.direction
            out.append(piece)
        }
        return out
    }
}

// One line of text: string + font + direction → positioned glyphs and width. The measurement
// API every layer uses (HoloRaster for glyph masks, HoloClips for layout in clips, the paragraph
// layout once per line).
//
// Pens advance by the shaped advances (HarfBuzz: GPOS kerning included) in ems × pixel size, plus
// the size-dependent tracking when the face is the default family (Tracking.swift), added after
// every glyph that advances except the line's last (so a centred line stays centred on its ink),
// and not between two glyphs of a cursive script (Arabic, Syriac, N'Ko, Mongolian…: their letters
// join, and CSS Text 3 and Core Text add no letter spacing inside them; CursiveScripts.swift).
// A line of several direction runs (bidi, placed by `placeRuns`) takes the same gap at each run
// boundary as between two glyphs inside a run: tracking is per glyph boundary, whichever run the
// glyphs are in, so only the line's own last glyph goes without.
// Positions are exact doubles; the rasterizer quantizes them (GlyphCache.swift). Without tracking
// a string's width is exactly linear in its size; with it, nearly (the tracking varies with size).
//
// Vertical metrics are the chain's first face's (hhea ascender, descender, line gap included in
// the line height): fallback glyphs sit on the same baseline and do not change the line's box.

import HoloScene
import HoloGeometry

/// A glyph and its pen position on the baseline, in pixels.
@frozen
public struct PositionedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double
    /// Index of its face in the line's `sources`.
    public var face: Int
    public init(glyph: UInt32, x: Double, y: Double, face: Int = 0) {
        self.glyph = glyph; self.x = x; self.y = y; self.face = face
    }
}

/// A laid-out line in pixels.
public struct PositionedGlyphs: Sendable {
    /// The faces the glyphs come from (the font's fallback chain).
    public var sources: [FontSource]
    /// Which of `sources` are colour bitmap faces.
    public var colorFaces: [Bool]
    /// The rendered size in pixels (points × scale, quantized to 1/64 px).
    public var pixelSize: Double
    public var glyphs: [PositionedGlyph]
    /// Pen position of the line's start on the baseline (after alignment), in pixels.
    public var start: Point
    /// Advance width of the whole line (advances, kerning, tracking), pixels.
    public var width: Double
    public var ascent: Double
    public var descent: Double
    public var lineHeight: Double
    public var direction: TextDirection
    /// Some glyph is drawn in colour (an emoji).
    public var hasColorGlyphs: Bool

    /// The font's own face (the first of the chain).
    public var source: FontSource { sources[0] }
}

/// Width and vertical extent of a string, in points.
public struct TextMetrics: Hashable, Sendable {
    public var width: Double
    public var ascent: Double
    public var descent: Double
    public var lineHeight: Double
    /// Height of the capitals above the baseline.
    public var capHeight: Double = 0
}

extension FontLibrary {
    /// The single-line layout: `string` in `font` at `pixelSize` pixels per em, pens relative to
    /// the line's start on the baseline (x right, y down), glyphs in visual order.
    /// `direction` and `script` (ISO 15924, e.g. "Arab") are guessed from the text when nil.
    public func layoutLine(_ string: String, font: Font, pixelSize: Double, direction: TextDirection? = nil,
                           script: String? = nil) throws -> PositionedGlyphs {
        let chain = try chain(for: font)
        let run = try shape(string, chain: chain, direction: direction, script: script)
        let tracking = chain.tracked ? SystemTracking.em(atPointSize: font.size) * pixelSize : 0
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(run.glyphs.count)
        var pen = 0.0
        for (i, g) in run.glyphs.enumerated() {
            glyphs.append(PositionedGlyph(glyph: g.glyph, x: pen + g.offsetX * pixelSize, y: -g.offsetY * pixelSize, face: g.face))
            pen += g.advance * pixelSize
            if run.tracksAfter(i) { pen += tracking }
        }
        let m = chain.primaryMetrics
        let k = pixelSize / m.unitsPerEm
        return PositionedGlyphs(sources: chain.sources, colorFaces: chain.isColor, pixelSize: pixelSize, glyphs: glyphs,
                                start: .zero, width: pen, ascent: m.ascender * k, descent: m.descender * k,
                                lineHeight: m.lineHeight * k, direction: run.direction, hasColorGlyphs: run.hasColorGlyphs)
    }

    /// Whether `string` in `font` draws any colour glyph (emoji): the cached shaped run's flag,
    /// without laying the line out (the renderer asks this for every text run of every frame).
    public func hasColorGlyphs(_ string: String, font: Font, direction: TextDirection? = nil) throws -> Bool {
        try shape(string, chain: try chain(for: font), direction: direction, script: nil).hasColorGlyphs
    }

    /// Width (advances, kerning, tracking), ascent, descent and line height of `string` in `font`, in points.
    public func measure(_ string: String, font: Font, direction: TextDirection? = nil) throws -> TextMetrics {
        let chain = try chain(for: font)
        let run = try shape(string, chain: chain, direction: direction, script: nil)
        var width = run.advance * font.size
        if chain.tracked, run.glyphs.count > 1 {
            width += Double(run.trackedGaps) * SystemTracking.em(atPointSize: font.size) * font.size
        }
        let m = chain.primaryMetrics
        let k = font.size / m.unitsPerEm
        return TextMetrics(width: width, ascent: m.ascender * k, descent: m.descender * k, lineHeight: m.lineHeight * k,
                           capHeight: m.capHeight * k)
    }

    /// Where runs of one direction start when set side by side, left to right in visual order, on
    /// one line (a bidi line's runs): pen offsets from the line's start and the line's width, in
    /// points. Each run is as wide as `measure` says; between two runs comes the tracking gap a
    /// glyph boundary inside a run takes (none when both glyphs at the boundary are of a cursive
    /// script, none after the last run), so a line split into runs is as wide as the same glyphs
    /// in one run.
    public func placeRuns(_ runs: [(string: String, direction: TextDirection)], font: Font) throws -> (starts: [Double], width: Double) {
        let chain = try chain(for: font)
        let gap = chain.tracked ? SystemTracking.em(atPointSize: font.size) * font.size : 0
        let shaped = try runs.map { try shape($0.string, chain: chain, direction: $0.direction, script: nil) }
        var starts: [Double] = []
        starts.reserveCapacity(runs.count)
        var x = 0.0
        for (i, run) in shaped.enumerated() {
            if i > 0, let left = shaped[..<i].last(where: { !$0.glyphs.isEmpty })?.glyphs.last, let right = run.glyphs.first,
               left.advance != 0, !(left.cursive && right.cursive) {
                x += gap
            }
            starts.append(x)
            x += try measure(runs[i].string, font: font, direction: runs[i].direction).width
        }
        return (starts, x)
    }

    /// Lays out `run` for a canvas with `scale` pixels per point (run.origin in points).
    public func layout(_ run: TextRun, scale: Double) throws -> PositionedGlyphs {
        try layout(run, pixelSize: run.font.size * scale, baselineStart: run.origin * scale)
    }

    /// Lays out a run with its baseline start (before alignment) at `baselineStart` pixels; the
    /// size is quantized to FreeType's 1/64 px first (the size glyphs are rasterized at).
    public func layout(_ run: TextRun, pixelSize: Double, baselineStart: Point) throws -> PositionedGlyphs {
        let px = Double(Int((pixelSize * 64).rounded())) / 64
        var line = try layoutLine(run.string, font: run.font, pixelSize: px, direction: run.direction)
        let shift: Double
        switch run.alignment {
        case .leading: shift = 0
        case .center: shift = -line.width / 2
        case .trailing: shift = -line.width
        }
        let start = Point(baselineStart.x + shift, baselineStart.y)
        for i in line.glyphs.indices {
            line.glyphs[i].x += start.x
            line.glyphs[i].y += start.y
        }
        line.start = start
        return line
    }
}

// Text layout and glyph-run coverage.
//
// One line, no shaping: each Unicode scalar maps to the font's glyph (cmap), pens advance by the
// unhinted advance widths plus pair kerning from the font's `kern` table, all kept in font units and
// scaled by pixelSize / unitsPerEm, so a string's width is exactly linear in its size.
//
// Coverage of a run under a transform T (run-local points → canvas pixels):
// - T = uniform scale s > 0 + translation (the common case): glyphs are rendered at size·s px from
//   the cache and placed at quarter-pixel pen positions. Exact up to that quantization.
// - Anything else (rotation, skew, non-uniform or negative scale): the run is rendered unrotated at
//   size·√|det T| px into a local mask, and the canvas mask is resampled from it bilinearly through
//   T⁻¹. Slightly softer than rendering transformed outlines, but it keeps the cache in play; title
//   tilts go through Tilt.swift's layer resampling anyway.
// Overlapping glyphs combine by saturating addition of coverage (exact for glyphs that only abut,
// slightly too dark where ink truly overlaps, which Latin text rarely does).

import HoloGeometry
import HoloScene

#if canImport(Glibc)
import Glibc
#endif

/// A glyph and its pen position on the baseline, in canvas pixels.
@frozen
public struct PositionedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double
}

/// A laid-out line in pixels.
public struct PositionedGlyphs: Sendable {
    public var source: FontSource
    /// The rendered size in pixels (points × scale, quantized to 1/64 px).
    public var pixelSize: Double
    public var glyphs: [PositionedGlyph]
    /// Pen position of the line's start on the baseline (after alignment), in pixels.
    public var start: Point
    /// Advance width of the whole line (advances + kerning), pixels.
    public var width: Double
    public var ascent: Double
    public var descent: Double
    public var lineHeight: Double
}

/// Width and vertical extent of a string, in points.
public struct TextMetrics: Hashable, Sendable {
    public var width: Double
    public var ascent: Double
    public var descent: Double
    public var lineHeight: Double
}

extension FontLibrary {
    /// Lays out `run` for a canvas with `scale` pixels per point (run.origin in points).
    public func layout(_ run: TextRun, scale: Double) throws -> PositionedGlyphs {
        try layout(run, pixelSize: run.font.size * scale, baselineStart: run.origin * scale)
    }

    /// Width (advances + kerning), ascent and descent of `string` in `font`, in points.
    public func measure(_ string: String, font: Font) throws -> TextMetrics {
        let source = try source(for: font.weight)
        let (units, m) = try freeType.withLock { state in
            let face = try state.face(for: source)
            return (try face.lineAdvanceUnits(string), face.metrics)
        }
        let k = font.size / m.unitsPerEm
        return TextMetrics(width: units * k, ascent: m.ascender * k, descent: m.descender * k,
                           lineHeight: m.lineHeight * k)
    }

    /// `run`'s anti-aliased coverage in canvas pixels; `transform` maps run-local points → pixels.
    public func coverage(of run: TextRun, transform t: AffineTransform) throws -> CoverageMask {
        if t.b == 0, t.c == 0, t.a == t.d, t.a > 0 {
            let line = try layout(run, pixelSize: run.font.size * t.a, baselineStart: t.apply(run.origin))
            return try glyphMask(line)
        }
        guard t.isInvertible, let inverse = t.inverted() else { return .empty }
        // Local pixel space: L = (q − origin)·s for run-local point q.
        let s = abs(t.determinant).squareRoot()
        let local = try glyphMask(layout(run, pixelSize: run.font.size * s, baselineStart: .zero))
        guard !local.isEmpty else { return .empty }
        let localRect = Rect(x: Double(local.x) / s + run.origin.x, y: Double(local.y) / s + run.origin.y,
                             width: Double(local.width) / s, height: Double(local.height) / s)
        let box = t.bounds(of: localRect)
        let x0 = Int(box.minX.rounded(.down)), y0 = Int(box.minY.rounded(.down))
        let x1 = Int(box.maxX.rounded(.up)), y1 = Int(box.maxY.rounded(.up))
        var mask = CoverageMask(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let w = mask.width
        local.coverage.withUnsafeBufferPointer { src in
            mask.coverage.withUnsafeMutableBufferPointer { dst in
                for py in 0..<mask.height {
                    for px in 0..<w {
                        // Canvas pixel centre → run-local point → local mask sample position.
                        let q = inverse.apply(Point(Double(x0 + px) + 0.5, Double(y0 + py) + 0.5))
                        let lx = (q.x - run.origin.x) * s - Double(local.x) - 0.5
                        let ly = (q.y - run.origin.y) * s - Double(local.y) - 0.5
                        dst[py * w + px] = bilinearCoverage(src, local.width, local.height, lx, ly)
                    }
                }
            }
        }
        return mask
    }

    /// Lays out a run with its baseline start (before alignment) at `baselineStart` pixels.
    func layout(_ run: TextRun, pixelSize: Double, baselineStart: Point) throws -> PositionedGlyphs {
        let source = try source(for: run.font.weight)
        let size26_6 = Int((pixelSize * 64).rounded())
        let px = Double(size26_6) / 64
        let (pens, total, m) = try freeType.withLock { state in
            let face = try state.face(for: source)
            let (pens, total) = try face.penPositionsUnits(run.string)
            return (pens, total, face.metrics)
        }
        let k = px / m.unitsPerEm
        let width = total * k
        let shift: Double
        switch run.alignment {
        case .leading: shift = 0
        case .center: shift = -width / 2
        case .trailing: shift = -width
        }
        let start = Point(baselineStart.x + shift, baselineStart.y)
        return PositionedGlyphs(
            source: source, pixelSize: px,
            glyphs: pens.map { PositionedGlyph(glyph: $0.glyph, x: start.x + $0.pen * k, y: start.y) },
            start: start, width: width, ascent: m.ascender * k, descent: m.descender * k,
            lineHeight: m.lineHeight * k)
    }

    /// Coverage of laid-out glyphs, from the glyph cache.
    public func glyphMask(_ line: PositionedGlyphs) throws -> CoverageMask {
        let size26_6 = Int((line.pixelSize * 64).rounded())
        let bins = Double(glyphSubpixelBins)
        var placed: [(x: Int, y: Int, bitmap: GlyphBitmap)] = []
        placed.reserveCapacity(line.glyphs.count)
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for g in line.glyphs {
            // Quarter-pixel pen: integer part places the bitmap, the bin shifts the outline.
            let qx = Int((g.x * bins).rounded(.toNearestOrAwayFromZero))
            let qy = Int((g.y * bins).rounded(.toNearestOrAwayFromZero))
            let ix = qx >> 2, iy = qy >> 2
            let key = GlyphKey(source: line.source, size26_6: size26_6, glyph: g.glyph,
                               binX: UInt8(qx & 3), binY: UInt8(qy & 3))
            let bitmap = try glyphBitmap(key)
            guard bitmap.width > 0 else { continue }
            let bx = ix + bitmap.left, by = iy - bitmap.top
            placed.append((bx, by, bitmap))
            x0 = min(x0, bx); y0 = min(y0, by)
            x1 = max(x1, bx + bitmap.width); y1 = max(y1, by + bitmap.height)
        }
        guard !placed.isEmpty else { return .empty }
        var mask = CoverageMask(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let w = mask.width
        mask.coverage.withUnsafeMutableBufferPointer { dst in
            for (bx, by, bitmap) in placed {
                bitmap.coverage.withUnsafeBufferPointer { src in
                    for row in 0..<bitmap.height {
                        var d = (by - y0 + row) * w + (bx - x0)
                        var s = row * bitmap.width
                        for _ in 0..<bitmap.width {
                            // Saturating add: abutting anti-aliased edges sum to full coverage.
                            let v = UInt16(dst[d]) &+ UInt16(src[s])
                            dst[d] = UInt8(truncatingIfNeeded: min(v, 255))
                            d += 1; s += 1
                        }
                    }
                }
            }
        }
        return mask
    }
}

extension OpenFace {
    /// Pen positions (font units) of each scalar's glyph, and the total advance.
    func penPositionsUnits(_ string: String) throws -> ([(glyph: UInt32, pen: Double)], Double) {
        var pens: [(glyph: UInt32, pen: Double)] = []
        var pen = 0.0
        var previous: UInt32 = 0
        for scalar in string.unicodeScalars {
            let g = glyph(for: scalar)
            pen += kerningUnits(previous, g)
            pens.append((g, pen))
            pen += try advanceUnits(g)
            previous = g
        }
        return (pens, pen)
    }

    func lineAdvanceUnits(_ string: String) throws -> Double { try penPositionsUnits(string).1 }
}

/// Bilinear sample (Bilinear.swift) of an 8-bit plane at continuous pixel position (x, y); outside
/// the plane is 0.
@inline(__always)
func bilinearCoverage(_ src: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ x: Double, _ y: Double) -> UInt8 {
    guard x > -1, y > -1, x < Double(w), y < Double(h) else { return 0 }
    let tap = BilinearTap(x, y)
    @inline(__always) func at(_ px: Int, _ py: Int) -> Int {
        (px < 0 || py < 0 || px >= w || py >= h) ? 0 : Int(src[py * w + px])
    }
    let ix = tap.ix, iy = tap.iy
    return UInt8(tap.mix(at(ix, iy), at(ix + 1, iy), at(ix, iy + 1), at(ix + 1, iy + 1)))
}

// Glyph-run coverage: HoloText's positioned glyphs (shaped by HarfBuzz, LineLayout.swift) made
// into a coverage mask the paint fills, and colour glyphs (emoji) into images drawn over it.
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

import HoloPixels
import HoloText
import HoloGeometry
import HoloScene

#if canImport(Glibc)
import Glibc
#endif

extension FontLibrary {
    /// `run`'s anti-aliased coverage in canvas pixels; `transform` maps run-local points → pixels.
    /// With `window` (the canvas or layer pixels drawing may write), the mask holds only those
    /// pixels, with the values the whole run's mask has there: a 50,000-glyph line costs the
    /// window, not the line (glyphs wholly outside it are not even rasterized when upright).
    public func coverage(of run: TextRun, transform t: AffineTransform) throws -> CoverageMask {
        try coverage(of: run, transform: t, within: nil)
    }

    func coverage(of run: TextRun, transform t: AffineTransform, within window: PixelWindow?) throws -> CoverageMask {
        if let window, window.isEmpty { return .empty }
        if t.b == 0, t.c == 0, t.a == t.d, t.a > 0 {
            let line = try layout(run, pixelSize: run.font.size * t.a, baselineStart: t.apply(run.origin))
            let glyphs = try place(line, near: window)
            return glyphMask(glyphs, within: window)
        }
        guard t.isInvertible, let inverse = t.inverted() else { return .empty }
        // Local pixel space: L = (q − origin)·s for run-local point q.
        let s = abs(t.determinant).squareRoot()
        // Every glyph is placed (from the cache) so the mask's box is the whole run's, as it must
        // be for the same pixels; only the local pixels the window samples are composed.
        let glyphs = try place(layout(run, pixelSize: run.font.size * s, baselineStart: .zero), near: nil)
        guard let full = glyphs.extent else { return .empty }
        let localRect = Rect(x: Double(full.x0) / s + run.origin.x, y: Double(full.y0) / s + run.origin.y,
                             width: Double(full.x1 - full.x0) / s, height: Double(full.y1 - full.y0) / s)
        let box = t.bounds(of: localRect)
        var area = PixelWindow(Int(box.minX.rounded(.down)), Int(box.minY.rounded(.down)),
                               Int(box.maxX.rounded(.up)), Int(box.maxY.rounded(.up)))
        var localWindow: PixelWindow?
        if let window {
            area = area.intersection(window)
            guard !area.isEmpty else { return .empty }
            // The local pixels the area's pixel centres map to, grown by 2 for the bilinear taps;
            // beyond them the whole run's mask is 0 or unread.
            let q = inverse.bounds(of: Rect(x: Double(area.x0), y: Double(area.y0),
                                            width: Double(area.x1 - area.x0), height: Double(area.y1 - area.y0)))
            localWindow = PixelWindow(Int(((q.minX - run.origin.x) * s).rounded(.down)) - 2, Int(((q.minY - run.origin.y) * s).rounded(.down)) - 2,
                                      Int(((q.maxX - run.origin.x) * s).rounded(.up)) + 2, Int(((q.maxY - run.origin.y) * s).rounded(.up)) + 2)
        }
        let local = glyphMask(glyphs, within: localWindow)
        let (x0, y0) = (area.x0, area.y0)
        var mask = CoverageMask(x: x0, y: y0, width: area.x1 - area.x0, height: area.y1 - area.y0)
        guard !local.isEmpty else { return mask }
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

    /// Coverage of laid-out glyphs, from the glyph cache.
    public func glyphMask(_ line: PositionedGlyphs) throws -> CoverageMask {
        glyphMask(try place(line, near: nil), within: nil)
    }

    /// Glyph bitmaps at their pixel positions, and the box they fill together.
    struct PlacedGlyphs {
        var glyphs: [(x: Int, y: Int, bitmap: GlyphBitmap)] = []
        var extent: PixelWindow?
    }

    /// Places `line`'s glyphs (rasterizing those not cached). With `window`, a glyph whose pen is
    /// more than 4 em from it is skipped unrasterized: a glyph's ink lies within 2 em of its pen.
    func place(_ line: PositionedGlyphs, near window: PixelWindow?) throws -> PlacedGlyphs {
        let size26_6 = Int((line.pixelSize * 64).rounded())
        let bins = Double(glyphSubpixelBins)
        let reach = 4 * line.pixelSize + 2
        var out = PlacedGlyphs()
        out.glyphs.reserveCapacity(window == nil ? line.glyphs.count : 0)
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for g in line.glyphs {
            if let w = window, g.x + reach < Double(w.x0) || g.x - reach > Double(w.x1)
                || g.y + reach < Double(w.y0) || g.y - reach > Double(w.y1) { continue }
            // Quarter-pixel pen: integer part places the bitmap, the bin shifts the outline.
            let qx = Int((g.x * bins).rounded(.toNearestOrAwayFromZero))
            let qy = Int((g.y * bins).rounded(.toNearestOrAwayFromZero))
            let ix = qx >> 2, iy = qy >> 2
            // Colour glyphs are images (colorGlyphImages), not coverage.
            if line.colorFaces[g.face] { continue }
            let key = GlyphKey(source: line.sources[g.face], size26_6: size26_6, glyph: g.glyph,
                               binX: UInt8(qx & 3), binY: UInt8(qy & 3))
            let bitmap = try glyphBitmap(key)
            guard bitmap.width > 0 else { continue }
            let bx = ix + bitmap.left, by = iy - bitmap.top
            out.glyphs.append((bx, by, bitmap))
            x0 = min(x0, bx); y0 = min(y0, by)
            x1 = max(x1, bx + bitmap.width); y1 = max(y1, by + bitmap.height)
        }
        if !out.glyphs.isEmpty { out.extent = PixelWindow(x0, y0, x1, y1) }
        return out
    }

    /// The placed glyphs' coverage over their box, cut to `window` when given: each pixel is the
    /// saturating sum of the glyphs over it (min(a + b, 255), the same in any order and any cut).
    func glyphMask(_ placed: PlacedGlyphs, within window: PixelWindow?) -> CoverageMask {
        guard var area = placed.extent else { return .empty }
        if let window { area = area.intersection(window) }
        guard !area.isEmpty else { return .empty }
        let (x0, y0) = (area.x0, area.y0)
        var mask = CoverageMask(x: x0, y: y0, width: area.x1 - area.x0, height: area.y1 - area.y0)
        let w = mask.width
        mask.coverage.withUnsafeMutableBufferPointer { dst in
            for (bx, by, bitmap) in placed.glyphs {
                // The bitmap's rows and columns inside the area.
                let c0 = max(0, x0 - bx), c1 = min(bitmap.width, area.x1 - bx)
                let r0 = max(0, y0 - by), r1 = min(bitmap.height, area.y1 - by)
                guard c0 < c1, r0 < r1 else { continue }
                bitmap.coverage.withUnsafeBufferPointer { src in
                    for row in r0..<r1 {
                        var d = (by - y0 + row) * w + (bx + c0 - x0)
                        var s = row * bitmap.width + c0
                        for _ in c0..<c1 {
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

/// A colour glyph (an emoji) to draw as an image: its premultiplied pixels and the rect they fill
/// in the run's local points (drawn under the run's transform, like an image node).
struct ColorGlyphImage {
    var image: ImageData
    var frame: Rect
}

extension FontLibrary {
    /// The run's colour glyphs as images. Upright (uniform scale + translation): each bitmap is
    /// rendered at the canvas size and placed on whole canvas pixels, so drawing it resamples 1:1.
    /// Otherwise at the transform's mean scale, placed in local pixels and resampled by the image
    /// drawing. Empty (and no work beyond a flag test) for runs without colour glyphs.
    func colorGlyphImages(of run: TextRun, transform t: AffineTransform) throws -> [ColorGlyphImage] {
        // Most runs have no colour glyph: answered from the shaping cache, not by a second layout.
        guard try hasColorGlyphs(run.string, font: run.font, direction: run.direction) else { return [] }
        let upright = t.b == 0 && t.c == 0 && t.a == t.d && t.a > 0
        let s = upright ? t.a : abs(t.determinant).squareRoot()
        guard s > 0 else { return [] }
        // Upright: canvas pixels; else local pixels from the run's origin.
        let line = try layout(run, pixelSize: run.font.size * s, baselineStart: upright ? t.apply(run.origin) : .zero)
        guard line.hasColorGlyphs else { return [] }
        let size26_6 = Int((line.pixelSize * 64).rounded())
        var out: [ColorGlyphImage] = []
        for g in line.glyphs where line.colorFaces[g.face] {
            let bitmap = try glyphBitmap(GlyphKey(source: line.sources[g.face], size26_6: size26_6, glyph: g.glyph, binX: 0, binY: 0))
            guard bitmap.width > 0, bitmap.isColor else { continue }
            let px = Double(Int(g.x.rounded()) + bitmap.left), py = Double(Int(g.y.rounded()) - bitmap.top)
            let frame: Rect
            if upright {
                frame = Rect(x: (px - t.tx) / s, y: (py - t.ty) / s, width: Double(bitmap.width) / s, height: Double(bitmap.height) / s)
            } else {
                frame = Rect(x: run.origin.x + px / s, y: run.origin.y + py / s, width: Double(bitmap.width) / s, height: Double(bitmap.height) / s)
            }
            out.append(ColorGlyphImage(image: ImageData(width: bitmap.width, height: bitmap.height, pixels: bitmap.coverage), frame: frame))
        }
        return out
    }
}

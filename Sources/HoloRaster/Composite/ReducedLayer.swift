// A blurred layer drawn at the blur's own reduced resolution.
//
// A blur of σ > 2 px runs on a ½ (σ ≥ 12: ¼) resolution plane (Blur.swift): the layer is drawn at
// full resolution, box-downsampled, blurred, upsampled. Drawing the layer's content straight onto
// the coarse grid instead gives the same plane up to rounding — a coarse pixel's coverage is the
// area of the shape over its f × f full-resolution pixels, which is what the box downsample
// averages, and a gradient's value at the coarse pixel's centre is the mean of the four or sixteen
// it replaces (exactly, for a linear one) — at a quarter (a sixteenth) of the rasterization and
// shading, and with no downsample pass. Core Animation and Skia's image filters draw a blurred
// layer at the filter's scale in the same way. Reveal's two pages are drawn, scaled and blurred
// anew every frame of the morph: this was most of those frames' cost.
//
// A rasterized group (RasterizedLayer.swift) is not drawn again: its coarse plane is its bitmap's
// mip by f (the bitmap box-downsampled once, kept with it) resampled bilinearly under the group's
// transform, as Core Animation samples a rasterized layer's mipmap when it shrinks. Reveal's page
// and actions are drawn once for the whole morph instead of on every frame (their symbols'
// strokes were a fifth of a morph frame). The resample's tent adds f²·r²/6 px² of blur (r: layer
// pixels per bitmap pixel), taken from σ² as the downsample's and upsample's are.
// Other content draws on the coarse grid only when it draws the same there: leaves and plain
// groups. A material (it reads the backdrop), a nested layer (its own blur, shadow, tilt or effect)
// or a scrolled group (snapped to the full-resolution grid, Node.swift) keeps the full-resolution path.
// Text is laid out for a pixel size, so below `coarseTextMinSigma` it is rasterized at full
// resolution and its coverage box-averaged onto the grid (`CoverageMask.boxAveraged`): what the
// downsample of the full-resolution layer would have made of it, up to the colour under the
// glyphs varying inside an f × f cell.
// The bound against the reference renderer (ReferenceDifferentialTests) covers it; frames drawn in
// runs equal frames drawn alone because the choice depends on the scene only.

import HoloGeometry
import HoloPixels
import HoloScene

/// Below this σ (px) the text of a layer drawn on the coarse grid is laid out and rasterized at
/// full resolution and its coverage box-averaged onto the grid (`SceneRenderer.textOversampling`);
/// from it up, straight on the grid. Text rasterized at the grid's size is not the box average of
/// text drawn at full size (glyph outlines and positions at the smaller pixel size), and a coarse
/// blur under about 2.5 px does not hide that. Measured on reveal's card title and rows against
/// the reference (ReferenceDifferentialTests' regions, mean |Δ|): σ 4.1 px (frame 27) 1.51 levels
/// with the text on the ½ grid, 0.30 oversampled (0.22 when the layer was drawn at full
/// resolution); 4.7 px (frame 42) 0.58 on the grid, 0.09 oversampled; 5.5 px 0.73 on the grid;
/// from 6 px up at most 0.25 on the grid (σ 6.5: 0.15, 6.9: 0.13, 16.5: 0.25), where
/// oversampling would cost more than it is worth (up to 16× the glyph pixels on the ¼ grid:
/// reveal frames 32 and 142 went over 8.33 ms with it).
/// Drawn at full resolution and box-downsampled instead, layers under 6 px (reveal's page at σ
/// 2–6 px, frames 26–28 and 147–152) cost 10–11 ms a frame.
let coarseTextMinSigma = 6.0

extension Group {
    /// The resolution reduction (2 or 4) of a pure blur layer (no shadow, tilt or effect) whose σ
    /// takes a reduced plane; nil otherwise.
    func blurReduction(pixelsPerPoint scale: Double) -> Int? {
        guard blur > 0, shadow == nil, effect == nil, !isTilted else { return nil }
        let f = blurDownsampleFactor(sigma: blur * scale)
        return f > 1 ? f : nil
    }

    /// The reduction at which this group's layer is drawn straight on the coarse grid: a pure blur
    /// layer whose subtree draws the same there (a rasterized one may instead be sampled from its
    /// bitmap's mip, `drawReduced`).
    func reducedResolution(pixelsPerPoint scale: Double) -> Int? {
        guard let f = blurReduction(pixelsPerPoint: scale), children.allSatisfy(\.drawsOnCoarseGrid) else { return nil }
        return f
    }
}

extension Node {
    /// Leaves and plain groups (no layer of their own, not scrolled), all the way down.
    var drawsOnCoarseGrid: Bool {
        switch self {
        case .fill, .stroke, .styledStroke, .text, .image: return true
        case .material: return false
        case .group(let g):
            return !g.isLayer && g.retention?.scrolls != true && g.children.allSatisfy(\.drawsOnCoarseGrid)
        }
    }
}

extension SceneRenderer {
    /// Draws `group` (a pure blur layer, `factor` from `blurReduction`) whose full-resolution
    /// layer would be `area`: its content onto the 1/`factor` grid, blurred there, upsampled only
    /// where the canvas can show it, and composited with the group's opacity and `clip`. The content
    /// is a rasterized group's bitmap mip resampled (RasterizedLayer.swift), or else the children
    /// drawn on the grid when they draw the same there; false (nothing drawn) when neither holds.
    func drawReduced(_ group: Group, factor f: Int, area: PixelRect, local: AffineTransform, into canvas: inout Canvas,
                     clip: CoverageMask?, path: Int) throws -> Bool {
        let shown = canvas.workWindow(clip: clip).intersection(PixelWindow(area.x0, area.y0, area.x1, area.y1))
        let o = opacityByte(group.opacity)
        guard !shown.isEmpty, o > 0 else { return true }
        var sigma = group.blur * canvas.scale
        let w = area.x1 - area.x0, h = area.y1 - area.y0
        let pad = coarsePad(sigma: sigma, factor: f, edge: .transparent)
        let cw = (w + f - 1) / f + 2 * pad, ch = (h + f - 1) / f + 2 * pad
        let toCoarse = local
            .concatenating(.translation(Double(-area.x0), Double(-area.y0)))
            .concatenating(.scale(1 / Double(f), 1 / Double(f)))
            .concatenating(.translation(Double(pad), Double(pad)))
        var coarse: Canvas
        if let rows = try rasterizedRows(group, local: toCoarse, origin: (0, 0), width: cw, height: ch, reduction: f,
                                         canvasScale: canvas.scale, canvas: canvas, path: path) {
            coarse = rows.canvas(rows: 0..<ch, scale: canvas.scale / Double(f))
            // The resample's bilinear tent blurs as well, by r²/6 mip pixels² along an axis (r = coarse
            // pixels per mip pixel, = layer pixels per bitmap pixel): f²·r²/6 full-resolution px²,
            // taken from σ² as Blur.swift takes its downsample's and upsample's (coarseSigma).
            if let r = group.rasterization {
                let k = canvas.scale * r.scale
                let r2 = (local.a * local.a + local.d * local.d) / (2 * k * k)
                sigma = max(0.5, sigma * sigma - Double(f * f) * r2 / 6).squareRoot()
            }
        } else if group.children.allSatisfy(\.drawsOnCoarseGrid) {
            coarse = Canvas(width: cw, height: ch, scale: canvas.scale / Double(f))
            // Nothing retained inside: the layer cache keys full-resolution surfaces.
            var plain = self
            plain.layers = nil
            plain.textOversampling = sigma < coarseTextMinSigma ? f : 1
            try plain.draw(group.children, into: &coarse, transform: toCoarse, clip: nil, path: path)
        } else {
            return false
        }
        var plane = BlurPlane(width: coarse.width, height: coarse.height, channels: 4, words: coarse.words)
        coarse = Canvas(width: 0, height: 0)
        let keep = BlurRegion(x: shown.x0 - area.x0, y: shown.y0 - area.y0, width: shown.x1 - shown.x0, height: shown.y1 - shown.y0)
        blurCoarse(&plane, sigma: sigma, factor: f, pad: pad, edge: .transparent, keep: keep)
        // Upsampled a row at a time and composited while the row is in cache (Canvas.compositeUpsampled).
        canvas.compositeUpsampled(plane, by: f, pad: pad, keep: keep, x: shown.x0, y: shown.y0, opacity: o, clip: clip)
        return true
    }
}

extension CoverageMask {
    /// The mask on the grid `f` times coarser: cell (i, j) covers pixels f·i ..< f·i + f across and
    /// f·j ..< f·j + f down, and its coverage is the rounded mean of theirs (0 outside the mask),
    /// the area of the outline over the cell, as a box downsample of the drawn pixels averages it.
    func boxAveraged(by f: Int) -> CoverageMask {
        guard f > 1, !isEmpty else { return self }
        func floorDiv(_ v: Int) -> Int { v >= 0 ? v / f : -((-v + f - 1) / f) }
        let cx0 = floorDiv(x), cy0 = floorDiv(y)
        let cw = floorDiv(x + width - 1) + 1 - cx0, ch = floorDiv(y + height - 1) + 1 - cy0
        var sums = [UInt32](repeating: 0, count: cw * ch)
        coverage.withUnsafeBufferPointer { src in
            sums.withUnsafeMutableBufferPointer { sum in
                for row in 0..<height {
                    let base = (floorDiv(y + row) - cy0) * cw - cx0
                    for col in 0..<width where src[row * width + col] != 0 {
                        sum[base + floorDiv(x + col)] += UInt32(src[row * width + col])
                    }
                }
            }
        }
        let n = UInt32(f * f)
        return CoverageMask(x: cx0, y: cy0, width: cw, height: ch, coverage: sums.map { UInt8(($0 + n / 2) / n) })
    }
}

// Rasterized groups (HoloScene's `Rasterization`, Core Animation's `shouldRasterize`): the group's
// children are drawn once into a bitmap at a canonical scale, and each frame composites that
// bitmap resampled under the group's transform, with the group's clip, blur and opacity applied to
// the resampled layer as they would be to the layer drawn directly.
//
//   k = device scale · rasterizationScale                          bitmap pixels per point
//   bitmap = the children drawn under scale(k), translated to their pixel bounds grown by one
//            transparent pixel (a function of the children and k alone)
//   layer(x, y) = bitmap sampled bilinearly (Pixels/Resample.swift) at the point the layer pixel's
//            centre shows: p = local⁻¹(x + ½, y + ½), u = k·p.x − x0 − ½ (and v)
//
// The bitmap depends on nothing but the scene's group, so a bitmap kept from an earlier frame is
// the bitmap this frame would draw: a frame in a run has the bytes of the frame drawn alone.
// It is used while the group's transform is axis-aligned and scales the bitmap by ½ to 2 along
// each axis (bilinear taps do not average more than 2 × 2 pixels, so a larger reduction would
// alias), and while the group would be drawn at full resolution (a blur of σ > 2 px draws its
// content straight on the blur's coarse grid, ReducedLayer.swift, which costs less); otherwise
// the children are drawn directly, as for any layer.
//
// The picture differs from drawing the content at its transform (what the reference renderer
// does) by the resample: edges softened by up to the bilinear tent, a glyph's hinting at the
// bitmap's size. ReferenceDifference states the bound (`rasterizedMaxMeanDelta`).

import HoloGeometry
import HoloPixels
import HoloScene
import HoloStop

/// A rasterized group's bitmap and what its bytes are a function of.
struct RasterBitmap {
    var children: [Node]
    /// Bitmap pixels per point of the group's coordinates.
    var k: Double
    /// The bitmap's top-left pixel in the children's coordinates scaled by `k`.
    var x0, y0: Int
    var surface: Canvas
    var bytes: Int { surface.width * surface.height * 4 }
}

extension SceneRenderer {
    /// The layer of `group` (placed by `local`) for the canvas pixels `area`, resampled from its
    /// bitmap a row at a time (`ResampledRows`: a canvas of them, or straight into a composite);
    /// nil when the group is not drawn from a bitmap (see the top of this file).
    func rasterizedRows(_ group: Group, local: AffineTransform, area: PixelRect, canvas: Canvas,
                        path: Int) throws -> ResampledRows? {
        guard let rasterization = group.rasterization, local.b == 0, local.c == 0 else { return nil }
        let k = canvas.scale * rasterization.scale
        guard k > 0, k.isFinite else { return nil }
        let rx = local.a / k, ry = local.d / k
        guard (0.5...2).contains(rx), (0.5...2).contains(ry) else { return nil }
        guard let bitmap = try rasterBitmap(group, k: k, canvas: canvas, path: path) else { return nil }
        // Layer pixel x's centre shows the point p.x = (x + ½ + area.x0 − tx) / a, which lies at
        // u = k·p.x − x0 − ½ on the bitmap (its pixel centres at integers).
        let map = AxisMap(sx: k / local.a, ox: (Double(area.x0) - local.tx) * k / local.a - Double(bitmap.x0) - 0.5,
                          sy: k / local.d, oy: (Double(area.y0) - local.ty) * k / local.d - Double(bitmap.y0) - 0.5)
        return ResampledRows(bitmap.surface, map: map, width: area.x1 - area.x0, height: area.y1 - area.y0)
    }

    /// The bitmap of `group`'s children at `k` pixels per point: kept from an earlier frame when
    /// its children and k are the same, else drawn (and kept). Nil when it would be larger than
    /// four canvases (drawn directly then).
    func rasterBitmap(_ group: Group, k: Double, canvas: Canvas, path: Int) throws -> RasterBitmap? {
        let key = LayerCache.Key(id: group.retention?.id, path: group.retention?.id == nil ? path : 0)
        if let kept = layers?.raster(key), kept.k == k, kept.children == group.children { return kept }
        let toBitmap = AffineTransform.scale(k, k)
        var bounds = Rect.zero
        for child in group.children {
            if let b = try pixelBounds(of: child, transform: toBitmap) { bounds = bounds.union(b) }
        }
        guard !bounds.isEmpty, bounds.width.isFinite, bounds.height.isFinite,
              bounds.width * bounds.height <= 4 * Double(max(1, canvas.width * canvas.height)),
              abs(bounds.minX) < 1e7, abs(bounds.minY) < 1e7 else { return nil }
        let x0 = Int(bounds.minX.rounded(.down)) - 1, y0 = Int(bounds.minY.rounded(.down)) - 1
        let x1 = Int(bounds.maxX.rounded(.up)) + 1, y1 = Int(bounds.maxY.rounded(.up)) + 1
        var surface = Canvas(width: x1 - x0, height: y1 - y0, scale: k)
        // Nothing retained inside: the bitmap is kept whole.
        var plain = self
        plain.layers = nil
        try plain.draw(group.children, into: &surface, transform: toBitmap.concatenating(.translation(Double(-x0), Double(-y0))),
                       clip: nil, path: path)
        let bitmap = RasterBitmap(children: group.children, k: k, x0: x0, y0: y0, surface: surface)
        // A drawing cut short by a stop is not kept (the frame is abandoned with it).
        if !FrameWatch.shouldStop() { layers?.keepRaster(bitmap, for: key) }
        return bitmap
    }
}

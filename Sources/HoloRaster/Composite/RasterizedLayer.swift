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
// alias); otherwise the children are drawn directly, as for any layer. Under a blur of σ > 2 px
// the layer is made on the blur's ½ or ¼ grid from the bitmap's mip by 2 or 4 (ReducedLayer.swift),
// at the same ratio.
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
    /// The bitmap box-downsampled by 2 and by 4 (`mip(by:)`), made when a blurred frame first asks.
    var mips: [Int: Canvas] = [:]
    var bytes: Int { (surface.width * surface.height + mips.values.reduce(0) { $0 + $1.width * $1.height }) * 4 }

    /// The bitmap box-downsampled by `f` (2 or 4): mip pixel (i, j) is the rounded mean of bitmap
    /// pixels f·i ..< f·i + f across and f·j ..< f·j + f down, those past the bitmap's edge
    /// transparent (as a blur's downsample of a transparent-edged layer, BlurResample.swift).
    func mip(by f: Int) -> Canvas {
        if let kept = mips[f] { return kept }
        let plane = surface.withBytes { src in
            downsampled(rows: src.baseAddress!, width: surface.width, height: surface.height, rowBytes: surface.width * 4,
                        channels: 4, by: f, pad: 0, edge: .transparent)
        }
        return Canvas(width: plane.width, height: plane.height, scale: surface.scale / Double(f), premultipliedWords: plane.words)
    }
}

extension SceneRenderer {
    /// The layer of `group` (placed by `local`) for the canvas pixels `area`, resampled from its
    /// bitmap a row at a time (`ResampledRows`: a canvas of them, or straight into a composite);
    /// nil when the group is not drawn from a bitmap (see the top of this file).
    func rasterizedRows(_ group: Group, local: AffineTransform, area: PixelRect, canvas: Canvas,
                        path: Int) throws -> ResampledRows? {
        try rasterizedRows(group, local: local, origin: (area.x0, area.y0), width: area.x1 - area.x0, height: area.y1 - area.y0,
                           reduction: 1, canvasScale: canvas.scale, canvas: canvas, path: path)
    }

    /// The bitmap's pixels per point for `group` drawn at `canvasScale` under `local`, when the
    /// group is drawn from a bitmap there: rasterized, `local` axis-aligned and scaling the bitmap
    /// by ½ to 2 along each axis (bilinear taps do not average more than 2 × 2 pixels).
    func rasterizationScale(of group: Group, local: AffineTransform, canvasScale: Double) -> Double? {
        guard let rasterization = group.rasterization, local.b == 0, local.c == 0 else { return nil }
        let k = canvasScale * rasterization.scale
        guard k > 0, k.isFinite, (0.5...2).contains(local.a / k), (0.5...2).contains(local.d / k) else { return nil }
        return k
    }

    /// `group`'s layer on a grid `reduction` (1, 2 or 4) times coarser than a canvas of
    /// `canvasScale`, sampled from its bitmap (reduction 1) or the bitmap's mip by `reduction`:
    /// the `width × height` pixels from `origin` of the plane onto which `local` maps the group's
    /// coordinates. Mip pixel i covers bitmap pixels f·i ..< f·i + f, so a point at bitmap
    /// coordinate k·p − x0 lies at (k·p − x0)/f on the mip, whose pixel centres are at i + ½.
    func rasterizedRows(_ group: Group, local: AffineTransform, origin: (x: Int, y: Int), width: Int, height: Int,
                        reduction f: Int, canvasScale: Double, canvas: Canvas, path: Int) throws -> ResampledRows? {
        guard let k = rasterizationScale(of: group, local: local.concatenating(.scale(Double(f), Double(f))), canvasScale: canvasScale),
              let bitmap = try rasterBitmap(group, k: k, canvas: canvas, path: path) else { return nil }
        var source = bitmap.surface
        if f > 1 {
            source = bitmap.mip(by: f)
            if bitmap.mips[f] == nil {
                var kept = bitmap
                kept.mips[f] = source
                layers?.keepRasterMip(kept, for: rasterKey(group, path: path))
            }
        }
        // Pixel x's centre shows the point p.x = (x + ½ + origin.x − tx) / a, which lies at
        // u = (k·p.x − x0)/f − ½ on the source (its pixel centres at integers).
        let kf = k / Double(f), x0 = Double(bitmap.x0) / Double(f), y0 = Double(bitmap.y0) / Double(f)
        let map = AxisMap(sx: kf / local.a, ox: (Double(origin.x) - local.tx) * kf / local.a - x0 - 0.5,
                          sy: kf / local.d, oy: (Double(origin.y) - local.ty) * kf / local.d - y0 - 0.5)
        return ResampledRows(source, map: map, width: width, height: height)
    }

    /// Where the layer cache keeps `group`'s bitmap.
    func rasterKey(_ group: Group, path: Int) -> LayerCache.Key {
        LayerCache.Key(id: group.retention?.id, path: group.retention?.id == nil ? path : 0)
    }

    /// The bitmap of `group`'s children at `k` pixels per point: kept from an earlier frame when
    /// its children and k are the same, else drawn (and kept). Nil when it would be larger than
    /// four canvases (drawn directly then).
    func rasterBitmap(_ group: Group, k: Double, canvas: Canvas, path: Int) throws -> RasterBitmap? {
        let key = rasterKey(group, path: path)
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

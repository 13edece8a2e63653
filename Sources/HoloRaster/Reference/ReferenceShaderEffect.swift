// The reference's shader effect on a group's layer (SceneRenderer's is ShaderEffectLayer.swift):
// pixel by pixel in Double, through the program's reference entry points (HoloMSL's tree-walking
// evaluator). For each pixel of the layer, its centre in the group's local points; inside the
// effect's region (half-open) it gets
//   colour effect   f(p, its own colour)
//   distortion      the layer at q = f(p), q held to p ± maxSampleOffset
//   layer effect    f(p, layer) with layer.sample(q) the layer at q
// and outside it is transparent; a colour channel above alpha is held to alpha. "The layer at q": q in layer pixels, bilinear between the four
// pixel centres around it (centres at integer + ½), taps outside the layer transparent.

import HoloGeometry
import HoloScene

extension Reference {
    static func shaderEffect(_ effect: ShaderEffect, on layer: RefSurface, toLayer: AffineTransform) -> RefSurface {
        precondition(layer.window == layer.full, "an effect reads the whole layer")
        var out = RefSurface(full: layer.full, window: layer.full, scale: layer.scale)
        guard let toLocal = toLayer.inverted() else { return out }
        let region = effect.region, rect = effect.rect, size = rect.size, program = effect.program

        func at(_ x: Double, _ y: Double) -> [Double] {
            // (x, y) in the group's local points, relative to the effect's rect → layer pixels.
            let p = toLayer.apply(Point(x: rect.minX + x, y: rect.minY + y))
            return bilinear(layer, p.x - 0.5, p.y - 0.5)
        }
        for y in layer.full.y0..<layer.full.y1 {
            if referenceStopDue() { break }
            for x in layer.full.x0..<layer.full.x1 {
                let local = toLocal.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard local.x >= region.minX, local.x < region.maxX, local.y >= region.minY, local.y < region.maxY else { continue }
                let px = local.x - rect.minX, py = local.y - rect.minY
                let i = layer.index(x, y)
                let rgba: [Double]
                switch program.kind {
                case .color:
                    let color = (0..<4).map { Double(layer.bytes[i + $0]) / 255 }
                    rgba = program.referenceColor(size: size, x: px, y: py, color: color).map { $0.isNaN ? 0 : min(max($0, 0), 1) * 255 }
                case .distortion:
                    let (qx, qy) = program.referenceDistortion(size: size, x: px, y: py)
                    guard qx.isFinite, qy.isFinite else { continue }
                    let m = effect.maxSampleOffset
                    rgba = at(min(max(qx, px - m.width), px + m.width), min(max(qy, py - m.height), py + m.height))
                case .layer:
                    rgba = program.referenceLayer(size: size, x: px, y: py, sample: { qx, qy in at(qx, qy).map { $0 / 255 } })
                        .map { $0.isNaN ? 0 : min(max($0, 0), 1) * 255 }
                }
                // Premultiplied: no colour channel above alpha (a shader may return one; it is held to alpha).
                let alpha = UInt8(rgba[3].rounded(.toNearestOrAwayFromZero))
                for ch in 0..<3 { out.bytes[i + ch] = Swift.min(UInt8(rgba[ch].rounded(.toNearestOrAwayFromZero)), alpha) }
                out.bytes[i + 3] = alpha
            }
        }
        return out
    }

    /// Premultiplied channels (0…255) at (x, y) in pixel-centre coordinates: pixel (i, j)'s centre
    /// is at (i, j) here. Taps outside the layer are transparent.
    private static func bilinear(_ s: RefSurface, _ x: Double, _ y: Double) -> [Double] {
        guard x.isFinite, y.isFinite, x > -1, y > -1, x < Double(s.full.x1), y < Double(s.full.y1) else { return [0, 0, 0, 0] }
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let i = Int(fx), j = Int(fy), tx = x - fx, ty = y - fy
        func tap(_ a: Int, _ b: Int, _ ch: Int) -> Double {
            guard a >= s.full.x0, b >= s.full.y0, a < s.full.x1, b < s.full.y1 else { return 0 }
            return Double(s.bytes[s.index(a, b) + ch])
        }
        return (0..<4).map { ch in
            (1 - ty) * ((1 - tx) * tap(i, j, ch) + tx * tap(i + 1, j, ch)) + ty * ((1 - tx) * tap(i, j + 1, ch) + tx * tap(i + 1, j + 1, ch))
        }
    }
}

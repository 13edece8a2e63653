// A group's shader effect (SwiftUI's colorEffect, distortionEffect, layerEffect) on the layer its
// children were drawn into: a new layer of the same size, written only where the effect draws
// (pixel centres inside the effect's region; see `ShaderEffect`), transparent elsewhere.
//
// Each layer row is one span for the compiled program: local positions are linear along a row
// under any affine map, and the region is convex, so the pixels inside it are one run.
// Samples (a distortion's source, `layer.sample`) are bilinear between pixel centres in Float,
// transparent outside the layer, rounded once to bytes. A colour or layer effect's result has
// each colour channel held to its alpha (`holdToAlpha`). The reference (Reference/
// ReferenceShaderEffect.swift) does the same per pixel in Double, through the program's
// reference entry points.

import HoloGeometry
import HoloPixels
import HoloScene

extension SceneRenderer {
    /// `layer` (drawn with `toLayer`: the group's local points → layer pixels) through `effect`.
    func applying(_ effect: ShaderEffect, to layer: Canvas, toLayer: AffineTransform) -> Canvas {
        var out = Canvas(width: layer.width, height: layer.height, scale: layer.scale)
        guard let inverse = toLayer.inverted() else { return out }
        let region = effect.region, rect = effect.rect, size = rect.size, program = effect.program
        let box = toLayer.bounds(of: region).intersection(layer.bounds)
        guard !box.isEmpty else { return out }
        let x0 = max(0, Int(box.minX.rounded(.down))), x1 = min(layer.width, Int(box.maxX.rounded(.up)))
        let y0 = max(0, Int(box.minY.rounded(.down))), y1 = min(layer.height, Int(box.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return out }
        let w = layer.width, h = layer.height
        let offset = effect.maxSampleOffset
        var positions = [SIMD2<Float>](repeating: .zero, count: x1 - x0)
        layer.withWords { srcBuffer in
            out.withMutableWords { dstBuffer in
                positions.withUnsafeMutableBufferPointer { pos in
                    let src = srcBuffer.baseAddress!, dst = dstBuffer.baseAddress!
                    for y in y0..<y1 {
                        if stopDue(row: y - y0) { return }
                        let start = inverse.apply(Point(Double(x0) + 0.5, Double(y) + 0.5))
                        var first = -1, last = -1
                        for i in 0..<(x1 - x0) {
                            let px = start.x + inverse.a * Double(i), py = start.y + inverse.b * Double(i)
                            if px >= region.minX && px < region.maxX && py >= region.minY && py < region.maxY {
                                if first < 0 { first = i }
                                last = i
                            }
                        }
                        guard first >= 0 else { continue }
                        let n = last - first + 1
                        let lx = start.x + inverse.a * Double(first) - rect.minX
                        let ly = start.y + inverse.b * Double(first) - rect.minY
                        let row = dst + y * w + x0 + first
                        switch program.kind {
                        case .color:
                            program.shadeColors(size: size, x0: lx, y0: ly, dx: inverse.a, dy: inverse.b, count: n,
                                                colors: src + y * w + x0 + first, into: row)
                            holdToAlpha(row, n)
                        case .distortion:
                            program.distort(size: size, x0: lx, y0: ly, dx: inverse.a, dy: inverse.b, count: n, into: pos.baseAddress!)
                            for i in 0..<n {
                                let px = lx + inverse.a * Double(i), py = ly + inverse.b * Double(i)
                                let qx = Double(pos[i].x), qy = Double(pos[i].y)
                                guard qx.isFinite, qy.isFinite else { row[i] = 0; continue }
                                let sx = min(max(qx, px - offset.width), px + offset.width)
                                let sy = min(max(qy, py - offset.height), py + offset.height)
                                let p = toLayer.apply(Point(x: rect.minX + sx, y: rect.minY + sy))
                                row[i] = packedSample(src, w, h, Float(p.x), Float(p.y))
                            }
                        case .layer:
                            let stride = program.layerSampleStride
                            program.shadeLayer(size: size, x0: lx, y0: ly, dx: inverse.a, dy: inverse.b, count: n, sample: { xs, ys, m, rgba in
                                for i in 0..<m {
                                    let p = toLayer.apply(Point(x: rect.minX + Double(xs[i]), y: rect.minY + Double(ys[i])))
                                    let c = effectSample(src, w, h, Float(p.x), Float(p.y)) * (1 / 255)
                                    for ch in 0..<4 { rgba[ch * stride + i] = c[ch] }
                                }
                            }, into: row)
                            holdToAlpha(row, n)
                        }
                    }
                }
            }
        }
        return out
    }
}

/// A shader may return a colour channel above its alpha (not premultiplied); the layer composite
/// needs r, g, b ≤ a, so each is held to a (SwiftUI on the GPU would add the excess instead).
@inline(__always)
func holdToAlpha(_ p: UnsafeMutablePointer<UInt32>, _ n: Int) {
    for i in 0..<n {
        let v = UInt32(littleEndian: p[i])
        let a = v >> 24
        let r = min(v & 0xFF, a), g = min((v >> 8) & 0xFF, a), b = min((v >> 16) & 0xFF, a)
        p[i] = UInt32(littleEndian: r | g << 8 | b << 16 | a << 24)
    }
}

/// The layer's premultiplied colour (0…255 per channel) at (x, y) in layer pixels, bilinear
/// between pixel centres (at integer + ½), transparent outside the layer.
@inline(__always)
func effectSample(_ words: UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ x: Float, _ y: Float) -> SIMD4<Float> {
    let fx = x - 0.5, fy = y - 0.5
    guard fx > -1, fy > -1, fx < Float(width), fy < Float(height) else { return .zero }  // also NaN
    let bx = fx.rounded(.down), by = fy.rounded(.down)
    let ix = Int(bx), iy = Int(by)
    let wx = fx - bx, wy = fy - by
    @inline(__always) func tap(_ i: Int, _ j: Int) -> SIMD4<Float> {
        guard i >= 0, j >= 0, i < width, j < height else { return .zero }
        let v = UInt32(littleEndian: words[j * width + i])
        return SIMD4(Float(v & 0xFF), Float((v >> 8) & 0xFF), Float((v >> 16) & 0xFF), Float(v >> 24))
    }
    let top = tap(ix, iy) * (1 - wx) + tap(ix + 1, iy) * wx
    let bottom = tap(ix, iy + 1) * (1 - wx) + tap(ix + 1, iy + 1) * wx
    return top * (1 - wy) + bottom * wy
}

/// `effectSample` rounded to premultiplied RGBA8 (one word, memory order r, g, b, a).
@inline(__always)
func packedSample(_ words: UnsafePointer<UInt32>, _ width: Int, _ height: Int, _ x: Float, _ y: Float) -> UInt32 {
    let c = effectSample(words, width, height, x, y)
    var word: UInt32 = 0
    for ch in 0..<4 { word |= UInt32(min(max(c[ch] + 0.5, 0), 255)) << (8 * UInt32(ch)) }
    return UInt32(littleEndian: word)
}

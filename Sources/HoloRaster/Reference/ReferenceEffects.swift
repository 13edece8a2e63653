// Reference effects: materials, layer composite, shadows and 3D tilt.
//
// Material over a mask (coverage m), per covered pixel:
//   B = the exact Gaussian of the backdrop (σ = recipe blur × scale, clamped edges), in Double;
//   straight colour over the scheme's base (white light, black dark):  c = (B + base·(255 − Ba))/255;
//   M = recipe.apply(c) (saturation, brightness, luminance curve, in Double), rounded to 8 bits;
//   D' = (M·m + D·(255 − m))/255 per channel, alpha (255·m + Da·(255 − m))/255 (the material is opaque).
// Layer composite: c = opacity·clip/255 (opacity alone without a clip), then source-over.
// Shadow: the layer's alpha blurred exactly (σ = radius × scale, transparent edges), moved by the
// offset rounded to whole pixels, times the premultiplied shadow colour, one rounding:
//   S_ch = round(tint_ch · A(p − offset)/255).
// Tilt: each output pixel centre u (relative to the anchor) is solved back to the layer point v
// with H·(v, 1) ∝ (u, 1), H the rotation-and-perspective map of TiltProjection's header:
//   (h00 − u_x h20) v_x + (h01 − u_x h21) v_y = u_x h22 − h02
//   (h10 − u_y h20) v_x + (h11 − u_y h21) v_y = u_y h22 − h12      (Cramer's rule)
// and sampled bilinearly there (weights in 1/256, one rounding, transparent outside the layer);
// points behind the eye (W = h20 v_x + h21 v_y + h22 ≤ 0) stay transparent.

import HoloGeometry
import HoloPixels
import HoloScene

#if canImport(Glibc)
import Glibc
#endif

extension Reference {
    /// Frosted glass over `mask`, computed for the pixels of `compute` only.
    static func material(_ recipe: MaterialRecipe, scheme: ColorScheme, mask: RefMask, compute: RefBox, into s: inout RefSurface) {
        let box = mask.window.intersection(compute).intersection(s.window)
        guard !box.isEmpty else { return }
        let plane = RefPlane(full: s.full, window: s.window, channels: 4, bytes: s.bytes)
        let blurred = gaussian(plane, sigma: recipe.blur * s.scale, edge: .clamp, output: box)
        let base = scheme == .light ? 1.0 : 0.0
        mixMasked(box: box, mask: mask, into: &s) { b in
            let under = (255 - blurred[b + 3]) * base
            let c = recipe.apply(red: (blurred[b] + under) / 255, green: (blurred[b + 1] + under) / 255,
                                 blue: (blurred[b + 2] + under) / 255)
            return [Reference.byte(c.red), Reference.byte(c.green), Reference.byte(c.blue), 255]
        }
    }

    /// Each pixel of `box` that `mask` covers: `material(b)` (straight bytes, b the pixel's byte
    /// offset in a buffer of `box`'s size) mixed over what `s` holds by the coverage m:
    /// (material·m + s·(255 − m)) / 255 per channel.
    static func mixMasked(box: RefBox, mask: RefMask, into s: inout RefSurface, _ material: (Int) -> [Int]) {
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for x in box.x0..<box.x1 {
                let m = mask.at(x, y)
                if m == 0 { continue }
                let value = material(((y - box.y0) * box.width + (x - box.x0)) * 4)
                let i = s.index(x, y)
                for ch in 0..<4 {
                    s.bytes[i + ch] = UInt8(div255(value[ch] * m + Int(s.bytes[i + ch]) * (255 - m)))
                }
            }
        }
    }

    /// The fast material's tint and write-back (Material.swift: steps 2–5 in Float, rounded once),
    /// a pixel and a channel at a time, over `box`, from the blurred backdrop `blurred` (premultiplied
    /// bytes of `box`'s size). FastPathTests holds the fast loop (remembered tints, lane blends,
    /// stores at full coverage) to it byte for byte. The Float formula is written here a second
    /// time on purpose: the fast loop's (`MaterialTint`) is a helper this reference must not call.
    static func materialTint(_ recipe: MaterialRecipe, scheme: ColorScheme, blurred: [UInt8], box: RefBox, mask: RefMask,
                             into s: inout RefSurface) {
        let base: Float = scheme == .light ? 1 : 0
        let saturation = Float(recipe.saturation), mix = Float(recipe.luminanceMix), brightness = Float(recipe.brightness)
        let curve = recipe.curve.map { Float($0) }
        mixMasked(box: box, mask: mask, into: &s) { b in
            // Over the opaque base, straight 0…1.
            let under = Float(255 - Int(blurred[b + 3])) * base
            var c = (0..<3).map { (Float(blurred[b + $0]) + under) * (1 / 255) }
            let luma = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
            c = c.map { Swift.min(Swift.max(luma + saturation * ($0 - luma), 0), 1) }
            let t = (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) * 3
            let segment = t < 1 ? 0 : (t < 2 ? 1 : 2)
            let grey = curve[segment] + (curve[segment + 1] - curve[segment]) * (t - Float(segment))
            return c.map { Int(Swift.min(Swift.max($0 + (grey - $0) * mix + brightness, 0), 1) * 255 + 0.5) } + [255]
        }
    }

    /// Group opacity: what a group drew mixed back with what the target held `before` (over
    /// before's window), keeping `backdropWeight` of it:
    ///   out = (now·w + before·(255 − w))/255 per channel,  w = round((1 − backdropWeight)·255).
    static func mixBack(_ s: inout RefSurface, before: RefSurface, keeping backdropWeight: Double) {
        let w = Int((Swift.max(0, Swift.min(1, 1 - backdropWeight)) * 255).rounded())
        let box = before.window.intersection(s.window)
        guard !box.isEmpty else { return }
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for x in box.x0..<box.x1 {
                let i = s.index(x, y), j = before.index(x, y)
                for ch in 0..<4 {
                    s.bytes[i + ch] = UInt8(div255(Int(s.bytes[i + ch]) * w + Int(before.bytes[j + ch]) * (255 - w)))
                }
            }
        }
    }

    /// Source-over of `layer` (its window, placed at `origin` in the surface's coordinates) with
    /// group opacity and clip, over the pixels of `limit`.
    static func composite(_ layer: RefSurface, origin: (x: Int, y: Int), opacity: Double, clip: RefMask?,
                          limit: RefBox, into s: inout RefSurface) {
        let o = byte(opacity)
        guard o > 0 else { return }
        let box = layer.window.shifted(origin.x, origin.y).intersection(s.window).intersection(limit)
        guard !box.isEmpty else { return }
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for x in box.x0..<box.x1 {
                let c = clip.map { div255(o * $0.at(x, y)) } ?? o
                if c == 0 { continue }
                let j = layer.index(x - origin.x, y - origin.y)
                let p = (Int(layer.bytes[j]), Int(layer.bytes[j + 1]), Int(layer.bytes[j + 2]), Int(layer.bytes[j + 3]))
                if p == (0, 0, 0, 0) { continue }
                over(&s.bytes, s.index(x, y), p, coverage: c)
            }
        }
    }

    /// The blurred layer: the exact Gaussian (transparent edges) over `output`, rounded.
    static func blurred(_ layer: RefSurface, sigma: Double, output: RefBox) -> RefSurface {
        var out = RefSurface(full: layer.full, window: output, scale: layer.scale)
        let g = gaussian(RefPlane(full: layer.full, window: layer.window, channels: 4, bytes: layer.bytes),
                         sigma: sigma, edge: .transparent, output: output)
        for i in 0..<g.count { out.bytes[i] = UInt8(Swift.min(255, Swift.max(0, g[i].rounded()))) }
        return out
    }

    /// The layer's shadow over `output` (layer coordinates).
    static func shadow(of layer: RefSurface, _ shadow: Shadow, output: RefBox) -> RefSurface {
        var out = RefSurface(full: layer.full, window: output, scale: layer.scale)
        let dx = Int((shadow.offset.x * layer.scale).rounded()), dy = Int((shadow.offset.y * layer.scale).rounded())
        let tint = premultiplied(shadow.color)
        let source = output.shifted(-dx, -dy)
        var alpha = [UInt8](repeating: 0, count: layer.window.width * layer.window.height)
        for i in 0..<alpha.count { alpha[i] = layer.bytes[i * 4 + 3] }
        let sigma = shadowSigma(radius: shadow.radius) * layer.scale
        let a: [Double]
        if sigma > 0 {
            a = gaussian(RefPlane(full: layer.full, window: layer.window, channels: 1, bytes: alpha),
                         sigma: sigma, edge: .transparent, output: source)
        } else {
            a = (0..<(source.width * source.height)).map { i in
                let x = source.x0 + i % source.width, y = source.y0 + i / source.width
                guard x >= layer.window.x0, x < layer.window.x1, y >= layer.window.y0, y < layer.window.y1 else { return 0 }
                return Double(alpha[(y - layer.window.y0) * layer.window.width + (x - layer.window.x0)])
            }
        }
        for y in output.y0..<output.y1 {
            if referenceStopDue() { break }
            for x in output.x0..<output.x1 {
                let v = a[(y - output.y0) * output.width + (x - output.x0)] / 255
                if v <= 0 { continue }
                let i = out.index(x, y)
                out.bytes[i] = UInt8((Double(tint.0) * v).rounded())
                out.bytes[i + 1] = UInt8((Double(tint.1) * v).rounded())
                out.bytes[i + 2] = UInt8((Double(tint.2) * v).rounded())
                out.bytes[i + 3] = UInt8((Double(tint.3) * v).rounded())
            }
        }
        return out
    }

    /// `layer` (all of it stored) as rotation3DEffect shows it, with the anchor in layer pixels.
    static func tilted(_ layer: RefSurface, _ tilt: Tilt, anchor: Point) -> RefSurface {
        precondition(layer.window == layer.full, "a tilted layer is drawn whole")
        var out = RefSurface(full: layer.full, window: layer.full, scale: layer.scale)
        let w = layer.full.width, hgt = layer.full.height
        let ax = tilt.degreesX * .pi / 180, ay = tilt.degreesY * .pi / 180
        let k = tilt.perspective / Double(Swift.max(w, hgt, 1))
        // H = [[cos θy, sin θy sin θx, 0], [0, cos θx, 0], [k sin θy, −k cos θy sin θx, 1]]
        let h00 = cos(ay), h01 = sin(ay) * sin(ax), h02 = 0.0
        let h10 = 0.0, h11 = cos(ax), h12 = 0.0
        let h20 = k * sin(ay), h21 = -k * cos(ay) * sin(ax), h22 = 1.0
        func at(_ x: Int, _ y: Int, _ ch: Int) -> Int {
            guard x >= 0, y >= 0, x < w, y < hgt else { return 0 }
            return Int(layer.bytes[(y * w + x) * 4 + ch])
        }
        for y in 0..<hgt {
            if referenceStopDue() { break }
            for x in 0..<w {
                let ux = Double(x) + 0.5 - anchor.x, uy = Double(y) + 0.5 - anchor.y
                let a11 = h00 - ux * h20, a12 = h01 - ux * h21, b1 = ux * h22 - h02
                let a21 = h10 - uy * h20, a22 = h11 - uy * h21, b2 = uy * h22 - h12
                let det = a11 * a22 - a12 * a21
                guard det != 0, det.isFinite else { continue }
                let vx = (b1 * a22 - a12 * b2) / det, vy = (a11 * b2 - a21 * b1) / det
                guard h20 * vx + h21 * vy + h22 > 1e-9 else { continue }
                // Sample position in layer pixels (pixel centres at integers).
                let sx = anchor.x + vx - 0.5, sy = anchor.y + vy - 0.5
                guard sx > -1, sy > -1, sx < Double(w), sy < Double(hgt) else { continue }
                let fx = sx.rounded(.down), fy = sy.rounded(.down)
                let ix = Int(fx), iy = Int(fy)
                let wx = Int(((sx - fx) * 256).rounded()), wy = Int(((sy - fy) * 256).rounded())
                let i = out.index(x, y)
                for ch in 0..<4 {
                    let sum = at(ix, iy, ch) * (256 - wx) * (256 - wy) + at(ix + 1, iy, ch) * wx * (256 - wy)
                        + at(ix, iy + 1, ch) * (256 - wx) * wy + at(ix + 1, iy + 1, ch) * wx * wy
                    out.bytes[i + ch] = UInt8((sum + 32768) >> 16)
                }
            }
        }
        return out
    }
}

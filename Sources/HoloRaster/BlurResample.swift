// Reduced-resolution blur support: box downsample by f, bilinear upsample by f, both integer.
//
// A large Gaussian removes everything a 1/f grid cannot hold, so blurring at 1/f resolution (as
// Apple does for materials, f = 4) costs 1/f² of the work for an error of a few LSB (BlurTests
// measures it). The two resampling steps blur a little themselves; Blur.swift subtracts their
// variance from σ²: box of f → (f²−1)/12, linear interpolation at spacing f → f²/6 (px²).

/// Each coarse pixel is the rounded mean of an f×f block; pixels past the edge repeat the edge
/// pixel (clamp) or count as 0 (transparent). `pad` extra coarse cells on every side hold the
/// clamped extension computed at full resolution: clamping only at the coarse level would repeat
/// a block mean instead of the edge pixel, which a large σ near the edge would show.
func downsampled(_ plane: BlurPlane, by f: Int, pad: Int, edge: BlurEdge) -> BlurPlane {
    let cw = (plane.width + f - 1) / f + 2 * pad, ch = (plane.height + f - 1) / f + 2 * pad, c = plane.channels
    var out = BlurPlane(width: cw, height: ch, channels: c)
    let area = f * f
    let w = plane.width, h = plane.height
    plane.bytes.withUnsafeBufferPointer { src in
        out.bytes.withUnsafeMutableBufferPointer { dst in
            var sums = [Int](repeating: 0, count: c)
            for cy in 0..<ch {
                for cx in 0..<cw {
                    for k in 0..<c { sums[k] = 0 }
                    for dy in 0..<f {
                        var y = (cy - pad) * f + dy
                        if y < 0 || y >= h { if edge == .transparent { continue }; y = min(max(y, 0), h - 1) }
                        for dx in 0..<f {
                            var x = (cx - pad) * f + dx
                            if x < 0 || x >= w { if edge == .transparent { continue }; x = min(max(x, 0), w - 1) }
                            let i = (y * w + x) * c
                            for k in 0..<c { sums[k] += Int(src[i + k]) }
                        }
                    }
                    let o = (cy * cw + cx) * c
                    for k in 0..<c { dst[o + k] = UInt8((sums[k] + area / 2) / area) }
                }
            }
        }
    }
    return out
}

/// Bilinear upsample by f to `width × height`, skipping `pad` coarse cells on every side. Fine pixel x samples coarse position
/// u = (x + ½)/f − ½ = (2x + 1 − f)/(2f): integer numerator, weights in 1/(2f), so the whole
/// interpolation is exact integer arithmetic with one rounding.
func upsampled(_ plane: BlurPlane, by f: Int, pad: Int, width: Int, height: Int, edge: BlurEdge) -> BlurPlane {
    let c = plane.channels, cw = plane.width, ch = plane.height
    var out = BlurPlane(width: width, height: height, channels: c)
    let den = 2 * f
    // Per fine column/row: coarse indices and the weight of the second one (0…2f).
    func taps(_ n: Int, _ limit: Int) -> [(Int, Int, Int)] {
        (0..<n).map { x in
            let num = 2 * x + 1 - f
            let i0 = num >= 0 ? num / den : -((-num + den - 1) / den)
            let frac = num - i0 * den
            return (i0 + pad, i0 + pad + 1, frac)
        }
    }
    let tx = taps(width, cw), ty = taps(height, ch)
    let zeroOutside = edge == .transparent
    plane.bytes.withUnsafeBufferPointer { src in
        out.bytes.withUnsafeMutableBufferPointer { dst in
            @inline(__always) func at(_ x: Int, _ y: Int, _ k: Int) -> Int {
                if zeroOutside && (x < 0 || y < 0 || x >= cw || y >= ch) { return 0 }
                let xc = min(max(x, 0), cw - 1), yc = min(max(y, 0), ch - 1)
                return Int(src[(yc * cw + xc) * c + k])
            }
            let total = den * den, half = total / 2
            for y in 0..<height {
                let (y0, y1, fy) = ty[y]
                for x in 0..<width {
                    let (x0, x1, fx) = tx[x]
                    let o = (y * width + x) * c
                    for k in 0..<c {
                        let top = at(x0, y0, k) * (den - fx) + at(x1, y0, k) * fx
                        let bottom = at(x0, y1, k) * (den - fx) + at(x1, y1, k) * fx
                        dst[o + k] = UInt8((top * (den - fy) + bottom * fy + half) / total)
                    }
                }
            }
        }
    }
    return out
}

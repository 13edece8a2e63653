// Reduced-resolution blur support: box downsample by f, bilinear upsample by f, both integer.
//
// A large Gaussian removes everything a 1/f grid cannot hold, so blurring at 1/f resolution (as
// Apple does for materials, f = 4) costs 1/f² of the work for an error of a few LSB (BlurTests
// measures it). The two resampling steps blur a little themselves; Blur.swift subtracts their
// variance from σ²: box of f → (f²−1)/12, linear interpolation at spacing f → f²/6 (px²).

import CPixelKernels

/// Each coarse pixel is the rounded mean of an f×f block; pixels past the edge repeat the edge
/// pixel (clamp) or count as 0 (transparent). `pad` extra coarse cells on every side hold that
/// extension computed at full resolution: clamping only at the coarse level would repeat a block
/// mean instead of the edge pixel, which a large σ near the edge would show. Pad cells are cheap:
/// beyond the edge the clamped image is constant along one axis, so they come from the edge rows
/// and columns alone.
func downsampled(_ plane: BlurPlane, by f: Int, pad: Int, edge: BlurEdge) -> BlurPlane {
    plane.withBytes { src in
        downsampled(rows: src.baseAddress!, width: plane.width, height: plane.height, rowBytes: plane.width * plane.channels,
                    channels: plane.channels, by: f, pad: pad, edge: edge)
    }
}

/// `downsampled` of the `width × height` picture whose row y starts at `src + y · rowBytes`
/// (a region of a canvas read in place: a material's backdrop is not copied out first).
func downsampled(rows src: UnsafePointer<UInt8>, width w: Int, height h: Int, rowBytes: Int, channels c: Int,
                 by f: Int, pad: Int, edge: BlurEdge) -> BlurPlane {
    let iw = (w + f - 1) / f, ih = (h + f - 1) / f
    let cw = iw + 2 * pad, ch = ih + 2 * pad
    var out = BlurPlane(width: cw, height: ch, channels: c)
    let area = f * f, half = area / 2
    precondition(area.nonzeroBitCount == 1, "f must be a power of two")
    let shift = area.trailingZeroBitCount
    let clamp = edge == .clamp
    // Fine source column for each inner coarse column's f taps: clamped, or −1 (transparent).
    let colMap = (0..<(iw * f)).map { x in x < w ? x : (clamp ? w - 1 : -1) }
    var acc = [Int](repeating: 0, count: iw * c)
    do {
        out.withMutableBytes { dst in
            colMap.withUnsafeBufferPointer { cols in
                acc.withUnsafeMutableBufferPointer { a in
                    // Inner cells: sum f rows column by column, then f columns per cell.
                    if c == 4 && (f == 2 || f == 4) {
                        downsampleBlocks(src, width: w, height: h, rowBytes: rowBytes, by: f, clamp: clamp, colMap: cols,
                                         into: dst.baseAddress!, coarseWidth: cw, pad: pad)
                    } else if c == 1 && (f == 2 || f == 4) {
                        downsampleMaskBlocks(src, width: w, height: h, rowBytes: rowBytes, by: f, clamp: clamp, colMap: cols,
                                             into: dst.baseAddress!, coarseWidth: cw, pad: pad)
                    } else {
                    for cy in 0..<ih {
                        for i in 0..<(iw * c) { a[i] = 0 }
                        for dy in 0..<f {
                            var y = cy * f + dy
                            if y >= h { if !clamp { continue }; y = h - 1 }
                            let row = src + y * rowBytes
                            for cx in 0..<iw {
                                for dx in 0..<f {
                                    let x = cols[cx * f + dx]
                                    if x < 0 { continue }
                                    for k in 0..<c { a[cx * c + k] &+= Int(row[x * c + k]) }
                                }
                            }
                        }
                        let o = ((cy + pad) * cw + pad) * c
                        for i in 0..<(iw * c) { dst[o + i] = UInt8(truncatingIfNeeded: (a[i] + half) >> shift) }
                    }
                    }
                    guard pad > 0, clamp else { return }
                    // Left/right pads: per coarse row, the mean of the edge column over its f rows,
                    // one cell's value stored along the whole pad (a word a cell for 4 channels).
                    func sidePad(_ cy: Int, _ x: Int, _ cxRange: Range<Int>) {
                        var cell = SIMD4<UInt8>()
                        for k in 0..<c {
                            var sum = 0
                            for dy in 0..<f { sum += Int(src[min(cy * f + dy, h - 1) * rowBytes + x * c + k]) * f }
                            cell[k] = UInt8(truncatingIfNeeded: (sum + half) / area)
                        }
                        let start = dst.baseAddress! + ((cy + pad) * cw + cxRange.lowerBound) * c
                        if c == 1 {
                            start.update(repeating: cell[0], count: cxRange.count)
                        } else if c == 4 {
                            let word = UInt32(cell[0]) | UInt32(cell[1]) << 8 | UInt32(cell[2]) << 16 | UInt32(cell[3]) << 24
                            let p = UnsafeMutableRawPointer(start)
                            for i in 0..<cxRange.count { p.storeBytes(of: word, toByteOffset: 4 * i, as: UInt32.self) }
                        } else {
                            for i in 0..<(cxRange.count * c) { start[i] = cell[i % c] }
                        }
                    }
                    for cy in 0..<ih {
                        sidePad(cy, 0, 0..<pad)
                        sidePad(cy, w - 1, (pad + iw)..<cw)
                    }
                    // Top/bottom pads: the edge coarse row of inner cells' edge fine row, and the
                    // corners: the corner pixels. Every pad row on a side is the same: its first
                    // row is computed, the others copied from it (row by row, not column by column).
                    for (y, cyRange) in [(0, 0..<pad), (h - 1, (pad + ih)..<ch)] {
                        let first = dst.baseAddress! + cyRange.lowerBound * cw * c
                        for cx in 0..<cw {
                            for k in 0..<c {
                                var sum = 0
                                for dx in 0..<f {
                                    let x = min(max((cx - pad) * f + dx, 0), w - 1)
                                    sum += Int(src[y * rowBytes + x * c + k]) * f
                                }
                                first[cx * c + k] = UInt8(truncatingIfNeeded: (sum + half) / area)
                            }
                        }
                        for cy in cyRange.dropFirst() { (dst.baseAddress! + cy * cw * c).update(from: first, count: cw * c) }
                    }
                }
            }
        }
    }
    return out
}

/// Bilinear upsample by f to `width × height`, skipping `pad` (≥ 1) coarse cells on every side.
/// Fine pixel x samples coarse position u = (x + ½)/f − ½ = (2x + 1 − f)/(2f): integer numerator,
/// weights in 1/(2f), so the interpolation is exact integer arithmetic with one rounding. With a
/// pad of at least one cell every tap is inside the coarse plane (no edge tests in the loop).
/// Only the fine pixels of `keep` are produced (a blur's region of interest, not its margin).
func upsampled(_ plane: BlurPlane, by f: Int, pad: Int, keep: BlurRegion) -> BlurPlane {
    let width = keep.width, height = keep.height
    precondition(pad >= 1, "upsampling needs a coarse border cell")
    let c = plane.channels, cw = plane.width
    if c == 4 || c == 1 {
        // The C kernels, a row at a time (`upsampleRows`): same bytes as the loop below.
        var out = BlurPlane(uninitializedWidth: width, height: height, channels: c)
        out.withMutableBytes { dst in
            upsampleRows(plane, by: f, pad: pad, keep: keep, into: { UnsafeMutableRawPointer(dst.baseAddress! + $0 * width * c) }, then: { _ in })
        }
        return out
    }
    let den = 2 * f
    func taps(_ range: Range<Int>) -> [(Int, Int)] {
        range.map { x in
            let num = 2 * x + 1 - f
            let i0 = num >= 0 ? num / den : -((-num + den - 1) / den)
            return (i0 + pad, num - i0 * den)
        }
    }
    let tx = taps(keep.x..<(keep.x + width)), ty = taps(keep.y..<(keep.y + height))
    let total = den * den, half = total / 2
    precondition(total.nonzeroBitCount == 1, "f must be a power of two")
    let shift = total.trailingZeroBitCount
    var out = BlurPlane(width: width, height: height, channels: c)
    var column = [Int](repeating: 0, count: cw * c)
    plane.withBytes { src in
        out.withMutableBytes { dst in
            column.withUnsafeMutableBufferPointer { col in
                tx.withUnsafeBufferPointer { tx in
                    for y in 0..<height {
                        // Vertical first: one interpolated coarse row (×2f), then along x.
                        let (y0, fy) = ty[y]
                        let r0 = src.baseAddress! + y0 * cw * c, r1 = r0 + cw * c
                        for i in 0..<(cw * c) { col[i] = Int(r0[i]) * (den - fy) + Int(r1[i]) * fy }
                        let o = dst.baseAddress! + y * width * c
                        for x in 0..<width {
                            let (x0, fx) = tx[x]
                            let i = x0 * c
                            for k in 0..<c {
                                o[x * c + k] = UInt8(truncatingIfNeeded:
                                    (col[i + k] * (den - fx) + col[i + c + k] * fx + half) >> shift)
                            }
                        }
                    }
                }
            }
        }
    }
    return out
}

/// `upsampled`'s rows one at a time (RGBA or mask planes, C kernels): fine row y of `keep` is
/// written to `into(y)` (keep.width pixels), then `then(y)` runs, so a caller can consume each
/// row while it is in cache (a reduced-resolution layer is composited row by row, ReducedLayer.swift).
func upsampleRows(_ plane: BlurPlane, by f: Int, pad: Int, keep: BlurRegion,
                  into row: (Int) -> UnsafeMutableRawPointer, then done: (Int) -> Void) {
    let c = plane.channels, cw = plane.width, den = 2 * f
    precondition(pad >= 1, "upsampling needs a coarse border cell")
    precondition(c == 4 || c == 1, "RGBA or mask planes")
    // In C (CPixelKernels/upsample.c): per fine row the vertical mix of its two coarse rows in
    // 16-bit lanes (at most 2f·255), then along x whole groups of f fine pixels (fx = 1, 3, …,
    // 2f − 1) from two coarse pixels and constant weights, (2f)²·255 + 2f² < 2¹⁶ for f ≤ 4:
    // same integers, same bytes as `upsampled`'s channel-by-channel loop.
    precondition(f <= 4, "16-bit lanes hold (2f)²·255 only for f ≤ 4")
    var column = [UInt16](repeating: 0, count: cw * c)
    // The coarse cells the row kernels read for keep's columns (x reads cells ⌊u⌋ and ⌊u⌋ + 1):
    // only those are mixed (a blur leaves the others unspecified, `blurCoarse`).
    func cell(_ x: Int) -> Int { let num = 2 * x + 1 - f; return (num >= 0 ? num / den : -((-num + den - 1) / den)) + pad }
    let lo = keep.width > 0 ? min(max(cell(keep.x), 0), cw) : 0
    let hi = keep.width > 0 ? min(max(cell(keep.x + keep.width - 1) + 2, lo), cw) : 0
    plane.withBytes { src in
        column.withUnsafeMutableBufferPointer { col in
            for y in 0..<keep.height {
                let num = 2 * (keep.y + y) + 1 - f
                let i0 = num >= 0 ? num / den : -((-num + den - 1) / den)
                let y0 = i0 + pad, fy = num - i0 * den
                let r0 = src.baseAddress! + y0 * cw * c, o = row(y)
                hf_upsample_mix(r0 + lo * c, r0 + cw * c + lo * c, col.baseAddress! + lo * c, (hi - lo) * c,
                                UInt16(den - fy), UInt16(fy))
                if c == 4 {
                    hf_upsample_row_rgba(col.baseAddress!, o, keep.x, keep.width, f, pad)
                } else {
                    hf_upsample_row_mask(col.baseAddress!, o, keep.x, keep.width, f, pad)
                }
                done(y)
            }
        }
    }
}

/// A canvas word's four bytes in four 16-bit lanes of a UInt64, and back.
enum PixelLanes {
    /// [b0, b1, b2, b3] → b0 | b1 << 16 | b2 << 32 | b3 << 48.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 {
        var x = UInt64(p)
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        return (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
    }

    /// The low byte of each lane, packed back into a word (higher lane bits are dropped).
    @inline(__always)
    static func pack(_ v: UInt64) -> UInt32 {
        var x = v & 0x00FF_00FF_00FF_00FF
        x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: x | (x >> 16))
    }

    /// `v` in every lane.
    @inline(__always)
    static func broadcast(_ v: UInt64) -> UInt64 { v &* 0x0001_0001_0001_0001 }
}

/// The inner cells of a 4-channel `downsampled` by f = 2 or 4: whole blocks in C
/// (CPixelKernels/downsample.c: the block's rows added in 16-bit lanes, its f pixels folded,
/// four coarse pixels stored at once; same sums, same rounding ((sum + f²/2) >> log₂ f²), same
/// bytes as the channel-by-channel loop); a last block that runs past the edge takes that loop's
/// column map.
private func downsampleBlocks(_ src: UnsafePointer<UInt8>, width w: Int, height h: Int, rowBytes: Int, by f: Int, clamp: Bool,
                              colMap: UnsafeBufferPointer<Int>, into dst: UnsafeMutablePointer<UInt8>,
                              coarseWidth cw: Int, pad: Int) {
    let iw = (w + f - 1) / f, ih = (h + f - 1) / f
    let full = w / f
    let shift: UInt16 = f == 4 ? 4 : 2, half: UInt16 = f == 4 ? 8 : 2
    var rows = [UnsafePointer<UInt8>?](repeating: src, count: f)
    for cy in 0..<ih {
        // The block's fine rows: clamped at the bottom edge, or left out (transparent).
        var n = 0
        for dy in 0..<f {
            var y = cy * f + dy
            if y >= h { if !clamp { continue }; y = h - 1 }
            rows[n] = src + y * rowBytes; n += 1
        }
        let out = dst + ((cy + pad) * cw + pad) * 4
        rows.withUnsafeBufferPointer { r in
            hf_downsample_rgba(r.baseAddress!, n, f, out, full)
            // A last, partial block: its columns through the map (clamped, or −1 for transparent).
            for cx in full..<iw {
                var sums = SIMD4<UInt16>()
                for k in 0..<n {
                    for dx in 0..<f {
                        let x = colMap[cx * f + dx]
                        if x >= 0 {
                            sums &+= SIMD4<UInt16>(truncatingIfNeeded: UnsafeRawPointer(r[k]! + x * 4).loadUnaligned(as: SIMD4<UInt8>.self))
                        }
                    }
                }
                let v = SIMD4<UInt8>(truncatingIfNeeded: (sums &+ half) &>> shift)
                UnsafeMutableRawPointer(out + cx * 4).storeBytes(of: v, as: SIMD4<UInt8>.self)
            }
        }
    }
}

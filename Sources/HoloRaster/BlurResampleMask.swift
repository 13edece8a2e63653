// One-channel (alpha mask) fast paths of the reduced-resolution blur: shadows and glows blur an
// 8-bit coverage mask, not RGBA. Same integers, same rounding, same bytes as the channel loops in
// BlurResample.swift (held to the reference resamplers in the tests); only the memory access
// differs: whole blocks read as one 16- or 32-bit word per fine row, taps from precomputed
// tables, no checked arithmetic in the inner loops.

/// The inner cells of a 1-channel `downsampled` by f = 2 or 4. A block row's f bytes are one
/// little-endian word; its bytes are summed in two 16-bit halves, (v & 0x00FF00FF) +
/// ((v >> 8) & 0x00FF00FF) (at most 4 rows × 2 × 255 = 2040 a half, no carry between halves), and
/// the halves added: the block's sum, rounded as (sum + f²/2) >> log₂ f². A last block that runs
/// past the edge takes the column map, as the channel loop does.
func downsampleMaskBlocks(_ src: UnsafePointer<UInt8>, width w: Int, height h: Int, by f: Int, clamp: Bool,
                          colMap: UnsafeBufferPointer<Int>, into dst: UnsafeMutablePointer<UInt8>,
                          coarseWidth cw: Int, pad: Int) {
    precondition(f == 2 || f == 4, "mask blocks are 2 or 4 pixels wide")
    let iw = (w + f - 1) / f, ih = (h + f - 1) / f
    let full = w / f
    let shift: UInt32 = f == 4 ? 4 : 2, half: UInt32 = f == 4 ? 8 : 2
    var rows = [UnsafePointer<UInt8>](repeating: src, count: f)
    rows.withUnsafeMutableBufferPointer { r in
        for cy in 0..<ih {
            var n = 0
            for dy in 0..<f {
                var y = cy * f + dy
                if y >= h { if !clamp { continue }; y = h - 1 }
                r[n] = src + y * w; n += 1
            }
            let out = dst + (cy + pad) * cw + pad
            if f == 4 {
                for cx in 0..<full {
                    var halves: UInt32 = 0
                    for k in 0..<n {
                        let v = UnsafeRawPointer(r[k] + cx * 4).loadUnaligned(as: UInt32.self)
                        halves &+= (v & 0x00FF_00FF) &+ ((v >> 8) & 0x00FF_00FF)
                    }
                    let sum = (halves & 0xFFFF) &+ (halves >> 16)
                    out[cx] = UInt8(truncatingIfNeeded: (sum &+ half) >> shift)
                }
            } else {
                for cx in 0..<full {
                    var sum: UInt32 = 0
                    for k in 0..<n {
                        let v = UInt32(UnsafeRawPointer(r[k] + cx * 2).loadUnaligned(as: UInt16.self))
                        sum &+= (v & 0xFF) &+ (v >> 8)
                    }
                    out[cx] = UInt8(truncatingIfNeeded: (sum &+ half) >> shift)
                }
            }
            for cx in full..<iw {
                var sum: UInt32 = 0
                for k in 0..<n {
                    for dx in 0..<f {
                        let x = colMap[cx * f + dx]
                        if x >= 0 { sum &+= UInt32(r[k][x]) }
                    }
                }
                out[cx] = UInt8(truncatingIfNeeded: (sum &+ half) >> shift)
            }
        }
    }
}

/// The 1-channel `upsampled`: per fine row one vertically interpolated coarse row (×2f, at most
/// 2f·255), then per fine pixel the horizontal mix of its two coarse taps, (col[x₀]·(2f − fx) +
/// col[x₀ + 1]·fx + (2f)²/2) >> log₂ (2f)², at most (2f)²·255 + (2f)²/2 < 2³²: exact in UInt32.
/// `tx`/`ty` are the taps the channel loop uses: (coarse index with the pad, numerator fx).
func upsampleMask(_ src: UnsafePointer<UInt8>, coarseWidth cw: Int, den: Int, shift: Int,
                  tx: [(Int, Int)], ty: [(Int, Int)], into dst: UnsafeMutablePointer<UInt8>) {
    let width = tx.count
    let half = UInt32(den * den / 2), d = UInt32(den), s = UInt32(shift)
    let left = tx.map { Int32($0.0) }, right = tx.map { UInt32($0.1) }
    var column = [UInt32](repeating: 0, count: cw)
    column.withUnsafeMutableBufferPointer { colBuf in
        left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { fr in
                let col = colBuf.baseAddress!
                for (y, (y0, fy)) in ty.enumerated() {
                    let r0 = src + y0 * cw, r1 = r0 + cw
                    let w0 = d &- UInt32(fy), w1 = UInt32(fy)
                    for i in 0..<cw { col[i] = UInt32(r0[i]) &* w0 &+ UInt32(r1[i]) &* w1 }
                    let o = dst + y * width
                    for x in 0..<width {
                        let i = Int(l[x]), fx = fr[x]
                        o[x] = UInt8(truncatingIfNeeded: (col[i] &* (d &- fx) &+ col[i + 1] &* fx &+ half) >> s)
                    }
                }
            }
        }
    }
}

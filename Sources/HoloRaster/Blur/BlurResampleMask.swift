// One-channel (alpha mask) fast paths of the reduced-resolution blur: shadows and glows blur an
// 8-bit coverage mask, not RGBA. Same integers, same rounding, same bytes as the channel loops in
// BlurResample.swift (held to the reference resamplers in the tests); only the memory access
// differs: whole blocks read as one 16- or 32-bit word per fine row, no checked arithmetic in the
// inner loops. (The 1-channel upsample is in C, beside the 4-channel one: CPixelKernels/upsample.c.)

/// The inner cells of a 1-channel `downsampled` by f = 2 or 4. A block row's f bytes are one
/// little-endian word; its bytes are summed in two 16-bit halves, (v & 0x00FF00FF) +
/// ((v >> 8) & 0x00FF00FF) (at most 4 rows × 2 × 255 = 2040 a half, no carry between halves), and
/// the halves added: the block's sum, rounded as (sum + f²/2) >> log₂ f². A last block that runs
/// past the edge takes the column map, as the channel loop does.
func downsampleMaskBlocks(_ src: UnsafePointer<UInt8>, width w: Int, height h: Int, rowBytes: Int, by f: Int, clamp: Bool,
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
                r[n] = src + y * rowBytes; n += 1
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

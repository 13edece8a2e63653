// Fast exact-Gaussian passes (σ ≤ 2 px): the integer sums of `Reference.tapPass`, reorganised, so
// the bytes are identical (BlurFastPathTests holds them equal).
//
// Both passes go through hf_taps_pass (CPixelKernels/taps.c):
//   out[i] = ⌊(2¹⁵ + Σ_t w_t · rows[t][i]) / 2¹⁶⌋
// over a row of channel bytes, two taps per SSE2 pmaddwd, the sums in registers.
//   • Rows: rows[t] is the row padded by the edge rule and shifted by t pixels (any channel
//     count). Outside the row's nonzero span, widened by the taps, the output is 0 without a sum.
//   • Columns: rows[t] is input row y + t − r, no transpose (one pass used to be two 13-MB
//     transposes); integer sums do not depend on order, so this equals the row pass run on the
//     transposed plane. Input rows that are entirely zero (transparent layer margins) are left out.
//   • pmaddwd multiplies signed 16-bit numbers, so a weight of 2¹⁵ or more (the centre of a
//     Gaussian under σ ≈ 0.6 px) is split into taps at the same offset (KernelTaps); the sum is
//     the same.
// A full-screen layer blur (Group.blur at the start and end of a reveal) went from 100 ms to 41 ms
// a frame when this replaced Swift loops (Swift at the default x86-64 target has no 32-bit lane
// multiply).

import CPixelKernels

/// `weights` (2r+1 taps) as hf_taps_pass takes them: each weight below 2¹⁵, a larger one split into
/// several taps at the same offset; zero weights, which add nothing, left out.
struct KernelTaps {
    let radius: Int
    private(set) var offsets: [Int] = []
    private(set) var weights: [Int16] = []

    init(_ weights: [Int]) {
        radius = weights.count / 2
        for (t, w) in weights.enumerated() {
            var left = w
            while left > 0 {
                let part = min(left, (1 << 15) - 1)
                offsets.append(t)
                self.weights.append(Int16(part))
                left -= part
            }
        }
    }
}

/// Every row convolved with `weights` (2r+1 taps summing to 2¹⁶), rows padded by the edge rule
/// (padRow's).
func gaussianBlurRows(_ plane: inout BlurPlane, weights: [Int], edge: BlurEdge) {
    let taps = KernelTaps(weights)
    let r = taps.radius, c = plane.channels, n = plane.width
    guard r > 0, n > 0 else { return }
    let rowBytes = n * c, paddedBytes = (n + 2 * r) * c
    var padded = [UInt8](repeating: 0, count: paddedBytes)
    var rows = [UnsafePointer<UInt8>?](repeating: nil, count: taps.offsets.count)
    let height = plane.height
    plane.withMutableBytes { planeBytes in
        padded.withUnsafeMutableBufferPointer { pb in
            let p = pb.baseAddress!
            for y in 0..<height {
                if stopDue(row: y) { return }
                let row = planeBytes.baseAddress! + y * rowBytes
                padRow(row, n: n, channels: c, pad: r, edge: edge, into: p)
                // Nonzero pixels [first, last] of the padded row; output x reads padded x … x + 2r.
                var first = 0
                while first < paddedBytes && p[first] == 0 { first += 1 }
                if first == paddedBytes { row.update(repeating: 0, count: rowBytes); continue }
                var last = paddedBytes - 1
                while p[last] == 0 { last -= 1 }
                let x0 = max(0, first / c - 2 * r), x1 = min(n - 1, last / c)
                if x0 > 0 { row.update(repeating: 0, count: x0 * c) }
                if x1 + 1 < n { (row + (x1 + 1) * c).update(repeating: 0, count: (n - x1 - 1) * c) }
                for (k, t) in taps.offsets.enumerated() { rows[k] = UnsafePointer(p + (x0 + t) * c) }
                hf_taps_pass(rows, taps.weights, taps.offsets.count, row + x0 * c, (x1 - x0 + 1) * c)
            }
        }
    }
}

/// Every column convolved with `weights`, without a transpose: equal to transposing, running the
/// row pass and transposing back (`Reference.tapPass` down the columns).
func gaussianBlurColumns(_ plane: BlurPlane, weights: [Int], edge: BlurEdge) -> BlurPlane {
    let taps = KernelTaps(weights)
    let r = taps.radius
    guard r > 0, plane.height > 0, plane.width > 0 else { return plane }
    let h = plane.height, stride = plane.width * plane.channels
    var out = BlurPlane(width: plane.width, height: h, channels: plane.channels)
    // Rows that are entirely zero add nothing to any sum.
    var rowIsZero = [Bool](repeating: false, count: h)
    plane.withBytes { planeBytes in
        let raw = UnsafeRawBufferPointer(planeBytes)
        for y in 0..<h {
            let row = UnsafeRawBufferPointer(rebasing: raw[(y * stride)..<((y + 1) * stride)])
            var nonzero = false
            var i = 0
            while i + 8 <= stride {
                if row.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 { nonzero = true; break }
                i += 8
            }
            if !nonzero { while i < stride { if row[i] != 0 { nonzero = true; break }; i += 1 } }
            rowIsZero[y] = !nonzero
        }
    }
    // Each output row from the nonzero input rows it reads (rows past the edge per `edge`).
    var rows = [UnsafePointer<UInt8>?](repeating: nil, count: taps.offsets.count)
    var rowWeights = [Int16](repeating: 0, count: taps.offsets.count)
    plane.withBytes { srcBuf in
        out.withMutableBytes { dstBuf in
            let src = srcBuf.baseAddress!, dst = dstBuf.baseAddress!
            for y in 0..<h {
                if stopDue(row: y) { return }
                var used = 0
                for (k, t) in taps.offsets.enumerated() {
                    var yy = y + t - r
                    if yy < 0 || yy >= h { if edge == .transparent { continue }; yy = min(max(yy, 0), h - 1) }
                    if rowIsZero[yy] { continue }
                    rows[used] = src + yy * stride
                    rowWeights[used] = taps.weights[k]
                    used += 1
                }
                if used == 0 { continue }  // `out` starts zeroed
                hf_taps_pass(rows, rowWeights, used, dst + y * stride, stride)
            }
        }
    }
    return out
}

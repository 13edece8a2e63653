// Fast exact-Gaussian passes (σ ≤ 2 px): the integer sums of `Reference.tapPass`, reorganised, so
// the bytes are identical (BlurFastPathTests holds them equal).
//
// Why this shape: one tap at a time (gaussianBlurRowsScalar) spends 4 × (2r+1) multiplies per pixel per axis and a full-screen
// layer blur (Group.blur at the start and end of a reveal) spent a third of the frame there, plus
// two 13-MB transposes for the vertical pass.
//   • Both passes go through hf_taps_pass (CBlurKernels/taps.c) when every weight is below 2¹⁵
//     (σ ≳ 0.6 px): out[i] = ⌊(2¹⁵ + Σ_t w_t · rows[t][i]) / 2¹⁶⌋ over a row of channel bytes, two
//     taps per SSE2 pmaddwd, the sums in registers. Rows: rows[t] is the padded row shifted by t
//     pixels. Columns: rows[t] is input row y + t − r, no transpose; integer sums do not depend
//     on order, so this equals the row pass run on the transposed plane. The reveal's
//     full-screen layer blur went from 100 ms to 41 ms a frame with it (README, Performance).
//   • Narrower Gaussians (a centre weight of 2¹⁵ or more) keep the Swift loops: rows with
//     symmetric taps (w_k = w_{2r−k}, checked) as
//       out = ⌊(2¹⁵ + w_r·p_r + Σ_{k<r} w_k·(p_k + p_{2r−k})) / 2¹⁶⌋,
//     on two channels at once in 32-bit lanes of a UInt64 (even channels 0, 2 and odd channels
//     1, 3; a lane holds at most 2¹⁵ + 2¹⁶·255 < 2²⁴: no carry between lanes), columns as a
//     streaming multiply-add over whole rows.
//   • Zeros: a window of zero pixels gives ⌊2¹⁵/2¹⁶⌋ = 0. Rows skip the zero ends of their padded
//     row; columns skip input rows that are entirely zero (transparent layer margins).

import CBlurKernels

/// The weights as hf_taps_pass takes them (each below 2¹⁵, for its signed 16-bit multiply), or nil
/// when one is not (a Gaussian under σ ≈ 0.6 px puts more than half its weight in the centre).
func pairableWeights(_ weights: [Int]) -> [Int16]? {
    weights.allSatisfy { (0..<(1 << 15)).contains($0) } ? weights.map { Int16($0) } : nil
}

/// Every row convolved with `weights` (2r+1 taps summing to 2¹⁶).
func gaussianBlurRows(_ plane: inout BlurPlane, weights: [Int], edge: BlurEdge) {
    let r = weights.count / 2
    guard r > 0, plane.width > 0 else { return }
    if let narrow = pairableWeights(weights) {
        tapRows(&plane, weights: narrow, edge: edge)
        return
    }
    let taps = weights.count
    let symmetric = (0..<r).allSatisfy { weights[$0] == weights[taps - 1 - $0] }
    guard plane.channels == 4, symmetric else {
        gaussianBlurRowsScalar(&plane, weights: weights, edge: edge)
        return
    }
    let n = plane.width, padded = n + 2 * r
    var row32 = [UInt32](repeating: 0, count: padded)
    var even = [UInt64](repeating: 0, count: padded), odd = even
    // An RGBA plane is one word a pixel (BlurPlane), r | g<<8 | b<<16 | a<<24.
    let height = plane.height
    plane.words.withUnsafeMutableBufferPointer { planeWords in
        let words = planeWords.baseAddress!
        row32.withUnsafeMutableBufferPointer { pw in
            even.withUnsafeMutableBufferPointer { ev in
                odd.withUnsafeMutableBufferPointer { od in
                    weights.withUnsafeBufferPointer { wt in
                        let p = pw.baseAddress!, e = ev.baseAddress!, o = od.baseAddress!
                        let centre = UInt64(wt[r])
                        for y in 0..<height {
                            let row = words + y * n
                            // The padded row: edge rule as in padRow.
                            (p + r).update(from: row, count: n)
                            let left: UInt32 = edge == .clamp ? row[0] : 0
                            let right: UInt32 = edge == .clamp ? row[n - 1] : 0
                            for i in 0..<r { p[i] = left; p[r + n + i] = right }
                            // Nonzero span [first, last] of the padded row.
                            var first = 0
                            while first < padded && p[first] == 0 { first += 1 }
                            if first == padded { row.update(repeating: 0, count: n); continue }
                            var last = padded - 1
                            while p[last] == 0 { last -= 1 }
                            // Output x reads padded x…x+2r: nonzero only for x in [first−2r, last].
                            let x0 = max(0, first - 2 * r), x1 = min(n - 1, last)
                            for x in 0..<x0 { row[x] = 0 }
                            if x1 + 1 < n { (row + x1 + 1).update(repeating: 0, count: n - x1 - 1) }
                            let s0 = x0, s1 = min(padded, x1 + 2 * r + 1)
                            for i in s0..<s1 {
                                let v = UInt64(p[i])
                                // ch0 | ch2 << 32 and ch1 | ch3 << 32.
                                e[i] = (v & 0xFF) | ((v & 0xFF_0000) << 16)
                                o[i] = ((v >> 8) & 0xFF) | ((v & 0xFF00_0000) << 8)
                            }
                            for x in x0...x1 {
                                var ae: UInt64 = (1 << 15) | (1 << 47), ao = ae
                                ae &+= centre &* e[x + r]; ao &+= centre &* o[x + r]
                                for k in 0..<r {
                                    let w = UInt64(wt[k]), m = x + 2 * r - k
                                    ae &+= w &* (e[x + k] &+ e[m])
                                    ao &+= w &* (o[x + k] &+ o[m])
                                }
                                let c0 = (ae >> 16) & 0xFF, c2 = (ae >> 48) & 0xFF
                                let c1 = (ao >> 16) & 0xFF, c3 = (ao >> 48) & 0xFF
                                row[x] = UInt32(truncatingIfNeeded: c0 | c1 << 8 | c2 << 16 | c3 << 24)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// gaussianBlurRows through hf_taps_pass (CBlurKernels/taps.c), any channel count: each row is
/// padded by the edge rule (padRow's), and output byte i of the row is Σ_t w_t · padded[i + t·c];
/// outside the row's nonzero span (widened by the taps) the output is 0 without a sum.
private func tapRows(_ plane: inout BlurPlane, weights: [Int16], edge: BlurEdge) {
    let taps = weights.count, r = taps / 2, c = plane.channels, n = plane.width
    let rowBytes = n * c, paddedBytes = (n + 2 * r) * c
    var padded = [UInt8](repeating: 0, count: paddedBytes)
    var rows = [UnsafePointer<UInt8>?](repeating: nil, count: taps)
    let height = plane.height
    plane.withMutableBytes { planeBytes in
        padded.withUnsafeMutableBufferPointer { pb in
            let p = pb.baseAddress!
            for y in 0..<height {
                let row = planeBytes.baseAddress! + y * rowBytes
                (p + r * c).update(from: row, count: rowBytes)
                for i in 0..<r {
                    for k in 0..<c {
                        p[i * c + k] = edge == .clamp ? row[k] : 0
                        p[(r + n + i) * c + k] = edge == .clamp ? row[(n - 1) * c + k] : 0
                    }
                }
                // Nonzero pixels [first, last] of the padded row; output x reads padded x … x + 2r.
                var first = 0
                while first < paddedBytes && p[first] == 0 { first += 1 }
                if first == paddedBytes { row.update(repeating: 0, count: rowBytes); continue }
                var last = paddedBytes - 1
                while p[last] == 0 { last -= 1 }
                let x0 = max(0, first / c - 2 * r), x1 = min(n - 1, last / c)
                if x0 > 0 { row.update(repeating: 0, count: x0 * c) }
                if x1 + 1 < n { (row + (x1 + 1) * c).update(repeating: 0, count: (n - x1 - 1) * c) }
                for t in 0..<taps { rows[t] = UnsafePointer(p + (x0 + t) * c) }
                hf_taps_pass(rows, weights, taps, row + x0 * c, (x1 - x0 + 1) * c)
            }
        }
    }
}

/// Every column convolved with `weights`, without a transpose: equal to transposing, running the
/// row pass and transposing back (`Reference.tapPass` down the columns).
func gaussianBlurColumns(_ plane: BlurPlane, weights: [Int], edge: BlurEdge) -> BlurPlane {
    let r = weights.count / 2
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
    if let narrow = pairableWeights(weights) {
        // hf_taps_pass (CBlurKernels/taps.c): each output row from the nonzero input rows it reads.
        var rows = [UnsafePointer<UInt8>?](repeating: nil, count: weights.count)
        var rowWeights = [Int16](repeating: 0, count: weights.count)
        plane.withBytes { srcBuf in
            out.withMutableBytes { dstBuf in
                let src = srcBuf.baseAddress!, dst = dstBuf.baseAddress!
                for y in 0..<h {
                    var taps = 0
                    for t in 0..<weights.count where narrow[t] != 0 {
                        var yy = y + t - r
                        if yy < 0 || yy >= h { if edge == .transparent { continue }; yy = min(max(yy, 0), h - 1) }
                        if rowIsZero[yy] { continue }
                        rows[taps] = src + yy * stride
                        rowWeights[taps] = narrow[t]
                        taps += 1
                    }
                    if taps == 0 { continue }  // `out` starts zeroed
                    hf_taps_pass(rows, rowWeights, taps, dst + y * stride, stride)
                }
            }
        }
        return out
    }
    let chunk = 4096
    var acc = [UInt32](repeating: 0, count: min(chunk, stride))
    plane.withBytes { srcBuf in
        out.withMutableBytes { dstBuf in
            acc.withUnsafeMutableBufferPointer { accBuf in
                let src = srcBuf.baseAddress!, dst = dstBuf.baseAddress!, a = accBuf.baseAddress!
                for y in 0..<h {
                    // out[y] = ⌊(2¹⁵ + Σ_t w_t · in[y + t − r]) / 2¹⁶⌋, rows past the edge per `edge`.
                    var any = false
                    for t in 0..<weights.count {
                        var yy = y + t - r
                        if yy < 0 || yy >= h { if edge == .transparent { continue }; yy = min(max(yy, 0), h - 1) }
                        if !rowIsZero[yy] { any = true; break }
                    }
                    let o = dst + y * stride
                    if !any { continue } // `out` starts zeroed
                    var c0 = 0
                    while c0 < stride {
                        let len = min(chunk, stride - c0)
                        for i in 0..<len { a[i] = 1 << 15 }
                        for t in 0..<weights.count {
                            var yy = y + t - r
                            if yy < 0 || yy >= h { if edge == .transparent { continue }; yy = min(max(yy, 0), h - 1) }
                            if rowIsZero[yy] { continue }
                            let w = UInt32(weights[t]), s = src + yy * stride + c0
                            for i in 0..<len { a[i] &+= w &* UInt32(s[i]) }
                        }
                        for i in 0..<len { o[c0 + i] = UInt8(truncatingIfNeeded: a[i] >> 16) }
                        c0 += len
                    }
                }
            }
        }
    }
    return out
}

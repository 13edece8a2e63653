// Reference blur: the exact Gaussian, in Double, at full resolution, computed only where asked.
//
//   G(x, y) = Σ_j Σ_i g_i g_j · P(x + i, y + j),   g_k = exp(−k²/2σ²) / Σ_{|k'|≤r} exp(−k'²/2σ²),  r = ⌈3σ⌉
// (3σ holds 99.7 % of the weight; it is also how far Holoframe lets a blur reach: layers are
// grown by 3σ and blurs read 3σ around what they write). P beyond the target's edges is the edge
// pixel (clamp: a material's backdrop continues under the screen edge) or 0 (transparent: layers).
// Separable: first every row of the output's columns over its rows ± r, then down the columns.
// Nothing is rounded until the caller rounds the result once.

import HoloScene

#if canImport(Glibc)
import Glibc
#endif

/// Bytes with `channels` interleaved channels over `window` of a target `full` in size.
struct RefPlane {
    let full: RefBox
    let window: RefBox
    let channels: Int
    let bytes: [UInt8]
}

extension Reference {
    static func gaussianWeights(sigma: Double) -> [Double] {
        let r = Swift.max(1, Int((3 * sigma).rounded(.up)))
        // e⁰ = 1 at the centre, written out: −0/0 is NaN when 2σ² underflows to 0.
        let raw = (-r...r).map { k in k == 0 ? 1 : exp(-Double(k * k) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        return raw.map { $0 / total }
    }

    /// The Gaussian of `plane` with σ px over the pixels of `output` (target coordinates), as
    /// Doubles (0…255), `channels` per pixel, row by row. Every pixel read must lie in the plane's
    /// window (after the edge rule): the caller sizes the window with the 3σ reach.
    static func gaussian(_ plane: RefPlane, sigma: Double, edge: BlurEdge, output: RefBox) -> [Double] {
        let c = plane.channels, ow = output.width, oh = output.height
        precondition(c == 1 || c == 4, "planes have one or four channels")
        guard ow > 0, oh > 0 else { return [] }
        let g = gaussianWeights(sigma: sigma), r = g.count / 2
        let full = plane.full, win = plane.window
        // Source coordinate under the edge rule, or nil (transparent, outside the target).
        func column(_ x: Int) -> Int? {
            if x >= full.x0 && x < full.x1 { return x }
            return edge == .clamp ? Swift.min(Swift.max(x, full.x0), full.x1 - 1) : nil
        }
        func row(_ y: Int) -> Int? {
            if y >= full.y0 && y < full.y1 { return y }
            return edge == .clamp ? Swift.min(Swift.max(y, full.y0), full.y1 - 1) : nil
        }
        // Which source row and column each tap reads (nil: transparent), resolved once.
        let rows = oh + 2 * r
        // (−1: transparent; otherwise an offset into the window).
        let sourceRows: [Int] = (0..<rows).map { i in
            guard let y = row(output.y0 - r + i) else { return -1 }
            precondition(y >= win.y0 && y < win.y1, "blur reads row \(y) outside the window \(win)")
            return y - win.y0
        }
        let sourceColumns: [Int] = (0..<(ow * g.count)).map { i in
            guard let x = column(output.x0 + i / g.count + i % g.count - r) else { return -1 }
            precondition(x >= win.x0 && x < win.x1, "blur reads column \(x) outside the window \(win)")
            return x - win.x0
        }
        let value = (0...255).map { Double($0) }
        let source = plane.bytes.map { value[Int($0)] }
        // Horizontal pass over rows output.y0 − r ..< output.y1 + r.
        var horizontal = [Double](repeating: 0, count: rows * ow * c)
        source.withUnsafeBufferPointer { src in
            g.withUnsafeBufferPointer { g in
                sourceColumns.withUnsafeBufferPointer { columns in
                    horizontal.withUnsafeMutableBufferPointer { h in
                        for hy in 0..<rows {
                            let y = sourceRows[hy]
                            if y < 0 { continue }
                            let rowStart = y * win.width
                            var ox = 0
                            while ox < ow {
                                // Σ_k g_k · P(x + k − r), four (or one) channels at once.
                                var a0 = 0.0, a1 = 0.0, a2 = 0.0, a3 = 0.0
                                var k = 0
                                let taps = columns.baseAddress! + ox * g.count
                                while k < g.count {
                                    let x = taps[k]
                                    if x >= 0 {
                                        let p = src.baseAddress! + (rowStart + x) * c, weight = g[k]
                                        a0 += weight * p[0]
                                        if c == 4 { a1 += weight * p[1]; a2 += weight * p[2]; a3 += weight * p[3] }
                                    }
                                    k += 1
                                }
                                let d = h.baseAddress! + (hy * ow + ox) * c
                                d[0] = a0
                                if c == 4 { d[1] = a1; d[2] = a2; d[3] = a3 }
                                ox += 1
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass: output row y reads horizontal rows y − r … y + r (already edge-extended).
        var out = [Double](repeating: 0, count: oh * ow * c)
        let stride = ow * c
        horizontal.withUnsafeBufferPointer { h in
            out.withUnsafeMutableBufferPointer { o in
                for oy in 0..<oh {
                    for k in 0..<g.count {
                        let weight = g[k], from = (oy + k) * stride, to = oy * stride
                        let src = h.baseAddress! + from, dst = o.baseAddress! + to
                        var i = 0
                        while i < stride { dst[i] += weight * src[i]; i += 1 }
                    }
                }
            }
        }
        return out
    }
}

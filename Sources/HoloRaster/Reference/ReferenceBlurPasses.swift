// The fast blur's fixed-point passes, restated plainly: what BlurFastPathTests and FastPathTests
// hold the fast blur (Blur.swift, BlurPasses.swift, GaussianPasses.swift, BoxBlurColumns.swift,
// BlurResample.swift, CPixelKernels) to, byte for byte. The fast passes are exact integer
// arithmetic, so any difference is a bug. Here every output value is computed from its
// definition, one channel and one tap at a time, on plain arrays, calling nothing of the fast
// path: its taps, box radii, edge rule and resampling taps are worked out again on purpose
// (shared, one mistake would move both sides). The renderer's own blur, the exact Gaussian in
// Double, is ReferenceBlur.swift.
//
//   edge rule: in(x) outside 0…n−1 is in(clamped x) (clamp) or 0 (transparent)
//   σ ≤ 2 px: taps r = max(1, ⌈3σ⌉), w_k = round(2¹⁶·e^(−k²/2σ²)/Σ_j e^(−j²/2σ²)),
//     the rounding remainder added to the centre tap;  out(x) = ⌊(2¹⁵ + Σ_k w_k·in(x + k − r)) / 2¹⁶⌋,
//     every row, then every column
//   larger σ: three boxes of radii r₁ r₂ r₃ (Kovesi: widths w_l and w_l + 2, w_l the odd width
//     below √(12σ²/3 + 1), m of them w_l with m = round((12σ² − 3w_l² − 12w_l − 9)/(−4w_l − 4)));
//     the line is extended once by R = Σr under the edge rule, and a pass of width w = 2r + 1
//     shrinks it by 2r: out(x) = ⌊(S(x)·⌊2²⁴/w⌉ + 2²³) / 2²⁴⌋, S(x) the sum of the w values from x;
//     every row, then every column
//   downsample by f with `pad` coarse cells around: cell (i, j) = ⌊(Σ of the f×f fine pixels
//     (i − pad)·f + dx, (j − pad)·f + dy under the edge rule + f²/2) / f²⌋
//   upsample by f: fine x samples coarse u = (2x + 1 − f)/2f, i = ⌊u⌋ (+ pad), a = (2x + 1 − f) − 2f·i;
//     out = ⌊(Σ_taps (2f − a or a)·(2f − b or b)·value + 2f²) / 4f²⌋
//   reduced resolution (f = 2 for 2 < σ < 12 px, 4 from 12): downsample with pad ⌈3σ_c⌉ + 1
//     (clamp) or 1 (transparent), at σ_c = max(½, √(σ² − (f² − 1)/12 − f²/6) / f) the taps above
//     when σ < 5·f px, else the three boxes; upsample

import HoloScene

#if canImport(Glibc)
import Glibc
#endif

/// An 8-bit image with `channels` interleaved channels, as plain bytes.
struct RefBytes: Equatable {
    var width, height, channels: Int
    var bytes: [UInt8]

    init(width: Int, height: Int, channels: Int, bytes: [UInt8]? = nil) {
        self.width = width; self.height = height; self.channels = channels
        self.bytes = bytes ?? [UInt8](repeating: 0, count: width * height * channels)
        precondition(self.bytes.count == width * height * channels)
    }

    /// Channel k at (x, y) under the edge rule.
    func at(_ x: Int, _ y: Int, _ k: Int, _ edge: BlurEdge) -> Int {
        var px = x, py = y
        if px < 0 || px >= width || py < 0 || py >= height {
            if edge == .transparent { return 0 }
            px = Swift.min(Swift.max(px, 0), width - 1)
            py = Swift.min(Swift.max(py, 0), height - 1)
        }
        return Int(bytes[(py * width + px) * channels + k])
    }

    mutating func set(_ x: Int, _ y: Int, _ k: Int, _ v: Int) { bytes[(y * width + x) * channels + k] = UInt8(v) }
}

extension Reference {
    /// The fast blur of `p` with σ px: fixed-point taps up to 2 px, three boxes above (`taps`
    /// chooses instead: the coarse plane of a reduced-resolution blur below 10 px takes taps).
    static func fixedPointBlur(_ p: RefBytes, sigma: Double, edge: BlurEdge, taps useTaps: Bool? = nil) -> RefBytes {
        if useTaps ?? (sigma <= 2) {
            let taps = fixedPointTaps(sigma: sigma)
            return tapPass(tapPass(p, taps: taps, edge: edge, down: false), taps: taps, edge: edge, down: true)
        }
        let radii = boxBlurRadii(sigma: sigma)
        return boxPasses(boxPasses(p, radii: radii, edge: edge, down: false), radii: radii, edge: edge, down: true)
    }

    /// 2r + 1 taps summing to 2¹⁶ (see the file header).
    static func fixedPointTaps(sigma: Double) -> [Int] {
        let r = Swift.max(1, Int((3 * sigma).rounded(.up)))
        var g: [Double] = [], sum = 0.0
        for k in -r...r {
            let v = k == 0 ? 1 : exp(-Double(k * k) / (2 * sigma * sigma))   // e⁰; −0/0 if 2σ² underflows
            g.append(v); sum += v
        }
        var taps: [Int] = []
        for v in g { taps.append(Int((v / sum * 65536).rounded())) }
        var given = 0
        for t in taps { given += t }
        taps[r] += 65536 - given
        return taps
    }

    /// Every row (down: false) or every column convolved with `taps`.
    static func tapPass(_ p: RefBytes, taps: [Int], edge: BlurEdge, down: Bool) -> RefBytes {
        let r = taps.count / 2
        var out = p
        for y in 0..<p.height {
            if referenceStopDue() { break }
            for x in 0..<p.width {
                for k in 0..<p.channels {
                    var acc = 1 << 15
                    for (t, w) in taps.enumerated() {
                        acc += w * (down ? p.at(x, y + t - r, k, edge) : p.at(x + t - r, y, k, edge))
                    }
                    out.set(x, y, k, acc >> 16)
                }
            }
        }
        return out
    }

    /// The three box radii for σ (see the file header).
    static func boxBlurRadii(sigma: Double) -> [Int] {
        let passes = 3.0, variance12 = 12 * sigma * sigma
        var lower = Int((variance12 / passes + 1).squareRoot().rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        if lower < 1 { lower = 1 }
        let l = Double(lower)
        let m = Int(((variance12 - passes * l * l - 4 * passes * l - 3 * passes) / (-4 * l - 4)).rounded())
        var radii: [Int] = []
        for i in 0..<3 { radii.append((i < m ? lower : lower + 2) / 2) }
        return radii
    }

    /// Successive boxes of `radii` along every row (down: false) or every column.
    static func boxPasses(_ p: RefBytes, radii: [Int], edge: BlurEdge, down: Bool) -> RefBytes {
        let reach = radii.reduce(0, +)
        guard reach > 0 else { return p }
        var out = p
        let lines = down ? p.width : p.height, n = down ? p.height : p.width
        for line in 0..<lines {
            for k in 0..<p.channels {
                var values: [Int] = []
                for i in -reach..<(n + reach) { values.append(down ? p.at(line, i, k, edge) : p.at(i, line, k, edge)) }
                for r in radii {
                    let w = 2 * r + 1, inverse = ((1 << 24) + w / 2) / w
                    var next: [Int] = []
                    for x in 0..<(values.count - 2 * r) {
                        var s = 0
                        for j in x..<(x + w) { s += values[j] }
                        next.append((s * inverse + (1 << 23)) >> 24)
                    }
                    values = next
                }
                for i in 0..<n {
                    if down { out.set(line, i, k, values[i]) } else { out.set(i, line, k, values[i]) }
                }
            }
        }
        return out
    }

    /// The whole reduced-resolution blur of `p` by f, the pixels `keep` (see the file header).
    static func reducedResolutionBlur(_ p: RefBytes, sigma: Double, edge: BlurEdge, by f: Int, keep: BlurRegion) -> RefBytes {
        let resampling = Double(f * f - 1) / 12 + Double(f * f) / 6
        let coarseSigma = Swift.max(0.5, (sigma * sigma - resampling).squareRoot() / Double(f))
        let pad = edge == .clamp ? Int((3 * coarseSigma).rounded(.up)) + 1 : 1
        let coarse = fixedPointBlur(downsampled(p, by: f, pad: pad, edge: edge), sigma: coarseSigma, edge: edge, taps: sigma < 5 * Double(f))
        return upsampled(coarse, by: f, pad: pad, keep: keep)
    }

    /// Box downsample by f with `pad` coarse cells on every side (see the file header).
    static func downsampled(_ p: RefBytes, by f: Int, pad: Int, edge: BlurEdge) -> RefBytes {
        let inner = (x: (p.width + f - 1) / f, y: (p.height + f - 1) / f)
        var out = RefBytes(width: inner.x + 2 * pad, height: inner.y + 2 * pad, channels: p.channels)
        for j in 0..<out.height {
            for i in 0..<out.width {
                for k in 0..<p.channels {
                    var s = 0
                    for dy in 0..<f {
                        for dx in 0..<f { s += p.at((i - pad) * f + dx, (j - pad) * f + dy, k, edge) }
                    }
                    out.set(i, j, k, (s + f * f / 2) / (f * f))
                }
            }
        }
        return out
    }

    /// Bilinear upsample by f of the fine pixels `keep` (see the file header).
    static func upsampled(_ p: RefBytes, by f: Int, pad: Int, keep: BlurRegion) -> RefBytes {
        let den = 2 * f
        func tap(_ x: Int) -> (index: Int, weight: Int) {
            let num = 2 * x + 1 - f
            var i = num / den
            if i * den > num { i -= 1 }
            return (i + pad, num - i * den)
        }
        var out = RefBytes(width: keep.width, height: keep.height, channels: p.channels)
        for y in 0..<keep.height {
            if referenceStopDue() { break }
            let (j, b) = tap(keep.y + y)
            for x in 0..<keep.width {
                let (i, a) = tap(keep.x + x)
                for k in 0..<p.channels {
                    let v = p.at(i, j, k, .transparent) * (den - a) * (den - b) + p.at(i + 1, j, k, .transparent) * a * (den - b)
                        + p.at(i, j + 1, k, .transparent) * (den - a) * b + p.at(i + 1, j + 1, k, .transparent) * a * b
                    out.set(x, y, k, (v + den * den / 2) / (den * den))
                }
            }
        }
        return out
    }
}

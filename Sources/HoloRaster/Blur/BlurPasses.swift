// The 1-D passes of the separable blur, on rows of an 8-bit plane with 1 or 4 interleaved channels.
// The vertical passes run straight down the columns, whole rows at a time (GaussianPasses.swift,
// BoxBlurColumns.swift), so no plane is transposed.
//
// All arithmetic is integer: results are identical on every machine and thread count.

import CPixelKernels
import HoloPixels

/// An 8-bit image with `channels` interleaved channels (4 = premultiplied RGBA, 1 = alpha).
/// The samples live in words (PixelWords.swift): an RGBA plane is one word a pixel, like a canvas,
/// so a canvas's words become a plane and come back without a copy; a mask plane packs four
/// samples a word. The passes borrow them as bytes (`withBytes`) or, RGBA, as words.
@usableFromInline
struct BlurPlane: Sendable {
    @usableFromInline var width: Int
    @usableFromInline var height: Int
    @usableFromInline var channels: Int
    @usableFromInline var words: [UInt32]

    /// `width × height` pixels of `channels` samples in `words` (at least that many bytes of them).
    @usableFromInline init(width: Int, height: Int, channels: Int, words: [UInt32]) {
        precondition(words.count == (width * height * channels + 3) / 4)
        self.width = width; self.height = height; self.channels = channels; self.words = words
    }
    /// A copy of `bytes` as a plane.
    @usableFromInline init(width: Int, height: Int, channels: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * channels)
        self.init(width: width, height: height, channels: channels, words: [UInt32](copyingSampleBytes: bytes))
    }
    /// A zero plane.
    @usableFromInline init(width: Int, height: Int, channels: Int) {
        self.init(width: width, height: height, channels: channels,
                  words: [UInt32](repeating: 0, count: (width * height * channels + 3) / 4))
    }
    /// A plane whose every sample the caller writes before reading.
    init(uninitializedWidth width: Int, height: Int, channels: Int) {
        let count = (width * height * channels + 3) / 4
        self.init(width: width, height: height, channels: channels,
                  words: [UInt32](unsafeUninitializedCapacity: count) { _, n in n = count })
    }

    var byteCount: Int { width * height * channels }

    /// The samples as bytes, borrowed for `body`.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try words.withSampleBytes(count: byteCount, body)
    }
    /// The samples as bytes, borrowed for writing for `body`.
    mutating func withMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let count = byteCount
        return try words.withMutableSampleBytes(count: count, body)
    }
    /// A copy of the samples as bytes (masks leaving the blur; tests). Setting it copies them in.
    var bytes: [UInt8] {
        get { words.sampleBytes(count: byteCount) }
        set {
            precondition(newValue.count == byteCount)
            words = [UInt32](copyingSampleBytes: newValue)
        }
    }
}

/// What lies beyond the plane's edges.
public enum BlurEdge: Sendable, Hashable {
    /// The edge pixel repeats (materials: the backdrop continues under the screen edge).
    case clamp
    /// Transparent (layer blurs and shadows fade out at their bounds).
    case transparent
}

/// Pixels `from ..< from + count` of a row of `n` pixels into `out`, those outside `0..<n` per
/// `edge` (the edge pixel, or 0). `padRow` with `from` = −pad, `count` = n + 2·pad.
@inline(__always)
func extendedSlice(_ src: UnsafePointer<UInt8>, n: Int, channels c: Int, from: Int, count: Int, edge: BlurEdge,
                   into out: UnsafeMutablePointer<UInt8>) {
    let lo = min(max(from, 0), n), hi = min(max(from + count, 0), n)
    if hi > lo { (out + (lo - from) * c).update(from: src + lo * c, count: (hi - lo) * c) }
    let before = lo - from, after = from + count - max(hi, lo)
    switch edge {
    case .transparent:
        out.update(repeating: 0, count: before * c)
        (out + (count - after) * c).update(repeating: 0, count: after * c)
    case .clamp:
        for i in 0..<before { for k in 0..<c { out[i * c + k] = src[k] } }
        for i in (count - after)..<count { for k in 0..<c { out[i * c + k] = src[(n - 1) * c + k] } }
    }
}

/// Copies row `y` into `padded` with `pad` extra pixels each side filled per `edge`.
@inline(__always)
func padRow(_ src: UnsafePointer<UInt8>, n: Int, channels c: Int, pad: Int, edge: BlurEdge,
            into padded: UnsafeMutablePointer<UInt8>) {
    extendedSlice(src, n: n, channels: c, from: -pad, count: n + 2 * pad, edge: edge, into: padded)
}

/// Successive box blurs of every row, radii r₁, r₂, r₃:  out[x] = round( Σ_{k=−r…r} in[x+k] / (2r+1) )
/// per pass, via running sums. The row is extended once by Σr with the edge rule and each pass is a
/// "valid" convolution that shrinks it by 2r, so the cascade sees the same extension an exact
/// Gaussian with that edge rule would (re-padding the blurred row at every pass would not: clamp
/// would repeat an already blurred edge pixel). The division is a multiply by ⌊2²⁴/(2r+1)⌉ and a
/// shift (within ½ LSB of exact for these widths).
/// Four channels at a time in SSE2 for the common widths (two rows at a time in AVX2 where the CPU
/// has it), else one channel at a time; held to `Reference.boxPasses`. Only `rows` (default: all)
/// are blurred, and in them only `columns` (default: all; the others keep their input): output
/// pixel x reads input pixels x − Σr … x + Σr, so a narrower window costs its own width.
func boxBlurRows(_ plane: inout BlurPlane, radii: [Int], edge: BlurEdge, rows: Range<Int>? = nil,
                 columns: Range<Int>? = nil) {
    let rows = (rows ?? 0..<plane.height).clamped(to: 0..<plane.height)
    let columns = (columns ?? 0..<plane.width).clamped(to: 0..<plane.width)
    let total = radii.reduce(0, +)
    guard total > 0, !columns.isEmpty else { return }
    let n = plane.width, c = plane.channels
    let x0 = columns.lowerBound, width = columns.count
    // Two rows at once (hf_box_pass_rgba2: AVX2, a row a 128-bit half, same bytes) when every pass
    // takes the SSE2 kernel; a last odd row, and every other case, one row at a time.
    let paired = c == 4 && radii.allSatisfy { $0 >= 0 && 2 * $0 + 1 < 271 }
    let count = (width + 2 * total + 1) * c
    // Scratch rows: a and b for row 0 (and a lone row), a1 and b1 for row 1 of a pair.
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * count)
    scratch.initialize(repeating: 0, count: 4 * count)
    defer { scratch.deallocate() }
    let a0 = scratch, b0 = scratch + count, a1 = scratch + 2 * count, b1 = scratch + 3 * count
    plane.withMutableBytes { buf in
        let base = buf.baseAddress!
        var y = rows.lowerBound
        if paired {
            while y + 1 < rows.upperBound {
                let row0 = base + y * n * c, row1 = row0 + n * c
                var src0 = a0, dst0 = b0, src1 = a1, dst1 = b1
                extendedSlice(row0, n: n, channels: c, from: x0 - total, count: width + 2 * total, edge: edge, into: src0)
                extendedSlice(row1, n: n, channels: c, from: x0 - total, count: width + 2 * total, edge: edge, into: src1)
                var length = width + 2 * total
                for (pass, r) in radii.enumerated() {
                    let w = 2 * r + 1, outLength = length - 2 * r
                    let last = pass == radii.count - 1
                    hf_box_pass_rgba2(src0, src1, last ? row0 + x0 * c : dst0, last ? row1 + x0 * c : dst1, outLength, w)
                    length = outLength
                    swap(&src0, &dst0); swap(&src1, &dst1)
                }
                y += 2
            }
        }
        while y < rows.upperBound {
            boxBlurRow(base + y * n * c, n: n, channels: c, columns: columns, radii: radii, total: total, edge: edge, a: a0, b: b0)
            y += 1
        }
    }
}

/// One row of `boxBlurRows`, in place, through the scratch rows `a` and `b`.
private func boxBlurRow(_ row: UnsafeMutablePointer<UInt8>, n: Int, channels c: Int, columns: Range<Int>, radii: [Int], total: Int,
                        edge: BlurEdge, a: UnsafeMutablePointer<UInt8>, b: UnsafeMutablePointer<UInt8>) {
    var src = a, dst = b
    extendedSlice(row, n: n, channels: c, from: columns.lowerBound - total, count: columns.count + 2 * total, edge: edge, into: src)
    var length = columns.count + 2 * total
    for (pass, r) in radii.enumerated() where r >= 0 {
        let w = 2 * r + 1, inv = ((1 << 24) + w / 2) / w
        let outLength = length - 2 * r
        let out = pass == radii.count - 1 ? row + columns.lowerBound * c : dst
        if c == 4 && w < 271 {
            // All four channels of a pixel at once, one vector (CPixelKernels: the same
            // round(S / w) in float, exact for these widths; same bytes).
            hf_box_pass_rgba(src, out, outLength, w)
            length = outLength
            swap(&src, &dst)
            continue
        }
        for k in 0..<c {
            var sum = 0
            for j in 0..<w { sum += Int(src[j * c + k]) }
            var i = k
            for x in 0..<outLength {
                out[x * c + k] = UInt8(truncatingIfNeeded: (sum &* inv &+ (1 << 23)) >> 24)
                // Slide the window: add src[x + w], drop src[x] (the last read
                // lands in the spare pixel at the end of the buffer).
                sum += Int(src[i + w * c]) - Int(src[i])
                i += c
            }
        }
        length = outLength
        swap(&src, &dst)
    }
}

/// Fixed-point Gaussian weights for σ (pixels): radius ⌈3σ⌉, w_k ∝ exp(−k²/2σ²), Σ w = 2¹⁶ exactly
/// (the rounding remainder goes to the centre tap). The centre weight is e⁰ = 1 written out: for a
/// subnormal σ, 2σ² is 0 and −0/0 would be NaN (a fuzzed shadow radius of 1e-320 pt crashed here);
/// the outer taps are then e^−∞ = 0, the identity, as for any σ under about 0.2 px.
func gaussianWeights(sigma: Double) -> [Int] {
    let r = max(1, Int((3 * sigma).rounded(.up)))
    let raw = (-r...r).map { k in k == 0 ? 1 : exp(-Double(k * k) / (2 * sigma * sigma)) }
    let total = raw.reduce(0, +)
    var w = raw.map { Int(($0 / total * 65536).rounded()) }
    w[r] += 65536 - w.reduce(0, +)
    return w
}

/// Whether a pass with `weights` (nonnegative, summing to 2¹⁶, as `gaussianWeights` gives) leaves
/// every byte as it is, so both passes can be skipped with the same bytes.
/// An output is ⌊(2¹⁵ + Σ w_t·x_t) / 2¹⁶⌋ = p + ⌊(2¹⁵ + Σ_{t ≠ centre} w_t·(x_t − p)) / 2¹⁶⌋ for the
/// centre byte p (Σ w_t = 2¹⁶), and each x_t − p lies in −255 … 255 (outside taps read 0 or the edge
/// byte): with the side weights' sum W, the floor is 0 for every input exactly when 255·W < 2¹⁵,
/// that is W ≤ 128 (W = 129 turns p = 0 between neighbours of 255 into 1). Not only when every
/// side tap rounds to 0 (σ < 0.206 px) but up to σ ≈ 0.268 px (side taps 64 of 2¹⁶): reveal's
/// page at σ 0.236–0.239 px (frames 58 and 165) ran both passes over a 12-MB layer for nothing.
func gaussianKernelIsIdentity(_ weights: [Int]) -> Bool {
    (65536 - weights[weights.count / 2]) * 255 < 1 << 15
}

/// Three box widths whose successive blurs have variance σ² (Kovesi's "ideal box sizes": widths w_l
/// and w_l+2, both odd, m of them w_l). The single-width formula ⌊σ·3·√(2π)/4 + ½⌋
/// (docs/designs.md, Materials) gives a variance up to ~10% off (σ=10 → width 19, σ_eff 9.49); this
/// keeps σ exact to within the integer-width granularity.
func boxRadii(sigma: Double) -> [Int] {
    let n = 3.0
    let ideal = (12 * sigma * sigma / n + 1).squareRoot()
    var wl = Int(ideal.rounded(.down))
    if wl % 2 == 0 { wl -= 1 }
    wl = max(wl, 1)
    let wu = wl + 2
    let wlD = Double(wl)
    let mIdeal = (12 * sigma * sigma - n * wlD * wlD - 4 * n * wlD - 3 * n) / (-4 * wlD - 4)
    let m = Int(mIdeal.rounded())
    return (0..<3).map { ($0 < m ? wl : wu) / 2 }
}

#if canImport(Glibc)
import Glibc
#endif

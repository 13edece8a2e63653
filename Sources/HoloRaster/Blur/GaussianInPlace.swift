// The exact Gaussian's two passes in one sweep down the plane, in place (blurSeparable, σ ≤ 2 px),
// with the kernel's symmetry folded (taps_folded.c).
//
// Each input row is blurred along the row into a ring of 2r + 1 rows, and as soon as the ring holds
// rows y − r … y + r, output row y is their column sum, written over plane row y (whose input was
// read into the ring before: rows are row-blurred in order and y + r ≥ y). The integer sums are the
// row pass's and the column pass's (GaussianPasses.swift), regrouped: taps t and 2r − t share a
// weight and are added before the multiply (hf_taps_folded_pass; where it saves a step, with the
// centre taken out, hf_taps_centred_pass, FoldedTaps.centred), on rows widened to 16 bits once
// (the padded input row; the ring holds the row pass's results as words). So the bytes are those
// of running the two passes one after the other (BlurFastPathTests holds both to
// Reference.fixedPointBlur, and the folded kernels to the unfolded sum).
//
// Why: a full-screen layer blur of σ ≤ 2 px (reveal frames 48–58 and 153–165) was 30 % of those
// frames (perf). The two passes read and wrote the 12-MB plane twice, scanned it for zero rows,
// and the column pass wrote a fresh 12-MB plane (page faults and zeroing); here the plane is read
// once and written once, and the ring (2r + 1 ≤ 13 rows of 9.4 KB at 3x) stays in cache.
// Measured: the folded kernel on words alone took 0.8–1.0× the unfolded kernel's time for r = 1–6
// (a C probe, 600 rows of 4,680 bytes, minimum of 30 runs, shared machine); whole-process CPU of
// `taskset -c 0 holoframe bench reveal --device iphone-12 --repeats 3 --frames 146-169 --quiet`,
// new/old alternated, 7 pairs: 0.976 (with Canvas.compositeBlurred). Small: what is left of those
// frames is the drawing, the composite and the first read of the 12-MB layer, each a pass over it.
// Rows whose row-blurred bytes are all 0 (transparent margins) are left out of the column sums, as
// the column pass does; an output row with nothing to sum is 0.
// `rows`: only those output rows are written (and the input rows they read are row-blurred); the
// plane's other rows keep their input bytes (blurSeparable's "unspecified").

import CPixelKernels
import HoloPixels

/// `emit`: instead of writing output row y over the plane, hand it to emit(y, row) in a scratch
/// row (valid during the call); the plane is then left unspecified. `Canvas.compositeBlurred`
/// composites each row so, while it is in cache.
func gaussianBlurInPlace(_ plane: inout BlurPlane, weights: [Int], edge: BlurEdge, rows wanted: Range<Int>? = nil,
                         emit: ((Int, UnsafePointer<UInt8>) -> Void)? = nil) {
    guard let taps = FoldedTaps(weights) else {
        gaussianBlurRows(&plane, weights: weights, edge: edge)
        plane = gaussianBlurColumns(plane, weights: weights, edge: edge)
        return
    }
    let n = plane.width, h = plane.height, c = plane.channels, rowBytes = n * c
    guard taps.radius > 0, n > 0, h > 0 else { return }
    plane.withMutableBytes { planeBytes in
        let base = planeBytes.baseAddress!
        foldedGaussianSweep(taps, width: n, height: h, channels: c, edge: edge, rows: wanted,
                            input: { UnsafePointer(base + $0 * rowBytes) }, output: { base + $0 * rowBytes }, emit: emit)
    }
}

/// `gaussianBlurInPlace`'s sweep over a picture given a row at a time: `input(yy)` is input row
/// yy (its bytes read before the next call; rows are asked once each, in increasing order), and
/// output row y goes to `output(y)` (which may be input row y: every input row it reads has been
/// read before) or, with `emit`, to emit(y, row) in a scratch row. A rasterized layer's rows are
/// resampled so, as the ring needs them, and never stored as a layer (Layer.swift).
func foldedGaussianSweep(_ taps: FoldedTaps, width n: Int, height h: Int, channels c: Int, edge: BlurEdge,
                         rows wanted: Range<Int>?, input: (Int) -> UnsafePointer<UInt8>,
                         output: (Int) -> UnsafeMutablePointer<UInt8>, emit: ((Int, UnsafePointer<UInt8>) -> Void)?) {
    let r = taps.radius
    guard r > 0, n > 0, h > 0 else { return }
    let out = (wanted ?? 0..<h).clamped(to: 0..<h)
    guard !out.isEmpty else { return }
    let rowBytes = n * c, slots = 2 * r + 1
    // The input rows the wanted output rows read, inside the plane.
    let lo = max(0, out.lowerBound - r), hi = min(h - 1, out.upperBound - 1 + r)
    let rowBlur = FoldedRowBlur(taps, width: n, channels: c, edge: edge)
    let ring = UnsafeMutablePointer<UInt16>.allocate(capacity: slots * rowBytes)
    defer { ring.deallocate() }
    var ringHasPixels = [Bool](repeating: false, count: slots)
    let most = taps.termCount
    let firsts = UnsafeMutablePointer<UnsafePointer<UInt16>?>.allocate(capacity: most)
    let seconds = UnsafeMutablePointer<UnsafePointer<UInt16>?>.allocate(capacity: most)
    let termWeights = UnsafeMutablePointer<Int16>.allocate(capacity: most)
    defer { firsts.deallocate(); seconds.deallocate(); termWeights.deallocate() }
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: emit == nil ? 0 : rowBytes)
    defer { scratch.deallocate() }
    var singles: [(UnsafePointer<UInt16>, Int16)] = []
    singles.reserveCapacity(most)
    // The centred pass (taps_centred.c) reads a row of zeros where a tap's row is all 0 or outside.
    let zeros = UnsafeMutablePointer<UInt16>.allocate(capacity: taps.centred ? rowBytes : 0)
    zeros.initialize(repeating: 0, count: taps.centred ? rowBytes : 0)
    defer { zeros.deallocate() }
    do {
        /// Row-blurred input row yy (lo ≤ yy ≤ hi, within the last 2r + 1 blurred), nil when all 0.
        func blurred(_ yy: Int) -> UnsafePointer<UInt16>? {
            ringHasPixels[yy % slots] ? UnsafePointer(ring + (yy % slots) * rowBytes) : nil
        }
        /// Output row y's tap t: input row y + t − r by the edge rule, nil when it adds nothing.
        func tap(_ y: Int, _ t: Int) -> UnsafePointer<UInt16>? {
            var yy = y + t - r
            if yy < 0 || yy >= h { if edge == .transparent { return nil }; yy = min(max(yy, 0), h - 1) }
            return blurred(yy)
        }
        var next = lo
        for y in out {
            if stopDue(row: y) { return }
            while next <= min(hi, y + r) {
                let slot = next % slots
                ringHasPixels[slot] = rowBlur.blur(input(next), into: ring + slot * rowBytes)
                next += 1
            }
            let dst = emit == nil ? output(y) : scratch
            if taps.centred {
                var any = false
                for (k, (ta, tb, w)) in taps.pairs.enumerated() {
                    let a = tap(y, ta), b = tap(y, tb)
                    if a != nil || b != nil { any = true }
                    firsts[k] = a ?? UnsafePointer(zeros); seconds[k] = b ?? UnsafePointer(zeros); termWeights[k] = w
                }
                let centre = tap(y, r)
                if any || centre != nil {
                    hf_taps_centred_pass(firsts, seconds, centre ?? UnsafePointer(zeros), taps.pairs.count, termWeights, dst, 0, rowBytes)
                } else {
                    dst.update(repeating: 0, count: rowBytes)
                }
                emit?(y, UnsafePointer(dst))
                continue
            }
            var pairs = 0
            singles.removeAll(keepingCapacity: true)
            for (ta, tb, w) in taps.pairs {
                switch (tap(y, ta), tap(y, tb)) {
                case let (a?, b?):
                    firsts[pairs] = a; seconds[pairs] = b; termWeights[pairs] = w; pairs += 1
                case let (a?, nil), let (nil, a?): singles.append((a, w))
                case (nil, nil): break
                }
            }
            if let centre = tap(y, r) { for w in taps.centre { singles.append((centre, w)) } }
            var terms = pairs
            for (a, w) in singles { firsts[terms] = a; termWeights[terms] = w; terms += 1 }
            if terms == 0 {
                dst.update(repeating: 0, count: rowBytes)
            } else {
                hf_taps_folded_pass(firsts, seconds, pairs, termWeights, terms, dst, 0, rowBytes)
            }
            emit?(y, UnsafePointer(dst))
        }
    }
}

/// `weights` (2r+1 symmetric taps) as hf_taps_folded_pass takes them: `pairs` offsets (t, 2r − t)
/// sharing weight w_t for t < r, then the centre r as single terms, each weight below 2¹⁵ (the
/// centre split as in KernelTaps); zero weights left out. nil for a kernel that is not symmetric or
/// whose side weight reaches 2¹⁵ (neither happens for a Gaussian: 3·w_t ≤ 2¹⁶).
struct FoldedTaps {
    let radius: Int
    /// (t, 2r − t, w_t) for each nonzero side weight.
    private(set) var pairs: [(Int, Int, Int16)] = []
    /// The centre's weight in parts below 2¹⁵.
    private(set) var centre: [Int16] = []
    /// The passes take the centre out (hf_taps_centred_pass, `pairs` terms only) instead of adding
    /// it as `centre`'s terms: where the weights sum to 2¹⁶ (every Gaussian's do) and the centre
    /// takes two terms (its weight over 2¹⁵, σ ≤ 0.85 px: at most 3 pairs), a whole multiply-add
    /// step saved for a subtraction a pair. With a centre of one term (larger σ, more pairs) the
    /// step saved is half empty and the subtractions grow with the pairs: taking it there too
    /// (whenever the step count fell) measured no better on reveal's frames 147–158 (within 2 %
    /// either way, `bench --frames 145-166 --repeats 5` alternated three times), so it is not.
    /// Measured: frames 160–164 (σ 0.28–0.58 px) 0.93–0.97× of the folded pass's frame time.
    private(set) var centred = false

    init?(_ weights: [Int]) {
        let r = weights.count / 2
        radius = r
        guard weights.count == 2 * r + 1 else { return nil }
        for t in 0..<r {
            let w = weights[t]
            guard w == weights[2 * r - t], w < 1 << 15, w >= 0 else { return nil }
            if w > 0 { pairs.append((t, 2 * r - t, Int16(w))) }
        }
        var left = weights[r]
        guard left >= 0 else { return nil }
        let sums = weights.reduce(0, +) == 1 << 16
        while left > 0 {
            let part = min(left, (1 << 15) - 1)
            centre.append(Int16(part))
            left -= part
        }
        centred = sums && centre.count >= 2
    }

    var termCount: Int { pairs.count + centre.count }
}

/// The row pass of one row: the row padded by the edge rule and widened to words, the
/// output 0 outside the nonzero pixels widened by the taps, the folded taps inside, as words.
/// Buffers allocated once per blur.
final class FoldedRowBlur {
    let taps: FoldedTaps
    let n: Int, c: Int, edge: BlurEdge
    private let wide: UnsafeMutablePointer<UInt16>
    private let paddedBytes: Int
    private let firsts: UnsafeMutablePointer<UnsafePointer<UInt16>?>
    private let seconds: UnsafeMutablePointer<UnsafePointer<UInt16>?>
    private let weights: UnsafeMutablePointer<Int16>

    init(_ taps: FoldedTaps, width n: Int, channels c: Int, edge: BlurEdge) {
        self.taps = taps; self.n = n; self.c = c; self.edge = edge
        paddedBytes = (n + 2 * taps.radius) * c
        wide = .allocate(capacity: paddedBytes)
        let terms = max(1, taps.termCount)
        firsts = .allocate(capacity: terms); seconds = .allocate(capacity: terms)
        firsts.initialize(repeating: nil, count: terms); seconds.initialize(repeating: nil, count: terms)
        weights = .allocate(capacity: terms)
        for (k, pair) in taps.pairs.enumerated() { weights[k] = pair.2 }
        for (k, w) in taps.centre.enumerated() { weights[taps.pairs.count + k] = w }
    }

    deinit { wide.deallocate(); firsts.deallocate(); seconds.deallocate(); weights.deallocate() }

    /// `src` (n pixels) row-blurred into `dst` (n·c words); false, with `dst` untouched, when the
    /// row padded by the edge rule is all 0 (the output is then all 0). The padded row (padRow's:
    /// `r` pixels each side, 0 or the edge pixel) is never built as bytes: its part the taps read is
    /// widened straight from `src` (one pass over the row's bytes instead of a copy and a widen).
    func blur(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt16>) -> Bool {
        let r = taps.radius, rowBytes = n * c
        // Nonzero bytes [first, last] of the row.
        guard let (first, last) = nonzeroByteSpan(src, count: rowBytes) else { return false }
        // Output x reads padded pixels x … x + 2r, source pixels x − r … x + r (a clamped edge
        // pixel fills its pad, but a nonzero edge pixel already makes the span reach that edge).
        let x0 = max(0, first / c - r), x1 = min(n - 1, last / c + r)
        if x0 > 0 { dst.update(repeating: 0, count: x0 * c) }
        if x1 + 1 < n { (dst + (x1 + 1) * c).update(repeating: 0, count: (n - x1 - 1) * c) }
        // Padded pixels q in x0 … x1 + 2r: source pixel q − r, or the edge rule's outside it.
        let q0 = x0, q1 = x1 + 2 * r
        let in0 = max(q0, r), in1 = min(q1, n - 1 + r)
        hf_widen_bytes(src + (in0 - r) * c, wide + in0 * c, (in1 - in0 + 1) * c)
        for q in q0..<in0 {
            for k in 0..<c { wide[q * c + k] = edge == .clamp ? UInt16(src[k]) : 0 }
        }
        if in1 < q1 {
            for q in (in1 + 1)...q1 {
                for k in 0..<c { wide[q * c + k] = edge == .clamp ? UInt16(src[(n - 1) * c + k]) : 0 }
            }
        }
        let pairs = taps.pairs.count, terms = taps.termCount
        for (k, (ta, tb, _)) in taps.pairs.enumerated() {
            firsts[k] = UnsafePointer(wide + (x0 + ta) * c)
            seconds[k] = UnsafePointer(wide + (x0 + tb) * c)
        }
        if taps.centred {
            hf_taps_centred_pass(firsts, seconds, UnsafePointer(wide + (x0 + r) * c), pairs, weights, dst + x0 * c, 1, (x1 - x0 + 1) * c)
            return true
        }
        for k in pairs..<terms { firsts[k] = UnsafePointer(wide + (x0 + r) * c) }
        hf_taps_folded_pass(firsts, seconds, pairs, weights, terms, dst + x0 * c, 1, (x1 - x0 + 1) * c)
        return true
    }
}

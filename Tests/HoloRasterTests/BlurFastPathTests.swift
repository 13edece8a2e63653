// The fast blur passes against the reference (HoloRaster/Reference/ReferenceBlurPasses.swift),
// byte for byte (Blend2D style): the fast paths regroup the same integer sums, so any difference
// is a bug, not rounding.

import HoloGeometry
import HoloPixels
import Testing
@testable import HoloRaster
import CKernelTestHooks
import CPixelKernels

/// A plane of random blocks with zero rows, zero columns and a transparent margin, so the
/// zero-skipping paths are exercised next to busy content.
/// Each row copied into its own allocated word buffer, as the C passes take their rows (the
/// caller deallocates them).
func rowBuffers(_ rows: [[UInt16]]) -> [UnsafeMutablePointer<UInt16>] {
    rows.map { row in
        let b = UnsafeMutablePointer<UInt16>.allocate(capacity: row.count)
        b.initialize(from: row, count: row.count)
        return b
    }
}

func sparsePlane(width: Int, height: Int, channels: Int, seed: UInt64) -> BlurPlane {
    var rng = SplitMix64(seed: seed)
    var plane = BlurPlane(width: width, height: height, channels: channels)
    let margin = 7
    let zeroRow = Int(rng.next() % UInt64(height)), zeroCol = Int(rng.next() % UInt64(width))
    for y in margin..<(height - margin) where y != zeroRow && y != zeroRow + 1 {
        for x in margin..<(width - margin) where x != zeroCol {
            if (x / 5 + y / 3) % 4 == 0 { continue }
            for k in 0..<channels { plane.bytes[(y * width + x) * channels + k] = UInt8(truncatingIfNeeded: rng.next()) }
        }
    }
    // A lone pixel at a corner: zero spans ending one pixel from the edge.
    for k in 0..<channels { plane.bytes[k] = 200 }
    return plane
}

@Suite struct BlurFastPathTests {
    /// Rows then columns (GaussianPasses.swift: two channels per lane, columns without a
    /// transpose; the one-tap-at-a-time pass for 1-channel planes), including an empty and a full
    /// row, and σ small enough that the outer taps round to 0.
    @Test(arguments: [0.05, 0.2, 0.4, 0.9, 1.3, 1.7, 2.0])
    func exactGaussianPassesEqualTheReference(sigma: Double) {
        #expect(gaussianWeights(sigma: sigma) == Reference.fixedPointTaps(sigma: sigma))
        for channels in [4, 1] {
            for edge in [BlurEdge.transparent, .clamp] {
                let plane = sparsePlane(width: 61, height: 47, channels: channels, seed: UInt64(sigma * 100) + UInt64(channels))
                var fast = plane
                blurSeparable(&fast, sigma: sigma, edge: edge)
                #expect(fast.bytes == Reference.fixedPointBlur(RefBytes(plane), sigma: sigma, edge: edge).bytes,
                        "σ \(sigma) channels \(channels) \(edge)")
                // Under σ ≈ 0.2 px the Gaussian's outer taps round to 0: the identity, skipped.
                #expect((fast.bytes != plane.bytes) == (sigma >= 0.21))
                // The one-sweep pass (GaussianInPlace.swift) asked for some rows only: those rows are
                // the reference's; and the two separate passes give the same plane as the sweep.
                let want = Reference.fixedPointBlur(RefBytes(plane), sigma: sigma, edge: edge).bytes
                let stride = plane.width * channels
                for rows in [0..<5, 9..<30, 44..<47, 46..<47] {
                    var part = plane
                    blurSeparable(&part, sigma: sigma, edge: edge, rows: rows)
                    #expect(part.bytes[(rows.lowerBound * stride)..<(rows.upperBound * stride)] == want[(rows.lowerBound * stride)..<(rows.upperBound * stride)],
                            "σ \(sigma) channels \(channels) \(edge) rows \(rows)")
                }
                if sigma >= 0.21 {
                    var twoPasses = plane
                    gaussianBlurRows(&twoPasses, weights: gaussianWeights(sigma: sigma), edge: edge)
                    twoPasses = gaussianBlurColumns(twoPasses, weights: gaussianWeights(sigma: sigma), edge: edge)
                    #expect(twoPasses.bytes == want, "two passes, σ \(sigma) channels \(channels) \(edge)")
                }
            }
        }
        var rows = BlurPlane(width: 9, height: 2, channels: 4)
        for i in 36..<72 { rows.bytes[i] = 255 }
        for edge in [BlurEdge.transparent, .clamp] {
            var fast = rows
            gaussianBlurRows(&fast, weights: gaussianWeights(sigma: sigma), edge: edge)
            let slow = Reference.tapPass(RefBytes(rows), taps: Reference.fixedPointTaps(sigma: sigma), edge: edge, down: false)
            #expect(fast.bytes == slow.bytes, "empty and full rows, σ \(sigma) \(edge)")
        }
    }
}

@Suite struct ReducedResolutionBlurTests {
    /// The whole reduced-resolution blur (downsample, the coarse plane's taps below 5·f px or three
    /// boxes from there, upsample of a region) against the reference's chain, byte for byte: σ
    /// just above the exact regime (½ resolution from there), mid-range, both sides of 10 px (½
    /// boxes), of 12 px (¼ resolution) and of 20 px (¼ boxes).
    @Test(arguments: [2.05, 2.6, 4.0, 6.2, 9.9, 10.0, 11.9, 12.0, 16.0, 19.9, 20.0, 26.0])
    func reducedResolutionBlurEqualsTheReference(sigma: Double) {
        for channels in [4, 1] {
            for edge in [BlurEdge.transparent, .clamp] {
                let plane = sparsePlane(width: 67, height: 59, channels: channels, seed: UInt64(sigma * 10) + UInt64(channels))
                let f = blurDownsampleFactor(sigma: sigma)
                #expect(f == (sigma >= 12 ? 4 : 2))
                for keep in [BlurRegion(x: 0, y: 0, width: 67, height: 59), BlurRegion(x: 5, y: 11, width: 31, height: 17)] {
                    let fast = blurPlane(plane, sigma: sigma, edge: edge, keep: keep)
                    let slow = Reference.reducedResolutionBlur(RefBytes(plane), sigma: sigma, edge: edge, by: f, keep: keep)
                    #expect(fast.bytes == slow.bytes, "σ \(sigma) channels \(channels) \(edge) keep \(keep)")
                }
            }
        }
    }

    /// The taps at the coarse planes' σ (0.9–4.98 px for σ 2–10), over 2 px: the passes equal the
    /// reference's.
    @Test(arguments: [2.3, 3.5, 4.97])
    func coarseTapsEqualTheReference(sigma: Double) {
        for channels in [4, 1] {
            for edge in [BlurEdge.transparent, .clamp] {
                let plane = sparsePlane(width: 45, height: 38, channels: channels, seed: UInt64(sigma * 100) + UInt64(channels))
                var fast = plane
                blurSeparable(&fast, sigma: sigma, edge: edge, exact: true)
                #expect(fast.bytes == Reference.fixedPointBlur(RefBytes(plane), sigma: sigma, edge: edge, taps: true).bytes,
                        "σ \(sigma) channels \(channels) \(edge)")
            }
        }
    }
}

@Suite struct BoxBlurColumnTests {
    // Three boxes along the rows (SSE2 or one channel at a time) and down the columns, byte for
    // byte, for the box regime at full and reduced resolution, both edges, 1 and 4 channels.
    @Test(arguments: [2.5, 4.0, 7.3, 9.9, 16.8])
    func columnPassesEqualTheReference(sigma: Double) {
        for channels in [4, 1] {
            for edge in [BlurEdge.transparent, .clamp] {
                let plane = sparsePlane(width: 53, height: 71, channels: channels, seed: UInt64(sigma * 10) + UInt64(channels))
                #expect(Reference.boxBlurRadii(sigma: sigma) == boxRadii(sigma: sigma))
                var fast = plane
                blurSeparable(&fast, sigma: sigma, edge: edge)
                #expect(fast.bytes == Reference.fixedPointBlur(RefBytes(plane), sigma: sigma, edge: edge).bytes,
                        "σ \(sigma) channels \(channels) \(edge)")
                #expect(fast.bytes != plane.bytes)
            }
        }
    }

    /// The column pass's emit-and-slide loops as the default target compiles them and as AVX2
    /// does (chosen at run time): both against the definition, round(S / w) half up and
    /// S + add − drop, for every lane count's tail and the largest sums a window can hold.
    @Test func columnKernelsMatchTheDefinition() {
        var rng = SplitMix64(seed: 271)
        for w in [1, 3, 31, 101, 269] {
            for n in Array(1...40) + [255, 1000] {
                let sums = (0..<n).map { i in i % 7 == 0 ? Int32(255 * w) : Int32(rng.next() % UInt64(255 * w + 1)) }
                let add = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                let drop = (0..<n).map { i in min(UInt8(truncatingIfNeeded: rng.next()), UInt8(min(255, Int(sums[i]) + Int(add[i])))) }
                let wantOut = sums.map { UInt8((2 * Int($0) + w) / (2 * w)) }
                let wantSums: [Int32] = (0..<n).map { (i: Int) -> Int32 in sums[i] + Int32(add[i]) - Int32(drop[i]) }
                for kernel: Int32 in [0, 2] {
                    var s = sums, out = [UInt8](repeating: 0, count: n)
                    guard hf_box_column_kernel(kernel, &s, &out, add, drop, n, w) == 1 else { continue }  // no AVX2 here
                    #expect(out == wantOut, "kernel \(kernel), w \(w), n \(n)")
                    #expect(s == wantSums, "kernel \(kernel), w \(w), n \(n)")
                }
            }
        }
    }

    /// hf_taps_pass's SSE2 (16 bytes a step) and AVX2 (64, then 32) kernels against the scalar definition
    /// ⌊(2¹⁵ + Σ w_t·rows[t][i]) / 2¹⁶⌋, for every tail length up to 70 bytes, odd and even tap
    /// counts, the largest weights (2¹⁵ − 1) and the largest sums (all 255 under a full 2¹⁶).
    @Test func tapsKernelsMatchTheDefinition() {
        var rng = SplitMix64(seed: 2026)
        let kernels: [[Int16]] = [[32767], [16384, 32767, 16385], [1, 32767, 32767, 1],
                                  KernelTaps(gaussianWeights(sigma: 1.3)).weights, KernelTaps(gaussianWeights(sigma: 2.9)).weights]
        for weights in kernels {
            for n in Array(1...70) + [1000] {
                let rows = weights.indices.map { t in
                    (0..<n).map { i in t % 3 == 0 && i % 5 == 0 ? UInt8(255) : UInt8(truncatingIfNeeded: rng.next()) }
                }
                let want = (0..<n).map { i in
                    UInt8((weights.indices.reduce(1 << 15) { $0 + Int(weights[$1]) * Int(rows[$1][i]) }) >> 16)
                }
                for kernel: Int32 in [0, 1, 2] {
                    var out = [UInt8](repeating: 0, count: n)
                    let ran = rows.withUnsafeBufferPointers { pointers in
                        hf_taps_kernel(kernel, pointers, weights, weights.count, &out, n)
                    }
                    guard ran == 1 else { continue }  // no AVX2 here
                    #expect(out == want, "kernel \(kernel), \(weights.count) taps, n \(n)")
                }
            }
        }
    }

    /// hf_taps_folded_pass's kernels (scalar, SSE2, AVX2; byte and word output) against the unfolded
    /// definition ⌊(2¹⁵ + Σ_t w_t·rows[t][i]) / 2¹⁶⌋ written out here (no code shared with
    /// taps_folded.c): pairs of rows sharing a weight, then single rows; Gaussian kernels as
    /// FoldedTaps splits them (σ 0.3: the centre over 2¹⁵, in two parts), an odd and an even number
    /// of terms, the largest weights and sums (all 255 under a full 2¹⁶), every tail length up to 70.
    @Test func foldedTapsKernelsMatchTheUnfoldedDefinition() throws {
        var rng = SplitMix64(seed: 2027)
        var kernels: [(pairs: [Int16], singles: [Int16])] = [([16384], [32767]), ([10922, 10922], [21844]),
                                                             ([1, 2, 3], [32767, 32755]), ([], [32767, 32766])]
        for sigma in [0.3, 0.9, 1.3, 2.0, 2.9] {
            let folded = try #require(FoldedTaps(gaussianWeights(sigma: sigma)))
            kernels.append((folded.pairs.map(\.2), folded.centre))
        }
        for (pairWeights, singleWeights) in kernels {
            let terms = pairWeights.count + singleWeights.count
            let weights = pairWeights + singleWeights
            for n in Array(1...70) + [1000] {
                // Rows 0 … terms − 1 are the terms' first rows, terms … terms + pairs − 1 the pairs' second rows.
                let rows = (0..<(terms + pairWeights.count)).map { t in
                    (0..<n).map { i in t % 3 == 0 && i % 5 == 0 || i % 7 == 0 ? UInt16(255) : UInt16(truncatingIfNeeded: rng.next() % 256) }
                }
                let want = (0..<n).map { i in
                    var s = 1 << 15
                    for k in 0..<terms { s += Int(weights[k]) * Int(rows[k][i]) }
                    for k in pairWeights.indices { s += Int(pairWeights[k]) * Int(rows[terms + k][i]) }
                    return s >> 16
                }
                let buffers = rowBuffers(rows)
                defer { buffers.forEach { $0.deallocate() } }
                let firsts: [UnsafePointer<UInt16>?] = buffers[0..<terms].map { UnsafePointer($0) }
                let seconds: [UnsafePointer<UInt16>?] = buffers[terms...].map { UnsafePointer($0) } + Array(repeating: nil, count: singleWeights.count)
                for kernel: Int32 in [0, 1, 2] {
                    var bytes = [UInt8](repeating: 0, count: n), words = [UInt16](repeating: 0, count: n)
                    guard hf_taps_folded_kernel(kernel, firsts, seconds, pairWeights.count, weights, terms, &bytes, 0, n) == 1 else { continue }
                    #expect(hf_taps_folded_kernel(kernel, firsts, seconds, pairWeights.count, weights, terms, &words, 1, n) == 1)
                    #expect(bytes.map(Int.init) == want, "kernel \(kernel), \(pairWeights.count) pairs, \(singleWeights.count) singles, n \(n)")
                    #expect(words.map(Int.init) == want, "words: kernel \(kernel), \(pairWeights.count) pairs, \(singleWeights.count) singles, n \(n)")
                }
            }
        }
    }

    /// hf_taps_centred_pass's kernels (scalar, SSE2, AVX2; byte and word output) against the
    /// unfolded definition ⌊(2¹⁵ + Σ_k w_k·(a_k + b_k) + (2¹⁶ − 2·Σ_k w_k)·p) / 2¹⁶⌋ written out here:
    /// the side pairs of Gaussians as FoldedTaps takes them (σ 0.3 and 0.4: one pair; 0.5, 0.7, 1.3,
    /// 2.0, 4.9: several, odd and even counts), kernels whose sums reach the extremes (one pair of
    /// 2¹⁵ − 1 leaves the centre 2; 0 between 255s, 255 between 0s), every tail length up to 70.
    @Test func centredTapsKernelsMatchTheUnfoldedDefinition() throws {
        var rng = SplitMix64(seed: 2028)
        var kernels: [[Int16]] = [[32767], [16383, 16383], [1, 2, 3, 4, 5], []]
        for sigma in [0.3, 0.4, 0.5, 0.7, 1.3, 2.0, 4.9] {
            kernels.append(try #require(FoldedTaps(gaussianWeights(sigma: sigma))).pairs.map(\.2))
        }
        #expect(try #require(FoldedTaps(gaussianWeights(sigma: 0.3))).centred)
        for weights in kernels {
            let pairs = weights.count
            let centre = 65536 - 2 * weights.reduce(0) { $0 + Int($1) }
            for n in Array(1...70) + [1000] {
                // Rows 0 … pairs − 1 the first rows, pairs … 2·pairs − 1 the second, the last the centre;
                // some columns at the extremes.
                let rows = (0...(2 * pairs)).map { t in
                    (0..<n).map { i -> UInt16 in
                        if i % 7 == 0 { return t == 2 * pairs ? 0 : 255 }
                        if i % 11 == 0 { return t == 2 * pairs ? 255 : 0 }
                        return UInt16(truncatingIfNeeded: rng.next() % 256)
                    }
                }
                let want = (0..<n).map { i in
                    var s = 1 << 15 + centre * Int(rows[2 * pairs][i])
                    for k in 0..<pairs { s += Int(weights[k]) * (Int(rows[k][i]) + Int(rows[pairs + k][i])) }
                    return s >> 16
                }
                let buffers = rowBuffers(rows)
                defer { buffers.forEach { $0.deallocate() } }
                let firsts: [UnsafePointer<UInt16>?] = buffers[0..<pairs].map { UnsafePointer($0) }
                let seconds: [UnsafePointer<UInt16>?] = buffers[pairs..<(2 * pairs)].map { UnsafePointer($0) }
                for kernel: Int32 in [0, 1, 2] {
                    var bytes = [UInt8](repeating: 0, count: n), words = [UInt16](repeating: 0, count: n)
                    guard hf_taps_centred_kernel(kernel, firsts, seconds, buffers[2 * pairs], pairs, weights, &bytes, 0, n) == 1 else { continue }
                    #expect(hf_taps_centred_kernel(kernel, firsts, seconds, buffers[2 * pairs], pairs, weights, &words, 1, n) == 1)
                    #expect(bytes.map(Int.init) == want, "kernel \(kernel), \(pairs) pairs, n \(n)")
                    #expect(words.map(Int.init) == want, "words: kernel \(kernel), \(pairs) pairs, n \(n)")
                }
            }
        }
    }

    /// A blurred layer composited in one sweep (`Canvas.compositeBlurred`, the exact Gaussian's rows
    /// composited as they come out; above 2 px the reduced grid's rows upsampled and composited one
    /// at a time) equals blurring the layer and then compositing it: σ under the identity cut (0.1,
    /// 0.24: side taps of 10 that move no byte), on the exact path (0.28 just over the cut, 0.5,
    /// 1.3, 2.0), on the ½-resolution path (2.5, 4.0, 5.9, 12) and the ¼ one (26); layers inside
    /// the canvas, hanging over every edge, with and without a clip (a circle, so coverage is
    /// partial), opacity 1 and 0.6.
    @Test func compositeBlurredEqualsBlurThenComposite() {
        var rng = SplitMix64(seed: 1170)
        for sigma in [0.1, 0.24, 0.28, 0.5, 1.3, 2.0, 2.5, 4.0, 5.9, 12, 26] {
            for (ox, oy) in [(5, 4), (-9, -7), (30, 25)] {
                for opacity in [1.0, 0.6] {
                    for clipped in [false, true] {
                        let plane = sparsePlane(width: 41, height: 37, channels: 4, seed: rng.next())
                        // Premultiplied: colour bytes at most alpha.
                        let words = (0..<(41 * 37)).map { i -> UInt32 in
                            let a = UInt32(plane.bytes[i * 4 + 3])
                            return (0..<3).reduce(a << 24) { $0 | (min(UInt32(plane.bytes[i * 4 + $1]), a) << (8 * UInt32($1))) }
                        }
                        let layer = Canvas(width: 41, height: 37, premultipliedWords: words)
                        var backdrop = Canvas(width: 60, height: 50)
                        backdrop.withMutableWords { w in for i in w.indices { w[i] = 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next() & 0xFFFFFF) } }
                        let clip = clipped ? backdrop.coverage(of: .circle(center: Point(28, 22), radius: 19.5), transform: .identity) : nil
                        var fused = backdrop, twoSteps = backdrop
                        fused.compositeBlurred(layer, sigma: sigma, x: ox, y: oy, opacity: opacity, clip: clip)
                        var blurred = layer
                        blurred.gaussianBlur(sigma: sigma, edge: .transparent)
                        twoSteps.composite(blurred, x: ox, y: oy, opacity: opacity, clip: clip)
                        #expect(fused.words == twoSteps.words, "σ \(sigma) at (\(ox), \(oy)) opacity \(opacity) clip \(clipped)")
                        #expect(fused.words != backdrop.words)
                    }
                }
            }
        }
    }

    /// `gaussianKernelIsIdentity` is exact: for σ across the cut (0.19–0.31 px, where the side taps
    /// grow from 0 to a few hundred of 2¹⁶) the reference blur (Reference.fixedPointBlur, its own
    /// taps and sums) leaves a plane unchanged exactly when the predicate says so — on random planes
    /// and on a 0/255 checkerboard, the input that moves a byte first (0 between neighbours of 255:
    /// ⌊(2¹⁵ + 255·W) / 2¹⁶⌋ = 1 from a side sum W of 129) — and the fast blur, which skips the
    /// identity, equals the reference at every σ, for both edges and 1 or 4 channels.
    @Test func identityKernelIsExactlyTheIdentity() {
        var rng = SplitMix64(seed: 2687)
        var cut: (last: Double, first: Double) = (0, 0)
        var identities = 0, nonzeroIdentities = 0
        for step in 0...48 {
            let sigma = 0.19 + Double(step) * 0.0025
            let weights = gaussianWeights(sigma: sigma)
            let identity = gaussianKernelIsIdentity(weights)
            if identity { identities += 1; cut.last = sigma; if weights[weights.count / 2] != 1 << 16 { nonzeroIdentities += 1 } }
            else if cut.first == 0 { cut.first = sigma }
            for channels in [4, 1] {
                var checker = BlurPlane(width: 12, height: 9, channels: channels)
                for i in checker.bytes.indices where ((i / channels) % 12 + (i / channels) / 12) % 2 == 0 { checker.bytes[i] = 255 }
                let random = sparsePlane(width: 23, height: 19, channels: channels, seed: rng.next())
                for plane in [checker, random] {
                    for edge in [BlurEdge.transparent, .clamp] {
                        let want = Reference.fixedPointBlur(RefBytes(plane), sigma: sigma, edge: edge).bytes
                        var fast = plane
                        blurSeparable(&fast, sigma: sigma, edge: edge)
                        #expect(fast.bytes == want, "σ \(sigma) channels \(channels) \(edge)")
                        if identity { #expect(want == plane.bytes, "σ \(sigma): the predicate's identity moves a byte") }
                    }
                }
                // The checkerboard shows every kernel that is not the identity.
                let moved = Reference.fixedPointBlur(RefBytes(checker), sigma: sigma, edge: .transparent).bytes != checker.bytes
                #expect(moved == !identity, "σ \(sigma) side sum \(65536 - weights[weights.count / 2])")
            }
        }
        // The cut lies between σ 0.2675 and 0.27 (side taps 60 and 69), well past where the taps round to 0.
        #expect(cut.last == 0.19 + 31 * 0.0025 && cut.first == 0.19 + 32 * 0.0025, "cut \(cut)")
        #expect(nonzeroIdentities >= 20 && identities == 32)
    }

    /// Every kernel gaussianWeights makes folds: symmetric, side weights below 2¹⁵ (the passes
    /// would otherwise fall back to the unfolded taps without a test noticing).
    @Test func gaussianKernelsFold() {
        for sigma in stride(from: 0.05, through: 12, by: 0.05) {
            #expect(FoldedTaps(gaussianWeights(sigma: sigma)) != nil, "σ \(sigma)")
        }
        #expect(FoldedTaps([1, 2, 3]) == nil)
    }

    /// hf_downsample_rgba (four coarse pixels a step) and its builds (default target, AVX2) against
    /// its scalar definition, for f = 2 and 4, 1 … f rows (a transparent bottom edge leaves rows
    /// out), every count of blocks up to 21 and all-255 blocks (the largest sums).
    @Test func downsampleKernelMatchesTheDefinition() {
        var rng = SplitMix64(seed: 4080)
        for f in [2, 4] {
            for blocks in 0...21 {
                let rows = (0..<f).map { r in
                    (0..<(blocks * f * 4)).map { i in (i / (f * 4)) % 3 == 0 ? UInt8(255) : UInt8(truncatingIfNeeded: rng.next()) }
                }
                for n in 1...f {
                    var fast = [UInt8](repeating: 0, count: blocks * 4), slow = fast
                    rows.withUnsafeBufferPointers { pointers in
                        hf_downsample_rgba(pointers, n, f, &fast, blocks)
                        _ = hf_downsample_kernel(0, pointers, n, f, &slow, blocks)
                    }
                    #expect(fast == slow, "f \(f), \(n) rows, \(blocks) blocks")
                    for kernel: Int32 in [1, 2] {
                        var built = [UInt8](repeating: 0, count: blocks * 4)
                        let ran = rows.withUnsafeBufferPointers { pointers in
                            hf_downsample_kernel(kernel, pointers, n, f, &built, blocks)
                        }
                        guard ran == 1 else { continue }  // no AVX2 here
                        #expect(built == slow, "kernel \(kernel), f \(f), \(n) rows, \(blocks) blocks")
                    }
                }
            }
        }
    }

    /// The 4-channel upsample's two builds (default target and AVX2, with the 8-pixel groups)
    /// against the definition: col = r0·(2f − fy) + r1·fy, then fine pixel x from coarse i, i + 1
    /// with 2x + 1 − f = 2f·(i − pad) + fx: (col_i·(2f − fx) + col_i+1·fx + 2f²) >> log₂ 4f², for
    /// f 2 and 4, row starts on and off a group, every length up to 40 and all-255 rows.
    @Test func upsampleKernelsMatchTheDefinition() {
        var rng = SplitMix64(seed: 1020)
        for f in [2, 4] {
            let den = 2 * f, pad = 2
            for x0 in [0, 1, 3, 5] {
                for n in 1...40 {
                    let cw = (x0 + n) / f + 2 * pad + 2
                    let r0 = (0..<(cw * 4)).map { i in i % 7 == 0 ? UInt8(255) : UInt8(truncatingIfNeeded: rng.next()) }
                    let r1 = (0..<(cw * 4)).map { i in i % 5 == 0 ? UInt8(255) : UInt8(truncatingIfNeeded: rng.next()) }
                    for fy in stride(from: 1, to: den, by: 2) {
                        let col = (0..<(cw * 4)).map { Int(r0[$0]) * (den - fy) + Int(r1[$0]) * fy }
                        let want = (0..<(n * 4)).map { j -> UInt8 in
                            let x = x0 + j / 4, k = j % 4
                            let num = 2 * x + 1 - f
                            let c = num >= 0 ? num / den : -((-num + den - 1) / den)
                            let fx = num - c * den, i = (c + pad) * 4 + k
                            return UInt8((col[i] * (den - fx) + col[i + 4] * fx + den * den / 2) / (den * den))
                        }
                        for kernel: Int32 in [0, 2] {
                            var scratch = [UInt16](repeating: 0, count: cw * 4), out = [UInt8](repeating: 0, count: n * 4)
                            guard hf_upsample_kernel(kernel, r0, r1, &scratch, cw * 4, UInt16(den - fy), UInt16(fy),
                                                     &out, x0, n, f, pad) == 1 else { continue }  // no AVX2 here
                            #expect(out == want, "kernel \(kernel), f \(f), x0 \(x0), n \(n), fy \(fy)")
                        }
                    }
                }
            }
        }
    }

    /// The row pass two rows at once (one 8-lane vector, a row in each half), by the default
    /// target's build and AVX2's, against the scalar definition run on each row, for widths
    /// 1 … 269, every length up to 40 and rows of 255s (the largest sums).
    @Test func pairedRowPassMatchesTheSingleRowPass() {
        var rng = SplitMix64(seed: 269)
        for w in [1, 3, 7, 31, 101, 269] {
            for n in Array(1...40) + [500] {
                let length = (n + w) * 4  // the window reads one pixel past the last (the spare pixel)
                let src0 = (0..<length).map { i in (i / 4) % 9 < 3 ? UInt8(255) : UInt8(truncatingIfNeeded: rng.next()) }
                let src1 = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                var want0 = [UInt8](repeating: 0, count: n * 4), want1 = want0
                _ = hf_box_pass_rgba2_kernel(0, src0, src1, &want0, &want1, n, w)
                for kernel: Int32 in [1, 2] {
                    var out0 = [UInt8](repeating: 0, count: n * 4), out1 = out0
                    guard hf_box_pass_rgba2_kernel(kernel, src0, src1, &out0, &out1, n, w) == 1 else { continue }  // no AVX2 here
                    #expect(out0 == want0 && out1 == want1, "kernel \(kernel), w \(w), n \(n)")
                }
            }
        }
    }

    @Test func onlyTheRowsAskedForAreComputedAndTheyAreTheSame() {
        for channels in [4, 1] {
            for edge in [BlurEdge.transparent, .clamp] {
                let plane = sparsePlane(width: 41, height: 90, channels: channels, seed: 5)
                var whole = plane
                blurSeparable(&whole, sigma: 6.5, edge: edge)
                for rows in [0..<3, 40..<52, 85..<90, 0..<90] {
                    var part = plane
                    blurSeparable(&part, sigma: 6.5, edge: edge, rows: rows)
                    let span = (rows.lowerBound * 41 * channels)..<(rows.upperBound * 41 * channels)
                    #expect(part.bytes[span] == whole.bytes[span], "rows \(rows) channels \(channels) \(edge)")
                }
            }
        }
    }

    /// A window of rows and columns: its pixels are the whole blur's, and the passes write nothing
    /// outside the window's columns in any row (the row pass's clamped or transparent extension
    /// taken from the plane beyond the window, or past its edge). Box path (σ 12 px), both edges,
    /// RGBA (the paired and single-row kernels) and one channel (the scalar loop).
    @Test func onlyTheColumnsAskedForAreComputedAndTheyAreTheSame() {
        let width = 57, height = 70
        for channels in [4, 1] {
            for edge in [BlurEdge.transparent, .clamp] {
                let plane = sparsePlane(width: width, height: height, channels: channels, seed: 9)
                var whole = plane
                blurSeparable(&whole, sigma: 12, edge: edge, exact: false)
                for (rows, columns) in [(20..<41, 0..<57), (20..<41, 0..<5), (0..<70, 3..<31), (11..<12, 30..<57),
                                        (33..<70, 52..<57), (5..<9, 28..<29)] {
                    var part = plane
                    blurSeparable(&part, sigma: 12, edge: edge, rows: rows, columns: columns, exact: false)
                    for y in rows {
                        let row = y * width * channels
                        let inside = (row + columns.lowerBound * channels)..<(row + columns.upperBound * channels)
                        #expect(part.bytes[inside] == whole.bytes[inside], "rows \(rows) columns \(columns) channels \(channels) \(edge)")
                    }
                    for y in 0..<height {
                        let row = y * width * channels
                        let left = row..<(row + columns.lowerBound * channels)
                        let right = (row + columns.upperBound * channels)..<(row + width * channels)
                        #expect(part.bytes[left] == plane.bytes[left] && part.bytes[right] == plane.bytes[right],
                                "outside \(columns) changed, row \(y), channels \(channels) \(edge)")
                    }
                }
            }
        }
    }

    @Test func rowPassLanesEqualTheReference() {
        for edge in [BlurEdge.transparent, .clamp] {
            let plane = sparsePlane(width: 67, height: 21, channels: 4, seed: 11)
            var fast = plane
            boxBlurRows(&fast, radii: [4, 5, 5], edge: edge)
            #expect(fast.bytes == Reference.boxPasses(RefBytes(plane), radii: [4, 5, 5], edge: edge, down: false).bytes, "\(edge)")
        }
    }

    @Test func aSinglePassAndAColumnShorterThanTheWindow() {
        for radii in [[3], [0, 5, 2]] {
            for edge in [BlurEdge.transparent, .clamp] {
                let plane = sparsePlane(width: 19, height: 16, channels: 4, seed: 7)
                var fast = plane
                boxBlurColumns(&fast, radii: radii, edge: edge)
                #expect(fast.bytes == Reference.boxPasses(RefBytes(plane), radii: radii, edge: edge, down: true).bytes,
                        "radii \(radii) \(edge)")
            }
        }
    }
}

@Suite struct BoxDivisionTests {
    /// The C kernels divide window sums by w in float; for every odd width they are used with
    /// (w < 271) and every sum a window of bytes can have (0 … 255·w), that must equal the integer
    /// rounding of the Swift passes, ⌊(S·⌊2²⁴/w⌉ + 2²³) / 2²⁴⌋.
    @Test func floatDivisionEqualsTheIntegerRoundingForEveryWidthAndSum() {
        var mismatches = 0
        for w in stride(from: 1, to: 271, by: 2) {
            let inv = ((1 << 24) + w / 2) / w
            let sums = (0...(255 * w)).map { Int32($0) }
            var out = [UInt8](repeating: 0, count: sums.count)
            sums.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { o in hf_box_emit(s.baseAddress!, o.baseAddress!, s.count, w) }
            }
            for s in 0...(255 * w) where Int(out[s]) != (s * inv + (1 << 23)) >> 24 { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}

extension RefBytes {
    init(_ plane: BlurPlane) { self.init(width: plane.width, height: plane.height, channels: plane.channels, bytes: plane.bytes) }
}

extension Array where Element == [UInt8] {
    /// Every inner array's base address, for a C function that takes an array of row pointers.
    func withUnsafeBufferPointers<R>(_ body: ([UnsafePointer<UInt8>?]) -> R) -> R {
        var pointers: [UnsafePointer<UInt8>?] = []
        func nest(_ k: Int) -> R {
            if k == count { return body(pointers) }
            return self[k].withUnsafeBufferPointer { b in pointers.append(b.baseAddress!); return nest(k + 1) }
        }
        return nest(0)
    }
}

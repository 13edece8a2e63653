// Four premultiplied pixels at a time: the word-lane blends of Blend.swift, widened to SIMD.
//
// A canvas word is [r, g, b, a] bytes. Masking with 0x00FF00FF leaves r and b in the low bytes of
// the word's two 16-bit halves (g and a after a shift by 8), so four words are eight 16-bit lanes
// and one 16-bit multiply scales two channels of four pixels:
//   scale(p, k) = div255(p_c · k) per channel,   div255(x) = ((x + 128) + ((x + 128) >> 8)) >> 8,
// exact for x ≤ 255·255 (65025 + 128 + 254 < 2¹⁶, so no lane overflows and results stay ≤ 255).
// These are the same integers as `scalePixel` and `sourceOver`, lane for lane: same bytes.
//
// Source-over needs no branches: scale(p, 255) = p and scale(d, 0) = 0 exactly, so an opaque source
// replaces, a transparent one keeps, and the SIMD loop does what the scalar loop's special cases do.

import CBlurKernels

@usableFromInline typealias PixelQuad = SIMD4<UInt32>

@inline(__always)
func div255Lanes(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
}

/// Each pixel of `p` times its own factor in `k` (0…255) / 255, rounded.
@inline(__always)
func scaleQuad(_ p: PixelQuad, by k: PixelQuad) -> PixelQuad {
    let kk = unsafeBitCast(k | (k &<< 16), to: SIMD8<UInt16>.self)
    let rb = div255Lanes(unsafeBitCast(p & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* kk)
    let ga = div255Lanes(unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* kk)
    return unsafeBitCast(rb, to: PixelQuad.self) | (unsafeBitCast(ga, to: PixelQuad.self) &<< 8)
}

/// Dca' = Sca + Dca·(255 − Sa)/255 for four pixels.
@inline(__always)
func sourceOverQuad(_ s: PixelQuad, _ d: PixelQuad) -> PixelQuad {
    s &+ scaleQuad(d, by: 255 &- (s &>> 24))
}

/// `dst[i] = s' over dst[i]` for `count` pixels, with s' = src[i] scaled by c_i / 255 where
/// c_i = `factors[coverage[i]]` (a per-call table of div255(opacity · coverage)), or c_i = `opacity`
/// when there is no coverage row.
@inline(__always)
func compositeRow(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
                  opacity: UInt32, coverage: UnsafePointer<UInt8>?, factors: UnsafePointer<UInt8>) {
    if coverage == nil && opacity == 255 { compositeRowOpaque(src, dst, count: count); return }
    var i = 0
    let raw = UnsafeRawPointer(src), out = UnsafeMutableRawPointer(dst)
    while i + 4 <= count {
        let s = raw.loadUnaligned(fromByteOffset: i * 4, as: PixelQuad.self)
        let c: PixelQuad
        if let coverage {
            c = PixelQuad(UInt32(factors[Int(coverage[i])]), UInt32(factors[Int(coverage[i + 1])]),
                          UInt32(factors[Int(coverage[i + 2])]), UInt32(factors[Int(coverage[i + 3])]))
        } else {
            c = PixelQuad(repeating: opacity)
        }
        if c == PixelQuad(repeating: 255) && (s & 0xFF00_0000) == PixelQuad(repeating: 0xFF00_0000) {
            out.storeBytes(of: s, toByteOffset: i * 4, as: PixelQuad.self)  // opaque at full coverage
        } else if s != .zero && c != .zero {
            let d = UnsafeRawPointer(out).loadUnaligned(fromByteOffset: i * 4, as: PixelQuad.self)
            out.storeBytes(of: sourceOverQuad(scaleQuad(s, by: c), d), toByteOffset: i * 4, as: PixelQuad.self)
        }
        i += 4
    }
    while i < count {
        let k = coverage.map { UInt32(factors[Int($0[i])]) } ?? opacity
        if k != 0 && src[i] != 0 { dst[i] = sourceOver(scalePixel(src[i], by: k), dst[i]) }
        i += 1
    }
}

/// `compositeRow` at full opacity and no clip: plain source-over of the row, which is the C span
/// kernel over.c already runs for full-coverage colour spans (eight pixels a step, AVX2 when the
/// CPU has it): the same integers as `sourceOverQuad`, lane for lane. A retained layer's surface
/// is composited this way every frame it shows (measured: `examples/scroll-cards.json`, whose
/// 1074-px cards cover the screen, spent 41 % of its frames in the Swift quad loop).
@inline(__always)
func compositeRowOpaque(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
    hf_source_over_span(dst, src, count)
}

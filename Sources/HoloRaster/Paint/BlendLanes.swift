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

import CPixelKernels
import HoloPixels

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
/// when there is no coverage row: a layer's row composited (Layer.swift). In C, eight pixels a
/// step with AVX2 when the CPU has it (over.c): `hf_source_over_span` at full opacity without a
/// clip, `hf_composite_span` otherwise; the integers of `scaleQuad` and `sourceOverQuad`, lane
/// for lane, held to `Reference.composite` by ReferenceKernelTests and to each other's builds by
/// BlendLanesTests. A retained layer's surface is composited this way every frame it shows
/// (measured: `examples/scroll-cards.json` spent 41 % of its frames in the Swift quad loop this
/// replaced, `reveal`'s morph 30 %).
@inline(__always)
func compositeRow(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
                  opacity: UInt32, coverage: UnsafePointer<UInt8>?, factors: UnsafePointer<UInt8>) {
    if coverage == nil && opacity == 255 {
        hf_source_over_span(dst, src, count)
    } else {
        hf_composite_span(dst, src, count, opacity, coverage, factors)
    }
}

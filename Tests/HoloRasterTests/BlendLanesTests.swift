// The SIMD blends (BlendLanes.swift) against the word-lane scalar ones, and the blend spans
// against the reference (`Reference.span`), byte for byte. The layer composite's test is in
// ReferenceKernelTests.

import CBlurKernels
import HoloGeometry
import Testing
@testable import HoloRaster

@Suite struct BlendLanesTests {
    /// Every channel value times every factor: all 256 × 256 pairs, in every channel position.
    @Test func scaleQuadEqualsScalePixelExhaustively() {
        for k in 0..<256 {
            for v in stride(from: 0, to: 256, by: 4) {
                // Four pixels, each with the channel values v…v+3 rotated through r, g, b, a.
                let words = (0..<4).map { i -> UInt32 in
                    let b = (0..<4).map { UInt32((v + (i + $0) % 4) & 0xFF) }
                    return b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
                }
                let quad = scaleQuad(PixelQuad(words[0], words[1], words[2], words[3]), by: PixelQuad(repeating: UInt32(k)))
                for i in 0..<4 { #expect(quad[i] == scalePixel(words[i], by: UInt32(k))) }
            }
        }
    }
}

@Suite struct SpanBlendLanesTests {
    /// Every span kind against the reference, for run lengths around the 4-pixel step, translucent
    /// and opaque colours, and coverages with zeros and full runs.
    @Test func spansEqualTheReference() {
        var rng = SplitMix64(seed: 42)
        for count in 0..<14 {
            let dst0 = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            let colors = (0..<count).map { _ -> UInt32 in
                let a = UInt32(truncatingIfNeeded: rng.next() % 4 == 0 ? 255 : rng.next() % 256)
                let c = (0..<3).map { _ in UInt32(truncatingIfNeeded: rng.next()) % (a + 1) }
                return c[0] | c[1] << 8 | c[2] << 16 | a << 24
            }
            let cover = (0..<count).map { _ in UInt8(truncatingIfNeeded: [0, 255, 77, UInt64(rng.next() % 256)][Int(rng.next() % 4)]) }
            for solid in [UInt32(0xFF20_4080), 0x8010_2040, 0] {
                for c in [UInt32(255), 128, 1] {
                    var fast = dst0
                    fast.withUnsafeMutableBufferPointer { SpanBlend.solid($0.baseAddress!, count, solid, coverage: c) }
                    #expect(fast == Reference.span(dst0, colors: Array(repeating: solid, count: count),
                                                   coverages: Array(repeating: Int(c), count: count)))
                }
                var fast = dst0
                cover.withUnsafeBufferPointer { m in
                    fast.withUnsafeMutableBufferPointer { SpanBlend.solid($0.baseAddress!, count, solid, coverages: m.baseAddress!) }
                }
                #expect(fast == Reference.span(dst0, colors: Array(repeating: solid, count: count), coverages: cover.map(Int.init)))
            }
            for c in [UInt32(255), 200, 3] {
                var fast = dst0
                colors.withUnsafeBufferPointer { s in
                    fast.withUnsafeMutableBufferPointer { SpanBlend.colors($0.baseAddress!, s.baseAddress!, count, coverage: c) }
                }
                #expect(fast == Reference.span(dst0, colors: colors, coverages: Array(repeating: Int(c), count: count)))
            }
            var fast = dst0
            colors.withUnsafeBufferPointer { s in
                cover.withUnsafeBufferPointer { m in
                    fast.withUnsafeMutableBufferPointer { SpanBlend.colors($0.baseAddress!, s.baseAddress!, count, coverages: m.baseAddress!) }
                }
            }
            #expect(fast == Reference.span(dst0, colors: colors, coverages: cover.map(Int.init)))
        }
    }
}

@Suite struct SourceOverKernelTests {
    /// over.c's span source-over (SpanBlend.colors at coverage 255), both builds, against the
    /// reference byte for byte: every length up to 40 (the 8-pixel step and its tails) and a
    /// screen-wide one, sources opaque, translucent and zero, destinations opaque and translucent.
    @Test func bothBuildsEqualTheReference() {
        var rng = SplitMix64(seed: 2026)
        for count in Array(0...40) + [1074] {
            let dst0 = (0..<count).map { _ -> UInt32 in
                let a = UInt32(truncatingIfNeeded: rng.next() % 2 == 0 ? 255 : rng.next() % 256)
                let c = (0..<3).map { _ in UInt32(truncatingIfNeeded: rng.next()) % (a + 1) }
                return c[0] | c[1] << 8 | c[2] << 16 | a << 24
            }
            let colors = (0..<count).map { _ -> UInt32 in
                let a = UInt32(truncatingIfNeeded: [255, 0, rng.next() % 256, rng.next() % 256][Int(rng.next() % 4)])
                let c = (0..<3).map { _ in UInt32(truncatingIfNeeded: rng.next()) % (a + 1) }
                return c[0] | c[1] << 8 | c[2] << 16 | a << 24
            }
            let expected = Reference.span(dst0, colors: colors, coverages: Array(repeating: 255, count: count))
            for kernel: Int32 in [0, 2] {
                var fast = dst0
                let ran = colors.withUnsafeBufferPointer { s in
                    fast.withUnsafeMutableBufferPointer { hf_source_over_kernel(kernel, $0.baseAddress, s.baseAddress, count) }
                }
                if ran == 0 { continue }   // no AVX2 on this CPU
                #expect(fast == expected, "kernel \(kernel), \(count) pixels")
            }
        }
    }
}

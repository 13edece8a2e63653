// The SIMD blends (BlendLanes.swift) against the word-lane scalar ones, and the blend spans
// against the reference (`Reference.span`), byte for byte. The layer composite's test is in
// ReferenceKernelTests.

import CKernelTestHooks
import CPixelKernels
import HoloGeometry
import HoloPixels
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

    /// The source-over onto a row of one background word (over.c's background span, which does not
    /// read the row), both builds: the reference's span over a row filled with that word.
    @Test func ontoTheBackgroundBothBuildsEqualTheReference() {
        var rng = SplitMix64(seed: 2027)
        for count in Array(0...40) + [1074] {
            let background: UInt32 = [0xFFF7_F2F2, 0xFF00_0000, 0x8040_2010, 0][Int(rng.next() % 4)]
            let colors = (0..<count).map { _ -> UInt32 in
                let a = UInt32(truncatingIfNeeded: [255, 0, rng.next() % 256, rng.next() % 256][Int(rng.next() % 4)])
                let c = (0..<3).map { _ in UInt32(truncatingIfNeeded: rng.next()) % (a + 1) }
                return c[0] | c[1] << 8 | c[2] << 16 | a << 24
            }
            let expected = Reference.span([UInt32](repeating: background, count: count), colors: colors,
                                          coverages: Array(repeating: 255, count: count))
            for kernel: Int32 in [0, 2] {
                var fast = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }  // not read
                let ran = colors.withUnsafeBufferPointer { s in
                    fast.withUnsafeMutableBufferPointer { hf_source_over_background_kernel(kernel, $0.baseAddress, s.baseAddress, count, background) }
                }
                if ran == 0 { continue }   // no AVX2 on this CPU
                #expect(fast == expected, "kernel \(kernel), \(count) pixels over \(String(background, radix: 16))")
            }
        }
    }
}

@Suite struct CompositeKernelTests {
    /// over.c's layer-row composite (a constant factor, or a factor per pixel from a clip's
    /// coverage through the opacity table), both builds, against the reference's span blend with
    /// those factors as coverages, byte for byte: every length up to 40 and a screen-wide one.
    @Test func bothBuildsEqualTheReference() {
        var rng = SplitMix64(seed: 28)
        func pixel(_ alphas: [UInt32]) -> UInt32 {
            let a = alphas[Int(rng.next() % UInt64(alphas.count))]
            let c = (0..<3).map { _ in UInt32(truncatingIfNeeded: rng.next()) % (a + 1) }
            return c[0] | c[1] << 8 | c[2] << 16 | a << 24
        }
        for count in Array(0...40) + [1074] {
            let dst0 = (0..<count).map { _ in pixel([255, UInt32(rng.next() % 256)]) }
            let src = (0..<count).map { _ in pixel([255, 0, UInt32(rng.next() % 256), UInt32(rng.next() % 256)]) }
            let opacity = UInt32([255, 0, 1, 128, rng.next() % 256][Int(rng.next() % 5)])
            // The caller's table: div255(opacity · coverage) for every coverage value.
            let factors = (0..<256).map { UInt8((opacity * UInt32($0) + 128 + ((opacity * UInt32($0) + 128) >> 8)) >> 8) }
            let coverage = (0..<count).map { _ in UInt8(truncatingIfNeeded: [0, 255, rng.next()][Int(rng.next() % 3)]) }
            for clipped in [false, true] {
                let c = clipped ? coverage.map { Int(factors[Int($0)]) } : Array(repeating: Int(opacity), count: count)
                let expected = Reference.span(dst0, colors: src, coverages: c)
                for kernel: Int32 in [0, 2] {
                    var fast = dst0
                    let ran = src.withUnsafeBufferPointer { s in
                        coverage.withUnsafeBufferPointer { m in
                            factors.withUnsafeBufferPointer { f in
                                fast.withUnsafeMutableBufferPointer {
                                    hf_composite_kernel(kernel, $0.baseAddress, s.baseAddress, count, opacity,
                                                        clipped ? m.baseAddress : nil, f.baseAddress)
                                }
                            }
                        }
                    }
                    if ran == 0 { continue }   // no AVX2 on this CPU
                    #expect(fast == expected, "kernel \(kernel), \(count) pixels, opacity \(opacity), clipped \(clipped)")
                }
            }
        }
    }
}

@Suite struct OpacityMixKernelTests {
    /// over.c's group-opacity mix, both builds, against the reference's channel-by-channel mix
    /// (Reference.mixBack through RefSurface), byte for byte, for every length up to 40 and a
    /// screen-wide row, at weights 0, 1, 128, 254 and random ones, with equal pixels among them.
    @Test func bothBuildsEqualTheReference() {
        var rng = SplitMix64(seed: 128)
        for count in Array(1...40) + [1074] {
            let backdrop = noiseCanvas(width: count, height: 1, seed: rng.next())
            var drawn = noiseCanvas(width: count, height: 1, seed: rng.next())
            drawn.withMutableWords { d in backdrop.withWords { b in for i in 0..<count where i % 3 == 0 { d[i] = b[i] } } }
            for w: UInt32 in [0, 1, 128, 254, UInt32(rng.next() % 256)] {
                var slow = RefSurface(drawn)
                var before = RefSurface(full: slow.full, window: RefBox(0, 0, count, 1), scale: 1)
                before.bytes = backdrop.bytes
                Reference.mixBack(&slow, before: before, keeping: 1 - Double(w) / 255)
                for kernel: Int32 in [0, 2] {
                    var fast = drawn.words
                    let ran = backdrop.words.withUnsafeBufferPointer { b in
                        fast.withUnsafeMutableBufferPointer { hf_opacity_mix_kernel(kernel, $0.baseAddress, b.baseAddress, count, w) }
                    }
                    if ran == 0 { continue }   // no AVX2 on this CPU
                    #expect(Canvas(width: count, height: 1, premultipliedWords: fast).bytes == slow.bytes,
                            "kernel \(kernel), \(count) pixels, w \(w)")
                }
            }
        }
    }
}

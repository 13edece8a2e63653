// HolographicTextSpan: the holographic title shaded a horizontal run of pixels at a time.
//
// Why spans: the rasterizer walks the text box row by row with a glyph-coverage row in hand, and
// everything that depends only on the row (v, the light, time) is worked out once per row here:
//
//   hue(u)  = fract(hueRow + spread·0.4·u),   hueRow = fract(accent + spread·(0.2v + θ°/360 + 0.05·sin 0.5t))
//   band1   = cos(π·u + (θ − π/2)),           band2 = cos(1.5π·u + (0.5 + θ − 0.75π))
//   shade   = 1 − 0.3v
//
// Inside the row, eight pixels go through `SIMD8<Float>` lanes in structure-of-arrays form (one
// vector each for r, g, b), with the approximations of `ShaderMath`: positiveCos (|error| < 1e-6),
// x¹² and x⁸ by squaring, floor by the 1.5·2²³ trick, HSL with selects instead of branches. The
// output is premultiplied RGBA8, colour·coverage rounded to nearest, alpha = coverage, written as
// one packed UInt32 per pixel. Blocks of eight with zero coverage are written transparent
// without shading. Nothing is allocated and nothing is dispatched dynamically per pixel.
//
// The function is not @inlinable on purpose: it is called once per row, and its body is compiled
// here, specialized, once.
//
// Measured (release, this 2-core x86-64 at baseline SSE2, thread CPU time, best of 7; command:
// `HOLOSHADERS_BENCH=1 swift test -c release --filter ShaderBenchmark`): 8.4 ns per pixel on
// 1170-pixel rows at full coverage, against 237 ns for the scalar Double reference (28×). The
// title "Programs" at 34 pt bold, 3x (a 500×130 px box, 30 % coverage): 0.23 ms.

extension HolographicText {

    /// Everything about a row that does not depend on u, in Float, worked out in Double.
    struct RowSetup {
        let hueRow: Float
        let hueSlope: Float
        let mainPhase: Float
        let secondFrequency: Float
        let secondPhase: Float
        let shade: Float

        init(v: Float, uniforms: HolographicTextUniforms) {
            let e = uniforms.effective
            let v = Double(v)
            let lightAngle = lightAngleDegrees(roll: Double(e.roll), pitch: Double(e.pitch))
            let lightRad = lightAngle * .pi / 180
            // holographicHue with u = 0; the u term is added per lane.
            hueRow = Float(holographicHue(u: 0, v: v, lightAngle: lightAngle,
                                          time: Double(e.time), accentHue: Double(e.accentHue)))
            hueSlope = Float(kHueSpread * kHueAlongU)
            // (u − ½)π + θ = πu + (θ − π/2);  f(u − ½)π + φ + θ = fπu + (φ + θ − fπ/2).
            mainPhase = Float(lightRad - .pi / 2)
            secondFrequency = Float(kSecondarySpecularFrequency * .pi)
            secondPhase = Float(kSecondarySpecularPhase + lightRad - kSecondarySpecularFrequency * .pi / 2)
            shade = Float(1 - kVerticalShade * v)
        }
    }

    /// Shades `count` pixels at u = u0, u0 + du, … on the row at v, writing premultiplied RGBA8
    /// (colour·coverage, alpha = coverage) to bytes `out[0 ..< 4·count]`, R, G, B, A a pixel (a
    /// canvas's words or a byte row). `coverage[0 ..< count]` is the glyph coverage 0…255. The
    /// caller composites the result; this only writes the source.
    public static func shadeSpan(u0: Float, du: Float, v: Float, count: Int,
                                 uniforms: HolographicTextUniforms,
                                 coverage: UnsafePointer<UInt8>,
                                 into out: UnsafeMutableRawPointer) {
        guard count > 0 else { return }
        let row = RowSetup(v: v, uniforms: uniforms)
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let source = UnsafeRawPointer(coverage)
        let destination = out
        var i = 0
        while i + 8 <= count {
            let cover = source.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self)
            var packed = SIMD8<UInt32>.zero
            if cover != .zero {
                let u = (lanes + Float(i)) * du + u0
                packed = shadeLanes(u: u, coverage: cover, row: row)
            }
            destination.storeBytes(of: packed, toByteOffset: 4 * i, as: SIMD8<UInt32>.self)
            i += 8
        }
        let remaining = count - i
        if remaining > 0 {
            var cover = SIMD8<UInt8>.zero
            for lane in 0..<remaining { cover[lane] = coverage[i + lane] }
            let u = (lanes + Float(i)) * du + u0
            let packed = shadeLanes(u: u, coverage: cover, row: row)
            for lane in 0..<remaining {
                destination.storeBytes(of: packed[lane], toByteOffset: 4 * (i + lane), as: UInt32.self)
            }
        }
    }

    /// Safe front of `shadeSpan`: one pixel per coverage byte, four bytes per pixel in `out`.
    public static func shadeSpan(u0: Float, du: Float, v: Float, uniforms: HolographicTextUniforms,
                                 coverage: [UInt8], into out: inout [UInt8]) {
        precondition(out.count >= 4 * coverage.count, "out needs four bytes per coverage byte")
        coverage.withUnsafeBufferPointer { cover in
            out.withUnsafeMutableBufferPointer { pixels in
                guard let c = cover.baseAddress, let p = pixels.baseAddress else { return }
                shadeSpan(u0: u0, du: du, v: v, count: cover.count, uniforms: uniforms, coverage: c, into: p)
            }
        }
    }

    /// Eight pixels of one row: the .metal's holographicColor in lanes, then premultiply and pack.
    @inline(__always)  // stays a call; forcing it inline (@_transparent) measured slower, 12 vs 8.4 ns/px
    static func shadeLanes(u: SIMD8<Float>, coverage: SIMD8<UInt8>, row: RowSetup) -> SIMD8<UInt32> {
        // holographicHue: fract(hueRow + spread·0.4·u).
        let hue = ShaderMath.fract(u * row.hueSlope + row.hueRow)
        // hsl2rgb with S and L constant: rgb = L + C·(k − ½), C = S·(1 − |2L − 1|).
        let lightness = Float(kLightness)
        let chroma = Float(kSaturation * (1 - Swift.abs(2 * kLightness - 1)))
        let h6 = hue * 6
        var r = lightness + chroma * (ShaderMath.hueRamp(h6) - 0.5)
        var g = lightness + chroma * (ShaderMath.hueRamp(h6 + 4) - 0.5)
        var b = lightness + chroma * (ShaderMath.hueRamp(h6 + 2) - 0.5)
        // specularBands.
        let mainBand = ShaderMath.positiveCos(u * Float.pi + row.mainPhase)
        let secondBand = ShaderMath.positiveCos(u * row.secondFrequency + row.secondPhase)
        let specular = Float(kMainSpecularGain) * ShaderMath.pow12(mainBand)
            + Float(kSecondarySpecularGain) * ShaderMath.pow8(secondBand)
        // rgb = (hsl + specular)·(1 − 0.3v).
        r = (r + specular) * row.shade
        g = (g + specular) * row.shade
        b = (b + specular) * row.shade
        // boostSaturation: luma + boost·(c − luma), then clamp 0…1.
        let luma = r * Float(kLumaRed) + g * Float(kLumaGreen) + b * Float(kLumaBlue)
        let boost = Float(kSaturationBoost)
        r = ShaderMath.saturate((r - luma) * boost + luma)
        g = ShaderMath.saturate((g - luma) * boost + luma)
        b = ShaderMath.saturate((b - luma) * boost + luma)
        // Premultiply by coverage (0…255) and round: byte = round(c·coverage).
        let a = ShaderMath.float(coverage)
        return pack(red: ShaderMath.roundToUInt32(r * a), green: ShaderMath.roundToUInt32(g * a),
                    blue: ShaderMath.roundToUInt32(b * a), alpha: ShaderMath.widen(coverage))
    }

    /// RGBA bytes in memory order, one UInt32 per pixel.
    @inline(__always)
    static func pack(red: SIMD8<UInt32>, green: SIMD8<UInt32>, blue: SIMD8<UInt32>, alpha: SIMD8<UInt32>) -> SIMD8<UInt32> {
        #if _endian(little)
        return red | (green &<< 8) | (blue &<< 16) | (alpha &<< 24)
        #else
        return (red &<< 24) | (green &<< 16) | (blue &<< 8) | alpha
        #endif
    }
}

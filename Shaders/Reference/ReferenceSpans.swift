// HoloShaders' references: the SIMD spans (HolographicTextSpan.swift, AnyDistanceGradient's
// `shadeSpan`) restated one pixel at a time from the scalar Double shaders (`HolographicText.color`,
// `AnyDistanceGradient.color`, the functions written to be read beside the .metal source).
// SpanTests and AnyDistanceGradientTests hold the spans to them. Same output format as the spans:
//   premultiplied RGBA8, channel = round(rgb·coverage), alpha = coverage; 0 where coverage is 0;
//   pixel i at u = u0 + i·du.

enum Reference {
    /// `HolographicText.shadeSpan`'s reference.
    static func holographicTextSpan(u0: Float, du: Float, v: Float, uniforms: HolographicTextUniforms,
                                    coverage: [UInt8], into out: inout [UInt8]) {
        span(u0: u0, du: du, coverage: coverage, into: &out) { HolographicText.color(u: $0, v: v, uniforms: uniforms) }
    }

    /// `AnyDistanceGradient.shadeSpan`'s reference.
    static func anyDistanceSpan(u0: Float, du: Float, roll: Float, isStatic: Bool = false, coverage: [UInt8],
                                into out: inout [UInt8]) {
        span(u0: u0, du: du, coverage: coverage, into: &out) { AnyDistanceGradient.color(u: $0, roll: roll, isStatic: isStatic) }
    }

    static func span(u0: Float, du: Float, coverage: [UInt8], into out: inout [UInt8], color: (Float) -> SIMD4<Float>) {
        precondition(out.count >= 4 * coverage.count, "out needs four bytes per coverage byte")
        for (i, cover) in coverage.enumerated() {
            let base = 4 * i
            guard cover > 0 else {
                for k in 0..<4 { out[base + k] = 0 }
                continue
            }
            let rgb = color(Float(i) * du + u0)
            let a = Float(cover)
            out[base] = UInt8(rgb.x * a + 0.5)
            out[base + 1] = UInt8(rgb.y * a + 0.5)
            out[base + 2] = UInt8(rgb.z * a + 0.5)
            out[base + 3] = cover
        }
    }
}

// AnyDistanceGradient: the CPU port of Any Distance's tilt gradient (the `anyDistanceGradient`
// section at the end of HolographicText.metal; it shares that file because Package.swift excludes
// only HolographicText.metal from this Swift target).
//
// In the app it is a SwiftUI LinearGradient masked by the text: ten stops, hue n = 0, 0.1 … 0.9 at
// saturation 0.3 and brightness 1 (HSB), evenly spaced, from unit x = roll − 0.25 to roll + 1.25,
// pad extend. So the gradient parameter at u is g = clamp((u − roll + 0.25)/1.5, 0, 1), stop i sits
// at g = i/9 and neighbouring stops mix linearly in (non-linear) sRGB components.
// Reduce Motion: roll = 0, a static gradient.

public enum AnyDistanceGradient {

    // MARK: Named constants (mirrors of the `constant float` lines in HolographicText.metal)

    public static let kGradientStopCount = 10.0
    public static let kGradientHueStep = 0.1
    public static let kGradientSaturation = 0.3
    public static let kGradientBrightness = 1.0
    public static let kGradientLead = 0.25
    public static let kGradientSpan = 1.5

    /// Every named constant, by its name in HolographicText.metal.
    public static let constants: [String: Double] = [
        "kGradientStopCount": kGradientStopCount,
        "kGradientHueStep": kGradientHueStep,
        "kGradientSaturation": kGradientSaturation,
        "kGradientBrightness": kGradientBrightness,
        "kGradientLead": kGradientLead,
        "kGradientSpan": kGradientSpan,
    ]

    // MARK: Scalar reference (Double), same functions as the .metal section

    /// hsb → rgb: k = clamp(|((6h + (0, 4, 2)) mod 6) − 3| − 1, 0, 1); rgb = B·(1 − S·(1 − k)).
    public static func hsb2rgb(_ h: Double, _ s: Double, _ b: Double) -> SIMD3<Double> {
        let x = SIMD3<Double>(repeating: h * 6) + SIMD3(0, 4, 2)
        let wrapped = x - 6 * SIMD3(ShaderMath.floor(x.x / 6), ShaderMath.floor(x.y / 6), ShaderMath.floor(x.z / 6))
        let k = (HolographicText.abs3(wrapped - 3) - 1).clamped(lowerBound: .zero, upperBound: .one)
        return b * (1 - s * (1 - k))
    }

    /// g = clamp((u − (roll − 0.25))/1.5, 0, 1); x = 9g; i = min(⌊x⌋, 8); mix(stop i, stop i+1, x − i).
    public static func anyDistanceColor(u: Double, roll: Double) -> SIMD3<Double> {
        let g = min(max((u - (roll - kGradientLead)) / kGradientSpan, 0), 1)
        let x = g * (kGradientStopCount - 1)
        let i = min(ShaderMath.floor(x), kGradientStopCount - 2)
        let a = hsb2rgb(i * kGradientHueStep, kGradientSaturation, kGradientBrightness)
        let b = hsb2rgb((i + 1) * kGradientHueStep, kGradientSaturation, kGradientBrightness)
        let t = x - i
        return a + (b - a) * t
    }

    /// Straight rgb with alpha 1 at u across the text box.
    public static func color(u: Float, roll: Float, isStatic: Bool = false) -> SIMD4<Float> {
        let rgb = anyDistanceColor(u: Double(u), roll: isStatic ? 0 : Double(roll))
        return SIMD4(Float(rgb.x), Float(rgb.y), Float(rgb.z), 1)
    }

    // MARK: Span (SIMD8 lanes)

    /// Shades `count` pixels at u = u0, u0 + du, … writing premultiplied RGBA8 (colour·coverage,
    /// alpha = coverage) to bytes `out[0 ..< 4·count]`, R, G, B, A a pixel. The gradient does not
    /// depend on v. Both neighbouring stop colours are computed per lane from their hues (no table gather).
    public static func shadeSpan(u0: Float, du: Float, count: Int, roll: Float, isStatic: Bool = false,
                                 coverage: UnsafePointer<UInt8>, into out: UnsafeMutableRawPointer) {
        guard count > 0 else { return }
        let start = Float((isStatic ? 0 : Double(roll)) - kGradientLead)
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let source = UnsafeRawPointer(coverage)
        let destination = out
        var i = 0
        while i < count {
            let n = min(8, count - i)
            var cover = SIMD8<UInt8>.zero
            if n == 8 {
                cover = source.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt8>.self)
            } else {
                for lane in 0..<n { cover[lane] = coverage[i + lane] }
            }
            var packed = SIMD8<UInt32>.zero
            if cover != .zero {
                packed = shadeLanes(u: (lanes + Float(i)) * du + u0, start: start, coverage: cover)
            }
            if n == 8 {
                destination.storeBytes(of: packed, toByteOffset: 4 * i, as: SIMD8<UInt32>.self)
            } else {
                for lane in 0..<n {
                    destination.storeBytes(of: packed[lane], toByteOffset: 4 * (i + lane), as: UInt32.self)
                }
            }
            i += n
        }
    }

    /// Safe front of `shadeSpan`.
    public static func shadeSpan(u0: Float, du: Float, roll: Float, isStatic: Bool = false,
                                 coverage: [UInt8], into out: inout [UInt8]) {
        precondition(out.count >= 4 * coverage.count, "out needs four bytes per coverage byte")
        coverage.withUnsafeBufferPointer { cover in
            out.withUnsafeMutableBufferPointer { pixels in
                guard let c = cover.baseAddress, let p = pixels.baseAddress else { return }
                shadeSpan(u0: u0, du: du, count: cover.count, roll: roll, isStatic: isStatic, coverage: c, into: p)
            }
        }
    }

    @inline(__always)
    static func shadeLanes(u: SIMD8<Float>, start: Float, coverage: SIMD8<UInt8>) -> SIMD8<UInt32> {
        let stops = Float(kGradientStopCount - 1)
        let g = ShaderMath.saturate((u - start) * Float(1 / kGradientSpan))
        let x = g * stops
        let i = ShaderMath.min(ShaderMath.floor(x), stops - 1)
        let t = x - i
        // Hue of stop i is 0.1·i, so 6h = 0.6·i.
        let h6a = i * Float(6 * kGradientHueStep)
        let h6b = h6a + Float(6 * kGradientHueStep)
        let s = Float(kGradientSaturation)
        let brightness = Float(kGradientBrightness)
        func channel(_ offset: Float) -> SIMD8<Float> {
            let a = brightness * (1 - s * (1 - ShaderMath.hueRamp(h6a + offset)))
            let b = brightness * (1 - s * (1 - ShaderMath.hueRamp(h6b + offset)))
            return a + (b - a) * t
        }
        let alpha = ShaderMath.float(coverage)
        return HolographicText.pack(
            red: ShaderMath.roundToUInt32(channel(0) * alpha),
            green: ShaderMath.roundToUInt32(channel(4) * alpha),
            blue: ShaderMath.roundToUInt32(channel(2) * alpha),
            alpha: ShaderMath.widen(coverage))
    }
}

// HolographicText: the CPU port of HolographicText.metal, function for function.
//
// This file is the scalar reference: Double throughout, one pixel at a time, each function named
// and ordered as in the .metal file so the two read side by side. The fast path that shades a row
// of pixels in SIMD lanes is HolographicTextSpan.swift; tests hold it to this file within 1/255.
//
// Light angle (as in the .metal header): lightAngle° = roll·90 + pitch·30, roll and pitch in
// radians. At pitch 0 a roll sweep −0.5…0.5 moves the hue by +0.15 per radian (one way, modulo
// wrap), and the main specular band peaks at u* = 0.5 − lightAngle/180, so the glint slides
// across the word as the phone rolls.

public enum HolographicText {

    // MARK: Named constants (mirrors of the `constant float` lines in HolographicText.metal)

    public static let kHueSpread = 0.6
    public static let kHueAlongU = 0.4
    public static let kHueAlongV = 0.2
    public static let kShimmerAmplitude = 0.05
    public static let kShimmerRate = 0.5
    public static let kSaturation = 0.85
    public static let kLightness = 0.55
    public static let kRollDegrees = 90.0
    public static let kPitchDegrees = 30.0
    public static let kMainSpecularGain = 0.6
    public static let kMainSpecularPower = 12.0
    public static let kSecondarySpecularGain = 0.12
    public static let kSecondarySpecularPower = 8.0
    public static let kSecondarySpecularFrequency = 1.5
    public static let kSecondarySpecularPhase = 0.5
    public static let kVerticalShade = 0.3
    public static let kSaturationBoost = 1.3
    public static let kLumaRed = 0.299
    public static let kLumaGreen = 0.587
    public static let kLumaBlue = 0.114

    /// Every named constant, by its name in HolographicText.metal.
    public static let constants: [String: Double] = [
        "kHueSpread": kHueSpread,
        "kHueAlongU": kHueAlongU,
        "kHueAlongV": kHueAlongV,
        "kShimmerAmplitude": kShimmerAmplitude,
        "kShimmerRate": kShimmerRate,
        "kSaturation": kSaturation,
        "kLightness": kLightness,
        "kRollDegrees": kRollDegrees,
        "kPitchDegrees": kPitchDegrees,
        "kMainSpecularGain": kMainSpecularGain,
        "kMainSpecularPower": kMainSpecularPower,
        "kSecondarySpecularGain": kSecondarySpecularGain,
        "kSecondarySpecularPower": kSecondarySpecularPower,
        "kSecondarySpecularFrequency": kSecondarySpecularFrequency,
        "kSecondarySpecularPhase": kSecondarySpecularPhase,
        "kVerticalShade": kVerticalShade,
        "kSaturationBoost": kSaturationBoost,
        "kLumaRed": kLumaRed,
        "kLumaGreen": kLumaGreen,
        "kLumaBlue": kLumaBlue,
    ]

    // MARK: Functions (same order as the .metal file)

    /// hsl → rgb, branchless (after Iñigo Quilez):
    ///   k = clamp(|((6h + (0, 4, 2)) mod 6) − 3| − 1, 0, 1);  rgb = L + S·(k − ½)·(1 − |2L − 1|).
    public static func hsl2rgb(_ h: Double, _ s: Double, _ l: Double) -> SIMD3<Double> {
        let x = SIMD3<Double>(repeating: h * 6) + SIMD3(0, 4, 2)
        let wrapped = x - 6 * SIMD3(ShaderMath.floor(x.x / 6), ShaderMath.floor(x.y / 6), ShaderMath.floor(x.z / 6))
        let k = (abs3(wrapped - 3) - 1).clamped(lowerBound: .zero, upperBound: .one)
        let chroma = s * (1 - Swift.abs(2 * l - 1))
        return SIMD3(repeating: l) + chroma * (k - 0.5)
    }

    /// lightAngle° = roll·kRollDegrees + pitch·kPitchDegrees.
    public static func lightAngleDegrees(roll: Double, pitch: Double) -> Double {
        roll * kRollDegrees + pitch * kPitchDegrees
    }

    /// hue = fract(accent + spread·(0.4u + 0.2v + lightAngle/360 + 0.05·sin(0.5t))).
    public static func holographicHue(u: Double, v: Double, lightAngle: Double, time: Double, accentHue: Double) -> Double {
        let drift = kHueAlongU * u + kHueAlongV * v + lightAngle / 360
            + kShimmerAmplitude * ShaderMath.sin(kShimmerRate * time)
        return ShaderMath.fract(accentHue + kHueSpread * drift)
    }

    /// 0.6·max(0, cos((u − ½)π + θ))¹² + 0.12·max(0, cos(1.5(u − ½)π + 0.5 + θ))⁸.
    public static func specularBands(u: Double, lightRad: Double) -> Double {
        let mainBand = max(0, ShaderMath.cos((u - 0.5) * .pi + lightRad))
        let secondBand = max(0, ShaderMath.cos(kSecondarySpecularFrequency * (u - 0.5) * .pi
                                                + kSecondarySpecularPhase + lightRad))
        return kMainSpecularGain * power(mainBand, Int(kMainSpecularPower))
            + kSecondarySpecularGain * power(secondBand, Int(kSecondarySpecularPower))
    }

    /// rgb' = luma + boost·(rgb − luma), luma = (0.299, 0.587, 0.114)·rgb.
    public static func boostSaturation(_ rgb: SIMD3<Double>, boost: Double) -> SIMD3<Double> {
        let luma = (rgb * SIMD3(kLumaRed, kLumaGreen, kLumaBlue)).sum()
        return SIMD3(repeating: luma) + boost * (rgb - luma)
    }

    /// Straight (not premultiplied) colour of the title at (u, v) in the unit text box, 0…1.
    public static func holographicColor(u: Double, v: Double, roll: Double, pitch: Double,
                                        time: Double, accentHue: Double) -> SIMD3<Double> {
        let lightAngle = lightAngleDegrees(roll: roll, pitch: pitch)
        let lightRad = lightAngle * .pi / 180
        let hue = holographicHue(u: u, v: v, lightAngle: lightAngle, time: time, accentHue: accentHue)
        var rgb = hsl2rgb(hue, kSaturation, kLightness) + specularBands(u: u, lightRad: lightRad)
        rgb *= 1 - kVerticalShade * v
        return boostSaturation(rgb, boost: kSaturationBoost).clamped(lowerBound: .zero, upperBound: .one)
    }

    // MARK: Helpers with no Metal counterpart (Metal has abs and pow built in)

    static func abs3(_ x: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(Swift.abs(x.x), Swift.abs(x.y), Swift.abs(x.z))
    }

    /// xⁿ for a small non-negative integer n, by multiplication.
    static func power(_ x: Double, _ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= x }
        return result
    }
}

/// The scalar reference of the `holographicText` Metal function at one point of the text box:
/// straight rgb with alpha 1 (the caller multiplies by glyph coverage). u, v in 0…1 across and down
/// the text box; roll and pitch in radians; time in seconds; accentHue in 0…1.
public func holographicText(u: Float, v: Float, roll: Float, pitch: Float, time: Float, accentHue: Float) -> SIMD4<Float> {
    let rgb = HolographicText.holographicColor(
        u: Double(u), v: Double(v), roll: Double(roll), pitch: Double(pitch),
        time: Double(time), accentHue: Double(accentHue))
    return SIMD4(Float(rgb.x), Float(rgb.y), Float(rgb.z), 1)
}

// ShaderMath: the few math functions the shaders need, without libm.
//
// Scalar reference functions work in Double and aim at full precision: they are what the SIMD
// path is held against. SIMD functions work on `SIMD8<Float>` using only add, multiply, compare,
// select and bit casts, which LLVM keeps in vector registers on every x86-64 and arm64.

public enum ShaderMath {

    // MARK: - Scalar reference (Double)

    /// ⌊x⌋ by truncation toward zero and a step down for negative non-integers. Doubles with
    /// |x| ≥ 2⁵² are already integers, and NaN stays NaN (rather than trapping in Int64(x)).
    @inlinable
    public static func floor(_ x: Double) -> Double {
        guard Swift.abs(x) < 4_503_599_627_370_496 else { return x }
        let truncated = Double(Int64(x))
        return truncated > x ? truncated - 1 : truncated
    }

    /// fract(x) = x − ⌊x⌋, in [0, 1).
    @inlinable
    public static func fract(_ x: Double) -> Double {
        let f = x - floor(x)
        return f < 1 ? f : 0
    }

    /// cos x by reduction to r = x − kπ/2 with |r| ≤ π/4, then Taylor series of sin r or cos r
    /// through r¹⁷ / r¹⁶; the first omitted term is below (π/4)¹⁸/18! ≈ 2·10⁻¹⁸. Argument
    /// reduction in Double loses about |x|·2⁻⁵³, fine for the |x| < 100 the shaders use.
    @inlinable
    public static func cos(_ x: Double) -> Double {
        quarterTurnCos(x, quarterShift: 0)
    }

    /// sin x = cos(x − π/2), done as one more quarter turn in the reduction (no extra rounding).
    @inlinable
    public static func sin(_ x: Double) -> Double {
        quarterTurnCos(x, quarterShift: 3)
    }

    /// cos(x + shift·π/2). With x = kπ/2 + r: cos(x + sπ/2) = cos(r + (k + s)π/2), which cycles
    /// through cos r, −sin r, −cos r, sin r as (k + s) mod 4 = 0, 1, 2, 3.
    @usableFromInline
    static func quarterTurnCos(_ x: Double, quarterShift: Int) -> Double {
        let halfPi = Double.pi / 2
        let k = floor(x / halfPi + 0.5)
        let r = x - k * halfPi
        let r2 = r * r
        // Taylor: cos r = Σ (−1)ⁿ r²ⁿ/(2n)!, sin r = r·Σ (−1)ⁿ r²ⁿ/(2n+1)!, n = 0…8, by Horner.
        var cosSum = 0.0
        var sinSum = 0.0
        for n in stride(from: 8, through: 0, by: -1) {
            cosSum = cosSum * r2 + cosTaylor[n]
            sinSum = sinSum * r2 + sinTaylor[n]
        }
        let cosR = cosSum
        let sinR = r * sinSum
        switch (Int64(k) + Int64(quarterShift)) & 3 {
        case 0: return cosR
        case 1: return -sinR
        case 2: return -cosR
        default: return sinR
        }
    }

    /// (−1)ⁿ/(2n)! and (−1)ⁿ/(2n+1)! for n = 0…8.
    @usableFromInline
    static let cosTaylor: [Double] = (0...8).map { n in taylorSign(n) / factorial(2 * n) }
    @usableFromInline
    static let sinTaylor: [Double] = (0...8).map { n in taylorSign(n) / factorial(2 * n + 1) }

    static func taylorSign(_ n: Int) -> Double { n & 1 == 0 ? 1 : -1 }

    static func factorial(_ n: Int) -> Double {
        (1...Swift.max(n, 1)).reduce(1.0) { $0 * Double($1) }
    }

    // MARK: - SIMD (Float)

    /// 1.5·2²³: adding then subtracting it rounds a Float with |x| < 2²² to the nearest integer
    /// (ties to even), because the sum's ulp is exactly 1.
    @usableFromInline
    static let roundingMagic: Float = 12_582_912

    /// ⌊x⌋ lane by lane for |x| < 2²²: r = round(x); ⌊x⌋ = r − (r > x ? 1 : 0).
    @inlinable @inline(__always)
    public static func floor(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let rounded = (x + roundingMagic) - roundingMagic
        var r = rounded
        for i in 0..<8 { r[i] = rounded[i] > x[i] ? rounded[i] - 1 : rounded[i] }
        return r
    }

    /// fract(x) = x − ⌊x⌋ lane by lane, for |x| < 2²².
    @inlinable @inline(__always)
    public static func fract(_ x: SIMD8<Float>) -> SIMD8<Float> {
        x - floor(x)
    }

    /// |x| by clearing the sign bit.
    @inlinable @inline(__always)
    public static func abs(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF
        return unsafeBitCast(bits, to: SIMD8<Float>.self)
    }

    // Selects are written as per-lane ternaries in a loop of eight: LLVM turns those into single
    // minps/maxps/cmpps instructions, whereas `SIMD.replacing(with:where:)` round-trips its mask
    // through Int32 lanes (two more instructions per select) and the standard library's
    // `clamped`/`pointwiseMin` reach this module as out-of-line calls, one per use (which made the
    // first version of the span 3× slower).

    /// min(x, limit) lane by lane.
    @inlinable @inline(__always)
    public static func min(_ x: SIMD8<Float>, _ limit: Float) -> SIMD8<Float> {
        var r = x
        for i in 0..<8 { r[i] = x[i] > limit ? limit : x[i] }
        return r
    }

    /// max(x, limit) lane by lane.
    @inlinable @inline(__always)
    public static func max(_ x: SIMD8<Float>, _ limit: Float) -> SIMD8<Float> {
        var r = x
        for i in 0..<8 { r[i] = x[i] < limit ? limit : x[i] }
        return r
    }

    /// clamp(x, 0, 1) lane by lane.
    @inlinable @inline(__always)
    public static func saturate(_ x: SIMD8<Float>) -> SIMD8<Float> {
        min(max(x, 0), 1)
    }

    /// Zero-extends eight bytes to eight UInt32 lanes, lane by lane (which LLVM turns into two
    /// unpacks; `SIMD8<UInt32>(truncatingIfNeeded:)` stays a call here).
    @inlinable @inline(__always)
    public static func widen(_ b: SIMD8<UInt8>) -> SIMD8<UInt32> {
        SIMD8(UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]),
              UInt32(b[4]), UInt32(b[5]), UInt32(b[6]), UInt32(b[7]))
    }

    /// max(0, cos x) for |x| < 2²¹, the only part of cosine the specular bands use.
    ///
    /// Reduce: r = x − 2π·round(x/2π), so |r| ≤ π. Where |r| ≥ π/2, cos r ≤ 0 and the result is 0,
    /// so y = min(|r|, π/2) and the even polynomial below only has to be good on [0, π/2]:
    ///   cos y ≈ 1 − y²/2 + y⁴/24 − y⁶/720 + y⁸/40320 − y¹⁰/3628800
    /// (Taylor through y¹⁰; truncation ≤ (π/2)¹²/12! ≈ 4.7·10⁻⁷). Measured max |error| against
    /// Foundation's cos over [−20, 20] in steps of 0.0007: 5.6·10⁻⁷ (ShaderMathTests holds it
    /// under 1·10⁻⁶). In the specular terms that is at most 12·5.6·10⁻⁷·0.6 ≈ 4·10⁻⁶, far below 1/255.
    @inlinable @inline(__always)
    public static func positiveCos(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let inverseTwoPi: Float = 0.159_154_94
        let twoPiHigh: Float = 6.283_185_5        // 2π rounded to Float
        let twoPiLow: Float = -1.748_455_6e-7     // 2π − twoPiHigh (Cody–Waite split)
        let turns = ((x * inverseTwoPi) + roundingMagic) - roundingMagic
        let r = (x - turns * twoPiHigh) - turns * twoPiLow
        let y = min(abs(r), Float.pi / 2)
        let y2 = y * y
        var p = SIMD8<Float>(repeating: -1 / 3_628_800)
        p = p * y2 + 1 / 40_320
        p = p * y2 - 1 / 720
        p = p * y2 + 1 / 24
        p = p * y2 - 0.5
        p = p * y2 + 1
        return max(p, 0)   // p ≤ 1 on [0, π/2]: the alternating terms shrink
    }

    /// One channel of the hue ramp shared by HSL and HSB, for x = 6h + offset in [0, 12):
    ///   k = clamp(|(x mod 6) − 3| − 1, 0, 1),  offset 0, 4, 2 for red, green, blue.
    /// The mod is a select (subtract 6 where x ≥ 6), since x never reaches 12.
    @_transparent  // @inline(__always) left it a call: 9.4 vs 8.4 ns per pixel in the span
    public static func hueRamp(_ x: SIMD8<Float>) -> SIMD8<Float> {
        var wrapped = x
        for i in 0..<8 { wrapped[i] = x[i] >= 6 ? x[i] - 6 : x[i] }
        return saturate(abs(wrapped - 3) - 1)
    }

    /// x⁸ by repeated squaring: ((x²)²)².
    @inlinable @inline(__always)
    public static func pow8(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let x2 = x * x
        let x4 = x2 * x2
        return x4 * x4
    }

    /// x¹² = x⁸·x⁴ by repeated squaring.
    @inlinable @inline(__always)
    public static func pow12(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let x2 = x * x
        let x4 = x2 * x2
        return x4 * x4 * x4
    }

    /// Rounds lanes in [0, 2²²) to the nearest integer (ties to even) and returns them as integers:
    /// after adding 2²³ the integer sits in the low 23 mantissa bits.
    @inlinable @inline(__always)
    public static func roundToUInt32(_ x: SIMD8<Float>) -> SIMD8<UInt32> {
        unsafeBitCast(x + 8_388_608, to: SIMD8<UInt32>.self) & 0x007F_FFFF
    }

    /// Exact UInt8 → Float lane conversion: 2²³ + n has n in its mantissa.
    @inlinable @inline(__always)
    public static func float(_ bytes: SIMD8<UInt8>) -> SIMD8<Float> {
        let bits = widen(bytes) | 0x4B00_0000
        return unsafeBitCast(bits, to: SIMD8<Float>.self) - 8_388_608
    }
}

// Lanes: the compiled path's storage. A block of `MSLLanes.width` pixels runs together; every
// scalar component of every value (a variable's, a constant's, a temporary's) is one *slot*: a
// run of `width` Floats, `width / 8` SIMD8 vectors. A vector value is a list of slots, one per
// component, so swizzles, splats, constructors and constants cost nothing when running: they are
// lists of slot numbers chosen when compiling.
//
// Why this shape: the closures the compiler builds are called once per block, not once per pixel,
// so their call overhead (a few ns) is spread over `width` pixels, and each one's loop is over
// SIMD8 vectors the optimizer keeps in registers. The width trades long rows against the short
// glyph spans a title is shaded in (a block is run whole even for a 3-pixel span). Measured
// (release, taskset -c 0, this 2-core x86-64; HOLOMSL_BENCH=1 and HOLOFRAME_BENCH=1 swift test -c
// release -Xswiftc -enable-testing --filter "CompiledBenchmark|titlesFrameTimeBothWays"):
//
//   width   holographicText, 1170-px rows   titles frame 0 at 3x, compiled vs hand port
//   16      87 ns/px                         13.97 vs 10.26 ms (1.36×)
//   32      66 ns/px                         15.57 vs 10.41 ms (1.50×)
//   64      58 ns/px                         20.14 vs 10.53 ms (1.91×, before arguments were cached)
//
// (The hand port is 6.8 ns/px on the same rows.) 16 it is: frames are what the budget counts.
//
// Every value is a Float, whatever its MSL type: int and uint as whole-numbered Floats (exact to
// 2²⁴; division truncates), bool as 0 or 1, half as a Float rounded to half precision where it is
// converted to half. Masks are slots of 0/1 Floats; slot 0 is the execution mask (`exec`): the
// lanes that are running the current statement. Stores write only those lanes; everything else
// computes every lane (expressions have no side effects, and Floats do not trap).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum MSLLanes {
    /// Pixels per block.
    public static let width = 16
    /// SIMD8 vectors per slot.
    static let vectors = width / 8
}

typealias Lane8 = SIMD8<Float>

/// One block's storage and the state of its execution mask.
/// Used by one thread at a time: taken from and returned to its effect's pool under a lock.
final class Machine: @unchecked Sendable {
    let base: UnsafeMutablePointer<Lane8>
    let slotCount: Int
    /// Some lane of `exec` is on.
    var anyOn = true
    /// Every lane of `exec` is on (stores need no mask).
    var allOn = true
    /// The layer a layer effect samples, in points: writes premultiplied rgba of `count` points.
    var sampler: ((UnsafePointer<Float>, UnsafePointer<Float>, Int, UnsafeMutablePointer<Float>) -> Void)?
    /// The arguments the uniform slots were last computed for (a renderer calls once per span,
    /// often hundreds of times a frame with the same arguments).
    var arguments: [Float]?

    init(slots: Int) {
        slotCount = slots
        base = .allocate(capacity: slots * MSLLanes.vectors)
        base.initialize(repeating: .zero, count: slots * MSLLanes.vectors)
    }

    deinit { base.deallocate() }

    @inline(__always) func slot(_ s: Int) -> UnsafeMutablePointer<Lane8> { base + s * MSLLanes.vectors }

    /// Recomputes `anyOn` and `allOn` after slot 0 changed.
    @inline(__always) func refreshMask() {
        // Lanes are 0 or 1: any on when the sum is positive, all on when it is the width.
        var total = Lane8.zero
        let p = base
        for k in 0..<MSLLanes.vectors { total += p[k] }
        let sum = (total[0] + total[1]) + (total[2] + total[3]) + (total[4] + total[5]) + (total[6] + total[7])
        anyOn = sum > 0
        allOn = sum == Float(MSLLanes.width)
    }

    func fill(_ s: Int, _ value: Float) {
        let p = slot(s)
        for k in 0..<MSLLanes.vectors { p[k] = Lane8(repeating: value) }
    }
}

// MARK: Per-slot loops (the closures' bodies)

@inline(__always)
func lanes1(_ m: Machine, _ d: Int, _ a: Int, _ f: (Lane8) -> Lane8) {
    let dp = m.slot(d), ap = m.slot(a)
    for k in 0..<MSLLanes.vectors { dp[k] = f(ap[k]) }
}

@inline(__always)
func lanes2(_ m: Machine, _ d: Int, _ a: Int, _ b: Int, _ f: (Lane8, Lane8) -> Lane8) {
    let dp = m.slot(d), ap = m.slot(a), bp = m.slot(b)
    for k in 0..<MSLLanes.vectors { dp[k] = f(ap[k], bp[k]) }
}

@inline(__always)
func lanes3(_ m: Machine, _ d: Int, _ a: Int, _ b: Int, _ c: Int, _ f: (Lane8, Lane8, Lane8) -> Lane8) {
    let dp = m.slot(d), ap = m.slot(a), bp = m.slot(b), cp = m.slot(c)
    for k in 0..<MSLLanes.vectors { dp[k] = f(ap[k], bp[k], cp[k]) }
}

/// A libm function lane by lane (no SIMD form in the standard library).
@inline(__always)
func eachLane(_ x: Lane8, _ f: (Float) -> Float) -> Lane8 {
    var r = Lane8()
    for i in 0..<8 { r[i] = f(x[i]) }
    return r
}

@inline(__always)
func eachLane(_ x: Lane8, _ y: Lane8, _ f: (Float, Float) -> Float) -> Lane8 {
    var r = Lane8()
    for i in 0..<8 { r[i] = f(x[i], y[i]) }
    return r
}

typealias Bits8 = SIMD8<UInt32>
typealias Mask8 = SIMDMask<SIMD8<Int32>>

@inline(__always) func bits(_ x: Lane8) -> Bits8 { unsafeBitCast(x, to: Bits8.self) }
@inline(__always) func float(_ b: Bits8) -> Lane8 { unsafeBitCast(b, to: Lane8.self) }
@inline(__always) func bits(_ m: Mask8) -> Bits8 { unsafeBitCast(m, to: Bits8.self) }

/// 0/1 from a comparison (1.0 is 0x3F800000).
@inline(__always) func truth(_ m: Mask8) -> Lane8 { float(bits(m) & 0x3F80_0000) }
/// a where m, else b, by bit masks (SSE2 has no blend).
@inline(__always) func choose(_ m: Mask8, _ a: Lane8, _ b: Lane8) -> Lane8 {
    let k = bits(m)
    return float((bits(a) & k) | (bits(b) & ~k))
}

@inline(__always) func abs(_ x: Lane8) -> Lane8 { float(bits(x) & 0x7FFF_FFFF) }

/// Round to nearest, ties to even: |x| + 2²³ − 2²³ leaves no fraction bits when |x| < 2²³, and
/// Floats at or above 2²³ (and ±∞, NaN) are already whole.
@inline(__always) func roundEven(_ x: Lane8) -> Lane8 {
    let a = abs(x)
    let r = (a + 8_388_608) - 8_388_608
    let signed = float(bits(r) | (bits(x) & 0x8000_0000))
    return choose(a .< 8_388_608, signed, x)
}
@inline(__always) func floor8(_ x: Lane8) -> Lane8 { let r = roundEven(x); return r - truth(r .> x) }
@inline(__always) func ceil8(_ x: Lane8) -> Lane8 { let r = roundEven(x); return r + truth(r .< x) }
@inline(__always) func trunc8(_ x: Lane8) -> Lane8 {
    let a = abs(x)
    var t = roundEven(a)
    t = t - truth(t .> a)
    return float(bits(t) | (bits(x) & 0x8000_0000))
}
/// Half away from zero, as Metal's round.
@inline(__always) func round8(_ x: Lane8) -> Lane8 {
    let a = abs(x)
    var t = trunc8(a + 0.5)
    t = choose(a .< 8_388_608, t, a)
    return float(bits(t) | (bits(x) & 0x8000_0000))
}

/// Rounds to the nearest half-precision value (ties to even), in the normal range of half:
/// keep 10 of Float's 23 fraction bits. Magnitudes past half's largest finite value become ±∞;
/// below its smallest normal (6.1e-5) more precision is kept than a half would (harmless).
@inline(__always)
func roundToHalf(_ x: Lane8) -> Lane8 {
    let b = bits(x)
    let lsb = (b &>> 13) & 1
    let rounded = float((b &+ 0xFFF &+ lsb) & ~UInt32(0x1FFF))
    let infinity = float((b & 0x8000_0000) | 0x7F80_0000)
    let finite = choose(abs(x) .< 65520, rounded, infinity)
    return choose(x .== x, finite, x)
}

/// xⁿ for a whole n ≥ 0, by squaring: x¹² = x⁸·x⁴.
@inline(__always)
func powWhole(_ x: Lane8, _ n: Int) -> Lane8 {
    var result = Lane8(repeating: 1), base = x, e = n
    while e > 0 {
        if e & 1 == 1 { result *= base }
        e >>= 1
        if e > 0 { base *= base }
    }
    return result
}

// The standard library's pointwiseMin/Max are generic and were not inlined into the closures
// (perf: 11 % of the holographic title's time in their calls); these are two compares and masks.
@inline(__always) func min8(_ a: Lane8, _ b: Lane8) -> Lane8 { choose(b .< a, b, a) }
@inline(__always) func max8(_ a: Lane8, _ b: Lane8) -> Lane8 { choose(b .> a, b, a) }

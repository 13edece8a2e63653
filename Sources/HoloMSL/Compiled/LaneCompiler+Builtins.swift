// LaneCompiler, metal_stdlib functions over lanes. Rounding, min/max, clamp, mix, step,
// smoothstep and the like are SIMD arithmetic; transcendental functions call Glibc's Float
// versions lane by lane (`eachLane`), which are correctly rounded to within an ulp or two —
// far inside the 1-level bound — and were fast enough that no approximation was needed.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LaneCompiler {

    mutating func builtin(_ f: Builtin, _ d: [Int], _ a: [[Int]]) {
        let x = a[0]
        let y = a.count > 1 ? a[1] : []
        let z = a.count > 2 ? a[2] : []
        switch f {
        case .sin: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, sinf) } } }
        case .cos: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, cosf) } } }
        case .tan: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, tanf) } } }
        case .asin: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, asinf) } } }
        case .acos: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, acosf) } } }
        case .atan: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, atanf) } } }
        case .sinh: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, sinhf) } } }
        case .cosh: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, coshf) } } }
        case .tanh: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, tanhf) } } }
        case .exp: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, expf) } } }
        case .exp2: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, exp2f) } } }
        case .log: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, logf) } } }
        case .log2: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, log2f) } } }
        case .log10: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { eachLane($0, log10f) } } }
        case .atan2: emit { m in for c in 0..<d.count { lanes2(m, d[c], x[c], y[c]) { eachLane($0, $1, atan2f) } } }
        case .pow:
            // xⁿ for a whole constant n from 0 to 16 by repeated squaring (within an ulp or two of
            // powf, and several times faster); any other exponent through powf.
            if let n = y.first.flatMap({ constantValues[$0] }), y.allSatisfy({ constantValues[$0] == n }),
               n == n.rounded(), n >= 0, n <= 16 {
                let k = Int(n)
                emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { powWhole($0, k) } } }
            } else {
                emit { m in for c in 0..<d.count { lanes2(m, d[c], x[c], y[c]) { eachLane($0, $1, powf) } } }
            }
        case .sqrt: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { $0.squareRoot() } } }
        case .rsqrt: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { 1 / $0.squareRoot() } } }
        case .abs: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { abs($0) } } }
        case .sign: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { truth($0 .> 0) - truth($0 .< 0) } } }
        case .floor: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { floor8($0) } } }
        case .ceil: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { ceil8($0) } } }
        case .round: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { round8($0) } } }
        case .trunc: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { trunc8($0) } } }
        // fract(x) = x − ⌊x⌋, kept below 1 (x slightly below an integer would round to 1).
        case .fract: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { min8($0 - floor8($0), Lane8(repeating: 0x1.fffffep-1)) } } }
        // fmod(x, y) = x − y·trunc(x/y).
        case .fmod: emit { m in for c in 0..<d.count { lanes2(m, d[c], x[c], y[c]) { $0 - $1 * trunc8($0 / $1) } } }
        case .min: emit { m in for c in 0..<d.count { lanes2(m, d[c], x[c], y[c]) { min8($0, $1) } } }
        case .max: emit { m in for c in 0..<d.count { lanes2(m, d[c], x[c], y[c]) { max8($0, $1) } } }
        case .clamp: emit { m in for c in 0..<d.count { lanes3(m, d[c], x[c], y[c], z[c]) { min8(max8($0, $1), $2) } } }
        case .saturate: emit { m in for c in 0..<d.count { lanes1(m, d[c], x[c]) { min8(max8($0, .zero), .one) } } }
        // mix(a, b, t) = a + (b − a)·t.
        case .mix: emit { m in for c in 0..<d.count { lanes3(m, d[c], x[c], y[c], z[c]) { $0 + ($1 - $0) * $2 } } }
        // step(edge, x) = x < edge ? 0 : 1.
        case .step: emit { m in for c in 0..<d.count { lanes2(m, d[c], x[c], y[c]) { 1 - truth($1 .< $0) } } }
        // smoothstep: t = clamp((x − e0)/(e1 − e0), 0, 1); t²(3 − 2t).
        case .smoothstep:
            emit { m in
                for c in 0..<d.count {
                    lanes3(m, d[c], x[c], y[c], z[c]) { e0, e1, v in
                        let t = min8(max8((v - e0) / (e1 - e0), .zero), .one)
                        return t * t * (3 - 2 * t)
                    }
                }
            }
        // select(a, b, c) = c ? b : a.
        case .select: emit { m in for c in 0..<d.count { lanes3(m, d[c], x[c], y[c], z[c]) { choose($2 .!= 0, $1, $0) } } }
        case .fma: emit { m in for c in 0..<d.count { lanes3(m, d[c], x[c], y[c], z[c]) { $0 * $1 + $2 } } }
        case .dot: sumOfProducts(d[0], Array(zip(x, y)))
        case .length:
            sumOfProducts(d[0], Array(zip(x, x)))
            let r = d[0]
            emit { m in lanes1(m, r, r) { $0.squareRoot() } }
        case .distance:
            let difference = scratch(x.count)
            emit { m in for c in 0..<x.count { lanes2(m, difference[c], x[c], y[c]) { $0 - $1 } } }
            sumOfProducts(d[0], Array(zip(difference, difference)))
            let r = d[0]
            emit { m in lanes1(m, r, r) { $0.squareRoot() } }
        case .normalize:
            let inverse = scratch(1)[0]
            sumOfProducts(inverse, Array(zip(x, x)))
            emit { m in
                lanes1(m, inverse, inverse) { 1 / $0.squareRoot() }
                for c in 0..<d.count { lanes2(m, d[c], x[c], inverse) { $0 * $1 } }
            }
        case .cross:
            // (x₁y₂ − x₂y₁, x₂y₀ − x₀y₂, x₀y₁ − x₁y₀)
            emit { m in
                for (i, j, k) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)] {
                    let dp = m.slot(d[i]), xj = m.slot(x[j]), xk = m.slot(x[k]), yj = m.slot(y[j]), yk = m.slot(y[k])
                    for v in 0..<MSLLanes.vectors { dp[v] = xj[v] * yk[v] - xk[v] * yj[v] }
                }
            }
        case .all:
            emit { m in
                m.fill(d[0], 1)
                for c in 0..<x.count { lanes2(m, d[0], d[0], x[c]) { $0 * $1 } }
            }
        case .any:
            emit { m in
                m.fill(d[0], 0)
                for c in 0..<x.count { lanes2(m, d[0], d[0], x[c]) { max8($0, $1) } }
            }
        }
    }
}

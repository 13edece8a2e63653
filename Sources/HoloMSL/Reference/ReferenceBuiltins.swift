// Reference evaluator, metal_stdlib functions in Double, written the way the Metal Shading
// Language specification defines them (fmod(x, y) = x − y·trunc(x/y), fract(x) = x − ⌊x⌋,
// smoothstep = t²(3 − 2t) with t = clamp((x − e0)/(e1 − e0), 0, 1), select(a, b, c) = c ? b : a …).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ReferenceEvaluator {

    func builtin(_ f: Builtin, _ a: [[Double]], _ t: MSLType) -> [Double] {
        let n = a[0].count
        func each1(_ g: (Double) -> Double) -> [Double] { a[0].map(g) }
        func each2(_ g: (Double, Double) -> Double) -> [Double] { (0..<n).map { g(a[0][$0], a[1][$0]) } }
        func each3(_ g: (Double, Double, Double) -> Double) -> [Double] { (0..<n).map { g(a[0][$0], a[1][$0], a[2][$0]) } }
        func dot(_ x: [Double], _ y: [Double]) -> Double { zip(x, y).reduce(0) { $0 + $1.0 * $1.1 } }
        switch f {
        case .sin: return each1(sin)
        case .cos: return each1(cos)
        case .tan: return each1(tan)
        case .asin: return each1(asin)
        case .acos: return each1(acos)
        case .atan: return each1(atan)
        case .atan2: return each2(atan2)
        case .sinh: return each1(sinh)
        case .cosh: return each1(cosh)
        case .tanh: return each1(tanh)
        case .pow: return each2(pow)
        case .exp: return each1(exp)
        case .exp2: return each1(exp2)
        case .log: return each1(log)
        case .log2: return each1(log2)
        case .log10: return each1(log10)
        case .sqrt: return each1 { $0.squareRoot() }
        case .rsqrt: return each1 { 1 / $0.squareRoot() }
        case .abs: return each1 { Swift.abs($0) }
        case .sign: return each1 { $0 > 0 ? 1 : $0 < 0 ? -1 : 0 }
        case .floor: return each1 { $0.rounded(.down) }
        case .ceil: return each1 { $0.rounded(.up) }
        case .round: return each1 { $0.rounded(.toNearestOrAwayFromZero) }
        case .trunc: return each1 { $0.rounded(.towardZero) }
        case .fract: return each1 { $0 - $0.rounded(.down) }
        case .fmod: return each2 { x, y in x - y * (x / y).rounded(.towardZero) }
        case .min: return each2 { Swift.min($0, $1) }
        case .max: return each2 { Swift.max($0, $1) }
        case .clamp: return each3 { x, lo, hi in Swift.min(Swift.max(x, lo), hi) }
        case .mix: return each3 { x, y, s in x + (y - x) * s }
        case .step: return each2 { edge, x in x < edge ? 0 : 1 }
        case .smoothstep:
            return each3 { e0, e1, x in
                let s = Swift.min(Swift.max((x - e0) / (e1 - e0), 0), 1)
                return s * s * (3 - 2 * s)
            }
        case .saturate: return each1 { Swift.min(Swift.max($0, 0), 1) }
        case .select: return each3 { x, y, c in c != 0 ? y : x }
        case .fma: return each3 { $0 * $1 + $2 }
        case .dot: return [dot(a[0], a[1])]
        case .length: return [dot(a[0], a[0]).squareRoot()]
        case .distance:
            let d = (0..<n).map { a[0][$0] - a[1][$0] }
            return [dot(d, d).squareRoot()]
        case .normalize:
            let l = dot(a[0], a[0]).squareRoot()
            return a[0].map { $0 / l }
        case .cross:
            let (x, y) = (a[0], a[1])
            return [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]]
        case .all: return [a[0].allSatisfy { $0 != 0 } ? 1 : 0]
        case .any: return [a[0].contains { $0 != 0 } ? 1 : 0]
        }
    }
}

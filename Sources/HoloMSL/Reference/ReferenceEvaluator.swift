// Reference evaluator: the checked program walked as a tree, one pixel at a time, every value a
// list of Doubles. Slow and obvious on purpose; the compiled lanes (Compiled/) are held to it.
// It shares nothing with the compiled path but the checked tree: its own operators, its own
// math (Glibc's Double functions), its own control flow (Swift's, through `Flow`).
//
// `half` is evaluated in Double like everything else (no rounding): the bound the compiled path
// must meet is "within 1 level per 8-bit channel of a Double evaluation of the same source".

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HoloStop

public enum Reference {}

extension Reference {

    /// Samples a layer at a position in points: premultiplied rgba, 0…1.
    public typealias LayerSampler = (Double, Double) -> [Double]

    /// Evaluates `entry` at one point: a colour effect's or layer effect's premultiplied rgba, or a
    /// distortion's source position. `color` is the premultiplied input colour (colour effects).
    public static func evaluate(_ entry: MSLEntry, position: (Double, Double), color: [Double] = [1, 1, 1, 1],
                                layer: LayerSampler? = nil, arguments: [[Double]]) -> [Double] {
        var evaluator = ReferenceEvaluator(program: entry.library.program, layer: layer)
        var parameters: [[Double]] = [[position.0, position.1]]
        switch entry.kind {
        case .color: parameters.append(color)
        case .layer: parameters.append([])
        case .distortion: break
        }
        for (a, t) in zip(arguments, entry.argumentTypes) { parameters.append(a.map { convert($0, to: t.scalar) }) }
        return evaluator.call(entry.function, parameters)
    }

    /// A colour effect's premultiplied RGBA8 at one point, as the compiled path writes it:
    /// each channel clamped to 0…1, times 255, rounded to nearest.
    public static func colorEffectRGBA8(_ entry: MSLEntry, position: (Double, Double), color: [Double],
                                        arguments: [[Double]]) -> [UInt8] {
        evaluate(entry, position: position, color: color, arguments: arguments).map { byte($0) }
    }

    static func byte(_ x: Double) -> UInt8 {
        let c = x.isNaN ? 0 : Swift.min(Swift.max(x, 0), 1)
        return UInt8((c * 255).rounded(.toNearestOrAwayFromZero))
    }

    /// The 32-bit pattern of an integer value (wrapping, as the GPU's 32-bit registers do).
    static func bits(_ v: Double) -> UInt32 {
        guard v.isFinite else { return 0 }
        return UInt32(truncatingIfNeeded: Int64(min(max(v, -9.2e18), 9.2e18)))
    }

    /// A 32-bit pattern read as `s`: unsigned for uint, two's complement for int.
    static func integer(_ b: UInt32, _ s: MSLType.Scalar) -> Double {
        s == .uint ? Double(b) : Double(Int32(bitPattern: b))
    }

    static func convert(_ v: Double, to s: MSLType.Scalar) -> Double {
        switch s {
        case .bool: return v != 0 ? 1 : 0
        case .int, .uint: return v.isFinite ? v.rounded(.towardZero) : 0
        case .half, .float: return v
        }
    }
}

/// How a statement ended.
enum Flow { case normal, breakLoop, continueLoop, returned([Double]) }

struct ReferenceEvaluator {
    let program: TProgram
    let layer: Reference.LayerSampler?
    var globals: [[Double]] = []
    /// Locals of the function being run.
    var locals: [[Double]] = []

    init(program: TProgram, layer: Reference.LayerSampler?) {
        self.program = program
        self.layer = layer
        for g in program.globals { globals.append(value(g.value)) }
    }

    mutating func call(_ f: Int, _ arguments: [[Double]]) -> [Double] {
        let function = program.functions[f]
        let saved = locals
        locals = function.localTypes.map { Array(repeating: 0, count: $0.componentCount) }
        for (i, a) in arguments.enumerated() { locals[i] = a }
        var result = Array(repeating: 0.0, count: function.returnType.componentCount)
        if case .returned(let r) = run(function.body) { result = r }
        locals = saved
        return result
    }

    mutating func run(_ statements: [TStmt]) -> Flow {
        for s in statements {
            let flow = run(s)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    mutating func run(_ s: TStmt) -> Flow {
        switch s {
        case .store(let local, let components, let e):
            let v = value(e)
            for (i, c) in components.enumerated() { locals[local][c] = v[i] }
            return .normal
        case .ifElse(let condition, let then, let otherwise):
            return value(condition)[0] != 0 ? run(then) : run(otherwise)
        case .loop(let condition, let body, let step, let checkFirst, let limit, _):
            var trips = 0
            while trips < limit {
                if trips & 63 == 0, FrameWatch.shouldStop() { break }
                if let condition, checkFirst || trips > 0, value(condition)[0] == 0 { break }
                switch run(body) {
                case .breakLoop: return .normal
                case .returned(let r): return .returned(r)
                case .normal, .continueLoop: break
                }
                _ = run(step)
                trips += 1
            }
            return .normal
        case .breakLoop: return .breakLoop
        case .continueLoop: return .continueLoop
        case .returnValue(let e): return .returned(e.map { value($0) } ?? [])
        }
    }

    mutating func value(_ e: TExpr) -> [Double] {
        switch e {
        case .constant(let v, _): return v
        case .variable(.local(let i), _): return locals[i]
        case .variable(.global(let i), _): return globals[i]
        case .components(let base, let picked, _):
            let b = value(base)
            return picked.map { b[$0] }
        case .convert(let inner, let t): return value(inner).map { Reference.convert($0, to: t.scalar) }
        case .splat(let inner, let t): return Array(repeating: value(inner)[0], count: t.componentCount)
        case .concat(let parts, _): return parts.flatMap { value($0) }
        case .unary(.negate, let inner, _): return value(inner).map { -$0 }
        case .unary(.not, let inner, _): return value(inner).map { $0 == 0 ? 1 : 0 }
        case .unary(.bitNot, let inner, let t): return value(inner).map { Reference.integer(~Reference.bits($0), t.scalar) }
        case .binary(let op, let a, let b, let t): return binary(op, value(a), value(b), a.type, b.type, t)
        case .select(let c, let a, let b, _): return value(c)[0] != 0 ? value(a) : value(b)
        case .builtin(let f, let args, let t): return builtin(f, args.map { value($0) }, t)
        case .call(let f, let args, _):
            let values = args.map { value($0) }
            return call(f, values)
        case .sample(let p, _):
            let q = value(p)
            return layer?(q[0], q[1]) ?? [0, 0, 0, 0]
        }
    }

    func binary(_ op: BinaryOp, _ a: [Double], _ b: [Double], _ ta: MSLType, _ tb: MSLType, _ t: MSLType) -> [Double] {
        let integer = !ta.scalar.isFloating
        func each(_ f: (Double, Double) -> Double) -> [Double] { zip(a, b).map(f) }
        switch op {
        case .add: return each(+)
        case .subtract: return each(-)
        case .multiply: return each(*)
        case .divide:
            return each { x, y in
                if integer { return y == 0 ? 0 : (x / y).rounded(.towardZero) }
                return x / y
            }
        case .remainder: return each { x, y in y == 0 ? 0 : x - y * (x / y).rounded(.towardZero) }
        case .less: return each { $0 < $1 ? 1 : 0 }
        case .lessEqual: return each { $0 <= $1 ? 1 : 0 }
        case .greater: return each { $0 > $1 ? 1 : 0 }
        case .greaterEqual: return each { $0 >= $1 ? 1 : 0 }
        case .equal: return each { $0 == $1 ? 1 : 0 }
        case .notEqual: return each { $0 != $1 ? 1 : 0 }
        case .and: return each { $0 != 0 && $1 != 0 ? 1 : 0 }
        case .or: return each { $0 != 0 || $1 != 0 ? 1 : 0 }
        case .bitAnd: return each { Reference.integer(Reference.bits($0) & Reference.bits($1), t.scalar) }
        case .bitOr: return each { Reference.integer(Reference.bits($0) | Reference.bits($1), t.scalar) }
        case .bitXor: return each { Reference.integer(Reference.bits($0) ^ Reference.bits($1), t.scalar) }
        case .shiftLeft: return each { Reference.integer(Reference.bits($0) << (Reference.bits($1) & 31), t.scalar) }
        case .shiftRight:
            return each { x, y in
                let n = Reference.bits(y) & 31
                if t.scalar == .uint { return Reference.integer(Reference.bits(x) >> n, .uint) }
                return Double(Int32(bitPattern: Reference.bits(x)) >> Int32(n))
            }
        case .matrixTimesVector:
            // (M·v)_r = Σ_c M[c][r]·v_c
            return (0..<ta.rows).map { r in (0..<ta.columns).reduce(0.0) { $0 + a[$1 * ta.rows + r] * b[$1] } }
        case .vectorTimesMatrix:
            // (v·M)_c = Σ_r v_r·M[c][r]
            return (0..<tb.columns).map { c in (0..<tb.rows).reduce(0.0) { $0 + a[$1] * b[c * tb.rows + $1] } }
        case .matrixTimesMatrix:
            // (A·B)[c][r] = Σ_k A[k][r]·B[c][k]
            var out: [Double] = []
            for c in 0..<tb.columns {
                for r in 0..<ta.rows {
                    out.append((0..<ta.columns).reduce(0.0) { $0 + a[$1 * ta.rows + r] * b[c * tb.rows + $1] })
                }
            }
            return out
        }
    }
}

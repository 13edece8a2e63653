// LaneCompiler, expressions: each returns the slots its value is in. Constants, variables,
// swizzles, splats, constructors and widening conversions only rename slots; operators and
// functions allocate their result first, then compile their operands above it, then emit one op.

extension LaneCompiler {

    mutating func operand(_ e: TExpr) -> [Int] {
        switch e {
        case .constant(let v, let t): return v.map { constant($0, t.scalar) }
        case .variable(.local(let i), _): return locals[i]
        case .variable(.global(let i), _): return globalSlots[i]
        case .components(let base, let picked, _):
            let b = operand(base)
            return picked.map { b[$0] }
        case .splat(let inner, let t): return Array(repeating: operand(inner)[0], count: t.componentCount)
        case .concat(let parts, _):
            var out: [Int] = []
            for p in parts { out += operand(p) }
            return out
        case .convert(let inner, let t): return convert(inner, to: t)
        case .unary(let op, let inner, let t):
            return computed(t.componentCount, { c in [c.operand(inner)] }) { c, d, inputs in
                let a = inputs[0]
                switch op {
                case .negate: c.emit { m in for i in 0..<d.count { lanes1(m, d[i], a[i]) { -$0 } } }
                case .not: c.emit { m in for i in 0..<d.count { lanes1(m, d[i], a[i]) { 1 - $0 } } }
                case .bitNot:
                    let unsigned = t.scalar == .uint
                    c.emit { m in for i in 0..<d.count { lanes1(m, d[i], a[i]) { integerLanes($0, $0, unsigned: unsigned) { x, _ in ~x } } } }
                }
            }
        case .binary(let op, let x, let y, let t):
            return computed(t.componentCount, { c in [c.operand(x), c.operand(y)] }) { c, d, inputs in
                c.binary(op, d, inputs[0], inputs[1], x.type, y.type)
            }
        case .select(let condition, let x, let y, let t):
            return computed(t.componentCount, { c in [c.operand(condition), c.operand(x), c.operand(y)] }) { c, d, inputs in
                let (k, a, b) = (inputs[0][0], inputs[1], inputs[2])
                c.emit { m in for i in 0..<d.count { lanes3(m, d[i], k, a[i], b[i]) { choose($0 .!= 0, $1, $2) } } }
            }
        case .builtin(let f, let args, let t):
            return computed(t.componentCount, { c in args.map { c.operand($0) } }) { c, d, inputs in
                c.builtin(f, d, inputs)
            }
        case .call(let f, let args, let t):
            if straightLine[f] {
                // No masks, no result copy: the returned value's slots, freed with the statement's.
                let a = args.map { operand($0) }
                return function(f, arguments: a, result: nil)
            }
            let d = allocate(t.componentCount)
            let mark = top
            let a = args.map { operand($0) }
            _ = function(f, arguments: a, result: d)
            top = mark
            return d
        case .sample(let position, _):
            let d = allocate(4)
            let mark = top
            let p = operand(position)
            emit { m in
                guard let sampler = m.sampler else { for s in d { m.fill(s, 0) }; return }
                let out = UnsafeMutableRawPointer(m.slot(d[0])).assumingMemoryBound(to: Float.self)
                let x = UnsafeRawPointer(m.slot(p[0])).assumingMemoryBound(to: Float.self)
                let y = UnsafeRawPointer(m.slot(p[1])).assumingMemoryBound(to: Float.self)
                sampler(x, y, MSLLanes.width, out)
            }
            top = mark
            return d
        }
    }

    /// Scalar-type conversions: to float (and int → half inside its range) rename; the rest compute.
    mutating func convert(_ inner: TExpr, to t: MSLType) -> [Int] {
        let from = inner.type.scalar
        switch t.scalar {
        case .float: return operand(inner)
        case .half where from == .half: return operand(inner)
        case .int where !from.isFloating, .uint where !from.isFloating: return operand(inner)
        case .bool where from == .bool: return operand(inner)
        default: break
        }
        return computed(t.componentCount, { c in [c.operand(inner)] }) { c, d, inputs in
            let a = inputs[0]
            switch t.scalar {
            case .int, .uint: c.emit { m in for i in 0..<d.count { lanes1(m, d[i], a[i]) { trunc8($0) } } }
            case .bool: c.emit { m in for i in 0..<d.count { lanes1(m, d[i], a[i]) { truth($0 .!= 0) } } }
            default: c.emit { m in for i in 0..<d.count { lanes1(m, d[i], a[i]) { roundToHalf($0) } } }
            }
        }
    }

    mutating func binary(_ op: BinaryOp, _ d: [Int], _ a: [Int], _ b: [Int], _ ta: MSLType, _ tb: MSLType) {
        let integer = !ta.scalar.isFloating
        switch op {
        case .add: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { $0 + $1 } } }
        case .subtract: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { $0 - $1 } } }
        case .multiply: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { $0 * $1 } } }
        case .divide:
            if integer {
                emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { choose($1 .== 0, .zero, trunc8($0 / $1)) } } }
            } else {
                emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { $0 / $1 } } }
            }
        case .remainder:
            emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { choose($1 .== 0, .zero, $0 - $1 * trunc8($0 / $1)) } } }
        case .less: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { truth($0 .< $1) } } }
        case .lessEqual: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { truth($0 .<= $1) } } }
        case .greater: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { truth($0 .> $1) } } }
        case .greaterEqual: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { truth($0 .>= $1) } } }
        case .equal: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { truth($0 .== $1) } } }
        case .notEqual: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { truth($0 .!= $1) } } }
        case .and: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { $0 * $1 } } }
        case .or: emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { max8($0, $1) } } }
        case .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight:
            let unsigned = ta.scalar == .uint
            let f: @Sendable (UInt32, UInt32) -> UInt32
            switch op {
            case .bitAnd: f = { $0 & $1 }
            case .bitOr: f = { $0 | $1 }
            case .bitXor: f = { $0 ^ $1 }
            case .shiftLeft: f = { x, n in x << (n & 31) }
            default:
                if unsigned { f = { x, n in x >> (n & 31) } } else {
                    f = { x, n in UInt32(bitPattern: Int32(bitPattern: x) >> Int32(n & 31)) }
                }
            }
            emit { m in for c in 0..<d.count { lanes2(m, d[c], a[c], b[c]) { integerLanes($0, $1, unsigned: unsigned, f) } } }
        case .matrixTimesVector:
            // (M·v)_r = Σ_c M[c][r]·v_c
            for r in 0..<ta.rows { sumOfProducts(d[r], (0..<ta.columns).map { (a[$0 * ta.rows + r], b[$0]) }) }
        case .vectorTimesMatrix:
            // (v·M)_c = Σ_r v_r·M[c][r]
            for c in 0..<tb.columns { sumOfProducts(d[c], (0..<tb.rows).map { (a[$0], b[c * tb.rows + $0]) }) }
        case .matrixTimesMatrix:
            // (A·B)[c][r] = Σ_k A[k][r]·B[c][k]
            for c in 0..<tb.columns {
                for r in 0..<ta.rows {
                    sumOfProducts(d[c * ta.rows + r], (0..<ta.columns).map { (a[$0 * ta.rows + r], b[c * tb.rows + $0]) })
                }
            }
        }
    }

    /// d = Σ xᵢ·yᵢ over slot pairs (dot products and matrix products).
    mutating func sumOfProducts(_ d: Int, _ pairs: [(Int, Int)]) {
        let x = pairs.map(\.0), y = pairs.map(\.1)
        emit { m in
            let dp = m.slot(d)
            for k in 0..<MSLLanes.vectors {
                var sum = Lane8.zero
                for i in 0..<x.count { sum += m.slot(x[i])[k] * m.slot(y[i])[k] }
                dp[k] = sum
            }
        }
    }
}

/// An integer operator lane by lane on the values' 32-bit patterns (integers are whole Floats in
/// the lanes, exact up to 2^24), read back as uint or int. Scalar per lane: bitwise operators are
/// rare in stitchable shaders, and Float lanes have no integer bit operations to vectorize.
@inline(__always)
func integerLanes(_ x: Lane8, _ y: Lane8, unsigned: Bool, _ f: (UInt32, UInt32) -> UInt32) -> Lane8 {
    @inline(__always) func bits(_ v: Float) -> UInt32 {
        v.isFinite ? UInt32(truncatingIfNeeded: Int64(min(max(v, -9.2e18), 9.2e18))) : 0
    }
    var out = Lane8.zero
    for i in 0..<8 {
        let r = f(bits(x[i]), bits(y[i]))
        out[i] = unsigned ? Float(r) : Float(Int32(bitPattern: r))
    }
    return out
}

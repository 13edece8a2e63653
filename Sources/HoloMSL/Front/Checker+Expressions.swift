// Checker, expressions: names, literals, operators, constructors, calls.

extension Checker {

    /// metal_stdlib's named constants (the `_F` float and `_H` half forms).
    static let namedConstants: [String: (Double, MSLType.Scalar)] = {
        let values: [String: Double] = [
            "M_PI": .pi, "M_PI_2": .pi / 2, "M_PI_4": .pi / 4, "M_1_PI": 1 / .pi, "M_2_PI": 2 / .pi,
            "M_2_SQRTPI": 2 / Double.pi.squareRoot(), "M_E": 2.718281828459045, "M_LN2": 0.6931471805599453,
            "M_LN10": 2.302585092994046, "M_LOG2E": 1.4426950408889634, "M_LOG10E": 0.4342944819032518,
            "M_SQRT2": 2.0.squareRoot(), "M_SQRT1_2": 0.5.squareRoot(),
        ]
        var out: [String: (Double, MSLType.Scalar)] = [:]
        for (k, v) in values { out[k + "_F"] = (v, .float); out[k + "_H"] = (v, .half) }
        out["MAXFLOAT"] = (Double(Float.greatestFiniteMagnitude), .float)
        out["FLT_MAX"] = (Double(Float.greatestFiniteMagnitude), .float)
        out["HUGE_VALF"] = (.infinity, .float)
        out["INFINITY"] = (.infinity, .float)
        out["MAXHALF"] = (65504, .half)
        out["HALF_MAX"] = (65504, .half)
        out["HUGE_VALH"] = (.infinity, .half)
        return out
    }()

    mutating func expr(_ e: Expr) throws(MSLError) -> TExpr {
        switch e {
        case .integer(let v, let unsigned, _): return .constant([Double(v)], unsigned ? .uint : .int)
        case .floating(let v, let half, _): return .constant([v], half ? .half : .float)
        case .boolean(let b, _): return .constant([b ? 1 : 0], .bool)
        case .name(let n, let at):
            if let local = lookupLocal(n) { return .variable(.local(local), localTypes[local]) }
            if let g = globalNames[n] { return .variable(.global(g), globals[g].type) }
            if let (v, s) = Self.namedConstants[n] { return .constant([v], MSLType(s)) }
            if functionNames[n] != nil || Builtin(rawValue: n) != nil {
                throw MSLError("function '\(n)' used as a value (function pointers are unsupported)", at: at)
            }
            throw MSLError("unknown name '\(n)'", at: at)
        case .member(let base, let name, let at):
            let b = try expr(base)
            let picked = try swizzle(name, of: b.type, at: at)
            let t = picked.count == 1 ? MSLType(b.type.scalar) : .vector(b.type.scalar, picked.count)
            return .components(b, picked, t)
        case .index(let base, let i, let at):
            let b = try expr(base)
            let t = b.type
            let index = try constantIndex(i, count: t.isMatrix ? t.columns : t.rows, of: t, at: at)
            if t.isMatrix { return .components(b, Array((index * t.rows)..<((index + 1) * t.rows)), t.element) }
            return .components(b, [index], MSLType(t.scalar))
        case .unary(let op, let operand, let at):
            let a = try expr(operand)
            switch op {
            case "+":
                try arithmetic(a.type, op, at: at)
                return a
            case "-":
                try arithmetic(a.type, op, at: at)
                let t = a.type.scalar == .bool ? a.type.with(.int) : a.type
                return .unary(.negate, convert(a, to: t.scalar), t)
            case "!":
                let b = convert(a, to: .bool)
                return .unary(.not, b, b.type)
            default: // "~"
                let b = try integerOperand(a, op, at: at)
                return .unary(.bitNot, b, b.type)
            }
        case .binary(let op, let left, let right, let at):
            return try binary(op, left, right, at)
        case .ternary(let condition, let a, let b, let at):
            let c = try expr(condition)
            guard c.type.isScalar else { throw MSLError("the condition of '?:' must be a scalar, not \(c.type)", at: condition.location) }
            let (x, y, t) = try unify(try expr(a), try expr(b), "?:", at: at)
            return .select(convert(c, to: .bool), x, y, t)
        case .assign(_, _, _, let at):
            throw MSLError("assignment inside an expression is unsupported (write it as its own statement)", at: at)
        case .call(let name, let args, let at):
            return try call(name, args, at)
        }
    }

    func arithmetic(_ t: MSLType, _ op: String, at: SourceLocation) throws(MSLError) {
        if t.isLayer || t.isVoid { throw MSLError("'\(op)' cannot apply to \(t.isVoid ? "void" : t.description)", at: at) }
    }

    mutating func binary(_ op: String, _ left: Expr, _ right: Expr, _ at: SourceLocation) throws(MSLError) -> TExpr {
        var a = try expr(left), b = try expr(right)
        try arithmetic(a.type, op, at: at)
        try arithmetic(b.type, op, at: at)
        switch op {
        case "&&", "||":
            let (x, y, t) = try unify(convert(a, to: .bool), convert(b, to: .bool), op, at: at)
            return .binary(op == "&&" ? .and : .or, x, y, t)
        case "<", "<=", ">", ">=", "==", "!=":
            guard !a.type.isMatrix, !b.type.isMatrix else { throw MSLError("'\(op)' cannot compare matrices", at: at) }
            let (x, y, t) = try unify(a, b, op, at: at)
            let ops: [String: BinaryOp] = ["<": .less, "<=": .lessEqual, ">": .greater, ">=": .greaterEqual, "==": .equal, "!=": .notEqual]
            return .binary(ops[op]!, x, y, t.with(.bool))
        case "+", "-", "*", "/", "%":
            if a.type.scalar == .bool { a = convert(a, to: .int) }
            if b.type.scalar == .bool { b = convert(b, to: .int) }
            if op == "*", let product = try matrixProduct(a, b, at: at) { return product }
            if (a.type.isMatrix || b.type.isMatrix) && (a.type.isMatrix && b.type.isMatrix) && (op == "/" || op == "%") {
                throw MSLError("'\(op)' cannot combine \(a.type) and \(b.type)", at: at)
            }
            let (x, y, t) = try unify(a, b, op, at: at)
            if op == "%" && t.scalar.isFloating {
                throw MSLError("'%' needs integers; use fmod for \(t)", at: at)
            }
            let ops: [String: BinaryOp] = ["+": .add, "-": .subtract, "*": .multiply, "/": .divide, "%": .remainder]
            return .binary(ops[op]!, x, y, t)
        case "&", "|", "^":
            let (x, y, t) = try unify(try integerOperand(a, op, at: at), try integerOperand(b, op, at: at), op, at: at)
            let ops: [String: BinaryOp] = ["&": .bitAnd, "|": .bitOr, "^": .bitXor]
            return .binary(ops[op]!, x, y, t)
        default: // "<<", ">>": the result has the left operand's type; the count is converted to it.
            let x = try integerOperand(a, op, at: at)
            let count = convert(try integerOperand(b, op, at: at), to: x.type.scalar)
            let (l, r, t) = try unify(x, count, op, at: at)
            return .binary(op == "<<" ? .shiftLeft : .shiftRight, l, r, t)
        }
    }

    /// An operand of a bitwise operator: int or uint, scalar or vector (bool counts as int, as in C++).
    func integerOperand(_ e: TExpr, _ op: String, at: SourceLocation) throws(MSLError) -> TExpr {
        guard !e.type.scalar.isFloating, !e.type.isMatrix else {
            throw MSLError("'\(op)' needs integer operands (int, uint or their vectors), not \(e.type)", at: at)
        }
        return e.type.scalar == .bool ? convert(e, to: .int) : e
    }

    /// matrix·vector, vector·matrix and matrix·matrix (a matrix times a scalar is component-wise).
    func matrixProduct(_ a: TExpr, _ b: TExpr, at: SourceLocation) throws(MSLError) -> TExpr? {
        let (ta, tb) = (a.type, b.type)
        guard ta.isMatrix || tb.isMatrix, !ta.isScalar, !tb.isScalar else { return nil }
        let scalar = max(ta.scalar, tb.scalar, .half)
        let (x, y) = (convert(a, to: scalar), convert(b, to: scalar))
        if ta.isMatrix && tb.isVector {
            guard tb.rows == ta.columns else { throw MSLError("'*' cannot combine \(ta) and \(tb)", at: at) }
            return .binary(.matrixTimesVector, x, y, .vector(scalar, ta.rows))
        }
        if ta.isVector && tb.isMatrix {
            guard ta.rows == tb.rows else { throw MSLError("'*' cannot combine \(ta) and \(tb)", at: at) }
            return .binary(.vectorTimesMatrix, x, y, .vector(scalar, tb.columns))
        }
        guard ta.columns == tb.rows else { throw MSLError("'*' cannot combine \(ta) and \(tb)", at: at) }
        return .binary(.matrixTimesMatrix, x, y, MSLType(scalar, columns: tb.columns, rows: ta.rows))
    }

    // MARK: Calls

    mutating func call(_ name: String, _ args: [Expr], _ at: SourceLocation) throws(MSLError) -> TExpr {
        if name == ".sample" {
            let layer = try expr(args[0])
            guard layer.type.isLayer else { throw MSLError("'.sample' needs a SwiftUI::Layer, not \(layer.type)", at: at) }
            guard args.count == 2 else { throw MSLError("'sample' takes one float2 position", at: at) }
            let p = try coerce(try expr(args[1]), to: .vector(.float, 2), at: args[1].location)
            return .sample(p, .vector(.half, 4))
        }
        if name.hasPrefix(".") { throw MSLError("member function '\(name.dropFirst())' is unsupported", at: at) }
        let typed = try args.map { a throws(MSLError) in try expr(a) }
        for (t, a) in zip(typed, args) where t.type.isLayer || t.type.isVoid {
            throw MSLError("\(t.type.isVoid ? "a void value" : "a SwiftUI::Layer") cannot be passed here", at: a.location)
        }
        if let t = MSLType.named(name), !t.isVoid, !t.isLayer { return try construct(t, typed, args, at) }
        if let f = functionNames[name] { return try userCall(f, typed, args, at) }
        if let r = refusedFunctions[name] {
            // Named by the construct itself, however many calls away it is.
            reachedRefusal = r.root
            throw MSLError("'\(functionName)' calls '\(name)', which is outside the supported subset (\(r.root.location): \(r.root.message))", at: at)
        }
        if name == functionName { throw MSLError("recursion is unsupported ('\(name)' calls itself)", at: at) }
        if let builtin = Builtin(rawValue: name) { return try self.builtin(builtin, typed, at) }
        throw MSLError("unknown or unsupported function '\(name)'", at: at)
    }

    func construct(_ t: MSLType, _ typed: [TExpr], _ args: [Expr], _ at: SourceLocation) throws(MSLError) -> TExpr {
        guard !typed.isEmpty else { throw MSLError("\(t)() needs arguments", at: at) }
        if typed.count == 1 {
            let a = typed[0]
            if a.type.isScalar {
                if t.isMatrix {
                    // A scalar makes a diagonal matrix.
                    let s = convert(a, to: t.scalar)
                    var parts: [TExpr] = []
                    let zero = TExpr.constant([0], MSLType(t.scalar))
                    for c in 0..<t.columns { for r in 0..<t.rows { parts.append(c == r ? s : zero) } }
                    return .concat(parts, t)
                }
                return splat(convert(a, to: t.scalar), to: t)
            }
            if a.type.columns == t.columns && a.type.rows == t.rows { return convert(a, to: t.scalar) }
        }
        if t.isScalar { throw MSLError("\(t)(…) takes one scalar", at: at) }
        var parts: [TExpr] = []
        var count = 0
        for (a, source) in zip(typed, args) {
            if a.type.isMatrix { throw MSLError("a matrix cannot be part of a \(t) constructor", at: source.location) }
            if t.isMatrix && !(a.type.isScalar || a.type.rows == t.rows) {
                throw MSLError("\(t) is built from \(t.rows)-component columns or scalars, not \(a.type)", at: source.location)
            }
            parts.append(convert(a, to: t.scalar))
            count += a.type.componentCount
        }
        guard count == t.componentCount else {
            throw MSLError("\(t) needs \(t.componentCount) components, got \(count)", at: at)
        }
        return .concat(parts, t)
    }

    func userCall(_ f: Int, _ typed: [TExpr], _ args: [Expr], _ at: SourceLocation) throws(MSLError) -> TExpr {
        let callee = functions[f]
        if callee.isStitchable {
            throw MSLError("calling a [[ stitchable ]] function ('\(callee.name)') is unsupported", at: at)
        }
        guard typed.count == callee.parameterTypes.count else {
            throw MSLError("'\(callee.name)' takes \(callee.parameterTypes.count) arguments, got \(typed.count)", at: at)
        }
        var converted: [TExpr] = []
        for (i, a) in typed.enumerated() {
            converted.append(try coerce(a, to: callee.parameterTypes[i], at: args[i].location))
        }
        return .call(f, converted, callee.returnType)
    }
}

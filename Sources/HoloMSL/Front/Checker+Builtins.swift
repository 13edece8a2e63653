// Checker, metal_stdlib functions: which arguments each takes and what it returns.
//
// Component-wise functions take one shape for all arguments; a scalar argument is repeated to
// the shape of the others (`clamp(v, 0.0, 1.0)`, `mix(a, b, t)`). Functions of real numbers
// (sin, pow, mix…) turn integer arguments into float.

extension Checker {

    static let arity: [Builtin: Int] = [
        .atan2: 2, .pow: 2, .fmod: 2, .min: 2, .max: 2, .step: 2, .dot: 2, .cross: 2, .distance: 2,
        .clamp: 3, .mix: 3, .smoothstep: 3, .select: 3, .fma: 3,
    ]

    func builtin(_ f: Builtin, _ args: [TExpr], _ at: SourceLocation) throws(MSLError) -> TExpr {
        let expected = Self.arity[f] ?? 1
        guard args.count == expected else {
            throw MSLError("'\(f.rawValue)' takes \(expected) argument\(expected == 1 ? "" : "s"), got \(args.count)", at: at)
        }
        if args.contains(where: { $0.type.isMatrix }) {
            throw MSLError("'\(f.rawValue)' on a matrix is unsupported", at: at)
        }
        switch f {
        case .abs, .min, .max, .clamp:
            let (xs, t) = try same(args, f, floating: false, at: at)
            return .builtin(f, xs, t)
        case .select:
            let (ab, t) = try same(Array(args[0..<2]), f, floating: false, at: at)
            let c = convert(args[2], to: .bool)
            guard c.type.isScalar || c.type.rows == t.rows else {
                throw MSLError("'select' condition \(c.type) does not match \(t)", at: at)
            }
            return .builtin(f, ab + [splat(c, to: t.with(.bool))], t)
        case .all, .any:
            return .builtin(f, [convert(args[0], to: .bool)], .bool)
        case .dot, .distance:
            let (xs, t) = try same(args, f, floating: true, at: at)
            return .builtin(f, xs, MSLType(t.scalar))
        case .length:
            let (xs, t) = try same(args, f, floating: true, at: at)
            return .builtin(f, xs, MSLType(t.scalar))
        case .cross:
            let (xs, t) = try same(args, f, floating: true, at: at)
            guard t.rows == 3 else { throw MSLError("'cross' needs 3-component vectors, not \(t)", at: at) }
            return .builtin(f, xs, t)
        default:
            let (xs, t) = try same(args, f, floating: true, at: at)
            return .builtin(f, xs, t)
        }
    }

    /// All arguments in one type: the widest scalar (at least float when `floating`), the shape
    /// of the vector arguments, scalars repeated.
    func same(_ args: [TExpr], _ f: Builtin, floating: Bool, at: SourceLocation) throws(MSLError) -> ([TExpr], MSLType) {
        var scalar = args.map(\.type.scalar).max()!
        if floating && !scalar.isFloating { scalar = .float }
        if scalar == .bool { scalar = .int }
        var shape = args[0].type
        for a in args where !a.type.isScalar {
            if shape.isScalar { shape = a.type }
            else if a.type.rows != shape.rows {
                throw MSLError("'\(f.rawValue)' cannot combine \(shape) and \(a.type)", at: at)
            }
        }
        let t = shape.with(scalar)
        return (args.map { splat(convert($0, to: scalar), to: t) }, t)
    }
}

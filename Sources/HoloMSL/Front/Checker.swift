// Checker: syntax → typed tree. Resolves names, gives every expression its type, writes out the
// implicit conversions, and refuses what the subset does not have (recursion, assignment inside
// expressions, loops longer than `loopLimit` trips…) at the place it is written.
//
// Conversions follow MSL (C++'s usual arithmetic conversions): the operand of the wider scalar
// type wins (bool < int < uint < half < float), a scalar meets a vector or matrix by being
// repeated, and vectors of different lengths never mix.

struct Checker {
    /// The most trips a loop may make. A `for` whose count is known when checking is refused above
    /// it; any loop stops after it when running.
    static let loopLimit = 1024

    let file: String
    var globals: [TGlobal] = []
    var globalNames: [String: Int] = [:]
    var functions: [TFunction] = []
    var functionNames: [String: Int] = [:]
    /// Functions refused so far, by name: a call to one refuses the caller too.
    var refusedFunctions: [String: RefusedFunction] = [:]
    var refusedOrder: [RefusedFunction] = []
    /// Set when the function being checked calls a refused one: that one's root construct.
    var reachedRefusal: MSLError?
    /// Each function's size with every call inlined (the compiled path inlines all calls).
    var inlinedSizes: [Int] = []
    /// Each checked function's static cost (Checker.cost), in order, for the calls of later ones.
    var inlinedCosts: [Double] = []
    /// The most operations a function may have once its calls are inlined.
    static let inlinedLimit = 100_000

    // The function being checked.
    var scopes: [[String: Int]] = []
    var localTypes: [MSLType] = []
    var loopDepth = 0
    var returnType = MSLType.void
    var functionName = ""

    static func check(_ source: SourceFile, file: String) throws(MSLError) -> TProgram {
        var checker = Checker(file: file)
        var declared: [(String, Bool)] = []
        for declaration in source.order {
            switch declaration {
            case .constant(let i): try checker.constant(source.constants[i])
            case .function(let i):
                let f = source.functions[i]
                declared.append((f.name, f.isStitchable))
                // A function outside the subset is an error only for a clip that reaches it
                // (MSLLibrary.entry); a duplicate name stays an error for the whole file.
                if let refused = f.refused { try checker.refuse(f, refused, root: refused); continue }
                checker.reachedRefusal = nil
                do { try checker.function(f) } catch let e where !e.message.contains("is declared twice") {
                    try checker.refuse(f, e, root: checker.reachedRefusal ?? e)
                }
            }
        }
        return TProgram(file: file, globals: checker.globals, functions: checker.functions,
                        refused: checker.refusedOrder, declared: declared)
    }

    mutating func refuse(_ f: FunctionDecl, _ error: MSLError, root: MSLError) throws(MSLError) {
        guard functionNames[f.name] == nil, globalNames[f.name] == nil, refusedFunctions[f.name] == nil else {
            throw MSLError("'\(f.name)' is declared twice (overloaded functions are unsupported)", at: f.location)
        }
        let r = RefusedFunction(name: f.name, isStitchable: f.isStitchable, error: error, root: root)
        refusedFunctions[f.name] = r
        refusedOrder.append(r)
    }

    // MARK: Declarations

    mutating func resolve(_ type: TypeName) throws(MSLError) -> MSLType {
        guard let t = MSLType.named(type.name) else {
            throw MSLError("type '\(type.name)' is unsupported", at: type.location)
        }
        return t
    }

    mutating func constant(_ c: ConstantDecl) throws(MSLError) {
        let type = try resolve(c.type)
        guard !type.isLayer, !type.isVoid else { throw MSLError("a constant cannot have type \(type)", at: c.location) }
        guard globalNames[c.name] == nil, functionNames[c.name] == nil else {
            throw MSLError("'\(c.name)' is declared twice", at: c.location)
        }
        scopes = []
        let value = try coerce(try expr(c.initializer), to: type, at: c.initializer.location)
        globalNames[c.name] = globals.count
        globals.append(TGlobal(name: c.name, type: type, value: value))
    }

    mutating func function(_ f: FunctionDecl) throws(MSLError) {
        guard functionNames[f.name] == nil, globalNames[f.name] == nil, refusedFunctions[f.name] == nil else {
            throw MSLError("'\(f.name)' is declared twice (overloaded functions are unsupported)", at: f.location)
        }
        if Builtin(rawValue: f.name) != nil || MSLType.named(f.name) != nil {
            throw MSLError("'\(f.name)' is a built-in name and cannot be redefined", at: f.location)
        }
        returnType = try resolve(f.returnType)
        if returnType.isLayer { throw MSLError("a function cannot return SwiftUI::Layer", at: f.returnType.location) }
        functionName = f.name
        localTypes = []
        scopes = [[:]]
        loopDepth = 0
        var parameterTypes: [MSLType] = []
        for p in f.parameters {
            let t = try resolve(p.type)
            if t.isVoid { throw MSLError("a parameter cannot be void", at: p.location) }
            if t.isLayer && !f.isStitchable {
                throw MSLError("SwiftUI::Layer is supported only as a parameter of a [[ stitchable ]] function", at: p.location)
            }
            if scopes[0][p.name] != nil { throw MSLError("parameter '\(p.name)' is declared twice", at: p.location) }
            scopes[0][p.name] = localTypes.count
            localTypes.append(t)
            parameterTypes.append(t)
        }
        let body = try block(f.body)
        let size = body.reduce(0) { $0 + Self.size($1, inlinedSizes) }
        if size > Self.inlinedLimit {
            throw MSLError("'\(f.name)' has \(size) operations once its calls are inlined; at most \(Self.inlinedLimit) are supported", at: f.location)
        }
        inlinedSizes.append(size)
        let cost = body.reduce(0) { $0 + Self.cost($1, inlinedCosts) }
        inlinedCosts.append(cost)
        functionNames[f.name] = functions.count
        functions.append(TFunction(name: f.name, returnType: returnType, parameterTypes: parameterTypes,
                                   localTypes: localTypes, body: body, isStitchable: f.isStitchable, location: f.location,
                                   cost: cost))
    }

    // MARK: Statements

    mutating func block(_ statements: [Stmt]) throws(MSLError) -> [TStmt] {
        scopes.append([:])
        defer { scopes.removeLast() }
        var out: [TStmt] = []
        for s in statements { out += try statement(s) }
        return out
    }

    mutating func body(_ s: Stmt) throws(MSLError) -> [TStmt] {
        if case .block(let inner) = s { return try block(inner) }
        return try block([s])
    }

    mutating func declareLocal(_ name: String, _ type: MSLType, at: SourceLocation) throws(MSLError) -> Int {
        if scopes[scopes.count - 1][name] != nil { throw MSLError("'\(name)' is declared twice in this scope", at: at) }
        scopes[scopes.count - 1][name] = localTypes.count
        localTypes.append(type)
        return localTypes.count - 1
    }

    mutating func statement(_ s: Stmt) throws(MSLError) -> [TStmt] {
        switch s {
        case .empty: return []
        case .block(let inner): return try block(inner)
        case .declare(let typeName, let declarators):
            let type = try resolve(typeName)
            guard !type.isLayer, !type.isVoid else { throw MSLError("a variable cannot have type \(type)", at: typeName.location) }
            var out: [TStmt] = []
            for d in declarators {
                let value: TExpr
                if let initial = d.initializer {
                    value = try coerce(try expr(initial), to: type, at: initial.location)
                } else {
                    value = .constant(Array(repeating: 0, count: type.componentCount), type)
                }
                let local = try declareLocal(d.name, type, at: d.location)
                out.append(.store(local: local, components: Array(0..<type.componentCount), value))
            }
            return out
        case .expression(let e):
            if case .assign(let op, let target, let value, let at) = e { return [try assignment(op, target, value, at)] }
            if case .call(let name, _, let at) = e, functionNames[name] != nil || Builtin(rawValue: name) != nil {
                throw MSLError("calling '\(name)' for no result does nothing (functions here have no side effects)", at: at)
            }
            throw MSLError("this expression statement has no effect", at: e.location)
        case .ifElse(let condition, let then, let otherwise, _):
            let c = try truth(try expr(condition), at: condition.location)
            let a = try body(then)
            let b = try otherwise.map { s throws(MSLError) in try body(s) } ?? []
            return [.ifElse(c, a, b)]
        case .whileLoop(let condition, let loopBody, _):
            let c = try truth(try expr(condition), at: condition.location)
            loopDepth += 1
            let b = try body(loopBody)
            loopDepth -= 1
            return [.loop(condition: c, body: b, step: [], checkFirst: true, limit: Self.loopLimit, trips: Self.loopLimit)]
        case .doWhile(let loopBody, let condition, _):
            loopDepth += 1
            let b = try body(loopBody)
            loopDepth -= 1
            let c = try truth(try expr(condition), at: condition.location)
            return [.loop(condition: c, body: b, step: [], checkFirst: false, limit: Self.loopLimit, trips: Self.loopLimit)]
        case .forLoop(let initial, let condition, let step, let loopBody, let at):
            scopes.append([:])
            defer { scopes.removeLast() }
            let start = try initial.map { s throws(MSLError) in try statement(s) } ?? []
            let c = try condition.map { e throws(MSLError) in try truth(try expr(e), at: e.location) }
            var stepStatements: [TStmt] = []
            if let step {
                guard case .assign(let op, let target, let value, let sat) = step else {
                    throw MSLError("a for loop's step must be an assignment or ++/--", at: step.location)
                }
                stepStatements = [try assignment(op, target, value, sat)]
            }
            let trips = Self.tripCount(initial: initial, condition: condition, step: step)
            if let trips, trips > Self.loopLimit {
                throw MSLError("this loop runs \(trips) times; at most \(Self.loopLimit) trips are supported", at: at)
            }
            loopDepth += 1
            let b = try body(loopBody)
            loopDepth -= 1
            return start + [.loop(condition: c, body: b, step: stepStatements, checkFirst: true, limit: Self.loopLimit,
                                  trips: min(Self.loopLimit, estimatedTrips(initial: initial, condition: condition, step: step)))]
        case .breakLoop(let at):
            guard loopDepth > 0 else { throw MSLError("'break' outside a loop", at: at) }
            return [.breakLoop]
        case .continueLoop(let at):
            guard loopDepth > 0 else { throw MSLError("'continue' outside a loop", at: at) }
            return [.continueLoop]
        case .returnValue(let value, let at):
            if returnType.isVoid {
                if value != nil { throw MSLError("a void function cannot return a value", at: at) }
                return [.returnValue(nil)]
            }
            guard let value else { throw MSLError("'\(functionName)' must return \(returnType)", at: at) }
            return [.returnValue(try coerce(try expr(value), to: returnType, at: value.location))]
        }
    }

    /// `for (int i = A; i < B; i++)` and its mirror images, with literal A and B: the number of trips.
    static func tripCount(initial: Stmt?, condition: Expr?, step: Expr?) -> Int? {
        guard case .declare(_, let ds)? = initial, ds.count == 1, let start = literal(ds[0].initializer),
              case .binary(let op, .name(let n, _), let boundExpr, _)? = condition, n == ds[0].name,
              let bound = literal(boundExpr),
              case .assign(let stepOp, .name(let m, _), let amountExpr, _)? = step, m == n,
              let amount = literal(amountExpr), amount > 0 else { return nil }
        let delta = stepOp == "+=" ? amount : stepOp == "-=" ? -amount : 0
        guard delta != 0 else { return nil }
        var span: Double
        switch op {
        case "<": span = bound - start
        case "<=": span = bound - start + 1
        case ">": span = start - bound
        case ">=": span = start - bound + 1
        default: return nil
        }
        if (op == "<" || op == "<=") != (delta > 0) { return span > 0 ? Int.max : 0 }
        span = (span / Swift.abs(delta)).rounded(.up)
        return span <= 0 ? 0 : (span > 1e9 ? Int.max : Int(span))
    }

    /// The trips the static cost counts for a for loop: its count when its start, bound and step
    /// are literals or file-scope constants with a literal value (`i < kRings`), else the limit.
    func estimatedTrips(initial: Stmt?, condition: Expr?, step: Expr?) -> Int {
        func constant(_ e: Expr?) -> Expr? {
            guard case .name(let n, let at)? = e, let g = globalNames[n],
                  case .constant(let v, _) = globals[g].value, v.count == 1 else { return e }
            return .floating(v[0], half: false, at)
        }
        var condition = condition
        if case .binary(let op, let a, let b, let at)? = condition { condition = .binary(op, a, constant(b) ?? b, at) }
        return Self.tripCount(initial: initial, condition: condition, step: step) ?? Self.loopLimit
    }

    static func literal(_ e: Expr?) -> Double? {
        switch e {
        case .integer(let v, _, _)?: return Double(v)
        case .floating(let v, _, _)?: return v
        case .unary("-", let inner, _)?: return literal(inner).map { -$0 }
        default: return nil
        }
    }

    mutating func assignment(_ op: String, _ target: Expr, _ value: Expr, _ at: SourceLocation) throws(MSLError) -> TStmt {
        let (local, components, type) = try lvalue(target)
        var rhs: TExpr
        if op == "=" {
            rhs = try expr(value)
        } else {
            let binaryOp = String(op.dropLast())
            rhs = try binary(binaryOp, target, value, at)
        }
        rhs = try coerce(rhs, to: type, at: value.location)
        return .store(local: local, components: components, rhs)
    }

    /// What an assignment writes: a local and which of its components.
    mutating func lvalue(_ e: Expr) throws(MSLError) -> (Int, [Int], MSLType) {
        switch e {
        case .name(let n, let at):
            if let local = lookupLocal(n) {
                let t = localTypes[local]
                if t.isLayer { throw MSLError("cannot assign to a SwiftUI::Layer", at: at) }
                return (local, Array(0..<t.componentCount), t)
            }
            if globalNames[n] != nil { throw MSLError("cannot assign to constant '\(n)'", at: at) }
            throw MSLError("unknown name '\(n)'", at: at)
        case .member(let base, let name, let at):
            let (local, comps, t) = try lvalue(base)
            let picked = try swizzle(name, of: t, at: at)
            if Set(picked).count != picked.count { throw MSLError("swizzle '.\(name)' repeats a component and cannot be assigned to", at: at) }
            return (local, picked.map { comps[$0] }, picked.count == 1 ? MSLType(t.scalar) : .vector(t.scalar, picked.count))
        case .index(let base, let i, let at):
            let (local, comps, t) = try lvalue(base)
            let index = try constantIndex(i, count: t.isMatrix ? t.columns : t.rows, of: t, at: at)
            if t.isMatrix {
                return (local, Array(comps[(index * t.rows)..<((index + 1) * t.rows)]), t.element)
            }
            return (local, [comps[index]], MSLType(t.scalar))
        default:
            throw MSLError("this expression cannot be assigned to", at: e.location)
        }
    }

    func lookupLocal(_ name: String) -> Int? {
        for scope in scopes.reversed() { if let i = scope[name] { return i } }
        return nil
    }

    /// `if`/`while` conditions: a scalar converted to bool.
    func truth(_ e: TExpr, at: SourceLocation) throws(MSLError) -> TExpr {
        guard e.type.isScalar else { throw MSLError("a condition must be a scalar, not \(e.type)", at: at) }
        return e.type.scalar == .bool ? e : .convert(e, .bool)
    }

    // MARK: Conversions

    /// The implicit conversions of assignment, initialization, arguments and return.
    func coerce(_ e: TExpr, to t: MSLType, at: SourceLocation) throws(MSLError) -> TExpr {
        let from = e.type
        if from == t { return e }
        if from.isLayer || t.isLayer || from.isVoid || t.isVoid {
            throw MSLError("cannot convert \(from.isVoid ? "void" : from.description) to \(t)", at: at)
        }
        if from.columns == t.columns && from.rows == t.rows { return convert(e, to: t.scalar) }
        if from.isScalar { return splat(convert(e, to: t.scalar), to: t) }
        throw MSLError("cannot convert \(from) to \(t)", at: at)
    }

    func convert(_ e: TExpr, to s: MSLType.Scalar) -> TExpr {
        if e.type.scalar == s { return e }
        let t = e.type.with(s)
        if case .constant(let values, _) = e { return .constant(values.map { Self.convertValue($0, to: s) }, t) }
        return .convert(e, t)
    }

    /// The value conversion both evaluators also apply (here for literals).
    static func convertValue(_ v: Double, to s: MSLType.Scalar) -> Double {
        switch s {
        case .bool: return v != 0 ? 1 : 0
        case .int, .uint: return v.isFinite ? v.rounded(.towardZero) : 0
        case .half, .float: return v
        }
    }

    func splat(_ e: TExpr, to t: MSLType) -> TExpr {
        if e.type.componentCount == t.componentCount { return e }
        if case .constant(let values, _) = e { return .constant(Array(repeating: values[0], count: t.componentCount), t) }
        return .splat(e, t)
    }

    /// Both operands to one type: the wider scalar type, a scalar repeated to the other's shape.
    func unify(_ a: TExpr, _ b: TExpr, _ what: String, at: SourceLocation) throws(MSLError) -> (TExpr, TExpr, MSLType) {
        let (ta, tb) = (a.type, b.type)
        let scalar = max(ta.scalar, tb.scalar)
        let shape: MSLType
        if ta.componentCount == tb.componentCount && ta.columns == tb.columns { shape = ta }
        else if ta.isScalar { shape = tb }
        else if tb.isScalar { shape = ta }
        else { throw MSLError("'\(what)' cannot combine \(ta) and \(tb)", at: at) }
        let t = shape.with(scalar)
        return (splat(convert(a, to: scalar), to: t), splat(convert(b, to: scalar), to: t), t)
    }

    func constantIndex(_ e: Expr, count: Int, of t: MSLType, at: SourceLocation) throws(MSLError) -> Int {
        guard !t.isScalar, !t.isLayer else { throw MSLError("\(t) cannot be indexed", at: at) }
        guard let v = Self.literal(e), v == v.rounded(), v >= 0 else {
            throw MSLError("only constant indices are supported (a literal integer)", at: e.location)
        }
        guard v < Double(count) else { throw MSLError("index \(v) is out of range for \(t)", at: e.location) }
        return Int(v)
    }

    func swizzle(_ name: String, of t: MSLType, at: SourceLocation) throws(MSLError) -> [Int] {
        guard t.isVector else { throw MSLError("'.\(name)' needs a vector, not \(t)", at: at) }
        let sets: [[Character]] = [["x", "y", "z", "w"], ["r", "g", "b", "a"]]
        for set in sets where name.allSatisfy({ set.contains($0) }) {
            let picked = name.map { set.firstIndex(of: $0)! }
            guard picked.count <= 4, picked.allSatisfy({ $0 < t.rows }) else {
                throw MSLError("swizzle '.\(name)' is out of range for \(t)", at: at)
            }
            return picked
        }
        throw MSLError("'.\(name)' is not a swizzle of \(t) (xyzw or rgba, not mixed)", at: at)
    }

    // MARK: Size once inlined

    static func size(_ s: TStmt, _ functions: [Int]) -> Int {
        switch s {
        case .store(_, _, let e): return 1 + size(e, functions)
        case .ifElse(let c, let a, let b):
            return 1 + size(c, functions) + (a + b).reduce(0) { $0 + size($1, functions) }
        case .loop(let c, let body, let step, _, _, _):
            return 1 + (c.map { size($0, functions) } ?? 0) + (body + step).reduce(0) { $0 + size($1, functions) }
        case .breakLoop, .continueLoop: return 1
        case .returnValue(let e): return 1 + (e.map { size($0, functions) } ?? 0)
        }
    }

    // MARK: Static cost: operations a pixel may run (loops multiplied by their trips)
    //
    //   cost(loop) = 1 + trips · (cost(condition) + cost(body) + cost(step))
    //   cost(call) = the callee's cost (as inlined) + its arguments'
    // A for loop with literal bounds counts its trips; any other loop its limit (1024). Both arms
    // of an `if` count (the lanes may take both). Held against --max-shader-work before a frame is
    // drawn, times the pixels the shader covers; the frame deadline is the backstop.

    static func cost(_ s: TStmt, _ functions: [Double]) -> Double {
        switch s {
        case .store(_, _, let e): return 1 + cost(e, functions)
        case .ifElse(let c, let a, let b):
            return 1 + cost(c, functions) + (a + b).reduce(0) { $0 + cost($1, functions) }
        case .loop(let c, let body, let step, _, _, let trips):
            let once = (c.map { cost($0, functions) } ?? 0) + (body + step).reduce(0) { $0 + cost($1, functions) }
            return 1 + Double(max(1, trips)) * once
        case .breakLoop, .continueLoop: return 1
        case .returnValue(let e): return 1 + (e.map { cost($0, functions) } ?? 0)
        }
    }

    static func cost(_ e: TExpr, _ functions: [Double]) -> Double {
        switch e {
        case .constant, .variable: return 1
        case .components(let a, _, _), .convert(let a, _), .splat(let a, _), .unary(_, let a, _), .sample(let a, _):
            return 1 + cost(a, functions)
        case .concat(let parts, _), .builtin(_, let parts, _): return parts.reduce(1) { $0 + cost($1, functions) }
        case .call(let f, let parts, _): return parts.reduce(functions[f]) { $0 + cost($1, functions) }
        case .binary(_, let a, let b, _): return 1 + cost(a, functions) + cost(b, functions)
        case .select(let c, let a, let b, _): return 1 + cost(c, functions) + cost(a, functions) + cost(b, functions)
        }
    }

    static func size(_ e: TExpr, _ functions: [Int]) -> Int {
        switch e {
        case .constant, .variable: return 1
        case .components(let a, _, _), .convert(let a, _), .splat(let a, _), .unary(_, let a, _), .sample(let a, _):
            return 1 + size(a, functions)
        case .concat(let parts, _), .builtin(_, let parts, _): return parts.reduce(1) { $0 + size($1, functions) }
        case .call(let f, let parts, _): return parts.reduce(functions[f]) { $0 + size($1, functions) }
        case .binary(_, let a, let b, _): return 1 + size(a, functions) + size(b, functions)
        case .select(let c, let a, let b, _): return 1 + size(c, functions) + size(a, functions) + size(b, functions)
        }
    }
}

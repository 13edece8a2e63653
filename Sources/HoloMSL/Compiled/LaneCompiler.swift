// LaneCompiler: the checked program → closures over lanes, once per entry point.
//
// Slots are laid out when compiling (see Lanes.swift): slot 0 is the execution mask, then one
// slot per distinct constant, then the file's constants (computed once when a machine is made),
// then the entry's locals, then temporaries, handed out and taken back like a stack (an
// expression's result is allocated before its operands, so the operands' slots are free again
// as soon as it is computed). Helper functions are inlined at every call (there is no recursion
// to stop that), each call with its own locals.
//
// Control flow runs under masks. For the statement being compiled, the lanes that must stay off
// when a construct ends are the ones that returned from the function, or broke out of or
// continued the innermost loop (`kills`):
//
//   if (c) A else B:   S = exec;  exec = S·c → A;  exec = S·(1 − c)·Π(1 − k) → B;  exec = S·Π(1 − k)
//   loop:              S = exec, brk = 0; each trip: cont = 0, exec = S·(1 − brk)·(1 − ret),
//                      brk += exec·(1 − cond), exec ·= cond; stop when no lane runs or after `limit`
//                      trips; body; exec = S·(1 − brk)·(1 − ret); step.   After: exec = S·(1 − ret)
//   break / continue / return:   brk / cont / ret |= exec (return also stores its value); exec = 0

import HoloStop

typealias Op = (Machine) -> Void

struct FlowContext {
    /// 0/1 per lane: returned from the function being run.
    var returned: Int
    var result: [Int]
    var broke: Int?
    var continued: Int?
    var kills: [Int] { [returned] + [broke, continued].compactMap { $0 } }
}

struct LaneCompiler {
    let program: TProgram
    var constantSlots: [UInt32: Int] = [:]
    /// Each constant slot's value.
    var constantValues: [Int: Float] = [:]
    var globalSlots: [[Int]] = []
    var top: Int
    var highWater: Int
    var ops: [Op] = []
    var locals: [[Int]] = []
    var flow = FlowContext(returned: 0, result: [], broke: nil, continued: nil)

    // Uniform values: those that depend only on constants, the file's constants and the entry's
    // arguments are the same in every lane and every block, so their ops run once per span (the
    // `prologue`), into slots of their own (the uniform region, after the constants), instead of
    // once per block. `uniformSlots` are the slots known to hold such values.
    var uniformSlots: Set<Int> = []
    var prologue: [Op] = []
    var hoisting = false
    var allowHoist = true
    var uniformTop: Int
    let uniformBase: Int

    // Per function: how often each local is stored to; whether the body is straight-line
    // (stores, then one `return` at the end), so a call needs no masks and no result copy.
    let storeCounts: [[Int: Int]]
    let straightLine: [Bool]
    var currentFunction = -1
    /// The entry's parameters that are arguments (uniform unless assigned to).
    var entryArguments: Range<Int> = 0..<0
    /// The entry's parameter slots, once compiled.
    var entryParameters: [[Int]] = []

    /// `uniformCount`: the size of the uniform region, from a first compile (nil in that first
    /// compile, which puts the region far away and only counts it).
    init(program: TProgram, uniformCount: Int?) {
        self.program = program
        var values = Set<UInt32>()
        for g in program.globals { Self.collectConstants(g.value, into: &values) }
        for f in program.functions { for s in f.body { Self.collectConstants(s, into: &values) } }
        var next = 1
        for v in values.sorted() {
            constantSlots[v] = next
            constantValues[next] = Float(bitPattern: v)
            uniformSlots.insert(next)
            next += 1
        }
        if let uniformCount {
            uniformBase = next
            next += uniformCount
        } else {
            uniformBase = 1 << 24
        }
        uniformTop = uniformBase
        top = next
        highWater = next
        storeCounts = program.functions.map { f in
            var counts: [Int: Int] = [:]
            Self.countStores(f.body, into: &counts)
            return counts
        }
        straightLine = program.functions.map { f in
            guard case .returnValue(let e)? = f.body.last, e != nil else { return false }
            return f.body.dropLast().allSatisfy { if case .store = $0 { return true } else { return false } }
        }
    }

    var uniformCount: Int { uniformTop - uniformBase }

    static func countStores(_ statements: [TStmt], into counts: inout [Int: Int]) {
        for s in statements {
            switch s {
            case .store(let local, _, _): counts[local, default: 0] += 1
            case .ifElse(_, let a, let b): countStores(a + b, into: &counts)
            case .loop(_, let body, let step, _, _, _): countStores(body + step, into: &counts)
            case .breakLoop, .continueLoop, .returnValue: break
            }
        }
    }

    mutating func allocateUniform(_ n: Int) -> [Int] {
        let slots = Array(uniformTop..<(uniformTop + n))
        uniformTop += n
        return slots
    }

    /// Working slots for an op being emitted: uniform ones while hoisting.
    mutating func scratch(_ n: Int) -> [Int] { hoisting ? allocateUniform(n) : allocate(n) }

    func isUniform(_ slots: [[Int]]) -> Bool { slots.allSatisfy { $0.allSatisfy(uniformSlots.contains) } }

    /// Allocates an n-slot result, compiles the operands (`children`), and emits the op
    /// (`body`): into the prologue, with a uniform result, when every operand is uniform.
    mutating func computed(_ n: Int, _ children: (inout LaneCompiler) -> [[Int]],
                           _ body: (inout LaneCompiler, [Int], [[Int]]) -> Void) -> [Int] {
        let base = top
        var d = allocate(n)
        let mark = top
        let inputs = children(&self)
        let hoist = allowHoist && isUniform(inputs)
        if hoist { d = allocateUniform(n); hoisting = true }
        body(&self, d, inputs)
        hoisting = false
        if hoist { uniformSlots.formUnion(d); top = base } else { top = mark }
        return d
    }

    /// The constants' values by slot (filled once per machine).
    var constantTable: [(slot: Int, value: Float)] { constantSlots.map { (slot: $0.value, value: Float(bitPattern: $0.key)) } }

    static func constantBits(_ v: Double, _ s: MSLType.Scalar) -> UInt32 {
        var f = Float(v)
        if s == .half { f = roundToHalf(Lane8(repeating: f))[0] }
        return f.bitPattern
    }

    static func collectConstants(_ e: TExpr, into set: inout Set<UInt32>) {
        switch e {
        case .constant(let v, let t): for x in v { set.insert(constantBits(x, t.scalar)) }
        case .variable: break
        case .components(let a, _, _), .convert(let a, _), .splat(let a, _), .unary(_, let a, _), .sample(let a, _):
            collectConstants(a, into: &set)
        case .concat(let parts, _), .builtin(_, let parts, _), .call(_, let parts, _):
            for p in parts { collectConstants(p, into: &set) }
        case .binary(_, let a, let b, _): collectConstants(a, into: &set); collectConstants(b, into: &set)
        case .select(let c, let a, let b, _):
            collectConstants(c, into: &set); collectConstants(a, into: &set); collectConstants(b, into: &set)
        }
    }

    static func collectConstants(_ s: TStmt, into set: inout Set<UInt32>) {
        switch s {
        case .store(_, _, let e): collectConstants(e, into: &set)
        case .ifElse(let c, let a, let b):
            collectConstants(c, into: &set)
            for x in a + b { collectConstants(x, into: &set) }
        case .loop(let c, let body, let step, _, _, _):
            if let c { collectConstants(c, into: &set) }
            for x in body + step { collectConstants(x, into: &set) }
        case .returnValue(let e): if let e { collectConstants(e, into: &set) }
        case .breakLoop, .continueLoop: break
        }
    }

    // MARK: Slots

    mutating func allocate(_ n: Int) -> [Int] {
        let slots = Array(top..<(top + n))
        top += n
        highWater = max(highWater, top)
        return slots
    }

    mutating func constant(_ v: Double, _ s: MSLType.Scalar) -> Int { constantSlots[Self.constantBits(v, s)]! }

    mutating func emit(_ op: @escaping Op) {
        if hoisting { prologue.append(op) } else { ops.append(op) }
    }

    /// Compiles `body` into its own op list.
    mutating func nested(_ body: (inout LaneCompiler) -> Void) -> Op {
        let saved = ops
        ops = []
        body(&self)
        let inner = ops
        ops = saved
        return Self.sequence(inner)
    }

    static func sequence(_ ops: [Op]) -> Op {
        if ops.isEmpty { return { _ in } }
        if ops.count == 1 { return ops[0] }
        let list = ContiguousArray(ops)
        return { m in
            list.withUnsafeBufferPointer { ops in
                for i in 0..<ops.count {
                    if !m.anyOn { return }
                    ops[i](m)
                }
            }
        }
    }

    // MARK: Globals and functions

    /// Ops computing every file-scope constant into its slots (run once per machine).
    mutating func compileGlobals() -> Op {
        allowHoist = false
        defer {
            allowHoist = true
            for g in globalSlots { uniformSlots.formUnion(g) }
        }
        return nested { c in
            for g in c.program.globals {
                let value = c.operand(g.value)
                if case .constant = g.value { c.globalSlots.append(value); continue }
                let slots = c.allocate(g.type.componentCount)
                c.store(slots, value, masked: false)
                c.globalSlots.append(slots)
            }
        }
    }

    /// Compiles a call of function `index`: its locals (parameters first) and its body.
    /// `arguments` are the argument slots (nil for the entry, whose parameters get fresh slots,
    /// kept in `entryParameters`); a parameter the body never assigns is the argument's slots
    /// themselves. Returns the result's slots: `result` when given, else, for a straight-line
    /// body, the returned value's own slots (left allocated until the caller's statement ends).
    mutating func function(_ index: Int, arguments: [[Int]]?, result given: [Int]?) -> [Int] {
        let f = program.functions[index]
        let savedLocals = locals, savedFlow = flow, savedFunction = currentFunction
        defer { locals = savedLocals; flow = savedFlow; currentFunction = savedFunction }
        currentFunction = index
        var fresh: [[Int]] = []
        for (i, t) in f.localTypes.enumerated() {
            if i < f.parameterTypes.count, let arguments, storeCounts[index][i] == nil {
                fresh.append(arguments[i])
            } else {
                fresh.append(allocate(t.componentCount))
            }
        }
        locals = fresh
        if let arguments {
            for i in 0..<f.parameterTypes.count where locals[i] != arguments[i] { store(locals[i], arguments[i], masked: false) }
        } else {
            entryParameters = Array(locals[0..<f.parameterTypes.count])
            for i in entryArguments {
                if storeCounts[index][i] == nil {
                    uniformSlots.formUnion(locals[i])
                } else {
                    // An argument the function assigns to: set once per span into slots of its
                    // own, copied into the parameter at the start of every block.
                    let input = allocate(f.parameterTypes[i].componentCount)
                    entryParameters[i] = input
                    store(locals[i], input, masked: false)
                }
            }
        }
        if given == nil, straightLine[index], case .returnValue(let e?)? = f.body.last {
            block(Array(f.body.dropLast()))
            return operand(e)
        }
        let result = given ?? allocate(f.returnType.componentCount)
        let returned = allocate(1)[0], saved = allocate(1)[0]
        flow = FlowContext(returned: returned, result: result, broke: nil, continued: nil)
        // The body runs as one op so a `return` (which empties exec) stops only the body.
        let bodyOp = nested { $0.block(f.body) }
        emit { m in
            for r in result { m.fill(r, 0) }
            let e = m.slot(0), s = m.slot(saved), r = m.slot(returned)
            for k in 0..<MSLLanes.vectors { s[k] = e[k]; r[k] = .zero }
            bodyOp(m)
            for k in 0..<MSLLanes.vectors { e[k] = s[k] }
            m.refreshMask()
        }
        return result
    }

    // MARK: Statements

    mutating func block(_ statements: [TStmt]) {
        for s in statements {
            let mark = top
            statement(s)
            top = mark
        }
    }

    mutating func statement(_ s: TStmt) {
        switch s {
        case .store(let local, let components, let e):
            let value = operand(e)
            // A local stored once (its declaration) with a uniform value is that value's slots.
            let f = program.functions[currentFunction]
            if local >= f.parameterTypes.count, storeCounts[currentFunction][local] == 1,
               components == Array(0..<f.localTypes[local].componentCount), isUniform([value]) {
                locals[local] = value
                return
            }
            store(components.map { locals[local][$0] }, value, masked: true)
        case .ifElse(let condition, let then, let otherwise):
            let c = operand(condition)[0]
            let saved = allocate(1)[0]
            let kills = flow.kills
            let thenOp = nested { $0.block(then) }
            let elseOp: Op? = otherwise.isEmpty ? nil : nested { $0.block(otherwise) }
            emit { m in
                let e = m.slot(0), s = m.slot(saved), cp = m.slot(c)
                for k in 0..<MSLLanes.vectors { s[k] = e[k]; e[k] = e[k] * cp[k] }
                m.refreshMask()
                if m.anyOn { thenOp(m) }
                if let elseOp {
                    for k in 0..<MSLLanes.vectors {
                        var v = s[k] * (1 - cp[k])
                        for kill in kills { v = v * (1 - m.slot(kill)[k]) }
                        e[k] = v
                    }
                    m.refreshMask()
                    if m.anyOn { elseOp(m) }
                }
                for k in 0..<MSLLanes.vectors {
                    var v = s[k]
                    for kill in kills { v = v * (1 - m.slot(kill)[k]) }
                    e[k] = v
                }
                m.refreshMask()
            }
        case .loop(let condition, let body, let step, let checkFirst, let limit, _):
            let saved = allocate(1)[0], broke = allocate(1)[0], continued = allocate(1)[0]
            let returned = flow.returned
            var conditionSlot = 0
            let conditionOp: Op? = condition.map { cond in nested { c in conditionSlot = c.operand(cond)[0] } }
            let outerFlow = flow
            flow.broke = broke
            flow.continued = continued
            let bodyOp = nested { $0.block(body) }
            flow = outerFlow
            let stepOp = nested { $0.block(step) }
            let cs = conditionSlot
            emit { m in
                let e = m.slot(0), s = m.slot(saved), b = m.slot(broke), cont = m.slot(continued), r = m.slot(returned)
                for k in 0..<MSLLanes.vectors { s[k] = e[k]; b[k] = .zero }
                var trips = 0
                while trips < limit {
                    // Every 64th trip polls the frame's watch (HoloStop): a stopped frame's loops end early.
                    if trips & 63 == 0, FrameWatch.shouldStop() { break }
                    for k in 0..<MSLLanes.vectors { cont[k] = .zero; e[k] = s[k] * (1 - b[k]) * (1 - r[k]) }
                    m.refreshMask()
                    if let conditionOp, checkFirst || trips > 0, m.anyOn {
                        conditionOp(m)
                        let cp = m.slot(cs)
                        for k in 0..<MSLLanes.vectors { b[k] = max8(b[k], e[k] * (1 - cp[k])); e[k] = e[k] * cp[k] }
                        m.refreshMask()
                    }
                    if !m.anyOn { break }
                    bodyOp(m)
                    for k in 0..<MSLLanes.vectors { e[k] = s[k] * (1 - b[k]) * (1 - r[k]) }
                    m.refreshMask()
                    if m.anyOn { stepOp(m) }
                    trips += 1
                }
                for k in 0..<MSLLanes.vectors { e[k] = s[k] * (1 - r[k]) }
                m.refreshMask()
            }
        case .breakLoop:
            let b = flow.broke!
            emit { m in Self.retire(m, into: b) }
        case .continueLoop:
            let c = flow.continued!
            emit { m in Self.retire(m, into: c) }
        case .returnValue(let e):
            if let e { store(flow.result, operand(e), masked: true) }
            let r = flow.returned
            emit { m in Self.retire(m, into: r) }
        }
    }

    /// The running lanes leave: recorded in `mask`, and exec becomes empty.
    static func retire(_ m: Machine, into mask: Int) {
        let e = m.slot(0), p = m.slot(mask)
        for k in 0..<MSLLanes.vectors { p[k] = max8(p[k], e[k]); e[k] = .zero }
        m.anyOn = false
        m.allOn = false
    }

    /// Copies `source` into `destination` (component by component), in running lanes only when
    /// `masked`. A source that overlaps the destination in another order is copied aside first.
    mutating func store(_ destination: [Int], _ source: [Int], masked: Bool) {
        var source = source
        let overlap = Set(destination).intersection(source)
        if !overlap.isEmpty && destination != source {
            let aside = allocate(source.count)
            let from = source
            emit { m in for (d, s) in zip(aside, from) { lanes1(m, d, s) { $0 } } }
            source = aside
        }
        let pairs = zip(destination, source).filter { $0 != $1 }
        guard !pairs.isEmpty else { return }
        let d = pairs.map(\.0), s = pairs.map(\.1)
        if !masked {
            emit { m in for c in 0..<d.count { lanes1(m, d[c], s[c]) { $0 } } }
            return
        }
        emit { m in
            if m.allOn {
                for c in 0..<d.count { lanes1(m, d[c], s[c]) { $0 } }
            } else {
                let e = m.slot(0)
                for c in 0..<d.count {
                    let dp = m.slot(d[c]), sp = m.slot(s[c])
                    for k in 0..<MSLLanes.vectors { dp[k] = choose(e[k] .!= 0, sp[k], dp[k]) }
                }
            }
        }
    }
}

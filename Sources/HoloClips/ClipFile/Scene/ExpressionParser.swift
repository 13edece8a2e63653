// A recursive-descent parser for user-scene expressions.
//
// Grammar, loosest binding first (every binary level is left-associative):
//   conditional := comparison ( "?" conditional ":" conditional )?
//   comparison  := additive ( ("<" | "<=" | ">" | ">=" | "==") additive )*
//   additive    := product ( ("+" | "-") product )*
//   product     := unary ( ("*" | "/") unary )*
//   unary       := "-" unary | primary
//   primary     := number | driver | function "(" conditional ("," conditional)* ")" | "(" conditional ")"
// Drivers are dotted identifiers (`scroll`, `header.visible`). Everything a frame could get wrong
// at evaluation — an unknown name, a function with the wrong number of arguments — is an error
// here, at load time, with the 1-based column where it happened.

/// Where and why an expression did not parse.
public struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based column in the expression text.
    public let column: Int
    public let message: String
    public init(column: Int, message: String) { self.column = column; self.message = message }
    public var description: String { "column \(column): \(message)" }
}

public enum ExpressionParser {
    /// Deepest nesting of parentheses, calls and unary minus accepted (keeps evaluation's recursion shallow).
    public static let maximumDepth = 64
    /// Longest expression text accepted, in characters: no scene needs more, and it bounds the node
    /// count, hence evaluation's recursion along a flat chain such as `a + b + c + …`.
    public static let maximumLength = 2_000
    /// Most operations (numbers, drivers, operators, calls) one expression may hold.
    public static let maximumNodes = 1_000

    /// Parses `source`, resolving driver names through `drivers` (which gains slots for new names).
    public static func parse(_ source: String, drivers: inout DriverTable) throws(ExpressionError) -> SceneExpression {
        guard source.unicodeScalars.count <= maximumLength else {
            throw ExpressionError(column: maximumLength + 1, message: "the expression is \(source.unicodeScalars.count) characters long; " +
                                  "the longest accepted is \(maximumLength)")
        }
        var parser = Parser(text: Array(source.unicodeScalars), drivers: drivers)
        let root = try parser.conditional()
        guard parser.nodes.count <= maximumNodes else {
            throw ExpressionError(column: 1, message: "the expression has \(parser.nodes.count) operations; the most accepted is \(maximumNodes)")
        }
        parser.skipSpace()
        if parser.position < parser.text.count {
            throw parser.error("expected an operator or the end of the expression, found \(parser.describeHere())")
        }
        // Operands are appended before their operators, so the root is the last node.
        precondition(root == parser.nodes.count - 1)
        drivers = parser.drivers
        return SceneExpression(source: source, nodes: parser.nodes, driverSlots: parser.used)
    }

    static let functionArity: [String: Int] = [
        "abs": 1, "sin": 1, "cos": 1, "floor": 1, "fract": 1,
        "step": 2, "min": 2, "max": 2,
        "clamp": 3, "mix": 3, "smoothstep": 3,
    ]
    static let functionSignature: [String: String] = [
        "abs": "abs(x)", "sin": "sin(x)", "cos": "cos(x)", "floor": "floor(x)", "fract": "fract(x)",
        "step": "step(edge, x)", "min": "min(a, b)", "max": "max(a, b)",
        "clamp": "clamp(x, lo, hi)", "mix": "mix(a, b, t)", "smoothstep": "smoothstep(e0, e1, x)",
    ]
}

private struct Parser {
    let text: [Unicode.Scalar]
    var drivers: DriverTable
    var position = 0
    var depth = 0
    var nodes: [ExpressionNode] = []
    var used: [String: Int] = [:]

    init(text: [Unicode.Scalar], drivers: DriverTable) { self.text = text; self.drivers = drivers }

    func error(_ message: String, at column: Int? = nil) -> ExpressionError {
        ExpressionError(column: column ?? (position + 1), message: message)
    }

    func describeHere() -> String {
        position < text.count ? "'\(Character(text[position]))'" : "the end of the expression"
    }

    mutating func skipSpace() {
        while position < text.count, text[position].properties.isWhitespace { position += 1 }
    }

    mutating func add(_ node: ExpressionNode) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// Consumes `token` (after spaces) when it is next.
    mutating func accept(_ token: String) -> Bool {
        skipSpace()
        let scalars = Array(token.unicodeScalars)
        guard position + scalars.count <= text.count, Array(text[position..<position + scalars.count]) == scalars
        else { return false }
        position += scalars.count
        return true
    }

    mutating func expect(_ token: String, _ what: String) throws(ExpressionError) {
        guard accept(token) else { throw error("expected \(what), found \(describeHere())") }
    }

    mutating func conditional() throws(ExpressionError) -> Int {
        let condition = try comparison()
        guard accept("?") else { return condition }
        let whenTrue = try nested { (p: inout Parser) throws(ExpressionError) in try p.conditional() }
        try expect(":", "':' between the branches of '?'")
        let whenFalse = try nested { (p: inout Parser) throws(ExpressionError) in try p.conditional() }
        return add(.conditional(condition, whenTrue, whenFalse))
    }

    mutating func comparison() throws(ExpressionError) -> Int {
        var left = try additive()
        while true {
            // Two-character operators first, so "<=" is not read as "<" then "=".
            let op: BinaryOperator
            if accept("<=") { op = .lessOrEqual }
            else if accept(">=") { op = .greaterOrEqual }
            else if accept("==") { op = .equal }
            else if accept("<") { op = .less }
            else if accept(">") { op = .greater }
            else { return left }
            let right = try additive()
            left = add(.binary(op, left, right))
        }
    }

    mutating func additive() throws(ExpressionError) -> Int {
        var left = try product()
        while true {
            let op: BinaryOperator
            if accept("+") { op = .add } else if accept("-") { op = .subtract } else { return left }
            let right = try product()
            left = add(.binary(op, left, right))
        }
    }

    mutating func product() throws(ExpressionError) -> Int {
        var left = try unary()
        while true {
            let op: BinaryOperator
            if accept("*") { op = .multiply } else if accept("/") { op = .divide } else { return left }
            let right = try unary()
            left = add(.binary(op, left, right))
        }
    }

    mutating func unary() throws(ExpressionError) -> Int {
        if accept("-") {
            let operand = try nested { (p: inout Parser) throws(ExpressionError) in try p.unary() }
            if case .constant(let v) = nodes[operand] { nodes[operand] = .constant(-v); return operand }
            return add(.negate(operand))
        }
        return try primary()
    }

    mutating func nested(_ body: (inout Parser) throws(ExpressionError) -> Int) throws(ExpressionError) -> Int {
        depth += 1
        defer { depth -= 1 }
        guard depth <= ExpressionParser.maximumDepth else {
            throw error("expression nested more than \(ExpressionParser.maximumDepth) levels deep")
        }
        return try body(&self)
    }

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_"
    }
    static func isIdentifierBody(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || isDigit(c) }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    mutating func primary() throws(ExpressionError) -> Int {
        skipSpace()
        let start = position
        guard position < text.count else {
            throw error("expected a number, a driver, a function call or '(', found the end of the expression")
        }
        let c = text[position]
        if accept("(") {
            let inner = try nested { (p: inout Parser) throws(ExpressionError) in try p.conditional() }
            try expect(")", "')' to close the '(' at column \(start + 1)")
            return inner
        }
        if Self.isDigit(c) || (c == "." && position + 1 < text.count && Self.isDigit(text[position + 1])) {
            return add(.constant(try number()))
        }
        if Self.isIdentifierStart(c) {
            let name = identifier()
            if accept("(") { return try call(name, column: start + 1) }
            guard let slot = drivers.slot(for: name) else {
                let hint = ExpressionParser.functionArity[name] != nil ? " (\(name) is a function: write \(ExpressionParser.functionSignature[name]!))" : ""
                throw error("unknown driver '\(name)'\(hint); drivers are \(drivers.known.sorted().joined(separator: ", "))",
                            at: start + 1)
            }
            used[name] = slot
            return add(.driver(slot: slot))
        }
        throw error("expected a number, a driver, a function call or '(', found \(describeHere())")
    }

    /// digits [. digits] [(e|E) [+|-] digits]
    mutating func number() throws(ExpressionError) -> Double {
        let start = position
        while position < text.count, Self.isDigit(text[position]) { position += 1 }
        if position < text.count, text[position] == "." {
            position += 1
            while position < text.count, Self.isDigit(text[position]) { position += 1 }
        }
        if position < text.count, text[position] == "e" || text[position] == "E" {
            var p = position + 1
            if p < text.count, text[p] == "+" || text[p] == "-" { p += 1 }
            if p < text.count, Self.isDigit(text[p]) {
                position = p
                while position < text.count, Self.isDigit(text[position]) { position += 1 }
            }
        }
        var s = ""
        s.unicodeScalars.append(contentsOf: text[start..<position])
        guard let v = Double(s), v.isFinite else { throw error("'\(s)' is not a finite number", at: start + 1) }
        return v
    }

    /// letter (letter|digit)* ("." letter (letter|digit)*)*
    mutating func identifier() -> String {
        let start = position
        while true {
            while position < text.count, Self.isIdentifierBody(text[position]) { position += 1 }
            if position + 1 < text.count, text[position] == ".", Self.isIdentifierStart(text[position + 1]) {
                position += 1
            } else { break }
        }
        var s = ""
        s.unicodeScalars.append(contentsOf: text[start..<position])
        return s
    }

    mutating func call(_ name: String, column: Int) throws(ExpressionError) -> Int {
        guard let arity = ExpressionParser.functionArity[name] else {
            throw error("unknown function '\(name)'; functions are \(ExpressionParser.functionArity.keys.sorted().joined(separator: ", "))",
                        at: column)
        }
        var arguments: [Int] = []
        if !accept(")") {
            repeat {
                arguments.append(try nested { (p: inout Parser) throws(ExpressionError) in try p.conditional() })
            } while accept(",")
            try expect(")", "',' or ')' in the arguments of \(name)")
        }
        guard arguments.count == arity else {
            throw error("\(name) takes \(arity) argument\(arity == 1 ? "" : "s"), \(ExpressionParser.functionSignature[name]!), got \(arguments.count)",
                        at: column)
        }
        switch arity {
        case 1: return add(.call1(Function1(rawValue: name)!, arguments[0]))
        case 2: return add(.call2(Function2(rawValue: name)!, arguments[0], arguments[1]))
        default: return add(.call3(Function3(rawValue: name)!, arguments[0], arguments[1], arguments[2]))
        }
    }
}

// Parser: tokens → syntax, by recursive descent with C's operator precedence.
//
// The grammar is the part of MSL (a C++14 dialect) that SwiftUI's stitchable shaders are written
// in: file-scope `constant` globals and functions, declarations, expression statements,
// if/else, for, while, do-while, break, continue, return. C++ beyond that (structs, templates,
// references, pointers, arrays, lambdas, namespaces other than `using namespace metal;`) is
// refused where it starts, with its position.

struct Parser {
    var tokens: [Token]
    var position = 0
    /// Statements and parenthesized or unary expressions nested deeper than this are refused
    /// (recursive descent would otherwise run out of stack on a hostile file).
    static let maxNesting = 200
    var depth = 0
    /// How many of the `depth` levels are operators of flat chains (`a + b + c …`).
    var chained = 0

    /// When most of the depth is operators of a flat chain (`a + b + c …`, a tree as deep as it is
    /// long), the message says so rather than blaming nesting.
    mutating func enter() throws(MSLError) {
        depth += 1
        if depth > Self.maxNesting {
            if chained * 2 >= Self.maxNesting {
                throw MSLError("an expression of more than \(Self.maxNesting) operators in a chain (a + b + c …, parsed as a tree as deep " +
                               "as it is long) is unsupported; split it into partial sums in local variables", at: location)
            }
            throw MSLError("nesting deeper than \(Self.maxNesting) levels is unsupported", at: location)
        }
    }

    static func parse(file: String, source: String) throws(MSLError) -> SourceFile {
        var parser = Parser(tokens: try Lexer.tokenize(file: file, source: source))
        return try parser.sourceFile()
    }

    var current: Token { tokens[position] }
    var location: SourceLocation { current.location }

    func isPunct(_ p: String, ahead: Int = 0) -> Bool {
        let i = min(position + ahead, tokens.count - 1)
        return tokens[i].kind == .punct(p)
    }

    func isWord(_ w: String, ahead: Int = 0) -> Bool {
        let i = min(position + ahead, tokens.count - 1)
        return tokens[i].kind == .identifier(w)
    }

    mutating func take(_ p: String) -> Bool {
        if isPunct(p) { position += 1; return true }
        return false
    }

    mutating func takeWord(_ w: String) -> Bool {
        if isWord(w) { position += 1; return true }
        return false
    }

    mutating func expect(_ p: String) throws(MSLError) {
        guard take(p) else { throw MSLError("expected '\(p)' but found \(describe(current))", at: location) }
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier(let n): return "'\(n)'"
        case .integer(let v, _): return "'\(v)'"
        case .floating(let v, _): return "'\(v)'"
        case .punct(let p): return "'\(p)'"
        case .end: return "the end of the file"
        }
    }

    mutating func identifier() throws(MSLError) -> (String, SourceLocation) {
        if case .identifier(let n) = current.kind {
            let l = location
            position += 1
            return (n, l)
        }
        throw MSLError("expected a name but found \(describe(current))", at: location)
    }

    // MARK: File scope

    static let refusedWords: [String: String] = [
        "struct": "struct declarations are unsupported", "class": "classes are unsupported",
        "template": "templates are unsupported", "typedef": "typedef is unsupported",
        "enum": "enums are unsupported", "union": "unions are unsupported", "namespace": "namespace blocks are unsupported",
        "kernel": "kernel functions are unsupported (only [[ stitchable ]] and helper functions)",
        "vertex": "vertex functions are unsupported", "fragment": "fragment functions are unsupported",
        "device": "device address space is unsupported", "threadgroup": "threadgroup address space is unsupported",
        "switch": "switch statements are unsupported", "goto": "goto is unsupported",
        "discard_fragment": "discard_fragment is unsupported",
    ]

    mutating func sourceFile() throws(MSLError) -> SourceFile {
        var file = SourceFile(constants: [], functions: [], order: [])
        while current.kind != .end {
            if take(";") { continue }
            if isWord("using") {
                let at = location
                position += 1
                guard takeWord("namespace") else { throw MSLError("only 'using namespace metal;' is supported", at: at) }
                let (name, l) = try identifier()
                guard name == "metal" else { throw MSLError("'using namespace \(name)' is unsupported", at: l) }
                try expect(";")
                continue
            }
            if case .identifier(let w) = current.kind, let why = Self.refusedWords[w] {
                throw MSLError(why, at: location)
            }
            var isStitchable = false
            var isConstant = false
            while true {
                if isPunct("[") && isPunct("[", ahead: 1) {
                    let at = location
                    position += 2
                    let (attribute, _) = try identifier()
                    guard attribute == "stitchable" else { throw MSLError("attribute [[ \(attribute) ]] is unsupported", at: at) }
                    try expect("]"); try expect("]")
                    isStitchable = true
                } else if takeWord("static") || takeWord("inline") || takeWord("constexpr") || takeWord("const") {
                } else if takeWord("constant") {
                    isConstant = true
                } else { break }
            }
            let type = try typeName()
            let (name, at) = try identifier()
            if isPunct("(") {
                if isConstant { throw MSLError("a function cannot be 'constant'", at: at) }
                let start = position
                var function: FunctionDecl
                do {
                    function = try functionRest(type, name: name, at: at, isStitchable: isStitchable)
                } catch {
                    // Kept with its error and skipped to its closing brace: another function of
                    // the file may be the one the clip runs.
                    position = start
                    depth = 0
                    guard skipFunction() else { throw error }
                    function = FunctionDecl(returnType: type, name: name, parameters: [], body: [],
                                            isStitchable: isStitchable, location: at, refused: error)
                }
                file.order.append(.function(file.functions.count))
                file.functions.append(function)
            } else {
                guard isConstant else {
                    throw MSLError("file-scope variables must be 'constant' ('\(name)')", at: at)
                }
                if isPunct("[") { throw MSLError("arrays are unsupported", at: location) }
                try expect("=")
                let value = try expression()
                try expect(";")
                file.order.append(.constant(file.constants.count))
                file.constants.append(ConstantDecl(type: type, name: name, initializer: value, location: at))
            }
        }
        return file
    }

    /// From a function's parameter list, past its body's closing brace; false when there is no
    /// body to skip (a ';' or the end of the file comes first, or the braces never close).
    mutating func skipFunction() -> Bool {
        while !isPunct("{") {
            if isPunct(";") || current.kind == .end { return false }
            position += 1
        }
        var open = 0
        repeat {
            if current.kind == .end { return false }
            if isPunct("{") { open += 1 } else if isPunct("}") { open -= 1 }
            position += 1
        } while open > 0
        return true
    }

    /// A type: `float3`, `half`, `SwiftUI::Layer`, `metal::float2` …
    mutating func typeName() throws(MSLError) -> TypeName {
        let at = location
        var (name, _) = try identifier()
        if name == "metal" && take("::") { (name, _) = try identifier() }
        if name == "SwiftUI" {
            try expect("::")
            let (inner, _) = try identifier()
            name = "SwiftUI::" + inner
        }
        if name == "unsigned" {
            if takeWord("int") {}
            name = "uint"
        }
        if isPunct("<") { throw MSLError("templates are unsupported ('\(name)<…>')", at: location) }
        if isPunct("&") { throw MSLError("references are unsupported", at: location) }
        if isPunct("*") { throw MSLError("pointers are unsupported", at: location) }
        return TypeName(name: name, location: at)
    }

    mutating func functionRest(_ type: TypeName, name: String, at: SourceLocation, isStitchable: Bool) throws(MSLError) -> FunctionDecl {
        try expect("(")
        var parameters: [Parameter] = []
        if !isPunct(")") {
            if isWord("void") && isPunct(")", ahead: 1) { position += 1 } else {
                repeat {
                    while takeWord("const") || takeWord("thread") {}
                    if isWord("device") || isWord("constant") {
                        throw MSLError("pointer arguments (\(describe(current))) are unsupported", at: location)
                    }
                    let t = try typeName()
                    let (n, l) = try identifier()
                    if isPunct("[") { throw MSLError("array parameters are unsupported", at: location) }
                    parameters.append(Parameter(type: t, name: n, location: l))
                } while take(",")
            }
        }
        try expect(")")
        if isPunct(";") { throw MSLError("function declarations without a body are unsupported ('\(name)')", at: at) }
        guard isPunct("{") else { throw MSLError("expected '{' but found \(describe(current))", at: location) }
        guard case .block(let body) = try statement() else { fatalError("a '{' statement is a block") }
        return FunctionDecl(returnType: type, name: name, parameters: parameters, body: body,
                            isStitchable: isStitchable, location: at)
    }

    // MARK: Statements

    /// Whether the tokens here start a declaration: a type name followed by a name.
    func startsDeclaration() -> Bool {
        if isWord("const") { return true }
        guard case .identifier(let word) = current.kind else { return false }
        // `name name` can only be a declaration (an unknown type is refused by the checker).
        if case .identifier = tokens[min(position + 1, tokens.count - 1)].kind { return true }
        if MSLType.named(word) != nil || word == "metal" || word == "SwiftUI" || word == "unsigned" {
            if case .identifier = tokens[min(position + 1, tokens.count - 1)].kind { return true }
            if word == "metal" || word == "SwiftUI" { return isPunct("::", ahead: 1) && !isPunct("(", ahead: 3) }
        }
        return false
    }

    mutating func statement() throws(MSLError) -> Stmt {
        try enter()
        defer { depth -= 1 }
        let at = location
        if take("{") {
            var body: [Stmt] = []
            while !take("}") {
                if current.kind == .end { throw MSLError("expected '}' before the end of the file", at: location) }
                body.append(try statement())
            }
            return .block(body)
        }
        if take(";") { return .empty }
        if case .identifier(let w) = current.kind, let why = Self.refusedWords[w] { throw MSLError(why, at: at) }
        if takeWord("if") {
            try expect("(")
            let condition = try expression()
            try expect(")")
            let then = try statement()
            let otherwise: Stmt? = takeWord("else") ? try statement() : nil
            return .ifElse(condition, then, otherwise, at)
        }
        if takeWord("for") {
            try expect("(")
            var initial: Stmt? = nil
            if !take(";") { initial = try simpleStatement(); try expect(";") }
            let condition: Expr? = isPunct(";") ? nil : try expression()
            try expect(";")
            let step: Expr? = isPunct(")") ? nil : try expression()
            try expect(")")
            return .forLoop(init: initial, condition: condition, step: step, body: try statement(), at)
        }
        if takeWord("while") {
            try expect("(")
            let condition = try expression()
            try expect(")")
            return .whileLoop(condition, try statement(), at)
        }
        if takeWord("do") {
            let body = try statement()
            guard takeWord("while") else { throw MSLError("expected 'while' after a do block", at: location) }
            try expect("(")
            let condition = try expression()
            try expect(")"); try expect(";")
            return .doWhile(body, condition, at)
        }
        if takeWord("break") { try expect(";"); return .breakLoop(at) }
        if takeWord("continue") { try expect(";"); return .continueLoop(at) }
        if takeWord("return") {
            if take(";") { return .returnValue(nil, at) }
            let value = try expression()
            try expect(";")
            return .returnValue(value, at)
        }
        let s = try simpleStatement()
        try expect(";")
        return s
    }

    /// A declaration or an expression, without the `;`.
    mutating func simpleStatement() throws(MSLError) -> Stmt {
        guard startsDeclaration() else { return .expression(try expression()) }
        while takeWord("const") || takeWord("constexpr") {}
        let type = try typeName()
        var declarators: [Declarator] = []
        repeat {
            let (name, l) = try identifier()
            if isPunct("[") { throw MSLError("arrays are unsupported", at: location) }
            var value: Expr? = nil
            if take("=") { value = try assignment() }
            else if isPunct("(") || isPunct("{") {
                throw MSLError("initialize '\(name)' with '=' (constructor-style initialization is unsupported)", at: location)
            }
            declarators.append(Declarator(name: name, initializer: value, location: l))
        } while take(",")
        return .declare(type, declarators)
    }

    // MARK: Expressions (C precedence, lowest first)

    mutating func expression() throws(MSLError) -> Expr {
        let e = try assignment()
        if isPunct(",") { throw MSLError("the comma operator is unsupported", at: location) }
        return e
    }

    static let assignmentOperators: Set<String> = ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]

    mutating func assignment() throws(MSLError) -> Expr {
        try enter()
        defer { depth -= 1 }
        let target = try ternary()
        if case .punct(let p) = current.kind, Self.assignmentOperators.contains(p) {
            let at = location
            position += 1
            let value = try assignment()
            return .assign(p, target, value, at)
        }
        return target
    }

    mutating func ternary() throws(MSLError) -> Expr {
        let condition = try binary(level: 0)
        if isPunct("?") {
            let at = location
            position += 1
            let a = try assignment()
            try expect(":")
            let b = try assignment()
            return .ternary(condition, a, b, at)
        }
        return condition
    }

    static let levels: [[String]] = [
        ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"],
    ]

    mutating func binary(level: Int) throws(MSLError) -> Expr {
        if level == Self.levels.count { return try unary() }
        var left = try binary(level: level + 1)
        // A chain `a + b + c …` is a tree as deep as it is long: it counts as nesting too.
        let outer = depth, outerChained = chained
        defer { depth = outer; chained = outerChained }
        while case .punct(let p) = current.kind, Self.levels[level].contains(p) {
            let at = location
            chained += 1
            try enter()
            position += 1
            let right = try binary(level: level + 1)
            left = .binary(p, left, right, at)
        }
        return left
    }

    mutating func unary() throws(MSLError) -> Expr {
        try enter()
        defer { depth -= 1 }
        let at = location
        if case .punct(let p) = current.kind, ["-", "+", "!", "~", "++", "--"].contains(p) {
            position += 1
            let operand = try unary()
            if p == "++" || p == "--" {
                return .assign(p == "++" ? "+=" : "-=", operand, .integer(1, unsigned: false, at), at)
            }
            return .unary(p, operand, at)
        }
        if isPunct("(") {
            // A C-style cast `(float)x`.
            if case .identifier(let w) = tokens[position + 1].kind, MSLType.named(w) != nil, isPunct(")", ahead: 2) {
                position += 3
                return .call(w, [try unary()], at)
            }
        }
        return try postfix()
    }

    mutating func postfix() throws(MSLError) -> Expr {
        var e = try primary()
        while true {
            let at = location
            if take(".") {
                let (name, _) = try identifier()
                if isPunct("(") {
                    position += 1
                    var args: [Expr] = []
                    if !take(")") {
                        repeat { args.append(try assignment()) } while take(",")
                        try expect(")")
                    }
                    e = .call("." + name, [e] + args, at)
                } else {
                    e = .member(e, name, at)
                }
            } else if take("[") {
                let i = try expression()
                try expect("]")
                e = .index(e, i, at)
            } else if take("++") {
                e = .assign("+=", e, .integer(1, unsigned: false, at), at)
            } else if take("--") {
                e = .assign("-=", e, .integer(1, unsigned: false, at), at)
            } else {
                return e
            }
        }
    }

    mutating func primary() throws(MSLError) -> Expr {
        let at = location
        switch current.kind {
        case .integer(let v, let u): position += 1; return .integer(v, unsigned: u, at)
        case .floating(let v, let h): position += 1; return .floating(v, half: h, at)
        case .punct("("):
            position += 1
            let e = try expression()
            try expect(")")
            return e
        case .identifier(var name):
            position += 1
            if name == "true" || name == "false" { return .boolean(name == "true", at) }
            if name == "metal" && take("::") { (name, _) = try identifier() }
            if name == "SwiftUI" { throw MSLError("'SwiftUI::' is only supported as the type SwiftUI::Layer", at: at) }
            if isPunct("<") && MSLType.named(name) == nil && Self.isTemplateFunction(name) {
                throw MSLError("template arguments are unsupported", at: location)
            }
            if take("(") {
                var args: [Expr] = []
                if !take(")") {
                    repeat { args.append(try assignment()) } while take(",")
                    try expect(")")
                }
                return .call(name, args, at)
            }
            if isPunct("{") { throw MSLError("brace initialization is unsupported", at: location) }
            return .name(name, at)
        default:
            throw MSLError("expected an expression but found \(describe(current))", at: at)
        }
    }

    static func isTemplateFunction(_ name: String) -> Bool { ["as_type", "static_cast", "reinterpret_cast"].contains(name) }
}

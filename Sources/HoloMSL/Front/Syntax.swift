// Syntax: the parse tree of an MSL source, before types. Every node keeps where it was written
// so the checker's refusals point at it.

struct TypeName: Sendable {
    var name: String
    var location: SourceLocation
}

indirect enum Expr: Sendable {
    case integer(Int64, unsigned: Bool, SourceLocation)
    case floating(Double, half: Bool, SourceLocation)
    case boolean(Bool, SourceLocation)
    case name(String, SourceLocation)
    /// `f(args)` or a type constructor `float3(args)`.
    case call(String, [Expr], SourceLocation)
    case member(Expr, String, SourceLocation)
    case index(Expr, Expr, SourceLocation)
    case unary(String, Expr, SourceLocation)
    case binary(String, Expr, Expr, SourceLocation)
    case ternary(Expr, Expr, Expr, SourceLocation)
    /// `a = b`, `a += b`, …; `a++` is `a += 1`. Only allowed as a statement.
    case assign(String, Expr, Expr, SourceLocation)

    var location: SourceLocation {
        switch self {
        case .integer(_, _, let l), .floating(_, _, let l), .boolean(_, let l), .name(_, let l), .call(_, _, let l),
             .member(_, _, let l), .index(_, _, let l), .unary(_, _, let l), .binary(_, _, _, let l),
             .ternary(_, _, _, let l), .assign(_, _, _, let l):
            return l
        }
    }
}

struct Declarator: Sendable {
    var name: String
    var initializer: Expr?
    var location: SourceLocation
}

indirect enum Stmt: Sendable {
    case declare(TypeName, [Declarator])
    case expression(Expr)
    case ifElse(Expr, Stmt, Stmt?, SourceLocation)
    case forLoop(init: Stmt?, condition: Expr?, step: Expr?, body: Stmt, SourceLocation)
    case whileLoop(Expr, Stmt, SourceLocation)
    case doWhile(Stmt, Expr, SourceLocation)
    case block([Stmt])
    case breakLoop(SourceLocation)
    case continueLoop(SourceLocation)
    case returnValue(Expr?, SourceLocation)
    case empty
}

struct Parameter: Sendable {
    var type: TypeName
    var name: String
    var location: SourceLocation
}

struct FunctionDecl: Sendable {
    var returnType: TypeName
    var name: String
    var parameters: [Parameter]
    var body: [Stmt]
    var isStitchable: Bool
    var location: SourceLocation
    /// Set when the function uses something outside the subset: the file is still read, and
    /// the function fails only if the clip's entry point reaches it.
    var refused: MSLError? = nil
}

struct ConstantDecl: Sendable {
    var type: TypeName
    var name: String
    var initializer: Expr
    var location: SourceLocation
}

struct SourceFile: Sendable {
    var constants: [ConstantDecl]
    var functions: [FunctionDecl]
    /// Constants and functions in source order (a function sees only what is above it).
    var order: [Declaration]

    enum Declaration: Sendable { case constant(Int), function(Int) }
}

// TypedTree: the checked program both evaluators run. Every conversion the language does
// implicitly (int → float, scalar → vector splat, float → half) is an explicit node here, every
// operand of an arithmetic node has the node's shape or is a scalar of its scalar type, and
// compound assignments are written out (`a += b` is `a = a + b`; the target has no side
// effects). Expressions have no side effects at all: assignments are statements, and functions
// can change only their own locals. Locals and parameters are numbered per function.

/// A variable: a local or parameter of one function (index into that function's slots), or a
/// file-scope constant.
enum VariableRef: Hashable, Sendable {
    case local(Int)
    case global(Int)
}

/// `bitNot` is `~` on int or uint (scalar or vector).
enum UnaryOp: Sendable { case negate, not, bitNot }

enum BinaryOp: Sendable {
    case add, subtract, multiply, divide, remainder
    case less, lessEqual, greater, greaterEqual, equal, notEqual
    case and, or
    /// Integer bitwise operators on the 32-bit two's-complement pattern (int) or unsigned value
    /// (uint); shift counts are taken modulo 32, as the GPU does; `>>` of an int keeps its sign.
    case bitAnd, bitOr, bitXor, shiftLeft, shiftRight
    /// Linear algebra products (the shapes say which): matrix·vector, vector·matrix, matrix·matrix.
    case matrixTimesVector, vectorTimesMatrix, matrixTimesMatrix
}

enum Builtin: String, Sendable, CaseIterable {
    case sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, pow, exp, exp2, log, log2, log10, sqrt, rsqrt
    case abs, sign, floor, ceil, round, trunc, fract, fmod, min, max, clamp, mix, step, smoothstep
    case dot, cross, length, distance, normalize, saturate, select, fma, all, any
}

indirect enum TExpr: Sendable {
    /// Components, already in the target type (int and bool values as whole numbers and 0/1).
    case constant([Double], MSLType)
    case variable(VariableRef, MSLType)
    /// Picks components (swizzle, vector index, matrix column) by constant index.
    case components(TExpr, [Int], MSLType)
    /// Component-wise scalar-type conversion; `half` results are rounded to half where the
    /// evaluator stores halves.
    case convert(TExpr, MSLType)
    /// A scalar repeated to the type's shape.
    case splat(TExpr, MSLType)
    /// Components of the parts, one after another (constructors).
    case concat([TExpr], MSLType)
    case unary(UnaryOp, TExpr, MSLType)
    case binary(BinaryOp, TExpr, TExpr, MSLType)
    case select(TExpr, TExpr, TExpr, MSLType)
    case builtin(Builtin, [TExpr], MSLType)
    case call(Int, [TExpr], MSLType)
    /// `layer.sample(p)`: the layer's premultiplied colour at p (points).
    case sample(TExpr, MSLType)

    var type: MSLType {
        switch self {
        case .constant(_, let t), .variable(_, let t), .components(_, _, let t), .convert(_, let t), .splat(_, let t),
             .concat(_, let t), .unary(_, _, let t), .binary(_, _, _, let t), .select(_, _, _, let t),
             .builtin(_, _, let t), .call(_, _, let t), .sample(_, let t):
            return t
        }
    }
}

indirect enum TStmt: Sendable {
    /// Stores `value` into components `components` of local `local` (all of them for a plain store).
    case store(local: Int, components: [Int], TExpr)
    case ifElse(TExpr, [TStmt], [TStmt])
    /// `while (condition) { body; step }`; `continue` goes to `step`. At most `limit` trips.
    /// `trips`: how many times the loop runs at most, as far as the checker can tell (a for loop's
    /// literal count, else `limit`): what the static cost (`Checker.cost`) multiplies its body by.
    case loop(condition: TExpr?, body: [TStmt], step: [TStmt], checkFirst: Bool, limit: Int, trips: Int)
    case breakLoop
    case continueLoop
    case returnValue(TExpr?)
}

struct TFunction: Sendable {
    var name: String
    var returnType: MSLType
    var parameterTypes: [MSLType]
    /// Types of every local, parameters first.
    var localTypes: [MSLType]
    var body: [TStmt]
    var isStitchable: Bool
    var location: SourceLocation
    /// Operations one pixel may run, calls inlined and loops multiplied by their trips (Checker.cost).
    var cost: Double = 0
}

struct TGlobal: Sendable {
    var name: String
    var type: MSLType
    /// In terms of earlier globals only.
    var value: TExpr
}

/// A checked source file: its constants and functions, in source order.
struct TProgram: Sendable {
    var file: String
    var globals: [TGlobal]
    var functions: [TFunction]
    /// Functions outside the subset (or calling one), with why, in source order.
    var refused: [RefusedFunction] = []
    /// Every function's name, in source order, and whether it is stitchable.
    var declared: [(name: String, isStitchable: Bool)] = []
}

struct RefusedFunction: Sendable {
    var name: String
    var isStitchable: Bool
    var error: MSLError
    /// The construct outside the subset itself (for a function refused for calling one, that one's).
    var root: MSLError
}

// MSLType: the value types of the subset — scalars, vectors of 2…4 and matrices of 2…4 columns
// by 2…4 rows — plus SwiftUI::Layer, which only a layer effect's parameter can have.
//
// Every value is a flat list of components: a scalar has 1, a vector n, a matrix columns·rows
// stored column by column (component c·rows + r is row r of column c, as Metal stores them).

public struct MSLType: Hashable, Sendable, CustomStringConvertible {
    public enum Scalar: Int, Hashable, Sendable, Comparable {
        // Ordered by the usual arithmetic conversions: the wider of two operands wins.
        case bool, int, uint, half, float
        public static func < (a: Scalar, b: Scalar) -> Bool { a.rawValue < b.rawValue }
        var name: String {
            switch self { case .bool: "bool"; case .int: "int"; case .uint: "uint"; case .half: "half"; case .float: "float" }
        }
        var isFloating: Bool { self == .half || self == .float }
    }

    public var scalar: Scalar
    /// 1 for scalars and vectors.
    public var columns: Int
    /// Components of a vector (1 for scalars), rows of a matrix.
    public var rows: Int
    /// SwiftUI::Layer (no components; only sampled).
    public var isLayer: Bool = false

    public init(_ scalar: Scalar, columns: Int = 1, rows: Int = 1) {
        self.scalar = scalar; self.columns = columns; self.rows = rows
    }

    public static let layer: MSLType = { var t = MSLType(.half); t.isLayer = true; return t }()
    public static let float = MSLType(.float), half = MSLType(.half), int = MSLType(.int)
    public static let uint = MSLType(.uint), bool = MSLType(.bool)
    public static func vector(_ s: Scalar, _ n: Int) -> MSLType { MSLType(s, rows: n) }

    public var componentCount: Int { isLayer ? 0 : columns * rows }
    public var isScalar: Bool { !isLayer && columns == 1 && rows == 1 }
    public var isVector: Bool { !isLayer && columns == 1 && rows > 1 }
    public var isMatrix: Bool { !isLayer && columns > 1 }

    /// The same shape with another scalar type.
    func with(_ s: Scalar) -> MSLType { MSLType(s, columns: columns, rows: rows) }
    /// A column of a matrix, or the scalar of a vector.
    var element: MSLType { isMatrix ? MSLType(scalar, rows: rows) : MSLType(scalar) }

    public var description: String {
        if isLayer { return "SwiftUI::Layer" }
        if isMatrix { return "\(scalar.name)\(columns)x\(rows)" }
        return rows == 1 ? scalar.name : "\(scalar.name)\(rows)"
    }

    /// The type a name spells, if it is one: `float`, `half3`, `int2`, `float4x4`, `uchar`… no:
    /// only the types of the subset (see the header).
    static func named(_ name: String) -> MSLType? {
        if name == "SwiftUI::Layer" { return .layer }
        if name == "void" { return MSLType(.float, columns: 0, rows: 0) }
        let scalars: [(String, Scalar)] = [("float", .float), ("half", .half), ("int", .int), ("uint", .uint), ("bool", .bool)]
        for (prefix, scalar) in scalars where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.isEmpty { return MSLType(scalar) }
            if rest.count == 1, let n = Int(rest), (2...4).contains(n) { return MSLType(scalar, rows: n) }
            if rest.count == 3, scalar.isFloating, rest.dropFirst().first == "x",
               let c = Int(String(rest.first!)), let r = Int(String(rest.last!)), (2...4).contains(c), (2...4).contains(r) {
                return MSLType(scalar, columns: c, rows: r)
            }
        }
        return nil
    }

    var isVoid: Bool { columns == 0 && rows == 0 && !isLayer }
    static let void = MSLType(.float, columns: 0, rows: 0)
}

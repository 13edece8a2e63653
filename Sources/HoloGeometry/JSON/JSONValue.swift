// Every JSON document Holoframe reads — clip and scene files, Golden/<clip>/tolerances.json, bench
// baselines, a render folder's record — is parsed by JSONParser into this one tree and read from it
// with the path of each value in hand (JSONReading.swift).
//
// Numbers are kept as written: a literal without a fraction or an exponent that fits an Int
// (`60`, `-3`, `0x1F`) is `.integer`; anything else (`60.0`, `1e3`, `NaN`, `Infinity`, an integer
// beyond Int's range) is `.float`. Readers that want any number take `number`.

public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case float(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a JSON5 document (see JSONParser.swift for what that admits and the limits).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = JSONParser.maxDepth,
                             maxValues: Int = JSONParser.maxValues) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes, maxDepth: maxDepth, maxValues: maxValues)
        return try parser.document()
    }

    /// Parses the UTF-8 of `text`.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try parse(Array(text.utf8)) }

    /// Any number, integer or floating point, as a Double (nil for other kinds).
    public var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .float(let d): return d
        default: return nil
        }
    }

    /// How an error message shows what it found: numbers as written, strings cut to 40 characters.
    public var shown: String {
        switch self {
        case .integer(let i): return String(i)
        case .float(let d): return Self.shown(d)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        }
    }

    /// A computed Double as messages show it: `NaN`, `Infinity`, `2` for 2.0, else Swift's shortest form.
    public static func shown(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        return d == d.rounded() && Swift.abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}

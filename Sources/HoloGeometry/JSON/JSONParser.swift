// A JSON5 parser (https://spec.json5.org) over UTF-8 bytes, hand-written so every syntax error says
// where it is: the path of the value being read (`scene.children[3]`) and the line and column.
//
// Admitted beyond strict JSON, as JSON5 does (and Foundation's `allowsJSON5` did before it):
//   comments (`// …` to the end of the line, `/* … */`), a trailing comma in an array or object,
//   unquoted keys (letters, digits, `_`, `$`, non-ASCII; not starting with a digit), strings in
//   single quotes, the escapes \' \v \0 \xHH and a backslash before a line break (continued string),
//   numbers with a leading `+`, a leading or trailing `.` (`.5`, `5.`), hexadecimal (`0x1F`),
//   `Infinity`, `-Infinity` and `NaN`, and the extra white space U+00A0, U+FEFF, U+2028, U+2029, \v, \f.
// Refused: an unescaped control character in a string, invalid UTF-8, a lone surrogate escape,
// leading zeros (`012`), a key given twice in one object (a typo must not silently win or lose),
// anything after the document, and nesting deeper than `maxDepth` arrays and objects (512, as
// Foundation's parser: the parser recurses, so the limit bounds its stack), and more than
// `maxValues` values in one document (1,000,000: a parsed value costs 10–25× the bytes it was
// written in, so a 250 MB file of short numbers would take gigabytes; the cap holds the tree to a
// few hundred MB and is refused with a message once reached, well before memory runs out. A scene
// at the 20,000-node cap is about 200,000 values).
//
// Line and column count from 1; a column counts Unicode scalars, a tab is one.

/// A document that is not JSON5: where the parser was (`path`, "" at the top level; line and
/// column) and what it expected.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let column: Int
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

public struct JSONParser {
    public static let maxDepth = 512
    public static let maxValues = 1_000_000

    private let bytes: [UInt8]
    private let maxDepth: Int
    private let maxValues: Int
    private var values = 0
    private var i = 0
    /// The keys and indices from the root to the value being read.
    private var path: [JSONPathStep] = []

    init(_ bytes: [UInt8], maxDepth: Int, maxValues: Int = JSONParser.maxValues) {
        self.bytes = bytes; self.maxDepth = maxDepth; self.maxValues = maxValues
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        try skipSpace()
        guard i < bytes.count else { throw fail("the document is empty; expected a value") }
        let v = try value(depth: 0)
        try skipSpace()
        guard i == bytes.count else { throw fail("unexpected \(found) after the end of the document") }
        return v
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end of input; expected a value") }
        values += 1
        guard values <= maxValues else {
            throw fail("the document holds more than \(maxValues) values (numbers, strings, arrays and objects), the most one file may hold; split it or simplify it")
        }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "I"), UInt8(ascii: "N"):
            return try number()
        default: throw fail("unexpected \(found); expected a value")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) arrays and objects") }
        i += 1
        var members: [String: JSONValue] = [:]
        while true {
            try skipSpace()
            if at("}") { i += 1; return .object(members) }
            let keyStart = i
            let key = try self.key()
            guard members[key] == nil else {
                i = keyStart
                throw fail("the key \"\(key.prefix(40))\" is given twice in this object")
            }
            try skipSpace()
            guard at(":") else { throw fail("unexpected \(found); expected ':' after the key \"\(key.prefix(40))\"") }
            i += 1
            try skipSpace()
            path.append(.key(key))
            members[key] = try value(depth: depth)
            path.removeLast()
            try skipSpace()
            if at(",") { i += 1; continue }
            guard at("}") else { throw fail("unexpected \(found); expected ',' or '}' after the value of \"\(key.prefix(40))\"") }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) arrays and objects") }
        i += 1
        var items: [JSONValue] = []
        while true {
            try skipSpace()
            if at("]") { i += 1; return .array(items) }
            path.append(.index(items.count))
            items.append(try value(depth: depth))
            path.removeLast()
            try skipSpace()
            if at(",") { i += 1; continue }
            guard at("]") else { throw fail("unexpected \(found); expected ',' or ']' after item \(items.count - 1)") }
        }
    }

    /// `true`, `false`, `null`, `NaN`, `Infinity`: the word, not followed by more of a name.
    private mutating func word(_ w: StaticString) throws(JSONSyntaxError) {
        let n = w.utf8CodeUnitCount
        let matches = i + n <= bytes.count && (0..<n).allSatisfy { bytes[i + $0] == w.utf8Start[$0] }
        guard matches, !isNamePart(at: i + n) else {
            throw fail("unexpected \(found); expected a value")
        }
        i += n
    }

    // MARK: Numbers

    /// Decimal or hexadecimal, with an optional sign; `.integer` when written without a fraction
    /// or exponent and within Int's range.
    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = i
        var negative = false
        if at("-") || at("+") { negative = at("-"); i += 1 }
        if at("I") { try word("Infinity"); return .float(negative ? -.infinity : .infinity) }
        if at("N") { try word("NaN"); return .float(.nan) }
        if at("0"), i + 1 < bytes.count, bytes[i + 1] | 0x20 == UInt8(ascii: "x") {
            i += 2
            let digitsStart = i
            while i < bytes.count, Self.hexValue(bytes[i]) != nil { i += 1 }
            guard i > digitsStart else { throw fail("unexpected \(found); expected hexadecimal digits after 0x") }
            try endOfNumber()
            let digits = String(decoding: bytes[digitsStart..<i], as: UTF8.self)
            if let v = Int(digits, radix: 16), v != Int.min { return .integer(negative ? -v : v) }
            // Beyond Int: the nearest Double, as a decimal literal that long would give.
            let d = digits.utf8.reduce(0.0) { $0 * 16 + Double(Self.hexValue($1)!) }
            return .float(negative ? -d : d)
        }
        let intStart = i
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
        let intDigits = i - intStart
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
            i = intStart
            throw fail("a number must not start with 0 followed by more digits")
        }
        var isInteger = true
        var fracDigits = 0
        if at(".") {
            isInteger = false
            i += 1
            let fracStart = i
            while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
            fracDigits = i - fracStart
        }
        guard intDigits + fracDigits > 0 else {
            i = start
            throw fail("unexpected \(found); expected a number")
        }
        if at("e") || at("E") {
            isInteger = false
            i += 1
            if at("+") || at("-") { i += 1 }
            let expStart = i
            while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
            guard i > expStart else { throw fail("unexpected \(found); expected the exponent's digits") }
        }
        try endOfNumber()
        // Swift's parsers take neither a leading '+' nor a bare '.' at either end: write them out.
        var text = String(decoding: bytes[(bytes[start] == UInt8(ascii: "+") ? start + 1 : start)..<i], as: UTF8.self)
        if isInteger, let v = Int(text) { return .integer(v) }
        if intDigits == 0 { text = text.replacingFirst(".", with: "0.") }
        if fracDigits == 0 && !isInteger { text = text.replacingFirst(".", with: ".0") }
        guard let d = Double(text) else { throw fail("\"\(text.prefix(40))\" is not a number") }
        return .float(d)
    }

    /// A number must not run on into a name (`12px`, `0x1G`).
    private func endOfNumber() throws(JSONSyntaxError) {
        if isNamePart(at: i) || at(".") { throw fail("unexpected \(found) in a number") }
    }

    // MARK: Strings and keys

    private mutating func key() throws(JSONSyntaxError) -> String {
        if at("\"") || at("'") { return try string() }
        guard isNamePart(at: i), !Self.isDigit(bytes[i]) else {
            throw fail("unexpected \(found); expected a key (a string or a name) or '}'")
        }
        let start = i
        while isNamePart(at: i) { i += 1 }
        guard let s = String(validating: bytes[start..<i], as: UTF8.self) else {
            i = start
            throw fail("the key is not valid UTF-8")
        }
        return s
    }

    /// A string in double or single quotes; `i` is at the opening quote.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = i
        let quote = bytes[i]
        i += 1
        var out: [UInt8] = []
        while true {
            // The run of plain bytes up to the next quote, backslash or control character.
            let runStart = i
            while i < bytes.count, bytes[i] != quote, bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
            out.append(contentsOf: bytes[runStart..<i])
            guard i < bytes.count else {
                i = start
                throw fail("this string is not closed")
            }
            let c = bytes[i]
            if c == quote { i += 1; break }
            if c < 0x20 { throw fail("a control character (U+\(Self.hex(UInt32(c), 4))) in a string must be written as an escape") }
            try escape(into: &out)
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            i = start
            throw fail("the string is not valid UTF-8")
        }
        return s
    }

    /// One escape; `i` is at the backslash.
    private mutating func escape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        i += 1
        guard i < bytes.count else { throw fail("unexpected end of input in an escape") }
        let c = bytes[i]
        i += 1
        switch c {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "v"): out.append(0x0B)
        case UInt8(ascii: "0"):
            guard i == bytes.count || !Self.isDigit(bytes[i]) else { i -= 2; throw fail("\\0 must not be followed by a digit") }
            out.append(0)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            i -= 2
            throw fail("\\\(Character(Unicode.Scalar(c))) is not an escape")
        case UInt8(ascii: "x"):
            let v = try hexDigits(2)
            out.append(contentsOf: Self.utf8(Unicode.Scalar(UInt8(v))))
        case UInt8(ascii: "u"):
            let unit = try hexDigits(4)
            var scalar = Unicode.Scalar(unit)
            if (0xD800..<0xDC00).contains(unit), at("\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") {
                i += 2
                let low = try hexDigits(4)
                if (0xDC00..<0xE000).contains(low) { scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) }
            }
            guard let scalar else { i -= 6; throw fail("\\u\(Self.hex(unit, 4)) is half of a surrogate pair") }
            out.append(contentsOf: Self.utf8(scalar))
        case 0x0A: break                                             // a continued line
        case 0x0D: if at("\n") { i += 1 }
        case 0xE2 where i + 1 < bytes.count && bytes[i] == 0x80 && (bytes[i + 1] == 0xA8 || bytes[i + 1] == 0xA9):
            i += 2                                                   // U+2028, U+2029
        default:
            // JSON5: any other character stands for itself (\" \' \\ \/ among them).
            out.append(c)
        }
    }

    private mutating func hexDigits(_ n: Int) throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<n {
            guard i < bytes.count, let d = Self.hexValue(bytes[i]) else { throw fail("unexpected \(found); expected \(n) hexadecimal digits in an escape") }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    // MARK: White space and comments

    /// The length in bytes of the white space character at `k` (0: none): ASCII space, tab, line
    /// breaks, \v, \f, U+00A0, U+FEFF, U+2028, U+2029.
    private func spaceLength(at k: Int) -> Int {
        guard k < bytes.count else { return 0 }
        switch bytes[k] {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: return 1
        case 0xC2 where k + 1 < bytes.count && bytes[k + 1] == 0xA0: return 2
        case 0xEF where k + 2 < bytes.count && bytes[k + 1] == 0xBB && bytes[k + 2] == 0xBF: return 3
        case 0xE2 where k + 2 < bytes.count && bytes[k + 1] == 0x80 && (bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9): return 3
        default: return 0
        }
    }

    /// A byte of a name (an unquoted key, a word, a number's run-on) at `k`, not white space.
    private func isNamePart(at k: Int) -> Bool { k < bytes.count && Self.isNamePart(bytes[k]) && spaceLength(at: k) == 0 }

    private mutating func skipSpace() throws(JSONSyntaxError) {
        while i < bytes.count {
            let n = spaceLength(at: i)
            if n > 0 { i += n; continue }
            switch bytes[i] {
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*"):
                let start = i
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                guard i + 1 < bytes.count else { i = start; throw fail("this /* comment is not closed") }
                i += 2
            default: return
            }
        }
    }

    // MARK: Errors

    /// The error at the current offset.
    private func fail(_ message: String) -> JSONSyntaxError {
        var line = 1, lineStart = 0, k = 0
        while k < i {
            if bytes[k] == 0x0A || (bytes[k] == 0x0D && (k + 1 == bytes.count || bytes[k + 1] != 0x0A)) { line += 1; lineStart = k + 1 }
            k += 1
        }
        // Columns count scalars: every byte but UTF-8 continuation bytes starts one.
        let column = 1 + bytes[lineStart..<min(i, bytes.count)].lazy.filter { $0 & 0xC0 != 0x80 }.count
        return JSONSyntaxError(path: JSONPathStep.render(path), line: line, column: column, message: message)
    }

    /// What stands at the current offset, for messages.
    private var found: String {
        guard i < bytes.count else { return "end of input" }
        let c = bytes[i]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c < 0x80 { return "U+\(Self.hex(UInt32(c), 4))" }
        return "a non-ASCII character"
    }

    private func at(_ c: Unicode.Scalar) -> Bool { i < bytes.count && bytes[i] == UInt8(ascii: c) }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    /// A byte of an unquoted key or word: ASCII letters and digits, `_`, `$`, and any non-ASCII byte.
    static func isNamePart(_ b: UInt8) -> Bool {
        isDigit(b) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80
    }
    static func hexValue(_ b: UInt8) -> UInt8? {
        if isDigit(b) { return b - UInt8(ascii: "0") }
        let l = b | 0x20
        return l >= UInt8(ascii: "a") && l <= UInt8(ascii: "f") ? l - UInt8(ascii: "a") + 10 : nil
    }
    static func hex(_ v: UInt32, _ width: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    static func utf8(_ s: Unicode.Scalar) -> [UInt8] { Array(String(Character(s)).utf8) }
}

private extension String {
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let r = firstIndex(of: target) else { return self }
        return String(self[..<r]) + replacement + String(self[index(after: r)...])
    }
}

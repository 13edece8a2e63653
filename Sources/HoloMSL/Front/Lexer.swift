// Lexer: MSL source text → tokens with their line and column.
//
// Comments are dropped. Preprocessor lines are read whole: the two includes stitchable shaders
// start with (`<metal_stdlib>`, `<SwiftUI/SwiftUI_Metal.h>`) are accepted and dropped, any other
// directive is refused (there is no preprocessor here, so a `#define` would silently change
// meaning if it were skipped).

enum TokenKind: Hashable, Sendable {
    case identifier(String)
    case integer(Int64, unsigned: Bool)
    /// A floating literal; `half` when written with an `h` suffix.
    case floating(Double, half: Bool)
    case punct(String)
    case end
}

struct Token: Sendable {
    var kind: TokenKind
    var location: SourceLocation
}

struct Lexer {
    static let acceptedIncludes: Set<String> = ["metal_stdlib", "SwiftUI/SwiftUI_Metal.h", "SwiftUI/SwiftUI.h"]
    /// Longest first, so `<<=` wins over `<<` and `<`.
    static let punctuators = [
        "<<=", ">>=", "::", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "==", "!=", "<=", ">=",
        "&&", "||", "<<", ">>", "+", "-", "*", "/", "%", "=", "<", ">", "!", "~", "&", "|", "^", "?", ":",
        ";", ",", ".", "(", ")", "{", "}", "[", "]",
    ].map { Array($0.unicodeScalars) }

    let file: String
    let text: [Unicode.Scalar]
    var index = 0
    var line = 1
    var column = 1

    init(file: String, source: String) {
        self.file = file
        self.text = Array(source.unicodeScalars)
    }

    static func tokenize(file: String, source: String) throws(MSLError) -> [Token] {
        var lexer = Lexer(file: file, source: source)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < text.count ? text[index + offset] : nil
    }

    mutating func advance() {
        if text[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    mutating func next() throws(MSLError) -> Token {
        try skipSpaceAndComments()
        let start = here
        guard let c = peek() else { return Token(kind: .end, location: start) }
        if c == "#" { try directive(); return try next() }
        if c.properties.isAlphabetic || c == "_" {
            var name = ""
            while let d = peek(), d.properties.isAlphabetic || d == "_" || ("0"..."9").contains(d) {
                name.unicodeScalars.append(d); advance()
            }
            return Token(kind: .identifier(name), location: start)
        }
        if ("0"..."9").contains(c) || (c == "." && peek(1).map { ("0"..."9").contains($0) } == true) {
            return Token(kind: try number(start), location: start)
        }
        for p in Self.punctuators where matches(p) {
            for _ in p { advance() }
            return Token(kind: .punct(String(String.UnicodeScalarView(p))), location: start)
        }
        throw MSLError("unexpected character '\(c)'", at: start)
    }

    func matches(_ p: [Unicode.Scalar]) -> Bool {
        for (i, s) in p.enumerated() where peek(i) != s { return false }
        return true
    }

    mutating func skipSpaceAndComments() throws(MSLError) {
        while let c = peek() {
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" { advance(); continue }
            if c == "/" && peek(1) == "/" {
                while let d = peek(), d != "\n" { _ = d; advance() }
                continue
            }
            if c == "/" && peek(1) == "*" {
                let start = here
                advance(); advance()
                while !(peek() == "*" && peek(1) == "/") {
                    if peek() == nil { throw MSLError("unterminated comment", at: start) }
                    advance()
                }
                advance(); advance()
                continue
            }
            return
        }
    }

    /// `#include <…>` of the accepted headers; anything else is refused.
    mutating func directive() throws(MSLError) {
        let start = here
        var lineText = ""
        while let c = peek(), c != "\n" { lineText.unicodeScalars.append(c); advance() }
        var body = Substring(lineText.dropFirst())
        body = body.drop { $0 == " " || $0 == "\t" }
        let word = body.prefix { $0.isLetter }
        if word == "include" {
            let rest = body.dropFirst(word.count).trimmingSpaces()
            if let first = rest.first, first == "<" || first == "\"" {
                let close: Character = first == "<" ? ">" : "\""
                let name = rest.dropFirst().prefix { $0 != close }
                if Self.acceptedIncludes.contains(String(name)) { return }
                throw MSLError("#include of '\(name)' is unsupported (only <metal_stdlib> and <SwiftUI/SwiftUI_Metal.h>)", at: start)
            }
        }
        if word == "pragma" { return }
        throw MSLError("preprocessor directive '#\(word)' is unsupported", at: start)
    }

    mutating func number(_ start: SourceLocation) throws(MSLError) -> TokenKind {
        var digits = ""
        if peek() == "0", let x = peek(1), x == "x" || x == "X" {
            advance(); advance()
            while let d = peek(), d.properties.isASCIIHexDigit { digits.unicodeScalars.append(d); advance() }
            let unsigned = takeSuffix(["u", "U"])
            guard let value = Int64(digits, radix: 16) else { throw MSLError("malformed hexadecimal literal", at: start) }
            return .integer(value, unsigned: unsigned)
        }
        var isFloat = false
        while let d = peek() {
            if ("0"..."9").contains(d) { digits.unicodeScalars.append(d); advance(); continue }
            if d == "." && !isFloat { isFloat = true; digits.append("."); advance(); continue }
            if (d == "e" || d == "E") {
                isFloat = true
                digits.unicodeScalars.append(d); advance()
                if let s = peek(), s == "+" || s == "-" { digits.unicodeScalars.append(s); advance() }
                continue
            }
            break
        }
        if takeSuffix(["f", "F"]) { isFloat = true }
        else if takeSuffix(["h", "H"]) {
            guard let v = Double(digits) else { throw MSLError("malformed number '\(digits)'", at: start) }
            return .floating(v, half: true)
        }
        if isFloat {
            guard let v = Double(digits) else { throw MSLError("malformed number '\(digits)'", at: start) }
            return .floating(v, half: false)
        }
        let unsigned = takeSuffix(["u", "U"])
        guard let v = Int64(digits) else { throw MSLError("malformed integer '\(digits)'", at: start) }
        return .integer(v, unsigned: unsigned)
    }

    mutating func takeSuffix(_ letters: [Unicode.Scalar]) -> Bool {
        if let s = peek(), letters.contains(s) { advance(); return true }
        return false
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }
}

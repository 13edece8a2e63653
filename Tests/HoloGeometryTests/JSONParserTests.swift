// JSONParser: the JSON5 it admits, numbers as written, errors with path, line and column, and the
// nesting limit. Every expected tree below was written out by hand from the JSON5 spec.

import Testing
import HoloGeometry

private func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }

private func syntaxError(_ text: String) -> JSONSyntaxError? {
    do { _ = try JSONValue.parse(text); return nil } catch { return error }
}

@Suite struct JSONParserTests {
    @Test func strictJSON() throws {
        #expect(try parse(#"{"a": [1, -2.5, "x", true, false, null], "b": {}}"#) == .object([
            "a": .array([.integer(1), .float(-2.5), .string("x"), .bool(true), .bool(false), .null]), "b": .object([:]),
        ]))
        #expect(try parse("  7 ") == .integer(7))
        #expect(try parse(#""\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00""#) == .string("\" \\ / \u{8} \u{c} \n \r \t é 😀"))
    }

    @Test func json5Features() throws {
        let text = """
        // line comment
        {
          unquoted: 'single \\'quoted\\'', $dollar_1: 1, /* block
          comment */ "trailing": [1, 2,],
          hex: 0x1f, negHex: -0XFF, plus: +3, lead: .5, trail: 5., exp: 1e3, big: 1E+2,
          inf: Infinity, ninf: -Infinity, nan: NaN,
          escapes: "\\v\\0\\x41\\q", continued: "a\\
        b",
        }
        """
        guard case .object(let o) = try parse(text) else { Issue.record("not an object"); return }
        #expect(o["unquoted"] == .string("single 'quoted'"))
        #expect(o["$dollar_1"] == .integer(1))
        #expect(o["trailing"] == .array([.integer(1), .integer(2)]))
        #expect(o["hex"] == .integer(31) && o["negHex"] == .integer(-255) && o["plus"] == .integer(3))
        #expect(o["lead"] == .float(0.5) && o["trail"] == .float(5) && o["exp"] == .float(1000) && o["big"] == .float(100))
        #expect(o["inf"] == .float(.infinity) && o["ninf"] == .float(-.infinity))
        guard case .float(let nan)? = o["nan"] else { Issue.record("NaN is not a float"); return }
        #expect(nan.isNaN)
        #expect(o["escapes"] == .string("\u{b}\u{0}Aq"))
        #expect(o["continued"] == .string("ab"))
        #expect(o.count == 15)
        // U+00A0, U+FEFF and U+2028 are white space.
        #expect(try parse("\u{FEFF}[\u{A0}1,\u{2028}2\u{A0}]") == .array([.integer(1), .integer(2)]))
        #expect(try parse("{clé\u{A0}: true\u{2029}}") == .object(["clé": .bool(true)]))
    }

    /// Integer or floating point as written: `60` and `60.0` are different values with the same number.
    @Test func numbersKeepTheirKind() throws {
        #expect(try parse("60") == .integer(60))
        #expect(try parse("60.0") == .float(60))
        #expect(try parse("6e1") == .float(60))
        #expect(try parse("-0") == .integer(0))
        #expect(try parse("9223372036854775807") == .integer(Int.max))
        // Past Int: the nearest Double, not a trap or an error.
        #expect(try parse("9223372036854775808") == .float(9223372036854775808))
        #expect(try parse("0x10000000000000000") == .float(18446744073709551616))
        #expect(try parse("60").number == 60 && parse("60.0").number == 60 && parse("\"60\"").number == nil)
        #expect(try parse("0.1").shown == "0.1" && parse("-3").shown == "-3" && parse("NaN").shown == "NaN")
        #expect(try parse("1e400") == .float(.infinity))
    }

    @Test(arguments: [
        // text, path, line, column, message (a prefix)
        ("{\"a\": [1, 2, }", "a[2]", 1, 14, "unexpected '}'; expected a value"),
        ("{\"a\": {\"b\": [0, {\"c\": tru}]}}", "a.b[1].c", 1, 23, "unexpected 't'; expected a value"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", "", 3, 3, "unexpected '\"'; expected ',' or '}' after the value of \"a\""),
        ("[1 2]", "", 1, 4, "unexpected '2'; expected ',' or ']'"),
        ("{\"a\": 1} x", "", 1, 10, "unexpected 'x' after the end of the document"),
        ("", "", 1, 1, "the document is empty"),
        ("[\"abc", "[0]", 1, 2, "this string is not closed"),
        ("[\"a\u{1}\"]", "[0]", 1, 4, "a control character (U+0001)"),
        ("{\"é\": \"ü\", \"k\": 01}", "k", 1, 17, "a number must not start with 0"),
        ("{\"a\": 1, \"a\": 2}", "", 1, 10, "the key \"a\" is given twice"),
        ("[12px]", "[0]", 1, 4, "unexpected 'p' in a number"),
        ("[1e]", "[0]", 1, 4, "unexpected ']'; expected the exponent's digits"),
        ("[\"\\ud800\"]", "[0]", 1, 3, "\\uD800 is half of a surrogate pair"),
        ("/* open", "", 1, 1, "this /* comment is not closed"),
        ("{\"a\":\r\n\r\n  ?}", "a", 3, 3, "unexpected '?'; expected a value"),
    ])
    func syntaxErrorsSayWhere(_ text: String, _ path: String, _ line: Int, _ column: Int, _ message: String) {
        guard let e = syntaxError(text) else { Issue.record("parsed: \(text)"); return }
        #expect(e.path == path, "\(e)")
        #expect(e.line == line && e.column == column, "\(e)")
        #expect(e.message.hasPrefix(message), "\(e)")
        #expect(e.description == "line \(line), column \(column): \(e.message)")
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse([0x7B, 0xFF, 0x3A, 0x31, 0x7D]) }
    }

    /// Nesting is bounded: 512 levels parse, 513 are refused with the limit named, and a
    /// hundred thousand open brackets end in that error, not a stack overflow.
    @Test func nestingIsBounded() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var v = try parse(deepest)
        var depth = 0
        while case .array(let a) = v, let first = a.first { v = first; depth += 1 }
        #expect(depth == 511 && v == .array([]))
        let tooDeep = syntaxError(String(repeating: "{\"k\": ", count: 513) + "1" + String(repeating: "}", count: 513))
        #expect(tooDeep?.message == "nested deeper than 512 arrays and objects")
        #expect(tooDeep?.path.hasPrefix("k.k.k") == true)
        #expect(syntaxError(String(repeating: "[", count: 100_000))?.message == "nested deeper than 512 arrays and objects")
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Array("[[[]]]".utf8), maxDepth: 2) }
        #expect(try JSONValue.parse(Array("[[]]".utf8), maxDepth: 2) == .array([.array([])]))
    }

    @Test func aDocumentOfMoreValuesThanTheCapIsRefusedWithAMessage() throws {
        // [0,0,…]: the array and its elements count; 10 values pass a cap of 10, 11 do not.
        let nine = "[" + Array(repeating: "0", count: 9).joined(separator: ",") + "]"
        #expect(try JSONValue.parse(Array(nine.utf8), maxValues: 10) == .array(Array(repeating: .integer(0), count: 9)))
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Array(nine.dropLast().utf8) + Array(",0]".utf8), maxValues: 10) }
        // The default: a 2 MB file of a million and one zeros is refused, not parsed into a tree 10–25× its size.
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for _ in 0..<JSONParser.maxValues { bytes += [UInt8(ascii: "0"), UInt8(ascii: ",")] }
        bytes[bytes.count - 1] = UInt8(ascii: "]")
        let error = try #require(throws: JSONSyntaxError.self) { try JSONValue.parse(bytes) }
        #expect(error.message.contains("more than 1000000 values"))
    }
}

@Suite struct JSONReadingTests {
    @Test func readersNameThePathAndWhatWasFound() throws {
        let v = try parse(#"{"n": "12", "w": 2.5, "list": 3, "ok": 1}"#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(throws: JSONFieldError(path: "a.n", reason: "expected a number, got \"12\"")) { try o["n"]!.number(at: "a.n") }
        #expect(throws: JSONFieldError(path: "w", reason: "expected a whole number, got 2.5")) { try o["w"]!.wholeNumber(at: "w") }
        #expect(try parse("3.0").wholeNumber(at: "x") == 3)
        #expect(throws: JSONFieldError(path: "list", reason: "expected an array, got 3")) { try o["list"]!.array(at: "list") }
        #expect(throws: JSONFieldError(path: "ok", reason: "expected true or false, got 1")) { try o["ok"]!.bool(at: "ok") }
        #expect(throws: JSONFieldError(path: "x", reason: "expected a finite number, got Infinity")) { try parse("Infinity").number(at: "x") }
    }

    @Test func objectReportsMissingAndUnknownMembers() throws {
        var o = try JSONObject(try parse(#"{"a": 1, "zz": 2, "b": 3}"#), path: "scene", kind: "a thing")
        #expect(o.optional("a") == .integer(1))
        #expect(throws: JSONFieldError(path: "scene.c", reason: "missing; a thing needs it")) { try o.required("c") }
        _ = o.optional("b")
        #expect(throws: JSONFieldError(path: "scene.zz", reason: "unknown property of a thing; known properties are a, b, c")) { try o.finish() }
        #expect(throws: JSONFieldError(path: "", reason: "expected a thing (an object), got an array")) {
            try JSONObject(try parse("[1]"), path: "", kind: "a thing")
        }
        #expect(JSONPathStep.render([.key("scene"), .key("children"), .index(3), .key("blur")]) == "scene.children[3].blur")
    }

    /// A typo of a required member is reported as the unknown member it is, with the name it means,
    /// not as the required one missing.
    @Test func aTypoOfARequiredMemberSaysDidYouMean() throws {
        var o = try JSONObject(try parse(#"{"frame": {}, "cornerRadus": 12}"#), path: "scene", kind: "a roundedRect node")
        _ = o.optional("frame")
        #expect(throws: JSONFieldError(path: "scene.cornerRadus", reason: "unknown property of a roundedRect node; did you mean \"cornerRadius\"?")) {
            try o.required("cornerRadius")
        }
        // Nothing near: still missing. Short names need an exact match (y is no typo of x).
        var point = try JSONObject(try parse(#"{"y": 1}"#), path: "p", kind: "a point")
        #expect(throws: JSONFieldError(path: "p.x", reason: "missing; a point needs it")) { try point.required("x") }
        var far = try JSONObject(try parse(#"{"cornerRad": 12}"#), path: "s", kind: "a node")
        #expect(throws: JSONFieldError(path: "s.radius", reason: "missing; a node needs it")) { try far.required("radius") }
        // An unknown member at the end names the known one it is closest to.
        var late = try JSONObject(try parse(#"{"width": 1, "heigth": 2}"#), path: "f", kind: "a frame")
        _ = late.optional("width"); _ = late.optional("height")
        #expect(throws: JSONFieldError(path: "f.heigth", reason: "unknown property of a frame; did you mean \"height\"? known properties are height, width")) {
            try late.finish()
        }
    }

    @Test func likelyTyposAreWithinOneEditPerThreeCharacters() {
        #expect(JSONObject.likelyTypo("cornerRadus", of: "cornerRadius"))
        #expect(JSONObject.likelyTypo("cornerradius", of: "cornerRadius"))
        #expect(JSONObject.likelyTypo("widht", of: "width"))
        #expect(JSONObject.likelyTypo("colour", of: "color"))
        #expect(!JSONObject.likelyTypo("y", of: "x"))
        #expect(!JSONObject.likelyTypo("fill", of: "fill"))
        #expect(!JSONObject.likelyTypo("stroke", of: "fill"))
        #expect(!JSONObject.likelyTypo("corner", of: "cornerRadius"))
    }
}

// Every refusal names the file, line, column and what is unsupported.
import Testing
@testable import HoloMSL

struct Refusal: CustomTestStringConvertible, Sendable {
    var source: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { message }
}

/// Line 4 is the first line after the prelude; in `colorEffectSource` helpers start on line 4,
/// the signature is on line 5 and the body on line 6.
let refusals: [Refusal] = [
    Refusal(source: prelude + "#define K 1.0\n", line: 4, column: 1, message: "preprocessor directive '#define' is unsupported"),
    Refusal(source: "#include <simd/simd.h>\n", line: 1, column: 1, message: "#include of 'simd/simd.h' is unsupported"),
    Refusal(source: prelude + "struct S { float x; };\n", line: 4, column: 1, message: "struct declarations are unsupported"),
    Refusal(source: "using namespace std;\n", line: 1, column: 17, message: "'using namespace std' is unsupported"),
    Refusal(source: prelude + "float g = 1.0;\n", line: 4, column: 7, message: "file-scope variables must be 'constant'"),
    Refusal(source: colorEffectSource("float a[3]; return color;"), line: 6, column: 8, message: "arrays are unsupported"),
    Refusal(source: colorEffectSource("double d = 1.0; return color;"), line: 6, column: 1, message: "type 'double' is unsupported"),
    Refusal(source: colorEffectSource("float f = 1.0; int i = f ^ 1; return color;"), line: 6, column: 26,
            message: "'^' needs integer operands (int, uint or their vectors), not float"),
    Refusal(source: colorEffectSource("float2 v = ~float2(1); return color;"), line: 6, column: 12,
            message: "'~' needs integer operands (int, uint or their vectors), not float2"),
    Refusal(source: colorEffectSource("float x = 1.0; float y = (x = 2.0); return color;"), line: 6, column: 29, message: "assignment inside an expression is unsupported"),
    Refusal(source: colorEffectSource("return half4(nope, 0, 0, 1);"), line: 6, column: 14, message: "unknown name 'nope'"),
    Refusal(source: colorEffectSource("return half4(frobnicate(1.0), 0, 0, 1);"), line: 6, column: 14, message: "unknown or unsupported function 'frobnicate'"),
    // A helper outside the subset is reported where the entry point calls it, with its own place.
    Refusal(source: colorEffectSource("return half4(r(1.0), 0, 0, 1);", helpers: "static float r(float x) { return r(x); }"), line: 6, column: 14,
            message: "'f' calls 'r', which is outside the supported subset (bad.metal:4:34: recursion is unsupported ('r' calls itself))"),
    Refusal(source: colorEffectSource("return color;", helpers: "static float r(float x);"), line: 4, column: 14,
            message: "function declarations without a body are unsupported ('r')"),
    Refusal(source: colorEffectSource("float s = 0.0; for (int i = 0; i < 5000; i++) { s += 1.0; } return color;"), line: 6, column: 16,
            message: "this loop runs 5000 times; at most 1024 trips are supported"),
    Refusal(source: colorEffectSource("float2 v = float2(1, 2); float3 w = v; return color;"), line: 6, column: 37, message: "cannot convert float2 to float3"),
    Refusal(source: colorEffectSource("float3 v = float3(1, 2); return color;"), line: 6, column: 12, message: "float3 needs 3 components, got 2"),
    Refusal(source: colorEffectSource("float2 v = float2(1); return half4(v.xq, 0, 1);"), line: 6, column: 37, message: "'.xq' is not a swizzle of float2"),
    Refusal(source: colorEffectSource("float2 v = float2(1); v.xx = float2(0); return color;"), line: 6, column: 24,
            message: "swizzle '.xx' repeats a component and cannot be assigned to"),
    Refusal(source: colorEffectSource("float3 v = float3(1); int i = 1; float x = v[i]; return color;"), line: 6, column: 46,
            message: "only constant indices are supported"),
    Refusal(source: colorEffectSource("float x = 5.0 % 2.0; return color;"), line: 6, column: 15, message: "'%' needs integers; use fmod"),
    Refusal(source: colorEffectSource("break; return color;"), line: 6, column: 1, message: "'break' outside a loop"),
    Refusal(source: colorEffectSource("switch (1) { } return color;"), line: 6, column: 1, message: "switch statements are unsupported"),
    Refusal(source: colorEffectSource("return color;", parameters: ", device const float *values"), line: 5, column: 56,
            message: "pointer arguments ('device') are unsupported"),
    Refusal(source: colorEffectSource("return color;", helpers: "constant float k = 1.0;\nconstant float k = 2.0;"), line: 5, column: 16,
            message: "'k' is declared twice"),
    Refusal(source: colorEffectSource("return half4(clamp(1.0, 2.0), 0, 0, 1);"), line: 6, column: 14, message: "'clamp' takes 3 arguments, got 2"),
    Refusal(source: colorEffectSource("float x = 1.0 /* never closed"), line: 6, column: 15, message: "unterminated comment"),
    Refusal(source: colorEffectSource("float x = 1.0 @ 2.0; return color;"), line: 6, column: 15, message: "unexpected character '@'"),
    Refusal(source: prelude + "[[ kernel ]] half4 f(float2 position, half4 color) { return color; }\n", line: 4, column: 1,
            message: "attribute [[ kernel ]] is unsupported"),
    Refusal(source: prelude + "[[ stitchable ]] float4 f(float2 position, half4 color) { return float4(color); }\n", line: 4, column: 25,
            message: "a colorEffect function must be 'half4 f(float2 position, half4 color, …)'"),
    Refusal(source: prelude + "static half4 f(float2 position, half4 color) { return color; }\n", line: 4, column: 14,
            message: "'f' is not [[ stitchable ]]"),
    Refusal(source: prelude, line: 1, column: 1, message: "no function named 'f' (stitchable functions: none)"),
]

@Suite("HoloMSL error messages")
struct ErrorMessageTests {

    @Test(arguments: refusals)
    func refusalNamesFileLineColumnAndWhat(_ r: Refusal) throws {
        let error = try #require(refusal(r.source))
        #expect(error.location.file == "bad.metal")
        #expect(error.location.line == r.line, "\(error)")
        #expect(error.location.column == r.column, "\(error)")
        #expect(error.message.hasPrefix(r.message), "\(error)")
        #expect(error.description.hasPrefix("bad.metal:\(r.line):\(r.column): error: "))
    }

    /// A function outside the subset stops only the entry points that reach it; the others run,
    /// and the library names the skipped ones as warnings.
    @Test func unsupportedFunctionsFailOnlyWhenReached() throws {
        let source = colorEffectSource("return color * half(twice(0.5));", helpers: """
            static float twice(float x) { return x * 2.0; }
            static float bad(float x) { switch (int(x)) { default: return x; } }
            [[ stitchable ]] half4 g(float2 position, half4 color) { return color * half(bad(1.0)); }
            """)
        let library = try MSLLibrary(source: source, file: "mixed.metal")
        let entry = try library.entry("f", as: .color)
        #expect(library.functionNames == ["twice", "bad", "g", "f"])
        #expect(library.warnings == [
            "mixed.metal:5:29: warning: 'bad' is skipped: switch statements are unsupported",
            "mixed.metal:6:78: warning: 'g' is skipped: 'g' calls 'bad', which is outside the supported subset (mixed.metal:5:29: switch statements are unsupported)",
        ])
        #expect(library.summary(using: entry) == "mixed.metal: 4 functions (twice, bad, g, f), 2 skipped; using 'f', a colorEffect")
        #expect(throws: MSLError.self) { try library.entry("g", as: .color) }
        #expect(throws: MSLError.self) { try library.entry("bad", as: .color) }
    }

    @Test func wrongArgumentsAreRefusedWithTheirTypes() throws {
        let library = try MSLLibrary(source: colorEffectSource("return color;", parameters: ", float2 size, float t"), file: "a.metal")
        let entry = try library.entry("f", as: .color)
        #expect(throws: MSLError.self) { try entry.arguments([[1, 2]]) }
        do { _ = try entry.arguments([[1], [2]]) } catch {
            #expect(error.message == "argument 1 of 'f' is float2 (2 numbers), got 1")
        }
    }
}

@Suite("HoloMSL hostile sources")
struct HostileSourceTests {
    @Test func deepNestingIsRefusedNotACrash() throws {
        let parens = colorEffectSource("float x = " + String(repeating: "(", count: 5000) + "1.0" + String(repeating: ")", count: 5000) + "; return color;")
        #expect(refusal(parens)?.message.hasPrefix("nesting deeper than 200 levels is unsupported") == true)
        let chain = colorEffectSource("float x = 1.0" + String(repeating: " + 1.0", count: 5000) + "; return color;")
        // A long flat sum is not nesting: the message says what it is and how to split it (issue 30).
        #expect(refusal(chain)?.message.hasPrefix("an expression of more than 200 operators in a chain") == true, "\(String(describing: refusal(chain)))")
        #expect(refusal(chain)?.message.contains("nesting") == false)
        let blocks = colorEffectSource(String(repeating: "{", count: 5000) + String(repeating: "}", count: 5000) + " return color;")
        #expect(refusal(blocks)?.message.hasPrefix("nesting deeper than 200 levels is unsupported") == true)
        let assignments = colorEffectSource("float x; x = " + String(repeating: "x = ", count: 5000) + "1.0; return color;")
        #expect(refusal(assignments) != nil)
    }

    @Test func inliningThatWouldExplodeIsRefused() throws {
        // Each helper calls the one before it four times: 4³⁰ operations once inlined.
        var helpers = "static float h0(float x) { return x * 2.0; }\n"
        for i in 1...30 { helpers += "static float h\(i)(float x) { return h\(i - 1)(x) + h\(i - 1)(x) + h\(i - 1)(x) + h\(i - 1)(x); }\n" }
        let error = try #require(refusal(colorEffectSource("return color * half(h30(1.0));", helpers: helpers)))
        #expect(error.message.contains("once its calls are inlined; at most 100000 are supported"), "\(error)")
        // Named once, by the helper that first goes over, not through every caller in between.
        #expect(error.message.hasPrefix("'f' calls 'h30', which is outside the supported subset (bad.metal:11:14: 'h7' has 109224 operations"), "\(error)")
    }

    @Test func hugeIndexIsAnErrorNotATrap() throws {
        let source = colorEffectSource("float3 v = float3(1); float x = v[100000000000000000000.0]; return color;")
        #expect(refusal(source)?.message.hasPrefix("only constant indices are supported") == true
                || refusal(source)?.message.hasPrefix("index") == true)
    }
}

// One tiny shader per language feature, its result checked against the value worked out here in
// Swift: the reference exactly (to 1e-6), the compiled lanes within 1 level of 255.
import Foundation
import Testing
@testable import HoloMSL

struct Feature: CustomTestStringConvertible, Sendable {
    var name: String
    var helpers: String = ""
    /// Body of `f`; returns a half4 with the value under test in red.
    var body: String
    var expected: Double
    var testDescription: String { name }
}

let features: [Feature] = [
    Feature(name: "float arithmetic", body: "float a = 0.25; float b = 0.5; return half4(a * b + a / b - 0.125 + 0.0625, 0, 0, 1);",
            expected: 0.25 * 0.5 + 0.25 / 0.5 - 0.125 + 0.0625),
    Feature(name: "int division truncates", body: "int i = 7; int j = -7; return half4(float(i / 2) / 10.0, float(j / 2) / -10.0, 0, 1);", expected: 0.3),
    Feature(name: "int remainder", body: "int i = 17 % 5; return half4(float(i) / 10.0, 0, 0, 1);", expected: 0.2),
    Feature(name: "uint and conversion", body: "uint u = 3u; return half4(float(u) * 0.25, 0, 0, 1);", expected: 0.75),
    Feature(name: "float to int truncates", body: "int i = int(2.9); int j = int(-2.9); return half4(float(i - j) / 10.0, 0, 0, 1);", expected: 0.4),
    Feature(name: "int bitwise and or xor not", body: "int a = 12; int b = 10; int c = (a & b) | (a ^ b); int d = ~a; return half4(float(c) / 20.0 + float(d + 13) * 0.1, 0, 0, 1);",
            expected: 0.7),
    Feature(name: "shifts keep the left operand's type and an int's sign", body: "uint u = 1u << 4; int n = -16 >> 2; uint v = 0xF0u >> 4; return half4(float(u) / 40.0 + float(n) * -0.05 + float(v) * 0.01, 0, 0, 1);",
            expected: 0.4 + 0.2 + 0.15),
    Feature(name: "bitwise compound assignments", body: "int x = 5; x ^= 3; x <<= 2; x |= 1; x &= 0x1D; x >>= 1; int2 v = int2(6, 3); v &= 5; return half4(float(x) / 20.0 + float(v.x + v.y) * 0.02, 0, 0, 1);",
            expected: 0.6 + 0.1),
    Feature(name: "bitwise on vectors", body: "uint2 h = uint2(uint(position.x), 3u) ^ uint2(7u); return half4(float(h.x & 0xFu) / 20.0 + float(h.y) * 0.01, 0, 0, 1);",
            expected: Double((50 ^ 7) & 0xF) / 20 + 0.04),
    Feature(name: "bool and logic", body: "bool a = true; bool b = false; bool c = (a && !b) || b; return half4(c ? 0.7 : 0.1, 0, 0, 1);", expected: 0.7),
    Feature(name: "comparison", body: "float x = 0.3; return half4((x < 0.5 && x >= 0.3 && x != 0.2 && !(x == 0.1) && x <= 0.3 && x > 0.0) ? 1.0 : 0.0, 0, 0, 1);", expected: 1),
    Feature(name: "vector constructor and splat", body: "float3 v = float3(0.1, float2(0.2, 0.3)); float4 w = float4(0.5); return half4(v.x + v.y + v.z + w.w * 0.5, 0, 0, 1);", expected: 0.85),
    Feature(name: "swizzle read", body: "float4 v = float4(0.1, 0.2, 0.3, 0.4); float2 s = v.wy; half3 c = half3(v.bgr); return half4(s.x + s.y - float(c.r), 0, 0, 1);", expected: 0.3),
    Feature(name: "swizzle assignment", body: "float4 v = float4(0); v.zx = float2(0.25, 0.5); v.y = 0.125; return half4(v.x + v.y + v.z * 0.5 + v.w, 0, 0, 1);", expected: 0.75),
    Feature(name: "swizzle swap", body: "float2 v = float2(0.2, 0.7); v = v.yx; return half4(v.x - v.y, 0, 0, 1);", expected: 0.5),
    Feature(name: "vector index", body: "float3 v = float3(0.1, 0.2, 0.3); v[1] = 0.5; return half4(v[1] + v[2], 0, 0, 1);", expected: 0.8),
    Feature(name: "half arithmetic", body: "half h = 0.5h; half3 c = half3(float3(0.25)); return half4(h * c.x + 0.125h, 0, 0, 1);", expected: 0.25),
    Feature(name: "compound assignment", body: "float x = 1.0; x += 1.0; x *= 3.0; x -= 2.0; x /= 8.0; int i = 5; i %= 3; i++; ++i; i--; return half4(x + float(i) * 0.0625, 0, 0, 1);", expected: 0.5 + 3 * 0.0625),
    Feature(name: "vector compound by scalar", body: "float3 v = float3(0.1, 0.2, 0.3); v *= 2.0; v += 0.1; return half4(v.z, 0, 0, 1);", expected: 0.7),
    Feature(name: "ternary", body: "float x = position.x > 0.25 ? 0.9 : 0.2; return half4(x, 0, 0, 1);", expected: 0.9),
    Feature(name: "if else", body: "float x; if (position.x < 0.0) { x = 0.1; } else if (position.x < 100.0) { x = 0.6; } else { x = 0.3; } return half4(x, 0, 0, 1);", expected: 0.6),
    Feature(name: "for loop", body: "float s = 0.0; for (int i = 0; i < 10; i++) { s += 0.05; } return half4(s, 0, 0, 1);", expected: 0.5),
    Feature(name: "while loop with break", body: "float s = 0.0; int i = 0; while (true) { i++; if (i > 4) break; s += 0.1; } return half4(s, 0, 0, 1);", expected: 0.4),
    Feature(name: "continue", body: "float s = 0.0; for (int i = 0; i < 8; i++) { if (i % 2 == 0) continue; s += 0.1; } return half4(s, 0, 0, 1);", expected: 0.4),
    Feature(name: "do while", body: "float s = 0.0; do { s += 0.3; } while (s < 0.5); return half4(s, 0, 0, 1);", expected: 0.6),
    Feature(name: "early return", body: "if (position.x > 0.0) { return half4(0.35, 0, 0, 1); } return half4(0.9, 0, 0, 1);", expected: 0.35),
    Feature(name: "return inside loop", body: "for (int i = 0; i < 100; i++) { if (float(i) * 0.1 > 0.45) { return half4(float(i) * 0.1, 0, 0, 1); } } return half4(0, 0, 0, 1);", expected: 0.5),
    Feature(name: "constant globals", helpers: "constant float kA = 0.2;\nconstant float kB = kA * 2.0;\nconstant float3 kV = float3(0.1, 0.2, 0.3);",
            body: "return half4(kA + kB + kV.z * 0.0, 0, 0, 1);", expected: 0.6),
    Feature(name: "static helper function", helpers: "static float twice(float x) { return x * 2.0; }\ninline float add(float a, float b) { float c = a; c += b; return c; }\nfloat3 shift(float3 v) { return v.yzx; }",
            body: "return half4(add(twice(0.1), shift(float3(0.1, 0.3, 0.5)).x), 0, 0, 1);", expected: 0.5),
    Feature(name: "helper with early return", helpers: "static float pick(float x) { if (x > 1.0) { return 0.2; } return 0.7; }",
            body: "return half4(pick(position.x * 0.01) + pick(5.0) * 0.5, 0, 0, 1);", expected: 0.8),
    Feature(name: "position", body: "return half4(position.x / 100.0, position.y / 100.0, 0, 1);", expected: 0.5),
    Feature(name: "color passes through", body: "return color * 0.5h;", expected: 0.5),
    Feature(name: "metal constants", body: "return half4(M_PI_F / 10.0 + M_PI_2_F * 0.0 + (M_E_F - 2.718281828) * 100.0 + (MAXFLOAT > 1e38 ? 0.0 : 1.0) + float(M_PI_H) * 0.0, 0, 0, 1);", expected: Double.pi / 10 + (2.718281828459045 - 2.718281828) * 100),
    Feature(name: "sin cos tan", body: "return half4(sin(0.5) * 0.5 + cos(0.3) * 0.25 + tan(0.2) * 0.1, 0, 0, 1);", expected: sin(0.5) * 0.5 + cos(0.3) * 0.25 + tan(0.2) * 0.1),
    Feature(name: "asin acos atan atan2", body: "return half4(asin(0.3) * 0.2 + acos(0.6) * 0.1 + atan(0.5) * 0.3 + atan2(0.4, -0.7) * 0.05, 0, 0, 1);",
            expected: asin(0.3) * 0.2 + acos(0.6) * 0.1 + atan(0.5) * 0.3 + atan2(0.4, -0.7) * 0.05),
    Feature(name: "pow exp exp2 log log2", body: "return half4(pow(0.5, 2.5) + exp(-2.0) * 0.5 + exp2(-3.0) + log(1.5) * 0.1 + log2(1.2) * 0.1, 0, 0, 1);",
            expected: pow(0.5, 2.5) + exp(-2.0) * 0.5 + 0.125 + log(1.5) * 0.1 + log2(1.2) * 0.1),
    Feature(name: "sqrt rsqrt abs sign", body: "return half4(sqrt(0.09) + rsqrt(16.0) + abs(-0.1) + sign(-3.0) * 0.05 + sign(0.0), 0, 0, 1);", expected: 0.3 + 0.25 + 0.1 - 0.05),
    Feature(name: "floor ceil fract fmod", body: "return half4(floor(1.7) * 0.1 + ceil(-1.2) * 0.1 + fract(-0.25) * 0.2 + fmod(-1.3, 0.5) * -1.0, 0, 0, 1);",
            expected: 0.1 - 0.1 + 0.75 * 0.2 + 0.3),
    Feature(name: "min max clamp saturate", body: "return half4(min(0.2, 0.3) + max(0.1, -0.1) + clamp(2.0, 0.0, 0.25) + saturate(-1.0) + saturate(0.15), 0, 0, 1);", expected: 0.2 + 0.1 + 0.25 + 0.15),
    Feature(name: "mix step smoothstep", body: "return half4(mix(0.2, 0.6, 0.25) + step(0.5, 0.4) + step(0.5, 0.5) * 0.1 + smoothstep(0.0, 2.0, 0.5) * 0.5, 0, 0, 1);",
            expected: 0.3 + 0 + 0.1 + (0.25 * 0.25 * (3 - 0.5)) * 0.5),
    Feature(name: "dot cross length distance normalize", body: """
        float3 a = float3(1, 2, 3); float3 b = float3(-1, 0.5, 2);
        float3 c = cross(a, b);
        float2 n = normalize(float2(3, 4));
        return half4(dot(a, b) * 0.01 + c.x * 0.01 + length(float2(0.3, 0.4)) * 0.5 + distance(float2(0, 0), float2(0.06, 0.08)) + n.y * 0.1, 0, 0, 1);
        """, expected: 6 * 0.01 + (2 * 2 - 3 * 0.5) * 0.01 + 0.25 + 0.1 + 0.08),
    Feature(name: "select", body: "float3 r = select(float3(0.1), float3(0.5), bool3(true, false, true)); return half4(r.x + r.y, 0, 0, 1);", expected: 0.6),
    Feature(name: "vector builtins component-wise", body: "float3 v = clamp(float3(-1, 0.25, 2), 0.0, 1.0); float3 w = abs(fmod(float3(6.5, 4.5, 2.5), 6.0) - 3.0); return half4(v.x + v.y + v.z * 0.1 + w.x * 0.1, 0, 0, 1);",
            expected: 0.25 + 0.1 + 0.25),
    Feature(name: "float2x2 times vector", body: "float2x2 m = float2x2(float2(0.1, 0.2), float2(0.3, 0.4)); float2 v = m * float2(1, 0.5); return half4(v.x + v.y, 0, 0, 1);",
            expected: (0.1 + 0.3 * 0.5) + (0.2 + 0.4 * 0.5)),
    Feature(name: "vector times matrix and matrix product", body: """
        float3x3 m = float3x3(1.0);
        m[1] = float3(0.5, 2, 0);
        float3x3 p = m * float3x3(0.5);
        float3 v = float3(0.1, 0.2, 0.3) * p;
        return half4(v.x + v.y + p[1][1] * 0.1, 0, 0, 1);
        """, expected: 0.05 + (0.1 * 0.25 + 0.2 * 1.0) + 0.1),
    Feature(name: "matrix element assignment", body: "float4x4 m = float4x4(0.0); m[2][3] = 0.45; float4 c = m[2]; return half4(c.w, 0, 0, 1);", expected: 0.45),
    Feature(name: "C-style cast and nested calls", body: "float x = (float)3 / 4.0; return half4(x, 0, 0, 1);", expected: 0.75),
    Feature(name: "unary minus and parentheses", body: "float x = -(0.2 - 0.5) * (1.0 + 1.0); return half4(x, 0, 0, 1);", expected: 0.6),
]

@Suite("HoloMSL language features")
struct LanguageFeatureTests {

    @Test(arguments: features)
    func featureMatchesSwift(_ feature: Feature) throws {
        let shaded = try shadeOne(colorEffectSource(feature.body, helpers: feature.helpers), position: (50, 50))
        #expect(abs(shaded.reference[0] - feature.expected) < 1e-6, "reference \(shaded.reference[0]) vs \(feature.expected)")
        let level = (min(max(feature.expected, 0), 1) * 255).rounded()
        #expect(abs(Double(shaded.fast[0]) - level) <= 1, "fast \(shaded.fast[0]) vs \(level)")
    }

    @Test func argumentsArriveInOrder() throws {
        let source = colorEffectSource("return half4(a * 0.1, b.y, float(c) * 0.1, tint.a);",
                                       parameters: ", float a, float2 b, int c, half4 tint")
        let shaded = try shadeOne(source, arguments: [[2], [0, 0.5], [3.7], [0, 0, 0, 0.25]])
        #expect(shaded.reference.map { ($0 * 1e6).rounded() / 1e6 } == [0.2, 0.5, 0.3, 0.25])
        #expect(shaded.fast == [51, 128, 77, 64])
    }

    @Test func loopsStopAtTheirLimit() throws {
        let source = colorEffectSource("float s = 0.0; while (true) { s += 1.0; } return half4(s / 2048.0, 0, 0, 1);")
        let shaded = try shadeOne(source)
        #expect(shaded.reference[0] == Double(Checker.loopLimit) / 2048)
        #expect(shaded.fast[0] == 128)
    }

    @Test func lanesDivergeAndRejoin() throws {
        // Each pixel takes its own path through branches, loops, break and return.
        let source = colorEffectSource("""
            float s = 0.0;
            int n = int(position.x);
            for (int i = 0; i < 40; i++) {
                if (i >= n) break;
                if (i % 3 == 0) continue;
                s += 0.02;
            }
            if (n == 7) return half4(1, 0, 0, 1);
            return half4(s, 0, 0, 1);
            """)
        let library = try MSLLibrary(source: source, file: "t.metal")
        let entry = try library.entry("f", as: .color)
        let effect = MSLCompiledEffect(entry)
        var out = [UInt32](repeating: 0, count: 70)
        effect.shadeColorEffect(x0: 0.5, y0: 0.5, dx: 1, dy: 0, count: 70, arguments: try entry.arguments([]), into: &out)
        for x in 0..<70 {
            let n = min(x, 40)
            let expected = x == 7 ? 1.0 : 0.02 * Double((0..<n).filter { $0 % 3 != 0 }.count)
            #expect(abs(Double(out[x] & 0xFF) - (min(expected, 1) * 255).rounded()) <= 1, "x = \(x)")
        }
    }
}

@Suite("HoloMSL entry inputs")
struct EntryInputTests {
    @Test func perPixelColoursReachTheShader() throws {
        let source = colorEffectSource("return half4(color.gbr, color.a) * 0.5h;")
        let entry = try MSLLibrary(source: source, file: "c.metal").entry("f", as: .color)
        let effect = MSLCompiledEffect(entry)
        var colors: [UInt32] = []
        for i in 0..<40 {
            let red = UInt32(i * 6), green = UInt32(200 - i) << 8, blue = UInt32(i * 3) << 16
            colors.append(red | green | blue | (0xFF << 24))
        }
        var out = [UInt32](repeating: 0, count: 40)
        colors.withUnsafeBufferPointer { c in
            effect.shadeColorEffect(x0: 0.5, y0: 0.5, dx: 1, dy: 0, count: 40, arguments: try! entry.arguments([]),
                                    colors: c.baseAddress, into: &out)
        }
        for i in 0..<40 {
            let input = (0..<4).map { Double((colors[i] >> (8 * UInt32($0))) & 0xFF) / 255 }
            let expected = Reference.colorEffectRGBA8(entry, position: (Double(i) + 0.5, 0.5), color: input, arguments: [])
            for c in 0..<4 { #expect(abs(Int((out[i] >> (8 * UInt32(c))) & 0xFF) - Int(expected[c])) <= 1, "pixel \(i)") }
        }
    }

    @Test func anArgumentTheFunctionAssignsIsFreshInEveryBlock() throws {
        // `amount` is changed by the body; every pixel must still start from the caller's value.
        let source = colorEffectSource("amount = amount * 0.5; return half4(amount, 0, 0, 1);", parameters: ", float amount")
        let entry = try MSLLibrary(source: source, file: "a.metal").entry("f", as: .color)
        let effect = MSLCompiledEffect(entry)
        var out = [UInt32](repeating: 0, count: 100)
        for _ in 0..<2 {
            effect.shadeColorEffect(x0: 0.5, y0: 0.5, dx: 1, dy: 0, count: 100, arguments: try entry.arguments([[0.8]]), into: &out)
            #expect(out.allSatisfy { $0 & 0xFF == 102 })
        }
    }
}

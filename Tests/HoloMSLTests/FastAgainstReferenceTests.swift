// The compiled lanes against the Double reference, pixel for pixel: within 1 level per 8-bit
// channel over whole boxes, for shaders that use much of the language at once.
import Testing
import HoloShaders
@testable import HoloMSL

/// Branches, loops with break/continue, helpers with early returns, vectors, matrices and math.
let kitchenSink = prelude + """
    constant float kRings = 6.0;
    constant float3 kTint = float3(0.9, 0.5, 0.2);

    static float ring(float2 p, float r) {
        float d = abs(length(p) - r);
        if (d > 0.2) { return 0.0; }
        return smoothstep(0.2, 0.0, d);
    }

    static half3 palette(float t) {
        float3 a = 0.5 + 0.5 * cos(6.28318 * (t + float3(0.0, 0.33, 0.67)));
        return half3(mix(a, kTint, 0.25));
    }

    [[ stitchable ]] half4 f(float2 position, half4 color, float2 size, float time) {
        float2 uv = (position / size) * 2.0 - 1.0;
        float2x2 rot = float2x2(float2(cos(time), sin(time)), float2(-sin(time), cos(time)));
        uv = rot * uv;
        float glow = 0.0;
        for (int i = 0; i < 12; i++) {
            if (float(i) >= kRings) break;
            if (i == 2) continue;
            glow += ring(uv, 0.15 * float(i + 1)) * 0.3;
        }
        float angle = atan2(uv.y, uv.x);
        float stripes = step(0.0, sin(angle * 8.0 + time));
        half3 rgb = palette(length(uv) + time * 0.1) * half(0.6 + 0.4 * stripes);
        rgb += half3(glow);
        int k = int(floor(fract(uv.x * 3.0) * 4.0));
        if (k % 2 == 0) { rgb.gb *= 0.8h; } else { rgb.r = max(rgb.r, 0.2h); }
        float w = clamp(pow(abs(uv.y), 1.5) + exp(-4.0 * dot(uv, uv)) * 0.3, 0.0, 1.0);
        rgb = rgb * half(1.0 - 0.3 * w) + half3(sqrt(w) * 0.1);
        return half4(saturate(rgb) * color.a, color.a);
    }
    """

@Suite("HoloMSL compiled lanes against the reference")
struct FastAgainstReferenceTests {

    /// Every pixel of a w×h box at `scale` pixels per point, both ways; returns the worst channel difference.
    func worstDifference(_ entry: MSLEntry, width: Int, height: Int, scale: Double,
                         arguments: [[Double]], alpha: Double = 1) throws -> Int {
        let effect = MSLCompiledEffect(entry)
        let bound = try entry.arguments(arguments)
        var row = [UInt32](repeating: 0, count: width)
        var worst = 0
        let a = Float(alpha)
        for y in 0..<height {
            let py = (Double(y) + 0.5) / scale
            effect.shadeColorEffect(x0: Float(0.5 / scale), y0: Float(py), dx: Float(1 / scale), dy: 0, count: width,
                                    arguments: bound, color: SIMD4(a, a, a, a), into: &row)
            for x in 0..<width {
                let px = (Double(x) + 0.5) / scale
                let expected = Reference.colorEffectRGBA8(entry, position: (Double(Float(px)), Double(Float(py))),
                                                          color: [alpha, alpha, alpha, alpha], arguments: arguments)
                for c in 0..<4 {
                    let got = Int((row[x] >> (8 * UInt32(c))) & 0xFF)
                    worst = max(worst, abs(got - Int(expected[c])))
                }
            }
        }
        return worst
    }

    @Test(arguments: [0.0, 0.7, 2.4])
    // The box is 97.3 × 61.7 points so no pixel centre lands exactly on uv = 0, where step() and
    // floor() decide a tie that Float and Double may break differently.
    func kitchenSinkWithinOneLevel(time: Double) throws {
        let entry = try MSLLibrary(source: kitchenSink, file: "sink.metal").entry("f", as: .color)
        #expect(try worstDifference(entry, width: 97, height: 61, scale: 1, arguments: [[97.3, 61.7], [time]]) <= 1)
    }

    @Test(arguments: [(0.0, 0.0, 0.0), (0.3, -0.2, 1.5), (-0.5, 0.1, 4.2)])
    func holographicTextWithinOneLevel(roll: Double, pitch: Double, time: Double) throws {
        let library = try MSLLibrary(source: HolographicTextSource.metal, file: HolographicTextSource.fileName)
        let entry = try library.entry("holographicText", as: .color)
        let size = 120.0 / 2
        #expect(try worstDifference(entry, width: 120, height: 40, scale: 2,
                                    arguments: [[size, 20], [roll], [pitch], [time], [0.55]], alpha: 0.6) <= 1)
    }

    @Test func spansOfEveryLengthAgree() throws {
        // Blocks, partial blocks and tails: span lengths 1…70 give the same pixels as one long span.
        let entry = try MSLLibrary(source: kitchenSink, file: "sink.metal").entry("f", as: .color)
        let effect = MSLCompiledEffect(entry)
        let bound = try entry.arguments([[70, 10], [0.3]])
        var whole = [UInt32](repeating: 0, count: 70)
        effect.shadeColorEffect(x0: 0.5, y0: 5.5, dx: 1, dy: 0, count: 70, arguments: bound, into: &whole)
        for n in 1...70 {
            var part = [UInt32](repeating: 0, count: n)
            effect.shadeColorEffect(x0: 0.5, y0: 5.5, dx: 1, dy: 0, count: n, arguments: bound, into: &part)
            #expect(part == Array(whole[0..<n]), "n = \(n)")
        }
    }
}

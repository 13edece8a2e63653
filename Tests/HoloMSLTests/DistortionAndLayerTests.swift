// Distortion and layer effects, compiled against the reference: SwiftUI's two other entry shapes.
import Testing
@testable import HoloMSL

private let wave = prelude + """
    [[ stitchable ]] float2 wave(float2 position, float time, float2 size) {
        float2 uv = position / size;
        return position + float2(sin(uv.y * 12.0 + time) * 4.0, cos(uv.x * 9.0 - time) * 2.0);
    }
    """

private let chromatic = prelude + """
    [[ stitchable ]] half4 split(float2 position, SwiftUI::Layer layer, float amount) {
        half4 r = layer.sample(position + float2(amount, 0));
        half4 g = layer.sample(position);
        half4 b = layer.sample(position - float2(amount, 0));
        if (position.y > 10.0) { return g; }
        return half4(r.r, g.g, b.b, max(max(r.a, g.a), b.a));
    }
    """

/// A layer to sample: a smooth premultiplied pattern, the same function for both paths.
private func layerColor(_ x: Double, _ y: Double) -> [Double] {
    let a = 0.5 + 0.5 * (x / 40).truncatingRemainder(dividingBy: 1)
    return [a * (0.5 + 0.5 * (y / 30)), a * 0.3, a * (x / 80), a]
}

@Suite("HoloMSL distortion and layer effects")
struct DistortionAndLayerTests {

    @Test func distortionMatchesTheReference() throws {
        let entry = try MSLLibrary(source: wave, file: "wave.metal").entry("wave", as: .distortion)
        let effect = MSLCompiledEffect(entry)
        let arguments: [[Double]] = [[0.7], [80, 40]]
        var out = [SIMD2<Float>](repeating: .zero, count: 80)
        for y in 0..<40 {
            effect.shadeDistortion(x0: 0.5, y0: Float(y) + 0.5, dx: 1, dy: 0, count: 80,
                                   arguments: try entry.arguments(arguments), into: &out)
            for x in 0..<80 {
                let r = Reference.evaluate(entry, position: (Double(x) + 0.5, Double(y) + 0.5), arguments: arguments)
                #expect(abs(Double(out[x].x) - r[0]) < 1e-3 && abs(Double(out[x].y) - r[1]) < 1e-3, "(\(x), \(y))")
            }
        }
    }

    @Test func layerEffectMatchesTheReference() throws {
        let entry = try MSLLibrary(source: chromatic, file: "split.metal").entry("split", as: .layer)
        let effect = MSLCompiledEffect(entry)
        let arguments: [[Double]] = [[3]]
        var out = [UInt32](repeating: 0, count: 70)
        for y in 0..<20 {
            effect.shadeLayerEffect(x0: 0.5, y0: Float(y) + 0.5, dx: 1, dy: 0, count: 70, arguments: try entry.arguments(arguments),
                                    sample: { xs, ys, n, rgba in
                                        for i in 0..<n {
                                            let c = layerColor(Double(xs[i]), Double(ys[i]))
                                            for k in 0..<4 { rgba[k * MSLLanes.width + i] = Float(c[k]) }
                                        }
                                    }, into: &out)
            for x in 0..<70 {
                let r = Reference.evaluate(entry, position: (Double(x) + 0.5, Double(y) + 0.5),
                                           layer: { layerColor($0, $1) }, arguments: arguments)
                for c in 0..<4 {
                    let got = Int((out[x] >> (8 * UInt32(c))) & 0xFF)
                    #expect(abs(got - Int(Reference.byte(r[c]))) <= 1, "(\(x), \(y)) channel \(c)")
                }
            }
        }
    }

    @Test func entryShapesAreChecked() throws {
        let library = try MSLLibrary(source: wave, file: "wave.metal")
        #expect(throws: MSLError.self) { try library.entry("wave", as: .color) }
        #expect(throws: MSLError.self) { try library.entry("wave", as: .layer) }
        #expect(try library.entry("wave", as: .distortion).argumentTypes.map(\.description) == ["float", "float2"])
    }
}

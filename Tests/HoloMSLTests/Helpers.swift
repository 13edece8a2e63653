// Helpers: wrap a body in a colour effect, run it both ways.
import Testing
@testable import HoloMSL

let prelude = """
    #include <metal_stdlib>
    #include <SwiftUI/SwiftUI_Metal.h>
    using namespace metal;

    """

/// A colour effect `f` whose body is `body`, after `helpers`, with extra parameters `parameters`.
func colorEffectSource(_ body: String, helpers: String = "", parameters: String = "") -> String {
    prelude + helpers + "\n[[ stitchable ]] half4 f(float2 position, half4 color\(parameters)) {\n" + body + "\n}\n"
}

struct Shaded {
    var fast: [UInt8]
    var reference: [Double]
}

/// Runs `f` at one position both ways: the compiled path's RGBA8 and the reference's rgba.
func shadeOne(_ source: String, position: (Float, Float) = (0.5, 0.5), color: SIMD4<Float> = .one,
              arguments: [[Double]] = []) throws -> Shaded {
    let library = try MSLLibrary(source: source, file: "test.metal")
    let entry = try library.entry("f", as: .color)
    let effect = MSLCompiledEffect(entry)
    var out = [UInt32](repeating: 0, count: 1)
    effect.shadeColorEffect(x0: position.0, y0: position.1, dx: 1, dy: 0, count: 1,
                            arguments: try entry.arguments(arguments), color: color, into: &out)
    let bytes = (0..<4).map { UInt8((out[0] >> (8 * UInt32($0))) & 0xFF) }
    let reference = Reference.evaluate(entry, position: (Double(position.0), Double(position.1)),
                                       color: color.indices.map { Double(color[$0]) }, arguments: arguments)
    return Shaded(fast: bytes, reference: reference)
}

/// The error a source is refused with.
func refusal(_ source: String, function: String = "f") -> MSLError? {
    do {
        let library = try MSLLibrary(source: source, file: "bad.metal")
        _ = try library.entry(function, as: .color)
        return nil
    } catch {
        return error
    }
}

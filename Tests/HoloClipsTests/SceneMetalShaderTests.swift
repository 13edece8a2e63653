// shaderFill with the scene's own .metal file: decoded, compiled once, evaluated per frame with
// its arguments (numbers, expressions, vectors, colours, "size"), and refused with the node path
// when the source, the function or the arguments do not fit.

import Foundation
import Testing
import HoloGeometry
import HoloScene
@testable import HoloClips

private let tintSource = """
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 tint(float2 position, half4 color, float amount, float2 size, half4 ink) {
        float u = position.x / size.x;
        return half4(ink.rgb * half(amount * u), 1) * color.a;
    }
    """

private func decode(_ shader: String, arguments: String, source: String = tintSource) throws -> UserScene {
    let text = ##"{"type": "shaderFill", "shape": {"type": "rect", "frame": {"x": 10, "y": 0, "width": 100, "height": 20}},"## +
        ##" "shader": \##(shader), "arguments": \##(arguments)}"##
    return try UserScene.decode(try JSONValue.parse(text), driverNames: userSceneDriverNames, loadImage: { _ in fatalError() },
                                loadShader: { path in
                                    guard path == "tint.metal" else { throw CocoaError(.fileNoSuchFile) }
                                    return source
                                })
}

private func program(_ scene: UserScene, time: Double) throws -> ShaderPaint {
    let built = scene.scene(size: Size(200, 50), background: .init(white: 0), drivers: ["time": time])
    guard case .fill(_, .shader(let p)) = built.root[0] else { throw CocoaError(.featureUnsupported) }
    return p
}

@Suite struct SceneMetalShaderTests {
    let shader = ##"{"source": "tint.metal", "function": "tint"}"##

    @Test func argumentsAreEvaluatedPerFrame() throws {
        let scene = try decode(shader, arguments: ##"["time * 0.5", "size", "#FF800080"]"##)
        for time in [0.5, 1.0, 2.0] {
            let p = try program(scene, time: time)
            #expect(p.bounds == Rect(x: 10, y: 0, width: 100, height: 20))
            // At u = 0.5 (x = 50 pt from the box's corner): ink·amount·0.5, amount = time/2.
            let c = p.program.referenceColor(bounds: p.bounds, x: 50, y: 10)
            #expect(abs(c.0 - 1 * time / 2 * 0.5) < 1e-9 && abs(c.1 - (128.0 / 255) * time / 2 * 0.5) < 1e-9 && c.3 == 1)
            var out = [UInt32](repeating: 0, count: 1)
            p.program.shade(bounds: p.bounds, x0: 50, y0: 10, dx: 1, dy: 0, count: 1, into: &out)
            #expect(abs(Int(out[0] & 0xFF) - Int((min(c.0, 1) * 255).rounded())) <= 1)
        }
    }

    @Test func vectorArgumentsAsArrays() throws {
        let scene = try decode(shader, arguments: ##"[1, [200, "10 * 2"], "#FFFFFFFF"]"##)
        let p = try program(scene, time: 0)
        let c = p.program.referenceColor(bounds: p.bounds, x: 50, y: 10)
        #expect(abs(c.0 - 0.25) < 1e-9)
    }

    @Test func refusals() throws {
        func reason(_ shader: String, _ arguments: String, source: String = tintSource) -> String {
            do { _ = try decode(shader, arguments: arguments, source: source); return "decoded" } catch let e as UserSceneError {
                return "\(e.path): \(e.reason)"
            } catch { return "\(error)" }
        }
        #expect(reason(shader, "[1]").hasPrefix("scene.arguments: 'tint' takes 3 arguments after position and color (float, float2, half4), got 1"))
        #expect(reason(shader, ##"[1, 2, "#FFFFFFFF"]"##).hasPrefix("scene.arguments[1]: parameter 2 of 'tint' is float2 (2 numbers), got 1"))
        #expect(reason(##"{"source": "other.metal", "function": "tint"}"##, "[]").hasPrefix("scene.shader.source: cannot load shader \"other.metal\""))
        #expect(reason(##"{"source": "tint.metal", "function": "nope"}"##, "[]")
            .hasPrefix("scene.shader: tint.metal:1:1: error: no function named 'nope' (stitchable functions: tint)"))
        #expect(reason(shader, "[]", source: "[[ stitchable ]] half4 tint(float2 p, half4 c) { return c & 1; }")
            .hasPrefix("scene.shader: tint.metal:1:59: error: '&' needs integer operands (int, uint or their vectors), not half4"))
    }
}

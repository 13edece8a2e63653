// Shader paints: the CPU ports in Shaders/ evaluated over a span of pixels.
//
// u and v run 0…1 across the paint's `bounds` (local points). Pixel centres (x + ½, y + ½) map to
// local points through the inverse transform; for the usual axis-aligned transform u is linear
// in x along a row and v is constant, which is exactly the shape of the shaders' SIMD span
// functions. Under rotation or skew each pixel is its own one-pixel span (correct, slower; titles
// are tilted as whole layers after being drawn upright, so this path is rare).
// The span writes full-coverage premultiplied colour; the fill loop applies coverage, clip and
// opacity, so the shader runs only over spans that have coverage.

import HoloGeometry
import HoloScene
import HoloShaders

/// 255 repeated: the shaders' coverage input when the fill loop applies coverage itself.
private let fullCoverage = [UInt8](repeating: 255, count: 4096)

internal func shaderSpan(_ shader: ShaderPaint, inverse: AffineTransform, x: Int, y: Int, count: Int,
                         into out: UnsafeMutablePointer<UInt32>) {
    let bounds: Rect
    switch shader {
    case .holographic(let u): bounds = u.bounds
    case .anyDistance(_, let b): bounds = b
    case .program(let p): bounds = p.bounds
    }
    guard bounds.width > 0, bounds.height > 0 else { out.update(repeating: 0, count: count); return }
    let start = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
    let u0 = (start.x - bounds.minX) / bounds.width
    let v0 = (start.y - bounds.minY) / bounds.height
    let du = inverse.a / bounds.width
    if case .program(let p) = shader {
        // Positions in points from the bounds' corner, linear along the row under any affine map.
        p.program.shade(bounds: bounds, x0: start.x - bounds.minX, y0: start.y - bounds.minY,
                        dx: inverse.a, dy: inverse.b, count: count, into: out)
        holdToAlpha(out, count)  // a user's shader may return a channel above alpha
        return
    }
    let bytes = UnsafeMutableRawPointer(out)  // the shaders store whole words, R, G, B, A in memory

    if inverse.b == 0 {
        // v is constant along the row.
        fullCoverage.withUnsafeBufferPointer { cov in
            var done = 0
            while done < count {
                let n = min(count - done, cov.count)
                let u = u0 + du * Double(done)
                shade(shader, u0: Float(u), du: Float(du), v: Float(v0), count: n,
                      coverage: cov.baseAddress!, into: bytes + 4 * done)
                done += n
            }
        }
    } else {
        let dv = inverse.b / bounds.height
        fullCoverage.withUnsafeBufferPointer { cov in
            for i in 0..<count {
                shade(shader, u0: Float(u0 + du * Double(i)), du: 0, v: Float(v0 + dv * Double(i)), count: 1,
                      coverage: cov.baseAddress!, into: bytes + 4 * i)
            }
        }
    }
}

@inline(__always)
private func shade(_ shader: ShaderPaint, u0: Float, du: Float, v: Float, count: Int,
                   coverage: UnsafePointer<UInt8>, into out: UnsafeMutableRawPointer) {
    switch shader {
    case .holographic(let p):
        let uniforms = HolographicTextUniforms(roll: Float(p.roll), pitch: Float(p.pitch), time: Float(p.time),
                                               accentHue: Float(p.accentHue), isStatic: p.isStatic)
        HolographicText.shadeSpan(u0: u0, du: du, v: v, count: count, uniforms: uniforms, coverage: coverage, into: out)
    case .anyDistance(let roll, _):
        AnyDistanceGradient.shadeSpan(u0: u0, du: du, count: count, roll: Float(roll), coverage: coverage, into: out)
    case .program:
        preconditionFailure("program shaders are shaded by shaderSpan directly")
    }
}

// PortedColorEffect: a built-in shader (Shaders/HolographicText.metal's functions) as a scene
// paint, through its hand-written CPU port in HoloShaders rather than the compiled `.metal`.
//
// The scene graph and the renderer know these only as `ColorEffectProgram`s, as they know a
// user's `MetalColorEffect`; the port is what keeps the titles within budget (the compiled path
// is about 13× slower per pixel: CompiledBenchmarkTests).
//
// u and v run 0…1 across the paint's bounds. For the usual axis-aligned transform u is linear in
// x along a row and v is constant, which is exactly the shape of the ports' SIMD span functions.
// Under rotation or skew each pixel is its own one-pixel span (correct, slower; titles are tilted
// as whole layers after being drawn upright, so this path is rare). The span writes full-coverage
// premultiplied colour (alpha 255); the renderer's fill loop applies coverage.

import HoloGeometry
import HoloScene

/// 255 repeated: the ports' coverage input when the fill loop applies coverage itself.
private let fullCoverage = [UInt8](repeating: 255, count: 4096)

/// A built-in shader's port: its SIMD span and its scalar reference, at u, v across the bounds.
protocol PortedColorEffect: ColorEffectProgram {
    /// Premultiplied RGBA8 words (memory order r, g, b, a) for `count` pixels at u0 + i·du, v.
    func shadeSpan(u0: Float, du: Float, v: Float, count: Int, coverage: UnsafePointer<UInt8>,
                   into out: UnsafeMutableRawPointer)
    /// The scalar reference's straight rgb (alpha 1) at one point.
    func color(u: Float, v: Float) -> SIMD4<Float>
}

extension PortedColorEffect {
    /// The spans write alpha 255 and channels ≤ 255.
    public var mayExceedAlpha: Bool { false }

    public func shade(bounds: Rect, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                      into out: UnsafeMutablePointer<UInt32>) {
        let u0 = x0 / bounds.width, v0 = y0 / bounds.height
        let du = dx / bounds.width
        let bytes = UnsafeMutableRawPointer(out)  // the ports store whole words, R, G, B, A in memory
        fullCoverage.withUnsafeBufferPointer { cov in
            if dy == 0 {
                // v is constant along the row.
                var done = 0
                while done < count {
                    let n = min(count - done, cov.count)
                    let u = u0 + du * Double(done)
                    shadeSpan(u0: Float(u), du: Float(du), v: Float(v0), count: n, coverage: cov.baseAddress!,
                              into: bytes + 4 * done)
                    done += n
                }
            } else {
                let dv = dy / bounds.height
                for i in 0..<count {
                    shadeSpan(u0: Float(u0 + du * Double(i)), du: 0, v: Float(v0 + dv * Double(i)), count: 1,
                              coverage: cov.baseAddress!, into: bytes + 4 * i)
                }
            }
        }
    }

    /// The port's scalar colour, rounded to 8 bits in Float as the port has always been checked,
    /// and returned as that level over 255: the reference renderer's own rounding keeps the level.
    public func referenceColor(bounds: Rect, x: Double, y: Double) -> (Double, Double, Double, Double) {
        let rgb = color(u: Float(x / bounds.width), v: Float(y / bounds.height))
        func q(_ c: Float) -> Double { c.isNaN ? 0 : Double(Int(Swift.min(Swift.max(c, 0), 1) * 255 + 0.5)) / 255 }
        return (q(rgb.x), q(rgb.y), q(rgb.z), 1)
    }
}

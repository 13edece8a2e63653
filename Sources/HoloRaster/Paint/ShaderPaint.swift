// Shader paints: a `ColorEffectProgram` evaluated over a span of pixels.
//
// The program sees positions in points from its bounds' corner. Pixel centres (x + ½, y + ½) map
// to local points through the inverse transform, so along a row the position is linear in x under
// any affine map: one call shades the whole span. The program writes full-coverage premultiplied
// colour; the fill loop applies coverage, clip and opacity, so the shader runs only over spans
// that have coverage. Which program it is (the hand-written ports of the built-in shaders, a
// user's compiled `.metal`) the renderer does not know.

import HoloGeometry
import HoloScene

internal func shaderSpan(_ shader: ShaderPaint, inverse: AffineTransform, x: Int, y: Int, count: Int,
                         into out: UnsafeMutablePointer<UInt32>) {
    let bounds = shader.bounds
    guard bounds.width > 0, bounds.height > 0 else { out.update(repeating: 0, count: count); return }
    let start = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
    shader.program.shade(bounds: bounds, x0: start.x - bounds.minX, y0: start.y - bounds.minY,
                         dx: inverse.a, dy: inverse.b, count: count, into: out)
    if shader.program.mayExceedAlpha { holdToAlpha(out, count) }
}

// Drop shadows of offscreen layers (SwiftUI's .shadow(color:radius:x:y:)).
//
// The layer's alpha is blurred with a Gaussian, tinted with the shadow colour and offset.
// σ = radius (points; approx.: SwiftUI's radius is CALayer's shadowRadius, and design tools
// convert a CALayer shadowRadius r to a CSS/Figma blur of 2r, which is a Gaussian of σ = r.
// σ = r/2 made 10-pt glows nearly invisible next to how they look on a phone).
// The offset is rounded to whole pixels (at 3x that is a third of a point).
// The shadow is drawn under the layer by the compositor; this file only produces it.

import HoloGeometry
import HoloPixels
import HoloScene

/// Shadow σ in points for a SwiftUI shadow radius (approx., see the file header).
@inlinable public func shadowSigma(radius: Double) -> Double { radius }

/// The shadow's alpha in layer pixels: blurred, offset, grown by the blur margin (not tinted).
public func shadowMask(of layer: Canvas, shadow: Shadow) -> CoverageMask {
    let alpha = layer.withWords { src in
        [UInt8](unsafeUninitializedCapacity: src.count) { out, count in
            for i in 0..<src.count { out[i] = UInt8(truncatingIfNeeded: src[i] >> 24) }
            count = src.count
        }
    }
    var mask = CoverageMask(x: 0, y: 0, width: layer.width, height: layer.height, coverage: alpha)
        .gaussianBlurred(sigma: shadowSigma(radius: shadow.radius) * layer.scale)
    mask.x += Int((shadow.offset.x * layer.scale).rounded())
    mask.y += Int((shadow.offset.y * layer.scale).rounded())
    return mask
}

/// The tinted shadow of `layer` as a canvas of the layer's size (what falls outside is cut off).
public func shadow(of layer: Canvas, shadow: Shadow) -> Canvas { inkedShadow(of: layer, shadow: shadow).canvas }

/// `shadow(of:shadow:)` and, per row, the words it wrote: the blurred mask's first and last nonzero
/// bytes (found 8 bytes at a time), outside which the tint is 0 and the canvas stays zero. Only
/// those are tinted, and a composite given them reads only those (the same bytes).
func inkedShadow(of layer: Canvas, shadow: Shadow) -> (canvas: Canvas, ink: InkRows) {
    let mask = shadowMask(of: layer, shadow: shadow)
    let tint = shadow.color.premultipliedRGBA8.word
    var out = Canvas(width: layer.width, height: layer.height, scale: layer.scale)
    var spans = [Range<Int>](repeating: 0..<0, count: layer.height)
    let w = layer.width
    let x0 = max(0, mask.x), y0 = max(0, mask.y)
    let x1 = min(layer.width, mask.x + mask.width), y1 = min(layer.height, mask.y + mask.height)
    guard x1 > x0, y1 > y0 else { return (out, InkRows(spans: spans)) }
    out.withMutableWords { dst in
        mask.coverage.withUnsafeBufferPointer { cov in
            for y in y0..<y1 {
                let row = cov.baseAddress! + (y - mask.y) * mask.width + (x0 - mask.x)
                guard let (first, last) = nonzeroByteSpan(row, count: x1 - x0) else { continue }
                spans[y] = (x0 + first)..<(x0 + last + 1)
                // shadow = tint · alpha (the premultiplied tint scaled by the blurred coverage, each
                // channel rounded: `scalePixel`'s lanes are div255's integers; alpha 0 gives 0).
                for x in spans[y] { dst[y * w + x] = scalePixel(tint, by: UInt32(row[x - x0])) }
            }
        }
    }
    return (out, InkRows(spans: spans))
}

// Clip intersection: clips are coverage masks, and intersecting two clips multiplies them.
//
//   clip(x, y) = a(x, y) · b(x, y) / 255   (rounded, PixelMath's div255)
// over the overlap of the two rects; outside it one factor is 0, so the result is empty there.
// Row by row in C (mask.c), the same integers.

import CPixelKernels
import HoloPixels

extension CoverageMask {
    /// Pixel-wise product (clip intersection), over the overlap of the two rects.
    public func intersected(with other: CoverageMask) -> CoverageMask {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(x + width, other.x + other.width), y1 = Swift.min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return CoverageMask(x: x0, y: y0, width: 0, height: 0) }
        var out = CoverageMask(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let w = x1 - x0
        coverage.withUnsafeBufferPointer { a in
            other.coverage.withUnsafeBufferPointer { b in
                out.coverage.withUnsafeMutableBufferPointer { o in
                    for row in y0..<y1 {
                        let ar = (row - y) * width + (x0 - x)
                        let br = (row - other.y) * other.width + (x0 - other.x)
                        let orow = (row - y0) * w
                        hf_mask_product(o.baseAddress! + orow, a.baseAddress! + ar, b.baseAddress! + br, w)
                    }
                }
            }
        }
        return out
    }
}

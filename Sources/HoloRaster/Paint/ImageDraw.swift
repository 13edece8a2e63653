// Image nodes: a premultiplied RGBA8 image stretched into a frame (local points), sampled
// bilinearly at pixel centres through the inverse transform. Pixels whose centre falls inside the
// frame are drawn (no edge anti-aliasing: images in the designs sit inside clipped cards).
//
//   src = bilerp(image, u·W − ½, v·H − ½),  D' = src·c + D·(1 − src_a·c),  c = clip coverage

import HoloGeometry
import HoloPixels
import HoloScene

extension Canvas {
    public mutating func draw(_ image: ImageData, in frame: Rect, transform: AffineTransform, clip: CoverageMask?) {
        guard image.width > 0, image.height > 0, !frame.isEmpty, let inverse = transform.inverted() else { return }
        let box = transform.bounds(of: frame).intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        guard !box.isEmpty else { return }
        let x0 = Int(box.minX.rounded(.down)), x1 = min(width, Int(box.maxX.rounded(.up)))
        let rows = pixelWindow
        let y0 = max(rows.y0, Int(box.minY.rounded(.down))), y1 = min(rows.y1, Int(box.maxY.rounded(.up)))
        guard y0 < y1 else { return }
        let iw = image.width, ih = image.height
        let sx = Double(iw) / frame.width, sy = Double(ih) / frame.height
        let canvasWidth = width
        image.pixels.withUnsafeBufferPointer { src in
            withMutableBytes { dst in
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                        guard frame.contains(p) else { continue }
                        var c: UInt32 = 255
                        if let clip { c = UInt32(clip[x, y]); if c == 0 { continue } }
                        let fx = (p.x - frame.minX) * sx - 0.5, fy = (p.y - frame.minY) * sy - 0.5
                        // Bilinear.swift's taps, clamped to the image.
                        let tap = BilinearTap(fx, fy)
                        let ax = max(0, min(iw - 1, tap.ix)), bx = max(0, min(iw - 1, tap.ix + 1))
                        let ay = max(0, min(ih - 1, tap.iy)), by = max(0, min(ih - 1, tap.iy + 1))
                        let d = (y * canvasWidth + x) * 4
                        var s = [UInt32](repeating: 0, count: 4)
                        for ch in 0..<4 {
                            let v = tap.mix(Int(src[(ay * iw + ax) * 4 + ch]), Int(src[(ay * iw + bx) * 4 + ch]),
                                            Int(src[(by * iw + ax) * 4 + ch]), Int(src[(by * iw + bx) * 4 + ch]))
                            s[ch] = div255(UInt32(v) * c)
                        }
                        let inv = 255 - s[3]
                        for ch in 0..<4 {
                            dst[d + ch] = UInt8(truncatingIfNeeded: s[ch] + div255(UInt32(dst[d + ch]) * inv))
                        }
                    }
                }
            }
        }
    }
}

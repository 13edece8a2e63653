// Offscreen layers: a group drawn into its own transparent canvas, then composited once with the
// group's opacity (so overlapping children do not show through each other) and optional clip.
//
//   c = opacity · clip / 255,   s' = S·c/255,   D' = s' + D·(255 − s'a)/255
// Opaque layer pixels at full c are plain stores; transparent ones are skipped.

import HoloGeometry

extension Canvas {
    /// Source-over composite of an offscreen layer whose top-left pixel sits at canvas pixel
    /// (`x`, `y`), with group opacity and optional clip. Parts of the layer outside the canvas are dropped.
    public mutating func composite(_ layer: Canvas, x ox: Int = 0, y oy: Int = 0, opacity: Double = 1, clip: CoverageMask? = nil) {
        let o = opacityByte(opacity)
        let window = workWindow(clip: clip).intersection(PixelWindow(ox, oy, ox + layer.width, oy + layer.height))
        guard o > 0, !window.isEmpty else { return }
        let width = self.width, lw = layer.width
        let clipBytes = clip?.coverage ?? []
        layer.pixels.withUnsafeBytes { srcRaw in
            srcRaw.withMemoryRebound(to: UInt32.self) { src in
                pixels.withUnsafeMutableBytes { dstRaw in
                    dstRaw.withMemoryRebound(to: UInt32.self) { dst in
                        clipBytes.withUnsafeBufferPointer { clipBuf in
                            for y in window.y0..<window.y1 {
                                let base = y * width
                                let sbase = (y - oy) * lw - ox
                                if let clip {
                                    let crow = (y - clip.y) * clip.width - clip.x
                                    for x in window.x0..<window.x1 {
                                        let c = div255(o &* UInt32(clipBuf[crow + x]))
                                        let s = src[sbase + x]
                                        if c == 0 || s == 0 { continue }
                                        dst[base + x] = sourceOver(c == 255 ? s : scalePixel(s, by: c), dst[base + x])
                                    }
                                } else if o == 255 {
                                    for x in window.x0..<window.x1 {
                                        let s = src[sbase + x]
                                        if s >> 24 == 255 { dst[base + x] = s } else if s != 0 { dst[base + x] = sourceOver(s, dst[base + x]) }
                                    }
                                } else {
                                    for x in window.x0..<window.x1 {
                                        let s = src[sbase + x]
                                        if s != 0 { dst[base + x] = sourceOver(scalePixel(s, by: o), dst[base + x]) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

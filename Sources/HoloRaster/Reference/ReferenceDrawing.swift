// Reference drawing: coverage × paint × clip × opacity, source-over; images; glyph masks.
//
// Per pixel, every division by 255 rounded (Reference.div255), in this order:
//   c  = coverage·opacity/255,  then  c = c·clip/255
//   s' = S·c/255                 (each premultiplied channel of the paint's colour S)
//   D' = s' + D·(255 − s'a)/255  (source-over)
// Images: bilinear at the pixel centre mapped into the image, weights in 1/256:
//   fx = u·W − ½, wx = round(frac(fx)·256) (same for y), taps clamped to the image,
//   S = (Σ w·P + 2¹⁵) >> 16 per channel, then s' = S·clip/255 and source-over; only pixels whose
//   centre falls inside the frame are drawn.
// Glyph runs: each glyph's FreeType bitmap (rendered now, not cached) placed at its quarter-pixel
// pen position, overlapping bitmaps added and saturated at 255. Under a transform that is not a
// uniform scale, the run is drawn at size·√|det| upright and each canvas pixel samples it
// bilinearly (weights in 1/256, one rounding).

import HoloGeometry
import HoloPixels
import HoloScene
import HoloText

extension Reference {
    /// Source-over of premultiplied `s` at coverage `c` (0…255) onto the pixel at byte offset `i`.
    @inline(__always)
    static func over(_ pixels: inout [UInt8], _ i: Int, _ s: RefPaint.RGBA, coverage c: Int) {
        let sr = div255(s.0 * c), sg = div255(s.1 * c), sb = div255(s.2 * c), sa = div255(s.3 * c)
        let k = 255 - sa
        pixels[i] = UInt8(sr + div255(Int(pixels[i]) * k))
        pixels[i + 1] = UInt8(sg + div255(Int(pixels[i + 1]) * k))
        pixels[i + 2] = UInt8(sb + div255(Int(pixels[i + 2]) * k))
        pixels[i + 3] = UInt8(sa + div255(Int(pixels[i + 3]) * k))
    }

    /// The fast renderer's blend spans (SpanBlend), a pixel at a time: pixel i of `dst` (canvas
    /// words, r in the low byte) gets `colors[i]` at coverage `coverages[i]` through `over`. A span
    /// of one colour or one coverage is the same value repeated.
    static func span(_ dst: [UInt32], colors: [UInt32], coverages: [Int]) -> [UInt32] {
        precondition(colors.count == dst.count && coverages.count == dst.count)
        var bytes = [UInt8](repeating: 0, count: dst.count * 4)
        for i in 0..<dst.count { for ch in 0..<4 { bytes[i * 4 + ch] = UInt8((dst[i] >> (8 * UInt32(ch))) & 0xFF) } }
        for i in 0..<dst.count {
            let s = colors[i]
            over(&bytes, i * 4, (Int(s & 0xFF), Int((s >> 8) & 0xFF), Int((s >> 16) & 0xFF), Int(s >> 24)), coverage: coverages[i])
        }
        var out = [UInt32](repeating: 0, count: dst.count)
        for i in 0..<dst.count {
            for ch in 0..<4 { out[i] |= UInt32(bytes[i * 4 + ch]) << (8 * UInt32(ch)) }
        }
        return out
    }

    /// Paints `coverage` with `paint` into the surface (see the file header).
    static func paint(_ coverage: RefMask, with paint: RefPaint, opacity: Double, clip: RefMask?, into s: inout RefSurface) {
        let o = byte(opacity)
        guard o > 0, !paint.paintsNothing else { return }
        let box = coverage.window.intersection(s.window)
        guard !box.isEmpty else { return }
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for x in box.x0..<box.x1 {
                let cov = coverage.at(x, y)
                if cov == 0 { continue }
                var c = div255(cov * o)
                if let clip { c = div255(c * clip.at(x, y)) }
                if c == 0 { continue }
                over(&s.bytes, s.index(x, y), paint.color(x: x, y: y), coverage: c)
            }
        }
    }

    /// An image stretched into `frame` (local points) through `transform`.
    static func drawImage(_ image: ImageData, in frame: Rect, transform: AffineTransform, clip: RefMask?, into s: inout RefSurface) {
        guard image.width > 0, image.height > 0, !frame.isEmpty, let inverse = transform.inverted() else { return }
        let iw = image.width, ih = image.height
        let sx = Double(iw) / frame.width, sy = Double(ih) / frame.height
        func texel(_ x: Int, _ y: Int, _ ch: Int) -> Int {
            Int(image.pixels[(Swift.min(Swift.max(y, 0), ih - 1) * iw + Swift.min(Swift.max(x, 0), iw - 1)) * 4 + ch])
        }
        // Only pixels whose centre can fall inside the frame: its mapped bounds.
        let box = RefBox(covering: transform.bounds(of: frame)).intersection(s.window)
        guard !box.isEmpty else { return }
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for x in box.x0..<box.x1 {
                let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard frame.contains(p) else { continue }
                let c = clip.map { $0.at(x, y) } ?? 255
                if c == 0 { continue }
                let fx = (p.x - frame.minX) * sx - 0.5, fy = (p.y - frame.minY) * sy - 0.5
                let ix = Int(fx.rounded(.down)), iy = Int(fy.rounded(.down))
                let wx = Int(((fx - Double(ix)) * 256).rounded()), wy = Int(((fy - Double(iy)) * 256).rounded())
                var sample = [0, 0, 0, 0]
                for ch in 0..<4 {
                    let top = texel(ix, iy, ch) * (256 - wx) + texel(ix + 1, iy, ch) * wx
                    let bottom = texel(ix, iy + 1, ch) * (256 - wx) + texel(ix + 1, iy + 1, ch) * wx
                    sample[ch] = (top * (256 - wy) + bottom * wy + 32768) >> 16
                }
                over(&s.bytes, s.index(x, y), (sample[0], sample[1], sample[2], sample[3]), coverage: c)
            }
        }
    }

    /// Coverage of a text run in target pixels; `transform` maps run-local points → pixels.
    static func textCoverage(_ run: TextRun, transform t: AffineTransform, fonts: FontLibrary, limit: RefBox) throws -> RefMask {
        if t.b == 0, t.c == 0, t.a == t.d, t.a > 0 {
            let line = try fonts.layout(run, pixelSize: run.font.size * t.a, baselineStart: t.apply(run.origin))
            return try glyphCoverage(line, fonts: fonts).intersectedWindow(limit)
        }
        guard let inverse = t.inverted() else { return RefMask(window: .empty) }
        let s = abs(t.determinant).squareRoot()
        let local = try glyphCoverage(try fonts.layout(run, pixelSize: run.font.size * s, baselineStart: .zero), fonts: fonts)
        guard !local.window.isEmpty else { return RefMask(window: .empty) }
        // Where the upright run lands: its rect in run-local points, mapped.
        let lw = local.window
        let localRect = Rect(x: Double(lw.x0) / s + run.origin.x, y: Double(lw.y0) / s + run.origin.y,
                             width: Double(lw.width) / s, height: Double(lw.height) / s)
        let box = RefBox(covering: t.bounds(of: localRect)).intersection(limit)
        var mask = RefMask(window: box)
        guard !box.isEmpty else { return mask }
        for y in box.y0..<box.y1 {
            if referenceStopDue() { break }
            for x in box.x0..<box.x1 {
                let q = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let lx = (q.x - run.origin.x) * s - 0.5, ly = (q.y - run.origin.y) * s - 0.5
                mask.set(x, y, bilinear(local, lx, ly))
            }
        }
        return mask
    }

    /// Bilinear sample of a mask at (x, y) (pixel centres at integers, 0 outside), weights in 1/256.
    static func bilinear(_ m: RefMask, _ x: Double, _ y: Double) -> Int {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        guard fx.magnitude < 1e9, fy.magnitude < 1e9 else { return 0 }
        let ix = Int(fx), iy = Int(fy)
        let wx = Int(((x - fx) * 256).rounded()), wy = Int(((y - fy) * 256).rounded())
        let top = m.at(ix, iy) * (256 - wx) + m.at(ix + 1, iy) * wx
        let bottom = m.at(ix, iy + 1) * (256 - wx) + m.at(ix + 1, iy + 1) * wx
        return (top * (256 - wy) + bottom * wy + 32768) >> 16
    }

    /// Every glyph's bitmap, rendered afresh, at its quarter-pixel position; overlaps saturate.
    static func glyphCoverage(_ line: PositionedGlyphs, fonts: FontLibrary) throws -> RefMask {
        let size26_6 = Int((line.pixelSize * 64).rounded())
        var placed: [(x: Int, y: Int, bitmap: GlyphBitmap)] = []
        var box = RefBox.empty
        for g in line.glyphs {
            // Pen position in quarter pixels: the whole pixels place the bitmap, the remainder
            // (0…3 quarters) shifts the outline before FreeType renders it.
            let qx = Int((g.x * 4).rounded(.toNearestOrAwayFromZero)), qy = Int((g.y * 4).rounded(.toNearestOrAwayFromZero))
            let px = Int((Double(qx) / 4).rounded(.down)), py = Int((Double(qy) / 4).rounded(.down))
            if line.colorFaces[g.face] { continue }
            let key = GlyphKey(source: line.sources[g.face], size26_6: size26_6, glyph: g.glyph,
                               binX: UInt8(qx - 4 * px), binY: UInt8(qy - 4 * py))
            let bitmap = try fonts.uncachedGlyphBitmap(key)
            guard bitmap.width > 0 else { continue }
            let bx = px + bitmap.left, by = py - bitmap.top
            placed.append((bx, by, bitmap))
            box = box.union(RefBox(bx, by, bx + bitmap.width, by + bitmap.height))
        }
        var mask = RefMask(window: box)
        for (bx, by, bitmap) in placed {
            for row in 0..<bitmap.height {
                for col in 0..<bitmap.width {
                    let x = bx + col, y = by + row
                    mask.set(x, y, Swift.min(255, mask.at(x, y) + Int(bitmap.coverage[row * bitmap.width + col])))
                }
            }
        }
        return mask
    }
}

extension RefMask {
    /// The same coverage, its rect cut to `limit`.
    func intersectedWindow(_ limit: RefBox) -> RefMask {
        let box = window.intersection(limit)
        if box == window { return self }
        var out = RefMask(window: box)
        for y in box.y0..<box.y1 { for x in box.x0..<box.x1 { out.set(x, y, at(x, y)) } }
        return out
    }
}

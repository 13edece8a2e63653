// The perceptual colour difference and anti-aliasing test of pixelmatch (mapbox/pixelmatch v5),
// ported to premultiplied canvases.
//
// pixelmatch blends straight colours over white, c_w = 255 + (c − 255)·α with α = a/255. For a
// premultiplied channel p = c·α that is c_w = p + 255 − a, so it is computed from the canvas bytes
// directly (no unpremultiply rounding). Then, in YIQ (NTSC) space,
//   Y = 0.29889531 R + 0.58662247 G + 0.11448223 B
//   I = 0.59597799 R − 0.27417610 G − 0.32180189 B
//   Q = 0.21147017 R − 0.52261711 G + 0.31114694 B
//   Δ = 0.5053 ΔY² + 0.299 ΔI² + 0.1957 ΔQ²
// signed negative when the first pixel is the brighter. A pixel differs when |Δ| > 35215·t²
// (35215 is pixelmatch's bound on Δ over all colour pairs; black against white is 0.5053·255² ≈ 32857).

@usableFromInline
struct PixelView {
    let bytes: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    @inline(__always) func offset(_ x: Int, _ y: Int) -> Int { (y * width + x) * 4 }

    /// Channel blended over white: p + 255 − a.
    @inline(__always) func white(_ i: Int, _ channel: Int) -> Double {
        Double(Int(bytes[i + channel]) + 255 - Int(bytes[i + 3]))
    }

    @inline(__always) func samePixel(_ i: Int, _ j: Int) -> Bool {
        bytes[i] == bytes[j] && bytes[i + 1] == bytes[j + 1] && bytes[i + 2] == bytes[j + 2] && bytes[i + 3] == bytes[j + 3]
    }
}

enum Pixelmatch {
    /// pixelmatch's upper bound on Δ.
    static let maxYIQDelta = 35215.0

    @inline(__always) static func y(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    @inline(__always) static func i(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    @inline(__always) static func q(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }

    /// pixelmatch's colorDelta between pixel k of `first` and pixel m of `second`;
    /// `brightnessOnly` returns ΔY (first − second) as its antialiased() test uses.
    static func colorDelta(_ first: PixelView, _ k: Int, _ second: PixelView, _ m: Int, brightnessOnly: Bool) -> Double {
        if first.bytes[k] == second.bytes[m] && first.bytes[k + 1] == second.bytes[m + 1]
            && first.bytes[k + 2] == second.bytes[m + 2] && first.bytes[k + 3] == second.bytes[m + 3] { return 0 }
        let r1 = first.white(k, 0), g1 = first.white(k, 1), b1 = first.white(k, 2)
        let r2 = second.white(m, 0), g2 = second.white(m, 1), b2 = second.white(m, 2)
        let y1 = y(r1, g1, b1), y2 = y(r2, g2, b2), dy = y1 - y2
        if brightnessOnly { return dy }
        let di = i(r1, g1, b1) - i(r2, g2, b2)
        let dq = q(r1, g1, b1) - q(r2, g2, b2)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -delta : delta
    }

    /// pixelmatch's antialiased(): is (x, y) of `image` likely an anti-aliased edge pixel?
    /// It is when among its 8 neighbours at most 2 equal it, some are darker and some brighter, and
    /// the darkest or the brightest neighbour has 3+ identical neighbours in both images (lies in
    /// a flat region on both sides, i.e. the pixel sits on a shifted edge).
    static func antialiased(_ image: PixelView, _ x1: Int, _ y1: Int, _ other: PixelView) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, image.width - 1), y2 = min(y1 + 1, image.height - 1)
        let center = image.offset(x1, y1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minimum = 0.0, maximum = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(image, center, image, image.offset(x, y), brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    minimum = delta; minX = x; minY = y
                } else if delta > maximum {
                    maximum = delta; maxX = x; maxY = y
                }
            }
        }
        if minimum == 0 || maximum == 0 { return false }
        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// Three or more of the 8 neighbours (edges count as one) are byte-identical to (x1, y1).
    static func hasManySiblings(_ image: PixelView, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, image.width - 1), y2 = min(y1 + 1, image.height - 1)
        let center = image.offset(x1, y1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                if image.samePixel(center, image.offset(x, y)) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

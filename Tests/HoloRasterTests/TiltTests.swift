import HoloGeometry
import HoloPixels
@testable import HoloRaster
import HoloScene
import Testing

/// A layer with an opaque card inset by `inset` px and a gradient so resampling shifts would show.
func cardLayer(width: Int, height: Int, inset: Int, scale: Double = 1) -> Canvas {
    var layer = Canvas(width: width, height: height, scale: scale)
    for y in inset..<(height - inset) { for x in inset..<(width - inset) {
        layer[x, y] = PremultipliedRGBA8(r: UInt8(x * 255 / width), g: UInt8(y * 255 / height), b: 128, a: 255)
    } }
    return layer
}

func inkColumns(_ c: Canvas, row: Int) -> [Int] { (0..<c.width).filter { c[$0, row].a > 0 } }

@Suite struct TiltTests {
    let layer = cardLayer(width: 120, height: 80, inset: 20)
    var center: Point { Point(60, 40) }

    @Test func zeroTiltIsTheInput() {
        #expect(tilted(layer, tilt: Tilt(degreesX: 0, degreesY: 0, perspective: 0.5, anchor: center)) == layer)
    }

    @Test func tinyTiltResamplesWithoutShift() {
        // 0.001° changes positions by < 0.001 px: the bilinear path must reproduce the input.
        let t = tilted(layer, tilt: Tilt(degreesX: 0.001, degreesY: 0.001, perspective: 0.5, anchor: center))
        var worst = 0
        for i in t.bytes.indices { worst = max(worst, abs(Int(t.bytes[i]) - Int(layer.bytes[i]))) }
        #expect(worst <= 1)
    }

    @Test func nearlyEdgeOnAboutYCollapsesWidth() {
        let t = tilted(layer, tilt: Tilt(degreesX: 0, degreesY: 89, perspective: 1, anchor: center))
        let cols = inkColumns(t, row: 40)
        #expect(!cols.isEmpty && cols.count <= 6, "\(cols)")
        // Height at the centre column is kept (rotation about y does not move y on the axis).
        #expect(t[60, 25].a > 0 && t[60, 15].a == 0)
        // Exactly edge-on: nothing is visible.
        let edgeOn = tilted(layer, tilt: Tilt(degreesX: 0, degreesY: 90, perspective: 1, anchor: center))
        #expect(edgeOn.bytes.allSatisfy { $0 == 0 })
    }

    @Test func perspectiveShrinksTheEdgeThatMovesAway() {
        // Positive x rotation: the top edge moves away (narrower), the bottom edge comes closer (wider).
        let t = tilted(layer, tilt: Tilt(degreesX: 30, degreesY: 0, perspective: 1, anchor: center))
        let top = (0..<80).first { y in t[60, y].a == 255 }!
        let bottom = (0..<80).last { y in t[60, y].a == 255 }!
        let topWidth = inkColumns(t, row: top + 1).count, bottomWidth = inkColumns(t, row: bottom - 1).count
        #expect(topWidth < bottomWidth)
        // cos 30°: the card's 40-px height shrinks to about 35 px.
        #expect(abs((bottom - top + 1) - 35) <= 2)
        // Positive y rotation: the right edge moves away, so the right side is shorter.
        let ty = tilted(layer, tilt: Tilt(degreesX: 0, degreesY: 30, perspective: 1, anchor: center))
        let cols = inkColumns(ty, row: 40)
        let leftHeight = (0..<80).filter { ty[cols.first! + 1, $0].a > 0 }.count
        let rightHeight = (0..<80).filter { ty[cols.last! - 1, $0].a > 0 }.count
        #expect(rightHeight < leftHeight)
    }

    @Test func projectionKeepsTheAnchor() {
        let p = TiltProjection(Tilt(degreesX: 12, degreesY: -20, perspective: 0.5, anchor: Point(30, 20)),
                               layerWidth: 180, layerHeight: 120, scale: 3)
        let a = p.apply(Point(90, 60))!
        #expect(abs(a.x - 90) < 1e-9 && abs(a.y - 60) < 1e-9)
    }
}

@Suite struct ShadowTests {
    @Test func shadowIsTheBlurredOffsetTintedAlpha() {
        let layer = cardLayer(width: 120, height: 100, inset: 30, scale: 2)
        let s = Shadow(color: Color(white: 0, alpha: 0.5), radius: 4, offset: Point(5, 3))
        let out = shadow(of: layer, shadow: s)
        var total = 0.0, cx = 0.0, cy = 0.0, peak: UInt8 = 0
        for y in 0..<100 { for x in 0..<120 {
            let a = Double(out[x, y].a)
            total += a; cx += a * Double(x); cy += a * Double(y); peak = max(peak, out[x, y].a)
            #expect(out[x, y].r == 0)
        } }
        // Alpha is conserved (60×40 px card at 50% = 1200·255 … within rounding) and moved by offset × scale.
        #expect(abs(total / (60 * 40 * 127.5) - 1) < 0.01)
        #expect(abs(cx / total - (59.5 + 10)) < 0.3 && abs(cy / total - (49.5 + 6)) < 0.3)
        // σ = radius × scale = 8 px: the card's interior stays at the tint's alpha, the edges soften.
        #expect(peak >= 126 && peak <= 128)
        #expect(out[30 + 10, 50 + 6].a > 40 && out[30 + 10, 50 + 6].a < 90)
    }
}

// Source-over arithmetic on known values, clips and layer opacity.
//
// Expected values come from the reference's source-over with 8-bit intermediates:
//   s' = round(S·c/255),  D' = s' + round(D·(255 − s'a)/255).

import HoloPixels
import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

/// The reference's source-over (`Reference.over`) for one pixel, premultiplied [r, g, b, a].
func referenceOver(_ s: [Int], coverage c: Int, over d: [Int]) -> [Int] {
    var pixel = d.map { UInt8($0) }
    Reference.over(&pixel, 0, (s[0], s[1], s[2], s[3]), coverage: c)
    return pixel.map { Int($0) }
}

func canvas(filledWith p: [Int], width: Int = 4, height: Int = 4) -> Canvas {
    var c = Canvas(width: width, height: height)
    for y in 0..<height { for x in 0..<width {
        c[x, y] = PremultipliedRGBA8(r: UInt8(p[0]), g: UInt8(p[1]), b: UInt8(p[2]), a: UInt8(p[3]))
    } }
    return c
}

@Suite struct CompositeTests {
    static let destinations: [[Int]] = [[0, 0, 0, 0], [200, 100, 50, 255], [30, 60, 90, 120], [255, 255, 255, 255]]

    @Test(arguments: destinations)
    func translucentSolidOverKnownPixels(dst: [Int]) {
        let color = Color(red: 0.2, green: 0.8, blue: 1, alpha: 0.6)
        let s = expectedPixel(color)
        var c = canvas(filledWith: dst)
        // Whole pixel (0, 0); half of pixel (1, 0): coverage round(0.5·255) = 128.
        c.fill(.rect(Rect(x: 0, y: 0, width: 1.5, height: 1)), transform: .identity, paint: .solid(color))
        #expect(pixelValues(c, 0, 0) == referenceOver(s, coverage: 255, over: dst))
        #expect(pixelValues(c, 1, 0) == referenceOver(s, coverage: 128, over: dst))
        #expect(pixelValues(c, 2, 0) == dst)
        // Opacity 0.5 folds into coverage: round(255·128/255) = 128.
        var o = canvas(filledWith: dst)
        o.fill(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), transform: .identity, paint: .solid(color), opacity: 0.5)
        #expect(pixelValues(o, 0, 0) == referenceOver(s, coverage: 128, over: dst))
    }

    @Test func opaqueFullCoverageReplaces() {
        var c = canvas(filledWith: [30, 60, 90, 120])
        c.fill(.rect(Rect(x: 0, y: 0, width: 4, height: 4)), transform: .identity, paint: .solid(Color(hex: 0x336699)))
        #expect(pixelValues(c, 2, 2) == [0x33, 0x66, 0x99, 255])
    }

    @Test func gradientSpanBlendsOverDestination() {
        // A translucent gradient over an opaque background: each pixel follows the formula with
        // the gradient's colour at that pixel.
        let dst = [200, 100, 50, 255]
        var c = canvas(filledWith: dst, width: 101, height: 1)
        let a = Color(red: 1, green: 0, blue: 0, alpha: 0.5), b = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        c.fill(.rect(Rect(x: 0, y: 0, width: 101, height: 1)), transform: .identity,
               paint: .linearGradient(stops: Paint.evenStops([a, b]), start: Point(0.5, 0), end: Point(100.5, 0)))
        #expect(close(pixelValues(c, 0, 0), referenceOver(expectedPixel(a), coverage: 255, over: dst)))
        #expect(close(pixelValues(c, 100, 0), referenceOver(expectedPixel(b), coverage: 255, over: dst)))
    }

    @Test func fillThroughAClipMask() {
        var c = Canvas(width: 20, height: 4)
        // Clip: the left half up to x = 10.5.
        let clip = c.coverage(of: .rect(Rect(x: 0, y: 0, width: 10.5, height: 4)), transform: .identity)
        #expect(clip[10, 0] == 128)
        c.fill(.rect(Rect(x: 0, y: 0, width: 20, height: 4)), transform: .identity, paint: .solid(.white), clip: clip)
        #expect(pixelValues(c, 5, 1) == [255, 255, 255, 255])
        #expect(pixelValues(c, 10, 1) == [128, 128, 128, 128])
        #expect(pixelValues(c, 15, 1) == [0, 0, 0, 0])
        // A clip narrower than the shape: the fill also stops at the clip's rect.
        var d = Canvas(width: 20, height: 4)
        let small = d.coverage(of: .rect(Rect(x: 12, y: 1, width: 3, height: 2)), transform: .identity)
        d.fill(.circle(center: Point(10, 2), radius: 30), transform: .identity, paint: .solid(.black), clip: small)
        #expect(d[13, 1].a == 255 && d[13, 0].a == 0 && d[11, 1].a == 0 && d[15, 2].a == 0)
    }

    @Test func intersectedMultipliesOverTheOverlap() {
        let a = CoverageMask(x: 0, y: 0, width: 3, height: 1, coverage: [255, 128, 10])
        let b = CoverageMask(x: 1, y: 0, width: 3, height: 2, coverage: [128, 128, 255, 9, 9, 9])
        let m = a.intersected(with: b)
        #expect(m.x == 1 && m.y == 0 && m.width == 2 && m.height == 1)
        let products: [Double] = [128 * 128 / 255, 10 * 128 / 255]
        #expect(m.coverage == products.map { UInt8($0.rounded()) })
        #expect(a.intersected(with: CoverageMask(x: 5, y: 5, width: 2, height: 2)).isEmpty)
    }

    /// Every pair of coverages: the product is a·b/255 rounded (halves cannot occur: 255 is odd).
    @Test func intersectionIsTheRoundedProductForAllPairs() {
        let a = CoverageMask(x: 0, y: 0, width: 256, height: 256, coverage: (0..<65536).map { UInt8($0 >> 8) })
        let b = CoverageMask(x: 0, y: 0, width: 256, height: 256, coverage: (0..<65536).map { UInt8($0 & 255) })
        let m = a.intersected(with: b)
        for i in 0..<65536 {
            let product: Double = Double(i >> 8) * Double(i & 255) / 255
            let want = UInt8(product.rounded())
            if m.coverage[i] != want { Issue.record("\(i >> 8) · \(i & 255): \(m.coverage[i]), want \(want)"); return }
        }
    }

    @Test func maskFillUsesMaskCoverage() {
        var c = canvas(filledWith: [0, 0, 0, 255], width: 4, height: 1)
        let mask = CoverageMask(x: 1, y: 0, width: 2, height: 1, coverage: [255, 64])
        c.fill(mask, paint: .solid(.white), paintTransform: .identity)
        #expect(pixelValues(c, 0, 0) == [0, 0, 0, 255])
        #expect(pixelValues(c, 1, 0) == [255, 255, 255, 255])
        #expect(pixelValues(c, 2, 0) == referenceOver([255, 255, 255, 255], coverage: 64, over: [0, 0, 0, 255]))
    }

    @Test(arguments: CompositeTests.destinations)
    func compositeWithHalfOpacityMatchesArithmetic(dst: [Int]) {
        let layerPixels: [[Int]] = [[255, 0, 0, 255], [0, 0, 0, 0], [40, 80, 20, 100], [255, 255, 255, 255]]
        var layer = Canvas(width: 4, height: 1)
        for (x, p) in layerPixels.enumerated() {
            layer[x, 0] = PremultipliedRGBA8(r: UInt8(p[0]), g: UInt8(p[1]), b: UInt8(p[2]), a: UInt8(p[3]))
        }
        var c = canvas(filledWith: dst, width: 4, height: 1)
        c.composite(layer, opacity: 0.5)
        for (x, p) in layerPixels.enumerated() {
            #expect(pixelValues(c, x, 0) == referenceOver(p, coverage: 128, over: dst))
        }
        // With a clip: coverage 128·255/255 at x = 0, nothing at x = 3.
        var k = canvas(filledWith: dst, width: 4, height: 1)
        k.composite(layer, opacity: 1, clip: CoverageMask(x: 0, y: 0, width: 3, height: 1, coverage: [128, 255, 255]))
        #expect(pixelValues(k, 0, 0) == referenceOver(layerPixels[0], coverage: 128, over: dst))
        #expect(pixelValues(k, 3, 0) == dst)
    }
}

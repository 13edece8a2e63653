// A text run's mask cut to the pixels its canvas may show (FontLibrary.coverage(of:transform:within:)):
// the same values as the whole run's mask at every pixel of the window, upright and rotated, and
// a size bounded by the window however long the line.

import HoloGeometry
@testable import HoloRaster
import HoloText
import HoloScene
import Testing

@Suite struct TextWindowTests {
    let library = FontLibrary()

    /// The value of `mask` at pixel (x, y), 0 outside it.
    func value(_ mask: CoverageMask, _ x: Int, _ y: Int) -> UInt8 {
        guard x >= mask.x, y >= mask.y, x < mask.x + mask.width, y < mask.y + mask.height else { return 0 }
        return mask.coverage[(y - mask.y) * mask.width + (x - mask.x)]
    }

    static let transforms: [AffineTransform] = [
        AffineTransform(a: 3, b: 0, c: 0, d: 3, tx: 0.3, ty: 0.6),
        AffineTransform(a: 2 * 0.8, b: 2 * 0.6, c: -2 * 0.6, d: 2 * 0.8, tx: 40, ty: -10),  // rotated
        AffineTransform(a: 1.5, b: 0, c: 0.4, d: 2.5, tx: -5, ty: 3),                          // skewed
    ]

    @Test(arguments: transforms)
    func aCutMaskHasTheWholeMasksValuesInsideItsWindow(_ t: AffineTransform) throws {
        let run = TextRun("Wavy kerning, AVAWAY fi ½ — ok", font: Font(size: 22, weight: .semibold), origin: Point(7, 30))
        let whole = try library.coverage(of: run, transform: t)
        for window in [PixelWindow(0, 0, 120, 80), PixelWindow(37, 41, 71, 59), PixelWindow(-50, -50, 400, 400), PixelWindow(500, 0, 600, 10)] {
            let cut = try library.coverage(of: run, transform: t, within: window)
            #expect(cut.width <= window.x1 - window.x0 && cut.height <= window.y1 - window.y0)
            for y in window.y0..<window.y1 { for x in window.x0..<window.x1 where value(cut, x, y) != value(whole, x, y) {
                Issue.record("pixel (\(x), \(y)) of \(window): \(value(cut, x, y)) cut, \(value(whole, x, y)) whole")
                return
            } }
        }
    }

    @Test func aLongLineCostsItsWindowNotItsLength() throws {
        // 50,000 "W" at 500 pt and 3×: the whole mask would be about 75 million px wide.
        let run = TextRun(String(repeating: "W", count: 50_000), font: Font(size: 500), origin: Point(-1000, 600))
        let window = PixelWindow(0, 0, 1170, 2532)
        let upright = try library.coverage(of: run, transform: AffineTransform(a: 3, b: 0, c: 0, d: 3, tx: 0, ty: 0), within: window)
        #expect(upright.width <= 1170 && upright.height <= 2532 && upright.coverage.contains { $0 > 0 })
    }
}

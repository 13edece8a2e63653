// The rows between a shape's corners replayed from one row's runs (`StraightSides`), and a card's
// background drawn from its own clip mask (`Canvas.fillOwnClip`), held byte for byte to the paths
// they stand in for: the accumulation rasterizer over the whole window, and the clipped blitter.

import HoloPixels
import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

/// Records runs as they arrive.
private struct RunLog: CoverageSink {
    var runs: [[Int]] = []
    mutating func run(y: Int, x: Int, count: Int, coverage: UInt8) { runs.append([y, x, count, Int(coverage)]) }
}

@Suite struct StraightSidesTests {
    /// Rounded rects (continuous and circular corners, fractional edges, clipped on every side,
    /// a damage band's rows) give the same runs, in the same order, as the general rasterizer.
    @Test func replayedRowsAreTheAccumulatorsRuns() {
        let shapes: [(Shape, AffineTransform)] = [
            (.roundedRect(Rect(x: 0, y: 0, width: 380.3, height: 800.7), cornerRadius: 22, style: .continuous),
             AffineTransform.scale(3, 3).concatenating(.translation(2.37, 48.91))),
            (.roundedRect(Rect(x: 0, y: 0, width: 358, height: 72), cornerRadius: 14, style: .continuous),
             AffineTransform.scale(3, 3).concatenating(.translation(48.5, 1210.25))),
            (.roundedRect(Rect(x: 10.2, y: 3.6, width: 90, height: 300), cornerRadius: 9, style: .circular), .identity),
            (.roundedRect(Rect(x: -30.6, y: 5.1, width: 1300, height: 400), cornerRadius: 40, style: .continuous), .identity),
            (.capsule(Rect(x: 3.3, y: 2.2, width: 20, height: 200)), .identity),
            (.roundedRect(Rect(x: 0.5, y: 0.5, width: 0.6, height: 100), cornerRadius: 0.2, style: .continuous), .identity),
        ]
        let windows = [PixelWindow(0, 0, 1170, 2532), PixelWindow(0, 700, 1170, 1333), PixelWindow(100, 0, 500, 2532),
                       PixelWindow(0, 0, 1000, 1000)]
        var replayed = 0
        for (shape, t) in shapes {
            let poly = shape.pixelPolygon(transform: t)
            for window in windows {
                var fast = RunLog()
                rasterize(poly, window: window, into: &fast)
                var general = RunLog()
                let win = PixelWindow(covering: poly.bounds, within: window)
                if !win.isEmpty {
                    var raster = ScanlineRasterizer(window: win)
                    raster.add(poly)
                    raster.sweep(into: &general, fillRule: poly.fillRule)
                    if StraightSides(poly, window: win) != nil { replayed += 1 }
                }
                #expect(fast.runs == general.runs, "\(shape) in \(window)")
            }
        }
        #expect(replayed >= 8)
    }

    /// A card: its background fills its clip's own shape. Drawn from the mask, the same bytes
    /// as the fill through the clipped blitter, over a busy backdrop, in opaque and translucent colours.
    @Test func ownClipFillIsTheClippedFill() {
        for color in [Color(red: 0.98, green: 0.97, blue: 0.94), Color(red: 0.2, green: 0.5, blue: 0.3, alpha: 0.45)] {
            for (shape, t) in [
                (Shape.roundedRect(Rect(x: 0, y: 0, width: 90.4, height: 60.3), cornerRadius: 14, style: .continuous),
                 AffineTransform.scale(3, 3).concatenating(.translation(7.61, 12.3))),
                (Shape.ellipse(Rect(x: 3.2, y: 4.7, width: 150, height: 95)), AffineTransform.identity),
            ] {
                var base = Canvas(width: 300, height: 220)
                base.fill(.rect(Rect(x: 0, y: 0, width: 300, height: 220)), transform: .identity,
                          paint: .linearGradient(stops: Paint.evenStops([Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.5)]),
                                                 start: Point(0, 0), end: Point(300, 220)))
                let mask = base.coverage(of: shape, transform: t)
                var expected = base
                expected.fill(shape, transform: t, paint: .solid(color), clip: mask)
                var got = base
                got.fillOwnClip(mask, color: PaintSampler(.solid(color), transform: t).solidColor!)
                #expect(got == expected)
            }
        }
    }
}

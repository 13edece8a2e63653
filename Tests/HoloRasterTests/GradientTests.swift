// Gradient stops land where they should; between stops colours interpolate in straight sRGB.
//
// Each fixture puts pixel centres exactly on stop locations (a pixel's centre is x + ½), so the
// expected colour there is the stop's own, within 1 per channel (8-bit quantization).

import Glibc
import HoloPixels
import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster

/// Premultiplied RGBA8 of a straight colour, independently of the library: round(c·255), then
/// round(c8·a8/255).
func expectedPixel(_ c: Color) -> [Int] {
    let a = Int((c.alpha * 255).rounded())
    func ch(_ v: Double) -> Int { Int((Double(Int((v * 255).rounded())) * Double(a) / 255).rounded()) }
    return [ch(c.red), ch(c.green), ch(c.blue), a]
}

func pixelValues(_ canvas: Canvas, _ x: Int, _ y: Int) -> [Int] {
    let p = canvas[x, y]
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

func close(_ a: [Int], _ b: [Int], within d: Int = 1) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= d }
}

let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1), white = Color.white, black = Color.black

/// Fills a whole canvas with `paint`.
func painted(_ paint: Paint, width: Int = 120, height: Int = 120, transform: AffineTransform = .identity) -> Canvas {
    var c = Canvas(width: width, height: height)
    let local = transform.inverted()!.bounds(of: c.bounds)
    c.fill(.rect(local), transform: transform, paint: paint)
    return c
}

@Suite struct GradientTests {
    @Test func linearStopsAndMidpoints() {
        // t = x/100 at pixel x's centre.
        let c = painted(.linearGradient(stops: [GradientStop(red, at: 0), GradientStop(green, at: 0.4),
                                                GradientStop(blue, at: 1)],
                                        start: Point(0.5, 0), end: Point(100.5, 0)), height: 4)
        #expect(close(pixelValues(c, 0, 1), expectedPixel(red)))
        #expect(close(pixelValues(c, 40, 1), expectedPixel(green)))
        #expect(close(pixelValues(c, 100, 1), expectedPixel(blue)))
        #expect(close(pixelValues(c, 20, 1), expectedPixel(red.mixed(with: green, 0.5))))
        #expect(close(pixelValues(c, 70, 1), expectedPixel(green.mixed(with: blue, 0.5))))
        #expect(close(pixelValues(c, 115, 1), expectedPixel(blue)))       // pad after the end
    }

    @Test func linearGradientFollowsTheTransform() {
        // Vertical gradient in local points, drawn at 2x: local y = (py + ½)/2.
        let t = AffineTransform.scale(2, 2)
        let c = painted(.linearGradient(stops: Paint.evenStops([black, white]), start: Point(0, 10), end: Point(0, 50)),
                        width: 8, height: 120, transform: t)
        #expect(close(pixelValues(c, 3, 9), expectedPixel(black)))       // local y 4.75 < 10: pad
        #expect(close(pixelValues(c, 3, 60), expectedPixel(black.mixed(with: white, (30.25 - 10) / 40))))
        #expect(close(pixelValues(c, 3, 119), expectedPixel(white)))
    }

    @Test func interpolationIsStraightNotPremultiplied() {
        // Opaque red → transparent blue: halfway is straight (0.5, 0, 0.5, 0.5) → premultiplied
        // (64, 0, 64, 128); premultiplied interpolation would give (128, 0, 0, 128).
        let c = painted(.linearGradient(stops: [GradientStop(red, at: 0), GradientStop(blue.opacity(0), at: 1)],
                                        start: Point(0.5, 0), end: Point(100.5, 0)), height: 2)
        #expect(close(pixelValues(c, 50, 0), [64, 0, 64, 128]))
    }

    @Test func equalLocationsMakeAHardEdge() {
        let c = painted(.linearGradient(stops: [GradientStop(red, at: 0), GradientStop(red, at: 0.5),
                                                GradientStop(blue, at: 0.5), GradientStop(blue, at: 1)],
                                        start: Point(0.5, 0), end: Point(100.5, 0)), height: 2)
        #expect(pixelValues(c, 49, 0) == expectedPixel(red))
        #expect(pixelValues(c, 51, 0) == expectedPixel(blue))
    }

    @Test func radialStopsAndMidpoints() {
        let c = painted(.radialGradient(stops: [GradientStop(white, at: 0), GradientStop(black, at: 0.5),
                                                GradientStop(red, at: 1)],
                                        center: Point(50.5, 50.5), startRadius: 0, endRadius: 40))
        #expect(close(pixelValues(c, 50, 50), expectedPixel(white)))
        #expect(close(pixelValues(c, 70, 50), expectedPixel(black)))       // distance 20: t = 0.5
        #expect(close(pixelValues(c, 50, 10), expectedPixel(red)))         // distance 40
        #expect(close(pixelValues(c, 60, 50), expectedPixel(white.mixed(with: black, 0.5))))
        #expect(close(pixelValues(c, 68, 74), expectedPixel(black.mixed(with: red, 0.5))))  // offset (18, 24): distance 30
    }

    @Test func angularRunsClockwiseFromStartAngle() {
        let c = painted(.angularGradient(stops: [GradientStop(red, at: 0), GradientStop(green, at: 0.25),
                                                 GradientStop(blue, at: 0.5), GradientStop(white, at: 1)],
                                         center: Point(50.5, 50.5), startAngle: 0, endAngle: 2 * Double.pi))
        #expect(close(pixelValues(c, 80, 50), expectedPixel(red)))         // +x: angle 0
        #expect(close(pixelValues(c, 50, 80), expectedPixel(green)))       // below: clockwise quarter
        #expect(close(pixelValues(c, 20, 50), expectedPixel(blue)))        // −x: half turn
        #expect(close(pixelValues(c, 50, 20), expectedPixel(blue.mixed(with: white, 0.5))))  // above: ¾
        #expect(close(pixelValues(c, 80, 80), expectedPixel(red.mixed(with: green, 0.5))))   // 45°
    }

    /// Issue 31 ("the angular gradient shows a seam"): with stops that close the circle, the start
    /// angle is no edge. For start angles all round the turn, including the gradients clip's span
    /// of (φ + 2π) − φ that rounds just under or over 2π, the step between neighbouring pixels on a
    /// ring that crosses the start angle is no larger than the ramp's own steps (fast kernel and
    /// Double formula alike: the canvas uses the certified float lanes).
    @Test(arguments: [0.0, 0.3, 1.0, 2.5, 3.14159, 4.2, 5.9, 2 * Double.pi * 0.7])
    func angularClosedStopsHaveNoSeamAtTheStartAngle(start: Double) {
        let gold = Color(hex: 0xC9A961), cream = Color(hex: 0xF5EFE0)
        let c = painted(.angularGradient(stops: Paint.evenStops([gold, cream, gold]), center: Point(60, 60),
                                         startAngle: start, endAngle: start + 2 * Double.pi), width: 120, height: 120)
        var steps: [(step: Int, angle: Double)] = []
        let n = 720
        var previous = pixelValues(c, 60 + 45, 60)
        for i in 1...n {
            let a = 2 * Double.pi * Double(i) / Double(n)
            let p = pixelValues(c, 60 + Int((45 * cos(a)).rounded()), 60 + Int((45 * sin(a)).rounded()))
            steps.append((zip(p, previous).map { abs($0 - $1) }.max()!, a))
            previous = p
        }
        // Across the seam (the ring's samples within 2° of the start angle) against the rest.
        func nearSeam(_ a: Double) -> Bool {
            let d = abs(remainder(a - start, 2 * Double.pi))
            return d < 2 * Double.pi / 180
        }
        let seam = steps.filter { nearSeam($0.angle) }.map(\.step).max() ?? 0
        let ramp = steps.filter { !nearSeam($0.angle) }.map(\.step).max() ?? 0
        #expect(seam <= max(ramp, 2), "start \(start): a step of \(seam) across the start angle, \(ramp) elsewhere")
    }

    @Test func angularPartialTurnFillsTheGapWithEndThenStartColour() {
        // Half a turn, from 0 to π: the upper half is the gap; its first half (angles π…1.5π, the
        // upper-left quadrant) shows the end colour, the second (upper-right) the start colour.
        let c = painted(.angularGradient(stops: Paint.evenStops([red, blue]), center: Point(50.5, 50.5),
                                         startAngle: 0, endAngle: Double.pi))
        #expect(close(pixelValues(c, 50, 80), expectedPixel(red.mixed(with: blue, 0.5))))
        #expect(close(pixelValues(c, 30, 30), expectedPixel(blue)))
        #expect(close(pixelValues(c, 70, 30), expectedPixel(red)))
    }

    /// Radii a subnormal apart (a fuzzed clip file had 0 and 1e-320) divide by nearly 0: t is ∞ or NaN, and the
    /// table index clamps instead of converting ∞ to Int. At the centre (0·∞ = NaN) is the first
    /// stop, outside the (tiny) ring the last.
    @Test func degenerateRadialGradientClampsInsteadOfCrashing() {
        let lut = GradientLUT(stops: [GradientStop(.white, at: 0), GradientStop(.black, at: 1)])
        #expect(lut.index(.infinity) == GradientLUT.size - 1 && lut.index(-.infinity) == 0 && lut.index(.nan) == 0)
        #expect(lut.index(1) == GradientLUT.size - 1 && lut.index(0.5) == 512 && lut.index(0) == 0)
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let c = painted(.radialGradient(stops: [GradientStop(red, at: 0), GradientStop(blue, at: 1)],
                                        center: Point(60.5, 60.5), startRadius: 0, endRadius: Double.leastNonzeroMagnitude))
        #expect(close(pixelValues(c, 60, 60), expectedPixel(red)))
        #expect(close(pixelValues(c, 100, 100), expectedPixel(blue)))
    }
}

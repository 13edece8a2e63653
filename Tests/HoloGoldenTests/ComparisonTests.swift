import HoloGolden
import HoloPixels
import Testing

/// A w×h canvas of one opaque colour.
func solid(_ w: Int, _ h: Int, _ p: PremultipliedRGBA8 = PremultipliedRGBA8(r: 200, g: 120, b: 40, a: 255)) -> Canvas {
    var canvas = Canvas(width: w, height: h)
    for y in 0..<h { for x in 0..<w { canvas[x, y] = p } }
    return canvas
}

let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

/// White canvas with a black rectangle x in [left, right), y in [top, bottom).
func box(_ w: Int, _ h: Int, left: Int, top: Int, right: Int, bottom: Int) -> Canvas {
    var canvas = solid(w, h, white)
    for y in top..<bottom { for x in left..<right { canvas[x, y] = black } }
    return canvas
}

@Suite struct ComparisonTests {
    @Test func identicalImagesPass() {
        let image = box(20, 10, left: 3, top: 2, right: 9, bottom: 8)
        let result = ImageComparison.compare(expected: image, actual: image)
        #expect(result.passed)
        #expect(result.differingPixels == 0 && result.largestChannelDelta == 0)
    }

    @Test func onePixelOffByOneFailsExactAndPassesDeltaOne() {
        let expected = solid(8, 8)
        var actual = expected
        actual[5, 3] = PremultipliedRGBA8(r: 201, g: 120, b: 40, a: 255)
        let exact = ImageComparison.compare(expected: expected, actual: actual)
        #expect(!exact.passed)
        #expect(exact.differingPixels == 1 && exact.largestChannelDelta == 1)
        #expect(exact.summary.contains("1 differing pixel"))
        let loose = ImageComparison.compare(expected: expected, actual: actual, tolerance: Tolerance(maxChannelDelta: 1))
        #expect(loose.passed && loose.differingPixels == 0 && loose.largestChannelDelta == 1)
    }

    @Test func edgeShiftedByOnePixelDiffersAlongTheEdge() {
        // Rectangle 7 px tall; moving its right edge by one column changes exactly 7 pixels.
        let expected = box(20, 12, left: 3, top: 2, right: 10, bottom: 9)
        let actual = box(20, 12, left: 3, top: 2, right: 11, bottom: 9)
        let result = ImageComparison.compare(expected: expected, actual: actual)
        #expect(result.differingPixels == 7)
        #expect(result.largestChannelDelta == 255)
        #expect(ImageComparison.compare(expected: expected, actual: actual, tolerance: Tolerance(maxDifferingPixels: 7)).passed)
        #expect(!ImageComparison.compare(expected: expected, actual: actual, tolerance: Tolerance(maxDifferingPixels: 6)).passed)
        // 7 of 240 pixels: a ratio of 0.03 allows 7, 0.025 allows 6.
        #expect(ImageComparison.compare(expected: expected, actual: actual, tolerance: Tolerance(maxDifferingRatio: 0.03)).passed)
        #expect(!ImageComparison.compare(expected: expected, actual: actual, tolerance: Tolerance(maxDifferingRatio: 0.025)).passed)
    }

    @Test func sizeMismatchNamesBothSizes() {
        let result = ImageComparison.compare(expected: solid(4, 3), actual: solid(5, 3))
        #expect(!result.passed)
        #expect(result.diffImage == nil)
        #expect(result.summary.contains("4×3") && result.summary.contains("5×3"))
    }

    @Test func transparentPixelsWithDifferentColourBytesAreEqual() {
        let expected = Canvas(width: 3, height: 3, premultipliedBytes: [UInt8](repeating: 0, count: 36))
        var bytes = [UInt8](repeating: 0, count: 36)
        for i in stride(from: 0, to: 36, by: 4) { bytes[i] = 9; bytes[i + 1] = 200; bytes[i + 2] = 77 }  // a stays 0
        let result = ImageComparison.compare(expected: expected, actual: Canvas(width: 3, height: 3, premultipliedBytes: bytes))
        #expect(result.passed && result.differingPixels == 0 && result.largestChannelDelta == 0)
        // But alpha 0 against alpha 1 is a difference.
        var other = bytes; other[3] = 1
        #expect(!ImageComparison.compare(expected: expected, actual: Canvas(width: 3, height: 3, premultipliedBytes: other)).passed)
    }

    @Test func diffImageMarksExactlyTheDifferingPixels() throws {
        let expected = box(16, 9, left: 2, top: 1, right: 7, bottom: 8)
        var actual = expected
        let changed: Set<[Int]> = [[0, 0], [7, 4], [15, 8], [3, 3]]
        for p in changed { actual[p[0], p[1]] = PremultipliedRGBA8(r: 10, g: 200, b: 10, a: 255) }
        let result = ImageComparison.compare(expected: expected, actual: actual)
        let diff = try #require(result.diffImage)
        #expect(result.differingPixels == changed.count)
        for y in 0..<9 {
            for x in 0..<16 {
                let isRed = diff[x, y] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
                #expect(isRed == changed.contains([x, y]), "pixel \(x),\(y)")
                if !isRed {
                    // Faded: white stays 255, black becomes 255 − 0.1·255 ≈ 230.
                    let expectedGrey: UInt8 = expected[x, y] == white ? 255 : 230
                    #expect(diff[x, y] == PremultipliedRGBA8(r: expectedGrey, g: expectedGrey, b: expectedGrey, a: 255))
                }
            }
        }
    }

    @Test func perceptualThresholdIgnoresSmallColourShifts() {
        let expected = solid(6, 6, PremultipliedRGBA8(r: 100, g: 100, b: 100, a: 255))
        let actual = solid(6, 6, PremultipliedRGBA8(r: 104, g: 100, b: 100, a: 255))
        // ΔR = 4 → Δ = 0.5053(4·0.2989)² + 0.299(4·0.5960)² + 0.1957(4·0.2115)² ≈ 2.58;
        // t = 0.1 allows 352, t = 0.005 allows 0.88.
        #expect(ImageComparison.compare(expected: expected, actual: actual, tolerance: Tolerance(perceptualThreshold: 0.1)).passed)
        let strict = ImageComparison.compare(expected: expected, actual: actual, tolerance: Tolerance(perceptualThreshold: 0.005))
        #expect(!strict.passed && strict.differingPixels == 36)
        // Black against white: Δ = 0.5053·255² ≈ 32857, over 35215·0.9² = 28524, under 35215·0.99².
        #expect(!ImageComparison.compare(expected: solid(2, 2, black), actual: solid(2, 2, white),
                                         tolerance: Tolerance(perceptualThreshold: 0.9)).passed)
        #expect(ImageComparison.compare(expected: solid(2, 2, black), actual: solid(2, 2, white),
                                        tolerance: Tolerance(perceptualThreshold: 0.99)).passed)
    }

    @Test func antialiasedEdgePixelsAreExcusedAndMarkedYellow() throws {
        // A vertical black/white edge; the actual image has one grey (anti-aliased) pixel on it.
        let expected = box(12, 12, left: 0, top: 0, right: 6, bottom: 12)
        var actual = expected
        actual[6, 5] = PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255)
        let strict = ImageComparison.compare(expected: expected, actual: actual, tolerance: Tolerance(perceptualThreshold: 0.1))
        #expect(strict.differingPixels == 1 && !strict.passed)
        let lenient = ImageComparison.compare(expected: expected, actual: actual,
                                              tolerance: Tolerance(perceptualThreshold: 0.1, excuseAntialiasing: true))
        #expect(lenient.passed && lenient.differingPixels == 0 && lenient.excusedAntialiasedPixels == 1)
        #expect(try #require(lenient.diffImage)[6, 5] == PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255))
        // A grey pixel in the middle of a flat white area is not anti-aliasing.
        var blot = expected
        blot[9, 5] = PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255)
        let notAA = ImageComparison.compare(expected: expected, actual: blot,
                                            tolerance: Tolerance(perceptualThreshold: 0.1, excuseAntialiasing: true))
        #expect(notAA.differingPixels == 1 && notAA.excusedAntialiasedPixels == 0)
    }
}

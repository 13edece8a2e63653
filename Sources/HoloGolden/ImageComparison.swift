// Expected-versus-actual comparison of two canvases, with a diff image for people.
//
// Exact by default (a deterministic renderer gives the same bytes every run); the tolerances in
// `Tolerance` are opt-in. The diff image follows pixelmatch: the expected image as grey faded to
// 10% over white, differing pixels red, excused anti-aliased pixels yellow.

import HoloPixels

public struct ComparisonResult: Sendable, Equatable {
    /// Pixels that differ beyond the tolerance (excused anti-aliased pixels not included).
    public var differingPixels: Int
    /// Differing pixels excused as anti-aliasing.
    public var excusedAntialiasedPixels: Int
    /// The largest premultiplied channel difference (alpha included) over all pixels not
    /// transparent in both images.
    public var largestChannelDelta: Int
    public var passed: Bool
    /// Nil only when the sizes differ.
    public var diffImage: Canvas?
    /// Set when the sizes differ: a sentence naming both.
    public var sizeMismatch: String?

    /// One line for a test failure.
    public var summary: String {
        if let sizeMismatch { return sizeMismatch }
        return "\(differingPixels) differing pixel\(differingPixels == 1 ? "" : "s"), largest channel delta \(largestChannelDelta)"
            + (excusedAntialiasedPixels > 0 ? ", \(excusedAntialiasedPixels) anti-aliased excused" : "")
    }
}

public enum ImageComparison {
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let yellow = PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255)

    public static func compare(expected: Canvas, actual: Canvas, tolerance: Tolerance = .exact) -> ComparisonResult {
        guard expected.width == actual.width, expected.height == actual.height else {
            return ComparisonResult(
                differingPixels: max(expected.width * expected.height, actual.width * actual.height),
                excusedAntialiasedPixels: 0, largestChannelDelta: 255, passed: false, diffImage: nil,
                sizeMismatch: "size mismatch: expected \(expected.width)×\(expected.height) pixels, actual \(actual.width)×\(actual.height)")
        }
        let width = expected.width, height = expected.height
        let maxYIQ = tolerance.perceptualThreshold.map { Pixelmatch.maxYIQDelta * $0 * $0 }
        var differing = 0, excused = 0, largest = 0
        var diff = [UInt32](repeating: 0, count: width * height)
        // Both canvases as bytes (their one representation, Canvas.swift), read channel by channel.
        expected.withBytes { e in
            actual.withBytes { a in
                let ev = PixelView(bytes: e, width: width, height: height)
                let av = PixelView(bytes: a, width: width, height: height)
                for y in 0..<height {
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        var mark: PremultipliedRGBA8? = nil
                        if !(e[i + 3] == 0 && a[i + 3] == 0) {
                            var delta = 0
                            for c in 0..<4 { delta = max(delta, abs(Int(e[i + c]) - Int(a[i + c]))) }
                            largest = max(largest, delta)
                            let differs: Bool
                            if let maxYIQ {
                                differs = abs(Pixelmatch.colorDelta(ev, i, av, i, brightnessOnly: false)) > maxYIQ
                            } else {
                                differs = delta > tolerance.maxChannelDelta
                            }
                            if differs {
                                if tolerance.excuseAntialiasing
                                    && (Pixelmatch.antialiased(ev, x, y, av) || Pixelmatch.antialiased(av, x, y, ev)) {
                                    excused += 1; mark = yellow
                                } else {
                                    differing += 1; mark = red
                                }
                            }
                        }
                        // Faded expected, as pixelmatch: its grey level Y over white at 10%,
                        //   g = 255 + (Y_straight − 255)·0.1·α = 255 + 0.1·(Y(premultiplied) − a).
                        let p = mark ?? {
                            let luma = Pixelmatch.y(Double(e[i]), Double(e[i + 1]), Double(e[i + 2]))
                            let g = UInt8(max(0, min(255, (255 + 0.1 * (luma - Double(e[i + 3]))).rounded())))
                            return PremultipliedRGBA8(r: g, g: g, b: g, a: 255)
                        }()
                        diff[y * width + x] = p.word
                    }
                }
            }
        }
        let passed = differing <= tolerance.allowedDifferingPixels(of: width * height)
        return ComparisonResult(differingPixels: differing, excusedAntialiasedPixels: excused, largestChannelDelta: largest,
                                passed: passed, diffImage: Canvas(width: width, height: height, premultipliedWords: diff),
                                sizeMismatch: nil)
    }
}

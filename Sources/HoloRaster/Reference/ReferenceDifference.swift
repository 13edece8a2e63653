// The scene-level bound between the fast renderer and the reference, per frame:
//   mean |Δ| ≤ 0.5 level over every channel value (alpha included), and
//   at least 99.9 % of channel values within 8 levels.
// Where the fast path approximates on purpose (box blurs at reduced resolution, Float colour steps)
// it is held to this; everywhere else it is byte-identical or within one level (Reference.swift).
// Frames where a blur of σ 2–10 px runs at reduced resolution (½) have a looser bound: mean |Δ| ≤ 1
// level and 99.9 % within 12 levels, for frames a test names (`isWithinReducedResolutionBound`).
// Every frame of every built-in clip at 0.5x and every reveal frame with such a blur at 3x holds
// the first bound.

import HoloPixels

public struct ReferenceDifference: Sendable, Equatable, CustomStringConvertible {
    public static let maxMeanDelta = 0.5
    public static let largeDelta = 8
    public static let maxShareOverLargeDelta = 0.001
    /// The bound a named frame with a σ 2–10 px blur at reduced resolution may be held to instead.
    public static let reducedResolutionMaxMeanDelta = 1.0
    public static let reducedResolutionLargeDelta = 12

    /// Mean absolute difference over all channel values, in 8-bit levels.
    public var meanDelta: Double
    /// Share of channel values that differ by more than `largeDelta` (0…1).
    public var shareOverLargeDelta: Double
    /// Share of channel values that differ by more than `reducedResolutionLargeDelta` (0…1).
    public var shareOverReducedResolutionLargeDelta: Double
    public var largestDelta: Int
    /// Channel values that differ at all.
    public var differingValues: Int
    public var values: Int

    /// Compares two canvases of one size (a size mismatch is the largest difference there is).
    public init(_ a: Canvas, _ b: Canvas) {
        guard a.width == b.width, a.height == b.height else {
            meanDelta = 255; shareOverLargeDelta = 1; shareOverReducedResolutionLargeDelta = 1
            largestDelta = 255; differingValues = 0; values = 0
            return
        }
        var sum = 0, over = 0, overReduced = 0, largest = 0, differing = 0
        let count = a.width * a.height * 4
        a.withBytes { a in
            b.withBytes { b in
                for i in 0..<count {
                    let d = abs(Int(a[i]) - Int(b[i]))
                    sum += d
                    if d > Self.largeDelta { over += 1 }
                    if d > Self.reducedResolutionLargeDelta { overReduced += 1 }
                    if d != 0 { differing += 1 }
                    largest = max(largest, d)
                }
            }
        }
        let n = max(1, count)
        values = count
        meanDelta = Double(sum) / Double(n)
        shareOverLargeDelta = Double(over) / Double(n)
        shareOverReducedResolutionLargeDelta = Double(overReduced) / Double(n)
        largestDelta = largest
        differingValues = differing
    }

    /// The bound of a frame with a rasterized group (Composite/RasterizedLayer.swift): its content
    /// resampled from a bitmap drawn once, against the content drawn at its transform: mean |Δ| ≤ 1
    /// level and 97 % of channel values within 8 levels. The resample softens edges by up to the
    /// bilinear tent (half a pixel each side at a half-pixel phase), which on text at 0.25x–0.5x is
    /// a few per cent of the frame. Measured with the release CLI (render --format raw, fast against
    /// --reference), every frame of reveal and reveal-chevron: at 0.5x largest mean 0.67 and 2.1 %
    /// over 8 levels (reveal frame 49), at 0.25x 0.75 and 2.5 % (frame 45); at 3x see
    /// docs/performance.md.
    public static let rasterizedMaxMeanDelta = 1.0
    public static let rasterizedMaxShareOverLargeDelta = 0.03

    public var isWithinBound: Bool {
        meanDelta <= Self.maxMeanDelta && shareOverLargeDelta <= Self.maxShareOverLargeDelta
    }

    /// mean |Δ| ≤ 1 level and 99.9 % of channel values within 12 levels (see the header).
    public var isWithinReducedResolutionBound: Bool {
        meanDelta <= Self.reducedResolutionMaxMeanDelta && shareOverReducedResolutionLargeDelta <= Self.maxShareOverLargeDelta
    }

    /// mean |Δ| ≤ 1 level and 97 % of channel values within 8 levels (see `rasterizedMaxMeanDelta`).
    public var isWithinRasterizedBound: Bool {
        meanDelta <= Self.rasterizedMaxMeanDelta && shareOverLargeDelta <= Self.rasterizedMaxShareOverLargeDelta
    }

    public var description: String {
        let mean = (meanDelta * 1000).rounded() / 1000, share = (shareOverLargeDelta * 100_000).rounded() / 1000
        return "mean |Δ| \(mean) (bound \(Self.maxMeanDelta)), \(share) % of values over \(Self.largeDelta) levels "
            + "(bound \(Self.maxShareOverLargeDelta * 100) %), largest \(largestDelta), \(differingValues) of \(values) values differ"
    }
}

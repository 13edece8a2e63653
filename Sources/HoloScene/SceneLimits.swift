// The largest sizes a scene may ask for. Every number that becomes a size, a loop count or an
// index in the raster (a blur's kernel and padding, a shadow's reach, a glyph's bitmap, a text
// position turned into whole pixels) is held to these before the raster sees it:
//   - a value read from a user's scene file that is a constant over these is an error at load time;
//   - a value computed per frame (an expression, keyframes) is clamped to them, and a value that
//     is not finite is 0.
// Why these numbers: a screen is under 1,000 pt across, so a blur or shadow radius of 200 pt
// already spreads a point over the whole screen; Dynamic Type's largest size is under 100 pt;
// 1,000,000 pt is the longest scroll content a clip file may have.

public enum SceneLimits {
    /// Any coordinate or length in points: ±1,000,000.
    public static let coordinate = -1_000_000.0...1_000_000.0
    /// Blur radius (σ) in points.
    public static let blurRadius = 0.0...200.0
    /// Shadow and glow radius in points.
    public static let shadowRadius = 0.0...200.0
    /// Shadow offset on each axis, in points.
    public static let shadowOffset = -2_000.0...2_000.0
    /// Font size in points; at scale 4 a glyph is at most 2,000 px tall.
    public static let fontSize = 0.0...500.0
    /// A text's wrap width in points (a line is never wider than a screen is long).
    public static let textWidth = 0.0...100_000.0
    /// Points added between a paragraph's lines.
    public static let lineSpacing = 0.0...1_000.0
    /// A shader effect's maxSampleOffset on each axis, in points.
    public static let sampleOffset = 0.0...2_000.0

    /// `value` held to `range`; NaN is the range's value nearest 0.
    @inlinable public static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        guard !value.isNaN else { return min(max(0, range.lowerBound), range.upperBound) }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}

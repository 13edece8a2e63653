// How much an actual frame may differ from its golden. Exact is the default; every loosening is
// opt-in per golden file and must carry a reason (see GoldenStore's tolerances.json).

/// A per-golden tolerance. A pixel "differs" when
///  - `perceptualThreshold` is nil: its largest premultiplied channel delta (alpha included)
///    exceeds `maxChannelDelta`;
///  - `perceptualThreshold` is t: pixelmatch's YIQ colour delta exceeds 35215·t² (see Pixelmatch).
/// Both-transparent pixels (a = 0 in both images) never differ. With `excuseAntialiasing`,
/// differing pixels that pixelmatch's antialiased() test accepts are counted apart, not failed.
/// The comparison passes when the differing pixels are at most `maxDifferingPixels` and at most
/// `maxDifferingRatio` × pixel count (each limit only when given; neither given means 0).
public struct Tolerance: Codable, Sendable, Hashable {
    public var maxChannelDelta: Int
    public var maxDifferingPixels: Int?
    public var maxDifferingRatio: Double?
    public var perceptualThreshold: Double?
    public var excuseAntialiasing: Bool

    public init(maxChannelDelta: Int = 0, maxDifferingPixels: Int? = nil, maxDifferingRatio: Double? = nil,
                perceptualThreshold: Double? = nil, excuseAntialiasing: Bool = false) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDifferingPixels = maxDifferingPixels
        self.maxDifferingRatio = maxDifferingRatio
        self.perceptualThreshold = perceptualThreshold
        self.excuseAntialiasing = excuseAntialiasing
    }

    /// Every byte equal (except the colour bytes of fully transparent pixels).
    public static let exact = Tolerance()

    /// For goldens verified on another machine than the one that recorded them (`--tolerance ci`),
    /// the way Playwright's `maxDiffPixelRatio` is used: another FreeType, HarfBuzz or font build
    /// moves glyph edges by a level or a pixel, which exact goldens fail. A pixel differs when
    /// pixelmatch's colour delta is over its default threshold (0.1), edge pixels pixelmatch takes
    /// for anti-aliasing are excused, and at most 0.1 % of the pixels may differ (330 of an
    /// iPhone 12 frame at 1x): a moved or recoloured element still fails. Chosen, not measured
    /// against another FreeType (this machine has one); docs/goldens.md says when to use it.
    public static let ci = Tolerance(maxDifferingRatio: 0.001, perceptualThreshold: 0.1, excuseAntialiasing: true)

    /// How many differing pixels are allowed among `pixelCount`.
    public func allowedDifferingPixels(of pixelCount: Int) -> Int {
        var allowed = Int.max
        if let count = maxDifferingPixels { allowed = min(allowed, count) }
        if let ratio = maxDifferingRatio { allowed = min(allowed, Int((ratio * Double(pixelCount)).rounded(.down))) }
        return allowed == Int.max ? 0 : allowed
    }

    enum CodingKeys: String, CodingKey {
        case maxChannelDelta, maxDifferingPixels, maxDifferingRatio, perceptualThreshold, excuseAntialiasing
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        maxChannelDelta = try c.decodeIfPresent(Int.self, forKey: .maxChannelDelta) ?? 0
        maxDifferingPixels = try c.decodeIfPresent(Int.self, forKey: .maxDifferingPixels)
        maxDifferingRatio = try c.decodeIfPresent(Double.self, forKey: .maxDifferingRatio)
        perceptualThreshold = try c.decodeIfPresent(Double.self, forKey: .perceptualThreshold)
        excuseAntialiasing = try c.decodeIfPresent(Bool.self, forKey: .excuseAntialiasing) ?? false
    }
}

// Dynamic Type: the point size of each iOS text style at each content size category.
//
// Apple's tables (HIG "Typography", iOS): one row per style, xSmall … xxxLarge then accessibility
// 1…5. `large` is the default, the size the clips are laid out at. Body (and headline) and large
// title are the numbers; the other styles follow Apple's table by the same steps.
// Layout that holds text grows by the style's ratio to its `large` size (`scale(of:)`).
//
// Leading (baseline to baseline, points) and weight per style are the same HIG tables' (iOS,
// "Dynamic Type sizes": e.g. body 17/22 at large, 53/62 at accessibility 5; headline is body's
// size and leading in semibold, every other style regular). Like the tracking table
// (HoloText/Tracking.swift) they were written from the HIG as remembered, not fetched here: check a
// row against it before relying on it to the point.

public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Points per size category, in `DynamicTypeSize.allCases` order.
    public var pointSizes: [Double] {
        switch self {
        case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 50]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 48]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// Leading (baseline to baseline) in points per size category, in `DynamicTypeSize.allCases` order.
    public var leadings: [Double] {
        switch self {
        case .largeTitle: return [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70]
        case .title1: return [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 64, 70]
        case .title2: return [24, 25, 26, 28, 30, 32, 34, 41, 47, 53, 60, 66]
        case .title3: return [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 59, 65]
        case .headline, .body: return [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]
        case .callout: return [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 53, 60]
        case .subheadline: return [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 51, 58]
        case .footnote: return [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 45, 52]
        case .caption1: return [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51]
        case .caption2: return [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48]
        }
    }

    /// True for the one style set in semibold (headline); the others are regular.
    public var isSemibold: Bool { self == .headline }

    /// The style's size at the default category (`large`).
    public var defaultPointSize: Double { pointSizes[DynamicTypeSize.allCases.firstIndex(of: .large)!] }

    /// The style whose default size is `points` (17 → body), for text laid out at fixed sizes.
    public static func nearest(toDefaultSize points: Double) -> TextStyle {
        allCases.min { abs($0.defaultPointSize - points) < abs($1.defaultPointSize - points) }!
    }
}

extension DynamicTypeSize {
    public func pointSize(_ style: TextStyle) -> Double { style.pointSizes[Self.allCases.firstIndex(of: self)!] }
    /// Baseline-to-baseline distance of `style` at this category, in points.
    public func leading(_ style: TextStyle) -> Double { style.leadings[Self.allCases.firstIndex(of: self)!] }
    /// 0 (xSmall) … 11 (accessibility5): the number expressions read as `dynamicTypeSize`.
    public var index: Int { Self.allCases.firstIndex(of: self)! }
    /// size / default size: how much text of `style`, and the layout around it, grows.
    public func scale(of style: TextStyle) -> Double { pointSize(style) / style.defaultPointSize }
    /// A size given at the default category (e.g. a 15 pt label) at this category, by the style
    /// nearest to it in size, scaled by that style's ratio.
    public func scaled(_ points: Double) -> Double { points * scale(of: TextStyle.nearest(toDefaultSize: points)) }
}

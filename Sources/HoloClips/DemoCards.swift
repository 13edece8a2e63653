// The demo clip: a feed of cards scrolling under a gradient glass bar. It exercises every primitive
// the foundation offers (continuous-corner cards, circles, capsules, the three gradient kinds,
// text, clipping and group opacity) under a realistic scripted scroll. The cards are views of the
// layout kit, laid out once per width and text size; the bar, which shrinks with the scroll, is
// the clip's own.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// Scene building for the demo: a pure function of the scroll offset and the screen size.
public struct DemoCardsScene: Sendable {
    public var size: Size
    /// Dynamic Type: the bar title (large title), card titles (headline) and details (subheadline)
    /// follow the iOS tables; the bar and the cards grow with the text, so `large` is the layout below.
    public var type: DynamicTypeSize
    /// The device's safe area; a screen without insets is taken as an iPhone 12.
    public var insets: ScreenInsets
    public init(size: Size, type: DynamicTypeSize = .large, insets: ScreenInsets = .iPhone12) {
        self.size = size; self.type = type; self.insets = insets
    }

    /// The bar's height on the iPhone 12: 61 pt under its 47 pt top inset.
    static let barHeight = 108.0
    static let barBelowSafeTop = 61.0
    static let cardSpacing = 14.0
    static let cardCount = 14
    /// The cards' inset from the screen's edges.
    static let cardInset = 16.0

    // At Dynamic Type size t, with s(style) = t's ratio to `large`:
    //   bar height     max(108, top inset + 61)            (61 pt under the device's top inset, never below
    //                    + 34·(s(largeTitle) − 1)           the 108 pt it always was: shorter insets than the
    //                                                       iPhone 12's keep the iPhone 12's bar; taller ones,
    //                                                       the Dynamic Island's, push it down; then the
    //                                                       title's growth; baseline 16 above the bottom)
    // The cards are as tall as their views lay out (132 pt at the default size).
    var barHeight: Double { max(Self.barHeight, insets.top + Self.barBelowSafeTop) + 34 * (type.scale(of: .largeTitle) - 1) }
    var contentTop: Double { barHeight + 16 }
    /// The bar once its title has shrunk: an inline navigation bar (44 pt) under the top inset,
    /// grown as the title grows with Dynamic Type; never taller than the large bar.
    var inlineBarHeight: Double {
        min(barHeight, insets.top + SystemMetrics.navigationBarHeight + 22 * (type.scale(of: .largeTitle) - 1))
    }
    /// The gradient tint's opacity over the bar's material (a choice: glass that shows what is under
    /// it, the white title still legible on it).
    static let barTint = 0.66

    /// Scrollable content height in points (cards plus margins) at the default text size.
    public static var contentHeight: Double { DemoCardsScene(size: Size(390, 844)).contentHeight }
    /// Scrollable content height in points (cards plus margins) at this scene's text size.
    public var contentHeight: Double { contentTop + feed.height + 24 }

    /// The cards' column: the screen less the cards' insets.
    var column: Double { size.width - 2 * Self.cardInset }
    /// The cards laid out at this scene's width and text size.
    var feed: DemoFeed { DemoFeed.laidOut(column: column, type: type) }

    public func scene(scrollOffset: Double) -> Scene {
        var nodes: [Node] = []
        let width = size.width

        // Cards, only those on screen; a faded card every fifth row, to hold group opacity in the demo.
        let feed = self.feed
        for i in 0..<Self.cardCount {
            let y = contentTop + feed.positions[i] - scrollOffset
            guard y + feed.heights[i] > 0, y < size.height else { continue }
            nodes.append(.group(feed.nodes[i], transform: .translation(Self.cardInset, y), opacity: i % 5 == 4 ? 0.6 : 1,
                                retention: .scrolled(id: "card-\(i)")))
        }

        // The bar: frosted glass (the titles design's bars are `.ultraThinMaterial` blur bars,
        // docs/designs.md, Titles), the gradient over it as a tint, a hairline, and the title. The
        // tint is `barTint` strong: at 92–96 % the bar read opaque (its pixels barely changed with
        // the cards under it); at two thirds the frosted cards show through as soft glows of their
        // colours, and the white title still reads on the gradient. The bar shrinks with its title,
        // as a navigation bar does when its large title collapses: from `barHeight` to the inline
        // bar's 44 pt under the top inset (SystemMetrics.navigationBarHeight), by the same scroll
        // that shrinks the title.
        let collapse = clamp(scrollOffset / 60, 0, 1)
        let barHeight = mix(self.barHeight, inlineBarHeight, collapse)
        let bar = Rect(x: 0, y: 0, width: width, height: barHeight)
        nodes.append(.material(.rect(bar), .ultraThin, .light))
        nodes.append(.fill(.rect(bar), .linearGradient(
            stops: [GradientStop(Color(hex: 0x3A1C71, alpha: Self.barTint), at: 0),
                    GradientStop(Color(hex: 0xD76D77, alpha: Self.barTint), at: 0.55),
                    GradientStop(Color(hex: 0xFFAF7B, alpha: Self.barTint), at: 1)],
            start: Point(0, 0), end: Point(width, barHeight))))
        nodes.append(.fill(.rect(Rect(x: 0, y: barHeight - 0.5, width: width, height: 0.5)),
                           .solid(Color(white: 0, alpha: 0.25))))
        let titleSize = (34 - 12 * collapse) * type.scale(of: .largeTitle)
        // Baseline 16 pt above the bar's bottom in the large bar, 14 in the inline one (centred in 44).
        nodes.append(.text(TextRun("Holoframe", font: Font(size: titleSize, weight: .bold),
                                   origin: Point(20, barHeight - mix(16, 14, collapse)), maxWidth: width - 40), .solid(.white)))
        return Scene(size: size, background: Color(hex: 0xF2F2F7), root: nodes)
    }

    /// What the kit lays out: each card, down the unscrolled feed.
    public func screenPieces() -> [ScreenPiece] {
        let top = Point(Self.cardInset, contentTop)
        return DemoFeed.pieces(column: column, type: type).map { var piece = $0; piece.origin = piece.origin + top; return piece }
    }
}

/// The demo's cards as kit views, laid out one under the other in a column.
struct DemoFeed: Sendable {
    /// Each card's top below the feed's top, its height, and its nodes with its top-leading corner at (0, 0).
    var positions: [Double], heights: [Double], nodes: [[Node]]
    /// The cards and the space after each.
    var height: Double

    static let accents: [Color] = [
        Color(hex: 0x5E5CE6), Color(hex: 0xFF375F), Color(hex: 0x30D158),
        Color(hex: 0xFF9F0A), Color(hex: 0x64D2FF), Color(hex: 0xBF5AF2),
    ]
    static let titles = ["Morning run", "Upper body", "Mobility", "Intervals", "Long ride", "Core",
                         "Recovery walk", "Leg day", "Swim drills", "Yoga flow", "Tempo run", "Climbing",
                         "Rowing", "Stretch"]

    /// Feeds laid out so far, by column width and text size.
    private static let cache = Locked<[Key: DemoFeed]>([:])
    private struct Key: Hashable { var column: Double, type: DynamicTypeSize }

    static func laidOut(column: Double, type: DynamicTypeSize) -> DemoFeed {
        let key = Key(column: column, type: type)
        if let done = cache.withLock({ $0[key] }) { return done }
        let pieces = self.pieces(column: column, type: type)
        let feed = DemoFeed(positions: pieces.map(\.origin.y), heights: pieces.map(\.size.height), nodes: pieces.map { $0.nodes() },
                            height: pieces.last.map { $0.origin.y + $0.size.height + DemoCardsScene.cardSpacing } ?? 0)
        cache.withLock { $0[key] = feed }
        return feed
    }

    /// The cards one under the other, 14 pt apart, in a column `column` wide: each card's piece,
    /// its origin down the column from the feed's top.
    static func pieces(column: Double, type: DynamicTypeSize) -> [ScreenPiece] {
        let environment = ViewEnvironment(layout: LayoutEnvironment(screen: Size(column, 100_000), safeArea: Insets(), displayScale: 3),
                                          dynamicTypeSize: type, colorScheme: .light)
        var y = 0.0
        return (0..<DemoCardsScene.cardCount).map { i in
            let piece = ScreenPiece(name: "card \(i)", view: card(i, environment: environment), environment: environment,
                                    origin: Point(0, y), width: column, scrolls: true)
            y += piece.size.height + DemoCardsScene.cardSpacing
            return piece
        }
    }

    /// Card `i`: an avatar (an angular gradient ring under a radial glow) beside its title and
    /// detail, and a progress capsule 36 pt below, on a white card with 20 pt continuous corners.
    /// Title and detail are one line, wrapping at accessibility sizes (up to four lines).
    static func card(_ i: Int, environment: ViewEnvironment) -> ViewSpec {
        var c = ScreenComposer(environment)
        let accent = accents[i % accents.count], next = accents[(i + 1) % accents.count]
        let wraps = environment.dynamicTypeSize.isAccessibilitySize ? 4 : 1
        let glow = PaintSpec.radialGradient(
            stops: [GradientStopSpec(color: .constant(.white), location: .constant(0)),
                    GradientStopSpec(color: .constant(Color.white.opacity(0.2)), location: .constant(1))],
            center: AnimatablePoint(x: .constant(0.5), y: .constant(0.5)), startRadius: .constant(0), endRadius: .constant(14))
        let avatar = c.zstack([
            c.shape(.circle, fill: c.angularGradient([accent, next, accent], startAngle: 0, endAngle: 360)),
            c.shape(.circle, fill: glow).frame(width: 28, height: 28),
        ]).frame(width: 48, height: 48)
        let texts = c.vstack(alignment: 0, spacing: 2, [
            c.text(titles[i % titles.count], .headline, color: Color(hex: 0x1C1C1E), lineLimit: wraps),
            c.text("\(20 + (i * 7) % 40) min · \(3 + i % 5) sets", .subheadline, color: Color(hex: 0x8E8E93), lineLimit: wraps),
        ])
        let track = environment.layout.screen.width - 32
        let progress = 0.25 + 0.7 * Double((i * 37) % 100) / 100
        let bar = c.zstack(alignment: .leading, [
            c.shape(.capsule, fill: c.solid(Color(hex: 0xE5E5EA))).frame(height: 10),
            // The gradient runs across the whole track (its end past the filled part's end).
            c.shape(.capsule, fill: c.linearGradient([accent, next], start: Point(0, 0.5), end: Point(1 / progress, 0.5)))
                .frame(width: track * progress, height: 10),
        ])
        let corners = ViewShape.roundedRect(20)
        return c.vstack(alignment: 0, spacing: 36, [
            c.hstack(alignment: 0, spacing: 14, [avatar, texts.padding(top: 3)]),
            bar,
        ])
        .padding(top: 18, leading: 16, bottom: 20, trailing: 16)
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(c.shape(corners, fill: c.solid(.white)))
        .clipShape(corners)
    }
}

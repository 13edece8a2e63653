// The demo clip: a feed of cards scrolling under a gradient glass bar. It exercises every primitive
// the foundation offers (continuous-corner cards, circles, capsules, the three gradient kinds,
// text, clipping and group opacity) under a realistic scripted scroll.

import HoloGeometry
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
    static let cardHeight = 132.0
    static let cardSpacing = 14.0
    static let cardCount = 14
    static let contentTop = barHeight + 16

    // At Dynamic Type size t, with s(style) = t's ratio to `large`:
    //   bar height     max(108, top inset + 61)            (61 pt under the device's top inset, never below
    //                    + 34·(s(largeTitle) − 1)           the 108 pt it always was: shorter insets than the
    //                                                       iPhone 12's keep the iPhone 12's bar; taller ones,
    //                                                       the Dynamic Island's, push it down; then the
    //                                                       title's growth; baseline 16 above the bottom)
    //   title baseline 18 + 20·s(headline)                 (38 at large)
    //   detail baseline title + 22·s(subheadline)          (60 at large)
    //   card height    max(132, detail baseline + 72)      (the progress track keeps its 30 pt from the bottom)
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
    var cardTitleBaseline: Double { 18 + 20 * type.scale(of: .headline) }
    var cardDetailBaseline: Double { cardTitleBaseline + 22 * type.scale(of: .subheadline) }
    var cardHeight: Double { max(Self.cardHeight, cardDetailBaseline + 72) }

    /// Scrollable content height in points (cards plus margins) at the default text size.
    public static var contentHeight: Double { DemoCardsScene(size: Size(390, 844)).contentHeight }
    /// Scrollable content height in points (cards plus margins) at this scene's text size.
    public var contentHeight: Double {
        contentTop + Double(Self.cardCount) * (cardHeight + Self.cardSpacing) + 24
    }

    static let accents: [Color] = [
        Color(hex: 0x5E5CE6), Color(hex: 0xFF375F), Color(hex: 0x30D158),
        Color(hex: 0xFF9F0A), Color(hex: 0x64D2FF), Color(hex: 0xBF5AF2),
    ]
    static let titles = ["Morning run", "Upper body", "Mobility", "Intervals", "Long ride", "Core",
                         "Recovery walk", "Leg day", "Swim drills", "Yoga flow", "Tempo run", "Climbing",
                         "Rowing", "Stretch"]

    public func scene(scrollOffset: Double) -> Scene {
        var nodes: [Node] = []
        let width = size.width
        let cardWidth = width - 32

        // Cards, only those on screen.
        for i in 0..<Self.cardCount {
            let y = contentTop + Double(i) * (cardHeight + Self.cardSpacing) - scrollOffset
            guard y + cardHeight > 0, y < size.height else { continue }
            nodes.append(card(index: i, frame: Rect(x: 16, y: y, width: cardWidth, height: cardHeight)))
        }

        // The bar: frosted glass (the seeds' bars are `.ultraThinMaterial` blur bars, seed 000), the
        // gradient over it as a tint, a hairline, and the title. The tint is `barTint` strong: at
        // 92–96 % the bar read opaque (its pixels barely changed with the cards under it); at two
        // thirds the frosted cards show through as soft glows of their colours, and the white title
        // still reads on the gradient. The bar shrinks with its title, as a navigation bar does
        // when its large title collapses: from `barHeight` to the inline bar's 44 pt under the top
        // inset (SystemMetrics.navigationBarHeight), by the same scroll that shrinks the title.
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

    /// `font` at this scene's Dynamic Type size, by `style`'s table.
    func scaled(_ font: Font, _ style: TextStyle) -> Font {
        Font(size: font.size * type.scale(of: style), weight: font.weight)
    }

    func card(index i: Int, frame f: Rect) -> Node {
        let accent = Self.accents[i % Self.accents.count]
        let next = Self.accents[(i + 1) % Self.accents.count]
        let avatar = Rect(x: 16, y: 18, width: 48, height: 48)
        let progress = 0.25 + 0.7 * Double((i * 37) % 100) / 100
        let track = Rect(x: 16, y: f.height - 30, width: f.width - 32, height: 10)
        var children: [Node] = [
            .fill(.roundedRect(Rect(origin: .zero, size: f.size), cornerRadius: 20, style: .continuous), .solid(.white)),
            .fill(.ellipse(avatar), .angularGradient(stops: Paint.evenStops([accent, next, accent]),
                                                     center: avatar.center, startAngle: 0, endAngle: 2 * .pi)),
            .fill(.circle(center: avatar.center, radius: 14), .radialGradient(
                stops: [GradientStop(.white, at: 0), GradientStop(Color.white.opacity(0.2), at: 1)],
                center: avatar.center, startRadius: 0, endRadius: 14)),
            .text(TextRun(Self.titles[i % Self.titles.count], font: scaled(.headline, .headline),
                          origin: Point(78, cardTitleBaseline), maxWidth: f.width - 94),
                  .solid(Color(hex: 0x1C1C1E))),
            .text(TextRun("\(20 + (i * 7) % 40) min · \(3 + i % 5) sets", font: scaled(.subheadline, .subheadline),
                          origin: Point(78, cardDetailBaseline), maxWidth: f.width - 94),
                  .solid(Color(hex: 0x8E8E93))),
            .fill(.capsule(track), .solid(Color(hex: 0xE5E5EA))),
        ]
        var fillRect = track
        fillRect.size.width *= progress
        children.append(.fill(.capsule(fillRect), .linearGradient(
            stops: Paint.evenStops([accent, next]), start: Point(track.minX, 0), end: Point(track.maxX, 0))))
        // A faded card every fifth row, to hold group opacity in the demo.
        let opacity = i % 5 == 4 ? 0.6 : 1
        return .group(children, transform: .translation(f.minX, f.minY), opacity: opacity,
                      clip: .roundedRect(Rect(origin: .zero, size: f.size), cornerRadius: 20, style: .continuous),
                      retention: .scrolled(id: "card-\(i)"))
    }
}

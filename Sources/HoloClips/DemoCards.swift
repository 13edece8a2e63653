// The demo clip: a feed of cards scrolling under a gradient bar. It exercises every primitive
// the foundation offers (continuous-corner cards, circles, capsules, the three gradient kinds,
// text, clipping and group opacity) under a realistic scripted scroll.

import HoloGeometry
import HoloScene

/// Scene building for the demo: a pure function of the scroll offset and the screen size.
public struct DemoCardsScene: Sendable {
    public var size: Size
    public init(size: Size) { self.size = size }

    static let barHeight = 108.0
    static let cardHeight = 132.0
    static let cardSpacing = 14.0
    static let cardCount = 14
    static let contentTop = barHeight + 16

    /// Scrollable content height in points (cards plus margins).
    public static var contentHeight: Double {
        contentTop + Double(cardCount) * (cardHeight + cardSpacing) + 24
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
            let y = Self.contentTop + Double(i) * (Self.cardHeight + Self.cardSpacing) - scrollOffset
            guard y + Self.cardHeight > 0, y < size.height else { continue }
            nodes.append(card(index: i, frame: Rect(x: 16, y: y, width: cardWidth, height: Self.cardHeight)))
        }

        // The bar: a gradient over the content, a hairline, and the title.
        let bar = Rect(x: 0, y: 0, width: width, height: Self.barHeight)
        let collapse = clamp(scrollOffset / 60, 0, 1)
        nodes.append(.fill(.rect(bar), .linearGradient(
            stops: [GradientStop(Color(hex: 0x3A1C71, alpha: 0.96), at: 0),
                    GradientStop(Color(hex: 0xD76D77, alpha: 0.94), at: 0.55),
                    GradientStop(Color(hex: 0xFFAF7B, alpha: 0.92), at: 1)],
            start: Point(0, 0), end: Point(width, Self.barHeight))))
        nodes.append(.fill(.rect(Rect(x: 0, y: Self.barHeight - 0.5, width: width, height: 0.5)),
                           .solid(Color(white: 0, alpha: 0.25))))
        let titleSize = 34 - 12 * collapse
        nodes.append(.text(TextRun("Holoframe", font: Font(size: titleSize, weight: .bold),
                                   origin: Point(20, Self.barHeight - 16)), .solid(.white)))
        return Scene(size: size, background: Color(hex: 0xF2F2F7), root: nodes)
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
            .text(TextRun(Self.titles[i % Self.titles.count], font: .headline, origin: Point(78, 38)),
                  .solid(Color(hex: 0x1C1C1E))),
            .text(TextRun("\(20 + (i * 7) % 40) min · \(3 + i % 5) sets", font: .subheadline, origin: Point(78, 60)),
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
                      clip: .roundedRect(Rect(origin: .zero, size: f.size), cornerRadius: 20, style: .continuous))
    }
}

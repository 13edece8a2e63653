// The gradients clip's screen: an Overview with three cards, each over its animated gradient —
// the balance card (linear), a goal (radial), a budget summary (angular) — above recent transactions.

import Foundation
import HoloGeometry
import HoloMotion
import HoloScene

struct CardGradientsScene: Sendable {
    let size: Size
    let palette: FinancePalette
    /// Dynamic Type: text by the iOS tables; cards and rows grow with it.
    var type: DynamicTypeSize = .large
    /// The device's safe area: the Overview lays out as the hero's list (HeroTransitionLayout).
    var insets: ScreenInsets = .iPhone12

    func stops(_ accent: Double) -> [GradientStop] {
        let gold = palette.gold.opacity(accent), cream = palette.cream.opacity(FinanceTokens.gradientSurfaceOpacity)
        return [GradientStop(gold, at: 0), GradientStop(cream, at: 0.5), GradientStop(gold, at: 1)]
    }

    /// The animated gradient filling a card of `size`, for loop phase φ.
    func gradient(_ kind: GradientLoop.Kind, phase φ: Double, size s: Size, accent: Double) -> Node {
        let r = Rect(origin: .zero, size: s)
        let c = r.center
        let turn = 2 * Double.pi * φ
        switch kind {
        case .linear:
            // θ = π/4 + 2πφ; the axis spans the card's half diagonal R either side of the centre.
            let θ = Double.pi / 4 + turn
            let R = 0.5 * (s.width * s.width + s.height * s.height).squareRoot()
            let d = Point(cos(θ) * R, sin(θ) * R)
            // The design's accent as it is (0.15, 0.2 in High Contrast): at twice that, gold over the
            // navy card turned its corners grey.
            return .fill(.rect(r), .linearGradient(stops: stops(accent), start: c - d, end: c + d))
        case .radial:
            let center = Point(c.x + 0.3 * s.width * cos(turn), c.y + 0.3 * s.height * sin(turn))
            let stops = [GradientStop(palette.gold.opacity(min(accent * 1.6, FinanceTokens.gradientMaximumOpacity)), at: 0),
                         GradientStop(palette.cream.opacity(FinanceTokens.gradientSurfaceOpacity), at: 0.6),
                         GradientStop(palette.gold.opacity(accent * 0.5), at: 1)]
            return .fill(.rect(r), .radialGradient(stops: stops, center: center, startRadius: 0, endRadius: 0.75 * s.width))
        case .angular:
            return .fill(.rect(r), .angularGradient(stops: stops(min(accent * 1.4, FinanceTokens.gradientMaximumOpacity)), center: c, startAngle: turn, endAngle: turn + 2 * .pi))
        }
    }

    /// The Overview: its title 16 pt under the top inset (as the hero's list), the three cards 14 pt
    /// apart (their backgrounds are the scene's: the gradients move), then recent transactions.
    var column: FinanceColumn {
        let cards: [FinanceBlock] = [.balance, .goal(FinanceData.goals[1]), .budgetSummary]
        let items: [FinanceColumn.Item] = [.init(block: .largeTitle("Overview", onHeader: false), gap: 12)]
            + cards.enumerated().map { i, card in .init(block: card, gap: i == cards.count - 1 ? 12 : 14, background: false) }
            + [.init(block: .section("Recent"), gap: 8)]
            + FinanceData.transactions.map { .init(block: .transaction($0), gap: 8) }
        return .laidOut(items, width: size.width, type: type, palette: palette)
    }
    var top: Double { insets.top + 16 }

    func scene(linear: Double, radial: Double, angular: Double, accent: Double) -> Scene {
        let column = column
        let cards: [(index: Int, kind: GradientLoop.Kind, phase: Double, fill: Color)] =
            [(1, .linear, linear, palette.navy), (2, .radial, radial, palette.surface), (3, .angular, angular, palette.surface)]
        var nodes = column.drawn(top: top, above: size.height, id: "overview", skipping: Set(cards.map(\.index)))
        for card in cards {
            let frame = column.frames[card.index].offsetBy(dx: 0, dy: top)
            let shape = Shape.roundedRect(Rect(origin: .zero, size: frame.size), cornerRadius: FinanceViews.cardRadius, style: .continuous)
            // The card's content is its own retained layer over the gradient, which is shaded every frame.
            nodes.insert(.group([.fill(shape, .solid(card.fill)), gradient(card.kind, phase: card.phase, size: frame.size, accent: accent),
                                 .group(column.nodes[card.index], retention: Retention())],
                                transform: .translation(frame.minX, frame.minY), clip: shape), at: card.index)
        }
        return Scene(size: size, background: palette.page, root: nodes)
    }
}

extension CardGradientsScene {
    /// What the kit lays out: the Overview's title, cards and rows.
    public func screenPieces() -> [ScreenPiece] { column.pieces("overview", top: top, scrolls: true) }
}

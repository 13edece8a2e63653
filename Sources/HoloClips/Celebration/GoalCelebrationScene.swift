// The celebration clip's screen: Goals, with the first goal (Emergency Fund) receiving its last
// contribution. Its card carries a 60 pt check badge slot on the trailing side; the celebration
// pulses the card and badge together about the card's centre, blooms a soft gold glow (blur 20)
// behind it and, for the joyful style, sweeps a light band across it.

import HoloGeometry
import HoloMotion
import HoloScene

struct GoalCelebrationScene: Sendable {
    let size: Size
    let palette: FinancePalette
    /// Dynamic Type: text by the iOS tables (minimum scale factor 0.7), cards and rows grow with it.
    var type: DynamicTypeSize = .large
    /// The device's safe area: the Goals screen is the hero's list (HeroTransitionLayout).
    var insets: ScreenInsets = .iPhone12
    /// The room the first goal's card keeps on its trailing side for the 60 pt badge.
    static let badgeInset = 76.0

    /// The list's top: "Goals" (large title) 16 pt under the top inset, as the hero's list.
    var top: Double { insets.top + 16 }

    /// Goals (the first keeping room for its badge), then budget rows 8 pt apart down past the
    /// screen's bottom.
    var column: FinanceColumn {
        let rows = Int(size.height / 66) + 1
        let items: [FinanceColumn.Item] = [.init(block: .largeTitle("Goals", onHeader: false), gap: 12)]
            + FinanceData.goals.enumerated().map { i, g in .init(block: .goal(g, trailingInset: i == 0 ? Self.badgeInset : 0), gap: 12) }
            + [.init(block: .section("Budgets"), gap: 8)]
            + (0..<rows).map { .init(block: .budget(FinanceData.budgets[$0 % FinanceData.budgets.count]), gap: 8) }
        return .laidOut(items, width: size.width, type: type, palette: palette)
    }

    /// The goal cards' frames, in window points.
    var cardFrames: [Rect] {
        let column = column
        return FinanceData.goals.indices.map { column.frames[1 + $0].offsetBy(dx: 0, dy: top) }
    }

    func scene(goalProgress: Double, sample s: GoalCelebrationTimeline.Sample, style: CelebrationStyle) -> Scene {
        var nodes = column.drawn(top: top, above: size.height, id: "goals", skipping: [1])
        nodes += celebratingCard(frame: cardFrames[0], progress: goalProgress, sample: s, style: style)
        return Scene(size: size, background: palette.page, root: nodes)
    }

    /// The first goal's card at `progress`, laid out at the card's width (once per progress: only
    /// while the last contribution fills it does it change).
    func card(progress: Double, completion: Double, width: Double) -> [Node] {
        let item = FinanceColumn.Item(block: .goal(FinanceData.goals[0], progress: progress, completion: completion,
                                                   trailingInset: Self.badgeInset), gap: 0, inset: 0)
        return FinanceColumn.laidOut([item], width: width, type: type, palette: palette).nodes[0]
    }

    func celebratingCard(frame f: Rect, progress: Double, sample s: GoalCelebrationTimeline.Sample, style: CelebrationStyle) -> [Node] {
        let goal = FinanceData.goals[0]
        // Scale about the card's centre: x' = c + s·(x − c)
        let c = f.center
        let pulse = AffineTransform.translation(-c.x, -c.y).concatenating(.scale(s.scale, s.scale)).concatenating(.translation(c.x, c.y))
        var out: [Node] = []
        let glow = s.glowOpacity * s.opacity
        if glow > 0.001 {
            out.append(.group(Group([.fill(.roundedRect(f.insetBy(dx: -4, dy: -4), cornerRadius: FinanceViews.cardRadius + 4, style: .continuous),
                                           .solid(palette.gold.opacity(glow)))],
                                    transform: pulse, blur: FinanceTokens.celebrationGlowBlur)))
        }
        // The card turns to its complete colours as the last contribution fills it, in the fill's
        // own animation (SwiftUI animates a colour that changes in the same transaction), so "99%"
        // is already nearly green when it becomes "100%".
        let completion = clamp((progress - goal.progress) / (1 - goal.progress), 0, 1)
        var children: [Node] = [.group(card(progress: progress, completion: completion, width: f.width), transform: .translation(f.minX, f.minY))]
        let size = FinanceTokens.celebrationCheckSize
        let badge = Rect(x: f.maxX - 18 - size, y: f.midY - size / 2, width: size, height: size)
        // The slot before the goal is reached: a faint gold ring, faded out as the badge arrives.
        // Once the celebration's badge has arrived, the finished goal keeps a check of its own (in
        // the complete colour, the "100%"'s green), which the celebration's gold check fades into:
        // the slot never returns to an empty ring, an unticked box, after the celebration.
        let arrived = s.phase != .idle && s.phase != .fadeIn
        if !arrived {
            children.append(.group([.stroke(.ellipse(badge.insetBy(dx: 1, dy: 1)), .solid(palette.gold.opacity(0.45)), width: 2)],
                                   opacity: 1 - s.opacity))
        } else if s.opacity < 0.999 {
            let done = Symbol.node("checkmark.circle.fill", size: size / 0.8, weight: .semibold, center: badge.center,
                                   paint: .solid(palette.forest))!
            children.append(.group([done], opacity: 1 - s.opacity))
        }
        if s.opacity > 0.001 {
            // Design: SF Symbol checkmark.circle.fill, its disc the badge (the symbol's disc is 0.8 em),
            // in the gold gradient; the check is cut out, so the card shows through it.
            let gold = Paint.linearGradient(stops: Paint.evenStops([palette.gold.mixed(with: palette.cream, 0.3), palette.gold]),
                                            start: Point(badge.minX, badge.minY), end: Point(badge.maxX, badge.maxY))
            let check = Symbol.node("checkmark.circle.fill", size: size / 0.8, weight: .semibold, center: badge.center, paint: gold)!
            children.append(.group([check], opacity: s.opacity))
        }
        if let shimmer = s.shimmer, style == .joyful {
            // A diagonal light band from left of the card to right of it: x = −band + p·(w + 2·band)
            let band = 90.0
            let x = f.minX - band + shimmer * (f.width + 2 * band)
            let clear = palette.cream.opacity(0)
            children.append(.group([.fill(.rect(f), .linearGradient(
                stops: [GradientStop(clear, at: 0), GradientStop(palette.cream.opacity(0.45 * s.opacity), at: 0.5), GradientStop(clear, at: 1)],
                start: Point(x - band / 2, f.minY), end: Point(x + band / 2, f.minY + 30)))],
                clip: .roundedRect(f, cornerRadius: FinanceViews.cardRadius, style: .continuous)))
        }
        out.append(.group(children, transform: pulse))
        return out
    }
}

extension GoalCelebrationScene {
    /// What the kit lays out: the Goals list, and the first goal's card complete, as it celebrates.
    public func screenPieces() -> [ScreenPiece] {
        let done = FinanceColumn.Item(block: .goal(FinanceData.goals[0], progress: 1, completion: 1, trailingInset: Self.badgeInset), gap: 0, inset: 0)
        let card = cardFrames[0]
        return column.pieces("goals", top: top, scrolls: true)
            + FinanceColumn.laidOut([done], width: card.width, type: type, palette: palette)
                .pieces("celebrating goal", top: card.minY, left: card.minX, scrolls: true)
    }
}

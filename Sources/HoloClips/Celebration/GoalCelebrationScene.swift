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
    static let badgeInset = 76.0

    /// "Goals" (large title): its baseline 49 pt under the top inset (iPhone 12: 47 pt) at the
    /// default size, grown by the large title's ratio; the first card 20 pt under it.
    var titleBaseline: Double { HeroTransitionLayout(size: size, type: type, insets: insets).titleBaseline }
    var firstCardY: Double { titleBaseline + (HeroTransitionLayout.firstCardY - HeroTransitionLayout.titleBaseline) }

    var cardFrames: [Rect] {
        let h = FinanceViews.goalCardHeight(type)
        return FinanceData.goals.indices.map { i in
            Rect(x: FinanceViews.margin, y: firstCardY + Double(i) * (h + 12), width: size.width - 2 * FinanceViews.margin, height: h)
        }
    }

    func scene(goalProgress: Double, sample s: GoalCelebrationTimeline.Sample, style: CelebrationStyle) -> Scene {
        var nodes: [Node] = [
            .text(TextRun("Goals", font: FinanceViews.font(34, .bold, type), origin: Point(20, titleBaseline)), .solid(palette.ink)),
        ]
        let frames = cardFrames
        for (i, goal) in FinanceData.goals.enumerated().dropFirst() {
            nodes.append(FinanceViews.goalCard(goal, progress: goal.progress, frame: frames[i], palette: palette, type: type))
        }
        var y = frames.last!.maxY + 40 * type.scale(of: .title3)
        nodes.append(FinanceViews.sectionTitle("Budgets", at: Point(20, y), palette: palette, type: type))
        y += 14
        var k = 0
        let rowHeight = FinanceViews.budgetRowHeight(type)
        while y < size.height {
            let b = FinanceData.budgets[k % FinanceData.budgets.count]
            nodes.append(FinanceViews.budgetRow(b, frame: Rect(x: 16, y: y, width: size.width - 32, height: rowHeight),
                                               palette: palette, type: type))
            y += rowHeight + 8; k += 1
        }
        nodes += celebratingCard(frame: frames[0], progress: goalProgress, sample: s, style: style)
        return Scene(size: size, background: palette.page, root: nodes)
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
        var children: [Node] = [FinanceViews.goalCard(goal, progress: progress, frame: f, palette: palette, trailingInset: Self.badgeInset,
                                                     type: type, completion: completion)]
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
            // Seed: SF Symbol checkmark.circle.fill, its disc the badge (the symbol's disc is 0.8 em),
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

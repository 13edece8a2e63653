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
            // The seed's accent as it is (0.15, 0.2 in High Contrast): at twice that, gold over the
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

    func scene(linear: Double, radial: Double, angular: Double, accent: Double) -> Scene {
        let w = size.width - 32
        let layout = HeroTransitionLayout(size: size, type: type, insets: insets)
        var nodes: [Node] = [
            .text(TextRun("Overview", font: FinanceViews.font(34, .bold, type), origin: Point(20, layout.titleBaseline)), .solid(palette.ink)),
        ]
        var y = layout.firstCardY
        let balance = Size(w, FinanceViews.balanceCardHeight(type))
        nodes.append(FinanceViews.balanceCard(frame: Rect(origin: Point(16, y), size: balance), palette: palette,
                                             background: [gradient(.linear, phase: linear, size: balance, accent: accent)], type: type))
        y += balance.height + 14
        let goal = FinanceData.goals[1]
        let goalSize = Size(w, FinanceViews.goalCardHeight(type))
        nodes.append(FinanceViews.goalCard(goal, progress: goal.progress, frame: Rect(origin: Point(16, y), size: goalSize), palette: palette,
                                          background: [gradient(.radial, phase: radial, size: goalSize, accent: accent)], type: type))
        y += goalSize.height + 14
        let budgetSize = Size(w, 150 * type.scale(of: .footnote))
        nodes.append(budgetSummary(frame: Rect(origin: Point(16, y), size: budgetSize),
                                   background: [gradient(.angular, phase: angular, size: budgetSize, accent: accent)]))
        y += budgetSize.height + 40 * type.scale(of: .title3)
        nodes.append(FinanceViews.sectionTitle("Recent", at: Point(20, y), palette: palette, type: type))
        y += 14
        let rowHeight = FinanceViews.rowHeight(type)
        for t in FinanceData.transactions where y < size.height {
            nodes.append(FinanceViews.transactionRow(t, frame: Rect(x: 16, y: y, width: w, height: rowHeight), palette: palette, type: type))
            y += rowHeight + 8
        }
        return Scene(size: size, background: palette.page, root: nodes)
    }

    /// February's budgets in one card: total spent of total limit, four thin capsules.
    func budgetSummary(frame: Rect, background: [Node]) -> Node {
        let spent = FinanceData.budgets.reduce(0) { $0 + $1.spent }, limit = FinanceData.budgets.reduce(0) { $0 + $1.limit }
        // Lines at 32, 62 (tracks), 92, 112 pt in 150 pt at the default size, grown by the footnote's ratio.
        let r = type.scale(of: .footnote), fit = FinanceViews.minimumScaleFactor
        // Title and total share the line: at the default size and smaller both fit whole (the
        // goldens show it); larger, each gets half of it (HoloClips cannot measure the pair).
        let half: Double? = type > .large ? (frame.width - 36) / 2 - 4 : nil
        var children: [Node] = [
            .text(TextRun("February budgets", font: FinanceViews.font(17, .semibold, type), origin: Point(18, 32 * r),
                          maxWidth: half, minimumScaleFactor: fit), .solid(palette.ink)),
            .text(TextRun("\(FinanceData.money(spent, cents: false)) of \(FinanceData.money(limit, cents: false))",
                          font: FinanceViews.font(15, .semibold, type), origin: Point(frame.width - 18, 32 * r), alignment: .trailing,
                          maxWidth: half, minimumScaleFactor: fit), .solid(palette.forest)),
        ]
        let colW = (frame.width - 36 - 3 * 12) / 4
        for (i, b) in FinanceData.budgets.enumerated() {
            let x = 18 + Double(i) * (colW + 12)
            let track = Rect(x: x, y: 62 * r, width: colW, height: 8)
            let color = b.usage < 0.8 ? palette.forest : palette.gold
            children += [
                .fill(.capsule(track), .solid(palette.track)),
                .fill(.capsule(Rect(x: x, y: 62 * r, width: colW * min(b.usage, 1), height: 8)), .solid(color)),
                .text(TextRun(b.category, font: FinanceViews.font(13, .regular, type), origin: Point(x, 92 * r),
                              maxWidth: colW, minimumScaleFactor: fit), .solid(palette.secondaryInk)),
                .text(TextRun("\(Int((b.usage * 100).rounded()))%", font: FinanceViews.font(13, .semibold, type), origin: Point(x, 112 * r),
                              maxWidth: colW, minimumScaleFactor: fit), .solid(palette.ink)),
            ]
        }
        return FinanceViews.card(children, frame: frame, fill: .solid(palette.surface), extra: background)
    }
}

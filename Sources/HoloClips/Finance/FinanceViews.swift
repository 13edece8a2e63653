// Scene pieces of the finance screens, shared by the four finance clips (hero, celebration, parallax, gradients): the balance card,
// transaction rows, goal cards with progress capsules, budget rows. Each piece is laid out inside the
// frame it is given (local coordinates, origin at the frame's top-left), so a clip can place, scale
// or morph it; widths come from the device, never from a fixed 390-point screen.

import Foundation
import HoloGeometry
import HoloMotion
import HoloScene

enum FinanceViews {
    static let cardRadius = 20.0
    static let rowHeight = 64.0
    static let goalCardHeight = 104.0
    static let budgetRowHeight = 58.0
    static let balanceCardHeight = 168.0
    static let margin = 16.0
    /// Seed 002 "Dynamic Type Support": all text scales with the user's size, `.minimumScaleFactor(0.7)`.
    static let minimumScaleFactor = 0.7

    /// A font `points` tall at the default size, at Dynamic Type size `type` (the nearest text style's ratio).
    static func font(_ points: Double, _ weight: FontWeight = .regular, _ type: DynamicTypeSize) -> Font {
        Font(size: type.scaled(points), weight: weight)
    }

    // Goal card at Dynamic Type size t: name (headline) baseline 32, amounts (footnote) baseline 54,
    // track at 70, card 104 pt at the default size; each text line grows by its style's ratio.
    static func goalNameBaseline(_ t: DynamicTypeSize) -> Double { 10 + 22 * t.scale(of: .headline) }
    static func goalAmountBaseline(_ t: DynamicTypeSize) -> Double { goalNameBaseline(t) + 22 * t.scale(of: .footnote) }
    static func goalCardHeight(_ t: DynamicTypeSize) -> Double { max(goalCardHeight, goalAmountBaseline(t) + 50) }
    // Transaction row: title (headline) 3 pt above the middle, detail (footnote) 16 pt below it,
    // 64 pt tall at the default size; the row grows by the mean of the two styles' ratios.
    static func rowHeight(_ t: DynamicTypeSize) -> Double {
        rowHeight * max(1, (t.scale(of: .headline) + t.scale(of: .footnote)) / 2)
    }
    // Budget row: category (15 pt semibold, subheadline) baseline 26, track at 38, row 58 pt.
    static func budgetBaseline(_ t: DynamicTypeSize) -> Double { 8 + 18 * t.scale(of: .subheadline) }
    static func budgetRowHeight(_ t: DynamicTypeSize) -> Double { max(budgetRowHeight, budgetBaseline(t) + 32) }

    /// A group placed at `frame`'s origin, clipped to the card's rounded rect.
    static func card(_ children: [Node], frame: Rect, fill: Paint, radius: Double = cardRadius,
                     opacity: Double = 1, extra: [Node] = []) -> Node {
        let local = Rect(origin: .zero, size: frame.size)
        let shape = Shape.roundedRect(local, cornerRadius: radius, style: .continuous)
        // Over an animated background (`extra`) the card's content is its own retained layer: the
        // background is shaded every frame, the text and tracks over it composited from a surface.
        let content: [Node] = extra.isEmpty || children.isEmpty ? children : [.group(children, retention: Retention())]
        return .group([.fill(shape, fill)] + extra + content, transform: .translation(frame.minX, frame.minY),
                      opacity: opacity, clip: shape)
    }

    static func sectionTitle(_ text: String, at origin: Point, palette: FinancePalette, type: DynamicTypeSize = .large) -> Node {
        .text(TextRun(text, font: font(20, .bold, type), origin: origin), .solid(palette.ink))
    }

    /// The navy balance card: label, balance, the month's change in gold, a gold hairline.
    /// Balance card: its lines at 34, 80, 100, 130 pt in 168 pt at the default size; all grow by
    /// the large title's ratio (the balance is the card's largest text).
    static func balanceCardHeight(_ t: DynamicTypeSize) -> Double { balanceCardHeight * t.scale(of: .largeTitle) }

    static func balanceCard(frame: Rect, palette: FinancePalette, background: [Node] = [], type: DynamicTypeSize = .large) -> Node {
        let w = frame.width
        let r = type.scale(of: .largeTitle)
        let children: [Node] = [
            .text(TextRun("TOTAL BALANCE", font: font(12, .semibold, type), origin: Point(22, 34 * r),
                          maxWidth: (w - 44) / 2, minimumScaleFactor: minimumScaleFactor), .solid(palette.cream.opacity(0.7))),
            .text(TextRun(FinanceData.money(FinanceData.balance), font: font(34, .bold, type), origin: Point(22, 80 * r),
                          maxWidth: w - 44, minimumScaleFactor: minimumScaleFactor), .solid(palette.cream)),
            .fill(.rect(Rect(x: 22, y: 100 * r, width: w - 44, height: 1)), .solid(palette.gold.opacity(0.55))),
            .text(TextRun(FinanceData.money(FinanceData.monthChange, signed: true) + " this month",
                          font: font(15, .regular, type), origin: Point(22, 130 * r), maxWidth: w - 44,
                          minimumScaleFactor: minimumScaleFactor), .solid(palette.gold)),
            .text(TextRun("FinPessoal", font: font(13, .semibold, type), origin: Point(w - 22, 34 * r), alignment: .trailing,
                          maxWidth: (w - 44) / 2, minimumScaleFactor: minimumScaleFactor), .solid(palette.gold)),
        ]
        return card(children, frame: frame, fill: .solid(palette.navy), extra: background)
    }

    /// One transaction: a monogram disc, title, category and date, the signed amount.
    static func transactionRow(_ t: FinanceData.Transaction, frame: Rect, palette: FinancePalette,
                               background: [Node] = [], type: DynamicTypeSize = .large) -> Node {
        let w = frame.width, h = frame.height
        let income = t.amount > 0
        let tint = income ? palette.forest : palette.navy
        let disc = Rect(x: 14, y: (h - 40) / 2, width: 40, height: 40)
        let amount = FinanceData.money(t.amount, signed: true)
        let amountFont = font(17, .semibold, type)
        // Title and detail take the width the amount leaves (the amount measured through HoloText,
        // and a 12 pt gap: a choice).
        let textWidth = w - 66 - 16 - TextMeasure.width(amount, amountFont) - 12
        let children: [Node] = [
            .fill(.ellipse(disc), .solid(tint.opacity(0.12))),
            .text(TextRun(String(t.title.prefix(1)), font: Font(size: 17, weight: .bold),
                          origin: Point(disc.midX, disc.midY + 6), alignment: .center), .solid(tint)),
            .text(TextRun(t.title, font: font(17, .semibold, type), origin: Point(66, h / 2 - 3 * type.scale(of: .headline)),
                          maxWidth: textWidth, minimumScaleFactor: minimumScaleFactor), .solid(palette.ink)),
            .text(TextRun("\(t.category) · \(t.date)", font: font(13, .regular, type), origin: Point(66, h / 2 + 16 * type.scale(of: .footnote)),
                          maxWidth: textWidth, minimumScaleFactor: minimumScaleFactor), .solid(palette.secondaryInk)),
            .text(TextRun(amount, font: amountFont,
                          origin: Point(w - 16, h / 2 + 6 * type.scale(of: .headline)), alignment: .trailing),
                  .solid(income ? palette.forest : palette.burgundy)),
        ]
        return card(children, frame: frame, fill: .solid(palette.surface), radius: 14, extra: background)
    }

    /// A savings goal: name, saved of target, a gold progress capsule and the percentage.
    static func goalCard(_ g: FinanceData.Goal, progress: Double, frame: Rect, palette: FinancePalette,
                         background: [Node] = [], trailingInset: Double = 0, type: DynamicTypeSize = .large,
                         completion: Double? = nil) -> Node {
        let w = frame.width
        let nameY = goalNameBaseline(type), amountY = goalAmountBaseline(type)
        // How far the card has turned to its complete colours (forest for gold): 0 or 1 by the
        // progress unless the caller animates it.
        let done = clamp(completion ?? (progress >= 1 ? 1 : 0), 0, 1)
        let accent = palette.gold.mixed(with: palette.forest, done)
        let track = Rect(x: 18, y: amountY + 16, width: w - 36 - trailingInset, height: 10)
        var fill = track
        fill.size.width = track.width * clamp(progress, 0, 1)
        let percent = "\(Int((progress * 100).rounded(.down)))%"
        let percentFont = font(15, .semibold, type)
        // The name shares its line with the percentage: it gets the rest (the percentage measured
        // through HoloText, and a 12 pt gap: a choice).
        let nameWidth = w - 36 - trailingInset - TextMeasure.width(percent, percentFont) - 12
        var children: [Node] = [
            .text(TextRun(g.name, font: font(17, .semibold, type), origin: Point(18, nameY),
                          maxWidth: nameWidth, minimumScaleFactor: minimumScaleFactor), .solid(palette.ink)),
            .text(TextRun("\(FinanceData.money(g.target * progress, cents: false)) of \(FinanceData.money(g.target, cents: false))",
                          font: font(13, .regular, type), origin: Point(18, amountY),
                          maxWidth: w - 36 - trailingInset, minimumScaleFactor: minimumScaleFactor), .solid(palette.secondaryInk)),
            .text(TextRun(percent, font: percentFont,
                          origin: Point(w - 18 - trailingInset, nameY), alignment: .trailing),
                  .solid(accent)),
            .fill(.capsule(track), .solid(palette.track)),
        ]
        if fill.width > 0.5 {
            children.append(.fill(.capsule(fill), .linearGradient(
                stops: Paint.evenStops([palette.gold.mixed(with: palette.cream, 0.25), accent]),
                start: Point(track.minX, 0), end: Point(track.maxX, 0))))
        }
        return card(children, frame: frame, fill: .solid(palette.surface), extra: background)
    }

    /// A budget: category, spent of limit, a capsule green under 80%, gold to 100%, burgundy over.
    static func budgetRow(_ b: FinanceData.Budget, frame: Rect, palette: FinancePalette, background: [Node] = [],
                          type: DynamicTypeSize = .large) -> Node {
        let w = frame.width
        let baseline = budgetBaseline(type)
        let track = Rect(x: 16, y: baseline + 12, width: w - 32, height: 8)
        var fill = track
        fill.size.width = track.width * clamp(b.usage, 0, 1)
        let color = b.usage < 0.8 ? palette.forest : (b.usage <= 1 ? palette.gold : palette.burgundy)
        let half = (w - 32) / 2 - 4
        let children: [Node] = [
            .text(TextRun(b.category, font: font(15, .semibold, type), origin: Point(16, baseline),
                          maxWidth: half, minimumScaleFactor: minimumScaleFactor), .solid(palette.ink)),
            .text(TextRun("\(FinanceData.money(b.spent, cents: false)) / \(FinanceData.money(b.limit, cents: false))",
                          font: font(13, .regular, type), origin: Point(w - 16, baseline), alignment: .trailing,
                          maxWidth: half, minimumScaleFactor: minimumScaleFactor), .solid(palette.secondaryInk)),
            .fill(.capsule(track), .solid(palette.track)),
            .fill(.capsule(fill), .solid(color)),
        ]
        return card(children, frame: frame, fill: .solid(palette.surface), radius: 14, extra: background)
    }
}

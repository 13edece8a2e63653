// The finance screens' cards and rows as views of the layout kit, shared by the four finance clips
// (hero, celebration, parallax, gradients): the balance card, transaction rows, goal cards with
// progress capsules, budget rows, the gradients' budget summary, the hero detail's header, and the
// titles over them. Stacks, padding, frames and backgrounds laid out at the clip's text size in the
// block's width, as the app's SwiftUI would lay them out; a screen stacks them in a column
// (FinanceColumn.swift), laid out once per screen, text size, width and palette.
//
// Dynamic Type (docs/designs.md, Finance app): all text scales with the user's size, `.minimumScaleFactor(0.7)`.
// Names, titles and detail lines wrap at accessibility sizes (up to three lines); a transaction's
// amount goes under its lines there, a figure on a label's line (a goal's percentage, a budget's
// amounts, the balance card's app name) under its label, and the budget summary's four columns
// become rows (an app's `AnyLayout` switch on `dynamicTypeSize.isAccessibilitySize`).
//
// Paddings and spacings are the hand-placed screens' (their baselines at the default size, within
// a quarter point): a goal card 104 pt tall, a transaction row 64, a budget row 58, the balance card
// 168, the detail's header 253 pt under the top inset.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// One block of a finance screen's column.
enum FinanceBlock: Hashable, Sendable {
    /// A screen's large title ("Goals", "Overview"; "Dashboard" in cream over the parallax header).
    case largeTitle(String, onHeader: Bool)
    /// A section title ("Recent", "Budgets").
    case section(String)
    case balance
    case transaction(FinanceData.Transaction)
    /// A goal at `progress`; `completion` turns its accent from gold to green (0 or 1 unless a
    /// celebration animates it); `trailingInset` keeps room on the trailing side (the celebration's badge).
    case goal(FinanceData.Goal, progress: Double, completion: Double, trailingInset: Double)
    case budget(FinanceData.Budget)
    /// February's budgets in one card (gradients).
    case budgetSummary
    /// The hero detail's header: the goal's figures on the navy-to-green wash, under the top inset.
    case goalHeader(FinanceData.Goal, topInset: Double)
    /// A navigation bar's back button: chevron.left and the previous screen's title.
    case backButton(String)

    static func goal(_ g: FinanceData.Goal, trailingInset: Double = 0) -> FinanceBlock {
        .goal(g, progress: g.progress, completion: g.progress >= 1 ? 1 : 0, trailingInset: trailingInset)
    }
}

struct FinanceViews {
    var c: ScreenComposer
    let palette: FinancePalette
    /// The block's width.
    let width: Double

    static let cardRadius = 20.0
    static let rowRadius = 14.0
    static let margin = 16.0
    /// Dynamic Type (docs/designs.md, Finance app): all text scales with the user's size, `.minimumScaleFactor(0.7)`.
    static let minimumScaleFactor = 0.7

    init(palette: FinancePalette, width: Double, environment: ViewEnvironment) {
        c = ScreenComposer(environment); self.palette = palette; self.width = width
    }

    var type: DynamicTypeSize { c.dynamicTypeSize }
    var accessibility: Bool { type.isAccessibilitySize }
    /// A wrapping label's line limit: one line below the accessibility sizes, up to three at them.
    var wraps: Int { accessibility ? 3 : 1 }

    /// The block, on its card's background or (`background` false: a card whose background the
    /// scene draws, animated or matched) without it.
    mutating func view(_ block: FinanceBlock, background: Bool = true) -> ViewSpec {
        let p = palette
        switch block {
        case .largeTitle(let title, let onHeader):
            return label(title, .largeTitle, .bold, onHeader ? p.cream : p.ink, lines: wraps)
                .padding(leading: 4).frame(maxWidth: .infinity, alignment: .leading)
        case .section(let title):
            return label(title, .title3, .bold, p.ink, lines: wraps)
                .padding(top: 8, leading: 4, bottom: 1).frame(maxWidth: .infinity, alignment: .leading)
        case .balance:
            return card(balanceCard(), fill: p.navy, radius: Self.cardRadius, background)
        case .transaction(let t):
            return card(transactionRow(t), fill: p.surface, radius: Self.rowRadius, background)
        case .goal(let g, let progress, let completion, let inset):
            return card(goalCard(g, progress: progress, completion: completion, trailingInset: inset), fill: p.surface,
                        radius: Self.cardRadius, background)
        case .budget(let b):
            return card(budgetRow(b), fill: p.surface, radius: Self.rowRadius, background)
        case .budgetSummary:
            return card(budgetSummary(), fill: p.surface, radius: Self.cardRadius, background)
        case .goalHeader(let g, let topInset):
            return goalHeader(g, topInset: topInset)
        case .backButton(let title):
            return backButton(title)
        }
    }

    mutating func card(_ content: ViewSpec, fill: Color, radius: Double, _ background: Bool) -> ViewSpec {
        background ? content.background(c.shape(.roundedRect(radius), fill: c.solid(fill))) : content
    }

    /// Text in `style` that shrinks to 0.7 of its size before it wraps or truncates.
    mutating func label(_ string: String, _ style: TextStyle, _ weight: FontWeight? = nil, _ color: Color, lines: Int = 1,
                        shrinks: Bool = true) -> ViewSpec {
        c.text(string, style, weight: weight, color: color, lineLimit: lines, minimumScaleFactor: shrinks ? Self.minimumScaleFactor : 1)
    }

    /// A label and its figure on one baseline, the figure at the trailing edge; at accessibility
    /// sizes the figure goes under the label.
    mutating func line(_ leading: ViewSpec, _ trailing: ViewSpec, spacing: Double) -> ViewSpec {
        accessibility
            ? c.vstack(alignment: 0, spacing: 2, [leading, trailing])
            : c.hstack(alignment: .firstTextBaseline, spacing: spacing, [leading.frame(maxWidth: .infinity, alignment: .leading), trailing.layoutPriority(1)])
    }

    /// A progress capsule `width` wide and `height` tall, filled to `fraction` with `fill`.
    mutating func bar(width: Double, height: Double, fraction: Double, track: Color, fill: ViewPaint) -> ViewSpec {
        var layers = [c.shape(.capsule, fill: c.solid(track))]
        let filled = width * clamp(fraction, 0, 1)
        if filled > 0.5 { layers.append(c.shape(.capsule, fill: fill).frame(width: filled)) }
        return c.zstack(alignment: .leading, layers).frame(height: height)
    }

    /// The navy balance card: label and app name, the balance, a gold hairline, the month's change in gold.
    mutating func balanceCard() -> ViewSpec {
        let p = palette
        let top = line(label("TOTAL BALANCE", .caption1, .semibold, p.cream.opacity(0.7), lines: wraps),
                       label("FinPessoal", .footnote, .semibold, p.gold), spacing: 8)
        let hairline = c.shape(.rect, fill: c.solid(p.gold.opacity(0.55))).frame(height: 1)
        return c.vstack(alignment: 0, spacing: 0, [
            top,
            label(FinanceData.money(FinanceData.balance), .largeTitle, .bold, p.cream).padding(top: 9),
            hairline.padding(top: 12),
            label(FinanceData.money(FinanceData.monthChange, signed: true) + " this month", .subheadline, nil, p.gold, lines: wraps)
                .padding(top: 13),
        ]).padding(top: 20, leading: 22, bottom: 34, trailing: 22)
    }

    /// One transaction: a monogram disc, title, category and date, the signed amount.
    mutating func transactionRow(_ t: FinanceData.Transaction) -> ViewSpec {
        let p = palette
        let income = t.amount > 0
        let tint = income ? p.forest : p.navy
        // The monogram is an icon: it keeps its 17 pt.
        let disc = c.shape(.circle, fill: c.solid(tint.opacity(0.12))).frame(width: 40, height: 40)
            .overlay(c.text(String(t.title.prefix(1)), size: 17, relativeTo: nil, weight: .bold, color: tint))
        let title = label(t.title, .headline, .semibold, p.ink, lines: wraps)
        let detail = label("\(t.category) · \(t.date)", .footnote, nil, p.secondaryInk, lines: wraps)
        let amount = label(FinanceData.money(t.amount, signed: true), .headline, .semibold, income ? p.forest : p.burgundy,
                           shrinks: accessibility)
        let row: ViewSpec
        if accessibility {
            row = c.hstack(alignment: 0, spacing: 12, [disc, c.vstack(alignment: 0, spacing: 0, [title, detail, amount])
                .frame(maxWidth: .infinity, alignment: .leading)])
        } else {
            row = c.hstack(spacing: 12, [disc, c.vstack(alignment: 0, spacing: 0, [title, detail]).frame(maxWidth: .infinity, alignment: .leading),
                                         amount.layoutPriority(1)])
        }
        return row.padding(top: 12, leading: 14, bottom: 12, trailing: 16).frame(minHeight: 64)
    }

    /// A savings goal: name and percentage, saved of target, a gold progress capsule.
    mutating func goalCard(_ g: FinanceData.Goal, progress: Double, completion: Double, trailingInset: Double) -> ViewSpec {
        let p = palette
        let accent = p.gold.mixed(with: p.forest, clamp(completion, 0, 1))
        let track = width - 36 - trailingInset
        let filled = track * clamp(progress, 0, 1)
        // The fill's gradient spans the whole track (its end past the fill's frame while it is short).
        let gradient = c.linearGradient([p.gold.mixed(with: p.cream, 0.25), accent], start: Point(0, 0.5),
                                        end: Point(filled > 0 ? track / filled : 1, 0.5))
        let header = line(label(g.name, .headline, .semibold, p.ink, lines: wraps),
                          label("\(Int((progress * 100).rounded(.down)))%", .subheadline, .semibold, accent, shrinks: false), spacing: 12)
        let amounts = "\(FinanceData.money(g.target * progress, cents: false)) of \(FinanceData.money(g.target, cents: false))"
        return c.vstack(alignment: 0, spacing: 0, [
            header,
            label(amounts, .footnote, nil, p.secondaryInk, lines: wraps).padding(top: 3),
            bar(width: track, height: 10, fraction: progress, track: p.track, fill: gradient).padding(top: 12),
        ]).padding(top: 15, leading: 18, bottom: 24, trailing: 18 + trailingInset)
    }

    /// A budget: category, spent of limit, a capsule green under 80%, gold to 100%, burgundy over.
    mutating func budgetRow(_ b: FinanceData.Budget) -> ViewSpec {
        let p = palette
        let color = b.usage < 0.8 ? p.forest : (b.usage <= 1 ? p.gold : p.burgundy)
        let category = label(b.category, .subheadline, .semibold, p.ink, lines: wraps)
        let figures = label("\(FinanceData.money(b.spent, cents: false)) / \(FinanceData.money(b.limit, cents: false))", .footnote, nil,
                            p.secondaryInk, lines: wraps)
        return c.vstack(alignment: 0, spacing: 7, [
            line(category, figures, spacing: 8), bar(width: width - 32, height: 8, fraction: b.usage, track: p.track, fill: c.solid(color)),
        ]).padding(top: 11, leading: 16, bottom: 12, trailing: 16)
    }

    /// February's budgets in one card: total spent of total limit, four columns of capsule,
    /// category and share (rows at accessibility sizes).
    mutating func budgetSummary() -> ViewSpec {
        let p = palette
        let spent = FinanceData.budgets.reduce(0) { $0 + $1.spent }, limit = FinanceData.budgets.reduce(0) { $0 + $1.limit }
        let header = line(label("February budgets", .headline, .semibold, p.ink, lines: wraps),
                          label("\(FinanceData.money(spent, cents: false)) of \(FinanceData.money(limit, cents: false))", .subheadline, .semibold,
                                p.forest, lines: wraps), spacing: 8)
        let count = Double(FinanceData.budgets.count)
        let column = accessibility ? width - 36 : (width - 36 - 12 * (count - 1)) / count
        var columns: [ViewSpec] = []
        for b in FinanceData.budgets {
            columns.append(c.vstack(alignment: 0, spacing: 8, [
                bar(width: column, height: 8, fraction: b.usage, track: p.track, fill: c.solid(b.usage < 0.8 ? p.forest : p.gold)),
                c.vstack(alignment: 0, spacing: 2, [
                    label(b.category, .footnote, nil, p.secondaryInk),
                    label("\(Int((b.usage * 100).rounded()))%", .footnote, .semibold, p.ink),
                ]),
            ]).frame(maxWidth: .infinity, alignment: .leading))
        }
        let grid = accessibility ? c.vstack(alignment: 0, spacing: 12, columns) : c.hstack(alignment: 0, spacing: 12, columns)
        return c.vstack(alignment: 0, spacing: 25, [header, grid]).padding(top: 15, leading: 18, bottom: 34, trailing: 18)
    }

    /// UIKit's back button in a navigation bar (44 pt, docs/layout.md "Components"), centred in it:
    /// chevron.left (semibold, a little taller than the title's capitals) in a column 0.6 of the
    /// title's size, then the title at body size.
    mutating func backButton(_ title: String) -> ViewSpec {
        let size = type.pointSize(.body)
        return c.hstack(spacing: 0.25 * size, [
            c.symbol("chevron.left", size: 1.3 * size, weight: .semibold, color: palette.gold).frame(width: 0.6 * size),
            label(title, .body, nil, palette.gold),
        ]).frame(minHeight: 44, maxWidth: .infinity, alignment: .leading)
    }

    /// The detail's header: the goal's name, saved amount, target and share, a gold capsule, on a
    /// navy-to-green wash that runs up under the status bar.
    mutating func goalHeader(_ g: FinanceData.Goal, topInset: Double) -> ViewSpec {
        let p = palette
        return c.vstack(alignment: 0, spacing: 0, [
            label(g.name, .title1, .bold, p.cream, lines: wraps),
            label(FinanceData.money(g.saved), .largeTitle, .bold, p.cream).padding(top: 10),
            label("of \(FinanceData.money(g.target, cents: false)) · \(Int(g.progress * 100))%", .subheadline, nil, p.gold, lines: wraps)
                .padding(top: 4),
            bar(width: width - 40, height: 12, fraction: g.progress, track: p.cream.opacity(0.2), fill: c.solid(p.gold)).padding(top: 20),
        ]).padding(top: topInset + 76, leading: 20, bottom: 36, trailing: 20)
            .frame(maxWidth: .infinity, alignment: .leading)
            .background(c.shape(.rect, fill: c.linearGradient([p.navy, p.forest], start: Point(0, 0), end: Point(1, 1))))
    }
}

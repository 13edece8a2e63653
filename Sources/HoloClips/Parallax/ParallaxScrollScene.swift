// The parallax clip's screen: a Dashboard scrolling over a page background of faint gold rings
// (ParallaxScrollView's background, 0.5×), with a navy-to-green header whose art (an engraved
// medallion and pinstripes) moves at 0.7× inside it; the balance card, goals, budgets and
// transactions scroll at 1×.

import HoloGeometry
import HoloMotion
import HoloScene

struct ParallaxScrollScene: Sendable {
    let size: Size
    let palette: FinancePalette
    /// Dynamic Type: the header's text and card, the rows and the gaps grow with the text.
    var type: DynamicTypeSize = .large
    /// The device's safe area; a screen without insets is taken as an iPhone 12.
    var insets: ScreenInsets = .iPhone12
    /// On the iPhone 12 (47 pt top inset): the header's height, the balance card's top and the
    /// title's baseline. On another device they move by its top inset less 47 pt.
    static let headerHeight = 300.0
    static let balanceTop = 118.0
    static let titleBaseline = 96.0
    /// The device's top inset less the iPhone 12's.
    var extraTop: Double { insets.top - HeroTransitionLayout.topInset }
    /// The header grows by the large title's ratio (its title and balance card do).
    var headerHeight: Double { (Self.headerHeight + extraTop) * type.scale(of: .largeTitle) }
    var balanceTop: Double { (Self.balanceTop + extraTop) * type.scale(of: .largeTitle) }
    var titleBaseline: Double { (Self.titleBaseline + extraTop) * type.scale(of: .largeTitle) }

    var contentHeight: Double { layout().height }

    /// Content rows below the header: (top in content points, the row drawn at a screen top).

    func layout() -> (rows: [(Double, (Double) -> Node)], height: Double) {
        let w = size.width - 32
        var rows: [(Double, (Double) -> Node)] = []
        let t = type, title = type.scale(of: .title3)
        var y = headerHeight + 36 * title
        let p = palette
        let goalHeight = FinanceViews.goalCardHeight(t), budgetHeight = FinanceViews.budgetRowHeight(t), rowHeight = FinanceViews.rowHeight(t)
        rows.append((y, { top in FinanceViews.sectionTitle("Goals", at: Point(20, top), palette: p, type: t) })); y += 14
        for g in FinanceData.goals.prefix(2) {
            rows.append((y, { top in FinanceViews.goalCard(g, progress: g.progress, frame: Rect(x: 16, y: top, width: w, height: goalHeight), palette: p, type: t) }))
            y += goalHeight + 12
        }
        y += 26 * title
        rows.append((y, { top in FinanceViews.sectionTitle("Budgets", at: Point(20, top), palette: p, type: t) })); y += 14
        for b in FinanceData.budgets {
            rows.append((y, { top in FinanceViews.budgetRow(b, frame: Rect(x: 16, y: top, width: w, height: budgetHeight), palette: p, type: t) }))
            y += budgetHeight + 8
        }
        y += 26 * title
        rows.append((y, { top in FinanceViews.sectionTitle("Transactions", at: Point(20, top), palette: p, type: t) })); y += 14
        for tr in FinanceData.transactions {
            rows.append((y, { top in FinanceViews.transactionRow(tr, frame: Rect(x: 16, y: top, width: w, height: rowHeight), palette: p, type: t) }))
            y += rowHeight + 8
        }
        return (rows, y + 24)
    }

    func scene(scroll s: Double, speeds: ParallaxSpeeds) -> Scene {
        var nodes: [Node] = []
        // Page background at the background speed: rings every 260 pt down the page.
        let bgShift = speeds.backgroundOffset(scroll: s)
        let ring = palette.gold.opacity(0.16)
        let spacing = 260.0
        let first = Int(((bgShift - 200) / spacing).rounded(.down))
        for k in first...(first + Int(size.height / spacing) + 3) {
            let cy = Double(k) * spacing + 120 - bgShift
            let cx = k % 2 == 0 ? size.width * 0.18 : size.width * 0.82
            // Scrolled layers (here and below): drawn once, moved by whole pixels.
            nodes.append(.group([.stroke(.circle(center: Point(cx, 0), radius: 110), .solid(ring), width: 1.5),
                                 .stroke(.circle(center: Point(cx, 0), radius: 86), .solid(ring), width: 1)],
                                transform: .translation(0, cy), retention: .scrolled(id: "rings-\(k)")))
        }

        // The header scrolls with the content; its art sits lag = (1 − speed)·s lower inside it.
        let headerTop = -s
        let lag = speeds.headerLag(scroll: s)
        let h = headerHeight
        // The header's clip: from its top (or the screen's top when pulled down) to its bottom.
        let clipTop = min(headerTop, 0)
        let clip = Rect(x: 0, y: clipTop, width: size.width, height: headerTop + h - clipTop)
        nodes.append(.group([.group(headerArt(top: 0), transform: .translation(0, headerTop + lag), retention: .scrolled(id: "header-art"))],
                            clip: .rect(clip)))
        nodes.append(.group([
            .text(TextRun("Dashboard", font: FinanceViews.font(34, .bold, type), origin: Point(20, titleBaseline)),
                  .solid(palette.cream)),
            FinanceViews.balanceCard(frame: Rect(x: 16, y: balanceTop, width: size.width - 32,
                                                height: FinanceViews.balanceCardHeight(type)), palette: palette, type: type),
        ], transform: .translation(0, headerTop), retention: .scrolled(id: "header-content")))

        for (i, (y, build)) in layout().rows.enumerated() {
            let top = y - s
            guard top < size.height + 20, top > -140 else { continue }
            nodes.append(.group([build(0)], transform: .translation(0, top), retention: .scrolled(id: "row-\(i)")))
        }
        return Scene(size: size, background: palette.page, root: nodes)
    }

    /// The header's art with its top at `top`: a navy-to-green wash, a gold medallion, pinstripes.
    /// Drawn 160 pt taller than the header so that a lag or a pull never shows its edge.
    func headerArt(top: Double) -> [Node] {
        let w = size.width, h = headerHeight
        let extra = 160.0
        var art: [Node] = [
            .fill(.rect(Rect(x: 0, y: top - extra, width: w, height: h + 2 * extra)), .linearGradient(
                stops: Paint.evenStops([palette.forest, palette.forest.mixed(with: palette.navy, 0.45)]), start: Point(0, top - extra), end: Point(w * 0.4, top + h))),
        ]
        let medallion = Point(w - 70, top + 70)
        for (r, o) in [(120.0, 0.22), (96.0, 0.16), (64.0, 0.12)] {
            art.append(.stroke(.circle(center: medallion, radius: r), .solid(palette.gold.opacity(o)), width: 1.5))
        }
        var x = -40.0
        while x < w {
            art.append(.fill(.rect(Rect(x: x, y: top - extra, width: 1, height: h + 2 * extra)), .solid(palette.cream.opacity(0.05))))
            x += 14
        }
        return art
    }
}

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

    /// The header's column: "Dashboard" (large title) 16 pt under the top inset, the balance card
    /// 14 pt under it and 14 pt of the header below it.
    var header: FinanceColumn {
        .laidOut([.init(block: .largeTitle("Dashboard", onHeader: true), gap: 14), .init(block: .balance, gap: 14)],
                 width: size.width, type: type, palette: palette)
    }
    var headerTop: Double { insets.top + 16 }
    var headerHeight: Double { headerTop + header.height }

    /// Below the header: goals 12 pt apart, budgets and transactions 8 pt apart, each under its
    /// section title, and 32 pt after the last row.
    static let contentItems: [FinanceColumn.Item] =
        [.init(block: .section("Goals"), gap: 8)] + Self.spaced(FinanceData.goals.prefix(2).map { .goal($0) }, 12, last: 10)
        + [.init(block: .section("Budgets"), gap: 8)] + Self.spaced(FinanceData.budgets.map { .budget($0) }, 8, last: 6)
        + [.init(block: .section("Transactions"), gap: 8)] + Self.spaced(FinanceData.transactions.map { .transaction($0) }, 8, last: 32)

    static func spaced(_ blocks: [FinanceBlock], _ gap: Double, last: Double) -> [FinanceColumn.Item] {
        blocks.indices.map { .init(block: blocks[$0], gap: $0 == blocks.count - 1 ? last : gap) }
    }

    var content: FinanceColumn { .laidOut(Self.contentItems, width: size.width, type: type, palette: palette) }
    /// The content's top, 8 pt under the header.
    var contentTop: Double { headerHeight + 8 }
    var contentHeight: Double { contentTop + content.height }

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
        let top = -s
        let lag = speeds.headerLag(scroll: s)
        let h = headerHeight
        // The header's clip: from its top (or the screen's top when pulled down) to its bottom.
        let clipTop = min(top, 0)
        let clip = Rect(x: 0, y: clipTop, width: size.width, height: top + h - clipTop)
        nodes.append(.group([.group(headerArt(top: 0), transform: .translation(0, top + lag), retention: .scrolled(id: "header-art"))],
                            clip: .rect(clip)))
        nodes.append(.group(header.placed(top: headerTop), transform: .translation(0, top),
                            retention: .scrolled(id: "header-content")))
        // The content's blocks on the screen (with a margin above and below).
        nodes += content.drawn(top: contentTop - s, id: "row", scrolled: true) { _, f in f.minY < size.height + 20 && f.minY > -140 }
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

extension ParallaxScrollScene {
    /// What the kit lays out: the header's title and balance card, and the content below (unscrolled).
    public func screenPieces() -> [ScreenPiece] {
        header.pieces("header", top: headerTop, scrolls: true) + content.pieces("dashboard", top: contentTop, scrolls: true)
    }
}

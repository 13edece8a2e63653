// A finance screen's column: its blocks (FinanceViews.swift) laid out one under the other, each in
// the screen's width less its margins and followed by its gap, once per screen, text size, width and
// palette (a clip lays its screens out once); the scene then only moves the laid-out nodes.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

struct FinanceColumn: Sendable {
    struct Item: Hashable, Sendable {
        var block: FinanceBlock
        /// Points after the block.
        var gap: Double
        /// Points either side of the block.
        var inset = FinanceViews.margin
        /// False for a card whose background the scene draws (animated or matched).
        var background = true
    }

    let items: [Item]
    /// The laid-out blocks' frames (all of them, or those down to a `through` bound), each block's
    /// top relative to the column's top.
    private(set) var frames: [Rect] = []
    /// Each laid-out block drawn with its top-leading corner at (0, 0).
    private(set) var nodes: [[Node]] = []
    /// Down to the end of the last laid-out block's gap (the whole column's height once complete).
    private(set) var height = 0.0
    let width: Double
    let environment: ViewEnvironment
    let palette: FinancePalette

    private init(_ items: [Item], width: Double, type: DynamicTypeSize, palette: FinancePalette) {
        self.items = items; self.width = width; self.palette = palette
        environment = Self.environment(type: type, width: width, palette: palette)
    }

    /// Whether the first `leading` blocks and every block that starts above `bottom` are laid out.
    private func reaches(_ bottom: Double, leading: Int) -> Bool {
        frames.count == items.count || (height >= bottom && frames.count >= leading)
    }

    /// The column with its first `leading` blocks and those down to the first that starts at or
    /// below `bottom` laid out one under the other. Each block is laid out alone, so a column laid
    /// out further keeps the frames and nodes of the blocks it already had.
    private func extended(through bottom: Double, leading: Int) -> FinanceColumn {
        var column = self
        while column.frames.count < items.count, column.height < bottom || column.frames.count < leading {
            let item = items[column.frames.count]
            let w = width - 2 * item.inset
            var views = FinanceViews(palette: palette, width: w, environment: environment)
            let drawn = views.view(item.block, background: item.background).laidOut(width: w, in: environment)
            column.frames.append(Rect(x: item.inset, y: column.height, width: w, height: drawn.size.height))
            column.nodes.append(drawn.nodes)
            column.height += drawn.size.height + item.gap
        }
        return column
    }

    private static let laidOut = Locked<[Key: FinanceColumn]>([:])
    private struct Key: Hashable {
        var items: [Item], width: Double, type: DynamicTypeSize, palette: FinancePalette
    }

    /// `items` laid out in a screen `width` wide at text size `type`: all of them, or the first
    /// `leading` and those that start above `bottom` (a view clipped there, such as the hero's
    /// detail growing out of its card, lays out only what it shows).
    static func laidOut(_ items: [Item], width: Double, type: DynamicTypeSize, palette: FinancePalette,
                        through bottom: Double = .infinity, leading: Int = 0) -> FinanceColumn {
        let key = Key(items: items, width: width, type: type, palette: palette)
        let cached = laidOut.withLock { $0[key] }
        if let cached, cached.reaches(bottom, leading: leading) { return cached }
        let column = (cached ?? FinanceColumn(items, width: width, type: type, palette: palette))
            .extended(through: bottom, leading: leading)
        laidOut.withLock { $0[key] = column }
        return column
    }

    /// The environment blocks are laid out in: a column `width` wide, as tall as they need.
    static func environment(type: DynamicTypeSize, width: Double, palette: FinancePalette) -> ViewEnvironment {
        ViewEnvironment(layout: LayoutEnvironment(screen: Size(width, 100_000), safeArea: Insets(), displayScale: 3),
                        dynamicTypeSize: type, colorScheme: palette == .dark ? .dark : .light)
    }

    /// The blocks with the column's top at `top`, those `visible` (by index and frame on the
    /// screen), each a retained layer named `id` and its index (scrolled: kept while only the
    /// scroll moves it), or drawn directly when `id` is nil (a column laid out at a new width each
    /// frame, whose layers would be drawn once and thrown away).
    func drawn(top: Double, id: String?, scrolled: Bool = false, skipping skipped: Set<Int> = [],
               visible: (Int, Rect) -> Bool) -> [Node] {
        var out: [Node] = []
        for (i, f) in frames.enumerated() where !skipped.contains(i) {
            let placed = f.offsetBy(dx: 0, dy: top)
            guard visible(i, placed) else { continue }
            let retention = id.map { scrolled ? Retention.scrolled(id: "\($0)-\(i)") : Retention(id: "\($0)-\(i)") }
            out.append(.group(nodes[i], transform: .translation(placed.minX, placed.minY), retention: retention))
        }
        return out
    }

    /// The blocks with the column's top at `top`, those that start above `bottom`.
    func drawn(top: Double, above bottom: Double, id: String, skipping skipped: Set<Int> = []) -> [Node] {
        drawn(top: top, id: id, skipping: skipped) { _, f in f.minY < bottom }
    }

    /// Every block with the column's top at `top` (one layer: a header scrolled as a whole).
    func placed(top: Double) -> [Node] {
        frames.indices.map { .group(nodes[$0], transform: .translation(frames[$0].minX, top + frames[$0].minY)) }
    }

    /// The blocks as the sweep lays them out, with the column's top-leading corner at (`left`, `top`).
    func pieces(_ name: String, top: Double, left: Double = 0, scrolls: Bool) -> [ScreenPiece] {
        frames.indices.map { i in
            var views = FinanceViews(palette: palette, width: frames[i].width, environment: environment)
            return ScreenPiece(name: "\(name) block \(i)", view: views.view(items[i].block, background: items[i].background),
                               environment: environment, origin: Point(left + frames[i].minX, top + frames[i].minY),
                               width: frames[i].width, scrolls: scrolls)
        }
    }
}

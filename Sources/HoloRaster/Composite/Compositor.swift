// Retained layers: the compositor keeps a group's pixels from one frame to the next, as Core
// Animation keeps a layer's backing store, Chromium's cc a picture layer's tiles and Flutter's
// raster cache a picture.
//
// A group with a `Retention` (HoloScene) whose subtree holds no material, and which has no blur,
// shadow, tilt or shader effect of its own, is always drawn the same way, cache or no cache:
//
//   local = group.placement(under: parent)          (scroll offsets snapped to whole pixels)
//   I = ⌊(local.tx, local.ty)⌋,  f = (local.tx, local.ty) − I      integer and fractional offset
//   content = (local's linear part, translation f)                 children's points → surface
//   surface = the children drawn with `content` into a transparent canvas of their pixel bounds
//             (in tiles of 512 rows when taller: only the tiles that show are drawn), clipped by
//             the group's clip
//   frame  ← surface composited at I + the surface's origin, with the group's opacity and the
//            parent's clip
//
// The surface's bytes are a function of (children, clip, linear part, f, tile), nothing else, so a
// surface kept from an earlier frame whose key is equal is the surface this frame would draw:
// invalidation is by content (an equality walk of the subtree), never by guesswork, and a frame
// drawn with a warm cache is byte-identical to the same frame drawn alone. A scrolled card moves
// by whole pixels, so f stays put and its surface is drawn once; a spring that moves a layer by
// fractions of a pixel changes f and redraws it, as iOS redraws nothing but resamples it.
//
// Materials read what is under them, so a subtree with a material is not kept as pixels: it is
// drawn live. Surfaces live in a cache per worker with a byte budget (LayerCache.swift).

import HoloGeometry
import HoloPixels
import HoloScene
import HoloStop
#if canImport(Glibc)
import Glibc
#endif

extension Node {
    /// True when a material is anywhere in the subtree (it reads the backdrop: not kept as pixels).
    var containsMaterial: Bool {
        switch self {
        case .material: return true
        case .group(let g): return g.children.contains { $0.containsMaterial }
        default: return false
        }
    }
}

extension Shape {
    /// An axis-aligned rect (before its transform): cheap to cover a few rows of at a time.
    var isRect: Bool { if case .rect = self { return true } else { return false } }
}

extension Group {
    /// Equal in everything but the children (the damage pass looks into such a pair).
    func sameExceptChildren(_ other: Group) -> Bool {
        var a = self, b = other
        a.children = []; b.children = []
        return a == b
    }

    /// A group the compositor draws through a retained surface (see the top of this file).
    public var isRetainedLayer: Bool {
        retention != nil && !isLayer && !children.contains { $0.containsMaterial }
    }
}

extension SceneRenderer {
    /// Path identity: the parent's path hash combined with the child's index (FNV-style mixing;
    /// a collision only costs a cache miss, since entries are checked by content).
    @inline(__always) static func childPath(_ parent: Int, _ index: Int) -> Int {
        (parent &* 1_099_511_628_211) ^ (index &+ 0x9E37_79B9)
    }

    /// Rows of a retained layer's tile: a layer taller than this is kept as horizontal tiles of
    /// its full width (Chromium's cc and Flutter tile large layers too), drawn only where they
    /// show, so a long scrolled list costs the rows that have come into view.
    static let tileRows = 512

    /// Draws a retained group (`isRetainedLayer`) placed at `local`; false when its placement is
    /// not axis-aligned (rotated or skewed: drawn as an ordinary group).
    func drawRetained(_ group: Group, local: AffineTransform, into canvas: inout Canvas, clip: CoverageMask?,
                      path: Int) throws -> Bool {
        try drawRetainedTiles(group, local: local, into: &canvas, clip: clip, path: path, background: nil).handled
    }

    /// A root retained group (placed by `transform`, the canvas's) drawn first in rows of the canvas
    /// that are not filled yet: its tiles composited over the background `word` in one pass
    /// (`Canvas.compositeOverBackground`), which writes every pixel of the rows it returns; the
    /// compositor fills the rest. Nil when it cannot (a faded or unaligned group) and wrote nothing.
    func drawRetainedOverBackground(_ group: Group, under transform: AffineTransform, into canvas: inout Canvas, path: Int,
                                    background word: UInt32) throws -> [Range<Int>]? {
        guard group.isRetainedLayer, group.opacity == 1, !group.children.isEmpty else { return nil }
        let drawn = try drawRetainedTiles(group, local: group.placement(under: transform), into: &canvas, clip: nil, path: path,
                                          background: word)
        return drawn.handled ? drawn.written : nil
    }

    /// `drawRetained`; with a `background`, each tile is composited over that word into rows not
    /// filled yet (`drawRetainedOverBackground`), and `written` holds those rows.
    private func drawRetainedTiles(_ group: Group, local: AffineTransform, into canvas: inout Canvas, clip: CoverageMask?,
                                   path: Int, background: UInt32?) throws -> (handled: Bool, written: [Range<Int>]) {
        var written: [Range<Int>] = []
        guard local.b == 0, local.c == 0, local.tx.isFinite, local.ty.isFinite else { return (false, written) }
        let ix = local.tx.rounded(.down), iy = local.ty.rounded(.down)
        guard abs(ix) < 1e9, abs(iy) < 1e9 else { return (false, written) }
        let content = AffineTransform(a: local.a, b: 0, c: 0, d: local.d, tx: local.tx - ix, ty: local.ty - iy)
        let offset = (x: Int(ix), y: Int(iy))
        let key = LayerCache.Key(id: group.retention?.id, path: group.retention?.id == nil ? path : 0)
        let contentKey = LayerCache.Content(children: group.children, clip: group.clip, a: content.a, d: content.d,
                                            fx: content.tx, fy: content.ty)
        // The layer's pixel extent: kept with its content, or measured (text is laid out for it).
        let area: PixelRect, generation: Int
        // Tiles of the content an earlier frame drew, and the rows (layer pixels) where this
        // frame's content can differ from it (`patchRows`): only those rows are drawn again.
        var carried: [Int: LayerCache.Tile] = [:]
        var patchRows: [Range<Int>] = []
        if let kept = layers?.extent(key, contentKey) {
            area = kept.area; generation = kept.generation
        } else {
            var bounds = Rect.zero
            for child in group.children {
                if let b = try pixelBounds(of: child, transform: content) { bounds = bounds.union(b) }
            }
            if let shape = group.clip { bounds = bounds.intersection(content.bounds(of: shape.bounds)) }
            guard !bounds.isEmpty, bounds.width.isFinite, bounds.height.isFinite, bounds.width < 1e7, bounds.height < 1e7 else { return (true, written) }
            area = PixelRect(x0: Int(bounds.minX.rounded(.down)), y0: Int(bounds.minY.rounded(.down)),
                             x1: Int(bounds.maxX.rounded(.up)), y1: Int(bounds.maxY.rounded(.up)))
            if let layers {
                let patch = try patchPlan(layers.keptExtent(key), contentKey, area: area, group: group, key: key)
                patchRows = patch ?? []
                let stored = layers.storeExtent(key, contentKey, area: area, carrying: patch != nil)
                generation = stored.0.generation
                carried = stored.1
            } else {
                generation = 0
            }
        }
        guard area.x1 > area.x0, area.y1 > area.y0 else { return (true, written) }
        // The rows that can show (the canvas, or its damage band), in layer coordinates.
        let window = canvas.pixelWindow
        guard area.x1 + offset.x > window.x0, area.x0 + offset.x < window.x1 else { return (true, written) }
        let showTop = max(area.y0, window.y0 - offset.y), showBottom = min(area.y1, window.y1 - offset.y)
        guard showTop < showBottom else { return (true, written) }
        let rows = Self.tileRows
        let firstTile = (showTop - area.y0) / rows, lastTile = (showBottom - 1 - area.y0) / rows
        for k in firstTile...lastTile {
            let y0 = area.y0 + k * rows, y1 = min(area.y1, y0 + rows)
            let tileKey = LayerCache.TileKey(layer: key, generation: generation, tile: k)
            let tile: LayerCache.Tile
            if let kept = layers?.tile(tileKey) {
                tile = kept
            } else {
                // A kept tile of the earlier content: its damaged rows cleared and drawn again
                // (rows are drawn alone exactly as in a whole surface), the others are already
                // this content's bytes. Otherwise the tile is drawn from nothing.
                let width = area.x1 - area.x0, height = y1 - y0
                var s: Canvas
                var ink: InkRows?
                var bands: [Range<Int>]
                let patched: Bool
                if var old = carried.removeValue(forKey: k), old.surface.width == width, old.surface.height == height {
                    s = old.surface
                    old.surface = Canvas(width: 0, height: 0)  // s the only reference: its rows redrawn in place
                    ink = old.ink
                    bands = patchRows.compactMap { r in
                        let lo = max(r.lowerBound, y0) - y0, hi = min(r.upperBound, y1) - y0
                        return lo < hi ? lo..<hi : nil
                    }
                    patched = true
                } else {
                    s = Canvas(width: width, height: height, scale: canvas.scale)
                    bands = [0..<height]
                    patched = false
                }
                let toSurface = content.concatenating(.translation(Double(-area.x0), Double(-y0)))
                var surfaceClip: CoverageMask? = nil
                if let shape = group.clip, !bands.isEmpty {
                    let mask = s.coverage(of: shape, transform: toSurface)
                    if mask.isEmpty { continue }
                    surfaceClip = mask
                }
                if !patched {
                    try draw(group.children, into: &s, transform: toSurface, clip: surfaceClip, path: path)
                } else {
                    for band in bands {
                        s.withMutableWords { words in
                            (words.baseAddress! + band.lowerBound * width).update(repeating: 0, count: band.count * width)
                        }
                        s.rowLimit = band
                        try draw(group.children, into: &s, transform: toSurface, clip: surfaceClip, path: path)
                    }
                    s.rowLimit = nil
                }
                if var kept = ink {
                    for band in bands { kept.update(s, rows: band) }
                    ink = kept
                }
                tile = LayerCache.Tile(surface: s, ink: ink)
                layers?.storeTile(tileKey, tile, patched: patched)
            }
            if let background {
                written.append(canvas.compositeOverBackground(tile.surface, x: offset.x + area.x0, y: offset.y + y0,
                                                              background: background, ink: tile.ink))
            } else {
                canvas.composite(tile.surface, x: offset.x + area.x0, y: offset.y + y0, opacity: group.opacity, clip: clip,
                                 ink: tile.ink)
            }
        }
        return (true, written)
    }

    /// The rows (layer pixels) in which a retained layer's new content can differ from the content
    /// `kept` was drawn for, when its kept tiles can be patched: the same clip, linear part and
    /// sub-pixel fraction (so every unchanged child lands on the same pixels), the same extent
    /// (so the tiles are the same rects), and children that differ only within those rows
    /// (`Damage.changedBoxes`: shared runs at both ends, then matched in order, groups whose own
    /// properties are equal looked into). Nil when the tiles must be drawn whole; then, if most of
    /// the children are unchanged, the redraw is noted with its reason (`LayerRedraw`).
    /// What is drawn is a function of this frame's scene alone either way: a patched tile has the
    /// bytes of a tile drawn from nothing.
    func patchPlan(_ kept: LayerCache.Extent?, _ new: LayerCache.Content, area: PixelRect, group: Group,
                   key: LayerCache.Key) throws -> [Range<Int>]? {
        guard let kept, let layers else { return nil }
        let old = kept.content
        let placed = old.a == new.a && old.d == new.d && old.fx == new.fx && old.fy == new.fy
        var reason: String?
        if !placed {
            reason = old.a != new.a || old.d != new.d
                ? "its scale changed (a scaled layer is drawn again at its new size)"
                : "it moved by a fraction of a pixel (only an offset that reads scroll is snapped to whole pixels; give it whole-pixel offsets, or keep the moving part out of it)"
        } else if old.clip != new.clip {
            reason = "its clip changed"
        } else if kept.area != area {
            reason = "a child that changed moved its edge (the layer's extent changed; keep the changing child out of the group, under its own offset)"
        }
        if reason == nil {
            let transform = AffineTransform(a: new.a, b: 0, c: 0, d: new.d, tx: new.fx, ty: new.fy)
            var boxes: [Rect] = []
            try Damage.changedBoxes(old.children, new.children, transform: transform, renderer: self, into: &boxes)
            let rows = Damage.merged(boxes.map { Damage.rowRange($0, grow: Damage.slack, height: area.y1 - area.y0, origin: area.y0) }
                .compactMap { $0 }).map { ($0.lowerBound + area.y0)..<($0.upperBound + area.y0) }
            let height = area.y1 - area.y0
            let share = Double(rows.reduce(0) { $0 + $1.count }) / Double(max(1, height))
            if share > 0.5, height > Self.tileRows {
                let unchanged = Damage.sharedEnds(old.children, new.children)
                if unchanged * 2 >= max(old.children.count, new.children.count) {
                    layers.noteRedraw(LayerRedraw(layer: LayerRedraw.label(group, key: key),
                                                  reason: "the children that changed cover \(Int((share * 100).rounded())) % of its rows",
                                                  children: new.children.count, unchanged: unchanged, patched: true))
                }
            }
            return rows
        }
        let unchanged = Damage.sharedEnds(old.children, new.children)
        if unchanged * 2 >= max(old.children.count, new.children.count), let reason {
            layers.noteRedraw(LayerRedraw(layer: LayerRedraw.label(group, key: key), reason: reason,
                                          children: new.children.count, unchanged: unchanged, patched: false))
        }
        return nil
    }
}

/// A retained surface drawn again although most of its children did not change: which group, why,
/// and how much of it stayed. Bench sums them up per clip (its "cliffs").
public struct LayerRedraw: Hashable, Sendable {
    /// `id "cards"`, or for a group without an id its size and first text: `a group of 25 children ("Activity" …)`.
    public var layer: String
    public var reason: String
    public var children: Int
    /// Children equal to the earlier frame's at either end of the list.
    public var unchanged: Int
    /// True when only the changed rows were drawn again (the tiles kept), but they cover most of it.
    public var patched: Bool

    static func label(_ group: Group, key: LayerCache.Key) -> String {
        if let id = key.id { return "id \"\(id)\"" }
        var text: String?
        func find(_ nodes: [Node], depth: Int) {
            for n in nodes where text == nil {
                switch n {
                case .text(let run, _): text = run.string
                case .group(let g) where depth < 6: find(g.children, depth: depth + 1)
                default: break
                }
            }
        }
        find(group.children, depth: 0)
        let first = text.map { t in " (\"\(t.count > 24 ? String(t.prefix(24)) + "…" : t)\" …)" } ?? ""
        return "a group without an id of \(group.children.count) children\(first)"
    }
}

/// Renders the frames of one run in order, reusing what earlier frames of the run drew: the
/// whole canvas when the scene is equal to the previous one (a clip at rest: Core Animation
/// commits nothing when no layer changed), only the damaged rows otherwise (see `Damage`), and
/// retained layers' surfaces. The first frame is drawn with empty caches, and every frame has the
/// bytes it has when drawn alone. One per run and thread.
public final class FrameCompositor {
    public let renderer: SceneRenderer
    public let layers: LayerCache
    /// False: every frame is drawn whole (retained layers still kept), to hold the frames damage
    /// draws against frames drawn whole.
    let usesDamage: Bool
    /// Rows of a damage band drawn at a time (`Damage.strips`); tests draw in smaller strips.
    var stripRows = Damage.stripRows
    private var last: (scene: Scene, scale: Double, canvas: Canvas)?
    /// The last frame's root nodes' bounds (for the damage pass's unmatched old nodes). Kept apart
    /// from `last`: the canvas taken from `last` must be its only reference to be drawn in place.
    private(set) var lastBounds: RootBounds?
    /// What the last frame drew and what it took from earlier frames.
    public private(set) var statistics = Statistics()

    /// The caches' default budget, 256 MiB of tiles and 64 MiB each of materials and bitmaps
    /// (`LayerCache.Budget(total:)`; a render lowers it to fit --max-memory).
    public static let defaultCacheBytes = 384 << 20

    public convenience init(renderer: SceneRenderer, cacheBytes: Int = FrameCompositor.defaultCacheBytes) {
        self.init(renderer: renderer, cacheBytes: cacheBytes, usesDamage: true)
    }

    init(renderer: SceneRenderer, cacheBytes: Int, usesDamage: Bool) {
        layers = LayerCache(budget: LayerCache.Budget(total: cacheBytes))
        var r = renderer
        r.layers = layers
        self.renderer = r
        self.usesDamage = usesDamage
    }

    /// Forgets everything kept: the next frame is drawn as if alone.
    public func reset() { last = nil; lastBounds = nil; layers.removeAll() }

    public func render(_ scene: Scene, scale: Double) throws -> Canvas {
        _ = layers.takeStatistics()  // counts left by a frame that threw
        if let last, last.scale == scale, last.scene == scene {
            statistics = Statistics()
            statistics.reusedCanvas = true
            return last.canvas
        }
        if usesDamage, let previous = last, let previousBounds = lastBounds, previous.scale == scale,
           previous.scene.size == scene.size, previous.scene.background == scene.background {
            let height = previous.canvas.height
            let bounds = RootBounds(scene.root, transform: .scale(scale, scale), renderer: renderer)
            let bands = try Damage.rows(from: previousBounds, to: bounds, scale: scale, height: height)
            var canvas = previous.canvas
            last = nil  // the canvas is now held once: redrawn in place
            let storage = canvas.withWords { UInt(bitPattern: $0.baseAddress) }
            let word = scene.background.premultipliedRGBA8.word
            let width = canvas.width
            let whole = bands.contains { $0.count > stripRows }
                ? try Damage.wholeRows(bounds, scale: scale, height: height) : []
            let overdraw = bands.isEmpty ? Overdraw() : try renderer.overdraw(bounds, size: (width, height))
            statistics.backgroundComposited = 0
            for band in bands {
                for strip in Damage.strips(band, keeping: whole, rows: stripRows) {
                    canvas.rowLimit = strip
                    // The strip's first drawing, when it is a retained layer, writes the background
                    // under it itself (one pass instead of a fill and a composite over it).
                    var composited: [Range<Int>] = []
                    var stripOverdraw = overdraw
                    if let k = try Damage.firstDrawn(in: strip, bounds, overdraw: overdraw), case .group(let g) = scene.root[k],
                       let rows = try renderer.drawRetainedOverBackground(g, under: canvas.pixelTransform, into: &canvas,
                                                                          path: SceneRenderer.childPath(0, k), background: word) {
                        composited = rows
                        stripOverdraw.hide(k, of: scene.root.count)
                        statistics.backgroundComposited += rows.reduce(0) { $0 + $1.count }
                    }
                    for rows in overdraw.backgroundRows(strip, width: width) {
                        for fill in Damage.subtracting(composited, from: rows) {
                            canvas.withMutableWords { words in
                                (words.baseAddress! + fill.lowerBound * width).update(repeating: word, count: fill.count * width)
                            }
                        }
                    }
                    try renderer.draw(scene.root, into: &canvas, transform: canvas.pixelTransform, clip: nil, path: 0,
                                      overdraw: stripOverdraw)
                }
            }
            canvas.rowLimit = nil
            let composited = statistics.backgroundComposited
            statistics = layers.takeStatistics()
            statistics.backgroundComposited = composited
            statistics.damage = bands
            statistics.redrawn = Double(bands.reduce(0) { $0 + $1.count }) / Double(max(1, height))
            statistics.copiedCanvas = canvas.withWords { UInt(bitPattern: $0.baseAddress) } != storage
            self.last = (scene, scale, canvas)
            lastBounds = bounds
            return canvas
        }
        last = nil  // let the old canvas go before drawing the new one
        let bounds = RootBounds(scene.root, transform: .scale(scale, scale), renderer: renderer)
        let canvas = try renderer.render(scene, scale: scale, bounds: bounds)
        statistics = layers.takeStatistics()
        statistics.damage = canvas.height > 0 ? [0..<canvas.height] : []
        statistics.redrawn = 1
        last = (scene, scale, canvas)
        lastBounds = bounds
        return canvas
    }
}

extension FrameCompositor {
    /// What one frame drew and what it took from earlier frames, noted while it is drawn (Flutter's
    /// `DiffContext::Statistics`): `bench` reports it per frame, `render` reads the damage.
    public struct Statistics: Sendable, Equatable {
        /// True when the scene equalled the previous frame's and its canvas was answered whole.
        public var reusedCanvas = false
        /// The rows drawn: the whole canvas for a frame drawn from nothing, none for a reused canvas.
        public var damage: [Range<Int>] = []
        /// The share of the canvas's rows drawn (rastered or composited): 0 to 1.
        public var redrawn = 0.0
        /// Rows whose background a retained layer's composite wrote in the same pass (the strip's
        /// first drawing: `drawRetainedOverBackground`) instead of a fill before it.
        public var backgroundComposited = 0
        /// True when a frame drawn over the previous one found its canvas held elsewhere too (the
        /// caller still holding the last frame returned, or a reference kept by mistake) and
        /// copied it whole before drawing: 12 MB at 3x, the same bytes, a cost nothing asked for.
        public var copiedCanvas = false
        /// Retained layers' tiles drawn (from nothing or patched).
        public var drawnTiles = 0
        /// Retained layers' tiles taken from the cache as they were.
        public var reusedTiles = 0
        /// Of `drawnTiles`, tiles of an earlier content whose damaged rows alone were drawn again.
        public var patchedTiles = 0
        /// Materials whose input was unchanged (their kept output written again).
        public var reusedMaterials = 0
        /// Shapes drawn from their kept coverage instead of rasterized (KeptCoverage.swift).
        public var reusedOutlines = 0
        /// Time spent in materials (blurred, tinted or written back), in nanoseconds of the
        /// monotonic clock.
        public var materialNanoseconds: UInt64 = 0
        /// Bitmaps drawn for rasterized groups.
        public var drawnRasters = 0
        /// Retained layers drawn again although most of their children did not change (bench's
        /// "cliffs": which group, and why).
        public var layerRedraws: [LayerRedraw] = []

        public init() {}
    }
}

/// The rows whose pixels can differ between two frames' pictures.
///
/// The root's nodes are matched in order (the longest run of equal nodes found greedily: an
/// unchanged node keeps its place relative to the other unchanged ones), and a changed group that
/// is equal in all but its children is looked into (`changedBoxes`: down the tree, as Flutter's
/// DiffContext does), so a title fading inside a still list damages the title's rows. A pixel that
/// no changed node's bounds reach is drawn by the same nodes in the same order in both frames, so
/// it is the same, except under a material: it blurs what is drawn before it within its reach, so
/// a node holding a material whose reach meets the damage is damaged over all its reach, and the
/// bands grow until no material's reach crosses their edge. Within the bands everything is drawn
/// again in order over the background; rows are drawn alone exactly as in a whole frame (the
/// rasterizer's rows do not depend on each other; a material reads only rows inside its reach,
/// all of which are in the band), so the frame has the bytes of a fresh one.
enum Damage {
    /// Rows added around every damaged box (bounds are conservative; this is a margin on them).
    static let slack = 2
    /// Bands closer than this many rows are drawn as one (one tree walk instead of two).
    static let joinGap = 48

    /// `old` and `new`: the two frames' root nodes, with their bounds (both under `.scale(scale, scale)`).
    static func rows(from old: RootBounds, to new: RootBounds, scale: Double, height: Int) throws -> [Range<Int>] {
        var boxes: [Rect] = []
        try changedRootBoxes(old, new, into: &boxes)
        let rows = boxes.compactMap { rowRange($0, grow: slack, height: height) }
        guard !rows.isEmpty else { return [] }
        // Materials: each node holding one, with the rows its blur reads.
        var readers: [Range<Int>] = []
        for (i, node) in new.nodes.enumerated() {
            let reach = materialReach(node, scale: scale)
            guard reach > 0, let box = try new(i), let r = rowRange(box, grow: reach + slack, height: height) else { continue }
            readers.append(r)
        }
        var bands = merged(rows)
        var grew = true
        while grew {
            grew = false
            for r in readers where bands.contains(where: { $0.overlaps(r) }) && !bands.contains(where: { $0.lowerBound <= r.lowerBound && r.upperBound <= $0.upperBound }) {
                bands = merged(bands + [r])
                grew = true
            }
        }
        return bands
    }

    /// The rows of `box` grown by `grow`, within 0..<height after moving up by `origin`; the whole
    /// range for bounds past any number (a transform gone wild), to be safe; nil when empty.
    static func rowRange(_ box: Rect, grow: Int, height: Int, origin: Int = 0) -> Range<Int>? {
        guard !box.isEmpty else { return nil }
        guard box.minY.isFinite, box.maxY.isFinite else { return height > 0 ? 0..<height : nil }
        let lo = max(0, Int(max(-1e9, box.minY).rounded(.down)) - origin - grow)
        let hi = min(height, Int(min(1e9, box.maxY).rounded(.up)) - origin + grow)
        return lo < hi ? lo..<hi : nil
    }

    /// How many of `new`'s nodes equal `old`'s in the runs the two share at their start and end.
    static func sharedEnds(_ old: [Node], _ new: [Node]) -> Int {
        var lo = 0
        while lo < old.count, lo < new.count, old[lo] == new[lo] { lo += 1 }
        var o = old.count, n = new.count
        while o > lo, n > lo, old[o - 1] == new[n - 1] { o -= 1; n -= 1 }
        return lo + new.count - n
    }

    /// Boxes (pixels under `transform`) outside which `old` and `new`, drawn in order, put the same
    /// pixels: Flutter's DiffContext, ContainerLayer::DiffChildren. The runs the two lists share at
    /// their start and end are skipped; in between, nodes are matched in order (the longest run of
    /// equal nodes found greedily, within 16 places: an unchanged node keeps its place relative to
    /// the other unchanged ones). Between two matched nodes, when as many old as new nodes are
    /// left unmatched, they are paired in order: a pair of groups equal in everything but their
    /// children (transform, opacity, clip, retention) and drawn without a layer of their own
    /// (no blur, shadow, tilt or effect, whose reach spreads a child's change) is looked into, so
    /// only the children that changed are boxes; any other unmatched node adds its old and new
    /// bounds. Outside the boxes each pixel is drawn by equal nodes in the same order (a group
    /// looked into draws each pixel by its children alone, composites and group opacity pixel by
    /// pixel), so it is the same.
    static func changedBoxes(_ old: [Node], _ new: [Node], transform: AffineTransform, renderer: SceneRenderer,
                             into boxes: inout [Rect]) throws {
        try changedBoxes(old, new, transform: transform, renderer: renderer, into: &boxes,
                         oldBounds: { try renderer.pixelBounds(of: old[$0], transform: transform) },
                         newBounds: { try renderer.pixelBounds(of: new[$0], transform: transform) })
    }

    /// `changedBoxes` of two frames' roots, their nodes' bounds taken from the frames' `RootBounds`.
    static func changedRootBoxes(_ old: RootBounds, _ new: RootBounds, into boxes: inout [Rect]) throws {
        precondition(old.transform == new.transform, "two frames' roots under one transform")
        try changedBoxes(old.nodes, new.nodes, transform: new.transform, renderer: new.renderer, into: &boxes,
                         oldBounds: { try old($0) }, newBounds: { try new($0) }, matched: { new.adopt(old, $0, $1) })
    }

    private static func changedBoxes(_ old: [Node], _ new: [Node], transform: AffineTransform, renderer: SceneRenderer,
                                     into boxes: inout [Rect], oldBounds: (Int) throws -> Rect?,
                                     newBounds: (Int) throws -> Rect?, matched: (Int, Int) -> Void = { _, _ in }) throws {
        var lo = 0
        while lo < old.count, lo < new.count, old[lo] == new[lo] { lo += 1 }
        var oEnd = old.count, nEnd = new.count
        while oEnd > lo, nEnd > lo, old[oEnd - 1] == new[nEnd - 1] { oEnd -= 1; nEnd -= 1 }
        for i in 0..<lo { matched(i, i) }
        for k in 0..<(old.count - oEnd) { matched(oEnd + k, nEnd + k) }
        guard lo < oEnd || lo < nEnd else { return }
        // Matched pairs (old index, new index) in the middle, in order.
        var pairs: [(Int, Int)] = []
        var j = lo
        for i in lo..<nEnd {
            var k = j
            while k < oEnd, k < j + 16, old[k] != new[i] { k += 1 }
            if k < oEnd, k < j + 16 { pairs.append((k, i)); matched(k, i); j = k + 1 }
        }
        func add(_ bounds: Rect?) { if let bounds { boxes.append(bounds) } }
        var o = lo, n = lo
        for (k, i) in pairs + [(oEnd, nEnd)] {
            if k - o == i - n {
                for (p, q) in zip(o..<k, n..<i) {
                    if case .group(let ga) = old[p], case .group(let gb) = new[q], !ga.isLayer, !gb.isLayer, ga.sameExceptChildren(gb) {
                        try changedBoxes(ga.children, gb.children, transform: ga.placement(under: transform), renderer: renderer, into: &boxes)
                    } else {
                        add(try oldBounds(p)); add(try newBounds(q))
                    }
                }
            } else {
                for p in o..<k { add(try oldBounds(p)) }
                for q in n..<i { add(try newBounds(q)) }
            }
            o = k + 1; n = i + 1
        }
    }

    /// Rows a band is drawn in at a time: the band's strip of the canvas (1170 × 128 px, 600 KB at
    /// 3x) is filled with the background and every node drawn over it while it is in the core's
    /// caches, where a whole band (12 MB for a scrolled screen) went out to memory between the
    /// background's fill and each layer composited over it. Measured on 64, 128 and 256 rows
    /// (docs/performance.md, "Strips"): 128 was best for the waveforms and neutral elsewhere.
    static let stripRows = 128

    /// `band` cut into strips of about `stripRows` rows, never inside one of `whole`'s ranges.
    /// Rows are drawn alone exactly as in a whole frame (see `Damage`), so the strips have the
    /// bytes of the band drawn at once.
    static func strips(_ band: Range<Int>, keeping whole: [Range<Int>], rows: Int = stripRows) -> [Range<Int>] {
        precondition(rows > 0, "a strip has rows")
        var out: [Range<Int>] = []
        var start = band.lowerBound
        while start < band.upperBound {
            var end = min(band.upperBound, start + rows)
            while end < band.upperBound, let w = whole.first(where: { $0.lowerBound < end && end < $0.upperBound }) {
                end = min(band.upperBound, w.upperBound)
            }
            out.append(start..<end)
            start = end
        }
        return out
    }

    /// The rows no strip may cut (sorted, disjoint). Each top-level node holding a material, over
    /// its bounds grown by the material's reach: it reads those rows, which must all be drawn
    /// before it (this is what keeps the strips' bytes those of the band). And, for speed alone,
    /// every node that costs more than its rows when drawn in two strips: a layer (blurred,
    /// shadowed, tilted, with a shader effect or rasterized) is drawn whole whatever rows are asked
    /// of it, and text, paths and curved shapes are shaped or built again for each strip. What a
    /// strip may cut is what is cheap per row: retained layers (composited rows), rect fills and
    /// strokes, and plain groups of those under at most a rect clip.
    /// `root`: the frame's root nodes and their bounds (under `.scale(scale, scale)`).
    static func wholeRows(_ root: RootBounds, scale: Double, height: Int) throws -> [Range<Int>] {
        var rows: [Range<Int>] = []
        let renderer = root.renderer
        func add(_ box: Rect?, grow: Int) {
            if let box, let r = rowRange(box, grow: grow + slack, height: height) { rows.append(r) }
        }
        // `root`: the frame's bounds when `nodes` are the root's, nil inside a group.
        func collect(_ nodes: [Node], _ transform: AffineTransform, root: RootBounds?) throws {
            for (i, node) in nodes.enumerated() {
                switch node {
                case .fill(.rect, _), .stroke(.rect, _, _), .styledStroke(.rect, _, _):
                    continue
                case .group(let g) where g.isRetainedLayer:
                    continue
                case .group(let g) where !g.isLayer && !node.containsMaterial && (g.clip == nil || g.clip!.isRect):
                    try collect(g.children, g.placement(under: transform), root: nil)
                default:
                    // A material is added here, at the top: a group holding one is not looked into.
                    let box = try root.map { try $0(i) } ?? renderer.pixelBounds(of: node, transform: transform)
                    add(box, grow: materialReach(node, scale: scale))
                }
            }
        }
        try collect(root.nodes, root.transform, root: root)
        return merged(rows)
    }

    /// The first root node drawn in `strip`: the first one not hidden whose bounds' rows, grown by
    /// `slack` as the damage pass grows them (and cut to the rows the overdraw leaves it), meet the
    /// strip; nodes before it write nothing there. Nil when none is drawn there.
    static func firstDrawn(in strip: Range<Int>, _ root: RootBounds, overdraw: Overdraw) throws -> Int? {
        for i in root.nodes.indices where overdraw.hidden?[i] != true {
            guard let box = try root(i), var rows = rowRange(box, grow: slack, height: Int.max) else { continue }
            if let kept = overdraw.rows?[i] { rows = rows.clamped(to: kept) }
            if rows.overlaps(strip) { return i }
        }
        return nil
    }

    /// `rows` less the (sorted, disjoint) ranges `taken`.
    static func subtracting(_ taken: [Range<Int>], from rows: Range<Int>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = rows.lowerBound
        for t in taken.sorted(by: { $0.lowerBound < $1.lowerBound }) where t.upperBound > start && t.lowerBound < rows.upperBound {
            if t.lowerBound > start { out.append(start..<t.lowerBound) }
            start = max(start, t.upperBound)
        }
        if start < rows.upperBound { out.append(start..<rows.upperBound) }
        return out
    }

    /// Sorted, disjoint bands; bands closer than `joinGap` joined.
    static func merged(_ rows: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for r in rows.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound + joinGap {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// How far (pixels) a material in `node`'s subtree reads past its bounds; 0 without one.
    static func materialReach(_ node: Node, scale: Double) -> Int {
        switch node {
        case .material(_, let kind, let scheme):
            let sigma = MaterialRecipe(kind, scheme).blur * scale
            return blurMargin(sigma: sigma) + 2 * blurDownsampleFactor(sigma: sigma)
        case .group(let g):
            // A scale inside the group scales the blur with it.
            let s = max(1, abs(g.transform.determinant).squareRoot())
            return Int((Double(g.children.map { materialReach($0, scale: scale) }.max() ?? 0) * s).rounded(.up))
        default:
            return 0
        }
    }
}

extension Canvas {
    /// Paint flashing (`render --show-damage`): a translucent magenta over `rows`, the rows a
    /// frame redrew. A copy's business: the compositor's own canvas is never tinted.
    public mutating func tint(rows: [Range<Int>]) {
        for band in rows {
            fill(.rect(Rect(x: 0, y: Double(band.lowerBound), width: Double(width), height: Double(band.count))),
                 transform: .identity, paint: .solid(Color(red: 1, green: 0, blue: 1, alpha: 0.3)), clip: nil, opacity: 1)
        }
    }
}

/// The monotonic clock in nanoseconds.
@inline(__always) func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Two byte arrays compared with memcmp.
func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, a.count) == 0 } }
}

/// Two word arrays compared with memcmp.
func sameWords(_ a: [UInt32], _ b: [UInt32]) -> Bool {
    a.count == b.count && (a.isEmpty || a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } })
}

extension Canvas {
    /// A material (frosted glass) whose input is unchanged is not blurred again: its output is a
    /// function of the recipe, the scale, its coverage mask, the plane its blur starts from
    /// (`materialInput`: at reduced resolution the backdrop on the blur's coarse grid, a sixteenth
    /// of its pixels at ¼) and the canvas pixels under roi that the mask does not cover whole
    /// (`uncoveredWords`: kept, or mixed with the material), so when all of these equal the kept
    /// ones, the kept output is written back. Otherwise the material is applied from that plane and
    /// its inputs and output are kept. The backdrop itself is read in place, never copied (it was,
    /// to be compared on the next frame: 3–4 MB a material a frame at 3x). The time either takes
    /// is noted in the frame's `materialNanoseconds`.
    mutating func applyKeptMaterial(_ kind: MaterialKind, scheme: ColorScheme, in mask: CoverageMask,
                                    cache: LayerCache, key: LayerCache.Key) {
        let start = monotonicNanoseconds()
        defer { cache.noteMaterialTime(monotonicNanoseconds() - start) }
        let recipe = MaterialRecipe(kind, scheme)
        guard let (roi, reads) = materialRegions(recipe, mask: mask) else { return }
        let input = materialInput(recipe, reads: reads)
        let uncovered = uncoveredWords(roi, mask: mask)
        if let kept = cache.keptMaterial(key), kept.recipe == recipe, kept.scheme == scheme, kept.scale == scale, kept.reads == reads,
           kept.mask.x == mask.x, kept.mask.y == mask.y, kept.mask.width == mask.width, kept.mask.height == mask.height,
           sameBytes(kept.mask.coverage, mask.coverage), kept.input.width == input.width, kept.input.height == input.height,
           sameWords(kept.input.words, input.words), sameWords(kept.uncovered, uncovered) {
            pasteWords(kept.output, into: roi)
            cache.reusedMaterial()
            return
        }
        // `input` stays as it is for the next frame's comparison: the blur works on its own copy.
        applyMaterial(recipe, scheme: scheme, in: mask, region: roi, reads: reads, from: copy input)
        // A material cut short by a stop is not kept (the frame is abandoned with it).
        guard !FrameWatch.shouldStop() else { return }
        cache.keep(LayerCache.KeptMaterial(recipe: recipe, scheme: scheme, scale: scale, mask: mask, reads: reads, input: input,
                                           uncovered: uncovered, output: copyWords(roi)), for: key)
    }

    /// The canvas pixels in `roi` (inside the canvas and `mask`'s rect) whose coverage is under
    /// 255, row by row: what a material leaves as it is (coverage 0) or mixes with itself.
    func uncoveredWords(_ roi: BlurRegion, mask: CoverageMask) -> [UInt32] {
        var out: [UInt32] = []
        let w = width, mw = mask.width
        // A material is mostly covered whole: a row of the mask equal to a row of 255s (memcmp)
        // has nothing to give.
        let full = [UInt8](repeating: 255, count: roi.width)
        withWords { canvas in
            mask.coverage.withUnsafeBufferPointer { cov in
                full.withUnsafeBufferPointer { full in
                    for row in 0..<roi.height {
                        let c = cov.baseAddress! + ((roi.y + row - mask.y) * mw + roi.x - mask.x)
                        if memcmp(c, full.baseAddress!, roi.width) == 0 { continue }
                        let p = canvas.baseAddress! + (roi.y + row) * w + roi.x
                        for i in 0..<roi.width where c[i] != 255 { out.append(p[i]) }
                    }
                }
            }
        }
        return out
    }

    func copyWords(_ r: BlurRegion) -> [UInt32] {
        // Every word is copied over: the storage starts uninitialized (no zeroing pass first).
        withWords { src in
            [UInt32](unsafeUninitializedCapacity: r.width * r.height) { dst, count in
                for row in 0..<r.height {
                    (dst.baseAddress! + row * r.width).initialize(from: src.baseAddress! + (r.y + row) * width + r.x, count: r.width)
                }
                count = r.width * r.height
            }
        }
    }

    mutating func pasteWords(_ words: [UInt32], into r: BlurRegion) {
        let w = width
        withMutableWords { dst in
            words.withUnsafeBufferPointer { src in
                for row in 0..<r.height {
                    (dst.baseAddress! + (r.y + row) * w + r.x).update(from: src.baseAddress! + row * r.width, count: r.width)
                }
            }
        }
    }
}

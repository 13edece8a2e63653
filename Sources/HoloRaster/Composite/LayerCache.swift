// What a worker keeps from one frame to the next, in four caches with a byte budget each
// (`LayerCache.Budget`):
//
//   tiles      retained layers' surfaces, in tiles of 512 rows (Compositor.swift): a new tile
//              evicts the least recently used until it fits, so the tiles a scroll left behind
//              go first;
//   materials  each material's last input and output (`applyKeptMaterial`), and
//   rasters    each rasterized group's bitmap (RasterizedLayer.swift): one entry per material or
//              group, met in the same order every frame, so a new entry is kept only while it fits
//              (evicting the least recently used would evict each one just before the frame
//              needs it again, and keep none);
//   outlines   the coverage of shapes drawn unchanged frame after frame (KeptCoverage.swift): the
//              status bar's and a tab bar's icons are drawn again on every frame whose damage
//              reaches them; kept, like materials and rasters, only while they fit.
//
// Lowering a budget evicts that cache's least recently used entries at once. Every operation is
// O(1) amortised (`LRUCache`), and what is kept is a function of the frames drawn so far. It
// changes what is drawn again, never a byte: every entry is compared with this frame's content
// before it is used.
//
// A worker's compositor owns one; its lock makes sharing it safe (a `SceneRenderer` holding it is
// `Sendable`) and is never contended in a run, where one thread draws every frame.

import HoloGeometry
import HoloPixels
import HoloScene

/// Retained layers' tiles, materials' inputs and outputs, and rasterized groups' bitmaps kept by one worker.
public final class LayerCache: Sendable {
    /// Bytes each cache may hold.
    public struct Budget: Sendable, Equatable {
        public var tiles: Int
        public var materials: Int
        public var rasters: Int
        public var outlines: Int

        public init(tiles: Int, materials: Int, rasters: Int, outlines: Int = 0) {
            self.tiles = tiles; self.materials = materials; self.rasters = rasters; self.outlines = outlines
        }

        /// `bytes` shared out: a sixth each to materials and rasters, a 24th to outlines (16 MiB of
        /// the default 384), the rest to tiles.
        public init(total bytes: Int) {
            let b = max(0, bytes), sixth = b / 6, outlines = b / 24
            self.init(tiles: b - 2 * sixth - outlines, materials: sixth, rasters: sixth, outlines: outlines)
        }

        public var total: Int { tiles + materials + rasters + outlines }
    }

    /// A retained layer's identity: its `Retention` id, or else its path in the tree.
    struct Key: Hashable {
        var id: String?
        var path: Int
    }
    /// What a surface's bytes are a function of (its size and tiles follow from these).
    struct Content: Equatable {
        var children: [Node]
        var clip: Shape?
        var a, d, fx, fy: Double
    }
    /// A layer's content and pixel extent; its tiles are valid while `generation` is theirs.
    struct Extent {
        var content: Content
        var area: PixelRect
        var generation: Int
    }
    struct TileKey: Hashable {
        var layer: Key
        var generation: Int
        var tile: Int
    }
    /// A tile's pixels and, once it is used a second time, the words of each row that hold ink
    /// (only they are composited; a tile drawn for one frame is never measured). The budget counts
    /// the pixels: the ink's 16 bytes a row are under 1 % of the row's pixels for a tile 400 px wide or wider.
    struct Tile {
        var surface: Canvas
        var ink: InkRows? = nil
        var bytes: Int { surface.width * surface.height * 4 }
    }
    /// A material's last output and what it was computed from (see `applyKeptMaterial`).
    struct KeptMaterial {
        var recipe: MaterialRecipe
        var scheme: ColorScheme
        var scale: Double
        var mask: CoverageMask
        var reads: BlurRegion
        /// The plane the blur started from (`materialInput`), before it was blurred.
        var input: BlurPlane
        /// The canvas pixels under roi the mask did not cover whole (`uncoveredWords`).
        var uncovered: [UInt32]
        var output: [UInt32]
        var bytes: Int { (input.words.count + uncovered.count + output.count) * 4 + mask.coverage.count }
    }

    private struct State {
        var budget: Budget
        /// Every layer drawn through the cache, with the content its tiles are of.
        var extents: [Key: Extent] = [:]
        var tiles = LRUCache<TileKey, Tile>()
        /// The tile indices `tiles` holds for each layer (all of its current generation).
        var heldTiles: [Key: Set<Int>] = [:]
        var materials = LRUCache<Key, KeptMaterial>()
        var rasters = LRUCache<Key, RasterBitmap>()
        var outlines = LRUCache<Key, KeptOutline>()
        var generations = 0
        /// The counts of the frame being drawn (`FrameCompositor` takes them when it is done).
        var statistics = FrameCompositor.Statistics()
        /// The tiles this frame has drawn or taken: a frame drawn in strips meets a tile once per
        /// strip it shows in, and counts it once.
        var tilesMet: Set<TileKey> = []

        /// Evicts the least recently used tiles until at most `limit` bytes are kept.
        mutating func trimTiles(to limit: Int) {
            while tiles.bytes > limit, let victim = tiles.removeOldest() {
                heldTiles[victim.key.layer]?.remove(victim.key.tile)
            }
        }

        mutating func trim() {
            trimTiles(to: budget.tiles)
            while materials.bytes > budget.materials, materials.removeOldest() != nil {}
            while rasters.bytes > budget.rasters, rasters.removeOldest() != nil {}
            while outlines.bytes > budget.outlines, outlines.removeOldest() != nil {}
        }
    }
    private let state: Locked<State>

    public init(budget: Budget) { state = Locked(State(budget: budget)) }

    /// The bytes each cache may hold; lowering one evicts its least recently used entries at once.
    public var budget: Budget {
        get { state.withLock { $0.budget } }
        set {
            state.withLock { s in
                guard s.budget != newValue else { return }
                s.budget = newValue
                s.trim()
            }
        }
    }

    /// Bytes kept now: tiles, materials, bitmaps and outlines together (never more than `budget.total`).
    public var bytes: Int { state.withLock { $0.tiles.bytes + $0.materials.bytes + $0.rasters.bytes + $0.outlines.bytes } }

    /// Forgets everything kept, and the counts of a frame not finished.
    public func removeAll() {
        state.withLock { s in s = State(budget: s.budget) }
    }

    /// The counts noted since the last call (the frame just drawn), and starts them again.
    func takeStatistics() -> FrameCompositor.Statistics {
        state.withLock { s in
            defer { s.statistics = FrameCompositor.Statistics(); s.tilesMet.removeAll(keepingCapacity: true) }
            return s.statistics
        }
    }

    // MARK: Retained layers

    /// The extent kept for `key` when its content is `content`.
    func extent(_ key: Key, _ content: Content) -> Extent? {
        guard let e = keptExtent(key), e.content == content else { return nil }
        return e
    }

    /// The extent kept for `key`, whatever its content (an earlier frame's: `drawRetained` diffs
    /// its children against this frame's).
    func keptExtent(_ key: Key) -> Extent? { state.withLock { $0.extents[key] } }

    /// Keeps `content`'s extent for `key`; tiles of an older content of the key are dropped, or,
    /// with `carrying`, handed back by tile index (taken out of the cache, so the caller holds the
    /// only reference and can redraw their damaged rows in place).
    func storeExtent(_ key: Key, _ content: Content, area: PixelRect, carrying: Bool = false) -> (Extent, [Int: Tile]) {
        state.withLock { s in
            var carried: [Int: Tile] = [:]
            if let old = s.extents[key], let held = s.heldTiles.removeValue(forKey: key) {
                for tile in held {
                    let surface = s.tiles.removeValue(forKey: TileKey(layer: key, generation: old.generation, tile: tile))
                    if carrying { carried[tile] = surface }
                }
            }
            s.generations += 1
            let e = Extent(content: content, area: area, generation: s.generations)
            s.extents[key] = e
            return (e, carried)
        }
    }

    /// The tile kept for `key`, now the most recently used.
    func tile(_ key: TileKey) -> Tile? {
        state.withLock { s in
            guard var tile = s.tiles.value(for: key) else { return nil }
            if s.tilesMet.insert(key).inserted { s.statistics.reusedTiles += 1 }
            if tile.ink == nil {
                tile.ink = InkRows(tile.surface)
                s.tiles.insert(tile, for: key, bytes: tile.bytes)
            }
            return tile
        }
    }

    /// Notes a tile drawn (`patched`: only its damaged rows) and keeps it, evicting the least
    /// recently used tiles to make room; a tile larger than the whole budget is not kept.
    func storeTile(_ key: TileKey, _ tile: Tile, patched: Bool) {
        let size = tile.bytes
        state.withLock { s in
            s.statistics.drawnTiles += 1
            if patched { s.statistics.patchedTiles += 1 }
            s.tilesMet.insert(key)
            guard size <= s.budget.tiles else { return }
            s.trimTiles(to: s.budget.tiles - size)
            s.tiles.insert(tile, for: key, bytes: size)
            s.heldTiles[key.layer, default: []].insert(key.tile)
        }
    }

    /// Notes a retained surface drawn again although most of its children did not change.
    func noteRedraw(_ r: LayerRedraw) { state.withLock { $0.statistics.layerRedraws.append(r) } }

    // MARK: Materials

    func keptMaterial(_ key: Key) -> KeptMaterial? { state.withLock { $0.materials.value(for: key) } }
    func reusedMaterial() { state.withLock { $0.statistics.reusedMaterials += 1 } }
    func noteMaterialTime(_ ns: UInt64) { state.withLock { $0.statistics.materialNanoseconds &+= ns } }

    /// Keeps `m` for `key` in place of the material kept for it, if it fits.
    func keep(_ m: KeptMaterial, for key: Key) {
        state.withLock { s in
            s.materials.removeValue(forKey: key)
            guard s.materials.bytes + m.bytes <= s.budget.materials else { return }
            s.materials.insert(m, for: key, bytes: m.bytes)
        }
    }

    // MARK: Rasterized groups

    func raster(_ key: Key) -> RasterBitmap? { state.withLock { $0.rasters.value(for: key) } }

    /// Notes a bitmap drawn and keeps it for `key` in place of the one kept for it, if it fits.
    func keepRaster(_ bitmap: RasterBitmap, for key: Key) {
        state.withLock { s in
            s.statistics.drawnRasters += 1
            s.rasters.removeValue(forKey: key)
            guard s.rasters.bytes + bitmap.bytes <= s.budget.rasters else { return }
            s.rasters.insert(bitmap, for: key, bytes: bitmap.bytes)
        }
    }

    /// Keeps `bitmap` (the one kept for `key`, with a mip added) in its place, if it fits; else
    /// the kept one stays as it was. Not a bitmap drawn.
    func keepRasterMip(_ bitmap: RasterBitmap, for key: Key) {
        state.withLock { s in
            guard let kept = s.rasters.value(for: key),
                  s.rasters.bytes - kept.bytes + bitmap.bytes <= s.budget.rasters else { return }
            s.rasters.removeValue(forKey: key)
            s.rasters.insert(bitmap, for: key, bytes: bitmap.bytes)
        }
    }

    // MARK: Outlines

    /// What was kept for `key` when it is of `outline`: its mask, or nil with `met` true when the
    /// outline was met at `key` before without a mask being kept.
    func keptOutline(_ key: Key, _ outline: Outline) -> (mask: CoverageMask?, met: Bool) {
        state.withLock { s in
            guard let kept = s.outlines.value(for: key), kept.outline == outline else { return (nil, false) }
            if kept.mask != nil { s.statistics.reusedOutlines += 1 }
            return (kept.mask, true)
        }
    }

    /// True when a mask of `bytes` would be kept now (it fits beside what is kept).
    func outlineFits(_ bytes: Int) -> Bool {
        state.withLock { $0.outlines.bytes + bytes + KeptOutline.overhead <= $0.budget.outlines }
    }

    /// Keeps `outline` for `key`, with its mask or only as met, in place of what was kept for
    /// `key`, if it fits.
    func keepOutline(_ outline: Outline, mask: CoverageMask?, for key: Key) {
        state.withLock { s in
            s.outlines.removeValue(forKey: key)
            let kept = KeptOutline(outline: outline, mask: mask)
            guard s.outlines.bytes + kept.bytes <= s.budget.outlines else { return }
            s.outlines.insert(kept, for: key, bytes: kept.bytes)
        }
    }
}

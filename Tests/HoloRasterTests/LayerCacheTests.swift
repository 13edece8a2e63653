// The compositor's caches: `LRUCache` held to a slow model (an array in order of use) over random
// operations and many entries; `LayerCache`'s three budgets, each respected, with tiles evicted
// least recently used first and materials and bitmaps kept while they fit; and frames drawn with
// budgets too small for anything equal to frames drawn with the default ones.

import HoloPixels
import Testing
import HoloClips
import HoloGeometry
import HoloScene
@testable import HoloRaster
import HoloText

/// The obvious least-recently-used list: keys oldest first, every operation a linear search.
private struct ModelLRU {
    var entries: [(key: Int, value: Int, bytes: Int)] = []
    var bytes: Int { entries.reduce(0) { $0 + $1.bytes } }

    mutating func value(for key: Int) -> Int? {
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let e = entries.remove(at: i)
        entries.append(e)
        return e.value
    }
    mutating func insert(_ value: Int, for key: Int, bytes: Int) {
        removeValue(forKey: key)
        entries.append((key, value, bytes))
    }
    @discardableResult mutating func removeValue(forKey key: Int) -> Int? {
        guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
        return entries.remove(at: i).value
    }
    mutating func removeOldest() -> (key: Int, value: Int)? {
        entries.isEmpty ? nil : { let e = entries.removeFirst(); return (e.key, e.value) }()
    }
}

@Suite struct LRUCacheTests {
    @Test func theLeastRecentlyUsedComesOutFirst() {
        var cache = LRUCache<String, Int>()
        cache.insert(1, for: "a", bytes: 10)
        cache.insert(2, for: "b", bytes: 20)
        cache.insert(3, for: "c", bytes: 30)
        #expect(cache.bytes == 60 && cache.count == 3)
        #expect(cache.value(for: "a") == 1)  // now the most recently used
        cache.insert(4, for: "b", bytes: 5)  // replaced: the newest, at its new cost
        #expect(cache.bytes == 45 && cache.count == 3)
        #expect(cache.removeOldest()?.key == "c")
        #expect(cache.removeOldest()?.key == "a")
        #expect(cache.removeOldest()?.value == 4)
        #expect(cache.removeOldest() == nil)
        #expect(cache.bytes == 0 && cache.count == 0)
    }

    /// 200 000 random operations over up to 2 000 keys, each answered as the model answers it.
    @Test(arguments: [1, 2, 3])
    func randomOperationsAnswerAsTheModel(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var fast = LRUCache<Int, Int>()
        var model = ModelLRU()
        for step in 0..<200_000 {
            let key = Int.random(in: 0..<2_000, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let bytes = Int.random(in: 1...100, using: &rng)
                fast.insert(step, for: key, bytes: bytes)
                model.insert(step, for: key, bytes: bytes)
            case 4..<7:
                if fast.value(for: key) != model.value(for: key) { Issue.record("step \(step): value(for: \(key))"); return }
            case 7:
                if fast.removeValue(forKey: key) != model.removeValue(forKey: key) { Issue.record("step \(step): remove \(key)"); return }
            default:
                let a = fast.removeOldest(), b = model.removeOldest()
                if a?.key != b?.key || a?.value != b?.value { Issue.record("step \(step): oldest \(String(describing: a))"); return }
            }
            if step % 1000 == 0, fast.count != model.entries.count || fast.bytes != model.bytes {
                Issue.record("step \(step): \(fast.count) entries, \(fast.bytes) bytes"); return
            }
        }
        // Emptied oldest first, in the model's order.
        while let b = model.removeOldest() { #expect(fast.removeOldest()?.key == b.key) }
        #expect(fast.count == 0 && fast.bytes == 0)
    }

    /// A million entries in and out: each operation is O(1) (a scan per operation would take hours).
    @Test func aMillionEntries() {
        var cache = LRUCache<Int, Int>()
        let n = 1_000_000
        for k in 0..<n { cache.insert(k, for: k, bytes: 1) }
        for k in stride(from: 0, to: n, by: 2) { _ = cache.value(for: k) }  // the even keys become the newest
        #expect(cache.count == n && cache.bytes == n)
        for k in stride(from: 1, to: n, by: 2) { #expect(cache.removeOldest()?.key == k) }
        for k in stride(from: 0, to: n, by: 2) { #expect(cache.removeOldest()?.key == k) }
        #expect(cache.count == 0)
    }
}

@Suite struct LayerCacheTests {
    static func tile(_ layer: String, _ index: Int, generation: Int = 1) -> LayerCache.TileKey {
        LayerCache.TileKey(layer: LayerCache.Key(id: layer, path: 0), generation: generation, tile: index)
    }

    /// Tiles of 10 × 10 pixels (400 bytes), three to the budget.
    @Test func tilesAreEvictedLeastRecentlyUsedFirstWithinTheirBudget() {
        let cache = LayerCache(budget: LayerCache.Budget(tiles: 1200, materials: 0, rasters: 0))
        let surface = Canvas(width: 10, height: 10, scale: 1)
        for k in 0..<3 { cache.storeTile(Self.tile("a", k), LayerCache.Tile(surface: surface), patched: false) }
        #expect(cache.bytes == 1200)
        #expect(cache.takeStatistics().drawnTiles == 3)  // a frame's end: the counts start again
        #expect(cache.tile(Self.tile("a", 0)) != nil)  // 0 is now the most recently used: 1 goes next
        cache.storeTile(Self.tile("a", 3), LayerCache.Tile(surface: surface), patched: false)
        #expect(cache.bytes == 1200)
        #expect(cache.tile(Self.tile("a", 1)) == nil)
        #expect(cache.tile(Self.tile("a", 0)) != nil && cache.tile(Self.tile("a", 2)) != nil && cache.tile(Self.tile("a", 3)) != nil)
        // Larger than the whole budget: not kept, nothing evicted for it.
        cache.storeTile(Self.tile("b", 0), LayerCache.Tile(surface: Canvas(width: 40, height: 10, scale: 1)), patched: true)
        #expect(cache.tile(Self.tile("b", 0)) == nil && cache.bytes == 1200)
        // A frame counts a tile once: a0 taken twice is one reuse, a3 drawn and then taken is a draw
        // (a frame drawn in strips meets a tile once per strip).
        let counts = cache.takeStatistics()
        #expect(counts.drawnTiles == 2 && counts.patchedTiles == 1 && counts.reusedTiles == 2)
        // A lower budget evicts at once; the counts started again.
        cache.budget.tiles = 400
        #expect(cache.bytes == 400)
        #expect(cache.tile(Self.tile("a", 3)) != nil)
        #expect(cache.takeStatistics().reusedTiles == 1)
    }

    /// A layer's new content drops the tiles of its old one (or hands them back to be patched).
    @Test func aNewExtentDropsOrCarriesTheOldTiles() {
        let cache = LayerCache(budget: LayerCache.Budget(total: 1 << 20))
        let key = LayerCache.Key(id: "list", path: 0)
        let area = PixelRect(x0: 0, y0: 0, x1: 10, y1: 1000)
        func content(_ y: Double) -> LayerCache.Content {
            LayerCache.Content(children: [.fill(.rect(Rect(x: 0, y: y, width: 10, height: 10)), .solid(.black))], clip: nil,
                               a: 1, d: 1, fx: 0, fy: 0)
        }
        let (first, none) = cache.storeExtent(key, content(0), area: area)
        #expect(none.isEmpty)
        #expect(cache.extent(key, content(0))?.generation == first.generation)
        #expect(cache.extent(key, content(5)) == nil && cache.keptExtent(key)?.generation == first.generation)
        for k in [0, 1] {
            cache.storeTile(LayerCache.TileKey(layer: key, generation: first.generation, tile: k),
                            LayerCache.Tile(surface: Canvas(width: 10, height: 10, scale: 1)), patched: false)
        }
        let (second, carried) = cache.storeExtent(key, content(5), area: area, carrying: true)
        #expect(second.generation != first.generation)
        #expect(carried.keys.sorted() == [0, 1] && cache.bytes == 0)
        cache.storeTile(LayerCache.TileKey(layer: key, generation: second.generation, tile: 0), carried[0]!, patched: true)
        let (_, dropped) = cache.storeExtent(key, content(9), area: area)
        #expect(dropped.isEmpty && cache.bytes == 0)
    }

    static func material(words: Int) -> LayerCache.KeptMaterial {
        LayerCache.KeptMaterial(recipe: MaterialRecipe(.regular, .light), scheme: .light, scale: 1,
                                mask: CoverageMask(x: 0, y: 0, width: 0, height: 0, coverage: []),
                                reads: BlurRegion(x: 0, y: 0, width: 0, height: 0),
                                input: BlurPlane(width: words, height: 1, channels: 4, words: [UInt32](repeating: 0, count: words)),
                                uncovered: [], output: [UInt32](repeating: 0, count: words))
    }

    /// Materials (and bitmaps, the same rule) are kept while they fit: a frame meets them in the
    /// same order every time, so the ones kept stay kept; a lower budget evicts the least recently used.
    @Test func materialsAreKeptWhileTheyFit() {
        let cache = LayerCache(budget: LayerCache.Budget(tiles: 0, materials: 3 * 800, rasters: 0))
        let keys = (0..<4).map { LayerCache.Key(id: nil, path: $0) }
        for key in keys { cache.keep(Self.material(words: 100), for: key) }  // 800 bytes each
        #expect(cache.bytes == 2400)
        #expect(keys.map { cache.keptMaterial($0) != nil } == [true, true, true, false])
        cache.keep(Self.material(words: 50), for: keys[1])  // in place of the one kept for it
        #expect(cache.bytes == 2000)
        // Oldest first now: 0, 2, 1 (the look-ups above used 0, 1, 2 in turn; 1 was kept again since).
        cache.budget.materials = 1200
        #expect(cache.bytes == 1200)
        #expect(keys.map { cache.keptMaterial($0) != nil } == [false, true, true, false])
    }

    @Test func bitmapsAreKeptWhileTheyFitAndCounted() {
        let cache = LayerCache(budget: LayerCache.Budget(tiles: 0, materials: 0, rasters: 1000))
        func bitmap(_ side: Int) -> RasterBitmap {
            RasterBitmap(children: [], k: 1, x0: 0, y0: 0, surface: Canvas(width: side, height: side, scale: 1))
        }
        let a = LayerCache.Key(id: "a", path: 0), b = LayerCache.Key(id: "b", path: 0)
        cache.keepRaster(bitmap(10), for: a)  // 400 bytes
        cache.keepRaster(bitmap(15), for: b)  // 900 bytes: does not fit beside a
        #expect(cache.raster(a) != nil && cache.raster(b) == nil && cache.bytes == 400)
        #expect(cache.takeStatistics().drawnRasters == 2)
        cache.removeAll()
        #expect(cache.bytes == 0 && cache.raster(a) == nil)
    }
}

/// Evicting costs time, never bytes: frames drawn in a run whose caches keep nothing, or one tile,
/// are the frames drawn with the default budget, and they did draw more.
@Suite struct CacheBudgetTests {
    @Test(arguments: ["titles", "reveal", "demo"])
    func framesWithTinyBudgetsAreTheFramesWithTheDefaultOnes(name: String) throws {
        let builtIn = try #require(ClipCatalog.named(name))
        let clip = try builtIn.make(builtIn.defaults())
        let source = clip.frames()
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let roomy = FrameCompositor(renderer: renderer)
        let none = FrameCompositor(renderer: renderer)
        none.layers.budget = LayerCache.Budget(tiles: 0, materials: 0, rasters: 0)
        let oneTile = FrameCompositor(renderer: renderer)
        // Tiles and bitmaps drawn, materials reused, by roomy, none and oneTile.
        var drawn = [0, 0, 0], reused = [0, 0, 0]
        let start = clip.frameCount / 3
        for k in start..<min(clip.frameCount, start + 24) {
            let scene = source.scene(k).scene
            let expected = try roomy.render(scene, scale: 0.25)
            if k == start {
                oneTile.layers.budget = LayerCache.Budget(tiles: expected.width * SceneRenderer.tileRows * 4, materials: 0, rasters: 0)
            }
            #expect(try none.render(scene, scale: 0.25).words == expected.words, "\(name) frame \(k), no cache")
            #expect(try oneTile.render(scene, scale: 0.25).words == expected.words, "\(name) frame \(k), one tile")
            #expect(none.layers.bytes == 0 && oneTile.layers.bytes <= oneTile.layers.budget.total)
            for (i, c) in [roomy, none, oneTile].enumerated() {
                drawn[i] += c.statistics.drawnTiles + c.statistics.drawnRasters
                reused[i] += c.statistics.reusedMaterials
            }
        }
        #expect(reused[1] == 0 && reused[2] == 0)
        // Keeping nothing, every tile and bitmap a frame needs is drawn.
        #expect(drawn[1] >= drawn[2] && drawn[1] >= drawn[0])
        #expect(drawn[1] > drawn[0] || reused[0] > 0, "\(name): nothing kept, yet nothing more drawn: \(drawn), \(reused)")
    }
}

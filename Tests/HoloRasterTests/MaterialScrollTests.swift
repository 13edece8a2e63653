// A material over scrolled content (demo's bar, titles' band under the status bar), as the
// compositor draws it: the backdrop downsampled in place onto the blur's grid, that plane kept for
// the next frame's comparison, and the blur's rows upsampled and tinted one at a time. Held byte
// for byte to a full re-blur of the same backdrop (`gaussianBlurred`, then `applyTint`) over scroll
// steps of 1, 3, 4 and 8 px (4 is the coarse grid's step), steps longer than the blur's reach, a
// changed row under the bar, and pixels swapped inside one cell of the grid; and whole frames
// drawn in a run held to the frames drawn alone.

import Testing
import HoloClips
import HoloGeometry
import HoloScene
import HoloPixels
@testable import HoloRaster
import HoloText

@Suite struct MaterialScrollTests {
    /// Scroll offsets (px at scale 1, where the ultraThin blur's σ is 22.5 px: the ¼-resolution
    /// path with boxes, as at 3x): steps of 1, 3, 4, 8 and 13 px, then steps of 344 and 620 px,
    /// past the blur's reach (`Damage.materialReach`, 80 px here), then a step back.
    static let offsets: [Double] = [120, 121, 124, 128, 136, 149, 493, 1113, 1114, 700]

    /// Each root-level material of `scene` at `scale`, over what the nodes before it draw: the
    /// compositor's path (`applyKeptMaterial`, with `cache` kept across calls) and the public one
    /// (`applyMaterial`) against `gaussianBlurred` then `applyTint`. Returns how many were checked.
    func checkRootMaterials(_ scene: Scene, scale: Double, cache: LayerCache, label: String) throws -> Int {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        var checked = 0
        for (i, node) in scene.root.enumerated() {
            guard case .material(let shape, let kind, let scheme) = node else { continue }
            var before = scene
            before.root = Array(scene.root[..<i])
            let backdrop = try renderer.render(before, scale: scale)
            let mask = backdrop.coverage(of: shape, transform: .scale(scale, scale))
            let recipe = MaterialRecipe(kind, scheme)
            var full = backdrop
            let roi = BlurRegion(x: mask.x, y: mask.y, width: mask.width, height: mask.height)
                .clipped(width: full.width, height: full.height)
            let blurred = full.gaussianBlurred(sigma: recipe.blur * scale, region: roi, edge: .clamp)
            full.applyTint(MaterialTint(recipe, scheme: scheme), blurred: blurred, region: roi, mask: mask)
            var plain = backdrop
            plain.applyMaterial(recipe, scheme: scheme, in: mask)
            var kept = backdrop
            kept.applyKeptMaterial(kind, scheme: scheme, in: mask, cache: cache, key: LayerCache.Key(id: nil, path: i))
            #expect(plain.words == full.words, "\(label), material \(i): applyMaterial differs from a full re-blur")
            #expect(kept.words == full.words, "\(label), material \(i): the compositor's material differs from a full re-blur")
            checked += 1
        }
        return checked
    }

    @Test func demoBarIsAFullReblurAtEveryScrollStep() throws {
        let demo = DemoCardsScene(size: Size(390, 844))
        let cache = LayerCache(budget: LayerCache.Budget(total: FrameCompositor.defaultCacheBytes))
        for offset in Self.offsets {
            #expect(try checkRootMaterials(demo.scene(scrollOffset: offset), scale: 1, cache: cache, label: "demo at \(offset)") == 1)
        }
        // A changed row under the bar, the cards where they were: a new backdrop, blurred again.
        var changed = demo.scene(scrollOffset: 700)
        let bar = try #require(changed.root.firstIndex { if case .material = $0 { true } else { false } })
        changed.root.insert(.fill(.rect(Rect(x: 40, y: 30, width: 200, height: 1)), .solid(Color(hex: 0xFF375F))), at: bar)
        _ = cache.takeStatistics()
        #expect(try checkRootMaterials(changed, scale: 1, cache: cache, label: "demo with a changed row") == 1)
        let changedRow = cache.takeStatistics()
        #expect(changedRow.reusedMaterials == 0, "a changed backdrop row was not blurred again")
        #expect(changedRow.materialNanoseconds > 0)
        // The same backdrop again: the kept output is written back, and it is the full re-blur's.
        #expect(try checkRootMaterials(changed, scale: 1, cache: cache, label: "demo, the same frame again") == 1)
        #expect(cache.takeStatistics().reusedMaterials == 1)
    }

    /// Titles' band under the status bar over its scrolled blocks, frame by frame through the
    /// fling and then at strides of 2, 4 and 9 frames.
    @Test func titlesBandIsAFullReblurAtEveryScrollStep() throws {
        let builtIn = try #require(ClipCatalog.named("titles"))
        let clip = try builtIn.make(builtIn.defaults())
        let source = clip.frames()
        let cache = LayerCache(budget: LayerCache.Budget(total: FrameCompositor.defaultCacheBytes))
        var checked = 0
        for k in [30, 31, 32, 34, 38, 47, 56, 65, 120] where k < clip.frameCount {
            checked += try checkRootMaterials(source.scene(k).scene, scale: 1, cache: cache, label: "titles frame \(k)")
        }
        #expect(checked >= 9)
    }

    /// Whole frames with materials over scrolled content, drawn in a run (kept backdrops, damage
    /// bands) and alone, byte for byte: demo over the offsets above, and titles-home frame by frame.
    @Test func framesInARunAreTheFramesDrawnAlone() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: renderer)
        let demo = DemoCardsScene(size: Size(390, 844))
        for offset in Self.offsets {
            let scene = demo.scene(scrollOffset: offset)
            #expect(try compositor.render(scene, scale: 1).words == renderer.render(scene, scale: 1).words, "demo at \(offset)")
        }
        let builtIn = try #require(ClipCatalog.named("titles-home"))
        let clip = try builtIn.make(builtIn.defaults())
        let source = clip.frames()
        let run = FrameCompositor(renderer: renderer)
        for k in 20..<min(44, clip.frameCount) {
            let scene = source.scene(k).scene
            #expect(try run.render(scene, scale: 1).words == renderer.render(scene, scale: 1).words, "titles-home frame \(k)")
        }
    }

    /// The kept path compares the plane the blur starts from (the backdrop on the ¼ grid) and the
    /// pixels the mask does not cover whole, not the backdrop: two pixels swapped inside one 4 × 4
    /// cell of the grid leave the plane as it was. Under the material's full coverage that is the
    /// same output (kept, and equal to a full re-blur); in a rounded corner, where the material
    /// leaves the canvas as it is, it is not, and the material is drawn again.
    @Test func aSwapInsideACoarseCellIsReusedOnlyWhereTheMaterialCoversIt() throws {
        let (w, h) = (200, 160)
        var seed: UInt32 = 0x2545_F491
        let words = (0..<(w * h)).map { _ -> UInt32 in
            seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5
            return seed | 0xFF00_0000  // opaque noise: every cell differs from its neighbours
        }
        let backdrop = Canvas(width: w, height: h, scale: 1, premultipliedWords: words)
        let shape = Shape.roundedRect(Rect(x: 20, y: 40, width: 160, height: 60), cornerRadius: 20, style: .continuous)
        let mask = backdrop.coverage(of: shape, transform: .identity)
        let (kind, scheme) = (MaterialKind.ultraThin, ColorScheme.light)
        let recipe = MaterialRecipe(kind, scheme)
        #expect(blurDownsampleFactor(sigma: recipe.blur) == 4)
        // The blur's read window starts at the canvas's corner, so its 4 × 4 cells are the canvas's.
        let (roi, reads) = try #require(backdrop.materialRegions(recipe, mask: mask))
        #expect(reads.x == 0 && reads.y == 0)
        func coverage(_ x: Int, _ y: Int) -> UInt8 { mask.coverage[(y - mask.y) * mask.width + x - mask.x] }
        func reblurred(_ c: Canvas) -> [UInt32] {
            var full = c
            let blurred = full.gaussianBlurred(sigma: recipe.blur, region: roi, edge: .clamp)
            full.applyTint(MaterialTint(recipe, scheme: scheme), blurred: blurred, region: roi, mask: mask)
            return full.words
        }
        func swapped(_ a: (Int, Int), _ b: (Int, Int)) -> Canvas {
            var c = backdrop
            c.withMutableWords { p in p.swapAt(a.1 * w + a.0, b.1 * w + b.0) }
            return c
        }
        let cache = LayerCache(budget: LayerCache.Budget(total: FrameCompositor.defaultCacheBytes))
        let key = LayerCache.Key(id: nil, path: 1)
        func kept(_ c: Canvas) -> (words: [UInt32], reused: Int) {
            _ = cache.takeStatistics()
            var k = c
            k.applyKeptMaterial(kind, scheme: scheme, in: mask, cache: cache, key: key)
            return (k.words, cache.takeStatistics().reusedMaterials)
        }
        #expect(kept(backdrop).reused == 0)
        // Inside the bar: cell (20, 16), both pixels fully covered.
        #expect(coverage(80, 64) == 255 && coverage(81, 65) == 255)
        let inside = swapped((80, 64), (81, 65))
        #expect(inside.words != backdrop.words)
        let a = kept(inside)
        #expect(a.reused == 1, "the same coarse plane: the kept output")
        let insideIsAReblur = a.words == reblurred(inside)
        #expect(insideIsAReblur, "the kept output is a full re-blur of the swapped backdrop")
        // The bar's top-left corner: cell (5, 10), both pixels outside the rounded corner.
        #expect(coverage(20, 40) == 0 && coverage(21, 40) == 0)
        let corner = swapped((20, 40), (21, 40))
        let b = kept(corner)
        #expect(b.reused == 0, "a pixel the material leaves as it is changed: drawn again")
        let cornerIsAReblur = b.words == reblurred(corner)
        #expect(cornerIsAReblur, "the corner's pixels are the swapped backdrop's")
    }
}

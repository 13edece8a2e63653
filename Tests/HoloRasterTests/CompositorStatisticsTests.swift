// `FrameCompositor.Statistics` on small scenes whose counts are known: a scrolled list of four
// tiles, a material under a rasterized badge; and frames drawn with damage equal to frames drawn
// whole.

import Testing
import HoloClips
import HoloGeometry
import HoloScene
@testable import HoloRaster
import HoloText

@Suite struct CompositorStatisticsTests {
    /// 100 × 600 px; a scrolled list of 16 rows 100 px apart, 1 590 px tall: tiles of 512 rows
    /// at 0, 512, 1024 and 1536 (give or take the bounds' edge pixel).
    static func list(offset: Double) -> Scene {
        let rows: [Node] = (0..<16).map { k in
            .fill(.rect(Rect(x: 0, y: Double(k) * 100, width: 100, height: 90)),
                  .solid(Color(red: Double(k) / 16, green: 0.5, blue: 1 - Double(k) / 16)))
        }
        return Scene(size: Size(width: 100, height: 600), background: .white,
                     root: [.group(Group(rows, transform: .translation(0, -offset), retention: .scrolled(id: "list")))])
    }

    @Test func aScrolledListDrawsTheTilesThatComeIntoView() throws {
        let compositor = FrameCompositor(renderer: SceneRenderer(fonts: .shared))
        _ = try compositor.render(Self.list(offset: 0), scale: 1)
        var s = compositor.statistics
        // Rows 0..<600 of the list show: its first two tiles, drawn; the frame drawn whole.
        #expect(!s.reusedCanvas && s.damage == [0..<600] && s.redrawn == 1)
        #expect(s.drawnTiles == 2 && s.reusedTiles == 0 && s.patchedTiles == 0)
        #expect(s.drawnRasters == 0 && s.reusedMaterials == 0 && s.materialNanoseconds == 0 && s.layerRedraws.isEmpty)

        _ = try compositor.render(Self.list(offset: 0), scale: 1)
        #expect(compositor.statistics == {
            var reused = FrameCompositor.Statistics()
            reused.reusedCanvas = true
            return reused
        }())

        // Scrolled by 500 px: rows 500..<1100 show, the first two tiles kept, the third drawn.
        _ = try compositor.render(Self.list(offset: 500), scale: 1)
        s = compositor.statistics
        #expect(!s.reusedCanvas && s.damage == [0..<600] && s.redrawn == 1)
        #expect(s.drawnTiles == 1 && s.reusedTiles == 2 && s.patchedTiles == 0 && s.layerRedraws.isEmpty)

        // Row 9 (list rows 900..<990, canvas rows 400..<490) changed: the frame's damage is its
        // rows, which only the second tile holds; that tile is patched (those rows drawn again).
        var edited = Self.list(offset: 500)
        guard case .group(var g) = edited.root[0] else { Issue.record("no list"); return }
        g.children[9] = .fill(.rect(Rect(x: 0, y: 900, width: 50, height: 90)), .solid(.black))
        edited.root[0] = .group(g)
        _ = try compositor.render(edited, scale: 1)
        s = compositor.statistics
        #expect(s.drawnTiles == 1 && s.patchedTiles == 1 && s.reusedTiles == 0, "\(s)")
        #expect(s.damage.count == 1 && s.damage[0].contains(400) && s.damage[0].contains(489) && s.redrawn < 0.25, "\(s.damage)")
    }

    /// 100 × 300 px: stripes, a regular material over the top 60 px, and a rasterized dot over the
    /// material that moves right.
    static func badge(x: Double) -> Scene {
        var root: [Node] = (0..<15).map { k in
            .fill(.rect(Rect(x: 0, y: Double(k) * 20, width: 100, height: 10)), .solid(k % 2 == 0 ? .black : Color(hex: 0x3CF2A5)))
        }
        root.append(.material(.rect(Rect(x: 0, y: 0, width: 100, height: 60)), .regular, .light))
        root.append(.group(Group([.fill(.circle(center: Point(x: 8, y: 8), radius: 8), .solid(.white))],
                                 transform: .translation(x, 20), rasterization: Rasterization())))
        return Scene(size: Size(width: 100, height: 300), background: .white, root: root)
    }

    @Test func aMaterialUnderAMovingBadgeIsWrittenBackAndTheBadgeResampled() throws {
        let compositor = FrameCompositor(renderer: SceneRenderer(fonts: .shared))
        _ = try compositor.render(Self.badge(x: 10), scale: 1)
        var s = compositor.statistics
        #expect(s.drawnRasters == 1 && s.reusedMaterials == 0 && s.materialNanoseconds > 0)
        #expect(s.drawnTiles == 0 && s.reusedTiles == 0 && s.redrawn == 1)

        // The dot's rows are damaged, grown to the material's reach: the material is drawn again
        // over the same backdrop (its kept output written back); the dot's bitmap is kept.
        _ = try compositor.render(Self.badge(x: 30), scale: 1)
        s = compositor.statistics
        #expect(s.drawnRasters == 0 && s.reusedMaterials == 1 && s.materialNanoseconds > 0)
        #expect(s.redrawn > 0 && s.redrawn < 1, "\(s.damage)")
    }

    /// Frames drawn with damage (only the damaged rows drawn again) are the frames drawn whole.
    /// Titles and demo scroll the whole screen in these frames; celebration's confetti falls over
    /// a still card, so some of its frames draw part of their rows.
    @Test(arguments: ["titles", "demo", "celebration"])
    func framesDrawnWithDamageAreTheFramesDrawnWhole(name: String) throws {
        let builtIn = try #require(ClipCatalog.named(name))
        let clip = try builtIn.make(builtIn.defaults())
        let source = clip.frames()
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let damage = FrameCompositor(renderer: renderer)
        let whole = FrameCompositor(renderer: renderer, cacheBytes: FrameCompositor.defaultCacheBytes, usesDamage: false)
        var partial = 0, adopted = 0, backgroundComposited = 0
        let start = clip.frameCount / 4
        for k in start..<min(clip.frameCount, start + 20) {
            let scene = source.scene(k).scene
            #expect(try damage.render(scene, scale: 0.25).words == whole.render(scene, scale: 0.25).words, "\(name) frame \(k)")
            #expect(whole.statistics.redrawn == (whole.statistics.reusedCanvas ? 0 : 1))
            if damage.statistics.redrawn < 1 && !damage.statistics.reusedCanvas { partial += 1 }
            backgroundComposited += damage.statistics.backgroundComposited
            // The canvas returned was let go: the next frame draws over it in place, no copy.
            #expect(!damage.statistics.copiedCanvas, "\(name) frame \(k)")
            // The frame's root bounds: each node measured once at most, or taken from the equal node
            // of the frame before; either way what `pixelBounds` measures.
            let bounds = try #require(damage.lastBounds)
            for i in scene.root.indices {
                #expect(try bounds(i) == renderer.pixelBounds(of: scene.root[i], transform: .scale(0.25, 0.25)), "\(name) frame \(k) node \(i)")
            }
            #expect(bounds.measurements <= scene.root.count)
            if bounds.measurements < scene.root.count { adopted += 1 }
        }
        if name == "celebration" { #expect(partial > 0, "celebration: no frame drew part of its rows") }
        // Titles and demo scroll a retained list drawn first over the background: its composite
        // writes the background itself (one pass) in the rows it spans.
        if name != "celebration" { #expect(backgroundComposited > 0, "\(name): no row's background was composited") }
        // Frames where some root nodes' bounds were not measured at all: unchanged nodes took the
        // previous frame's.
        #expect(adopted > 0, "\(name): no frame took its bounds from the frame before")
    }

    /// A retained list narrower than the canvas, drawn first in some strips and after a header in
    /// others, scrolled in strips of 16 rows: where it is the strip's first drawing its composite
    /// writes the rows' background itself (left and right of it too); every frame has the bytes
    /// of the frame drawn whole, through the fused path and the fill alike.
    @Test func aListDrawnFirstWritesTheBackgroundUnderIt() throws {
        func scene(_ offset: Double) -> Scene {
            let rows: [Node] = (0..<16).map { k in
                .fill(.rect(Rect(x: 10, y: Double(k) * 100, width: 80, height: 70)),
                      .solid(k % 3 == 0 ? Color(red: 0.2, green: 0.4, blue: 1, alpha: 0.5) : Color(red: Double(k) / 16, green: 0.5, blue: 0.3)))
            }
            return Scene(size: Size(width: 100, height: 600), background: Color(red: 0.95, green: 0.94, blue: 0.97),
                         root: [.fill(.rect(Rect(x: 0, y: 0, width: 100, height: 40)), .solid(.black)),
                                .group(Group(rows, transform: .translation(0, 60 - offset), retention: .scrolled(id: "list"))),
                                .fill(.rect(Rect(x: 20, y: 300, width: 30, height: 30)), .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.6)))])
        }
        let renderer = SceneRenderer(fonts: .shared)
        let damage = FrameCompositor(renderer: renderer)
        damage.stripRows = 16
        let whole = FrameCompositor(renderer: renderer, cacheBytes: FrameCompositor.defaultCacheBytes, usesDamage: false)
        var composited = 0
        for (k, offset) in [0.0, 7, 7, 19, 140, 141, 400].enumerated() {
            let s = scene(offset)
            #expect(try damage.render(s, scale: 1).words == whole.render(s, scale: 1).words, "frame \(k), offset \(offset)")
            composited += damage.statistics.backgroundComposited
            // The header's rows (0..<40 and its margin) are never the list's to write.
            #expect(damage.statistics.backgroundComposited <= 600 - 32, "frame \(k)")
        }
        #expect(composited > 0)
    }

    /// A frame drawn over the previous one while the caller still holds that canvas copies it (the
    /// statistic can say yes), and the copy leaves the held frame as it was.
    @Test func aCanvasStillHeldIsCopiedAndSaysSo() throws {
        let compositor = FrameCompositor(renderer: SceneRenderer(fonts: .shared))
        let first = try compositor.render(Self.list(offset: 0), scale: 1)
        let kept = first.words
        _ = try compositor.render(Self.list(offset: 40), scale: 1)
        #expect(compositor.statistics.copiedCanvas && !compositor.statistics.damage.isEmpty)
        #expect(first.words == kept)
        _ = try compositor.render(Self.list(offset: 80), scale: 1)
        #expect(!compositor.statistics.copiedCanvas)
    }
}

// Damage and reuse that go down the tree (issue 42): a retained surface whose children mostly stay
// keeps its tiles and redraws only the rows of the children that changed, and the frame's damage
// looks into groups whose own properties did not change. Both must leave every frame with the
// bytes it has drawn alone; these tests hold that over random trees and random edits, over the
// naive/tuned example pair, and check that the saving is real and that bench's cliffs name the
// group and the reason.

import Foundation
import Testing
import HoloClips
import HoloGeometry
@testable import HoloRaster
import HoloScene
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

/// A random tree of the things a scrolled list holds: cards, text, faded and clipped groups,
/// blurred and shadowed layers (whose reach goes past their bounds), nested retained groups.
private struct RandomList {
    var rng: SplitMix64
    let height: Double

    mutating func color() -> Color {
        Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
              blue: .random(in: 0...1, using: &rng), alpha: [1, 1, 0.6].randomElement(using: &rng)!)
    }

    mutating func rect() -> Rect {
        Rect(x: .random(in: -10...90, using: &rng), y: .random(in: 0...height, using: &rng),
             width: .random(in: 3...60, using: &rng), height: .random(in: 2...90, using: &rng))
    }

    mutating func node(depth: Int = 0) -> Node {
        switch Int.random(in: 0..<(depth < 2 ? 9 : 5), using: &rng) {
        case 0, 1: return .fill(.roundedRect(rect(), cornerRadius: .random(in: 0...8, using: &rng), style: .continuous), .solid(color()))
        case 2: return .fill(.ellipse(rect()), .solid(color()))
        case 3: return .stroke(.rect(rect()), .solid(color()), width: .random(in: 0.5...3, using: &rng))
        case 4:
            let r = rect()
            return .text(TextRun(["Morning Run", "Yoga", "3 sets · 45 min"].randomElement(using: &rng)!,
                                 font: Font(size: .random(in: 9...20, using: &rng)), origin: Point(x: r.minX, y: r.minY)), .solid(color()))
        case 5:
            var g = Group((0..<Int.random(in: 1...3, using: &rng)).map { _ in node(depth: depth + 1) },
                          opacity: [1, 0.5, 0.8].randomElement(using: &rng)!)
            if Bool.random(using: &rng) { g.clip = .roundedRect(rect(), cornerRadius: 4, style: .continuous) }
            return .group(g)
        case 6:
            var g = Group([node(depth: depth + 1)])
            if Bool.random(using: &rng) { g.blur = .random(in: 0.5...4, using: &rng) } else {
                g.shadow = Shadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.4), radius: 3, offset: Point(x: 0, y: 2))
            }
            return .group(g)
        case 7:
            return .group(Group((0..<Int.random(in: 1...4, using: &rng)).map { _ in node(depth: depth + 1) },
                                transform: .translation(.random(in: -5...5, using: &rng).rounded(), 0), retention: Retention()))
        default:
            return .group(Group([node(depth: depth + 1), node(depth: depth + 1)], transform: .translation(0, .random(in: -20...20, using: &rng))))
        }
    }

    /// One edit of a list of nodes: a changed node, one inserted or removed, two swapped, or an edit inside a group.
    mutating func edit(_ nodes: inout [Node], depth: Int = 0) {
        guard !nodes.isEmpty else { nodes.append(node(depth: depth)); return }
        let i = Int.random(in: 0..<nodes.count, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: nodes[i] = node(depth: depth)
        case 1: nodes.insert(node(depth: depth), at: i)
        case 2: nodes.remove(at: i)
        case 3:
            let j = Int.random(in: 0..<nodes.count, using: &rng)
            nodes.swapAt(i, j)
        default:
            if case .group(var g) = nodes[i] {
                if Bool.random(using: &rng) { edit(&g.children, depth: depth + 1) } else { g.opacity = [1, 0.3, 0.7, 0].randomElement(using: &rng)! }
                nodes[i] = .group(g)
            } else {
                nodes[i] = node(depth: depth)
            }
        }
    }
}

@Suite struct TreeDamageTests {
    /// Random lists inside a scrolled retained group taller than a tile (tiles of 512 rows), edited
    /// a little every frame while it scrolls by whole pixels, stays, or moves by a fraction: every
    /// frame drawn in the run is the frame drawn alone, and the kept tiles were patched.
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func editedListsInARunAreTheFramesDrawnAlone(seed: Int) throws {
        var gen = RandomList(rng: SplitMix64(seed: UInt64(seed)), height: 1300)
        let fresh = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: fresh)
        var items = (0..<40).map { _ in gen.node() }
        var scroll = 0.0
        var patched = 0
        for frame in 0..<36 {
            switch Int.random(in: 0..<4, using: &gen.rng) {
            case 0: scroll += Double(Int.random(in: 1...40, using: &gen.rng))
            case 1: scroll += 0.37  // a fraction: the layer is drawn again
            default: break
            }
            for _ in 0..<Int.random(in: 0...2, using: &gen.rng) { gen.edit(&items) }
            let list = Group(items, transform: .translation(0, -scroll), clip: .rect(Rect(x: 0, y: 0, width: 100, height: 1400)),
                             retention: frame % 7 == 6 ? Retention(id: "list") : .scrolled(id: "list"))
            let scene = Scene(size: Size(width: 100, height: 700), background: .white,
                              root: [.fill(.rect(Rect(x: 0, y: 0, width: 100, height: 60)), .solid(Color(red: 0.2, green: 0.3, blue: 0.9))),
                                     .group(list), .text(TextRun("Title", font: .headline, origin: Point(x: 8, y: 40)), .solid(.black))])
            let inRun = try compositor.render(scene, scale: 1)
            let alone = try fresh.render(scene, scale: 1)
            #expect(inRun.words == alone.words, "seed \(seed) frame \(frame): a frame in a run differs from the frame alone")
            patched += compositor.statistics.patchedTiles
        }
        #expect(patched > 0, "seed \(seed): no kept tile was patched")
    }

    /// The frame's damage looks into a group that did not change itself: a title fading inside a
    /// still, retained list redraws the title's rows only, and the list's tiles are patched, not
    /// drawn again.
    @Test func aFadingChildOfAStillListRedrawsItsRowsOnly() throws {
        let fresh = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: fresh)
        func scene(_ opacity: Double) -> Scene {
            var children: [Node] = [.group(Group([.text(TextRun("Activity", font: .largeTitle, origin: Point(x: 16, y: 60)), .solid(.black))],
                                                 opacity: opacity))]
            for k in 0..<12 {
                children.append(.fill(.roundedRect(Rect(x: 16, y: 80 + Double(k) * 60, width: 200, height: 50), cornerRadius: 10, style: .continuous),
                                      .solid(Color(red: 0.9, green: 0.9, blue: 0.95))))
            }
            return Scene(size: Size(width: 240, height: 800), background: .white,
                         root: [.group(Group(children, transform: .translation(0, -3), retention: .scrolled(id: "list")))])
        }
        _ = try compositor.render(scene(1), scale: 2)
        var drawn = 0, patched = 0
        for (k, o) in [0.8, 0.5, 0.2].enumerated() {
            let s = scene(o)
            let inRun = try compositor.render(s, scale: 2)
            let statistics = compositor.statistics
            #expect(inRun.words == (try fresh.render(s, scale: 2)).words, "step \(k)")
            // The title's rows at 2x (its box is about 100 px tall with the slack), not the 1600-row list.
            #expect(statistics.redrawn > 0 && statistics.redrawn < 0.1, "step \(k): redrew \(statistics.redrawn)")
            #expect(statistics.layerRedraws.isEmpty)
            drawn += statistics.drawnTiles
            patched += statistics.patchedTiles
        }
        // Every tile drawn after the first frame was a patched one.
        #expect(patched == drawn)
        #expect(patched > 0)
    }

    /// A retained group whose children stay but which moves by a fraction of a pixel is drawn
    /// again whole: noted with its id and the reason, once per frame; a group seen for the
    /// first time or patched is not noted.
    @Test func aRedrawnLayerIsNotedWithItsIdAndWhy() throws {
        let fresh = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: fresh)
        func scene(_ y: Double) -> Scene {
            let cards: [Node] = (0..<10).map { k in
                .fill(.rect(Rect(x: 4, y: 10 + Double(k) * 20, width: 50, height: 15)), .solid(.black))
            }
            return Scene(size: Size(width: 64, height: 240), background: .white,
                         root: [.group(Group(cards, transform: .translation(0, y), retention: Retention(id: "cards")))])
        }
        _ = try compositor.render(scene(0.25), scale: 1)
        #expect(compositor.statistics.layerRedraws.isEmpty)
        _ = try compositor.render(scene(0.5), scale: 1)
        let redraws = compositor.statistics.layerRedraws
        #expect(redraws.count == 1)
        #expect(redraws.first?.layer == "id \"cards\"")
        #expect(redraws.first?.reason.contains("fraction of a pixel") == true)
        #expect(redraws.first?.unchanged == 10 && redraws.first?.children == 10)
        _ = try compositor.render(scene(1.5), scale: 1)  // the same fraction a pixel lower: the kept tiles, moved
        #expect(compositor.statistics.layerRedraws.isEmpty)

        let cliffs = LayerCliff.summed([(3, redraws), (4, redraws), (9, [LayerRedraw(layer: "a group without an id of 3 children", reason: "its clip changed",
                                                                                    children: 3, unchanged: 2, patched: false)])])
        #expect(cliffs.map(\.frames) == [2, 1])
        #expect(cliffs.map(\.firstFrame) == [3, 9])
        #expect(cliffs[0].sentence.hasPrefix("id \"cards\": drawn again in 2 frames (first #3) though 10 of its 10 children did not change: it moved by a fraction"))
    }
}

/// The naive/tuned pair of examples (a large title inside the scrolled group, and outside it under
/// its own offset): every frame of both in a run is the frame alone, and the naive one no longer
/// draws its list's tiles again while the title fades.
@Suite struct TitleInListExampleTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    @Test(arguments: ["title-in-list-naive", "title-in-list-tuned"])
    func framesInARunAreTheFramesDrawnAlone(name: String) throws {
        let clip = try ClipResolver.resolve(Self.examples.appendingPathComponent("\(name).json").path,
                                            overrides: ClipOverrides(scale: 0.5))
        let fresh = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: fresh)
        let source = clip.frames()
        var wholeTiles = 0, patched = 0, fading = 0
        for k in 0..<clip.frameCount {
            let scene = source.scene(k).scene
            let inRun = try compositor.render(scene, scale: clip.scale)
            let statistics = compositor.statistics
            if k > 0 { wholeTiles += statistics.drawnTiles - statistics.patchedTiles }
            patched += statistics.patchedTiles
            if k % 3 == 0 {
                #expect(inRun.words == (try fresh.render(scene, scale: clip.scale)).words, "\(name) frame \(k)")
            }
            if !statistics.layerRedraws.isEmpty { fading += 1 }
        }
        // Tiles drawn whole after frame 0: only those scrolled into view for the first time.
        #expect(wholeTiles <= 4, "\(name): \(wholeTiles) tiles drawn whole after frame 0")
        #expect(fading == 0, "\(name): a retained surface was drawn again in \(fading) frames")
        if name.hasSuffix("naive") { #expect(patched > 10, "the naive list's tiles were patched as the title faded") }
    }
}

/// Bench tells the user about cliffs: the group, how often, and why, in the terminal summary and on
/// the report page; a clip without any says nothing about them.
@Suite struct BenchCliffTests {
    static func bench(cliffs: [LayerCliff]) -> ClipBench {
        let frames = (0...20).map { FrameTiming(frame: $0, time: Double($0) / 60, simulateMs: 0, rasterMs: 3, encodeMs: nil, totalMs: 3) }
        var b = ClipBench(clip: "list", device: "iphone-12", width: 1170, height: 2532, budgetMs: 16.67, repeats: 3, preparationMs: 1,
                          frames: frames, summary: BenchRunner.summarize(frames, budgetMs: 16.67))
        b.cliffs = cliffs
        return b
    }

    static let cliff = LayerCliff(layer: "id \"list\"", reason: "it moved by a fraction of a pixel", frames: 12, firstFrame: 4,
                                  children: 25, unchanged: 24, patched: false)

    @Test func theTerminalSummaryNamesTheGroupAndWhy() {
        let text = BenchTable.text(Self.bench(cliffs: [Self.cliff]), rows: false)
        #expect(text.contains("\n  cliff: id \"list\": drawn again in 12 frames (first #4) though 24 of its 25 children did not change: it moved by a fraction of a pixel"))
        #expect(!BenchTable.text(Self.bench(cliffs: []), rows: false).contains("cliff"))
        let many = BenchTable.text(Self.bench(cliffs: Array(repeating: Self.cliff, count: 7)), rows: false)
        #expect(many.components(separatedBy: "cliff: id").count - 1 == 5)
        #expect(many.contains("cliff: 2 more in --json"))
    }

    @Test func theReportPageListsTheCliffs() throws {
        let page = BenchReportPage(clips: [.init(bench: Self.bench(cliffs: [Self.cliff]), worstPicture: .failure(.init("none"))),
                                           .init(bench: Self.bench(cliffs: []), worstPicture: .failure(.init("none")))],
                                   command: ["holoframe", "bench", "list.json", "--report", "r"])
        let tree = try MarkupTree(page.html())
        let sections = tree.root.all("section", class: "clip")
        #expect(sections.count == 2)
        let items = sections[0].all("li", class: "cliff")
        #expect(items.count == 1)
        #expect(items.first?.attributes["data-frames"] == "12")
        #expect(items.first?.allText.contains("id \"list\": drawn again in 12 frames") == true)
        #expect(sections[1].all("li", class: "cliff").isEmpty)
    }
}

// Dynamic Type in the demo and reveal clips: the text follows the iOS tables, the cards, bar,
// header and rows grow with it, and the default size builds the scene it always did.

import Testing
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

@Suite struct DemoRevealDynamicTypeTests {
    static func runs(_ nodes: [Node], _ string: String) -> [TextRun] {
        nodes.flatMap { n -> [TextRun] in
            if case .text(let run, _) = n, run.string == string { return [run] }
            if case .group(let g) = n { return runs(g.children, string) }
            return []
        }
    }

    static func scene(_ spec: ClipSpec, frame: Int) throws -> Scene {
        let clip = try ClipCatalog.clip(for: spec)
        return clip.frames().frame(frame).scene
    }

    @Test(arguments: [DynamicTypeSize.xSmall, .large, .xxxLarge, .accessibility5])
    func demoCardsGrowWithTheText(_ size: DynamicTypeSize) throws {
        var spec = DemoCards.defaultSpec()
        spec.environment.dynamicTypeSize = size
        let scene = try Self.scene(spec, frame: 0)
        let title = try #require(Self.runs(scene.root, "Morning run").first)
        #expect(title.font.size == size.pointSize(.headline))
        let bar = try #require(Self.runs(scene.root, "Holoframe").first)
        #expect(bar.font.size == size.pointSize(.largeTitle))
        let layout = DemoCardsScene(size: spec.device.size, type: size)
        let standard = DemoCardsScene(size: spec.device.size)
        // Cards never shrink below the default; above it they are taller, and the detail line
        // stays between the title and the progress track (30 pt from the card's bottom).
        let height = layout.feed.heights[0], standardHeight = standard.feed.heights[0]
        #expect(size > .large ? height > standardHeight : height == standardHeight)
        let detail = try #require(Self.runs(scene.root, "20 min · 3 sets").first)
        #expect(detail.origin.y > title.origin.y + size.pointSize(.subheadline) * 0.7)
        #expect(detail.origin.y + 12 <= height - 30)
        #expect(size > .large ? layout.contentHeight > standard.contentHeight : true)
        let before = try Self.scene(DemoCards.defaultSpec(), frame: 0)
        #expect((scene == before) == (size == .large))
    }

    @Test(arguments: [DynamicTypeSize.small, .large, .accessibility1, .accessibility5])
    func revealSecondaryGrowsWithTheText(_ size: DynamicTypeSize) throws {
        var spec = Reveal.defaultSpec(.drag)
        spec.environment.dynamicTypeSize = size
        // Frame 60 (1 s): the secondary section is up after the swipe.
        let scene = try Self.scene(spec, frame: 60)
        let rowRun = try #require(Self.runs(scene.root, "Share").first)
        #expect(rowRun.font.size == size.pointSize(.body))
        let layout = RevealLayout(size: spec.device.size, type: size)
        let standard = RevealLayout(size: spec.device.size)
        #expect(size > .large ? layout.secondaryHeight > standard.secondaryHeight : layout.secondaryHeight <= standard.secondaryHeight)
        // The kit lays the rows out around their labels; the Play button's place sits below the
        // subtitle and grows with its label.
        let secondary = layout.views.pieces[1].layout
        let subtitle = try #require(secondary.texts.first { $0.value.string.hasPrefix("Aurora Ensemble") }.flatMap { secondary.frames[$0.key]?[0] })
        #expect(layout.controlDestination.minY >= subtitle.maxY)
        #expect(layout.controlDestination.height >= size.pointSize(.headline) * 1.3)
        let sim = try Reveal.simulation(spec)
        #expect(sim.state(at: 1).secondaryHeight == layout.secondaryHeight)
        let before = try Self.scene(Reveal.defaultSpec(.drag), frame: 60)
        #expect((scene == before) == (size == .large))
    }
}

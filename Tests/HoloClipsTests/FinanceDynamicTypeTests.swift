// Dynamic Type in the parallax and gradients clips (docs/designs.md, Finance app: "All text scales
// with user preferences", minimum scale factor 0.7): the large title follows the table, the page
// grows, and the default size draws as it did.

import Testing
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

@Suite struct FinanceDynamicTypeTests {
    static func firstRun(_ nodes: [Node], _ string: String) -> TextRun? {
        for n in nodes {
            if case .text(let run, _) = n, run.string == string { return run }
            if case .group(let g) = n, let r = firstRun(g.children, string) { return r }
        }
        return nil
    }

    @Test(arguments: [DynamicTypeSize.xSmall, .large, .accessibility1, .accessibility5])
    func parallaxPageGrowsWithTheText(_ size: DynamicTypeSize) throws {
        var spec = ParallaxScroll.defaultSpec()
        spec.environment.dynamicTypeSize = size
        let scene = try renderedFrames(spec, 0...0)[0].scene
        let title = Self.firstRun(scene.root, "Dashboard")?.font.size
        #expect(title == size.pointSize(.largeTitle))
        let page = ParallaxScrollScene(size: spec.device.size, palette: .light, type: size).contentHeight
        let standard = ParallaxScrollScene(size: spec.device.size, palette: .light).contentHeight
        #expect(size > .large ? page > standard : page <= standard)
        let before = try renderedFrames(ParallaxScroll.defaultSpec(), 0...0)[0].scene
        #expect((scene == before) == (size == .large))
    }

    @Test(arguments: [DynamicTypeSize.small, .large, .accessibility2])
    func gradientsTextFollowsTheTables(_ size: DynamicTypeSize) throws {
        var spec = CardGradients.defaultSpec()
        spec.environment.dynamicTypeSize = size
        let scene = try renderedFrames(spec, 0...0)[0].scene
        let title = Self.firstRun(scene.root, "Overview")?.font.size
        #expect(title == size.pointSize(.largeTitle))
        let found = Self.firstRun(scene.root, "Summer in Maine")
        let name = try #require(found)
        #expect(name.font.size == size.pointSize(.headline) && name.minimumScaleFactor == 0.7)
        let before = try renderedFrames(CardGradients.defaultSpec(), 0...0)[0].scene
        #expect((scene == before) == (size == .large))
    }
}

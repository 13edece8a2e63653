// Dynamic Type in the titles clips (issue: "Cover every built-in clip that has text"): the large
// title follows the table, the bar and every card grow with their text, rows never run into each
// other, and the default size is the layout the goldens hold.

import Testing
import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

@Suite struct TitlesDynamicTypeTests {
    static let sizes: [DynamicTypeSize] = [.xSmall, .large, .xxxLarge, .accessibility1, .accessibility5]

    /// Every block of every page.
    static var allBlocks: [ContentBlock] { TitlesPage.allCases.flatMap { TitlesContent.blocks(for: $0).blocks } }

    static func runs(_ nodes: [Node]) -> [TextRun] {
        nodes.flatMap { node -> [TextRun] in
            switch node {
            case .text(let run, _): return [run]
            case .group(let g): return runs(g.children)
            default: return []
            }
        }
    }

    static func firstScene(_ page: TitlesPage, _ size: DynamicTypeSize) throws -> Scene {
        var spec = try titlesSpec(page, [])
        spec.environment.dynamicTypeSize = size
        let simulation = try Titles.simulation(spec)
        return simulation.scene(for: simulation.state(at: 0))
    }

    @Test func theDefaultSizeIsTheSeedsHeaderLayout() {
        let layout = TitlesLayout(size: Device.iPhone12.size)
        #expect(layout.headerHeight == TitlesLayout.headerHeight && layout.titleBaseline == TitlesLayout.titleBaseline)
        #expect(layout.searchRowHeight == TitlesLayout.searchRowHeight && layout.titleFont == .largeTitle)
    }

    @Test(arguments: sizes)
    func titleFollowsTheLargeTitleTable(_ size: DynamicTypeSize) throws {
        let scene = try Self.firstScene(.programs, size)
        let title = try #require(Self.runs(scene.root).first { $0.string == "Programs" })
        #expect(title.font.size == size.pointSize(.largeTitle))
        let layout = TitlesLayout(size: Device.iPhone12.size, type: size)
        // The title's baseline sits inside the bar, with room for its descenders.
        #expect(title.origin.y + 0.25 * title.font.size <= layout.headerBottom(.programs))
    }

    @Test func blocksBarsAndPagesGrowWithTheText() {
        let device = Device.iPhone12.size
        for (smaller, larger) in zip(Self.sizes, Self.sizes.dropFirst()) {
            // A block is never shorter at a larger size (a row as tall as its fixed-size tile keeps its height until its text is taller).
            for page in TitlesPage.allCases {
                let a = TitlesContent.blocks(for: page, type: smaller), b = TitlesContent.blocks(for: page, type: larger)
                for (i, block) in a.blocks.enumerated() { #expect(a.heights[i] <= b.heights[i], "\(block) at \(smaller) vs \(larger)") }
            }
            for page in TitlesPage.allCases {
                // Rows as tall as their minimum height (64 pt exercise rows) keep it until their text is taller.
                let a = TitlesContent.blocks(for: page, type: smaller).height, b = TitlesContent.blocks(for: page, type: larger).height
                #expect(larger.isAccessibilitySize ? a < b : a <= b, "\(page) at \(smaller) vs \(larger)")
                #expect(TitlesLayout(size: device, type: smaller).headerBottom(page) < TitlesLayout(size: device, type: larger).headerBottom(page))
            }
        }
    }

    /// Every content text scales by its style, and any text that could outgrow its card has a
    /// width limit, so it wraps within its room or ends in "…" instead of running off the card.
    @Test(arguments: [DynamicTypeSize.accessibility2, .accessibility5])
    func contentTextScalesAndIsBounded(_ size: DynamicTypeSize) throws {
        let contentWidth = TitlesLayout(size: Device.iPhone12.size).contentWidth
        for page in TitlesPage.allCases {
            // Fixed-size labels (badges, the avatar's initials) keep their default size and are
            // icons; the holographic title is the header's (checked above). The rest is content.
            let fixed = Set(Self.runs(try Self.firstScene(page, .large).root).map { "\($0.string) \($0.font.size)" })
            for run in Self.runs(try Self.firstScene(page, size).root)
            where run.font.size > 17 * 1.5 && run.string != page.title && !fixed.contains("\(run.string) \(run.font.size)") {
                // One line with a width, or (issue 31) a label wrapped to a width in at most the
                // lines its row made room for.
                let limit = try #require(run.maxWidth ?? run.wrapWidth, "\(page): \"\(run.string)\" at \(run.font.size) pt has no width limit")
                #expect(limit <= contentWidth, "\(page): \(run.string)")
                if run.wrapWidth != nil { #expect(run.lineLimit != nil, "\(page): \(run.string) wraps without a line limit") }
            }
        }
        let profile = Self.runs(try Self.firstScene(.profile, size).root)
        #expect(profile.first { $0.string == "Units" }?.font.size == size.pointSize(.body))
        #expect(profile.first { $0.string == "Alex Morgan" }?.font.size == size.pointSize(.title2))
    }
}

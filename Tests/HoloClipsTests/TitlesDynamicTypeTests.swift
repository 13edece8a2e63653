// Dynamic Type in the titles clips (issue: "Cover every built-in clip that has text"): the large
// title follows the table, the bar and every card grow with their text, rows never run into each
// other, and the default size is the layout the goldens hold.

import Testing
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

    @Test func theDefaultSizeIsTheUnstretchedLayout() {
        for block in Self.allBlocks {
            #expect(block.height(.large) == block.height, "\(block)")
        }
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
            for block in Self.allBlocks {
                #expect(block.height(smaller) < block.height(larger), "\(block) at \(smaller) vs \(larger)")
            }
            for page in TitlesPage.allCases {
                #expect(TitlesContent.blocks(for: page, type: smaller).height < TitlesContent.blocks(for: page, type: larger).height)
                #expect(TitlesLayout(size: device, type: smaller).headerBottom(page) < TitlesLayout(size: device, type: larger).headerBottom(page))
            }
        }
    }

    /// Consecutive text rows of a block keep the next row's ascent (0.9 em) below this row's
    /// baseline, and the last row's descender (0.25 em) inside the block, at every size.
    @Test(arguments: sizes)
    func rowsNeverRunIntoEachOther(_ size: DynamicTypeSize) {
        for block in Self.allBlocks {
            let stretch = RowStretch(block, size)
            let rows = block.textRows.map { (baseline: stretch.y($0.baseline), size: size.scaled($0.size)) }
            for (a, b) in zip(rows, rows.dropFirst()) {
                #expect(b.baseline - a.baseline >= 0.9 * b.size, "\(block) at \(size)")
            }
            if let last = rows.last { #expect(last.baseline + 0.25 * last.size <= block.height(size), "\(block) at \(size)") }
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
        #expect(profile.first { $0.string == "Alex Morgan" }?.font.size == size.scaled(22))
    }
}

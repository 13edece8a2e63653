// The Reps pages' blocks laid out by the layout kit at every Dynamic Type size: no text leaves its
// block's width or runs over another (text in an overlay or a ZStack is layered on purpose and
// not compared, as in LayoutSweepTests), labels stay one line below the accessibility sizes and
// wrap at them, stat columns shrink instead, and every block drawn is as tall as layout said.

import Testing
import HoloDevices
import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene
@testable import HoloClips

@Suite struct TitlesBlockLayoutTests {
    static let width = TitlesLayout(size: Device.iPhone12.size).contentWidth

    /// Each block of every page, laid out at `type`: its texts' frames (layered ones left out) and its size.
    static func layouts(_ type: DynamicTypeSize) -> [(block: ContentBlock, texts: [(Int, Rect)], size: Size)] {
        let environment = ViewEnvironment(layout: LayoutEnvironment(screen: Size(width, 100_000), safeArea: Insets(), displayScale: 3),
                                          dynamicTypeSize: type)
        return TitlesPage.allCases.flatMap { TitlesContent.contents(of: $0) }.map { block in
            var views = TitlesBlockViews(palette: .for(.light), width: width, environment: environment)
            let view = views.view(block)
            let (size, r) = Layout.layout(view.resolved(DriverSlots(values: []), environment), proposal: ProposedSize(width: width, height: nil),
                                          in: environment.layout)
            let layered = layeredTextIDs(view)
            let texts = r.texts.keys.sorted().filter { !layered.contains($0) }.compactMap { id in r.frames[id].map { (id, $0[0]) } }
            return (block, texts, size)
        }
    }

    @Test(arguments: DynamicTypeSize.allCases)
    func noTextLeavesItsBlockOrRunsOverAnother(_ type: DynamicTypeSize) {
        for (block, texts, size) in Self.layouts(type) {
            for (id, f) in texts {
                #expect(f.minX >= -0.01 && f.maxX <= Self.width + 0.01, "\(block) at \(type): text \(id) \(f) leaves the column")
                // Frames are snapped to pixels (a third of a point), the block's size is not.
                #expect(f.minY >= -0.01 && f.maxY <= size.height + 1.0 / 3, "\(block) at \(type): text \(id) \(f) leaves the block")
            }
            for (i, (a, fa)) in texts.enumerated() {
                for (b, fb) in texts[(i + 1)...] {
                    let x = fa.intersection(fb)
                    #expect(!(x.width > 0.01 && x.height > 0.01), "\(block) at \(type): text \(a) \(fa) runs over text \(b) \(fb)")
                }
            }
        }
    }

    static func runs(_ page: TitlesPage, _ type: DynamicTypeSize) -> [TextRun] {
        TitlesDynamicTypeTests.runs(TitlesContent.blocks(for: page, type: type, width: width).nodes.flatMap { $0 })
    }

    @Test(arguments: [DynamicTypeSize.xSmall, .large, .xxxLarge])
    func belowAccessibilitySizesEveryLabelIsOneLine(_ type: DynamicTypeSize) {
        for page in TitlesPage.allCases {
            for run in Self.runs(page, type) { #expect(run.lineLimit ?? 1 == 1, "\(page): \(run.string) at \(type)") }
        }
    }

    @Test func atAccessibilitySizesLongLabelsWrapAndStatsShrink() {
        let home = Self.runs(.home, .accessibility3)
        // Some label wraps to more than one line rather than ending in "…" ...
        #expect(home.contains { ($0.lineLimit ?? 1) > 1 && $0.wrapWidth != nil })
        // ... while stat columns keep one line and shrink (".lineLimit(1).minimumScaleFactor(0.5)").
        let stat = home.first { $0.string == "Workouts" }
        #expect(stat?.lineLimit == 1 && stat?.minimumScaleFactor == 0.5)
        // The week's stats stack at accessibility sizes: "Time" is below "Workouts", not beside it.
        let workouts = home.first { $0.string == "Workouts" }, time = home.first { $0.string == "Time" }
        #expect((time?.origin.y ?? 0) > (workouts?.origin.y ?? 0) + 1)
    }

    @Test(arguments: [DynamicTypeSize.large, .accessibility3])
    func blocksFollowOneAnotherByTheirLaidOutHeights(_ type: DynamicTypeSize) {
        for page in TitlesPage.allCases {
            let b = TitlesContent.blocks(for: page, type: type, width: Self.width)
            for i in b.blocks.indices.dropFirst() {
                #expect(abs(b.positions[i] - (b.positions[i - 1] + b.heights[i - 1] + b.blocks[i - 1].gap)) < 1e-9)
            }
            #expect(b.heights.allSatisfy { $0 > 20 }, "\(page)")
        }
    }
}

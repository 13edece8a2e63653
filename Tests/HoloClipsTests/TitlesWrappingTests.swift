// Issue 31: at accessibility sizes the titles' labels that a SwiftUI view lets wrap (titles,
// names, dates, detail lines) wrap to their room, and their cards grow by the lines they take;
// below accessibility sizes every label stays one line (the goldens' layout).

import Testing
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

@Suite struct TitlesWrappingTests {
    static let width = TitlesLayout(size: Device.iPhone12.size).contentWidth
    static var allBlocks: [ContentBlock] { TitlesPage.allCases.flatMap { TitlesContent.blocks(for: $0).blocks } }

    func runs(_ block: ContentBlock, _ type: DynamicTypeSize) -> [TextRun] {
        TitlesDynamicTypeTests.runs(ContentDrawing(palette: .for(.light), width: Self.width, type: type).nodes(block))
    }

    @Test(arguments: [DynamicTypeSize.xSmall, .large, .xxxLarge])
    func belowAccessibilitySizesEveryLabelIsOneLine(_ type: DynamicTypeSize) {
        for block in Self.allBlocks {
            #expect(runs(block, type).allSatisfy { !$0.isParagraph }, "\(block)")
            #expect(block.height(type, width: Self.width) == RowStretch(block, type).y(block.height))
        }
    }

    @Test func atAccessibilitySizesLongLabelsWrapInsteadOfTruncating() {
        let home = TitlesContent.blocks(for: .home, type: .accessibility3, width: Self.width).blocks
        let summary = runs(home[0], .accessibility3)
        let title = summary.first { $0.string == "This Week" }
        #expect(title?.wrapWidth != nil && (title?.lineLimit ?? 0) >= 2, "\(String(describing: title))")
        // Stat columns keep one line and shrink (".lineLimit(1).minimumScaleFactor(0.5)").
        let stat = summary.first { $0.string == "Workouts" }
        #expect(stat?.isParagraph == false && stat?.minimumScaleFactor == 0.5)
    }

    @Test(arguments: [DynamicTypeSize.accessibility1, .accessibility3, .accessibility5])
    func wrappedLinesHaveRoomBelowThem(_ type: DynamicTypeSize) {
        for block in Self.allBlocks {
            let all = runs(block, type)
            let height = block.height(type, width: Self.width)
            for run in all where run.isParagraph {
                let limit = run.lineLimit ?? 1
                // The last line's descender (0.25 em) inside the block, lines 1.2 em apart.
                let lastBaseline = run.origin.y + Double(limit - 1) * 1.2 * run.font.size
                #expect(lastBaseline + 0.25 * run.font.size <= height + 1e-9, "\(run.string) in \(block) at \(type)")
                // The next row's text starts below the wrapped label's last line.
                for other in all where other.origin.y > run.origin.y + 1e-9 && other.origin.x < run.origin.x + (run.wrapWidth ?? 0)
                    && other.origin.x >= run.origin.x - (run.alignment == .leading ? 1 : .infinity) {
                    #expect(other.origin.y - 0.7 * other.font.size >= lastBaseline, "\(other.string) under \(run.string) at \(type)")
                }
            }
            // Taller than without wrapping exactly when something wraps, or stacks (issue 43: the
            // week's stats and a workout's chips that do not fit side by side).
            let wraps = all.contains { $0.isParagraph }
            let stacks = ContentDrawing(palette: .for(.light), width: Self.width, type: type).stacks(block)
            #expect((height > RowStretch(block, type).y(block.height)) == (wraps || stacks), "\(block) at \(type)")
        }
    }
}

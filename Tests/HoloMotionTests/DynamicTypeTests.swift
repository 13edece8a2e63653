// Dynamic Type tables: the body and large title rows exactly; every style grows with the
// category, and `large` is each style's default size.

import HoloMotion
import Testing

@Suite struct DynamicTypeTests {
    @Test func bodyAndLargeTitleFollowTheIOSTables() {
        #expect(DynamicTypeSize.allCases.map { $0.pointSize(.body) } == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(DynamicTypeSize.allCases.map { $0.pointSize(.largeTitle) } == [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60])
    }

    @Test(arguments: TextStyle.allCases)
    func everyStyleGrowsAndLargeIsItsDefault(_ style: TextStyle) {
        let sizes = DynamicTypeSize.allCases.map { $0.pointSize(style) }
        #expect(sizes.count == 12)
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(sizes[7] > sizes[6], "accessibility sizes are larger than xxxLarge")
        let defaults: [TextStyle: Double] = [.largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17, .body: 17,
                                             .callout: 16, .subheadline: 15, .footnote: 13, .caption1: 12, .caption2: 11]
        #expect(style.defaultPointSize == defaults[style])
        #expect(DynamicTypeSize.large.scale(of: style) == 1)
    }
}

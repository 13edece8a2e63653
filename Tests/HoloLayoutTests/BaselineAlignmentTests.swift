// HStacks aligned on text baselines (SwiftUI's `.firstTextBaseline`, `.lastTextBaseline`): a large
// title and a small trailing detail share a baseline, a view without text sits with its bottom on
// it, wrapped text aligns its first or its last line, and a VStack inside offers its first child's
// first baseline and its last child's last. Text is measured by a stand-in that scales with the
// font: ascent 0.8 em, descent 0.2 em, lines 1.2 em, 0.6 em a character.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene
import HoloText
import Testing

struct ScalingText: TextMeasuring {
    func width(_ text: Substring, _ font: Font) -> Double { Double(text.count) * 0.6 * font.size }
    func lineMetrics(_ font: Font) -> LineMetrics { LineMetrics(ascent: 0.8 * font.size, descent: 0.2 * font.size, lineHeight: 1.2 * font.size) }
}

@Suite struct BaselineAlignmentTests {
    var t = Tree()

    mutating func text(_ s: String, _ size: Double, _ modifiers: [LayoutModifier] = []) -> LayoutNode {
        t.node(.text(TextContent(s, font: Font(size: size))), [], modifiers)
    }

    func layout(_ root: LayoutNode) -> LayoutResult {
        Layout.layout(root, in: LayoutEnvironment(screen: Size(300, 200), safeArea: Insets(), displayScale: 1, measure: ScalingText()))
    }

    /// The first (or last) baseline of text `node` in the result, in screen points.
    func line(_ r: LayoutResult, _ node: LayoutNode, last: Bool = false) -> Double {
        r.frames[node.id]![0].minY + (last ? r.texts[node.id]!.lastBaseline : r.texts[node.id]!.firstBaseline)
    }

    @Test mutating func aLargeTitleAndASmallDetailShareTheirFirstBaseline() {
        // Big: 36 pt line, baseline 27 below its top; small: 12 pt line, baseline 9.
        let big = text("Big", 30), small = text("small", 10)
        let root = t.node(.stack(.horizontal, alignment: .firstTextBaseline, spacing: 0), [big, small])
        let r = layout(root)
        #expect(line(r, big) == line(r, small))
        #expect(r.frames[small.id]![0].minY - r.frames[big.id]![0].minY == 18)
        #expect(r.frames[root.id]![0].height == 36)
        // Centred, the same two would not share it.
        var c = Tree(next: 100)
        let big2 = c.node(.text(TextContent("Big", font: Font(size: 30)))), small2 = c.node(.text(TextContent("small", font: Font(size: 10))))
        let centred = layout(c.node(.stack(.horizontal, alignment: 0.5, spacing: 0), [big2, small2]))
        #expect(line(centred, big2) != line(centred, small2))
    }

    @Test mutating func aViewWithoutTextSitsWithItsBottomOnTheBaseline() {
        let big = text("Big", 30)
        let square = t.color([.frame(FrameSpec(width: 20, height: 20))])
        let root = t.node(.stack(.horizontal, alignment: .firstTextBaseline, spacing: 0), [square, big])
        let r = layout(root)
        #expect(r.frames[square.id]!.last!.maxY == line(r, big))
    }

    @Test mutating func wrappedTextAlignsItsFirstOrItsLastLine() {
        for last in [false, true] {
            t = Tree()
            // "aaaa bbbb" at 10 pt in 40 pt: two lines, baselines 9 and 21 below its top.
            let big = text("Big", 30), wrapped = text("aaaa bbbb", 10, [.frame(FrameSpec(width: 40))])
            let root = t.node(.stack(.horizontal, alignment: last ? .lastTextBaseline : .firstTextBaseline, spacing: 0), [big, wrapped])
            let r = layout(root)
            #expect(r.texts[wrapped.id]!.lastBaseline - r.texts[wrapped.id]!.firstBaseline == 12)
            #expect(line(r, big, last: last) == line(r, wrapped, last: last))
            // First: the wrapped text hangs below the title (18 + 24 = 42); last: it fits in the 36.
            #expect(r.frames[root.id]![0].height == (last ? 36 : 42))
        }
    }

    @Test mutating func aVStackOffersItsFirstChildsFirstBaselineAndItsLastChildsLast() {
        for last in [false, true] {
            t = Tree()
            let caption = text("cap", 10), value = text("42", 30)
            let column = t.node(.stack(.vertical, alignment: 0, spacing: 4), [caption, value])
            let label = text("Label", 20)
            let root = t.node(.stack(.horizontal, alignment: last ? .lastTextBaseline : .firstTextBaseline, spacing: 8), [column, label])
            let r = layout(root)
            #expect(line(r, label) == (last ? line(r, value) : line(r, caption)))
        }
    }

    @Test mutating func paddingAndFramesMoveTheBaselineWithTheirContent() {
        let big = text("Big", 30)
        let padded = text("small", 10, [.padding(Insets(top: 5, left: 0, bottom: 0, right: 0)), .frame(FrameSpec(height: 60, alignment: .bottom))])
        let root = t.node(.stack(.horizontal, alignment: .firstTextBaseline, spacing: 0), [big, padded])
        let r = layout(root)
        #expect(line(r, big) == line(r, padded))
    }
}

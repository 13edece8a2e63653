// The layout cases Holoframe relies on, as a table of expected frames, each with where the
// behaviour comes from. Apple does not document SwiftUI's layout algorithm; the sources are what
// was measured and published about it:
//   [TiS]  objc.io, "Thinking in SwiftUI" (2nd ed., 2023), ch. 4 "Layout" (stacks, frames, padding,
//          fixedSize, overlay/background), measured on iOS 16/17.
//   [SUL]  The SwiftUI Lab, "Inspecting the View Tree" and "Frame Behaviors" (Javier Nigro).
//   [OSU]  OpenSwiftUI's StackLayout.swift and FlexFrameLayout (a reimplementation checked against SwiftUI).
//   [API]  Apple's documentation of the modifier (its stated behaviour, e.g. padding()'s default).
//   [WWDC] WWDC 2019 "Building Custom Views with SwiftUI" (parent proposes, child chooses, parent places).
// Text here is measured by a fixed-width stand-in (10 pt a character, 12 pt lines) so the table
// does not depend on a font.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene
import HoloText
import Testing

struct TenPointText: TextMeasuring {
    func width(_ text: Substring, _ font: Font) -> Double { Double(text.count) * 10 }
    func lineMetrics(_ font: Font) -> LineMetrics { LineMetrics(ascent: 8, descent: 2, lineHeight: 12) }
}

/// Builds trees with ids in order, for the table.
struct Tree {
    var next = 0
    mutating func node(_ kind: LayoutKind, _ children: [LayoutNode] = [], _ modifiers: [LayoutModifier] = [], priority: Double = 0) -> LayoutNode {
        next += 1
        return LayoutNode(id: next, kind, children: children, modifiers: modifiers, layoutPriority: priority)
    }
    mutating func text(_ s: String, _ modifiers: [LayoutModifier] = [], priority: Double = 0) -> LayoutNode {
        node(.text(TextContent(s, font: Font(size: 10))), [], modifiers, priority: priority)
    }
    mutating func color(_ modifiers: [LayoutModifier] = []) -> LayoutNode { node(.flexible, [], modifiers) }
}

/// Lays `root` out as the root of a `width` × `height` screen with no safe area, at 1x (no rounding
/// below a point), and returns each node's outermost frame.
func frames(_ root: LayoutNode, _ width: Double, _ height: Double, scale: Double = 1) -> [Int: Rect] {
    let env = LayoutEnvironment(screen: Size(width, height), safeArea: Insets(), displayScale: scale, measure: TenPointText())
    return Layout.layout(root, in: env).frames.mapValues { $0.last! }
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

@Suite struct StackLayoutTests {
    @Test("[TiS][API] a VStack's default spacing is 8 and it hugs its children; the root is centred")
    func vstackDefaultSpacing() {
        var t = Tree()
        let a = t.color([.frame(FrameSpec(width: 100, height: 50))]), b = t.color([.frame(FrameSpec(width: 60, height: 50))])
        let root = t.node(.stack(.vertical, alignment: 0.5, spacing: nil), [a, b])
        let f = frames(root, 300, 400)
        #expect(f[root.id] == rect(100, 146, 100, 108))
        #expect(f[a.id] == rect(100, 146, 100, 50))
        #expect(f[b.id] == rect(120, 204, 60, 50))
    }

    @Test("[TiS] an HStack splits its room evenly between equally flexible children")
    func evenSplit() {
        var t = Tree()
        let a = t.color(), b = t.color()
        let root = t.node(.stack(.horizontal, alignment: 0.5, spacing: 0), [a, b])
        let f = frames(root, 300, 100)
        #expect(f[a.id] == rect(0, 0, 150, 100))
        #expect(f[b.id] == rect(150, 0, 150, 100))
    }

    @Test("[TiS][OSU] the least flexible child is served first; a text takes only its width; the rest goes to the colour")
    func leastFlexibleFirst() {
        var t = Tree()
        let text = t.text("short"), color = t.color()
        let root = t.node(.stack(.horizontal, alignment: 0.5, spacing: nil), [color, text])
        let f = frames(root, 300, 100)
        #expect(f[color.id] == rect(0, 0, 242, 100))
        #expect(f[text.id] == rect(250, 44, 50, 12))
    }

    @Test("[TiS] a fixed frame is inflexible: the others share what it leaves")
    func fixedFrameFirst() {
        var t = Tree()
        let a = t.color([.frame(FrameSpec(width: 50))]), b = t.color(), c = t.color()
        let root = t.node(.stack(.horizontal, alignment: 0.5, spacing: 0), [b, a, c])
        let f = frames(root, 300, 100)
        #expect(f[b.id] == rect(0, 0, 125, 100))
        #expect(f[a.id] == rect(125, 0, 50, 100))
        #expect(f[c.id] == rect(175, 0, 125, 100))
    }

    @Test("[TiS][API] layoutPriority: the higher priority is offered everything but the lower ones' least sizes")
    func layoutPriority() {
        var t = Tree()
        let low = t.text(String(repeating: "a", count: 40))
        let high = t.text(String(repeating: "b", count: 40), priority: 1)
        let root = t.node(.stack(.horizontal, alignment: 0, spacing: 0), [low, high])
        let f = frames(root, 300, 600)
        // The low text's least width is one character (10); the high one wraps in 290 → 29 a line.
        #expect(f[high.id]!.width == 290)
        #expect(f[low.id]!.width == 10)
    }

    @Test("[TiS][API] a Spacer takes the room between; stack spacing applies beside it too")
    func spacerBetween() {
        var t = Tree()
        let a = t.text("A"), s = t.node(.spacer(minLength: nil)), b = t.text("B")
        let root = t.node(.stack(.horizontal, alignment: 0.5, spacing: nil), [a, s, b])
        let f = frames(root, 300, 100)
        #expect(f[a.id] == rect(0, 44, 10, 12))
        #expect(f[s.id]!.width == 264)
        #expect(f[b.id] == rect(290, 44, 10, 12))
    }

    @Test("[API] a Spacer keeps its minLength even when the stack overflows")
    func spacerMinLength() {
        var t = Tree()
        let a = t.color([.frame(FrameSpec(width: 295))]), s = t.node(.spacer(minLength: nil))
        let root = t.node(.stack(.horizontal, alignment: 0.5, spacing: 0), [a, s])
        let f = frames(root, 300, 100, scale: 2)
        #expect(f[s.id]!.width == 8)
        #expect(f[root.id]!.width == 303)
    }

    @Test("[SUL][API] frame(maxWidth: .infinity, alignment: .leading) fills the width and puts its content at the leading edge")
    func maxWidthInfinity() {
        var t = Tree()
        let text = t.text("Hi", [.frame(FrameSpec(maxWidth: .infinity, alignment: .leading))])
        let root = t.node(.stack(.vertical, alignment: 0.5, spacing: nil), [text])
        let env = LayoutEnvironment(screen: Size(358, 100), displayScale: 1, measure: TenPointText())
        let r = Layout.layout(root, in: env)
        #expect(r.frames[text.id]![1] == rect(0, 44, 358, 12))
        #expect(r.frames[text.id]![0] == rect(0, 44, 20, 12))
    }

    @Test("[SUL] frame(minWidth:) grows a small child to the minimum; frame(maxWidth:) caps a flexible one")
    func flexibleFrameBounds() {
        var t = Tree()
        let small = t.text("A", [.frame(FrameSpec(minWidth: 50))])
        let capped = t.color([.frame(FrameSpec(maxWidth: 100))])
        let root = t.node(.stack(.vertical, alignment: 0, spacing: 0), [small, capped])
        let f = frames(root, 300, 100)
        #expect(f[small.id]!.width == 50)
        #expect(f[capped.id]!.width == 100)
    }

    @Test("[API] padding() is 16 on every edge; padding(e) proposes the inset size")
    func padding() {
        var t = Tree()
        let text = t.text("Hi", [.padding(Insets(top: 16, left: 16, bottom: 16, right: 16))])
        let f = frames(text, 300, 100)
        #expect(f[text.id] == rect(124, 28, 52, 44))
        var u = Tree()
        let wrapped = u.text("aaaa bbbb", [.padding(Insets(top: 0, left: 10, bottom: 0, right: 10))])
        let g = Layout.layout(wrapped, in: LayoutEnvironment(screen: Size(70, 100), displayScale: 1, measure: TenPointText()))
        #expect(g.frames[wrapped.id]![0].size == Size(40, 24))
    }

    @Test("[TiS] fixedSize gives the ideal size whatever is offered")
    func fixedSize() {
        var t = Tree()
        let text = t.text("aaaa bbbb", [.fixedSize(horizontal: true, vertical: true)])
        let r = Layout.layout(text, in: LayoutEnvironment(screen: Size(50, 100), displayScale: 1, measure: TenPointText()))
        #expect(r.frames[text.id]![0].size == Size(90, 12))
    }

    @Test("[TiS] a ZStack is as large as its largest child and aligns every child in it")
    func zstack() {
        var t = Tree()
        let big = t.color([.frame(FrameSpec(width: 100, height: 80))]), small = t.text("Hi")
        let root = t.node(.zstack(.bottomTrailing), [big, small])
        let f = frames(root, 300, 200)
        #expect(f[root.id] == rect(100, 60, 100, 80))
        #expect(f[small.id] == rect(180, 128, 20, 12))
    }

    @Test("[TiS][API] background and overlay take the modified view's size and are centred in it")
    func backgroundOverlay() {
        var t = Tree()
        let bg = t.color(), badge = t.color([.frame(FrameSpec(width: 10, height: 10))])
        let text = t.text("Hello", [.padding(Insets(top: 4, left: 4, bottom: 4, right: 4)), .background(bg, .center), .overlay(badge, .topTrailing)])
        let f = frames(text, 300, 100)
        #expect(f[bg.id] == f[text.id])
        #expect(f[text.id] == rect(121, 40, 58, 20))
        #expect(f[badge.id] == rect(169, 40, 10, 10))
    }

    @Test("[TiS] text wraps in the width offered and is as wide as its widest line")
    func textWraps() {
        var t = Tree()
        let text = t.text("aaaa bbbb")
        let root = t.node(.stack(.vertical, alignment: 0, spacing: 0), [text])
        let r = Layout.layout(root, in: LayoutEnvironment(screen: Size(50, 100), displayScale: 1, measure: TenPointText()))
        #expect(r.frames[text.id]![0].size == Size(40, 24))
        #expect(r.texts[text.id]!.wrapWidth == 50)
        #expect(r.texts[text.id]!.firstBaseline == 9) // (12 − 10) / 2 + 8
    }

    @Test("[API] text offered less height than its lines shows the lines that fit")
    func textHeightLimit() {
        var t = Tree()
        let text = t.text("aaaa bbbb cccc", [.frame(FrameSpec(height: 30))])
        let r = Layout.layout(text, in: LayoutEnvironment(screen: Size(50, 100), displayScale: 1, measure: TenPointText()))
        #expect(r.frames[text.id]![0].height == 24)
        #expect(r.texts[text.id]!.lineLimit == 2)
    }

    @Test("[API] head and middle truncation cut one line around an ellipsis")
    func truncationModes() {
        var t = Tree()
        let head = t.node(.text(TextContent("abcdefghij", font: Font(size: 10), lineLimit: 1, truncation: .head)))
        let middle = t.node(.text(TextContent("abcdefghij", font: Font(size: 10), lineLimit: 1, truncation: .middle)))
        let root = t.node(.stack(.vertical, alignment: 0, spacing: 0), [head, middle])
        let r = Layout.layout(root, in: LayoutEnvironment(screen: Size(60, 100), displayScale: 1, measure: TenPointText()))
        #expect(r.texts[head.id]!.string == "…fghij")
        #expect(r.texts[middle.id]!.string == "abc…ij")
    }

    @Test("[API] a Divider in a VStack is a hairline (one device pixel) as wide as offered")
    func divider() {
        var t = Tree()
        let d = t.node(.divider), a = t.text("A")
        let root = t.node(.stack(.vertical, alignment: 0.5, spacing: 0), [a, d])
        let f = frames(root, 200, 100, scale: 4)
        #expect(f[d.id]!.width == 200)
        #expect(f[d.id]!.height == 0.25)
    }

    @Test("[API] a resizable image with aspectRatio fits in (or fills) what is offered")
    func aspectRatio() {
        var t = Tree()
        let fit = t.node(.aspect(ratio: 2, fill: false), [], [.frame(FrameSpec(width: 100, height: 100))])
        let fill = t.node(.aspect(ratio: 2, fill: true), [], [.frame(FrameSpec(width: 100, height: 100))])
        let root = t.node(.stack(.vertical, alignment: 0.5, spacing: 0), [fit, fill])
        let r = Layout.layout(root, in: LayoutEnvironment(screen: Size(300, 300), displayScale: 1, measure: TenPointText()))
        #expect(r.frames[fit.id]![0].size == Size(100, 50))
        #expect(r.frames[fill.id]![0].size == Size(200, 100))
    }

    @Test("[API] ignoresSafeArea grows a view that reaches the safe area's edge to the screen's")
    func ignoresSafeArea() {
        var t = Tree()
        var bg = t.color()
        bg.ignoresSafeArea = true
        let env = LayoutEnvironment(screen: Size(390, 844), safeArea: Insets(top: 47, bottom: 34), displayScale: 3, measure: TenPointText())
        let r = Layout.layout(bg, in: env)
        #expect(r.frames[bg.id]![0] == rect(0, 0, 390, 844))
        var u = Tree()
        let plain = u.color()
        #expect(Layout.layout(plain, in: env).frames[plain.id]![0] == rect(0, 47, 390, 763))
    }

    @Test("a scroll view reaches under the safe area, insets its content by it and lays the content out unbounded")
    func scrollView() {
        var t = Tree()
        let rows = (0..<10).map { _ in t.color([.frame(FrameSpec(height: 100))]) }
        let content = t.node(.stack(.vertical, alignment: 0.5, spacing: 0), rows, [.padding(Insets(top: 0, left: 16, bottom: 0, right: 16))])
        let scroll = t.node(.scrollView, [content])
        let env = LayoutEnvironment(screen: Size(390, 844), safeArea: Insets(top: 47, bottom: 34), displayScale: 3, measure: TenPointText())
        let r = Layout.layout(scroll, in: env)
        let g = r.scrollViews[scroll.id]!
        #expect(g.frame == rect(0, 0, 390, 844))
        #expect(g.contentInsets == Insets(top: 47, bottom: 34))
        #expect(g.contentFrame == rect(0, 47, 390, 1000))
        #expect(g.scrollableHeight == 1081)
        #expect(r.frames[rows[9].id]!.last == rect(16, 947, 358, 100))
    }

    @Test("frames snap to the device's pixel grid")
    func pixelSnapping() {
        var t = Tree()
        let a = t.color(), b = t.color(), c = t.color()
        let root = t.node(.stack(.horizontal, alignment: 0.5, spacing: 0), [a, b, c])
        let f = frames(root, 100, 10, scale: 2)
        #expect(f[a.id]! == rect(0, 0, 33.5, 10))
        #expect(f[b.id]! == rect(33.5, 0, 33, 10))
        #expect(f[c.id]! == rect(66.5, 0, 33.5, 10))
    }
}

@Suite struct SpacerServedLastTests {
    @Test("[TiS] a long title beside a Spacer and a chevron takes the room it needs; the Spacer keeps its minimum")
    func titleBesideSpacer() {
        var t = Tree()
        let title = t.text("A title of twenty ch"), s = t.node(.spacer(minLength: nil)), chevron = t.color([.frame(FrameSpec(width: 10, height: 10))])
        let root = t.node(.stack(.horizontal, alignment: 0.5, spacing: 8), [title, s, chevron])
        let f = frames(root, 300, 100, scale: 2)
        // 300 − 16 spacing − 10 chevron − 8 spacer minimum = 266 ≥ the title's 200: one line, whole;
        // the spacer takes the 74 left.
        #expect(f[title.id]!.width == 200)
        #expect(f[title.id]!.height == 12)
        #expect(f[s.id]!.width == 74)
    }

    @Test("[TiS] beside a colour (no spacer) a long text is offered half the row, SwiftUI's known truncation")
    func textBesideColorSplits() {
        var t = Tree()
        let text = t.node(.text(TextContent("A title of twenty ch", font: Font(size: 10), lineLimit: 1))), color = t.color()
        let root = t.node(.stack(.horizontal, alignment: 0.5, spacing: 0), [text, color])
        let r = Layout.layout(root, in: LayoutEnvironment(screen: Size(300, 100), displayScale: 2, measure: TenPointText()))
        #expect(r.frames[text.id]!.last!.width <= 150)
        #expect(r.texts[text.id]!.wrapWidth == 150)
    }
}

@Suite struct LayoutEdgeTests {
    @Test("a zero-size font with newlines in a short frame neither traps nor divides by zero")
    func zeroSizeText() {
        var t = Tree()
        let text = t.node(.text(TextContent("a\nb\nc", font: Font(size: 0))), [], [.frame(FrameSpec(height: 5))])
        let r = Layout.layout(text, in: LayoutEnvironment(screen: Size(100, 100), displayScale: 2, measure: ZeroText()))
        #expect(r.frames[text.id]![0].height == 0)
    }
}

struct ZeroText: TextMeasuring {
    func width(_ text: Substring, _ font: Font) -> Double { 0 }
    func lineMetrics(_ font: Font) -> LineMetrics { LineMetrics(ascent: 0, descent: 0, lineHeight: 0) }
}

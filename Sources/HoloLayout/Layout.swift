// Layout: sizes and places a `LayoutNode` tree on a screen, as SwiftUI does.
//
// Two questions are asked of every view, each with a proposal: how big would you be
// (`size(_:level:_:)`), and, once the parent has chosen, where do your children go (`place`). A
// view with modifiers is a chain: level 0 is the view itself, level k the view inside its first k
// modifiers, and each level answers both questions from the level inside it:
//
//   padding e      size = inner(p − e) + e; the inner view sits e.leading, e.top in
//   frame (fixed)  size = (width ?? inner.w, height ?? inner.h); inner offered (width ?? p.w, …)
//   frame (flex)   inner offered p clamped to [min, max] (nil: ideal, or nil); size as SwiftUI's
//                  _FlexFrameLayout: max(min, min(inner, p)) then min(max, max(inner, p)), per axis
//   fixedSize      the inner view offered nil on those axes (its ideal size)
//   background,    size = inner's; the secondary view offered that size and aligned in it
//   overlay
//
// Stacks divide their room as SwiftUI's do (StackLayout.swift), a ZStack is as large as its
// largest child with every child aligned in it, a scroll view takes what it is offered and lays its
// content out with an unbounded height.
//
// Sizes are memoised per (view, level, proposal) for one layout: a stack asks each child up to
// three times (its least size, its most, then its share), so without the memo a tree d deep would
// be measured 3^d times. Frames are rounded to the device's pixel grid when they are recorded
// (SwiftUI rounds view frames to pixels), after the arithmetic, so rounding never accumulates.

import HoloGeometry
import HoloMotion
import HoloScene

/// What layout needs to know of the screen.
public struct LayoutEnvironment: Sendable {
    /// The screen in points.
    public var screen: Size
    /// The safe area's insets from the screen's edges.
    public var safeArea: Insets
    /// Pixels per point of the device (not the render's `--scale`: a 1x golden lays out as the 3x render).
    public var displayScale: Double
    public var measure: any TextMeasuring

    public init(screen: Size, safeArea: Insets = Insets(), displayScale: Double = 3, measure: any TextMeasuring = FontLibraryMeasure()) {
        self.screen = screen; self.safeArea = safeArea; self.displayScale = displayScale; self.measure = measure
    }

    /// The screen less its safe-area insets.
    public var safeRect: Rect {
        Rect(x: safeArea.left, y: safeArea.top, width: max(0, screen.width - safeArea.left - safeArea.right),
             height: max(0, screen.height - safeArea.top - safeArea.bottom))
    }
}

/// A scroll view's geometry: its frame on screen (the viewport), how far its content is inset from
/// that frame (the safe area it reaches under, as UIKit's automatic content insets), and the
/// content's size. `contentFrame` is the content's place at scroll offset 0.
public struct ScrollGeometry: Hashable, Sendable {
    public var frame: Rect
    public var contentInsets: Insets
    public var contentFrame: Rect
    /// The height the scroll simulation scrolls through: content and insets.
    public var scrollableHeight: Double { contentFrame.height + contentInsets.top + contentInsets.bottom }
}

/// Where layout put everything.
public struct LayoutResult: Hashable, Sendable {
    /// Per node id, the frame at each modifier level: `[0]` the view itself, `[k]` the view inside
    /// its first k modifiers (the last is the frame its parent placed). Scroll content's frames are
    /// at scroll offset 0.
    public var frames: [Int: [Rect]] = [:]
    public var texts: [Int: TextFit] = [:]
    public var scrollViews: [Int: ScrollGeometry] = [:]
}

public struct Layout {
    let environment: LayoutEnvironment
    private var memo: [Key: Size] = [:]
    private var result = LayoutResult()
    /// Inside a scroll view's content: safe-area growth does not apply there.
    private var inScrollContent = false
    /// The safe area where the view being placed is: the screen's, less any `safeAreaPadding` around it.
    private var safeRect: Rect

    private struct Key: Hashable {
        var id: Int, level: Int, width: Double?, height: Double?, axis: Axis?
    }

    public init(environment: LayoutEnvironment) { self.environment = environment; safeRect = environment.safeRect }

    /// Lays `root` out on the screen as a root view: offered the safe area (the screen when it
    /// ignores the safe area) and centred in it.
    public static func layout(_ root: LayoutNode, in environment: LayoutEnvironment) -> LayoutResult {
        var layout = Layout(environment: environment)
        let room = root.ignoresSafeArea ? Rect(origin: .zero, size: environment.screen) : environment.safeRect
        let proposal = ProposedSize(width: room.width, height: room.height)
        let size = layout.size(root, proposal)
        layout.place(root, proposal, at: Alignment.center.origin(of: size, in: room))
        return layout.result
    }

    /// Lays `root` out offered `proposal` (nil on an axis: its ideal size there), with its top-leading
    /// corner at the origin: a part of a screen laid out on its own, such as a card in a scrolled
    /// column, whose size its parent reads before placing it.
    public static func layout(_ root: LayoutNode, proposal: ProposedSize, in environment: LayoutEnvironment) -> (size: Size, result: LayoutResult) {
        var layout = Layout(environment: environment)
        let size = layout.size(root, proposal)
        layout.place(root, proposal, at: .zero)
        return (size, layout.result)
    }

    /// The size `node` chooses for `proposal` (`stackAxis`: the axis of the stack it is in, which
    /// spacers and dividers follow).
    public mutating func size(_ node: LayoutNode, _ proposal: ProposedSize, stackAxis: Axis? = nil) -> Size {
        size(node, level: node.modifiers.count, proposal, stackAxis)
    }

    // MARK: Sizing

    private mutating func size(_ node: LayoutNode, level: Int, _ p: ProposedSize, _ axis: Axis?) -> Size {
        let key = Key(id: node.id, level: level, width: p.width, height: p.height, axis: axis)
        if let s = memo[key] { return s }
        let s: Size
        if level == 0 {
            s = baseSize(node, p, axis)
        } else {
            switch node.modifiers[level - 1] {
            case .padding(let e), .safeAreaPadding(let e):
                let inner = size(node, level: level - 1, Self.inset(p, e), axis)
                s = Size(inner.width + e.left + e.right, inner.height + e.top + e.bottom)
            case .frame(let f):
                s = frameSize(f, p) { q in self.size(node, level: level - 1, q, axis) }.size
            case .fixedSize(let h, let v):
                s = size(node, level: level - 1, ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height), axis)
            case .background, .overlay, .render:
                s = size(node, level: level - 1, p, axis)
            }
        }
        memo[key] = s
        return s
    }

    private mutating func baseSize(_ node: LayoutNode, _ p: ProposedSize, _ axis: Axis?) -> Size {
        switch node.kind {
        case .stack(let major, let alignment, let spacing):
            let shares = stackShares(node.children, major, spacing, p)
            var s = Self.stackSize(shares.map(\.size), major, spacing)
            if major == .horizontal, alignment != .fraction(alignment.fraction) {
                s.height = baselineRows(node.children, shares, alignment).height
            }
            return s
        case .zstack:
            var w = 0.0, h = 0.0
            for child in node.children {
                let s = size(child, p)
                w = max(w, s.width); h = max(h, s.height)
            }
            return Size(w, h)
        case .spacer(let minLength):
            let least = max(0, minLength ?? Self.defaultSpacing)
            guard let axis else {
                // Outside a stack a spacer takes what it is offered on both axes.
                return Size(max(least, p.width ?? least), max(least, p.height ?? least))
            }
            // Offered infinity it reports infinity: that is how a stack learns it is the most flexible.
            let along = p[axis].map { max(least, $0) } ?? least
            return Size(along, along: axis, minor: 0)
        case .divider:
            let thickness = 1 / environment.displayScale
            // Across the stack: a VStack's divider is a horizontal line as wide as offered.
            let across: Axis = axis == .horizontal ? .vertical : .horizontal
            let length = Self.finite(p[across]) ?? 0
            return across == .horizontal ? Size(length, thickness) : Size(thickness, length)
        case .scrollView:
            let content = node.children.first.map { size($0, ProposedSize(width: p.width, height: nil)) } ?? .zero
            return Size(p.width.map { max(0, $0) } ?? content.width, p.height.map { max(0, $0) } ?? content.height)
        case .flexible:
            // Offered infinity a shape reports infinity (only a stack probing its flexibility offers it).
            return Size(p.width.map { max(0, $0) } ?? 10, p.height.map { max(0, $0) } ?? 10)
        case .fixed(let s):
            return s
        case .aspect(let ratio, let fill):
            return Self.aspectSize(ratio: ratio, fill: fill, p)
        case .text(let t):
            return t.fit(p, measure: environment.measure).0
        }
    }

    static let defaultSpacing = 8.0

    static func finite(_ v: Double?) -> Double? { v.flatMap { $0.isFinite ? max(0, $0) : nil } }

    static func inset(_ p: ProposedSize, _ e: Insets) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - e.left - e.right) }, height: p.height.map { max(0, $0 - e.top - e.bottom) })
    }

    /// A resizable image with an aspect ratio: the largest box of that ratio inside the proposal
    /// (fit) or the smallest covering it (fill); an unspecified or infinite side follows the other.
    static func aspectSize(ratio: Double, fill: Bool, _ p: ProposedSize) -> Size {
        let r = ratio > 0 && ratio.isFinite ? ratio : 1
        let w = finite(p.width), h = finite(p.height)
        switch (w, h) {
        case (nil, nil): return Size(10 * r, 10)
        case (let w?, nil): return Size(w, w / r)
        case (nil, let h?): return Size(h * r, h)
        case (let w?, let h?):
            let byWidth = Size(w, w / r), byHeight = Size(h * r, h)
            let widthFits = byWidth.height <= h
            return fill ? (widthFits ? byHeight : byWidth) : (widthFits ? byWidth : byHeight)
        }
    }

    /// A frame's size for `p`, with the proposal its child gets and the child's size.
    private func frameSize(_ f: FrameSpec, _ p: ProposedSize, child: (ProposedSize) -> Size) -> (size: Size, inner: ProposedSize, child: Size) {
        var q = ProposedSize(width: nil, height: nil)
        for axis in [Axis.horizontal, .vertical] {
            let fixed = axis == .horizontal ? f.width : f.height
            if let fixed { q[axis] = max(0, fixed); continue }
            let lo = axis == .horizontal ? f.minWidth : f.minHeight
            let ideal = axis == .horizontal ? f.idealWidth : f.idealHeight
            let hi = axis == .horizontal ? f.maxWidth : f.maxHeight
            var v = p[axis] ?? ideal
            if var x = v {
                if let lo { x = max(lo, x) }
                if let hi { x = min(hi, x) }
                v = x
            }
            q[axis] = v
        }
        let c = child(q)
        var s = c
        for axis in [Axis.horizontal, .vertical] {
            let fixed = axis == .horizontal ? f.width : f.height
            if let fixed { s[axis] = max(0, fixed); continue }
            let lo = axis == .horizontal ? f.minWidth : f.minHeight
            let hi = axis == .horizontal ? f.maxWidth : f.maxHeight
            var v = c[axis]
            // The clamped proposal (the ideal when none came): a flexible frame grows to it.
            if let offered = q[axis] {
                if let lo { v = max(lo, min(v, offered)) }
                if let hi { v = min(hi, max(v, offered)) }
            } else {
                if let lo { v = max(lo, v) }
                if let hi { v = min(hi, v) }
            }
            s[axis] = v
        }
        return (s, q, c)
    }

    // MARK: Stacks

    /// Each child's size in a stack along `axis` offered `p`:
    ///  1. the spacing between children is set aside;
    ///  2. each child's flexibility is its largest size along the axis less its smallest (offered
    ///     `.infinity`, then 0);
    ///  3. children are served by layout priority, highest first, spacers after all of them; within
    ///     a priority the least flexible first; each is offered an equal share of what is left (after
    ///     the least sizes of the lower priorities and the spacers are set aside), takes what it
    ///     takes, and the rest goes on.
    /// With nothing proposed along the axis every child is asked for its ideal size. (SwiftUI's
    /// algorithm as measured and published: objc.io "Thinking in SwiftUI", ch. Layout; Javier
    /// Nigro, "The SwiftUI Lab: Stacks"; OpenSwiftUI's StackLayout. The cases relied on are
    /// tabulated in HoloLayoutTests/StackLayoutTests.swift with their sources.)
    private mutating func stackSizes(_ children: [LayoutNode], _ axis: Axis, _ spacing: Double?, _ p: ProposedSize) -> [Size] {
        stackShares(children, axis, spacing, p).map(\.size)
    }

    /// Each child's offer and the size it chose for it.
    private mutating func stackShares(_ children: [LayoutNode], _ axis: Axis, _ spacing: Double?, _ p: ProposedSize) -> [(offer: ProposedSize, size: Size)] {
        let n = children.count
        guard n > 0 else { return [] }
        let minor = p[axis.other]
        let unspecified = ProposedSize.unspecified.with(axis.other, minor)
        guard let along = p[axis] else {
            return children.map { (unspecified, size($0, unspecified, stackAxis: axis)) }
        }
        let gaps = Double(n - 1) * (spacing ?? Self.defaultSpacing)
        var least = [Double](repeating: 0, count: n), flexibility = least
        for (i, child) in children.enumerated() {
            least[i] = size(child, unspecified.with(axis, 0), stackAxis: axis)[axis]
            let most = size(child, unspecified.with(axis, .infinity), stackAxis: axis)[axis]
            flexibility[i] = most - least[i]
        }
        var out = [(offer: ProposedSize, size: Size)](repeating: (unspecified, .zero), count: n)
        var remaining = along.isFinite ? along - gaps : .infinity
        // Spacers are served after every other child, as if below every priority: a title beside a
        // Spacer and a chevron takes the room it needs, and the spacer what is left.
        let priority = children.map { if case .spacer = $0.kind { -Double.infinity } else { $0.layoutPriority } }
        for level in Set(priority).sorted(by: >) {
            let group = children.indices.filter { priority[$0] == level }
                .sorted { flexibility[$0] != flexibility[$1] ? flexibility[$0] < flexibility[$1] : $0 < $1 }
            let reservedBelow = children.indices.filter { priority[$0] < level }.reduce(0) { $0 + least[$1] }
            var available = remaining - reservedBelow
            var left = group.count
            for i in group {
                let share = available.isFinite ? max(0, available / Double(left)) : .infinity
                let offer = unspecified.with(axis, share)
                let s = size(children[i], offer, stackAxis: axis)
                out[i] = (offer, s)
                available -= s[axis]
                remaining -= s[axis]
                left -= 1
            }
        }
        return out
    }

    static func stackSize(_ sizes: [Size], _ axis: Axis, _ spacing: Double?) -> Size {
        guard !sizes.isEmpty else { return .zero }
        let major = sizes.reduce(0) { $0 + $1[axis] } + Double(sizes.count - 1) * (spacing ?? defaultSpacing)
        let minor = sizes.reduce(0) { max($0, $1[axis.other]) }
        return Size(major, along: axis, minor: minor)
    }

    // MARK: Placing

    /// Places `node`, which chose its size for `p`, with its top-leading corner at `origin`.
    public mutating func place(_ node: LayoutNode, _ p: ProposedSize, at origin: Point, stackAxis: Axis? = nil) {
        var p = p, origin = origin
        if node.ignoresSafeArea && !inScrollContent {
            // Grow to the screen's edge on every side whose safe-area edge the view reaches.
            let s = size(node, level: node.modifiers.count, p, stackAxis)
            let grown = grownIntoUnsafeArea(Rect(origin: origin, size: s))
            if grown.size != s {
                p = ProposedSize(width: grown.width, height: grown.height)
                origin = grown.origin
            }
        }
        result.frames[node.id] = Array(repeating: .zero, count: node.modifiers.count + 1)
        place(node, level: node.modifiers.count, p, origin, stackAxis)
    }

    /// `r` grown to the screen's edge on each side where it reaches the safe area's edge.
    func grownIntoUnsafeArea(_ r: Rect) -> Rect {
        let safe = safeRect, screen = environment.screen, eps = 0.5 / environment.displayScale
        let minX = r.minX <= safe.minX + eps ? min(r.minX, 0) : r.minX
        let minY = r.minY <= safe.minY + eps ? min(r.minY, 0) : r.minY
        let maxX = r.maxX >= safe.maxX - eps ? max(r.maxX, screen.width) : r.maxX
        let maxY = r.maxY >= safe.maxY - eps ? max(r.maxY, screen.height) : r.maxY
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private mutating func place(_ node: LayoutNode, level: Int, _ p: ProposedSize, _ origin: Point, _ axis: Axis?) {
        let s = size(node, level: level, p, axis)
        let frame = Rect(origin: origin, size: s)
        result.frames[node.id]![level] = snapped(frame)
        guard level > 0 else { placeBase(node, p, frame, axis); return }
        switch node.modifiers[level - 1] {
        case .padding(let e):
            place(node, level: level - 1, Self.inset(p, e), Point(origin.x + e.left, origin.y + e.top), axis)
        case .safeAreaPadding(let e):
            // Inside, the safe area ends where the padding ends on each padded side the view's frame
            // reaches the safe area's edge from (a bar's room is unsafe for what is under it).
            let outer = safeRect
            let inner = Rect(x: frame.minX + e.left, y: frame.minY + e.top, width: max(0, frame.width - e.left - e.right),
                             height: max(0, frame.height - e.top - e.bottom))
            let eps = 0.5 / environment.displayScale
            let minX = e.left > 0 && frame.minX <= outer.minX + eps ? max(outer.minX, inner.minX) : outer.minX
            let minY = e.top > 0 && frame.minY <= outer.minY + eps ? max(outer.minY, inner.minY) : outer.minY
            let maxX = e.right > 0 && frame.maxX >= outer.maxX - eps ? min(outer.maxX, inner.maxX) : outer.maxX
            let maxY = e.bottom > 0 && frame.maxY >= outer.maxY - eps ? min(outer.maxY, inner.maxY) : outer.maxY
            safeRect = Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
            place(node, level: level - 1, Self.inset(p, e), Point(origin.x + e.left, origin.y + e.top), axis)
            safeRect = outer
        case .frame(let f):
            let (_, q, c) = frameSize(f, p) { q in self.size(node, level: level - 1, q, axis) }
            place(node, level: level - 1, q, f.alignment.origin(of: c, in: frame), axis)
        case .fixedSize(let h, let v):
            place(node, level: level - 1, ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height), origin, axis)
        case .background(let secondary, let alignment), .overlay(let secondary, let alignment):
            place(node, level: level - 1, p, origin, axis)
            let q = ProposedSize(width: s.width, height: s.height)
            let size2 = size(secondary, q)
            place(secondary, q, at: alignment.origin(of: size2, in: frame))
        case .render:
            place(node, level: level - 1, p, origin, axis)
        }
    }

    private mutating func placeBase(_ node: LayoutNode, _ p: ProposedSize, _ frame: Rect, _ axis: Axis?) {
        switch node.kind {
        case .stack(let major, let alignment, let spacing):
            let shares = stackShares(node.children, major, spacing, p)
            let minorExtent = Self.stackSize(shares.map(\.size), major, spacing)[major.other]
            var along = major == .horizontal ? frame.minX : frame.minY
            let minorStart = major == .horizontal ? frame.minY : frame.minX
            let onBaselines = major == .horizontal && alignment != .fraction(alignment.fraction)
            let tops = onBaselines ? baselineRows(node.children, shares, alignment).tops : []
            for (i, child) in node.children.enumerated() {
                let s = shares[i].size
                let across = onBaselines ? minorStart + tops[i] : minorStart + (minorExtent - s[major.other]) * alignment.fraction
                place(child, shares[i].offer, at: major == .horizontal ? Point(along, across) : Point(across, along), stackAxis: major)
                along += s[major] + (spacing ?? Self.defaultSpacing)
            }
        case .zstack(let alignment):
            for child in node.children {
                let s = size(child, p)
                place(child, p, at: alignment.origin(of: s, in: frame))
            }
        case .scrollView:
            guard let content = node.children.first else { return }
            // The viewport reaches under the safe area it touches; the content is inset by it.
            let viewport = inScrollContent ? frame : grownIntoUnsafeArea(frame)
            result.frames[node.id]![0] = snapped(viewport)
            let insets = Insets(top: frame.minY - viewport.minY, left: frame.minX - viewport.minX,
                                bottom: viewport.maxY - frame.maxY, right: viewport.maxX - frame.maxX)
            let q = ProposedSize(width: frame.width, height: nil)
            let s = size(content, q)
            let origin = Point(frame.minX + (frame.width - s.width) / 2, frame.minY)
            let wasInside = inScrollContent
            inScrollContent = true
            place(content, q, at: origin)
            inScrollContent = wasInside
            result.scrollViews[node.id] = ScrollGeometry(frame: snapped(viewport), contentInsets: insets,
                                                         contentFrame: Rect(origin: origin, size: s))
        case .text(let t):
            result.texts[node.id] = t.fit(p, measure: environment.measure).1
        case .spacer, .divider, .flexible, .fixed, .aspect:
            break
        }
    }

    // MARK: Text baselines

    /// An HStack aligned on text baselines: each child's top below the stack's top (the child with
    /// the baseline farthest down at the top), and the stack's height.
    private mutating func baselineRows(_ children: [LayoutNode], _ shares: [(offer: ProposedSize, size: Size)],
                                       _ alignment: StackAlignment) -> (tops: [Double], height: Double) {
        let last = alignment == .lastTextBaseline
        let baselines = children.indices.map { baseline(children[$0], level: children[$0].modifiers.count, shares[$0].offer, .horizontal, last: last) }
        let line = baselines.max() ?? 0
        let tops = baselines.map { line - $0 }
        let height = children.indices.reduce(0) { max($0, tops[$1] + shares[$1].size.height) }
        return (tops, height)
    }

    /// Where a view's first (or last) text baseline is, below its top, at the size it takes for `p`:
    /// the first (last) line of the text in it, through padding, frames and stacks (a VStack's
    /// first child's first baseline, its last child's last; an HStack's or ZStack's highest first
    /// and lowest last); a view with no text has it at its bottom edge, as SwiftUI's do.
    mutating func baseline(_ node: LayoutNode, level: Int, _ p: ProposedSize, _ axis: Axis?, last: Bool) -> Double {
        let s = size(node, level: level, p, axis)
        if level > 0 {
            switch node.modifiers[level - 1] {
            case .padding(let e), .safeAreaPadding(let e):
                return e.top + baseline(node, level: level - 1, Self.inset(p, e), axis, last: last)
            case .frame(let f):
                let (_, q, c) = frameSize(f, p) { q in self.size(node, level: level - 1, q, axis) }
                let top = f.alignment.origin(of: c, in: Rect(origin: .zero, size: s)).y
                return top + baseline(node, level: level - 1, q, axis, last: last)
            case .fixedSize(let h, let v):
                return baseline(node, level: level - 1, ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height), axis, last: last)
            case .background, .overlay, .render:
                return baseline(node, level: level - 1, p, axis, last: last)
            }
        }
        switch node.kind {
        case .text(let t):
            let fit = t.fit(p, measure: environment.measure).1
            return last ? fit.lastBaseline : fit.firstBaseline
        case .stack(let major, let alignment, let spacing) where !node.children.isEmpty:
            let shares = stackShares(node.children, major, spacing, p)
            var lines: [Double] = []
            if major == .vertical {
                var top = 0.0
                for (i, child) in node.children.enumerated() {
                    lines.append(top + baseline(child, level: child.modifiers.count, shares[i].offer, .vertical, last: last))
                    top += shares[i].size.height + (spacing ?? Self.defaultSpacing)
                }
                return last ? lines.last! : lines.first!
            }
            let tops: [Double]
            if alignment != .fraction(alignment.fraction) {
                tops = baselineRows(node.children, shares, alignment).tops
            } else {
                tops = shares.map { (s.height - $0.size.height) * alignment.fraction }
            }
            for (i, child) in node.children.enumerated() {
                lines.append(tops[i] + baseline(child, level: child.modifiers.count, shares[i].offer, .horizontal, last: last))
            }
            return last ? lines.max()! : lines.min()!
        case .zstack(let alignment) where !node.children.isEmpty:
            let lines = node.children.map { child in
                let c = size(child, p)
                return alignment.origin(of: c, in: Rect(origin: .zero, size: s)).y + baseline(child, level: child.modifiers.count, p, nil, last: last)
            }
            return last ? lines.max()! : lines.min()!
        default:
            return s.height
        }
    }

    /// `r` with its edges on the device's pixel grid.
    func snapped(_ r: Rect) -> Rect {
        let s = environment.displayScale
        guard s > 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return r }
        let x0 = (r.minX * s).rounded() / s, y0 = (r.minY * s).rounded() / s
        let x1 = (r.maxX * s).rounded() / s, y1 = (r.maxY * s).rounded() / s
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension ProposedSize {
    func with(_ axis: Axis, _ value: Double?) -> ProposedSize {
        var p = self
        p[axis] = value
        return p
    }
}

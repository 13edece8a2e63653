// Overdraw: a root node wholly under a later opaque fill is not drawn, as a compositor skips
// layers hidden under opaque ones (a detail page or a sheet grown over a list: hero's card at the
// end of its morph covers the whole list it came from), and one under such fills across its width
// at its top or bottom is drawn only in the rows between (reveal's sheet risen over its page).
//
// A `.fill` of an opaque solid paint over a rect or a rounded rect, axis-aligned and unclipped,
// puts its colour in every pixel it covers whole (source-over of an opaque colour at coverage 255
// is that colour, whatever was under it): the whole pixels of its rect, or of a rounded rect's two
// bands clear of its corners, across and down (a continuous corner's curve reaches 1.53 radii
// along each edge; the bands stop 1.6 radii from it). A plain group (opacity 1, not a layer) whose
// first child is such a fill does the same within its clip's whole pixels: the children after it
// draw over that colour alone. A node drawn before it whose pixel bounds (`pixelBounds`, which
// hold every pixel it writes; grown by the damage pass's margin, `Damage.slack`, as that pass
// trusts them; cut to the canvas) lie inside those pixels writes nothing the fill does not write
// again, so the frame has the same bytes without it, unless something between the two reads what
// is under it: a material (its blur reaches past the fill). Faded groups blend pixel by pixel and
// layers (blurred, shadowed, tilted, with an effect) read only their own content, so materials
// alone stop it. The same holds row by row: rows of a node's bounds that covers spanning its
// width hold are left out of its drawing (the canvas's row limit, which every drawing honours,
// as the damage bands rely on). A node left out changes no kept state that a later frame's bytes
// depend on: every cache is checked against the content it is asked for.
//
// The background is hidden the same way: the compositor does not fill the rows of a damage band's
// strip that one such fill as wide as the canvas, with no material before it, holds (every pixel
// drawn there before the fill is written again by it).
//
// Found once per frame for the root's nodes (the compositor draws the root once per strip).

import HoloGeometry
import HoloPixels
import HoloScene

/// What the root's opaque fills hide (see the top of this file).
struct Overdraw {
    /// For each root node, true when it is not drawn; nil when none is hidden.
    var hidden: [Bool]? = nil
    /// For each root node, the rows it is drawn in when later covers hide its rows above or below
    /// them (nil: all its rows); nil when no node is cut.
    var rows: [Range<Int>?]? = nil
    /// Pixels (whole, as pixel-aligned rects) that opaque fills with no material before them
    /// write over whatever is under them: the background does not show there.
    var backgroundCovers: [Rect] = []

    /// Node `i` of `count` root nodes not drawn (the compositor drew it already in this strip).
    mutating func hide(_ i: Int, of count: Int) {
        if hidden == nil { hidden = [Bool](repeating: false, count: count) }
        hidden![i] = true
    }

    /// The parts of `rows` of a canvas `width` pixels wide that no full-width cover holds: where
    /// the background must be filled.
    func backgroundRows(_ rows: Range<Int>, width: Int) -> [Range<Int>] {
        var open = [rows]
        for c in backgroundCovers where c.minX <= 0 && c.maxX >= Double(width) {
            let lo = Int(c.minY), hi = Int(c.maxY)
            open = open.flatMap { r -> [Range<Int>] in
                guard lo < r.upperBound, hi > r.lowerBound else { return [r] }
                return [r.lowerBound..<max(r.lowerBound, lo), min(r.upperBound, hi)..<r.upperBound].filter { !$0.isEmpty }
            }
        }
        return open
    }
}

extension SceneRenderer {
    /// What the opaque fills among `nodes` (the root's, drawn in order under `transform`, no clip)
    /// hide on a canvas of `size` pixels (nil: unbounded): the nodes wholly under a later one with
    /// no material between, the rows of a node that later covers spanning its width hide above or
    /// below the rest, and the pixels where the background cannot show.
    func overdraw(_ nodes: [Node], transform: AffineTransform, size: (width: Int, height: Int)? = nil) throws -> Overdraw {
        try overdraw(RootBounds(nodes, transform: transform, renderer: self), size: size)
    }

    /// `overdraw` of the root nodes `root` holds, their bounds taken from it.
    func overdraw(_ root: RootBounds, size: (width: Int, height: Int)? = nil) throws -> Overdraw {
        let nodes = root.nodes, transform = root.transform
        guard cullsHiddenNodes, !nodes.isEmpty, transform.b == 0, transform.c == 0 else { return Overdraw() }
        var covers: [Rect] = []
        var result = Overdraw()
        let m = Double(Damage.slack)
        func hides(_ b: Rect) -> Bool {
            covers.contains { $0.minX <= b.minX && $0.minY <= b.minY && b.maxX <= $0.maxX && b.maxY <= $0.maxY }
        }
        for i in nodes.indices.reversed() {
            let node = nodes[i]
            if !covers.isEmpty {
                if var b = try root(i)?.insetBy(dx: -m, dy: -m) {
                    // No pixel outside the canvas is written: its bounds end at the canvas's sides.
                    if let size { b = b.intersection(Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))) }
                    if b.isEmpty || hides(b) {
                        if result.hidden == nil { result.hidden = [Bool](repeating: false, count: nodes.count) }
                        result.hidden![i] = true
                        continue
                    }
                    // (A subtree is searched for a material only while a fill after it hides something.)
                    if node.containsMaterial { covers.removeAll(); continue }
                    if let kept = Self.uncoveredRows(of: b, under: covers) {
                        if result.rows == nil { result.rows = [Range<Int>?](repeating: nil, count: nodes.count) }
                        result.rows![i] = kept
                    }
                } else if node.containsMaterial { covers.removeAll(); continue }
            }
            covers.append(contentsOf: Self.opaqueInterior(node, transform: transform))
        }
        result.backgroundCovers = covers
        return result
    }

    /// The rows of `b` (whole pixels) left when the covers spanning its width take its rows from
    /// the top and from the bottom; nil when they take none.
    static func uncoveredRows(of b: Rect, under covers: [Rect]) -> Range<Int>? {
        guard b.minY.isFinite, b.maxY.isFinite, abs(b.minY) < 1e9, abs(b.maxY) < 1e9 else { return nil }
        let top = Int(b.minY.rounded(.down)), bottom = Int(b.maxY.rounded(.up))
        var y0 = top, y1 = bottom
        var moved = true
        while moved, y0 < y1 {
            moved = false
            for c in covers where c.minX <= b.minX && b.maxX <= c.maxX {
                let lo = Int(c.minY), hi = Int(c.maxY)
                if lo <= y0, hi > y0 { y0 = hi; moved = true }
                if hi >= y1, lo < y1 { y1 = lo; moved = true }
            }
        }
        guard y0 > top || y1 < bottom else { return nil }
        return y0..<max(y0, y1)
    }

    /// The whole pixels (pixel-aligned rects) that `node` sets to an opaque colour whatever is
    /// under them: an axis-aligned opaque solid fill of a rect or rounded rect (a rounded rect's
    /// two bands clear of its corners); or a plain group (opacity 1, not a layer) whose first child
    /// is such a node, within its clip's whole pixels if it has one: there the first child's colour
    /// replaces what was under, and the children after it draw over that colour alone (a sheet
    /// risen over a page).
    static func opaqueInterior(_ node: Node, transform: AffineTransform) -> [Rect] {
        guard transform.b == 0, transform.c == 0 else { return [] }
        if case .group(let g) = node {
            guard g.opacity >= 1, !g.isLayer, let first = g.children.first else { return [] }
            let local = g.placement(under: transform)
            let inner = opaqueInterior(first, transform: local)
            guard !inner.isEmpty, let clip = g.clip else { return inner }
            let kept = wholePixels(of: clip, transform: local)
            return inner.flatMap { a in kept.map { a.intersection($0) } }.filter { !$0.isEmpty }
        }
        guard case .fill(let shape, let paint) = node, case .solid(let color) = paint,
              color.premultipliedRGBA8.word >> 24 == 255 else { return [] }
        return wholePixels(of: shape, transform: transform)
    }

    /// The pixels (pixel-aligned rects) a rect or a rounded rect covers whole under an
    /// axis-aligned `transform`: a rect's own, a rounded rect's two bands 1.6 radii in from its
    /// corners (across and down). None for other shapes.
    static func wholePixels(of shape: Shape, transform: AffineTransform) -> [Rect] {
        guard transform.b == 0, transform.c == 0 else { return [] }
        let bands: [Rect]
        switch shape {
        case .rect(let r): bands = [r]
        case .roundedRect(let r, let radius, _):
            let inset = min(1.6 * max(radius, 0), r.width / 2, r.height / 2)
            bands = inset > 0 ? [r.insetBy(dx: 0, dy: inset), r.insetBy(dx: inset, dy: 0)] : [r]
        default: return []
        }
        return bands.compactMap { inner in
            let b = transform.bounds(of: inner)
            guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
            let x0 = b.minX.rounded(.up), y0 = b.minY.rounded(.up), x1 = b.maxX.rounded(.down), y1 = b.maxY.rounded(.down)
            guard x1 > x0, y1 > y0 else { return nil }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }
}

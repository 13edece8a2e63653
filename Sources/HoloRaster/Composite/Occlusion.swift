// Overdraw: a root node wholly under a later opaque fill is not drawn, as a compositor skips
// layers hidden under opaque ones (a detail page or a sheet grown over a list: hero's card at the
// end of its morph covers the whole list it came from).
//
// A `.fill` of an opaque solid paint over a rect or a rounded rect, axis-aligned and unclipped,
// puts its colour in every pixel it covers whole (source-over of an opaque colour at coverage 255
// is that colour, whatever was under it): the whole pixels of its rect less its corners (a
// continuous corner's curve reaches 1.53 radii along each edge; 1.6 radii are left out on every
// side). A node drawn before it whose pixel bounds (`pixelBounds`, which hold every pixel it
// writes; grown by the damage pass's margin, `Damage.slack`, as that pass trusts them) lie inside
// those pixels writes nothing the fill does not write again, so the frame has
// the same bytes without it, unless something between the two reads what is under it: a material
// (its blur reaches past the fill). Faded groups blend pixel by pixel and layers (blurred,
// shadowed, tilted, with an effect) read only their own content, so materials alone stop it. A
// node left out changes no kept state that a later frame's bytes depend on: every cache is
// checked against the content it is asked for.
//
// The background is hidden the same way: the compositor does not fill a strip of a damage band
// with it when one such fill, with no material before it, covers the strip whole (every pixel
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
    /// Pixels (whole, as pixel-aligned rects) that opaque fills with no material before them
    /// write over whatever is under them: the background does not show there.
    var backgroundCovers: [Rect] = []

    /// True when `rows` of a canvas `width` pixels wide are all inside one of `backgroundCovers`.
    func hidesBackground(rows: Range<Int>, width: Int) -> Bool {
        backgroundCovers.contains {
            $0.minX <= 0 && $0.maxX >= Double(width) && $0.minY <= Double(rows.lowerBound) && $0.maxY >= Double(rows.upperBound)
        }
    }
}

extension SceneRenderer {
    /// What the opaque fills among `nodes` (the root's, drawn in order under `transform`, no clip)
    /// hide: the nodes wholly under a later one with no material between, and the pixels where
    /// the background cannot show.
    func overdraw(_ nodes: [Node], transform: AffineTransform) throws -> Overdraw {
        guard cullsHiddenNodes, !nodes.isEmpty, transform.b == 0, transform.c == 0 else { return Overdraw() }
        var covers: [Rect] = []
        var hidden: [Bool]? = nil
        let m = Double(Damage.slack)
        func hides(_ b: Rect) -> Bool {
            covers.contains { $0.minX <= b.minX && $0.minY <= b.minY && b.maxX <= $0.maxX && b.maxY <= $0.maxY }
        }
        for i in nodes.indices.reversed() {
            let node = nodes[i]
            if !covers.isEmpty {
                if let b = try pixelBounds(of: node, transform: transform), hides(b.insetBy(dx: -m, dy: -m)) {
                    if hidden == nil { hidden = [Bool](repeating: false, count: nodes.count) }
                    hidden![i] = true
                    continue
                }
                // (A subtree is searched for a material only while a fill after it hides something.)
                if node.containsMaterial { covers.removeAll(); continue }
            }
            if let cover = Self.opaqueInterior(node, transform: transform) { covers.append(cover) }
        }
        return Overdraw(hidden: hidden, backgroundCovers: covers)
    }

    /// The whole pixels (as a pixel-aligned rect) that `node` sets to an opaque colour whatever is
    /// under them: an axis-aligned opaque solid fill of a rect or rounded rect, less its corners.
    static func opaqueInterior(_ node: Node, transform: AffineTransform) -> Rect? {
        guard case .fill(let shape, let paint) = node, case .solid(let color) = paint,
              color.premultipliedRGBA8.word >> 24 == 255 else { return nil }
        let inner: Rect
        switch shape {
        case .rect(let r): inner = r
        case .roundedRect(let r, let radius, _):
            let inset = min(1.6 * max(radius, 0), r.width / 2, r.height / 2)
            inner = r.insetBy(dx: inset, dy: inset)
        default: return nil
        }
        let b = transform.bounds(of: inner)
        guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
        let x0 = b.minX.rounded(.up), y0 = b.minY.rounded(.up), x1 = b.maxX.rounded(.down), y1 = b.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

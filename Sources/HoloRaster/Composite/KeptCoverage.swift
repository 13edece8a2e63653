// Kept coverage: a shape drawn unchanged frame after frame is rasterized once.
//
// The status bar's glyphs, a tab bar's icons, a chevron in a navigation bar: shapes that stay put
// on the screen while what is under them changes. Every frame whose damage reaches them draws them
// again (over a material that blurs scrolled content, on every scrolled frame), and their outlines
// (continuous corners, flattened and stroked paths) cost more to rasterize than to paint. So the
// compositor keeps, per node (its path in the tree, as materials are kept), the node's coverage on
// the canvas, and paints a later frame's node through it (`Canvas.fill(_:paint:...)`, the path
// text takes) when the outline is the same:
//
//   outline = (shape, fill or stroke parameters, transform, the columns and rows it may cover)
//   mask    = the outline's coverage over those columns and every row of the canvas
//
// A pixel gets the same bytes either way: its coverage is the same number (the rasterizer's rows
// do not depend on the rows asked for, as damage bands rely on; the columns are those the direct
// path would use, the canvas's or its clip's), and the blitter paints a run of equal coverage as
// it paints each of its pixels (FastPathTests, KeptCoverageTests). Paint, opacity and clip are
// applied at drawing time, so a tab that changes colour keeps its outline.
//
// A mask is built the second time an outline is met at a node, never the first: a shape that moves
// every frame costs one comparison, not a mask nobody reads. Axis-aligned rect fills, which cost
// their runs alone, and shapes larger than 256 × 256 px (whose interiors are runs too) are drawn
// directly. A frame cut short (FrameWatch) keeps no mask it was building.

import HoloGeometry
import HoloPixels
import HoloScene
import HoloStop

extension LayerCache {
    /// What a node's coverage is a function of.
    /// (Compared in the order declared: a moving shape differs in its transform before its
    /// points are looked at.)
    struct Outline: Equatable {
        enum Kind: Equatable {
            case fill
            case stroke(width: Double)
            case styled(StrokeStyle)
        }
        var transform: AffineTransform
        /// The columns the node may cover (the canvas's, or its clip's) and the canvas's rows.
        var columns: Range<Int>
        var rows: Int
        var kind: Kind
        var shape: Shape
    }

    /// An outline met at a node, with its coverage once it was met twice.
    struct KeptOutline {
        /// Bytes counted for an entry besides its mask (its outline; a path's points are shared).
        static let overhead = 256
        var outline: Outline
        var mask: CoverageMask?
        var bytes: Int { Self.overhead + (mask?.coverage.count ?? 0) }
    }
}

extension SceneRenderer {
    /// The largest shape, in pixels of its bounds, whose coverage is kept: 256 × 256 (a tab bar's
    /// icon at 3x is about 75 × 75 px; with its cards kept as masks, hero's frames that redraw
    /// took 1.1–1.25× their time).
    static let largestKeptOutline = 256 * 256

    /// Draws a fill or stroke through its kept coverage when the compositor keeps one for `path`;
    /// false when the node is to be drawn directly (no cache, a rect, or met for the first time).
    func drawKeptOutline(_ shape: Shape, _ kind: LayerCache.Outline.Kind, paint: Paint, into canvas: inout Canvas,
                         transform: AffineTransform, clip: CoverageMask?, path: Int) -> Bool {
        guard let layers else { return false }
        if case .fill = kind, transform.isAxisAligned, shape.plainRect != nil { return false }
        // A large shape is drawn directly: its rows are a few runs each (a card's interior is
        // stored as spans), where its mask would be written and read byte by byte.
        let extent = transform.bounds(of: shape.bounds)
        guard extent.width * extent.height <= Double(Self.largestKeptOutline) else { return false }
        var columns = 0..<canvas.width
        if let c = clip { columns = columns.clamped(to: c.x..<max(c.x, c.x + c.width)) }
        guard !columns.isEmpty, canvas.height > 0 else { return true }  // nothing this node can show
        let outline = LayerCache.Outline(transform: transform, columns: columns, rows: canvas.height, kind: kind, shape: shape)
        let key = LayerCache.Key(id: nil, path: path)
        let kept = layers.keptOutline(key, outline)
        if let mask = kept.mask {
            canvas.fill(mask, paint: paint, paintTransform: transform, clip: clip)
            return true
        }
        guard kept.met else {
            layers.keepOutline(outline, mask: nil, for: key)
            return false
        }
        let window = PixelWindow(columns.lowerBound, 0, columns.upperBound, canvas.height)
        let polygon: PixelPolygon
        switch kind {
        case .fill: polygon = shape.pixelPolygon(transform: transform)
        case .stroke(let width):
            guard width > 0, width.isFinite else { return true }
            polygon = shape.strokePolygon(width: width, transform: transform)
        case .styled(let style): polygon = shape.strokePolygon(style, transform: transform)
        }
        let box = PixelWindow(covering: polygon.bounds, within: window)
        guard !box.isEmpty, !polygon.points.isEmpty else { return true }
        guard layers.outlineFits((box.x1 - box.x0) * (box.y1 - box.y0)) else { return false }
        var sink = MaskSink(mask: CoverageMask(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0))
        rasterize(polygon, window: box, into: &sink)
        if FrameWatch.shouldStop() { return true }  // a frame cut short keeps no half-built mask
        layers.keepOutline(outline, mask: sink.mask, for: key)
        canvas.fill(sink.mask, paint: paint, paintTransform: transform, clip: clip)
        return true
    }
}

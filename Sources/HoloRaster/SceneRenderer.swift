// Scene → pixels: walks the node tree, keeping the current transform (local points → canvas
// pixels) and clip (a coverage mask), and hands each leaf to the rasterizer.
//
// Group opacity without a separate layer: for a group with opacity o, Holoframe copies the
// backdrop B, draws the children over the copy (giving C + B·(1 − Ca) for the children's group
// result C), and blends the copy back as  B·(1 − o) + o·(C + B·(1 − Ca)) = B·(1 − o·Ca) + o·C,
// which is exactly "the group composited at opacity o". Unlike a transparent offscreen layer, it
// lets materials inside a fading group blur the real backdrop, as UIKit's visual-effect views do.
// Groups with blur, shadow, a 3D tilt or a shader effect do need a transparent layer; materials inside such a group
// see only the group's own content (documented limit).

import HoloGeometry
import HoloPixels
import HoloScene
import HoloText
import HoloStop

public struct SceneRenderer: Sendable {
    public let fonts: FontLibrary
    /// Retained layers' surfaces kept from earlier frames (Compositor.swift); nil keeps nothing.
    /// The pixels are the same either way.
    public var layers: LayerCache?
    /// 1, or the factor of the coarse grid a blurred layer is being drawn on (ReducedLayer.swift):
    /// text is then laid out and rasterized at that many times the grid's resolution and its
    /// coverage averaged down to the grid, as the full-resolution layer's box downsample would.
    var textOversampling = 1
    /// Root nodes wholly under a later opaque fill are not drawn (Composite/Occlusion.swift): the
    /// same bytes. Off only in tests, which hold the two to each other.
    var cullsHiddenNodes = true

    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Renders `scene` at `scale` pixels per point into a new canvas.
    public func render(_ scene: Scene, scale: Double) throws -> Canvas {
        try render(scene, scale: scale, bounds: RootBounds(scene.root, transform: .scale(scale, scale), renderer: self))
    }

    /// `render`, with the root nodes' bounds measured into `bounds` (the compositor keeps them for
    /// the next frame's damage pass).
    func render(_ scene: Scene, scale: Double, bounds: RootBounds) throws -> Canvas {
        var canvas = FrameMemory.canvas(size: scene.size, scale: scale, background: scene.background)
        precondition(bounds.transform == canvas.pixelTransform, "the root's bounds are the canvas's")
        let overdraw = try overdraw(bounds, size: (canvas.width, canvas.height))
        try draw(scene.root, into: &canvas, transform: canvas.pixelTransform, clip: nil, path: 0, overdraw: overdraw)
        return canvas
    }

    /// Draws `nodes` in order; `transform` maps their coordinates to canvas pixels.
    public func draw(_ nodes: [Node], into canvas: inout Canvas, transform: AffineTransform, clip: CoverageMask?) throws {
        try draw(nodes, into: &canvas, transform: transform, clip: clip, path: 0)
    }

    /// `path`: the nodes' parent's identity in the tree (for retained layers' structural identity).
    /// `overdraw`: the nodes not drawn, and the rows the others are drawn in (`overdraw(_:transform:size:)`,
    /// for the root): rows a drawing leaves out are written again whole by a later opaque fill.
    func draw(_ nodes: [Node], into canvas: inout Canvas, transform: AffineTransform, clip: CoverageMask?, path: Int,
              overdraw: Overdraw? = nil) throws {
        for (i, node) in nodes.enumerated() where overdraw?.hidden?[i] != true {
            if FrameWatch.shouldStop() { return }
            if let rows = overdraw?.rows?[i] {
                let limit = canvas.rowLimit
                let kept = (limit ?? 0..<canvas.height).clamped(to: rows)
                guard !kept.isEmpty else { continue }
                canvas.rowLimit = kept
                defer { canvas.rowLimit = limit }
                try draw(node, into: &canvas, transform: transform, clip: clip, path: Self.childPath(path, i))
            } else {
                try draw(node, into: &canvas, transform: transform, clip: clip, path: Self.childPath(path, i))
            }
        }
    }

    private func draw(_ node: Node, into canvas: inout Canvas, transform: AffineTransform, clip: CoverageMask?, path: Int) throws {
        // Text wholly outside the rows drawing may write (a damage band, a layer's tile) is not
        // rasterized at all (everything else finds its window empty at once).
        // The test is cheap and loose: a run's ink lies within 2 em of its baselines (fitting only
        // shrinks the font), and a paragraph's last baseline within `lastBaselineBound` of its
        // first, so an axis-aligned run's rows are known without laying it out.
        if case .text(let run, _) = node, transform.b == 0, transform.c == 0 {
            let rows = canvas.pixelWindow
            let a = transform.d * (run.origin.y - 2 * run.font.size) + transform.ty
            let b = transform.d * (run.origin.y + run.lastBaselineBound + 2 * run.font.size) + transform.ty
            if max(a, b) < Double(rows.y0) || min(a, b) > Double(rows.y1) { return }
        }
        // So is a shape wholly above or below the rows of a damage band, a strip of one or a
        // patched tile (`rowLimit`): its outline is not built (a continuous corner costs cosines, a
        // path is flattened and stroked). Its bounds (`pixelBounds`, the stroke's reach included;
        // a path's hold its points and control points) hold every pixel it covers.
        if canvas.rowLimit != nil, transform.b == 0, transform.c == 0 {
            switch node {
            case .fill, .stroke, .styledStroke:
                if let box = try pixelBounds(of: node, transform: transform) {
                    let rows = canvas.pixelWindow
                    if box.maxY < Double(rows.y0) || box.minY > Double(rows.y1) { return }
                }
            default: break
            }
        }
        switch node {
        case .fill(let shape, let paint):
            if drawKeptOutline(shape, .fill, paint: paint, into: &canvas, transform: transform, clip: clip, path: path) { return }
            canvas.fill(shape, transform: transform, paint: paint, clip: clip)
        case .stroke(let shape, let paint, let width):
            if drawKeptOutline(shape, .stroke(width: width), paint: paint, into: &canvas, transform: transform, clip: clip,
                               path: path) { return }
            canvas.stroke(shape, width: width, transform: transform, paint: paint, clip: clip)
        case .styledStroke(let shape, let paint, let style):
            if drawKeptOutline(shape, .styled(style), paint: paint, into: &canvas, transform: transform, clip: clip,
                               path: path) { return }
            canvas.stroke(shape, style: style, transform: transform, paint: paint, clip: clip)
        case .text(let given, let paint):
            // Only the pixels this canvas (or layer) may show: a long run costs the window, not the line.
            let window = canvas.workWindow(clip: clip)
            for run in try lines(given) {
                let f = textOversampling
                let mask = f == 1 ? try fonts.coverage(of: run, transform: transform, within: window)
                    : try fonts.coverage(of: run, transform: transform.concatenating(.scale(Double(f), Double(f))),
                                         within: PixelWindow(window.x0 * f, window.y0 * f, window.x1 * f, window.y1 * f))
                        .boxAveraged(by: f)
                canvas.fill(mask, paint: try textSized(paint, to: run), paintTransform: transform, clip: clip)
                // Emoji: colour bitmaps drawn as images over the run (not tinted by the paint).
                for glyph in try fonts.colorGlyphImages(of: run, transform: transform) {
                    canvas.draw(glyph.image, in: glyph.frame, transform: transform, clip: clip)
                }
            }
        case .material(let shape, let kind, let scheme):
            var mask = canvas.coverage(of: shape, transform: transform)
            if let clip { mask = mask.intersected(with: clip) }
            if let layers {
                canvas.applyKeptMaterial(kind, scheme: scheme, in: mask, cache: layers, key: LayerCache.Key(id: nil, path: path))
            } else {
                canvas.applyMaterial(kind, scheme: scheme, in: mask)
            }
        case .image(let image, let frame):
            canvas.draw(image, in: frame, transform: transform, clip: clip)
        case .group(let group):
            try drawGroup(group, into: &canvas, transform: transform, clip: clip, path: path)
        }
    }

    private func drawGroup(_ group: Group, into canvas: inout Canvas, transform: AffineTransform, clip: CoverageMask?,
                           path: Int) throws {
        guard group.opacity > 0, !group.children.isEmpty else { return }
        let local = group.placement(under: transform)
        if group.isRetainedLayer, try drawRetained(group, local: local, into: &canvas, clip: clip, path: path) { return }
        var groupClip = clip
        var ownClip: Shape? = nil  // the group's clip shape when `groupClip` is its mask alone
        // A faded group (below) touches only its children's bounds: its clip is needed on their
        // rows alone (a back button's clip is the whole screen's rounded rect; rows of a shape's
        // coverage do not depend on each other, so the mask's rows are the same bytes).
        let fades = !group.isLayer && group.opacity < 1
        var childBounds = Rect.zero
        if fades {
            for child in group.children {
                if let b = try pixelBounds(of: child, transform: local) { childBounds = childBounds.union(b) }
            }
        }
        if let shape = group.clip, !shape.covers(canvas.pixelWindow, transform: local) {
            var rows = canvas.pixelWindow
            if fades, !childBounds.isEmpty, childBounds.minY.isFinite, childBounds.maxY.isFinite {
                rows = rows.intersection(PixelWindow(rows.x0, Int(Swift.max(-1e9, childBounds.minY).rounded(.down)),
                                                     rows.x1, Int(Swift.min(1e9, childBounds.maxY).rounded(.up))))
            }
            let mask = canvas.coverage(of: shape, transform: local, within: rows)
            groupClip = clip.map { mask.intersected(with: $0) } ?? mask
            if groupClip!.isEmpty { return }
            if clip == nil { ownClip = shape }
        }

        let isTilted = group.isTilted
        if group.isLayer {
            // A transparent layer sized to the group's content (plus room for blur, shadow and tilt).
            guard let area = try layerArea(group, transform: local, width: canvas.width, height: canvas.height, scale: canvas.scale) else { return }
            // Every pixel the layer puts down (its shadow's too) lies in its area: a layer wholly
            // outside the rows and columns this canvas may write (a damage band's strip) is not drawn.
            let writable = canvas.workWindow(clip: groupClip)
            guard area.x0 < writable.x1, area.x1 > writable.x0, area.y0 < writable.y1, area.y1 > writable.y0 else { return }
            if let f = group.blurReduction(pixelsPerPoint: canvas.scale),
               try drawReduced(group, factor: f, area: area, local: local, into: &canvas, clip: groupClip, path: path) {
                return
            }
            let toLayer = local.concatenating(.translation(Double(-area.x0), Double(-area.y0)))
            // A rasterized group's layer is its kept bitmap resampled (RasterizedLayer.swift): with
            // nothing but opacity and clip after it, only the rows the canvas can show.
            var rows = 0..<(area.y1 - area.y0)
            if group.blur == 0, group.shadow == nil, group.effect == nil, !isTilted {
                let shown = canvas.workWindow(clip: groupClip)
                rows = rows.clamped(to: (shown.y0 - area.y0)..<max(shown.y0, shown.y1) - area.y0)
            }
            let resampled = try rasterizedRows(group, local: local, area: area, canvas: canvas, path: path)
            // With nothing after the resample but a blur of σ ≤ 2 px (or none), opacity and clip,
            // its rows go straight to the composite, never stored as a layer (Layer.swift).
            if let resampled, group.shadow == nil, group.effect == nil, !isTilted,
               canvas.compositeBlurred(rows: resampled, sigma: group.blur * canvas.scale, x: area.x0, y: area.y0,
                                       opacity: group.opacity, clip: groupClip) {
                return
            }
            var layer: Canvas
            if let resampled {
                layer = rows.isEmpty ? Canvas(width: area.x1 - area.x0, height: area.y1 - area.y0, scale: canvas.scale)
                    : resampled.canvas(rows: rows.clamped(to: 0..<(area.y1 - area.y0)), scale: canvas.scale)
            } else {
                layer = Canvas(width: area.x1 - area.x0, height: area.y1 - area.y0, scale: canvas.scale)
                try draw(group.children, into: &layer, transform: toLayer, clip: nil, path: path)
            }
            if let effect = group.effect {
                layer = applying(effect, to: layer, toLayer: toLayer)
            }
            // Where the tilt and the shadow wrote (the rest of their layers is zero): composited
            // alone, the same bytes (`Canvas.composite(…, ink:)`).
            var ink: InkRows? = nil
            if let tilt = group.tilt, isTilted {
                var t = tilt
                t.anchor = toLayer.apply(tilt.anchor) * (1 / canvas.scale)
                (layer, ink) = inkedTilted(layer, tilt: t)
            }
            if group.blur > 0, group.shadow == nil {
                // Blurred and composited in one sweep where it can (σ ≤ 2 px), the same bytes.
                canvas.compositeBlurred(consume layer, sigma: group.blur * canvas.scale, x: area.x0, y: area.y0,
                                        opacity: group.opacity, clip: groupClip)
                return
            }
            if group.blur > 0 {
                layer.gaussianBlur(sigma: group.blur * canvas.scale, edge: .transparent)
                ink = nil
            }
            if let shadow = group.shadow {
                let drop = inkedShadow(of: layer, shadow: shadow)
                canvas.composite(drop.canvas, x: area.x0, y: area.y0, opacity: group.opacity, clip: groupClip, ink: drop.ink)
            }
            canvas.composite(layer, x: area.x0, y: area.y0, opacity: group.opacity, clip: groupClip, ink: ink)
        } else if group.opacity < 1 {
            var bounds = childBounds
            if let c = groupClip { bounds = bounds.intersection(Rect(x: Double(c.x), y: Double(c.y), width: Double(c.width), height: Double(c.height))) }
            // Only the rows drawing may write (a damage band): elsewhere the children leave the
            // pixels as they are, and mixing a pixel with itself keeps it (div255(d·255) = d).
            let rows = canvas.pixelWindow
            bounds = bounds.intersection(Rect(x: Double(rows.x0), y: Double(rows.y0), width: Double(rows.x1 - rows.x0),
                                              height: Double(rows.y1 - rows.y0)))
            guard !bounds.isEmpty else { return }
            let backdrop = canvas.region(x0: Int(bounds.minX.rounded(.down)), y0: Int(bounds.minY.rounded(.down)),
                                         x1: Int(bounds.maxX.rounded(.up)), y1: Int(bounds.maxY.rounded(.up)))
            guard backdrop.width > 0 else { return }
            try drawChildren(group.children, into: &canvas, transform: local, clip: groupClip, clipShape: ownClip, path: path)
            canvas.blend(from: backdrop, x: max(0, Int(bounds.minX.rounded(.down))), y: max(0, Int(bounds.minY.rounded(.down))),
                         keeping: 1 - group.opacity)
        } else {
            try drawChildren(group.children, into: &canvas, transform: local, clip: groupClip, clipShape: ownClip, path: path)
        }
    }

    /// A group's children under its clip. A first child filling the clip's own shape in a solid
    /// colour (a card's background under the card's clip) has the clip mask's coverage on every
    /// pixel (the same shape, transform and window rasterized the same way), so it is drawn from
    /// the mask, c = cov·cov/255 per pixel as the clipped blitter gives it, without
    /// rasterizing the shape a second time.
    private func drawChildren(_ children: [Node], into canvas: inout Canvas, transform: AffineTransform, clip: CoverageMask?,
                              clipShape: Shape?, path: Int) throws {
        guard let mask = clip, let clipShape, case .fill(let shape, let paint)? = children.first, shape == clipShape,
              let color = PaintSampler(paint, transform: transform).solidColor else {
            try draw(children, into: &canvas, transform: transform, clip: clip, path: path)
            return
        }
        if FrameWatch.shouldStop() { return }
        canvas.fillOwnClip(mask, color: color)
        for i in children.indices.dropFirst() {
            if FrameWatch.shouldStop() { return }
            try draw(children[i], into: &canvas, transform: transform, clip: clip, path: Self.childPath(path, i))
        }
    }

    /// The pixel rect a layer for `group` needs: its content's bounds grown by the blur and shadow
    /// reach and, for a tilt, by a quarter of its size (perspective can push edges outward), cut
    /// to the canvas (`width` × `height` px) grown by that same reach. Nil when nothing would be
    /// visible. The reference renderer sizes its layers with this too: the tilt's perspective
    /// depends on the layer's size, so the size is part of what the picture is, not a kernel.
    func layerArea(_ group: Group, transform: AffineTransform, width: Int, height: Int, scale: Double) throws -> PixelRect? {
        var bounds = Rect.zero
        for child in group.children {
            if let b = try pixelBounds(of: child, transform: transform) { bounds = bounds.union(b) }
        }
        if let effect = group.effect {
            // The effect draws its region; samples read the content up to maxSampleOffset beyond it.
            bounds = bounds.union(transform.bounds(of: effect.region))
        }
        guard !bounds.isEmpty else { return nil }
        let reach = group.layerReach(contentBounds: bounds, pixelsPerPoint: scale)
        bounds = bounds.insetBy(dx: -reach, dy: -reach)
        let limit = Rect(x: -reach, y: -reach, width: Double(width) + 2 * reach, height: Double(height) + 2 * reach)
        bounds = bounds.intersection(limit)
        guard !bounds.isEmpty else { return nil }
        return PixelRect(x0: Int(bounds.minX.rounded(.down)), y0: Int(bounds.minY.rounded(.down)),
                         x1: Int(bounds.maxX.rounded(.up)), y1: Int(bounds.maxY.rounded(.up)))
    }

    /// Conservative bounds of what `node` draws, in canvas pixels; nil when it draws nothing.
    public func pixelBounds(of node: Node, transform: AffineTransform) throws -> Rect? {
        switch node {
        case .fill(let shape, _), .material(let shape, _, _):
            return transform.bounds(of: shape.bounds)
        case .stroke(let shape, _, let width):
            // A path is stroked with miter joins (limit 10), which reach further than its width.
            var reach = width
            if case .path = shape { reach = StrokeStyle(lineWidth: width).reach }
            return transform.bounds(of: shape.bounds.insetBy(dx: -reach, dy: -reach))
        case .styledStroke(let shape, _, let style):
            let reach = style.reach
            return transform.bounds(of: shape.bounds.insetBy(dx: -reach, dy: -reach))
        case .image(_, let frame):
            return transform.bounds(of: frame)
        case .text(let given, _):
            var bounds: Rect?
            for run in try lines(given) {
                let m = try fonts.measure(run.string, font: run.font)
                let x: Double
                switch run.alignment {
                case .leading: x = run.origin.x
                case .center: x = run.origin.x - m.width / 2
                case .trailing: x = run.origin.x - m.width
                }
                let box = transform.bounds(of: Rect(x: x - 2, y: run.origin.y - m.ascent - 2, width: m.width + 4, height: m.ascent + m.descent + 4))
                bounds = bounds.map { $0.union(box) } ?? box
            }
            return bounds
        case .group(let g):
            let local = g.placement(under: transform)
            var bounds = Rect.zero
            for child in g.children {
                if let b = try pixelBounds(of: child, transform: local) { bounds = bounds.union(b) }
            }
            // An effect draws its region and nothing else.
            if let effect = g.effect { bounds = local.bounds(of: effect.region) }
            if let clip = g.clip { bounds = bounds.intersection(local.bounds(of: clip.bounds)) }
            guard !bounds.isEmpty else { return nil }
            let reach = g.isLayer ? g.layerReach(contentBounds: bounds, pixelsPerPoint: abs(transform.determinant).squareRoot()) : 0
            return bounds.insetBy(dx: -reach, dy: -reach)
        }
    }
}

extension Group {
    /// Drawn through a transparent layer of its own: a blur, a shadow, a 3D tilt, a shader effect,
    /// or a rasterization (its layer resampled from a kept bitmap, RasterizedLayer.swift).
    public var isLayer: Bool { blur > 0 || shadow != nil || isTilted || effect != nil || rasterization != nil }

    /// How far past its content's pixel bounds such a layer's pixels reach: 3σ of the blur and 2
    /// px, the shader effect's largest sample offset, the shadow's 3σ (3 × radius, σ = radius: at
    /// 1.5σ a glow's layer edge cuts off 7 % of its alpha, a visible square) and offset, and a
    /// quarter of the content's size for a tilt (perspective pushes edges outward). The one
    /// definition the layer's size (`layerArea`), a node's bounds (`pixelBounds`) and the memory
    /// estimate (Holoframe's SurfaceBudget) use.
    public func layerReach(contentBounds bounds: Rect, pixelsPerPoint s: Double) -> Double {
        var reach = 3 * blur * s + 2
        if let effect { reach += max(effect.maxSampleOffset.width, effect.maxSampleOffset.height) * s }
        if let shadow { reach += 3 * shadowSigma(radius: shadow.radius) * s + max(abs(shadow.offset.x), abs(shadow.offset.y)) * s }
        if isTilted { reach += 0.25 * max(bounds.width, bounds.height) }
        return reach
    }
}

/// A rect of whole pixels, x0…x1 and y0…y1 exclusive.
struct PixelRect: Hashable { var x0, y0, x1, y1: Int }

/// Frame-sized memory: each frame's canvas, its background written straight into uninitialised
/// storage instead of zeroing it first. Whether malloc keeps a freed frame for the next one is
/// the process's choice (`keepFreedFrames()`, HoloExport's FrameMemoryPolicy.swift).
public enum FrameMemory {
    /// A canvas of `size` points at `scale`, every pixel `background` (one pass over the memory).
    static func canvas(size: Size, scale: Double, background: Color) -> Canvas {
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        precondition(width >= 0 && height >= 0, "canvas size must not be negative")
        let word = background.premultipliedRGBA8.word
        let words = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            buffer.initialize(repeating: word)
            count = width * height
        }
        return Canvas(width: width, height: height, scale: scale, premultipliedWords: words)
    }
}

extension SceneRenderer {
    /// A shader paint asking for its text's box (`widthFromText`) gets the run's laid-out extent:
    /// x from the run's start (after alignment) across its measured advance.
    func textSized(_ paint: Paint, to run: TextRun) throws -> Paint {
        guard case .shader(var p) = paint, p.widthFromText else { return paint }
        p.bounds = try textBox(run, p.bounds)
        return .shader(p)
    }

    /// x from the run's start (after alignment) across its measured advance; y and height kept.
    func textBox(_ run: TextRun, _ bounds: Rect) throws -> Rect {
        let width = try fonts.measure(run.string, font: run.font).width
        let x: Double
        switch run.alignment {
        case .leading: x = run.origin.x
        case .center: x = run.origin.x - width / 2
        case .trailing: x = run.origin.x - width
        }
        return Rect(x: x, y: bounds.minY, width: width, height: bounds.height)
    }
}

extension SceneRenderer {
    /// A run with a `maxWidth`, fitted as SwiftUI fits one line (HoloText's LineFitting): the font
    /// shrinks down to `minimumScaleFactor`, then characters leave the tail until text + "…" fits.
    func fitted(_ run: TextRun) throws -> TextRun {
        guard let limit = run.maxWidth else { return run }
        let line = try LineFitting.fit(Substring(run.string), font: run.font, width: limit, minimumScaleFactor: run.minimumScaleFactor) {
            text, font throws in try fonts.measure(String(text), font: font).width
        }
        guard line.font != run.font || line.text != run.string else { return run }
        var out = run
        out.maxWidth = nil
        out.font = line.font
        out.string = line.text
        return out
    }
}

extension Shape {
    /// True when this shape, placed by `transform`, covers every pixel of `window` whole: a rect,
    /// or a rounded rect with square corners, axis-aligned, whose pixel rect contains the window.
    /// Its mask would be 255 on every pixel that can be drawn, which changes nothing, so the
    /// clip is left out (a full-screen card's clip at the end of hero's morph: the mask and the
    /// clipped blending of everything inside it cost about a tenth of those frames).
    func covers(_ window: PixelWindow, transform t: AffineTransform) -> Bool {
        guard t.b == 0, t.c == 0, !window.isEmpty else { return false }
        let r: Rect
        switch self {
        case .rect(let rect): r = rect
        case .roundedRect(let rect, let radius, _) where radius <= 0: r = rect
        default: return false
        }
        let b = t.bounds(of: r)
        return b.minX <= Double(window.x0) && b.minY <= Double(window.y0)
            && b.maxX >= Double(window.x1) && b.maxY >= Double(window.y1)
    }
}

extension SceneRenderer {
    /// Prepares the text `scene` draws at `scale` before any frame is drawn: each run shaped and
    /// its glyphs rasterized into the font library's caches at the pixel size and quarter-pixel
    /// positions the scene puts them at, the keys its frame looks up. A clip's preparation hands it
    /// the clip's opening scene (Holoframe's `RenderPipeline.prepare`). Nothing is drawn and no
    /// pixel changes: the caches hold FreeType's and HarfBuzz's answers, the same whoever asks first.
    /// Runs that are rotated, skewed or drawn on a blurred layer's coarse grid are left to their frame.
    public func prepareText(of scene: Scene, scale: Double) throws {
        let window = PixelWindow(0, 0, Int((scene.size.width * scale).rounded()), Int((scene.size.height * scale).rounded()))
        try prepareText(scene.root, transform: .scale(scale, scale), window: window, scale: scale)
    }

    private func prepareText(_ nodes: [Node], transform: AffineTransform, window: PixelWindow, scale: Double) throws {
        for node in nodes {
            switch node {
            case .text(let given, _):
                guard transform.b == 0, transform.c == 0, transform.a == transform.d, transform.a > 0 else { continue }
                for run in try lines(given) {
                    let line = try fonts.layout(run, pixelSize: run.font.size * transform.a, baselineStart: transform.apply(run.origin))
                    _ = try fonts.place(line, near: window)
                    _ = try fonts.colorGlyphImages(of: run, transform: transform)
                }
            case .group(let group) where group.opacity > 0 && group.reducedResolution(pixelsPerPoint: scale) == nil:
                try prepareText(group.children, transform: group.placement(under: transform), window: window, scale: scale)
            default:
                break
            }
        }
    }
}

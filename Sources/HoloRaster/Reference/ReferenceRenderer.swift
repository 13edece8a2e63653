// The reference renderer's walk of the scene (see Reference.swift for what it is and why).
//
// The same scene semantics as SceneRenderer, stated plainly:
//   • a group's transform, then its clip (coverage of the clip shape × the parent clip);
//   • blur, shadow, a 3D tilt or a shader effect: the children drawn into a transparent layer sized
//     to their pixel bounds (and the effect's region) grown by the blur/shadow/tilt/sample reach
//     (3σ + 2 px; 1.5·radius + offset; ¼ of the larger side; maxSampleOffset), cut to the target
//     grown by that reach; the effect applied (ReferenceShaderEffect.swift), tilted, blurred; its shadow
//     composited under it; both with the group's opacity and clip;
//   • opacity alone: the children drawn straight onto the target, then the target mixed back
//     with what it held before, out = (now·w + before·(255 − w))/255, w = round(opacity·255) —
//     here over every pixel (where the children drew nothing, now = before and out = before);
//   • materials blur what is drawn before them in the same target.
//
// Rendering a region: only the pixels of the region must be right. Pointwise operations (fills,
// composites, opacity) need nothing around a pixel; a material needs the backdrop 3σ around what
// it writes, and a layer its content within the blur/shadow reach. So the target's nodes are first
// walked without drawing to list, in drawing order, every material's pixel bounds; going backwards
// from the region, each material is given the part it must write (its bounds ∩ what must be right
// after it) and what must be right before it grows by that part plus its 3σ. The target stores
// only the final grown rect. Clamped edges read the target's true edge pixels, never the rect's.

import HoloGeometry
import HoloPixels
import HoloScene
import HoloText

/// A rectangle of device pixels.
public struct ReferenceRegion: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}

public struct ReferenceRenderer: Sendable {
    public let fonts: FontLibrary
    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Renders the whole scene at `scale` pixels per point.
    public func render(_ scene: Scene, scale: Double) throws -> Canvas {
        let (w, h) = Self.pixelSize(scene, scale: scale)
        return try render(scene, scale: scale, region: ReferenceRegion(x: 0, y: 0, width: w, height: h))
    }

    /// Renders only `region` of the frame (device pixels, cut to the frame), as a canvas of its size.
    public func render(_ scene: Scene, scale: Double, region: ReferenceRegion) throws -> Canvas {
        let (w, h) = Self.pixelSize(scene, scale: scale)
        let full = RefBox(0, 0, w, h)
        let need = RefBox(region.x, region.y, region.x + region.width, region.y + region.height).intersection(full)
        guard !need.isEmpty else { return Canvas(width: 0, height: 0, scale: scale) }
        let surface = try drawTarget(scene.root, full: full, need: need, scale: scale,
                                     transform: .scale(scale, scale), background: Reference.premultiplied(scene.background))
        // The region out of the stored window.
        var pixels = [UInt8](repeating: 0, count: need.width * need.height * 4)
        for y in need.y0..<need.y1 {
            if referenceStopDue() { break }
            for x in need.x0..<need.x1 {
                let i = surface.index(x, y), o = ((y - need.y0) * need.width + (x - need.x0)) * 4
                for ch in 0..<4 { pixels[o + ch] = surface.bytes[i + ch] }
            }
        }
        return Canvas(width: need.width, height: need.height, scale: scale, premultipliedBytes: pixels)
    }

    static func pixelSize(_ scene: Scene, scale: Double) -> (Int, Int) {
        (Int((scene.size.width * scale).rounded()), Int((scene.size.height * scale).rounded()))
    }

    // MARK: Targets

    /// Draws `nodes` into a new target `full` in size (background or transparent), storing and
    /// computing what `need` requires (see the file header).
    func drawTarget(_ nodes: [Node], full: RefBox, need: RefBox, scale: Double, transform: AffineTransform,
                    background: RefPaint.RGBA?) throws -> RefSurface {
        var events: [(path: [Int], box: RefBox, reach: Int?)] = []
        try plan(nodes, transform: transform, clipBox: full, path: [], scale: scale, full: full, into: &events)
        var needAfter: [[Int]: RefBox] = [:]
        var v = need
        for e in events.reversed() {
            needAfter[e.path] = v
            if let reach = e.reach {
                let written = e.box.intersection(v)
                if !written.isEmpty { v = v.union(written.grown(reach)) }
            }
        }
        var surface = RefSurface(full: full, window: v.intersection(full), scale: scale)
        if let bg = background {
            for i in stride(from: 0, to: surface.bytes.count, by: 4) {
                surface.bytes[i] = UInt8(bg.0); surface.bytes[i + 1] = UInt8(bg.1)
                surface.bytes[i + 2] = UInt8(bg.2); surface.bytes[i + 3] = UInt8(bg.3)
            }
        }
        let context = Context(needAfter: needAfter, need: need)
        try draw(nodes, into: &surface, transform: transform, clip: nil, path: [], context)
        return surface
    }

    struct Context {
        let needAfter: [[Int]: RefBox]
        let need: RefBox
        func need(at path: [Int]) -> RefBox { needAfter[path] ?? need }
    }

    /// Lists, in drawing order, each material (its pixel bounds and 3σ reach) and each layer
    /// (reach nil) drawn straight into this target.
    private func plan(_ nodes: [Node], transform: AffineTransform, clipBox: RefBox, path: [Int], scale: Double,
                      full: RefBox, into events: inout [(path: [Int], box: RefBox, reach: Int?)]) throws {
        for (i, node) in nodes.enumerated() {
            let p = path + [i]
            switch node {
            case .material(let shape, let kind, let scheme):
                let sigma = MaterialRecipe(kind, scheme).blur * scale
                let box = RefBox(covering: transform.bounds(of: shape.bounds)).intersection(clipBox)
                events.append((p, box, Int((3 * sigma).rounded(.up)) + 1))
            case .group(let g):
                guard g.opacity > 0, !g.children.isEmpty else { continue }
                let local = g.placement(under: transform)
                var box = clipBox
                if let c = g.clip { box = box.intersection(RefBox(covering: local.bounds(of: c.bounds))) }
                if g.isLayer {
                    events.append((p, .empty, nil))
                } else {
                    try plan(g.children, transform: local, clipBox: box, path: p, scale: scale, full: full, into: &events)
                }
            default:
                continue
            }
        }
    }


    // MARK: Drawing

    private func draw(_ nodes: [Node], into s: inout RefSurface, transform: AffineTransform, clip: RefMask?,
                      path: [Int], _ context: Context) throws {
        for (i, node) in nodes.enumerated() {
            if referenceStopDue() { return }
            try draw(node, into: &s, transform: transform, clip: clip, path: path + [i], context)
        }
    }

    private func draw(_ node: Node, into s: inout RefSurface, transform: AffineTransform, clip: RefMask?,
                      path: [Int], _ context: Context) throws {
        switch node {
        case .fill(let shape, let paint):
            let cov = Reference.fillCoverage(shape, transform: transform, limit: s.window)
            Reference.paint(cov, with: RefPaint(paint, transform: transform), opacity: 1, clip: clip, into: &s)
        case .stroke(let shape, let paint, let width):
            guard width > 0, width.isFinite else { return }
            let cov: RefMask
            if case .path = shape {
                cov = Reference.strokeCoverage(shape, style: StrokeStyle(lineWidth: width), transform: transform, limit: s.window)
            } else {
                cov = Reference.coverage(contours: Reference.strokeContours(shape, width: width, transform: transform), limit: s.window)
            }
            Reference.paint(cov, with: RefPaint(paint, transform: transform), opacity: 1, clip: clip, into: &s)
        case .styledStroke(let shape, let paint, let style):
            let cov = Reference.strokeCoverage(shape, style: style, transform: transform, limit: s.window)
            Reference.paint(cov, with: RefPaint(paint, transform: transform), opacity: 1, clip: clip, into: &s)
        case .text(let given, let paint):
            // Line fitting, paragraph lines and the shader's text box are layout, not pixels: the fast renderer's own.
            let layout = SceneRenderer(fonts: fonts)
            for run in try layout.lines(given) {
                let cov = try Reference.textCoverage(run, transform: transform, fonts: fonts, limit: s.window)
                Reference.paint(cov, with: RefPaint(try layout.textSized(paint, to: run), transform: transform), opacity: 1, clip: clip, into: &s)
                for glyph in try fonts.colorGlyphImages(of: run, transform: transform) {
                    Reference.drawImage(glyph.image, in: glyph.frame, transform: transform, clip: clip, into: &s)
                }
            }
        case .material(let shape, let kind, let scheme):
            var mask = Reference.fillCoverage(shape, transform: transform, limit: s.window)
            if let clip { mask = mask.intersected(with: clip) }
            Reference.material(MaterialRecipe(kind, scheme), scheme: scheme, mask: mask, compute: context.need(at: path), into: &s)
        case .image(let image, let frame):
            Reference.drawImage(image, in: frame, transform: transform, clip: clip, into: &s)
        case .group(let g):
            try drawGroup(g, into: &s, transform: transform, clip: clip, path: path, context)
        }
    }

    private func drawGroup(_ g: Group, into s: inout RefSurface, transform: AffineTransform, clip: RefMask?,
                           path: [Int], _ context: Context) throws {
        guard g.opacity > 0, !g.children.isEmpty else { return }
        // Retained layers are drawn straight onto the target here (no surfaces), at the same
        // snapped position (`placement` is part of what the picture is, as UIKit's rounding is).
        let local = g.placement(under: transform)
        var groupClip = clip
        if let shape = g.clip {
            let mask = Reference.fillCoverage(shape, transform: local, limit: s.window)
            groupClip = clip.map { mask.intersected(with: $0) } ?? mask
        }
        if g.isLayer {
            try drawLayer(g, into: &s, transform: local, clip: groupClip, need: context.need(at: path))
        } else if g.opacity < 1 {
            let before = s
            try draw(g.children, into: &s, transform: local, clip: groupClip, path: path, context)
            Reference.mixBack(&s, before: before, keeping: 1 - g.opacity)
        } else {
            try draw(g.children, into: &s, transform: local, clip: groupClip, path: path, context)
        }
    }

    /// A group drawn through a transparent layer: tilt, blur, shadow, then composited.
    private func drawLayer(_ g: Group, into s: inout RefSurface, transform local: AffineTransform, clip: RefMask?,
                           need: RefBox) throws {
        let scale = s.scale
        guard let area = try layerArea(g, transform: local, target: s.full, scale: scale) else { return }
        let toLayer = local.concatenating(.translation(Double(-area.x0), Double(-area.y0)))
        let layerFull = RefBox(0, 0, area.width, area.height)
        // What of the layer shows: what must be right in the target, in layer pixels.
        let shows = need.intersection(s.window).intersection(area).shifted(-area.x0, -area.y0)
        guard !shows.isEmpty else { return }
        let blurSigma = g.blur * scale
        let blurReach = g.blur > 0 ? Int((3 * blurSigma).rounded(.up)) + 1 : 0
        // The blurred layer must be right where it shows and where the shadow reads it.
        var blurredNeed = shows
        var shadowReads = RefBox.empty
        if let shadow = g.shadow {
            let dx = Int((shadow.offset.x * scale).rounded()), dy = Int((shadow.offset.y * scale).rounded())
            let sigma = shadowSigma(radius: shadow.radius) * scale
            shadowReads = shows.shifted(-dx, -dy).grown(sigma > 0 ? Int((3 * sigma).rounded(.up)) + 1 : 0)
            blurredNeed = blurredNeed.union(shadowReads).intersection(layerFull)
        }
        let tilted = g.isTilted
        // A tilt and a shader effect read anywhere: the whole layer.
        let contentNeed = (tilted || g.effect != nil) ? layerFull : blurredNeed.grown(blurReach).intersection(layerFull)
        guard !contentNeed.isEmpty else { return }
        var layer = try drawTarget(g.children, full: layerFull, need: contentNeed, scale: scale, transform: toLayer, background: nil)
        if tilted || g.effect != nil {
            if layer.window != layerFull {
                // The plan stores only what is needed; a tilt or an effect reads anywhere, so pad to the whole layer.
                var whole = RefSurface(full: layerFull, window: layerFull, scale: scale)
                for y in layer.window.y0..<layer.window.y1 {
                    if referenceStopDue() { break }
                    for x in layer.window.x0..<layer.window.x1 {
                        for ch in 0..<4 { whole.bytes[whole.index(x, y) + ch] = layer.bytes[layer.index(x, y) + ch] }
                    }
                }
                layer = whole
            }
        }
        if let effect = g.effect {
            layer = Reference.shaderEffect(effect, on: layer, toLayer: toLayer)
        }
        if let tilt = g.tilt, tilted {
            layer = Reference.tilted(layer, tilt, anchor: toLayer.apply(tilt.anchor))
        }
        if g.blur > 0 {
            let out = blurredNeed.intersection(layerFull)
            layer = Reference.blurred(layer, sigma: blurSigma, output: out)
        }
        let origin = (x: area.x0, y: area.y0)
        let limit = shows.shifted(area.x0, area.y0)
        if let shadow = g.shadow {
            let shade = Reference.shadow(of: layer, shadow, output: shows)
            Reference.composite(shade, origin: origin, opacity: g.opacity, clip: clip, limit: limit, into: &s)
        }
        Reference.composite(layer, origin: origin, opacity: g.opacity, clip: clip, limit: limit, into: &s)
    }

    // MARK: Layer sizes
    // SceneRenderer's own (`layerArea`): a layer's size is a definition of the picture (the tilt's
    // perspective depends on it), like the outlines of shapes, not a raster kernel.

    private func layerArea(_ g: Group, transform: AffineTransform, target: RefBox, scale: Double) throws -> RefBox? {
        precondition(target.x0 == 0 && target.y0 == 0, "a target's pixels start at (0, 0)")
        guard let a = try SceneRenderer(fonts: fonts).layerArea(g, transform: transform, width: target.width,
                                                                height: target.height, scale: scale) else { return nil }
        return RefBox(a.x0, a.y0, a.x1, a.y1)
    }
}

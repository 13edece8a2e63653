// --max-memory: an upper bound of the bytes every surface of one frame needs together, held
// against the cap before the frame is rasterized (the raster itself is not touched).
//
// The raster (SceneRenderer) allocates, per frame:
//   - the frame canvas, W·H·4 bytes;
//   - for each group with a blur, a shadow, a 3D tilt or a shader effect, a layer of its content's
//     pixel bounds (with a shader effect's region) grown by the reach r = 3·blur·s + 2 +
//     1.5·shadow.radius·s + |shadow offset|·s (+ a quarter of the content's size for a tilt, + the
//     larger maxSampleOffset·s for an effect), cut to the canvas grown by r; the effect, blurring,
//     tilting and the shadow each make a copy of that size, so a layer counts 4 × its bytes (the
//     effect's input is freed when its output replaces it);
//   - for a group with opacity < 1, a copy of the backdrop under its content, at most W·H·4.
//   - for a group with a clip, its coverage mask and the mask intersected with the clip above it,
//     each at most a canvas's pixels at 1 byte (inside a layer, the layer's, counted as the canvas's);
//   - for text and materials, the one coverage mask being drawn: text masks are cut to the canvas
//     or layer that shows them (FontLibrary.coverage(within:)), a rotated run's local mask to the
//     pixels that window samples: counted as 2 canvases at 1 byte, once a frame;
//   - the glyph cache's cap (FontLibrary.glyphCacheLimit, 64 MiB): it is shared by every frame of
//     the process, so `check` counts it once beside each frame's own surfaces.
// Layers of sibling groups are freed before the next is made, but nested ones are alive at once;
// summing every group bounds both. Retained layers' kept tiles (HoloRaster/Composite/Compositor.swift) count
// too: before a frame is drawn, the compositor's cache is trimmed to the cap less this bound, so
// only a frame that cannot fit with an empty cache is refused. The walk also refuses transforms whose numbers are so large
// that pixel positions would not fit a machine integer (nested scales of 1e6, say).

import HoloGeometry
import HoloRaster
import HoloScene

public enum SurfaceBudget {
    /// Largest pixel coordinate or scale factor a transform may reach: 2^40 px is far past any canvas.
    static let largestTransformEntry = 1_099_511_627_776.0

    /// Throws LimitError when rendering `scene` at `scale` may need more than `maxBytes`.
    /// A quick bound comes first (layers as large as the canvas grown by their reach, content
    /// bounds only for tilts); only when it is over the cap are the content bounds of every layer
    /// measured (text measuring is most of the cost: the quick bound keeps the check at a
    /// fraction of a frame's time).
    /// Returns the bound it held against the cap (what the frame's own surfaces may need).
    @discardableResult
    public static func check(_ scene: Scene, scale: Double, renderer: SceneRenderer, maxBytes: Int) throws -> Double {
        let glyphs = Double(renderer.fonts.glyphCacheLimit)
        let quick = try estimate(scene, scale: scale, renderer: renderer, precise: false) + glyphs
        if quick <= Double(maxBytes) { return quick }
        let total = try estimate(scene, scale: scale, renderer: renderer) + glyphs
        guard total <= Double(maxBytes) else {
            throw LimitError(description: "this frame's surfaces (canvas, blur, shadow and tilt layers, masks, glyph cache) may need up to " +
                             "\(Int(min(total, 9e18)) >> 20) MiB, over the cap of \(maxBytes >> 20) MiB; lower --scale or the scene's " +
                             "blur and shadow sizes, or raise the cap with --max-memory")
        }
        return total
    }

    /// The upper bound, in bytes, of all surfaces rendering `scene` at `scale` allocates; with
    /// `precise` false, a looser bound that measures content only for tilted groups.
    public static func estimate(_ scene: Scene, scale: Double, renderer: SceneRenderer, precise: Bool = true) throws -> Double {
        let width = (scene.size.width * scale).rounded(), height = (scene.size.height * scale).rounded()
        var total = width * height * 4
        let base = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        for node in scene.root {
            total += try bytes(of: node, transform: base, canvas: (width, height), renderer: renderer, precise: precise)
        }
        if scene.root.contains(where: drawsThroughAMask) { total += 2 * width * height }
        return total
    }

    /// Text or a material somewhere in `node`: drawn through a coverage mask of its own.
    static func drawsThroughAMask(_ node: Node) -> Bool {
        switch node {
        case .text, .material: return true
        case .group(let g): return g.children.contains(where: drawsThroughAMask)
        default: return false
        }
    }

    static func bytes(of node: Node, transform: AffineTransform, canvas: (Double, Double), renderer: SceneRenderer,
                      precise: Bool) throws -> Double {
        guard case .group(let group) = node, group.opacity > 0 else { return 0 }
        let local = group.placement(under: transform)
        for v in [local.a, local.b, local.c, local.d, local.tx, local.ty] where !(abs(v) <= largestTransformEntry) {
            throw LimitError(description: "a group's transform reaches \(v) (nested scales or offsets too large to draw); " +
                             "keep scales and offsets within the scene's limits")
        }
        var total = group.clip == nil ? 0.0 : 2 * canvas.0 * canvas.1
        let isTilted = group.isTilted
        let isLayer = group.isLayer
        // A retained layer's surface (HoloRaster/Composite/Compositor.swift) is at most the canvas, as a backdrop copy is.
        if isLayer || group.opacity < 1 || group.isRetainedLayer {
            var bounds = Rect.zero
            if precise || isTilted {
                for child in group.children {
                    if let b = try renderer.pixelBounds(of: child, transform: local) { bounds = bounds.union(b) }
                }
                if let effect = group.effect { bounds = bounds.union(local.bounds(of: effect.region)) }
            } else {
                bounds = Rect(x: 0, y: 0, width: canvas.0, height: canvas.1)  // quick: the whole canvas
            }
            if !bounds.isEmpty {
                let s = transform.determinant.magnitude.squareRoot()
                let reach = group.layerReach(contentBounds: bounds, pixelsPerPoint: s)
                let canvasGrown = Rect(x: -reach, y: -reach, width: canvas.0 + 2 * reach, height: canvas.1 + 2 * reach)
                let grown = (precise || isTilted) ? bounds.insetBy(dx: -reach, dy: -reach).intersection(canvasGrown) : canvasGrown
                if !grown.isEmpty {
                    let layer = grown.width * grown.height * 4
                    total += isLayer ? 4 * layer : min(layer, canvas.0 * canvas.1 * 4)
                }
            }
        }
        for child in group.children {
            total += try bytes(of: child, transform: local, canvas: canvas, renderer: renderer, precise: precise)
        }
        return total
    }
}

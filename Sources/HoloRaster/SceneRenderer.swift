// Scene → pixels: walks the node tree, keeping the current transform (local points → canvas
// pixels) and clip (a coverage mask), and hands each leaf to the rasterizer.
//
// Group opacity without a separate layer: for a group with opacity o, Holoframe copies the
// backdrop B, draws the children over the copy (giving C + B·(1 − Ca) for the children's group
// result C), and blends the copy back as  B·(1 − o) + o·(C + B·(1 − Ca)) = B·(1 − o·Ca) + o·C,
// which is exactly "the group composited at opacity o". Unlike a transparent offscreen layer, it
// lets materials inside a fading group blur the real backdrop, as UIKit's visual-effect views do.
// Groups with blur, shadow or a 3D tilt do need a transparent layer; materials inside such a group
// see only the group's own content (documented limit).

import HoloGeometry
import HoloScene

public struct SceneRenderer: Sendable {
    public let fonts: FontLibrary

    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Renders `scene` at `scale` pixels per point into a new canvas.
    public func render(_ scene: Scene, scale: Double) throws -> Canvas {
        var canvas = Canvas(size: scene.size, scale: scale)
        canvas.clear(to: scene.background)
        try draw(scene.root, into: &canvas, transform: canvas.pixelTransform, clip: nil)
        return canvas
    }

    /// Draws `nodes` in order; `transform` maps their coordinates to canvas pixels.
    public func draw(_ nodes: [Node], into canvas: inout Canvas, transform: AffineTransform, clip: CoverageMask?) throws {
        for node in nodes {
            try draw(node, into: &canvas, transform: transform, clip: clip)
        }
    }

    private func draw(_ node: Node, into canvas: inout Canvas, transform: AffineTransform, clip: CoverageMask?) throws {
        switch node {
        case .fill(let shape, let paint):
            canvas.fill(shape, transform: transform, paint: paint, clip: clip)
        case .stroke(let shape, let paint, let width):
            canvas.stroke(shape, width: width, transform: transform, paint: paint, clip: clip)
        case .text(let run, let paint):
            let mask = try fonts.coverage(of: run, transform: transform)
            canvas.fill(mask, paint: paint, paintTransform: transform, clip: clip)
        case .material(let shape, let kind, let scheme):
            var mask = canvas.coverage(of: shape, transform: transform)
            if let clip { mask = mask.intersected(with: clip) }
            canvas.applyMaterial(kind, scheme: scheme, through: mask)
        case .image(let image, let frame):
            canvas.draw(image, in: frame, transform: transform, clip: clip)
        case .group(let group):
            try drawGroup(group, into: &canvas, transform: transform, clip: clip)
        }
    }

    private func drawGroup(_ group: Group, into canvas: inout Canvas, transform: AffineTransform, clip: CoverageMask?) throws {
        guard group.opacity > 0, !group.children.isEmpty else { return }
        let local = group.transform.concatenating(transform)
        var groupClip = clip
        if let shape = group.clip {
            let mask = canvas.coverage(of: shape, transform: local)
            groupClip = clip.map { mask.intersected(with: $0) } ?? mask
            if groupClip!.isEmpty { return }
        }

        let needsLayer = group.blur > 0 || group.shadow != nil || (group.tilt.map { $0.degreesX != 0 || $0.degreesY != 0 } ?? false)
        if needsLayer {
            var layer = Canvas(width: canvas.width, height: canvas.height, scale: canvas.scale)
            try draw(group.children, into: &layer, transform: local, clip: nil)
            if let tilt = group.tilt, tilt.degreesX != 0 || tilt.degreesY != 0 {
                layer = tilted(layer, tilt: tilt, transform: local)
            }
            if group.blur > 0 {
                layer.blur(sigma: group.blur * canvas.scale)
            }
            if let shadow = group.shadow {
                let shadowLayer = makeShadow(of: layer, shadow: shadow, transform: local)
                canvas.composite(shadowLayer, opacity: group.opacity, clip: groupClip)
            }
            canvas.composite(layer, opacity: group.opacity, clip: groupClip)
        } else if group.opacity < 1 {
            let backdrop = canvas
            try draw(group.children, into: &canvas, transform: local, clip: groupClip)
            canvas.blend(from: backdrop, keeping: 1 - group.opacity)
        } else {
            try draw(group.children, into: &canvas, transform: local, clip: groupClip)
        }
    }
}

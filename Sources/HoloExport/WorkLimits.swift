// Caps on the work one frame may ask for, checked against the scene before a pixel is drawn (the
// way ImageMagick's policy caps area and time, not only memory). Each names its flag:
//
//   --max-nodes         20,000 nodes in a scene, groups included: each node costs a visit, a
//                       coverage window and scratch buffers even when it draws nothing;
//   --max-area          200 canvases: the sum over leaves (fills, strokes, text, materials, images)
//                       of their device-pixel bounding boxes, each clipped to the canvas. 50,000
//                       full-screen rectangles are 50,000 canvases (74 s a frame at 3×);
//   --max-text          10,000 characters in one text run (one line or one paragraph: more cannot show);
//   --max-shader-work   10¹¹ shader operations a frame: each `.metal` paint's or effect's static
//                       cost a pixel (HoloMSL's MSLEntry.operationsPerPixel: loop trips multiplied
//                       through nesting) times the device pixels it covers, clipped to the canvas.
//
// The built-in clips and examples stay far below every default at 3× (measured: see
// docs/limits.md); a frame that passes the check but still runs long is stopped by its deadline
// (--frame-timeout, HoloStop's FrameWatch).

import Foundation
import HoloGeometry
import HoloScene

/// The per-frame work caps (`--max-nodes`, `--max-area`, `--max-text`, `--max-shader-work`).
public struct WorkLimits: Sendable, Equatable {
    public var maxNodes = 20_000
    /// Canvases' worth of covered device pixels (fractions allowed).
    public var maxAreaCanvases = 200.0
    public var maxTextCharacters = 10_000
    public var maxShaderOperations = 1e11
    public init() {}

    /// What a scene asks for at a scale (WorkLimits.measure).
    public struct Work: Sendable, Equatable {
        public var nodes = 0
        /// Device pixels covered, summed over leaves.
        public var area = 0.0
        /// Characters of the longest text run.
        public var longestText = 0
        public var shaderOperations = 0.0
    }

    /// Throws LimitError naming the cap and its flag when `scene` at `scale` asks for more.
    public func check(_ scene: Scene, scale: Double) throws {
        let canvasPixels = max(1, (scene.size.width * scale).rounded() * (scene.size.height * scale).rounded())
        let work = try measure(scene, scale: scale)
        if work.nodes > maxNodes {
            throw LimitError(description: "this frame's scene has \(work.nodes) nodes (groups included), over the cap of " +
                             "\(maxNodes); simplify the scene or raise the cap with --max-nodes")
        }
        let canvases = work.area / canvasPixels
        if canvases > maxAreaCanvases {
            throw LimitError(description: "this frame's shapes cover \(Self.format(canvases)) canvases' worth of pixels " +
                             "(each shape's box, clipped to the screen, summed), over the cap of \(Self.format(maxAreaCanvases)); " +
                             "draw fewer or smaller shapes, or raise the cap with --max-area")
        }
        if work.shaderOperations > maxShaderOperations {
            throw LimitError(description: "this frame's shaders may run \(Self.format(work.shaderOperations)) operations (loop trips " +
                             "multiplied through nesting, times the pixels each covers), over the cap of " +
                             "\(Self.format(maxShaderOperations)); shorten the shader's loops or raise the cap with --max-shader-work")
        }
    }

    /// Counts nodes, covered area and shader work, refusing the first text run over --max-text
    /// before anything lays it out.
    public func measure(_ scene: Scene, scale: Double) throws -> Work {
        var work = Work()
        let canvas = Rect(x: 0, y: 0, width: (scene.size.width * scale).rounded(), height: (scene.size.height * scale).rounded())
        let base = HoloGeometry.AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
        for node in scene.root { try visit(node, transform: base, canvas: canvas, into: &work) }
        return work
    }

    private func visit(_ node: Node, transform: HoloGeometry.AffineTransform, canvas: Rect, into work: inout Work) throws {
        work.nodes += 1
        func cover(_ box: Rect) -> Double {
            let r = transform.bounds(of: box).intersection(canvas)
            guard !r.isEmpty, r.width.isFinite, r.height.isFinite else { return 0 }
            return r.width * r.height
        }
        switch node {
        case .group(let group):
            let local = group.placement(under: transform)
            if let effect = group.effect, effect.program.operationsPerPixel > 0 {
                let r = local.bounds(of: effect.region).intersection(canvas)
                if !r.isEmpty, r.width.isFinite, r.height.isFinite {
                    work.shaderOperations += effect.program.operationsPerPixel * r.width * r.height
                }
            }
            for child in group.children { try visit(child, transform: local, canvas: canvas, into: &work) }
        case .fill(let shape, let paint):
            let a = cover(shape.bounds)
            work.area += a
            work.shaderOperations += Self.operations(paint) * a
        case .stroke(let shape, let paint, let width):
            let a = cover(shape.bounds.insetBy(dx: -width, dy: -width))
            work.area += a
            work.shaderOperations += Self.operations(paint) * a
        case .styledStroke(let shape, let paint, let style):
            let a = cover(shape.bounds.insetBy(dx: -style.reach, dy: -style.reach))
            work.area += a
            work.shaderOperations += Self.operations(paint) * a
        case .material(let shape, _, _):
            work.area += cover(shape.bounds)
        case .image(_, let frame):
            work.area += cover(frame)
        case .text(let run, let paint):
            // UTF-8 length bounds the character count from above: count characters only when it is over.
            if run.string.utf8.count > maxTextCharacters {
                let characters = run.string.count
                if characters > maxTextCharacters {
                    throw LimitError(description: "a text run of \(characters) characters is over the cap of \(maxTextCharacters) " +
                                     "(a run is one line or one paragraph; what does not fit its frame cannot show); shorten it or raise the cap with --max-text")
                }
            }
            work.longestText = max(work.longestText, run.string.utf8.count)
            // A loose box without laying the run out: 1.5 em per UTF-8 byte (Inter's and DejaVu's widest
            // one-byte glyphs advance under 1.2 em, SF tracking adds at most 0.041 em, an emoji's
            // 1.25 em spans 4 bytes) and 2 em around the baseline; a paragraph's lines are no wider than
            // its wrap width and its last baseline is at most `lastBaselineBound` below the first.
            let size = run.font.size
            var width = Double(run.string.utf8.count) * size * 1.5
            if run.isParagraph, let wrap = run.wrapWidth { width = min(width, max(0, wrap)) }
            let x: Double
            switch run.alignment {
            case .leading: x = run.origin.x
            case .center: x = run.origin.x - width / 2
            case .trailing: x = run.origin.x - width
            }
            let box = run.isParagraph
                ? Rect(x: x, y: run.origin.y - 2 * size, width: width, height: 4 * size + min(run.lastBaselineBound, 2_000_000))
                : Rect(x: x, y: run.origin.y - 2 * size, width: run.maxWidth.map { min($0, width) } ?? width, height: 4 * size)
            let a = cover(box)
            work.area += a
            work.shaderOperations += Self.operations(paint) * a
        }
    }

    static func operations(_ paint: Paint) -> Double {
        if case .shader(let p) = paint { return p.program.operationsPerPixel }
        return 0
    }

    /// 12.5, 4096 or 3.2e+12.
    static func format(_ v: Double) -> String {
        if v < 1000 { return String(format: "%.1f", v) }
        if v < 1e7 { return String(Int(v.rounded())) }
        return String(format: "%.1e", v)
    }
}

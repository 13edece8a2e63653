// The frame's root nodes' pixel bounds, each measured at most once a frame (the bounds half of
// Flutter's preroll, which measures every layer's paint bounds before anything is painted).
//
// The damage pass (its changed nodes and its materials' readers), the overdraw search and the
// strips' whole rows each asked `pixelBounds` of the same root nodes, and a group's bounds are
// its subtree's: text laid out and measured again, paths' points walked again, three times a
// frame. The previous frame's are kept with its scene, so the damage pass measures an old node
// it did not match without walking it again either. Bounds are a function of the node and the
// transform alone, so answering them from here changes no byte.

import HoloGeometry
import HoloScene

final class RootBounds {
    let nodes: [Node]
    let transform: AffineTransform
    let renderer: SceneRenderer
    /// nil: not measured yet; .some(nil): the node draws nothing.
    private var measured: [Rect??]
    /// How many nodes were measured (tests hold the one-pass claim to it).
    private(set) var measurements = 0

    init(_ nodes: [Node], transform: AffineTransform, renderer: SceneRenderer) {
        self.nodes = nodes
        self.transform = transform
        self.renderer = renderer
        measured = [Rect??](repeating: nil, count: nodes.count)
    }

    /// `pixelBounds(of: nodes[i], transform: transform)`, measured on first use.
    func callAsFunction(_ i: Int) throws -> Rect? {
        if let known = measured[i] { return known }
        let b = try renderer.pixelBounds(of: nodes[i], transform: transform)
        measured[i] = .some(b)
        measurements += 1
        return b
    }
}

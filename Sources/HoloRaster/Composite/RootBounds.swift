// The frame's root nodes' pixel bounds, each measured at most once a frame (the bounds half of
// Flutter's preroll, which measures every layer's paint bounds before anything is painted).
//
// The damage pass (its changed nodes and its materials' readers), the overdraw search and the
// strips' whole rows each asked `pixelBounds` of the same root nodes, and a group's bounds are
// its subtree's: text laid out and measured again, paths' points walked again, three times a
// frame. The previous frame's are kept with its scene: a node the damage pass matches to an equal
// one of the previous frame takes its bounds (Flutter keeps an unchanged layer's last paint
// region), and an old node it did not match is not walked again either. Bounds are a function of
// the node and the transform alone, so answering them from here changes no byte.

import HoloGeometry
import HoloScene

final class RootBounds {
    let nodes: [Node]
    let transform: AffineTransform
    let renderer: SceneRenderer
    /// nil: not measured yet; .some(nil): the node draws nothing.
    private var measured: [Rect??]
    /// How many nodes were measured here (not taken from the previous frame).
    private(set) var measurements = 0

    init(_ nodes: [Node], transform: AffineTransform, renderer: SceneRenderer) {
        self.nodes = nodes
        self.transform = transform
        self.renderer = renderer
        measured = [Rect??](repeating: nil, count: nodes.count)
    }

    /// Node `i` equals `old`'s node `p` (the damage pass matched them) under the same transform:
    /// it takes that node's bounds if they were measured.
    func adopt(_ old: RootBounds, _ p: Int, _ i: Int) {
        if measured[i] == nil, let known = old.measured[p] { measured[i] = known }
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

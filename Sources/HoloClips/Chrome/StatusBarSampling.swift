// Which status bar style reads over a frame: decided from what the scene draws under the bar.
//
// iOS apps set the style per screen (`.preferredColorScheme`, `.toolbarColorScheme`); a clip has
// no such setting, and its scheme alone is wrong where a screen puts a dark surface under the bar
// in light mode (the hero's detail header, the reveal's aurora). So the style is read from the
// scene, before rasterising (keeping the flow one-directional): at the time's and the battery's
// centres, the last-drawn node that covers the point and is mostly opaque gives the colour there
// (a solid's colour, a gradient's mean stop, a material's scheme), else the scene's background.
// Coverage is judged by each shape's bounding box in its group's space: enough for bars and
// headers, the only things under a status bar in the built-in clips. The two luma values are
// averaged, and light content is chosen under one half (StatusBarStyle(over:)).

import HoloGeometry
import HoloScene

extension StatusBarStyle {
    /// The style that reads over what `scene` draws at `points` (the status bar's items).
    public static func under(_ points: [Point], in scene: Scene) -> StatusBarStyle {
        guard !points.isEmpty else { return StatusBarStyle(over: scene.background) }
        var luma = 0.0
        for p in points {
            let c = colour(at: p, in: scene.root, transform: .identity) ?? scene.background
            luma += (0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue) * c.alpha
        }
        luma /= Double(points.count)
        return StatusBarStyle(over: Color(red: luma, green: luma, blue: luma))
    }

    /// The colour the last opaque-enough node covering `p` paints there, or nil.
    static func colour(at p: Point, in nodes: [Node], transform: AffineTransform) -> Color? {
        for node in nodes.reversed() {
            switch node {
            case .group(let g):
                guard g.opacity >= 0.5 else { continue }
                let t = g.placement(under: transform)
                if let clip = g.clip, let local = t.inverted()?.apply(p), !clip.bounds.contains(local) { continue }
                if let c = colour(at: p, in: g.children, transform: t) { return c }
            case .fill(let shape, let paint):
                guard let local = transform.inverted()?.apply(p), shape.bounds.contains(local),
                      let c = mean(paint), c.alpha >= 0.5 else { continue }
                return c
            case .material(let shape, _, let scheme):
                guard let local = transform.inverted()?.apply(p), shape.bounds.contains(local) else { continue }
                return scheme == .dark ? Color(red: 0.1, green: 0.1, blue: 0.1) : Color(red: 0.95, green: 0.95, blue: 0.95)
            case .stroke, .styledStroke, .text, .image:
                continue
            }
        }
        return nil
    }

    static func mean(_ paint: Paint) -> Color? {
        func average(_ stops: [GradientStop]) -> Color? {
            guard !stops.isEmpty else { return nil }
            let n = Double(stops.count)
            return Color(red: stops.map(\.color.red).reduce(0, +) / n, green: stops.map(\.color.green).reduce(0, +) / n,
                         blue: stops.map(\.color.blue).reduce(0, +) / n, alpha: stops.map(\.color.alpha).reduce(0, +) / n)
        }
        switch paint {
        case .solid(let c): return c
        case .linearGradient(let stops, _, _), .radialGradient(let stops, _, _, _), .angularGradient(let stops, _, _, _): return average(stops)
        case .shader: return nil
        }
    }
}

extension DeviceChrome {
    /// Where the status bar's items are: the time's and the battery's centres (none without a bar).
    public var itemCentres: [Point] {
        guard let battery = batteryFrame else { return [] }
        return [Point(timeOrigin.x, itemsMidY), Point(battery.midX, battery.midY)]
    }

    /// The style that reads over `scene` under this status bar.
    public func style(over scene: Scene) -> StatusBarStyle { StatusBarStyle.under(itemCentres, in: scene) }
}

// Which ink the status bar and the home indicator take over a frame: decided from what the scene
// draws under each, in that frame alone.
//
// iOS apps set the status bar's style per screen (`.preferredColorScheme`, `.toolbarColorScheme`);
// a clip has no such setting, and its scheme alone is wrong where a screen puts a dark surface
// under the bar in light mode (the hero's detail header, the reveal's aurora). The home indicator
// has no style of its own at all: iOS inks it from the luminance of the content under it (dark
// over light content whatever the status bar shows), so it is sampled separately, at the bottom.
//
// Both are read from the scene, before rasterising (keeping the flow one-directional): at each
// sample point the scene's nodes are composited back to front, source-over, each with the
// coverage it has there (`ink(at:)`):
//   - shapes by their outline: a rect, a rounded rect's corners, a capsule's and an ellipse's
//     curve; a path by its bounding box; a stroke by the band of its width around the bounds;
//   - a material as its scheme's grey (what the frosted bar reads as);
//   - text by its line box, inked at `textInk` of its area (glyphs cover about a quarter of the
//     box of a Latin line (approx.): black body text over white reads light grey, not black);
//   - an image by its pixel under the point;
//   - a group by its children, mixed in at its opacity and cut by its clip.
// Paints: a solid's colour, a gradient's mean stop; a shader paint is skipped (its colour is only
// known once run). Luma is Rec. 709 over the sample points' mean; light content under one half
// (StatusBarStyle(over:)).

import HoloGeometry
import HoloScene

extension StatusBarStyle {
    /// The style that reads over what `scene` draws at `points` (the status bar's items, or the
    /// home indicator's samples).
    public static func under(_ points: [Point], in scene: Scene) -> StatusBarStyle {
        guard !points.isEmpty else { return StatusBarStyle(over: scene.background) }
        var luma = 0.0
        for p in points {
            let c = composite(at: p, in: scene)
            luma += 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        }
        luma /= Double(points.count)
        return StatusBarStyle(over: Color(red: luma, green: luma, blue: luma))
    }

    /// Glyphs' share of a text run's line box (approx.): Latin text at body sizes inks about a
    /// quarter of the box its ascent, descent and advance span.
    public static let textInk = 0.25

    /// The opaque colour `scene` shows at `p`: its background with every node composited over it.
    public static func composite(at p: Point, in scene: Scene) -> Color {
        let bg = scene.background
        var c = Color(red: bg.red * bg.alpha, green: bg.green * bg.alpha, blue: bg.blue * bg.alpha)
        composite(at: p, nodes: scene.root, transform: .identity, over: &c)
        return c
    }

    /// Composites `nodes` (placed by `transform`) over `c` at `p`: c' = c·(1 − a) + colour·a, a being
    /// the node's coverage at p times its paint's alpha.
    static func composite(at p: Point, nodes: [Node], transform: AffineTransform, over c: inout Color) {
        guard let local = transform.inverted()?.apply(p) else { return }
        for node in nodes {
            switch node {
            case .group(let g):
                guard g.opacity > 0 else { continue }
                let t = g.placement(under: transform)
                if let clip = g.clip, let inner = t.inverted()?.apply(p), cover(clip, inner) == 0 { continue }
                var inside = c
                composite(at: p, nodes: g.children, transform: t, over: &inside)
                c = mix(c, inside, min(g.opacity, 1))
            case .fill(let shape, let paint):
                guard let colour = mean(paint) else { continue }
                over(&c, colour, cover(shape, local))
            case .stroke(let shape, let paint, let width):
                guard let colour = mean(paint) else { continue }
                over(&c, colour, band(shape.bounds, width, local))
            case .styledStroke(let shape, let paint, let style):
                guard let colour = mean(paint) else { continue }
                over(&c, colour, band(shape.bounds, style.lineWidth, local))
            case .material(let shape, _, let scheme):
                let grey = scheme == .dark ? 0.1 : 0.95
                over(&c, Color(red: grey, green: grey, blue: grey), cover(shape, local))
            case .text(let run, let paint):
                guard let colour = mean(paint), let box = lineBox(run, near: local), box.contains(local) else { continue }
                over(&c, colour, textInk)
            case .image(let image, let frame):
                guard frame.contains(local), frame.width > 0, frame.height > 0, image.width > 0, image.height > 0 else { continue }
                let x = min(image.width - 1, Int((local.x - frame.minX) / frame.width * Double(image.width)))
                let y = min(image.height - 1, Int((local.y - frame.minY) / frame.height * Double(image.height)))
                let i = 4 * (y * image.width + x)
                // Premultiplied: c' = rgb + c·(1 − a).
                let a = Double(image.pixels[i + 3]) / 255
                c = Color(red: Double(image.pixels[i]) / 255 + c.red * (1 - a), green: Double(image.pixels[i + 1]) / 255 + c.green * (1 - a),
                          blue: Double(image.pixels[i + 2]) / 255 + c.blue * (1 - a))
            }
        }
    }

    /// c' = c·(1 − a) + colour·a with a = coverage · the colour's alpha.
    static func over(_ c: inout Color, _ colour: Color, _ coverage: Double) {
        let a = coverage * min(max(colour.alpha, 0), 1)
        guard a > 0 else { return }
        c = mix(c, Color(red: colour.red, green: colour.green, blue: colour.blue), a)
    }

    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t, blue: a.blue + (b.blue - a.blue) * t)
    }

    /// 1 when `p` is inside `shape`'s outline, else 0 (a path: its bounding box).
    static func cover(_ shape: Shape, _ p: Point) -> Double {
        switch shape {
        case .rect(let r): return r.contains(p) ? 1 : 0
        case .path(let path): return path.bounds.contains(p) ? 1 : 0
        case .roundedRect(let r, let radius, _): return insideRounded(r, radius, p) ? 1 : 0
        case .capsule(let r): return insideRounded(r, min(r.width, r.height) / 2, p) ? 1 : 0
        case .ellipse(let r):
            guard r.width > 0, r.height > 0 else { return 0 }
            let dx = (p.x - r.midX) / (r.width / 2), dy = (p.y - r.midY) / (r.height / 2)
            return dx * dx + dy * dy <= 1 ? 1 : 0
        }
    }

    static func insideRounded(_ r: Rect, _ radius: Double, _ p: Point) -> Bool {
        guard r.contains(p) else { return false }
        let k = max(0, min(radius, r.width / 2, r.height / 2))
        let cx = min(max(p.x, r.minX + k), r.maxX - k), cy = min(max(p.y, r.minY + k), r.maxY - k)
        let dx = p.x - cx, dy = p.y - cy
        return dx * dx + dy * dy <= k * k
    }

    /// A stroke's band: within `width / 2` of the bounds' edge.
    static func band(_ r: Rect, _ width: Double, _ p: Point) -> Double {
        let h = width / 2
        let outer = r.insetBy(dx: -h, dy: -h), inner = r.insetBy(dx: h, dy: h)
        return outer.contains(p) && !(inner.width > 0 && inner.height > 0 && inner.contains(p)) ? 1 : 0
    }

    /// The run's line box (all its lines) when `p` may be in it, else nil: measured only for runs
    /// whose lines reach p's height.
    static func lineBox(_ run: TextRun, near p: Point) -> Rect? {
        let size = run.font.size
        guard p.y >= run.origin.y - 1.3 * size, p.y <= run.origin.y + 0.5 * size + run.lastBaselineBound else { return nil }
        let v = TextMeasure.vertical(run.font)
        var width = TextMeasure.width(run.string, run.font)
        var lines = 1.0
        if run.isParagraph {
            let paragraphs = run.string.split(separator: "\n", omittingEmptySubsequences: false)
            let wrap = run.wrapWidth ?? .infinity
            lines = 0
            width = 0
            for line in paragraphs {
                let w = TextMeasure.width(String(line), run.font)
                lines += max(1, (w / wrap).rounded(.up))
                width = max(width, min(w, wrap))
            }
            if let limit = run.lineLimit { lines = min(lines, Double(max(limit, 1))) }
        } else if let limit = run.maxWidth {
            width = min(width, limit)
        }
        let x: Double
        switch run.alignment {
        case .leading: x = run.origin.x
        case .center: x = run.origin.x - width / 2
        case .trailing: x = run.origin.x - width
        }
        let lineHeight = v.ascent + v.descent + max(0, run.lineSpacing)
        return Rect(x: x, y: run.origin.y - v.ascent, width: width, height: lineHeight * lines)
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

    /// Where the home indicator reads its content: a grid of 13 × 3 points over the capsule and
    /// 4 pt above and below it (the strip its glyph sits in), none without an indicator.
    public var homeIndicatorSamples: [Point] {
        guard let f = homeIndicatorFrame else { return [] }
        return [f.midY - 4, f.midY, f.midY + 4].flatMap { y in
            (0..<13).map { i in Point(f.minX + f.width * (Double(i) + 0.5) / 13, y) }
        }
    }

    /// The style that reads over `scene` under this status bar.
    public func style(over scene: Scene) -> StatusBarStyle { StatusBarStyle.under(itemCentres, in: scene) }

    /// The home indicator's ink over `scene`: from what is drawn under the indicator, whatever the
    /// status bar shows.
    public func homeIndicatorStyle(over scene: Scene) -> StatusBarStyle { StatusBarStyle.under(homeIndicatorSamples, in: scene) }
}

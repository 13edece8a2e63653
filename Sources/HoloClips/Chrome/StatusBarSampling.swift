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
        for c in composite(at: points, in: scene) {
            luma += 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        }
        luma /= Double(points.count)
        return StatusBarStyle(over: Color(red: luma, green: luma, blue: luma))
    }

    /// Glyphs' share of a text run's line box (approx.): Latin text at body sizes inks about a
    /// quarter of the box its ascent, descent and advance span.
    public static let textInk = 0.25

    /// The opaque colour `scene` shows at `p`: its background with every node composited over it.
    public static func composite(at p: Point, in scene: Scene) -> Color { composite(at: [p], in: scene)[0] }

    /// The opaque colour `scene` shows at each of `points`. One walk of the scene serves every point
    /// (each point's colour is the same arithmetic as if it were sampled alone): a group whose clip
    /// leaves out every point, or text whose lines reach none of them, is passed over whole.
    public static func composite(at points: [Point], in scene: Scene) -> [Color] {
        let bg = scene.background
        var colours = [Color](repeating: Color(red: bg.red * bg.alpha, green: bg.green * bg.alpha, blue: bg.blue * bg.alpha), count: points.count)
        composite(at: points, active: Array(points.indices), nodes: scene.root, transform: .identity, over: &colours)
        return colours
    }

    /// Composites `nodes` (placed by `transform`) over `cs[i]` at `points[i]` for each index in
    /// `active`: c' = c·(1 − a) + colour·a, a being the node's coverage at the point times its paint's alpha.
    static func composite(at points: [Point], active: [Int], nodes: [Node], transform: AffineTransform, over cs: inout [Color]) {
        guard let inverse = transform.inverted() else { return }
        let local = active.map { inverse.apply(points[$0]) }
        for node in nodes {
            switch node {
            case .group(let g):
                guard g.opacity > 0 else { continue }
                let t = g.placement(under: transform)
                var inner = active
                if let clip = g.clip, let back = t.inverted() {
                    inner = active.filter { cover(clip, back.apply(points[$0])) != 0 }
                }
                guard !inner.isEmpty else { continue }
                var inside = cs
                composite(at: points, active: inner, nodes: g.children, transform: t, over: &inside)
                for i in inner { cs[i] = mix(cs[i], inside[i], min(g.opacity, 1)) }
            case .fill(let shape, let paint):
                guard let colour = mean(paint) else { continue }
                for (k, i) in active.enumerated() { over(&cs[i], colour, cover(shape, local[k])) }
            case .stroke(let shape, let paint, let width):
                guard let colour = mean(paint) else { continue }
                for (k, i) in active.enumerated() { over(&cs[i], colour, band(shape.bounds, width, local[k])) }
            case .styledStroke(let shape, let paint, let style):
                guard let colour = mean(paint) else { continue }
                for (k, i) in active.enumerated() { over(&cs[i], colour, band(shape.bounds, style.lineWidth, local[k])) }
            case .material(let shape, _, let scheme):
                let grey = scheme == .dark ? 0.1 : 0.95
                for (k, i) in active.enumerated() { over(&cs[i], Color(red: grey, green: grey, blue: grey), cover(shape, local[k])) }
            case .text(let run, let paint):
                guard let colour = mean(paint), local.contains(where: { reaches(run, $0) }) else { continue }
                let box = lineBox(run)
                for (k, i) in active.enumerated() where reaches(run, local[k]) && box.contains(local[k]) { over(&cs[i], colour, textInk) }
            case .image(let image, let frame):
                guard frame.width > 0, frame.height > 0, image.width > 0, image.height > 0 else { continue }
                for (k, i) in active.enumerated() where frame.contains(local[k]) {
                    let x = min(image.width - 1, Int((local[k].x - frame.minX) / frame.width * Double(image.width)))
                    let y = min(image.height - 1, Int((local[k].y - frame.minY) / frame.height * Double(image.height)))
                    let j = 4 * (y * image.width + x)
                    // Premultiplied: c' = rgb + c·(1 − a).
                    let a = Double(image.pixels[j + 3]) / 255, c = cs[i]
                    cs[i] = Color(red: Double(image.pixels[j]) / 255 + c.red * (1 - a), green: Double(image.pixels[j + 1]) / 255 + c.green * (1 - a),
                                  blue: Double(image.pixels[j + 2]) / 255 + c.blue * (1 - a))
                }
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

    /// True when `p` is at a height the run's lines may reach (the line box is measured only then).
    static func reaches(_ run: TextRun, _ p: Point) -> Bool {
        let size = run.font.size
        return p.y >= run.origin.y - 1.3 * size && p.y <= run.origin.y + 0.5 * size + run.lastBaselineBound
    }

    /// The run's line box: all its lines, its measured width placed by its alignment.
    static func lineBox(_ run: TextRun) -> Rect {
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

// Issue 29, Devices: every built-in family lays out from the device it renders on. Frame 0 and one
// frame mid-clip of each family, on the iPhone SE, the iPhone 12, the iPhone 17 Pro Max and the
// 13-inch iPad Pro, rendered at a quarter scale and audited from the scene graph:
//
//   overlap      no two visible text runs' ink boxes intersect, unless something opaque drawn
//                between them (a bar, a card) covers the place where they meet;
//   width        every visible text run stays inside the screen's safe area horizontally;
//   status bar   no text sits under the status bar (y < the device's status bar height) where no
//                bar drawn after it covers it — at frame 0 any text, mid-clip the text that does
//                not scroll (content scrolled up under the status bar is what iOS shows too). The
//                status bar's own clock ("9:41") is the exception;
//   home         the labels of a bar along the bottom edge (a tab bar) end above the home
//                indicator's inset.
//
// Ink boxes are the glyphs' coverage (FontLibrary.coverage), after the renderer fits a run into
// its maxWidth (shrink, then "…"), so they are what is drawn, not padded line boxes.

import Foundation
import Testing
import HoloGeometry
import HoloMotion
import HoloScene
import HoloClips
@testable import HoloRaster
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct DeviceLayoutTests {
    static let devices = ["iphone-se", "iphone-12", "iphone-17-pro-max", "ipad-pro-13"]
    /// One clip per family (the finance family's four screens each), and the frame checked mid-clip.
    static let clips: [(name: String, mid: Int)] = [
        ("titles", 180),      // Exercises, title collapsed, search field under the status bar
        ("flowing", 165),     // the title and the accessory in the navigation bar
        ("hero", 60),         // the goal's detail, open
        ("celebration", 78),  // the badge arriving, the card pulsing
        ("parallax", 45),     // the Dashboard scrolled, its header art lagging
        ("gradients", 90),
        ("waveform", 100),    // refreshing: the waveform in the pulled-open band
        ("reveal", 90),       // the secondary section revealed
        ("demo", 120),        // the feed scrolled under the bar
    ]

    static let renderer = SceneRenderer(fonts: FontLibrary.shared)

    @Test(arguments: clips.map(\.name), devices)
    func layoutHasNoOverlaps(_ clipName: String, _ deviceName: String) throws {
        let device = try #require(Device.named(deviceName))
        let clip = try ClipResolver.resolve(clipName, overrides: ClipOverrides(device: deviceName, scale: 0.25))
        let mid = try #require(Self.clips.first { $0.name == clipName }).mid
        let source = clip.frames()
        for frame in [0, mid] {
            let scene = source.scene(frame).scene
            // It renders (a quarter scale keeps this quick).
            let canvas = try Self.renderer.render(scene, scale: clip.scale)
            #expect(canvas.width == clip.pixelWidth && canvas.height == clip.pixelHeight)
            let audit = try LayoutAudit(scene: scene, screen: device.screen, atRest: frame == 0)
            // Something to audit: the frame's text was found.
            #expect(audit.texts.count >= 3, "\(clipName) on \(deviceName), frame \(frame): \(audit.texts.count) text runs")
            let problems = audit.problems()
            #expect(problems.isEmpty, Comment(rawValue: "\(clipName) on \(deviceName), frame \(frame):\n" + problems.prefix(8).joined(separator: "\n")))
        }
    }

    /// The audit can fail: two runs on one baseline, a run past the right edge, a run under the
    /// status bar, a tab label in the home indicator's inset.
    @Test func theAuditFindsEachKindOfProblem() throws {
        let screen = try #require(Device.named("iphone-12")).screen
        func problems(_ nodes: [Node]) throws -> [String] {
            try LayoutAudit(scene: Scene(size: Size(390, 844), background: .white, root: nodes), screen: screen, atRest: true).problems()
        }
        let font = Font(size: 17)
        func text(_ s: String, _ x: Double, _ y: Double) -> Node { .text(TextRun(s, font: font, origin: Point(x, y)), .solid(.black)) }
        #expect(try problems([text("Left", 20, 200), text("Right", 300, 200)]).isEmpty)
        #expect(try problems([text("Left side", 20, 200), text("Overlap", 40, 204)]).first?.contains("overlap") == true)
        // Covered by an opaque card drawn between them: fine.
        #expect(try problems([text("Left side", 20, 200), .fill(.rect(Rect(x: 0, y: 150, width: 390, height: 100)), .solid(.white)),
                              text("Overlap", 40, 204)]).isEmpty)
        #expect(try problems([text("Far too far right", 330, 200)]).first?.contains("safe area") == true)
        #expect(try problems([text("Under", 20, 40)]).first?.contains("status bar") == true)
        #expect(try problems([text("9:41", 50, 32)]).isEmpty)
        let tabBar = Node.material(.rect(Rect(x: 0, y: 844 - 60, width: 390, height: 60)), .thin, .light)
        #expect(try problems([tabBar, text("Home", 20, 840)]).first?.contains("home indicator") == true)
        #expect(try problems([tabBar, text("Home", 20, 805)]).isEmpty)
    }
}

/// The scene graph flattened in paint order: text runs with their ink boxes, and the opaque
/// things (fills, materials) that hide what is under them.
struct LayoutAudit {
    struct TextItem { var string: String; var box: Rect; var opacity: Double; var scrolled: Bool; var order: Int }
    struct Cover { var rect: Rect; var order: Int }

    let size: Size
    let screen: DeviceScreen
    let atRest: Bool
    private(set) var texts: [TextItem] = []
    private(set) var covers: [Cover] = []
    private var order = 0

    /// Below this opacity a run is a fade's far end (a crossfade's outgoing view), not a layout.
    static let visible = 0.1
    /// A fill or material at least this opaque hides what is under it.
    static let opaque = 0.9
    /// Ink boxes may touch: they must intersect by more than this (points) both ways to overlap.
    static let slack = 0.5

    init(scene: Scene, screen: DeviceScreen, atRest: Bool) throws {
        size = scene.size; self.screen = screen; self.atRest = atRest
        try walk(scene.root, transform: .identity, clip: nil, opacity: 1, scrolled: false)
    }

    private mutating func walk(_ nodes: [Node], transform: HoloGeometry.AffineTransform, clip: Rect?, opacity: Double, scrolled: Bool) throws {
        for node in nodes {
            order += 1
            switch node {
            case .text(let given, _):
                let run = try DeviceLayoutTests.renderer.fitted(given)
                // The glyphs' coverage at 4 px a point, back in the run's points.
                let mask = try FontLibrary.shared.coverage(of: run, transform: .scale(4, 4))
                guard mask.width > 0, mask.height > 0 else { continue }
                let ink = Rect(x: Double(mask.x) / 4, y: Double(mask.y) / 4, width: Double(mask.width) / 4, height: Double(mask.height) / 4)
                var box = transform.bounds(of: ink)
                if let clip { box = box.intersection(clip) }
                guard !box.isEmpty else { continue }
                texts.append(TextItem(string: run.string, box: box, opacity: opacity, scrolled: scrolled, order: order))
            case .fill(let shape, let paint):
                if opacity * Self.alpha(paint) >= Self.opaque { addCover(shape, transform, clip) }
            case .material(let shape, _, _):
                if opacity >= Self.opaque { addCover(shape, transform, clip) }
            case .stroke, .styledStroke, .image:
                break
            case .group(let g):
                let local = g.transform.concatenating(transform)
                var inner = clip
                if let c = g.clip {
                    let r = local.bounds(of: c.bounds)
                    inner = inner.map { $0.intersection(r) } ?? r
                }
                try walk(g.children, transform: local, clip: inner, opacity: opacity * g.opacity,
                         scrolled: scrolled || g.retention?.scrolls == true)
            }
        }
    }

    /// Covers are axis-aligned rects the shape surely fills: a rounded rect's (or a capsule's)
    /// two straight bands, the one between its left and right corners and the one between its top
    /// and bottom corners; nothing for an ellipse.
    private mutating func addCover(_ shape: Shape, _ transform: HoloGeometry.AffineTransform, _ clip: Rect?) {
        guard transform.b == 0, transform.c == 0 else { return }
        var bands: [Rect]
        switch shape {
        case .rect(let rect): bands = [rect]
        case .roundedRect(let rect, let radius, _):
            // A continuous corner starts about 1.528 × its radius from the corner.
            let inset = min(radius * 1.53, min(rect.width, rect.height) / 2)
            bands = [rect.insetBy(dx: 0, dy: inset), rect.insetBy(dx: inset, dy: 0)]
        case .capsule(let rect):
            let inset = min(rect.width, rect.height) / 2
            bands = [rect.insetBy(dx: 0, dy: inset), rect.insetBy(dx: inset, dy: 0)]
        case .ellipse, .path: return
        }
        for band in bands {
            var r = transform.bounds(of: band)
            if let clip { r = r.intersection(clip) }
            if !r.isEmpty { covers.append(Cover(rect: r, order: order)) }
        }
    }

    /// The least alpha the paint has anywhere.
    static func alpha(_ paint: Paint) -> Double {
        switch paint {
        case .solid(let c): return c.alpha
        case .linearGradient(let stops, _, _), .radialGradient(let stops, _, _, _), .angularGradient(let stops, _, _, _):
            return stops.map(\.color.alpha).min() ?? 0
        default: return 0
        }
    }

    /// True when a cover painted after `after` (and before `before`, if given) holds all of `r`.
    func covered(_ r: Rect, after: Int, before: Int = .max) -> Bool {
        covers.contains {
            $0.order > after && $0.order < before
                && $0.rect.minX <= r.minX && $0.rect.minY <= r.minY && $0.rect.maxX >= r.maxX && $0.rect.maxY >= r.maxY
        }
    }

    static let clock = "9:41"

    func describe(_ t: TextItem) -> String {
        "\"\(t.string)\" at (\(Int(t.box.minX)), \(Int(t.box.minY)))–(\(Int(t.box.maxX)), \(Int(t.box.maxY)))"
    }

    func problems() -> [String] {
        var out: [String] = []
        let shown = texts.filter { $0.opacity >= Self.visible && $0.box.maxY > 0 && $0.box.minY < size.height }
        let safe = screen.safeArea
        let statusBar = screen.statusBarHeight
        for (i, a) in shown.enumerated() {
            // Width: inside the safe area (which is the screen in portrait).
            if a.box.minX < safe.left - Self.slack || a.box.maxX > size.width - safe.right + Self.slack {
                out.append("outside the safe area horizontally (\(safe.left)…\(size.width - safe.right)): \(describe(a))")
            }
            // Status bar.
            if a.string != Self.clock, atRest || !a.scrolled, a.box.minY < statusBar - Self.slack {
                let under = Rect(x: a.box.minX, y: a.box.minY, width: a.box.width, height: min(statusBar, a.box.maxY) - a.box.minY)
                if !covered(under, after: a.order) {
                    out.append("under the status bar (\(statusBar) pt): \(describe(a))")
                }
            }
            // Overlaps with the runs painted after it.
            for b in shown[(i + 1)...] {
                if (a.string == Self.clock && b.scrolled) || (b.string == Self.clock && a.scrolled) { continue }
                let o = a.box.intersection(b.box)
                guard o.width > Self.slack, o.height > Self.slack else { continue }
                if covered(o, after: a.order, before: b.order) { continue }
                out.append("overlap: \(describe(a)) and \(describe(b))")
            }
        }
        // A bar along the bottom edge: the runs painted on it end above the home indicator.
        let bottomBars = covers.filter {
            $0.rect.minX <= 0.5 && $0.rect.maxX >= size.width - 0.5 && $0.rect.maxY >= size.height - 0.5 && $0.rect.minY > size.height / 2
        }
        for bar in bottomBars {
            for t in shown where t.order > bar.order && bar.rect.contains(t.box.center) && t.box.maxY > size.height - safe.bottom + Self.slack {
                out.append("in the home indicator's inset (\(safe.bottom) pt) on a bottom bar: \(describe(t))")
            }
        }
        return out
    }
}

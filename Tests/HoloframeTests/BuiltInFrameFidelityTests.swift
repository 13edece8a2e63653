// Details a designer checks in the built-in clips, each rendered from the built-in clip (or read
// from its scene) and held to what iOS draws there: the home indicator's contrast, the hero's card
// over its list, the titles' frosted band, the waveform's bars, the reveal's capsule, the
// celebration's check, the tab re-selection, inset-grouped settings, the glass bar, the glow.

import Foundation
@testable import HoloClips
import HoloGeometry
import HoloMotion
import HoloPixels
import HoloRaster
import HoloScene
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct BuiltInFrameFidelityTests {
    static let renderer = SceneRenderer(fonts: FontLibrary.shared)

    static func clip(_ name: String, scale: Double = 1, chrome: Bool = true) throws -> Clip {
        var overrides = ClipOverrides(scale: scale)
        overrides.noChrome = !chrome
        return try ClipResolver.resolve(name, overrides: overrides)
    }

    static func scene(_ name: String, frame: Int, chrome: Bool = true) throws -> Scene {
        let c = try clip(name, chrome: chrome)
        return c.frames().scene(frame).scene
    }

    static func render(_ scene: Scene, scale: Double = 1) throws -> Canvas { try renderer.render(scene, scale: scale) }

    static func render(_ name: String, frame: Int, scale: Double = 1, chrome: Bool = true) throws -> Canvas {
        try render(try scene(name, frame: frame, chrome: chrome), scale: scale)
    }

    /// Rec. 709 luma of a pixel over black, 0…255.
    static func luma(_ p: PremultipliedRGBA8) -> Double { 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b) }

    /// The frame's state as a JSON object.
    static func state(_ name: String, frame: Int) throws -> [String: Any] {
        let c = try clip(name)
        let record = c.frames().frame(frame)
        return try #require(try JSONSerialization.jsonObject(with: Data(record.stateJSON.utf8)) as? [String: Any])
    }

    /// Every node of `nodes` that `match` picks, with the transform that places it in the window.
    static func find(_ nodes: [Node], _ t: HoloGeometry.AffineTransform = .identity,
                     match: (Node) -> Bool) -> [(node: Node, transform: HoloGeometry.AffineTransform)] {
        var out: [(Node, HoloGeometry.AffineTransform)] = []
        for n in nodes {
            if match(n) { out.append((n, t)) }
            if case .group(let g) = n { out += find(g.children, g.placement(under: t), match: match) }
        }
        return out
    }

    // MARK: 1. The home indicator's ink

    /// Demo 0–239, parallax 0–31 and 169–269, hero 43–114: the home indicator was white over white
    /// or cream content (it took the status bar's ink), and flipped with the status bar at hero
    /// 42→43 and 115→116, parallax 31→32 and 168→169. Now it is inked from what is drawn under it:
    /// along its middle row it differs from the same pixels without chrome by at least 100 levels of
    /// luma (before: 0–12 in these frames).
    @Test(arguments: [("demo", 0), ("demo", 120), ("demo", 239), ("parallax", 0), ("parallax", 31), ("parallax", 32),
                      ("parallax", 168), ("parallax", 169), ("parallax", 269), ("hero", 42), ("hero", 43), ("hero", 80),
                      ("hero", 115), ("hero", 116)])
    func homeIndicatorContrastsWithTheContentUnderIt(_ name: String, _ frame: Int) throws {
        let with = try Self.render(name, frame: frame), without = try Self.render(name, frame: frame, chrome: false)
        let indicator = try #require(try Self.clip(name).chrome?.homeIndicatorFrame)
        let y = Int(indicator.midY)
        var ink = 0.0, under = 0.0, n = 0.0
        for x in Int(indicator.minX) + 4..<Int(indicator.maxX) - 4 {
            ink += Self.luma(with[x, y]); under += Self.luma(without[x, y]); n += 1
        }
        #expect(abs(ink - under) / n >= 100, "\(name) \(frame): ink \(ink / n) over content \(under / n)")
    }

    /// The indicator reads images and text too, and apart from the status bar: a dark photo at the
    /// bottom of a white screen gets a white indicator under a black status bar (before: black, the
    /// image ignored); black text over a light grey makes the grey read darker than it is.
    @Test func homeIndicatorReadsImagesAndTextUnderIt() throws {
        let chrome = DeviceChrome(.iPhone12)
        let photo = Scene(size: Size(390, 844), background: .white,
                          root: [.image(ImageData(width: 2, height: 2, pixels: [UInt8](Array(repeating: [UInt8]([20, 20, 20, 255]), count: 4).joined())),
                                        frame: Rect(x: 0, y: 700, width: 390, height: 144))])
        #expect(chrome.homeIndicatorStyle(over: photo) == .lightContent)
        #expect(chrome.style(over: photo) == .darkContent)
        // A 0.6 grey reads as light; covered by a line of black text, darker.
        let grey = Color(white: 0.6)
        var page = Scene(size: Size(390, 844), background: grey, root: [])
        #expect(chrome.homeIndicatorStyle(over: page) == .darkContent)
        let indicator = try #require(chrome.homeIndicatorFrame)
        page.root = [.text(TextRun(String(repeating: "W", count: 12), font: Font(size: 28, weight: .bold),
                                   origin: Point(195, indicator.midY + 8), alignment: .center), .solid(.black))]
        #expect(chrome.homeIndicatorStyle(over: page) == .lightContent)
    }

    // MARK: 2. The seamless hero

    /// Hero 33–42 and 117–129: the list showed through the growing card (its text at p·(1 − p)).
    /// Now the card's background is one opaque matched shape: inside the hero's frame the pixels
    /// are the same with the list drawn or not (before: up to 160 levels apart, "Recent" and
    /// "Salary" under "Contributions").
    @Test(arguments: [34, 38, 42, 120, 126])
    func heroListDoesNotShowThroughTheCard(frame: Int) throws {
        let state = try Self.state("hero", frame: frame)
        let f = try #require(state["heroFrame"] as? [String: Double])
        let p = try #require(state["linkProgress"] as? Double)
        #expect(p > 0.05 && p < 0.95, "frame \(frame) is not mid-flight (p = \(p))")
        let scene = try Self.scene("hero", frame: frame, chrome: false)
        var bare = scene
        // The list: its title and section header (root texts) and its retained cards and rows.
        bare.root = scene.root.filter { node in
            switch node {
            case .text: return false
            case .group(let g): return g.retention?.id == nil
            default: return true
            }
        }
        #expect(bare.root.count < scene.root.count)
        let a = try Self.render(scene), b = try Self.render(bare)
        // Inside the card's rounded rect (corner radius 16·(1 − p)), 2 pt in from its edge.
        let r = Rect(x: f["x"]!, y: f["y"]!, width: f["w"]!, height: f["h"]!).insetBy(dx: 2, dy: 2)
        let k = FinanceViews.cardRadius * (1 - min(max(p, 0), 1))
        func inside(_ x: Double, _ y: Double) -> Bool {
            let cx = min(max(x, r.minX + k), r.maxX - k), cy = min(max(y, r.minY + k), r.maxY - k)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= k * k
        }
        var most = 0
        for y in Int(r.minY.rounded(.up))..<Int(r.maxY) {
            for x in Int(r.minX.rounded(.up))..<Int(r.maxX) where inside(Double(x), Double(y)) && inside(Double(x + 1), Double(y + 1)) {
                let p = a[x, y], q = b[x, y]
                most = max(most, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
            }
        }
        #expect(most <= 1, "frame \(frame): the list changes a pixel inside the card by \(most) levels")
    }

    // MARK: 3. The titles glass keeps its frosting

    /// Titles 23–33 and 108–120: while the header hid and returned, the status bar band showed the
    /// cards' text through two half-faded materials ("This Week", "18,450" sharp beside 9:41; the
    /// band's darkest pixel 189 at f25 against 243 at rest). Now the band is frosted throughout:
    /// along its rows the largest second difference stays small, as at rest (before: 60–120 levels
    /// at the text's edges). Without chrome (the status bar's glyphs are sharp on purpose).
    @Test(arguments: [5, 24, 25, 27, 30, 110, 113, 116, 118])
    func titlesStatusBarBandStaysFrosted(frame: Int) throws {
        let canvas = try Self.render("titles", frame: frame, chrome: false)
        var most = 0
        for y in 1..<44 {
            for x in 1..<389 {
                let a = canvas[x - 1, y], b = canvas[x, y], c = canvas[x + 1, y]
                for (p, q, r) in [(a.r, b.r, c.r), (a.g, b.g, c.g), (a.b, b.b, c.b)] {
                    most = max(most, abs(Int(p) - 2 * Int(q) + Int(r)))
                }
            }
        }
        #expect(most <= 6, "frame \(frame): a second difference of \(most) levels in the status bar band")
    }

    // MARK: 4. The waveform stays off the text

    /// Waveform 236–248 (a small pull, the spacer 9–18 pt): the 30 pt bars ran through "Midnight
    /// City", then snapped from 29.5 to 8 pt in one frame (245→246). Now every bar ends above the
    /// first row's top, and no bar's drawn height changes by more than 6 pt a frame.
    @Test func waveformSmallPullKeepsTheBarsOffTheFirstRow() throws {
        let c = try Self.clip("waveform", chrome: false)
        let source = c.frames()
        var last: [Double]? = nil
        var worstJump = 0.0
        for frame in 230...250 {
            let scene = source.scene(frame).scene
            let rowTop = try #require(Self.find(scene.root) {
                if case .group(let g) = $0 { return g.retention?.id == "row-0" } else { return false }
            }.first.map { n -> Double in
                // Where the layout puts the row (its drawn layer is then snapped to whole pixels).
                guard case .group(let g) = n.node else { return 0 }
                return g.transform.concatenating(n.transform).ty
            })
            let bars = Self.find(scene.root) { if case .fill(.capsule, .solid) = $0 { return true } else { return false } }
                .compactMap { n -> Rect? in if case .fill(.capsule(let r), _) = n.node, r.width == WaveformTokens.barWidth { return r } else { return nil } }
            for bar in bars {
                #expect(bar.maxY <= rowTop - WaveformLayout.contentInset + 1e-9,
                        "frame \(frame): a bar ends at \(bar.maxY), the first row starts at \(rowTop - WaveformLayout.contentInset)")
            }
            let heights = bars.map(\.height)
            if let last, last.count == heights.count {
                for (a, b) in zip(last, heights) { worstJump = max(worstJump, abs(a - b)) }
            }
            last = heights
        }
        #expect(worstJump <= 6, "a bar's height changed by \(worstJump) pt in one frame")
    }

    // MARK: 5. The reveal's control

    /// Reveal 34–44 (and back, 136–146): "Add to Libra" was cut by the capsule, the "+" centred with
    /// the label hanging right. Now whenever the label shows it lies whole inside the capsule.
    @Test func revealLabelIsWholeInsideTheCapsule() throws {
        let c = try Self.clip("reveal", chrome: false)
        let source = c.frames()
        var shown = 0
        for frame in Array(30...48) + Array(130...150) {
            let scene = source.scene(frame).scene
            for hit in Self.find(scene.root, match: { if case .group(let g) = $0, case .capsule? = g.clip { return true } else { return false } }) {
                guard case .group(let g) = hit.node, case .capsule(let capsule)? = g.clip else { continue }
                for case .text(let run, _) in g.children where run.string == "Add to Library" {
                    let width = try FontLibrary.shared.measure(run.string, font: run.font).width
                    #expect(run.origin.x >= capsule.minX + capsule.height / 4 && run.origin.x + width <= capsule.maxX - capsule.height / 4,
                            "frame \(frame): the label spans \(run.origin.x)…\(run.origin.x + width) in \(capsule.minX)…\(capsule.maxX)")
                    shown += 1
                }
            }
        }
        #expect(shown > 0)
    }

    /// Reveal at rest on the secondary section: the "+" matches "Add to Library" beside it (a symbol
    /// takes its label's font), at most the label's point size tall (before: 26 pt beside 17 pt).
    @Test func revealPlusMatchesItsLabel() throws {
        let scene = try Self.scene("reveal", frame: 100, chrome: false)
        let controls = Self.find(scene.root) {
            if case .group(let g) = $0, case .capsule? = g.clip { return g.children.contains { if case .text(let r, _) = $0 { r.string == "Add to Library" } else { false } } }
            return false
        }
        let control = try #require(controls.first)
        guard case .group(let g) = control.node else { return }
        let label = try #require(g.children.compactMap { if case .text(let r, _) = $0 { r } else { nil } }.first)
        // The symbol's outlines: filled paths and stroked paths (grown by half their width).
        let plus = Self.find(g.children) { if case .fill(.path, _) = $0 { return true }; if case .styledStroke(.path, _, _) = $0 { return true }; return false }
            .compactMap { n -> Rect? in
                switch n.node {
                case .fill(.path(let p), _): return p.bounds
                case .styledStroke(.path(let p), _, let style): return p.bounds.insetBy(dx: -style.lineWidth / 2, dy: -style.lineWidth / 2)
                default: return nil
                }
            }
        let top = try #require(plus.map(\.minY).min()), bottom = try #require(plus.map(\.maxY).max())
        let height = bottom - top
        #expect(height <= label.font.size && height >= 0.5 * label.font.size, "a \(height)-pt plus beside a \(label.font.size)-pt label")
    }

    // MARK: 6. Celebration

    /// Celebration after the check fades (f162 on): the finished goal showed an empty ring, like an
    /// unticked box. Now its slot keeps a check: the disc above the check mark is inked (before:
    /// the card's ivory, the same as beside the slot).
    @Test(arguments: [170, 191])
    func celebrationKeepsTheCheckWhenFinished(frame: Int) throws {
        let state = try Self.state("celebration", frame: frame)
        #expect(state["phase"] as? String == "done")
        let c = try Self.clip("celebration", chrome: false)
        let canvas = try Self.render("celebration", frame: frame, chrome: false)
        // The badge: 18 pt in from the first card's trailing edge, centred on the card.
        let card = GoalCelebrationScene(size: c.size, palette: .forScheme(.light)).cardFrames[0]
        let size = FinanceTokens.celebrationCheckSize
        let centre = Point(card.maxX - 18 - size / 2, card.midY)
        let disc = canvas[Int(centre.x), Int(centre.y - 0.3 * size)]
        let beside = canvas[Int(centre.x - size), Int(centre.y - 0.3 * size)]
        #expect(abs(Self.luma(disc) - Self.luma(beside)) > 60, "frame \(frame): disc \(disc), card \(beside)")
    }

    /// Celebration 41→42: the bar and "99%" turned from gold to green in one frame. Now the colour
    /// moves with the fill's animation: no frame changes the percentage's colour by more than half
    /// the way from gold to green (before: the whole way at once).
    @Test func celebrationTurnsGreenWithTheFill() throws {
        let c = try Self.clip("celebration", chrome: false)
        let source = c.frames()
        let palette = FinancePalette.forScheme(.light)
        let distance = abs(palette.forest.green - palette.gold.green) + abs(palette.forest.red - palette.gold.red)
        var previous: Color? = nil
        var worst = 0.0
        for frame in 20...60 {
            let scene = source.scene(frame).scene
            // The celebrating card's percentage: in the group that holds the goal's name.
            let cards = Self.find(scene.root) {
                if case .group(let g) = $0 { return g.children.contains { if case .text(let r, _) = $0 { r.string == FinanceData.goals[0].name } else { false } } }
                return false
            }
            guard let card = cards.first, case .group(let g) = card.node,
                  let percent = Self.texts(g.children).first(where: { $0.run.string.hasSuffix("%") }),
                  case .solid(let colour)? = percent.paint else { continue }
            if let previous { worst = max(worst, abs(colour.green - previous.green) + abs(colour.red - previous.red)) }
            previous = colour
        }
        #expect(worst <= 0.5 * distance, "a step of \(worst) where gold to green is \(distance)")
    }

    /// Every text run of `nodes` with its window origin and paint (the first goal card's first).
    static func texts(_ nodes: [Node]) -> [(run: TextRun, origin: Point, paint: Paint?)] {
        find(nodes) { if case .text = $0 { return true } else { return false } }.compactMap { hit in
            guard case .text(let run, let paint) = hit.node else { return nil }
            return (run, hit.transform.apply(run.origin), paint)
        }
    }

    // MARK: 7. Waveform's tab reselect

    /// Waveform-tab-reselect 90–104 and 138–152: a grey circle bloomed behind the Feed icon, a
    /// ripple iOS tab bars do not draw. Now the tab bar is the same as before the tap (before: up
    /// to 90 levels apart around the icon).
    @Test(arguments: [92, 96, 140, 146])
    func tabReselectDrawsNoRipple(frame: Int) throws {
        let c = try Self.clip("waveform-tab-reselect", chrome: false)
        let layout = WaveformLayout(size: c.size)
        // The kit's tab bar is a material: the rows scrolling above it tint it. Both frames are
        // drawn without the list (the scene's first node), so what differs is the bar's own drawing.
        func withoutList(_ frame: Int) throws -> Canvas {
            var scene = try Self.scene("waveform-tab-reselect", frame: frame, chrome: false)
            scene.root.removeFirst()
            return try Self.render(scene)
        }
        let a = try withoutList(frame), b = try withoutList(0)
        var most = 0
        for y in Int(layout.tabBarTop) + 1..<Int(layout.tabBarTop + 45) {
            for x in 0..<Int(c.size.width / 3) {
                let p = a[x, y], q = b[x, y]
                most = max(most, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
            }
        }
        #expect(most == 0, "frame \(frame): the Feed tab differs by \(most) levels from before the tap")
    }
}

extension BuiltInFrameFidelityTests {
    /// Waveform-tab-reselect scrolled up (frames whose offset is past 30 pt): "Feed" stayed a 34 pt title on an
    /// opaque band while the rows were cut under it at a hard edge. Now the bar is UIKit's standard
    /// appearance once the large title has gone: the inline 17 pt "Feed", centred, on a material
    /// the rows pass under (before: no material, the 34 pt title at full opacity).
    @Test func feedLargeTitleCollapsesToTheInlineBar() throws {
        let c = try Self.clip("waveform-tab-reselect", chrome: false)
        let source = c.frames()
        var checked = 0
        for frame in stride(from: 0, to: c.frameCount, by: 10) {
            let record = source.frame(frame)
            let state = try #require(try JSONSerialization.jsonObject(with: Data(record.stateJSON.utf8)) as? [String: Any])
            guard let offset = state["scrollOffset"] as? Double, offset > 30 else { continue }
            checked += 1
            let feeds = Self.find(record.scene.root) { if case .text(let r, _) = $0 { return r.string == "Feed" && r.font.size > 20 } else { return false } }
            #expect(feeds.isEmpty, "frame \(frame) (offset \(offset)): the large title is still drawn")
            let inline = Self.texts(record.scene.root).filter { $0.run.string == "Feed" && $0.run.font.size > 12 && $0.run.font.size < 20 && $0.run.alignment == .center }
            #expect(inline.count == 1, "frame \(frame): no inline title")
            let material = Self.find(record.scene.root) { if case .material(let shape, _, _) = $0 { return shape.bounds.minY <= 0 } else { return false } }
            #expect(!material.isEmpty, "frame \(frame): the bar is not frosted")
        }
        #expect(checked > 0)
    }
}

extension BuiltInFrameFidelityTests {
    static func difference(_ p: PremultipliedRGBA8, _ q: PremultipliedRGBA8) -> Int {
        max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
    }

    // MARK: 8. Profile's settings group

    /// Titles-profile at 3x: the settings group was a square-cornered block whose rows were split by
    /// 1-pt gaps of the page running edge to edge. Now it is an inset-grouped section: its top-left
    /// corner pixel is the page's (10-pt corners), and under the first row a separator starts at
    /// the text's inset: the card's colour 4 pt in, the separator's 40 pt in (before: the card's in
    /// both, the gap a point lower, and the corner the card's).
    @Test func profileSettingsAreInsetGrouped() throws {
        let scene = try Self.scene("titles-profile", frame: 0, chrome: false)
        let rows = Self.find(scene.root) { if case .group(let g) = $0 { return g.retention?.id == "profile-block-3" } else { return false } }
        let row = try #require(rows.first)
        guard case .group(let g) = row.node else { return }
        let origin = g.transform.concatenating(row.transform)
        let x0 = origin.tx, y0 = origin.ty, h = SystemMetrics.rowHeight
        let canvas = try Self.render(scene, scale: 3)
        func px(_ x: Double, _ y: Double) -> PremultipliedRGBA8 { canvas[Int((x * 3).rounded(.down)), Int((y * 3).rounded(.down))] }
        let card = px(x0 + 4, y0 + h / 2), page = px(x0 - 4, y0 + h / 2)
        #expect(Self.difference(card, page) >= 6, "card \(card) and page \(page) alike")
        let corner = canvas[Int((x0 * 3).rounded()) + 1, Int((y0 * 3).rounded()) + 1]
        #expect(Self.difference(corner, page) < Self.difference(corner, card), "the corner pixel \(corner) is the card's")
        let separatorRow = Int(((y0 + h) * 3).rounded()) - 1
        let before = canvas[Int((x0 + 4) * 3), separatorRow], under = canvas[Int((x0 + 40) * 3), separatorRow]
        #expect(Self.difference(before, card) <= 2, "4 pt in: \(before), the card \(card)")
        #expect(Self.difference(under, card) >= 20, "40 pt in: \(under), no separator")
    }

    // MARK: 9. Gradients, demo, the AX3 example, the glow example

    /// Gradients: the balance card's gold was 0.30 (twice the design's accent, docs/designs.md, Gradients) and turned the navy's
    /// corners grey; the radial and angular golds 0.24 and 0.21. Now no gradient's gold stop is
    /// past the design's 0.1–0.2, in any frame of the loop.
    @Test func gradientsGoldStaysWithinTheSeedsOpacity() throws {
        let c = try Self.clip("gradients", chrome: false)
        let source = c.frames()
        let gold = FinancePalette.forScheme(.light).gold
        var seen = 0
        for frame in stride(from: 0, to: c.frameCount, by: 15) {
            let scene = source.scene(frame).scene
            // The cards' animated backgrounds (rect fills under their content; the progress bars are capsules).
            for hit in Self.find(scene.root, match: { if case .fill(.rect, _) = $0 { return true } else { return false } }) {
                guard case .fill(_, let paint) = hit.node else { continue }
                let stops: [GradientStop]
                switch paint {
                case .linearGradient(let s, _, _), .radialGradient(let s, _, _, _), .angularGradient(let s, _, _, _): stops = s
                default: continue
                }
                for stop in stops where stop.color.red == gold.red && stop.color.green == gold.green && stop.color.blue == gold.blue {
                    seen += 1
                    #expect(stop.color.alpha <= FinanceTokens.gradientMaximumOpacity + 1e-12, "frame \(frame): gold at \(stop.color.alpha)")
                }
            }
        }
        #expect(seen > 0)
    }

    /// Demo: the glass bar read opaque (its gradient 92–96 %: the cards under it moved its pixels by
    /// 0.35 levels on average at f60) and kept 108 pt after the title shrank. Now the cards under the bar show
    /// through its frosting (the bar with and without the cards differs by at least a level on
    /// average above the title: 1.05 at f60, 2.7 at f120), and once the title has shrunk the bar is the inline bar's height.
    @Test(arguments: [60, 120])
    func demoGlassBarShowsWhatIsUnderIt(frame: Int) throws {
        let scene = try Self.scene("demo", frame: frame, chrome: false)
        var bare = scene
        bare.root = scene.root.filter { if case .group(let g) = $0 { return g.retention?.id?.hasPrefix("card-") != true } else { return true } }
        #expect(bare.root.count < scene.root.count)
        let a = try Self.render(scene), b = try Self.render(bare)
        var total = 0, n = 0
        for y in 5..<40 { for x in 0..<390 { total += Self.difference(a[x, y], b[x, y]); n += 1 } }
        #expect(Double(total) / Double(n) >= 1, "frame \(frame): the cards change the bar by \(Double(total) / Double(n)) levels on average")
        let materials = Self.find(scene.root) { if case .material = $0 { return true } else { return false } }
        let material = try #require(materials.first)
        guard case .material(let shape, _, _) = material.node else { return }
        #expect(abs(shape.bounds.height - (ScreenInsets.iPhone12.top + SystemMetrics.navigationBarHeight)) < 1e-9,
                "frame \(frame): the bar is \(shape.bounds.height) pt tall")
    }

    /// examples/titles-accessibility.json (titles-home at AX3), frame 0: the week's stats ran
    /// together ("3h 12m 18,450") with "Time" larger than its shrunk value, and the workout chips
    /// lost their padding, truncated against the capsule. Now no two stat texts' drawn boxes touch,
    /// every value keeps its full size, and every chip's label fits inside its padding.
    @Test func accessibilityHomeIsLaidOutWithoutCollisions() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/titles-accessibility.json").path
        let c = try ClipResolver.resolve(path, overrides: { var o = ClipOverrides(scale: 1); o.noChrome = true; return o }())
        let scene = c.frames().scene(0).scene
        let fonts = FontLibrary.shared
        let stats = ["Workouts", "Time", "Volume (kg)", "4", "3h 12m", "18,450"]
        var boxes: [(String, Rect)] = []
        for label in stats {
            let t = try #require(Self.texts(scene.root).first { $0.run.string == label })
            let fitted = try #require(try Self.renderer.lines(t.run).first)
            let m = try fonts.measure(fitted.string, font: fitted.font)
            // The ink's band: cap height above the baseline, the descent below it.
            boxes.append((label, Rect(x: t.origin.x, y: t.origin.y - m.capHeight, width: m.width, height: m.capHeight + m.descent)))
            if ["4", "3h 12m", "18,450"].contains(label) {
                #expect(fitted.font.size == t.run.font.size && fitted.string == label, "\(label) shrunk to \(fitted.font.size) pt")
            }
        }
        for i in boxes.indices { for j in boxes.indices where j > i {
            #expect(boxes[i].1.intersection(boxes[j].1).isEmpty, "\(boxes[i].0) \(boxes[i].1) touches \(boxes[j].0) \(boxes[j].1)")
        } }
        // Chips: a capsule filled behind a label ("N exercises", "N kg"); the label's drawn width
        // fits inside the capsule less 8 pt each side.
        let capsules = Self.find(scene.root) { if case .fill(.capsule, _) = $0 { return true } else { return false } }.compactMap { hit -> Rect? in
            guard case .fill(.capsule(let r), _) = hit.node else { return nil }
            let a = hit.transform.apply(Point(r.minX, r.minY)), b = hit.transform.apply(Point(r.maxX, r.maxY))
            return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
        }
        var chips = 0
        for t in Self.texts(scene.root) where t.run.string.hasSuffix(" exercises") || t.run.string.hasSuffix(" kg") {
            guard let capsule = capsules.first(where: { $0.contains(t.origin) || $0.contains(Point(t.origin.x, t.origin.y - 1)) }) else { continue }
            chips += 1
            let fitted = try #require(try Self.renderer.lines(t.run).first)
            #expect(fitted.string == t.run.string, "\(t.run.string) truncated to \(fitted.string)")
            let width = try fonts.measure(fitted.string, font: fitted.font).width
            #expect(width <= capsule.width - 16 + 1e-6, "\(t.run.string): \(width) pt in a \(capsule.width)-pt chip")
            #expect(t.origin.x >= capsule.minX + 8 - 1e-6 && t.origin.x + width <= capsule.maxX - 8 + 1e-6, "\(t.run.string) leaves its padding")
        }
        #expect(chips >= 2)  // the first workout's two chips are on screen at frame 0
    }

    /// examples/glow-shadow.json, frame 15 (glow radius 16): the glow was cut to a square about
    /// 24 pt out, a step of 8 levels along the row through the circle's centre. Now it fades out
    /// inside its layer: no step of more than 4 levels between neighbours from 15 pt beyond the circle.
    @Test func glowFadesOutInsideItsLayer() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/glow-shadow.json").path
        let c = try ClipResolver.resolve(path, overrides: ClipOverrides(scale: 1))
        let canvas = try Self.render(c.frames().scene(15).scene)
        var most = 0
        // From 15 pt beyond the circle (where the Gaussian's slope is under 4 levels a pixel).
        for y in [250, 230, 215] {
            for x in 251..<340 { most = max(most, Self.difference(canvas[x, y], canvas[x - 1, y])) }
        }
        for x in [195, 215] {
            for y in 306..<390 { most = max(most, Self.difference(canvas[x, y], canvas[x, y - 1])) }
        }
        #expect(most <= 4, "a step of \(most) levels in the glow")
    }
}

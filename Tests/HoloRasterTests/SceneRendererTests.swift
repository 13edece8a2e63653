// The node walk (SceneRenderer) on small canvases, each expected pixel worked out by hand from
// the formulas, not taken from an earlier render:
//   colour → premultiplied RGBA8:  q = round(v·255), a = round(α·255), premul = round(q·a/255)
//   source over at coverage c:     s' = round(S·c/255),  D' = s' + round(D·(255 − s'a)/255)
//   group opacity o over backdrop B with the children's result C (w = round(o·255)):
//                                  out = round((C·w + B·(255 − w))/255)
// Node kinds (fill, stroke, text, material, image, group), transforms composing through nested
// groups, clips (nested clips intersect), opacity groups compositing as one layer, and groups
// that take a layer (shadow, blur, tilt).

import Foundation
import HoloPixels
import Testing
import HoloGeometry
import HoloScene
@testable import HoloRaster
import HoloText

@Suite struct SceneRendererTests {
    let renderer = SceneRenderer(fonts: FontLibrary())

    // MARK: arithmetic from first principles

    /// A colour as premultiplied 8-bit [r, g, b, a].
    static func premultiplied(_ c: Color) -> [Int] {
        func q(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        let a = q(c.alpha)
        return [q(c.red), q(c.green), q(c.blue)].map { Int((Double($0 * a) / 255).rounded()) } + [a]
    }

    /// Source over destination at coverage `c` (0…255), premultiplied.
    static func over(_ s: [Int], coverage c: Int = 255, _ d: [Int]) -> [Int] {
        let sc = s.map { Int((Double($0 * c) / 255).rounded()) }
        return (0..<4).map { sc[$0] + Int((Double(d[$0] * (255 - sc[3])) / 255).rounded()) }
    }

    static func pixel(_ canvas: Canvas, _ x: Int, _ y: Int) -> [Int] {
        let p = canvas[x, y]
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    static func near(_ a: [Int], _ b: [Int], within d: Int = 1) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= d }
    }

    /// Every pixel of `canvas` for which `inside` is false still holds `background`.
    static func untouched(_ canvas: Canvas, _ background: [Int], outside inside: (Int, Int) -> Bool) -> Bool {
        for y in 0..<canvas.height { for x in 0..<canvas.width where !inside(x, y) {
            if pixel(canvas, x, y) != background { return false }
        } }
        return true
    }

    func render(_ nodes: [Node], width: Double, height: Double, scale: Double = 1, background: Color = .white) throws -> Canvas {
        try renderer.render(Scene(size: Size(width, height), background: background, root: nodes), scale: scale)
    }

    static let white = [255, 255, 255, 255]
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let red = Color(red: 1, green: 0, blue: 0)
    static let paint = Color(hex: 0x336699)

    // MARK: leaves

    /// A rect in points lands at scale × its coordinates; a half-covered pixel column gets c = 128.
    @Test func fillIsScaledToPixelsAndAntialiasedAtAHalfPixelEdge() throws {
        // 4×4 pt at 2x: the rect x 0.25…3, y 1…2.5 pt is pixels x 0.5…6, y 2…5.
        let canvas = try render([.fill(.rect(Rect(x: 0.25, y: 1, width: 2.75, height: 1.5)), .solid(Self.paint))], width: 4, height: 4, scale: 2)
        #expect(canvas.width == 8 && canvas.height == 8)
        let s = Self.premultiplied(Self.paint)
        #expect(s == [0x33, 0x66, 0x99, 255])
        for y in 2..<5 {
            #expect(Self.pixel(canvas, 0, y) == Self.over(s, coverage: 128, Self.white))
            for x in 1..<6 { #expect(Self.pixel(canvas, x, y) == s) }
        }
        #expect(Self.untouched(canvas, Self.white) { x, y in x < 6 && (2..<5).contains(y) })
    }

    /// A stroke is centred on the outline: width 2 around x = 2 covers pixels 1 and 2; the inside stays.
    @Test func strokeCoversABandCentredOnTheOutline() throws {
        let translucent = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let canvas = try render([.stroke(.rect(Rect(x: 2, y: 2, width: 6, height: 6)), .solid(translucent), width: 2)], width: 10, height: 10)
        let band = Self.over(Self.premultiplied(translucent), Self.white)
        #expect(band == [255, 127, 127, 255])
        // Row 5, far from the corners: the band on the left edge (x 1…3) and the right edge (x 7…9).
        for x in [1, 2, 7, 8] { #expect(Self.near(Self.pixel(canvas, x, 5), band), "x = \(x)") }
        for x in [0, 3, 4, 5, 6, 9] { #expect(Self.pixel(canvas, x, 5) == Self.white, "x = \(x)") }
        // Top and bottom edges likewise.
        for y in [1, 2, 7, 8] { #expect(Self.near(Self.pixel(canvas, 5, y), band), "y = \(y)") }
        for y in [0, 3, 6, 9] { #expect(Self.pixel(canvas, 5, y) == Self.white, "y = \(y)") }
    }

    /// Black text over white: each pixel is 255 − the glyph coverage there, nothing outside the glyphs.
    @Test func textIsItsGlyphCoverageInThePaint() throws {
        let run = TextRun("Hg", font: Font(size: 14), origin: Point(3, 15))
        let canvas = try render([.text(run, .solid(.black))], width: 30, height: 20)
        let mask = try renderer.fonts.coverage(of: run, transform: .identity)
        var inked = 0
        for y in 0..<canvas.height { for x in 0..<canvas.width {
            let inMask = x >= mask.x && x < mask.x + mask.width && y >= mask.y && y < mask.y + mask.height
            let c = inMask ? Int(mask.coverage[(y - mask.y) * mask.width + (x - mask.x)]) : 0
            if c > 0 { inked += 1 }
            #expect(Self.pixel(canvas, x, y) == [255 - c, 255 - c, 255 - c, 255], "(\(x), \(y))")
        } }
        #expect(inked > 20)
    }

    /// A material over a uniform backdrop: the blur of a constant is the constant, so every pixel
    /// inside is the recipe's colour of the backdrop; every pixel outside is the backdrop.
    ///   light ultraThin over white: L = 1, grey(1) = 0.68, 1 + (0.68 − 1)·0.5 = 0.84, + 0.12 = 0.96 → 245
    ///   dark ultraThin over black:  L = 0, grey(0) = 0.24, 0.24·0.5 = 0.12, + 0 → 31
    @Test(arguments: [(ColorScheme.light, Color.white, 245), (.dark, .black, 31)])
    func materialOverAUniformBackdropIsTheRecipesColour(scheme: ColorScheme, backdrop: Color, level: Int) throws {
        let canvas = try render([.material(.rect(Rect(x: 10, y: 10, width: 20, height: 20)), .ultraThin, scheme)],
                                width: 40, height: 40, background: backdrop)
        for (x, y) in [(10, 10), (20, 20), (29, 29), (10, 29)] {
            #expect(Self.near(Self.pixel(canvas, x, y), [level, level, level, 255]), "(\(x), \(y))")
        }
        #expect(Self.untouched(canvas, Self.premultiplied(backdrop)) { x, y in (10..<30).contains(x) && (10..<30).contains(y) })
    }

    /// A material is computed from what is drawn behind it: over a red | blue seam the pixels
    /// at the seam mix both sides (the blur), far from it they are the recipe of one colour.
    @Test func materialBlursWhatIsBehindIt() throws {
        let recipe = MaterialRecipe(.ultraThin, .light)
        // Steps 2–4 of the recipe on a straight colour (Material.swift's header), by hand.
        func tinted(_ c: [Double]) -> [Int] {
            let l = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
            let s = c.map { min(max(l + recipe.saturation * ($0 - l), 0), 1) }
            let t = min(max(0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2], 0), 1) * 3
            let i = min(Int(t), 2)
            let g = recipe.curve[i] + (recipe.curve[i + 1] - recipe.curve[i]) * (t - Double(i))
            return s.map { Int((min(max($0 + (g - $0) * recipe.luminanceMix + recipe.brightness, 0), 1) * 255).rounded()) } + [255]
        }
        let canvas = try render([
            .fill(.rect(Rect(x: 0, y: 0, width: 100, height: 60)), .solid(Self.red)),
            .fill(.rect(Rect(x: 100, y: 0, width: 100, height: 60)), .solid(Self.blue)),
            .material(.rect(Rect(x: 0, y: 20, width: 200, height: 20)), .ultraThin, .light),
        ], width: 200, height: 60)
        let farRed = Self.pixel(canvas, 5, 30), farBlue = Self.pixel(canvas, 195, 30), seam = Self.pixel(canvas, 100, 30)
        #expect(Self.near(farRed, tinted([1, 0, 0])), "\(farRed)")
        #expect(Self.near(farBlue, tinted([0, 0, 1])), "\(farBlue)")
        #expect(seam[0] < farRed[0] - 20 && seam[2] > farRed[2] + 20, "\(seam) is not a mix of \(farRed) and \(farBlue)")
        #expect(Self.pixel(canvas, 5, 10) == [255, 0, 0, 255] && Self.pixel(canvas, 195, 50) == [0, 0, 255, 255])
    }

    /// An image drawn 1:1 on whole pixels is its pixels composited over the backdrop; stretched,
    /// it is sampled bilinearly at pixel centres (clamped at the image's edge).
    @Test func imagePixelsAreCompositedAndBilinearlyStretched() throws {
        let p: [[Int]] = [[200, 0, 0, 200], [0, 100, 0, 100], [0, 0, 50, 50], [10, 20, 30, 255]]
        let image = ImageData(width: 2, height: 2, pixels: p.flatMap { $0.map(UInt8.init) })
        let grey = Color(white: 100.0 / 255)
        let canvas = try render([.image(image, frame: Rect(x: 1, y: 1, width: 2, height: 2))], width: 4, height: 4, background: grey)
        let g = [100, 100, 100, 255]
        #expect(Self.pixel(canvas, 1, 1) == Self.over(p[0], g))
        #expect(Self.pixel(canvas, 2, 1) == Self.over(p[1], g))
        #expect(Self.pixel(canvas, 1, 2) == Self.over(p[2], g))
        #expect(Self.pixel(canvas, 2, 2) == p[3])
        #expect(Self.untouched(canvas, g) { x, y in (1..<3).contains(x) && (1..<3).contains(y) })

        // Two opaque pixels stretched over four: centres at image x −0.25, 0.25, 0.75, 1.25.
        let a = [240, 0, 0, 255], b = [0, 0, 160, 255]
        let strip = ImageData(width: 2, height: 1, pixels: (a + b).map(UInt8.init))
        let wide = try render([.image(strip, frame: Rect(x: 0, y: 0, width: 4, height: 1))], width: 4, height: 1, background: .clear)
        func mix(_ t: Double) -> [Int] { (0..<4).map { Int((Double(a[$0]) * (1 - t) + Double(b[$0]) * t).rounded()) } }
        #expect(Self.pixel(wide, 0, 0) == a)
        #expect(Self.near(Self.pixel(wide, 1, 0), mix(0.25)))
        #expect(Self.near(Self.pixel(wide, 2, 0), mix(0.75)))
        #expect(Self.pixel(wide, 3, 0) == b)
    }

    // MARK: groups

    /// Nested transforms compose child first: a unit rect scaled by 2 inside a group moved by
    /// (3, 2) covers pixels 3…5 × 2…4 (the other order would put it at 6…8 × 4…6).
    @Test func nestedTransformsComposeChildFirst() throws {
        let inner = Node.group([.fill(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), .solid(Self.paint))], transform: .scale(2, 2))
        let canvas = try render([.group([inner], transform: .translation(3, 2))], width: 10, height: 10)
        let inside = { (x: Int, y: Int) in (3..<5).contains(x) && (2..<4).contains(y) }
        for y in 2..<4 { for x in 3..<5 { #expect(Self.pixel(canvas, x, y) == Self.premultiplied(Self.paint)) } }
        #expect(Self.untouched(canvas, Self.white, outside: inside))
    }

    /// Moving a group by whole pixels moves its text by exactly that much.
    @Test func textInATranslatedGroupIsTheSameTextMoved() throws {
        let run = TextRun("Ag", font: Font(size: 12, weight: .bold), origin: Point(2, 12))
        let still = try render([.text(run, .solid(Self.paint))], width: 30, height: 24)
        let moved = try render([.group([.text(run, .solid(Self.paint))], transform: .translation(7, 5))], width: 30, height: 24)
        var inked = 0
        for y in 0..<19 { for x in 0..<23 {
            if Self.pixel(still, x, y) != Self.white { inked += 1 }
            #expect(Self.pixel(moved, x + 7, y + 5) == Self.pixel(still, x, y), "(\(x), \(y))")
        } }
        #expect(inked > 20)
    }

    /// A clip keeps the group's drawing inside it: pixels outside untouched, inside drawn, a clip
    /// edge through the middle of a pixel gives that pixel half coverage (128).
    @Test func clipKeepsDrawingInsideAndAntialiasesItsEdge() throws {
        let fill = Node.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .solid(Self.paint))
        let canvas = try render([.group([fill], clip: .rect(Rect(x: 2.5, y: 3, width: 4.5, height: 4)))], width: 10, height: 10)
        let s = Self.premultiplied(Self.paint)
        for y in 3..<7 {
            #expect(Self.pixel(canvas, 2, y) == Self.over(s, coverage: 128, Self.white))
            for x in 3..<7 { #expect(Self.pixel(canvas, x, y) == s) }
        }
        #expect(Self.untouched(canvas, Self.white) { x, y in (2..<7).contains(x) && (3..<7).contains(y) })
    }

    /// Every leaf kind respects its group's clip: with the clip x < 5, each leaf drawn across
    /// the whole canvas changes pixels left of x = 5 and none right of it.
    @Test func everyLeafKindIsClipped() throws {
        let everywhere = Rect(x: 0, y: 0, width: 12, height: 12)
        let image = ImageData(width: 1, height: 1, pixels: [0, 0, 200, 255])
        let leaves: [(String, Node)] = [
            ("fill", .fill(.rect(everywhere), .solid(Self.paint))),
            ("stroke", .stroke(.rect(Rect(x: 1, y: 1, width: 10, height: 10)), .solid(Self.paint), width: 2)),
            ("text", .text(TextRun("MMMM", font: Font(size: 10, weight: .bold), origin: Point(0, 9)), .solid(Self.paint))),
            ("material", .material(.rect(everywhere), .regular, .dark)),
            ("image", .image(image, frame: everywhere)),
            ("group", .group([.fill(.rect(everywhere), .solid(Self.paint))], opacity: 0.5)),
        ]
        for (kind, leaf) in leaves {
            let canvas = try render([.group([leaf], clip: .rect(Rect(x: 0, y: 0, width: 5, height: 12)))], width: 12, height: 12)
            #expect(Self.untouched(canvas, Self.white) { x, _ in x < 5 }, "\(kind) drew outside its clip")
            #expect(!Self.untouched(canvas, Self.white) { _, _ in false }, "\(kind) drew nothing")
        }
    }

    /// Nested clips intersect, and a clip is in its group's coordinates (after its transform).
    @Test func nestedClipsIntersectInTheirGroupsCoordinates() throws {
        let fill = Node.fill(.rect(Rect(x: -20, y: -20, width: 40, height: 40)), .solid(Self.paint))
        // Outer: x 0…5. Inner group moved by 3: its clip x 0…4 is canvas x 3…7. Together: x 3…5.
        let inner = Node.group(Group([fill], transform: .translation(3, 0), clip: .rect(Rect(x: 0, y: 1, width: 4, height: 8))))
        let canvas = try render([.group([inner], clip: .rect(Rect(x: 0, y: 0, width: 5, height: 10)))], width: 10, height: 10)
        let inside = { (x: Int, y: Int) in (3..<5).contains(x) && (1..<9).contains(y) }
        for y in 1..<9 { for x in 3..<5 { #expect(Self.pixel(canvas, x, y) == Self.premultiplied(Self.paint)) } }
        #expect(Self.untouched(canvas, Self.white, outside: inside))
    }

    /// A group at opacity 0.5 with overlapping opaque children composites as one layer: where
    /// red lies over blue only red shows, at half strength (255, 127, 127); drawing each child
    /// at 0.5 would let the blue through there ((191, 63, 127) by the same formulas).
    ///   w = round(0.5·255) = 128;  255·128 + 255·127 → 255;  0·128 + 255·127 → 127
    /// The same holds on the layer path (a group with a shadow), which composites its layer once.
    @Test(arguments: [false, true])
    func opacityGroupCompositesAsOneLayer(throughALayer: Bool) throws {
        let children: [Node] = [
            .fill(.rect(Rect(x: 0, y: 0, width: 6, height: 4)), .solid(Self.blue)),
            .fill(.rect(Rect(x: 3, y: 0, width: 6, height: 4)), .solid(Self.red)),
        ]
        let group = Group(children, opacity: 0.5, shadow: throughALayer ? Shadow(color: .clear, radius: 0) : nil)
        let canvas = try render([.group(group)], width: 10, height: 4)
        let halfBlue = [127, 127, 255, 255], halfRed = [255, 127, 127, 255]
        for y in 0..<4 {
            for x in 0..<3 { #expect(Self.pixel(canvas, x, y) == halfBlue, "(\(x), \(y))") }
            for x in 3..<9 { #expect(Self.pixel(canvas, x, y) == halfRed, "(\(x), \(y))") }
            #expect(Self.pixel(canvas, 9, y) == Self.white)
        }
    }

    /// Group opacity 0.5 over a translucent backdrop follows B·(1 − o) + o·C channel by channel,
    /// alpha included.
    @Test func opacityGroupOverATranslucentBackdrop() throws {
        let backdrop = Color(red: 0, green: 1, blue: 0, alpha: 0.4)
        let canvas = try render([.group([.fill(.rect(Rect(x: 0, y: 0, width: 2, height: 2)), .solid(Self.paint))], opacity: 0.25)],
                                width: 3, height: 2, background: backdrop)
        let b = Self.premultiplied(backdrop), c = Self.premultiplied(Self.paint)
        let w = Int((0.25 * 255).rounded())
        let expected = (0..<4).map { Int((Double(c[$0] * w + b[$0] * (255 - w)) / 255).rounded()) }
        #expect(Self.pixel(canvas, 0, 0) == expected && Self.pixel(canvas, 1, 1) == expected)
        #expect(Self.pixel(canvas, 2, 0) == b)
    }

    /// A shadow of radius 0 is the group's alpha in the shadow colour, moved by the offset and
    /// drawn under the group: translucent black over white is 255 − 128 = 127.
    @Test func shadowIsTheGroupsAlphaMovedUnderIt() throws {
        let green = Color(red: 0, green: 1, blue: 0)
        let shadow = Shadow(color: Color(white: 0, alpha: 0.5), radius: 0, offset: Point(2, 1))
        let group = Group([.fill(.rect(Rect(x: 2, y: 2, width: 3, height: 3)), .solid(green))], shadow: shadow)
        let canvas = try render([.group(group)], width: 10, height: 10)
        let shape = { (x: Int, y: Int) in (2..<5).contains(x) && (2..<5).contains(y) }
        let shade = { (x: Int, y: Int) in (4..<7).contains(x) && (3..<6).contains(y) }
        for y in 0..<10 { for x in 0..<10 {
            let expected = shape(x, y) ? [0, 255, 0, 255] : shade(x, y) ? [127, 127, 127, 255] : Self.white
            #expect(Self.pixel(canvas, x, y) == expected, "(\(x), \(y))")
        } }
    }

    /// A blurred group: a step edge blurred by a Gaussian of σ = 2 px has alpha 255·Φ(d/σ) at
    /// distance d from the edge: Φ(0.25) = 0.599 → 153, Φ(−0.25) → 102, Φ(−1.25) = 0.106 → 27;
    /// far inside it stays opaque, far outside transparent. (The fast blur approximates the
    /// Gaussian: ±8 levels.)
    @Test func blurredGroupSpreadsItsEdgeAsAGaussian() throws {
        let group = Group([.fill(.rect(Rect(x: 10, y: 0, width: 20, height: 40)), .solid(Self.red))], blur: 1)
        let canvas = try render([.group(group)], width: 40, height: 40, scale: 2, background: .clear)
        // At 2x the rect is pixels x 20…60 — but the canvas is 80 wide; row 40 is far from the top and bottom.
        let alpha = { (x: Int) in Self.pixel(canvas, x, 40)[3] }
        #expect(abs(alpha(20) - 153) <= 8, "\(alpha(20))")
        #expect(abs(alpha(19) - 102) <= 8, "\(alpha(19))")
        #expect(abs(alpha(17) - 27) <= 8, "\(alpha(17))")
        #expect(alpha(40) >= 254 && alpha(5) <= 1 && alpha(75) <= 1)
        #expect((14..<26).allSatisfy { alpha($0) <= alpha($0 + 1) })
        let p = Self.pixel(canvas, 20, 40)
        #expect(p[1] == 0 && p[2] == 0 && p[0] == p[3], "premultiplied red: \(p)")
    }

    /// A tilt about the vertical axis (θy = 60°, positive: the right edge goes away) narrows the
    /// rect and, through the perspective divide W = 1 + k·sin θ·vx, pulls its right half in more
    /// than its left. A 20 px wide rect about its centre: without perspective both edges would be
    /// at ±10·cos 60° = ±5 px; with k = 1/34 (the layer is 34 px wide) the right edge is at
    /// 5 / (1 + 10k·0.866) = +3.98 and the left at −5 / (1 − 10k·0.866) = −6.71.
    @Test func tiltNarrowsTheGroupWithPerspective() throws {
        let tilt = Tilt(degreesX: 0, degreesY: 60, anchor: Point(20, 10))
        let group = Group([.fill(.rect(Rect(x: 10, y: 5, width: 20, height: 10)), .solid(Self.paint))], tilt: tilt)
        let canvas = try render([.group(group)], width: 40, height: 20, background: .clear)
        let alpha = { (x: Int) in Self.pixel(canvas, x, 10)[3] }
        // Centre 20; pixel centres x + 0.5. Left edge at 13.29, right edge at 23.98.
        for x in 15...22 { #expect(alpha(x) >= 254, "x = \(x)") }
        #expect(alpha(14) >= 250, "the near (left) side reaches past −5: \(alpha(14))")
        #expect(alpha(11) == 0 && alpha(24) == 0 && alpha(26) == 0, "\(alpha(11)), \(alpha(24))")
        // Nothing outside the untilted rect.
        #expect(Self.untouched(canvas, [0, 0, 0, 0]) { x, y in (10..<30).contains(x) && (3..<17).contains(y) })
    }
}

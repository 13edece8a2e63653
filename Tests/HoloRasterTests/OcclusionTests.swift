// Overdraw (Composite/Occlusion.swift): root nodes wholly under a later opaque fill are not drawn,
// and a damage band's strips under one are not filled with the background. Frames drawn so have
// the bytes of the frames drawn with everything, alone and in a run; a material between stops it;
// the fill's interior is covered whole by the rasterizer.

import Testing
import HoloGeometry
import HoloPixels
import HoloScene
import HoloText
@testable import HoloRaster

@Suite struct OcclusionTests {
    /// Six cards down a list, retained as a scrolled list's blocks are.
    static let cards: [Node] = (0..<6).map { i in
        let y = 40 + Double(i) * 60
        return .group([.fill(.roundedRect(Rect(x: 20, y: y, width: 200, height: 50), cornerRadius: 12, style: .continuous),
                             .solid(Color(hex: 0x2C2C2E))),
                       .text(TextRun("Card \(i)", font: Font(size: 17, weight: .semibold), origin: Point(36, y + 30)), .solid(.white))],
                      retention: .scrolled(id: "card-\(i)"))
    }

    /// The list with a sheet over `frame` (opaque unless `alpha` < 1), a caption drawn over the
    /// sheet, and a material beside the list when `material` (its blur reaches under the sheet).
    static func scene(sheet frame: Rect, radius: Double, alpha: Double = 1, material: Bool = false) -> Scene {
        var nodes = cards
        if material { nodes.append(.material(.rect(Rect(x: 230, y: 0, width: 160, height: 120)), .ultraThin, .dark)) }
        nodes.append(.fill(.roundedRect(frame, cornerRadius: radius, style: .continuous), .solid(Color(hex: 0x0A84FF, alpha: alpha))))
        nodes.append(.text(TextRun("Detail", font: Font(size: 28, weight: .bold), origin: Point(frame.minX + 16, frame.minY + 40)), .solid(.white)))
        return Scene(size: Size(390, 460), background: Color(hex: 0x1C1C1E), root: nodes)
    }

    static let renderer = SceneRenderer(fonts: FontLibrary.shared)
    static var drawingEverything: SceneRenderer { var r = renderer; r.cullsHiddenNodes = false; return r }

    /// Which of the cards (root indices 0–5) a sheet over `frame` hides.
    func hidden(_ scene: Scene, scale: Double) throws -> [Int] {
        let flags = try Self.renderer.overdraw(scene.root, transform: .scale(scale, scale)).hidden ?? []
        return flags.indices.filter { flags[$0] }
    }

    /// The cards (root indices 0–5) whose pixels at `scale`, grown by the damage pass's margin,
    /// lie inside one of `bands` (points) taken to whole pixels: written here from the geometry,
    /// not through `opaqueInterior`.
    static func cardsInside(_ bands: [Rect], scale: Double) -> [Int] {
        let m = Double(Damage.slack)  // the margin the damage pass grows bounds by
        return (0..<6).filter { i in
            let card = Rect(x: 20, y: 40 + Double(i) * 60, width: 200, height: 50)
            return bands.contains { band in
                (scale * band.minX).rounded(.up) <= scale * card.minX - m && (scale * band.minY).rounded(.up) <= scale * card.minY - m
                    && scale * card.maxX + m <= (scale * band.maxX).rounded(.down) && scale * card.maxY + m <= (scale * band.maxY).rounded(.down)
            }
        }
    }

    /// A rounded rect's whole pixels: its two bands 1.6 radii in from the corners, across and down.
    static func bands(_ r: Rect, radius: Double) -> [Rect] {
        radius == 0 ? [r] : [r.insetBy(dx: 0, dy: 1.6 * radius), r.insetBy(dx: 1.6 * radius, dy: 0)]
    }

    @Test func nodesUnderAnOpaqueSheetAreLeftOutWithTheSameBytes() throws {
        // Card 0 crosses the sheet's top edge; how many of the others it hides depends on its corners.
        let sheet = Rect(x: -60, y: 60, width: 420, height: 330)
        for (scale, radius) in [(1.0, 0.0), (2.0, 0.0), (3.0, 10.0), (2.0, 24.0)] {
            let scene = Self.scene(sheet: sheet, radius: radius)
            let drawn = try hidden(scene, scale: scale)
            // A card's pixels (its text lies inside it), grown by the damage pass's margin, against
            // the whole pixels of the sheet's bands.
            let expected = Self.cardsInside(Self.bands(sheet, radius: radius), scale: scale)
            #expect(drawn == expected, "scale \(scale), radius \(radius)")
            #expect(!drawn.isEmpty)
            let culled = try Self.renderer.render(scene, scale: scale)
            let everything = try Self.drawingEverything.render(scene, scale: scale)
            #expect(culled.words == everything.words, "scale \(scale), radius \(radius)")
        }
    }

    @Test func aMaterialBetweenOrATranslucentSheetHidesNothing() throws {
        let sheet = Rect(x: -60, y: 60, width: 420, height: 330)
        let beside = Self.scene(sheet: sheet, radius: 0, material: true)
        #expect(try hidden(beside, scale: 2).isEmpty)
        let see = Self.scene(sheet: sheet, radius: 0, alpha: 0.95)
        #expect(try hidden(see, scale: 2).isEmpty)
        // And had they been left out: the material blurs the cards under the sheet, beside it.
        var wrong = beside
        wrong.root.removeSubrange(1...4)
        #expect(try Self.renderer.render(wrong, scale: 2).words != Self.drawingEverything.render(beside, scale: 2).words)
    }

    /// A sheet growing over the list to the whole screen, frame by frame through the compositor
    /// (damage bands drawn over the last frame's pixels, strips under the sheet not filled): every
    /// frame is the frame drawn with everything, alone.
    @Test func aGrowingSheetInARunIsTheFramesDrawnWithEverything() throws {
        let compositor = FrameCompositor(renderer: Self.renderer)
        var hiddenSomewhere = false
        for k in 0...12 {
            let t = Double(k) / 12
            let frame = Rect(x: 20 * (1 - t), y: 160 * (1 - t), width: 200 + 190 * t, height: 50 + 410 * t)
            let scene = Self.scene(sheet: frame, radius: 12 * (1 - t))
            hiddenSomewhere = try hiddenSomewhere || !hidden(scene, scale: 2).isEmpty
            let run = try compositor.render(scene, scale: 2)
            #expect(run.words == (try Self.drawingEverything.render(scene, scale: 2)).words, "frame \(k)")
        }
        #expect(hiddenSomewhere)
        let full = Self.scene(sheet: Rect(x: 0, y: 0, width: 390, height: 460), radius: 0)
        #expect(try Self.renderer.overdraw(full.root, transform: .scale(2, 2)).backgroundRows(0..<920, width: 780).isEmpty)
    }

    /// The list under a detail page drawn as a group, as hero's is: its opaque page first, its
    /// content over it, clipped to a rounded rect; placed at `frame`'s origin (turned by `turn`).
    static func detailScene(frame: Rect, radius: Double, opacity: Double = 1, pageAlpha: Double = 1, turn: Double = 0,
                            blur: Double = 0) -> Scene {
        let size = Rect(origin: .zero, size: frame.size)
        let page = Group([.fill(.rect(size), .solid(Color(hex: 0xF2EFE6, alpha: pageAlpha))),
                          .text(TextRun("Detail", font: Font(size: 28, weight: .bold), origin: Point(16, 40)), .solid(.black)),
                          .fill(.roundedRect(Rect(x: 16, y: 60, width: frame.width - 32, height: 80), cornerRadius: 10, style: .continuous),
                                .solid(Color(white: 1, alpha: 0.8)))],
                         transform: AffineTransform.rotation(turn).concatenating(.translation(frame.minX, frame.minY)),
                         opacity: opacity, clip: .roundedRect(size, cornerRadius: radius, style: .continuous), blur: blur)
        return Scene(size: Size(390, 460), background: Color(hex: 0x1C1C1E), root: cards + [.group(page)])
    }

    /// The page's first child covers what its clip keeps whole: the cards inside both are left out
    /// with the same bytes, alone and in a run; a faded or translucent page, a turned one or a
    /// layer hides nothing.
    @Test func aDetailPageGroupWithAnOpaqueFirstFillHidesWhatIsUnderIt() throws {
        let sheet = Rect(x: -60, y: 60, width: 420, height: 330)
        let scale = 2.0, radius = 40.0
        let scene = Self.detailScene(frame: sheet, radius: radius)
        // The clip's whole pixels (its bands) inside the page's: the clip decides here.
        let expected = Self.cardsInside(Self.bands(sheet, radius: radius).map { $0.intersection(sheet) }, scale: scale)
        #expect(try hidden(scene, scale: scale) == expected)
        #expect(!expected.isEmpty && expected.count < 6)
        #expect(try Self.renderer.render(scene, scale: scale).words == Self.drawingEverything.render(scene, scale: scale).words)
        let compositor = FrameCompositor(renderer: Self.renderer)
        for k in 0...8 {
            let t = Double(k) / 8
            let frame = Rect(x: 20 * (1 - t), y: 160 * (1 - t), width: 200 + 190 * t, height: 50 + 410 * t)
            let grown = Self.detailScene(frame: frame, radius: 12 * (1 - t))
            #expect(try compositor.render(grown, scale: scale).words == Self.drawingEverything.render(grown, scale: scale).words, "frame \(k)")
        }
        for other in [Self.detailScene(frame: sheet, radius: radius, opacity: 0.98), Self.detailScene(frame: sheet, radius: radius, pageAlpha: 0.98),
                      Self.detailScene(frame: sheet, radius: radius, turn: 0.01), Self.detailScene(frame: sheet, radius: radius, blur: 1)] {
            #expect(try hidden(other, scale: scale).isEmpty)
        }
    }

    /// A page (a full-width, blurred and faded group, and a list over it) with a sheet rising over
    /// its lower part, as reveal's secondary sheet rises over its page: the page and the list are
    /// drawn only in the rows above the sheet's band, the background is not filled under it, and
    /// every frame (alone, and through the compositor while the sheet rises) has the bytes of
    /// everything drawn.
    static func risingSheet(top: Double, radius: Double = 24) -> Scene {
        let page = Group([.fill(.rect(Rect(x: 0, y: 0, width: 390, height: 460)),
                               .linearGradient(stops: [GradientStop(Color(hex: 0x0B1026), at: 0), GradientStop(Color(hex: 0x0E4D4F), at: 1)],
                                               start: Point(0, 0), end: Point(120, 460))),
                          .text(TextRun("Northern Lights", font: Font(size: 30, weight: .bold), origin: Point(20, 300)), .solid(.white))],
                         opacity: 0.7, blur: 3)
        let sheet = Group([.fill(.roundedRect(Rect(x: 0, y: 0, width: 390, height: 500), cornerRadius: radius, style: .continuous),
                                 .solid(Color(hex: 0x1C1C1E))),
                           .text(TextRun("Add to Library", font: Font(size: 17, weight: .semibold), origin: Point(20, 40)), .solid(.white))],
                          transform: .translation(0, top))
        return Scene(size: Size(390, 460), background: .black, root: [.group(page)] + cards + [.group(sheet)])
    }

    @Test func rowsUnderASheetSpanningANodeAreNotDrawn() throws {
        let scale = 2.0, top = 200.0, radius = 24.0
        let scene = Self.risingSheet(top: top, radius: radius)
        let overdraw = try Self.renderer.overdraw(scene.root, transform: .scale(scale, scale), size: (780, 920))
        // The sheet's band across: from 1.6 radii under its top (whole pixels) to past the canvas.
        let bandTop = Int((scale * (top + 1.6 * radius)).rounded(.up))
        #expect(overdraw.rows?[0] == 0..<bandTop)
        #expect(overdraw.backgroundRows(0..<920, width: 780) == [0..<bandTop])
        #expect(overdraw.backgroundRows(bandTop..<920, width: 780).isEmpty)
        #expect(try Self.renderer.render(scene, scale: scale).words == Self.drawingEverything.render(scene, scale: scale).words)
        let compositor = FrameCompositor(renderer: Self.renderer)
        var cut = 0
        for k in 0...10 {
            let rising = Self.risingSheet(top: 460 - 31.3 * Double(k), radius: radius)
            cut += try Self.renderer.overdraw(rising.root, transform: .scale(scale, scale), size: (780, 920)).rows?[0] != nil ? 1 : 0
            #expect(try compositor.render(rising, scale: scale).words == Self.drawingEverything.render(rising, scale: scale).words, "frame \(k)")
        }
        #expect(cut >= 8)
    }

    /// Every whole pixel of `opaqueInterior` is covered whole by the shape's own coverage.
    @Test func theInteriorIsCoveredWhole() {
        var rng = SplitMix64(seed: 5)
        for round in 0..<200 {
            let r = Rect(x: Double.random(in: -5...40, using: &rng), y: Double.random(in: -5...40, using: &rng),
                         width: Double.random(in: 1...80, using: &rng), height: Double.random(in: 1...80, using: &rng))
            let radius = round % 3 == 0 ? 0 : Double.random(in: 0...min(r.width, r.height) / 2, using: &rng)
            let scale = [1.0, 2, 3][round % 3]
            let shape = Shape.roundedRect(r, cornerRadius: radius, style: round % 2 == 0 ? .continuous : .circular)
            let node = Node.fill(shape, .solid(.white))
            let canvas = Canvas(width: 400, height: 400, scale: scale)
            let mask = canvas.coverage(of: shape, transform: .scale(scale, scale))
            for inner in SceneRenderer.opaqueInterior(node, transform: .scale(scale, scale)) {
                var uncovered = 0
                for y in Int(inner.minY)..<Int(inner.maxY) where y >= 0 && y < 400 {
                    for x in Int(inner.minX)..<Int(inner.maxX) where x >= 0 && x < 400 {
                        let inMask = x >= mask.x && x < mask.x + mask.width && y >= mask.y && y < mask.y + mask.height
                        if !inMask || mask.coverage[(y - mask.y) * mask.width + x - mask.x] != 255 { uncovered += 1 }
                    }
                }
                #expect(uncovered == 0, "round \(round): \(r) radius \(radius) at \(scale)x, band \(inner)")
            }
        }
        #expect(SceneRenderer.opaqueInterior(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .solid(Color(white: 1, alpha: 0.99))),
                                             transform: .identity).isEmpty)
    }
}

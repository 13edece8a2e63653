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

    @Test func nodesUnderAnOpaqueSheetAreLeftOutWithTheSameBytes() throws {
        // Card 0 crosses the sheet's top edge; how many of the others it hides depends on its corners.
        let sheet = Rect(x: -60, y: 60, width: 420, height: 330)
        for (scale, radius) in [(1.0, 0.0), (2.0, 0.0), (3.0, 10.0), (2.0, 24.0)] {
            let scene = Self.scene(sheet: sheet, radius: radius)
            let drawn = try hidden(scene, scale: scale)
            // A card's pixels (its text lies inside it), grown by the damage pass's margin, against
            // the whole pixels of the sheet less 1.6 radii at each side.
            let inner = sheet.insetBy(dx: 1.6 * radius, dy: 1.6 * radius)
            let (x0, y0) = ((scale * inner.minX).rounded(.up), (scale * inner.minY).rounded(.up))
            let (x1, y1) = ((scale * inner.maxX).rounded(.down), (scale * inner.maxY).rounded(.down))
            let expected = (0..<6).filter { i in
                let card = Rect(x: 20, y: 40 + Double(i) * 60, width: 200, height: 50)
                let m = Double(Damage.slack)  // the margin the damage pass grows bounds by
                return x0 <= scale * card.minX - m && y0 <= scale * card.minY - m && scale * card.maxX + m <= x1 && scale * card.maxY + m <= y1
            }
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
        #expect(try Self.renderer.overdraw(full.root, transform: .scale(2, 2)).hidesBackground(rows: 0..<920, width: 780))
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
            guard let inner = SceneRenderer.opaqueInterior(node, transform: .scale(scale, scale)) else { continue }
            let canvas = Canvas(width: 400, height: 400, scale: scale)
            let mask = canvas.coverage(of: shape, transform: .scale(scale, scale))
            var uncovered = 0
            for y in Int(inner.minY)..<Int(inner.maxY) where y >= 0 && y < 400 {
                for x in Int(inner.minX)..<Int(inner.maxX) where x >= 0 && x < 400 {
                    let inMask = x >= mask.x && x < mask.x + mask.width && y >= mask.y && y < mask.y + mask.height
                    if !inMask || mask.coverage[(y - mask.y) * mask.width + x - mask.x] != 255 { uncovered += 1 }
                }
            }
            #expect(uncovered == 0, "round \(round): \(r) radius \(radius) at \(scale)x")
        }
        #expect(SceneRenderer.opaqueInterior(.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .solid(Color(white: 1, alpha: 0.99))),
                                             transform: .identity) == nil)
    }
}

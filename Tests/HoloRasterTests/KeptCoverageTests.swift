// Kept coverage (KeptCoverage.swift): a shape drawn through the coverage kept from an earlier frame
// has the bytes of the shape rasterized again, whatever rows the frame redraws, whatever its paint,
// clip and stroke; and the cache is used (the counts say so) and stays within its budget.

import HoloGeometry
import HoloPixels
import HoloScene
import HoloText
import Testing
@testable import HoloRaster

@Suite struct KeptCoverageTests {
    /// A random outline in a 60 × 50 pt scene: paths with curves and arcs, rounded rects of either
    /// corner style, ellipses, capsules.
    static func shape(_ rng: inout SplitMix64) -> Shape {
        func d(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * rng.unit() }
        switch rng.next() % 5 {
        case 0:
            var p = Path(fillRule: rng.next() % 2 == 0 ? .nonZero : .evenOdd)
            p.move(to: Point(d(5, 55), d(5, 45)))
            for _ in 0..<(2 + Int(rng.next() % 5)) {
                switch rng.next() % 3 {
                case 0: p.addLine(to: Point(d(2, 58), d(2, 48)))
                case 1: p.addQuadCurve(to: Point(d(2, 58), d(2, 48)), control: Point(d(0, 60), d(0, 50)))
                default: p.addCurve(to: Point(d(2, 58), d(2, 48)), control1: Point(d(0, 60), d(0, 50)), control2: Point(d(0, 60), d(0, 50)))
                }
            }
            if rng.next() % 3 == 0 { p.addArc(center: Point(d(15, 45), d(15, 35)), radius: d(3, 12), startAngle: 0, endAngle: d(1, 6), clockwise: false) }
            p.closeSubpath()
            return .path(p)
        case 1:
            return .roundedRect(Rect(x: d(2, 20), y: d(2, 15), width: d(10, 35), height: d(8, 30)), cornerRadius: d(0, 9),
                                style: rng.next() % 2 == 0 ? .continuous : .circular)
        case 2: return .ellipse(Rect(x: d(2, 25), y: d(2, 20), width: d(5, 30), height: d(5, 28)))
        case 3: return .capsule(Rect(x: d(2, 25), y: d(2, 20), width: d(5, 30), height: d(5, 28)))
        default: return .rect(Rect(x: d(2, 25), y: d(2, 20), width: d(5, 30), height: d(5, 28)))  // kept once rotated
        }
    }

    static func node(_ rng: inout SplitMix64) -> Node {
        let shape = Self.shape(&rng)
        let colour = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: [1, 0.6][Int(rng.next() % 2)])
        let paint: Paint = rng.next() % 3 == 0
            ? .linearGradient(stops: Paint.evenStops([colour, Color(white: 0.2, alpha: 0.8)]), start: Point(0, 0), end: Point(60, 50))
            : .solid(colour)
        switch rng.next() % 3 {
        case 0: return .fill(shape, paint)
        case 1: return .stroke(shape, paint, width: 0.5 + 3 * rng.unit())
        default:
            let style = StrokeStyle(lineWidth: 0.5 + 3 * rng.unit(), lineCap: [.butt, .round, .square][Int(rng.next() % 3)],
                                    lineJoin: [.miter, .round, .bevel][Int(rng.next() % 3)], dash: rng.next() % 2 == 0 ? [] : [3, 1.5])
            return .styledStroke(shape, paint, style)
        }
    }

    /// The outline, maybe rotated and under a clip, and a bar that moves down the scene frame by
    /// frame, so each frame redraws a different band of the outline's rows.
    static func scene(_ outline: Node, frame: Int, angle: Double, clip: Shape?) -> Scene {
        let turned = AffineTransform.translation(-30, -25).concatenating(.rotation(angle)).concatenating(.translation(30.3, 25.2))
        return Scene(size: Size(60, 50), background: Color(white: 0.95), root: [
            .fill(.rect(Rect(x: 0, y: 0, width: 60, height: 50)), .solid(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.3))),
            .group(Group([outline], transform: turned, clip: clip)),
            .fill(.rect(Rect(x: 0, y: 4 + 6.5 * Double(frame), width: 60, height: 5)), .solid(Color(white: 0.1, alpha: 0.5))),
        ])
    }

    /// Pixels that differ (the count, not the pictures, in a failure's message).
    static func differing(_ a: Canvas, _ b: Canvas) -> Int {
        a.words.count == b.words.count ? zip(a.words, b.words).filter { $0 != $1 }.count : -1
    }

    @Test func keptCoverageDrawsTheBytesOfTheShapeRasterizedAgain() throws {
        var rng = SplitMix64(seed: 2026_11_28)
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        var reused = 0, rounds = 0
        for round in 0..<40 {
            let outline = Self.node(&rng)
            let angle = rng.next() % 2 == 0 ? 0 : 0.3 * rng.unit()
            let clip: Shape? = rng.next() % 3 == 0 ? .roundedRect(Rect(x: 8, y: 6, width: 40, height: 36), cornerRadius: 7, style: .continuous) : nil
            let scale = [1.0, 2, 3][round % 3]
            let compositor = FrameCompositor(renderer: renderer)
            for frame in 0..<6 {
                let scene = Self.scene(outline, frame: frame, angle: angle, clip: clip)
                let kept = try compositor.render(scene, scale: scale)
                reused += compositor.statistics.reusedOutlines
                let alone = try renderer.render(scene, scale: scale)
                #expect(Self.differing(kept, alone) == 0, "round \(round) frame \(frame): \(outline)")
            }
            rounds += 1
        }
        // The outline's rows are redrawn in most frames after the second: the kept masks are read.
        #expect(reused >= rounds, "kept outlines drawn \(reused) times in \(rounds) runs")
    }

    @Test func anOutlineThatChangesEveryFrameKeepsNoMask() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: renderer)
        var reused = 0
        for frame in 0..<8 {
            let ring = Node.stroke(.ellipse(Rect(x: 10 + 0.37 * Double(frame), y: 10, width: 30, height: 25)), .solid(Color(white: 0)), width: 2)
            let scene = Scene(size: Size(60, 50), background: Color(white: 1), root: [ring])
            let kept = try compositor.render(scene, scale: 2)
            reused += compositor.statistics.reusedOutlines
            #expect(Self.differing(kept, try renderer.render(scene, scale: 2)) == 0, "frame \(frame)")
        }
        #expect(reused == 0)
        #expect(compositor.layers.bytes <= 8 * LayerCache.KeptOutline.overhead)
    }

    @Test func masksStayWithinTheirBudget() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        let compositor = FrameCompositor(renderer: renderer)
        // Room for the 40 × 40-px ring's entry, not for its mask: it is drawn directly every time.
        compositor.layers.budget = LayerCache.Budget(tiles: 0, materials: 0, rasters: 0, outlines: 1000)
        var reused = 0
        for frame in 0..<5 {
            let scene = Scene(size: Size(60, 50), background: Color(white: 1), root: [
                .stroke(.ellipse(Rect(x: 10, y: 10, width: 20, height: 20)), .solid(Color(white: 0)), width: 2),
                .fill(.rect(Rect(x: 0, y: 5 + Double(frame), width: 60, height: 30)), .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.2))),
            ])
            let kept = try compositor.render(scene, scale: 2)
            reused += compositor.statistics.reusedOutlines
            #expect(Self.differing(kept, try renderer.render(scene, scale: 2)) == 0, "frame \(frame)")
            #expect(compositor.layers.bytes <= compositor.layers.budget.total)
        }
        #expect(reused == 0)
    }

    @Test func largeShapesAreDrawnDirectlyAndSmallOnesKept() throws {
        let renderer = SceneRenderer(fonts: FontLibrary.shared)
        for (side, kept) in [(60.0, true), (150.0, false)] {  // 120² and 300² px at 2x, against 256²
            let compositor = FrameCompositor(renderer: renderer)
            var reused = 0
            for frame in 0..<5 {
                let scene = Scene(size: Size(200, 200), background: Color(white: 1), root: [
                    .fill(.roundedRect(Rect(x: 10, y: 10, width: side, height: side), cornerRadius: 12, style: .continuous), .solid(Color(white: 0.3))),
                    .fill(.rect(Rect(x: 0, y: 20 + 3 * Double(frame), width: 200, height: 10)), .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.4))),
                ])
                let drawn = try compositor.render(scene, scale: 2)
                reused += compositor.statistics.reusedOutlines
                #expect(Self.differing(drawn, try renderer.render(scene, scale: 2)) == 0, "side \(side) frame \(frame)")
            }
            #expect((reused > 0) == kept, "a \(side)-pt card: reused \(reused) times")
        }
    }
}

// Frames of the built-in clips held to what should show there: no title ghosting over the status
// bar, a bar that blurs what is under it, the reveal's sheet and aurora, the hero's back button,
// labels that do not touch. Each test is rendered from the built-in clip.

import Foundation
import HoloClips
import HoloGeometry
import HoloPixels
import HoloRaster
import HoloScene
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct BuiltInFrameContentTests {
    static let renderer = SceneRenderer(fonts: FontLibrary.shared)

    static func render(_ clip: String, frame: Int, scale: Double, chrome: Bool = true) throws -> Canvas {
        var overrides = ClipOverrides(scale: scale)
        overrides.noChrome = !chrome
        let c = try ClipResolver.resolve(clip, overrides: overrides)
        return try renderer.render(c.frames().scene(frame).scene, scale: c.scale)
    }

    static func chroma(_ p: PremultipliedRGBA8) -> Int {
        Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b))
    }

    /// Titles, header collapsing (frames 22–26, h 0.13 … 0.59): the holographic "Reps" slides up
    /// under the status bar's edge, not over "9:41". The status bar band holds black glyphs over the
    /// near-white bar: no saturated title colour there (before the fix: chroma up to 149).
    @Test(arguments: [24, 25, 26])
    func titleDoesNotGhostOverTheStatusBar(frame: Int) throws {
        let canvas = try Self.render("titles", frame: frame, scale: 1)
        var most = 0
        for y in 0..<47 { for x in 0..<200 { most = max(most, Self.chroma(canvas[x, y])) } }
        #expect(most < 40, "frame \(frame): a pixel of chroma \(most) in the status bar band")
    }

    /// Titles, the header's return overshoot (frame 126: h = −0.0048, the bar 0.48 pt below its rest,
    /// 1.45 px at 3x): the material still reaches the screen's top edge, so the top rows are as
    /// blurred as the rows under them (before the fix: row 0 differed from row 5 by 39 levels on
    /// average, the cards' edges and text unblurred; after, 0.1).
    @Test func noUnblurredRowAtTheBarsTopOnTheOvershoot() throws {
        let canvas = try Self.render("titles", frame: 126, scale: 3)
        for row in 0..<2 {
            var diff = 0
            for x in 0..<canvas.width {
                let a = canvas[x, row], b = canvas[x, 5]
                diff += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
            }
            let mean = Double(diff) / Double(3 * canvas.width)
            #expect(mean < 2, "row \(row) differs from row 5 by \(mean) levels on average")
        }
    }

    /// Every text run of `nodes` with its origin in window points (group transforms applied).
    static func texts(_ nodes: [Node], _ t: HoloGeometry.AffineTransform = .identity) -> [(run: TextRun, origin: Point)] {
        var out: [(TextRun, Point)] = []
        for n in nodes {
            switch n {
            case .group(let g): out += texts(g.children, g.transform.concatenating(t))
            case .text(let run, _): out.append((run, t.apply(run.origin)))
            default: break
            }
        }
        return out
    }

    /// Demo, frame 60 (the fling has carried cards under the bar): the bar is frosted glass, so the
    /// cards' text under it is blurred away. Above the title the bar is its smooth gradient over a
    /// soft blur: the largest second difference along a row is small (before: 12 levels, the cards'
    /// text seen sharp through the 92–96 % gradient; after: 3). Without the device chrome, whose
    /// status bar draws sharp glyphs in these rows on purpose.
    @Test func demoBarBlursTheCardsUnderIt() throws {
        let canvas = try Self.render("demo", frame: 60, scale: 1, chrome: false)
        var most = 0
        for y in 5..<40 {
            for x in 21..<372 {
                let a = canvas[x - 1, y], b = canvas[x, y], c = canvas[x + 1, y]
                for (p, q, r) in [(a.r, b.r, c.r), (a.g, b.g, c.g), (a.b, b.b, c.b)] {
                    most = max(most, abs(Int(p) - 2 * Int(q) + Int(r)))
                }
            }
        }
        #expect(most <= 6, "a second difference of \(most) levels in the bar above the title")
    }

    /// Reveal, frame 148 (p = 0.15, the page scaled to 0.988 and moved down 24 pt by the mapping):
    /// what shows under the page is the secondary section's sheet (#1C1C1E) the paged scroll brings
    /// into view, not the window's black (before: rows 790–843 were (0, 0, 0)).
    @Test func revealShowsTheSecondarySheetUnderTheScaledPage() throws {
        let canvas = try Self.render("reveal", frame: 148, scale: 1)
        var darkest = 255
        for y in 790..<844 { for x in 0..<130 { let p = canvas[x, y]; darkest = min(darkest, Int(max(p.r, p.g, p.b))) } }
        #expect(darkest >= 20, "a pixel of \(darkest) under the page: unpainted")
    }

    /// Reveal, frame 0: the aurora's glows end softly; no step between neighbouring pixels above the
    /// text (before: 50 levels, where a circular gradient was cut by its ellipse at 23 % alpha).
    @Test func revealAuroraHasNoHardEdge() throws {
        let canvas = try Self.render("reveal", frame: 0, scale: 1)
        var most = 0
        for y in 60..<450 {
            for x in 0..<389 {
                let p = canvas[x, y], right = canvas[x + 1, y], below = canvas[x, y + 1]
                for q in [right, below] {
                    most = max(most, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                }
            }
        }
        #expect(most <= 8, "a step of \(most) levels in the aurora")
    }

    /// Reveal: the "Add" caption is the round button's label, beside it wherever it moves (frames 0
    /// and 148; before, it was part of the page and at frame 148 sat 30 pt above the button) and at
    /// a button label's size (before: 13 pt).
    @Test(arguments: [0, 148])
    func revealAddCaptionSitsBesideItsButton(frame: Int) throws {
        let c = try ClipResolver.resolve("reveal", overrides: ClipOverrides(scale: 1))
        let scene = c.frames().scene(frame).scene
        var button: Rect?
        for n in scene.root { if case .group(let g) = n, case .capsule(let f)? = g.clip { button = f } }
        let f = try #require(button)
        let add = try #require(Self.texts(scene.root).first { $0.run.string == "Add" })
        #expect(add.run.font.size >= 15, "\(add.run.font.size) pt")
        #expect(add.origin.y > f.minY && add.origin.y < f.maxY && add.origin.x > f.maxX,
                "caption at \(add.origin), button \(f)")
    }

    /// Hero, opening (frames 30, 36, 42) and open (60): the back button sits in the window's
    /// navigation bar, never inside the morphing card (before, at frame 36, it was drawn 75 pt under
    /// the card's top, at (24, 240)).
    @Test(arguments: [30, 36, 42, 60])
    func heroBackButtonStaysInTheNavigationBar(frame: Int) throws {
        let c = try ClipResolver.resolve("hero", overrides: ClipOverrides(scale: 1))
        let scene = c.frames().scene(frame).scene
        // The back button's title (17 pt, after its chevron.left); the list's own "Goals" is 34 pt.
        let back = try #require(Self.texts(scene.root).first { $0.run.string == "Goals" && $0.run.font.size == 17 })
        // Where the hand layout put it (chevron at the 16 pt margin, baseline 28 pt into the bar
        // under the 47 pt status bar), within the kit's pixel snapping and text box (half a point).
        #expect(abs(back.origin.x - (16 + 0.85 * 17)) < 0.5 && abs(back.origin.y - (47 + 28)) < 0.5, "at \(back.origin)")
    }

    /// Flowing-vertical, settled in the bar (frame 164, 3x): no ink of "Settings" in the 1 pt above
    /// the hairline (before, the "g" reached 0.6 pt from it: dark pixels on the row above).
    @Test func flowingVerticalTitleClearsTheHairline() throws {
        let c = try ClipResolver.resolve("flowing-vertical", overrides: ClipOverrides(scale: 3))
        let scene = c.frames().scene(164).scene
        var hairline: Double?
        func find(_ nodes: [Node]) {
            for n in nodes {
                if case .group(let g) = n { find(g.children) }
                if case .fill(.rect(let r), _) = n, r.height == 0.5, r.width == scene.size.width { hairline = r.minY }
            }
        }
        find(scene.root)
        let top = try #require(hairline)
        let canvas = try Self.renderer.render(scene, scale: 3)
        var darkest = 255
        for y in Int(((top - 1) * 3).rounded(.down))..<Int((top * 3).rounded(.down)) {
            for x in 390..<780 { let p = canvas[x, y]; darkest = min(darkest, Int(min(p.r, p.g, p.b))) }
        }
        #expect(darkest > 150, "title ink of \(darkest) just above the hairline at \(top) pt")
    }

    /// Titles at accessibility3 (examples/titles-accessibility.json, frame 0): the week summary's
    /// stat labels ("Workouts", "Time", "Volume (kg)") and values, as drawn (shrunk or truncated to
    /// their column), keep at least SwiftUI's 8-pt HStack spacing between columns (before: 4 pt of
    /// room, "Workouts" touching "Time"), or, stacked (issue 43: the stats stack at accessibility
    /// sizes), lie on separate lines.
    @Test func accessibilityStatColumnsDoNotTouch() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/titles-accessibility.json").path
        let c = try ClipResolver.resolve(path, overrides: ClipOverrides(scale: 1))
        let scene = c.frames().scene(0).scene
        let fonts = FontLibrary.shared
        func drawnSpan(_ label: String) throws -> (Double, Double, baseline: Double) {
            let t = try #require(Self.texts(scene.root).first { $0.run.string == label })
            let fitted = try #require(try Self.renderer.lines(t.run).first)
            return (t.origin.x, t.origin.x + (try fonts.measure(fitted.string, font: fitted.font).width), t.origin.y)
        }
        for row in [["Workouts", "Time", "Volume (kg)"], ["4", "3h 12m", "18,450"]] {
            let spans = try row.map(drawnSpan)
            for i in 1..<spans.count where spans[i].baseline == spans[i - 1].baseline {
                #expect(spans[i].0 - spans[i - 1].1 >= 8 - 1e-9, "\(row[i - 1]) ends at \(spans[i - 1].1), \(row[i]) starts at \(spans[i].0)")
            }
        }
    }
}

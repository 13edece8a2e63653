// Every file in examples/ decodes, and the scene it builds has the nodes the file describes.
// The expected outlines below were written by reading each file (one scene node per document
// node; a leaf with modifiers or with both fill and stroke becomes a group around its parts).

import Foundation
import Testing
import HoloGeometry
import HoloScene
@testable import HoloClips

/// The drivers the host (design "custom") supplies.
let userSceneDriverNames: Set<String> = CustomDesign.driverNames

private let examplesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples")

func loadExample(_ name: String) throws -> UserScene {
    let data = try Data(contentsOf: examplesFolder.appendingPathComponent(name))
    guard case .object(let clip) = try JSONValue.parse(Array(data)) else { throw JSONFieldError(path: name, reason: "not an object") }
    #expect(clip["design"] == .string("custom"))
    #expect(clip["duration"]?.number ?? 0 > 0)
    // Images must exist beside the example; the outline tests need only a stand-in for their pixels.
    return try UserScene.decode(try #require(clip["scene"]), driverNames: userSceneDriverNames, loadImage: { path in
        guard FileManager.default.fileExists(atPath: examplesFolder.appendingPathComponent(path).path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        return ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0])
    }, loadShader: { path in
        try String(contentsOf: examplesFolder.appendingPathComponent(path), encoding: .utf8)
    })
}

/// A node's outline: kinds, shapes and paints, children in brackets.
func outline(_ node: Node) -> String {
    func shape(_ s: HoloScene.Shape) -> String {
        switch s { case .rect: "rect"; case .roundedRect: "roundedRect"; case .capsule: "capsule"; case .ellipse: "ellipse"; case .path: "path" }
    }
    func paint(_ p: Paint) -> String {
        switch p {
        case .solid: "solid"; case .linearGradient: "linear"; case .radialGradient: "radial"
        case .angularGradient: "angular"; case .shader: "shader"
        }
    }
    switch node {
    case .group(let g): return (g.effect.map { "effect:\($0.program.kind.rawValue)" } ?? "group") + "[" + g.children.map(outline).joined(separator: ", ") + "]"
    case .fill(let s, let p): return "fill:\(shape(s)):\(paint(p))"
    case .stroke(let s, let p, _): return "stroke:\(shape(s)):\(paint(p))"
    case .styledStroke(let s, let p, _): return "styledStroke:\(shape(s)):\(paint(p))"
    case .text: return "text"
    case .material: return "material"
    case .image: return "image"
    }
}

let exampleOutlines: [(file: String, drivers: Set<String>, outline: String)] = [
    ("shapes.json", [], "group[fill:rect:solid, fill:roundedRect:solid, stroke:capsule:solid, fill:ellipse:solid, group[fill:ellipse:solid, stroke:ellipse:solid]]"),
    ("gradients.json", ["time"], "group[fill:rect:linear, fill:ellipse:radial, fill:roundedRect:angular]"),
    ("text.json", ["time"], "group[text, text, group[text]]"),
    ("fonts.json", [], "group[fill:rect:solid, text, text, text, text, text, text, text, text]"),
    ("text-wrapping.json", ["time"], "group[fill:rect:solid, fill:roundedRect:solid, text, text, text, text, text, text, text]"),
    ("material.json", ["time"], "group[fill:rect:linear, fill:ellipse:solid, material, material]"),
    ("expressions.json", ["time"], "group[fill:ellipse:solid, fill:rect:solid, group[fill:roundedRect:solid], fill:rect:solid]"),
    ("keyframes.json", ["time"], "group[group[fill:roundedRect:solid], group[fill:ellipse:solid], group[fill:rect:solid]]"),
    ("targets.json", ["time"], "group[group[fill:roundedRect:solid], group[fill:ellipse:solid], group[fill:rect:solid]]"),
    ("tilt-card.json", ["roll", "pitch", "time"], "group[fill:rect:shader, group[fill:rect:shader], text]"),
    // Two layout roots: the scrolled cards (a scrolled group inside the viewport's clip), and the header: its faded material and the title.
    ("collapsing-header.json", ["scroll"], "group[group[\(Array(repeating: "fill:roundedRect:solid", count: 12).joined(separator: ", "))]] | group[material] | text"),
    ("glow-shadow.json", ["time"], "group[fill:rect:solid, group[fill:ellipse:solid], group[fill:roundedRect:solid]]"),
    // A navigation stack, its views top-level nodes: the scroll view (its clip, the scrolled group
    // of eight cards: background, two texts and a chevron), the large title (the pull's offset, the
    // band's clip, the scroll's offset, the scale), then the bar: the material in its opacity
    // group, the "+" item's stroke, the inline title and the hairline in their opacity groups.
    ("activity-list.json", ["scroll", "navigation.barOpacity"], "group[group[" +
        Array(repeating: "fill:roundedRect:solid, text, text, styledStroke:path:solid", count: 8).joined(separator: ", ") +
        "]] | group[group[group[group[text]]]] | group[material] | styledStroke:path:solid | group[text] | group[fill:rect:solid]"),
    // A tab view (a ZStack): the Settings tab's opacity group (the list's background, its scrolled
    // group of four sections: header, clipped card of rows with separators, footer; then the large
    // title and the bar), the Profile tab's (the symbol's parts, two texts, the inline bar with its
    // "Edit" button), then the tab bar: material, hairline and two items of symbol parts and title.
    ("settings-list.json", ["scroll", "navigation.barOpacity", "tab.selection"], settingsListOutline),
    // A scroll view (its clip and scrolled group) of the title, then four cards, each an offset group around an opacity group: the card, the
    // symbol's parts (sun: a disc and two strokes of rays; dumbbell: one fill; moon, heart: fill and
    // stroke), two texts and the chevron.
    ("clip.json", ["time", "scroll"], "group[group[text, " + [
        "fill:path:solid, styledStroke:path:solid, styledStroke:path:solid", "fill:path:solid",
        "fill:path:solid, styledStroke:path:solid", "fill:path:solid, styledStroke:path:solid",
    ].map { "group[group[fill:roundedRect:solid, \($0), text, text, styledStroke:path:solid]]" }.joined(separator: ", ") + "]]"),
    ("image.json", ["time"], "group[fill:rect:solid, group[image], group[image]]"),
    ("metal-shader.json", ["time"], "group[fill:rect:solid, fill:roundedRect:shader, text]"),
    ("metal-effect.json", ["time"],
     "group[fill:rect:solid, effect:color[fill:roundedRect:linear, fill:ellipse:solid, fill:rect:solid, text], " +
     "effect:distortion[fill:roundedRect:linear, fill:ellipse:solid, fill:rect:solid, text], " +
     "effect:layer[fill:roundedRect:linear, fill:ellipse:solid, fill:rect:solid, text]]"),
    ("component-drivers.json", ["scroll", "header.offset", "header.opacity", "time"],
     "group[fill:rect:solid, group[fill:roundedRect:solid, fill:roundedRect:solid, fill:roundedRect:solid, fill:roundedRect:solid, fill:roundedRect:solid, fill:roundedRect:solid], group[material, group[fill:rect:shader]]]"),
    ("paths.json", ["time"], pathsOutline),
    // The naive/tuned pair (issue 42): eight hand-placed cards (background, two texts, a chevron: a symbol is a group of its strokes)
    // in a scrolled group with the large title (its opacity group) inside it, or outside under
    // its own offset; then the inline bar's opacity group (background, hairline, title).
    ("title-in-list-naive.json", ["scroll"], "group[group[text], \(titleListCards)] | group[fill:rect:solid, fill:rect:solid, text]"),
    ("title-in-list-tuned.json", ["scroll"], "group[text] | group[\(titleListCards)] | group[fill:rect:solid, fill:rect:solid, text]"),
    // The retained-layer comparison scene (issue 28): 14 cards of a rectangle and two lines each.
    ("scroll-cards.json", ["frame"], "group[fill:rect:linear, group[\(scrollCards)], material, text]"),
    ("scroll-cards-blur.json", ["frame"],
     "group[fill:rect:linear, group[\(scrollCards)], group[group[fill:rect:linear, group[\(scrollCards)]], fill:rect:solid], text]"),
]

/// settings-list.json, as decoded and drawn at rest (its pictures: Golden/example-settings-list).
private let settingsListOutline = "group[fill:rect:solid, group[group[group[fill:roundedRect:solid, fill:path:solid, styledStroke:path:solid, text, fill:rect:solid, fill:path:solid, text, fill:rect:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, text, fill:rect:solid, styledStroke:path:solid, text], text, group[fill:roundedRect:solid, fill:path:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, styledStroke:path:solid, text, fill:rect:solid, fill:path:solid, styledStroke:path:solid, styledStroke:path:solid, text, fill:rect:solid, fill:path:solid, styledStroke:path:solid, text, fill:rect:solid, styledStroke:path:solid, text], text, text, group[fill:roundedRect:solid, styledStroke:path:solid, text, fill:rect:solid, fill:path:solid, styledStroke:path:solid, styledStroke:path:solid, text, fill:rect:solid, fill:path:solid, text, fill:rect:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, text, fill:rect:solid, styledStroke:path:solid, styledStroke:path:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, text, fill:rect:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, text, fill:rect:solid, fill:path:solid, styledStroke:path:solid, styledStroke:path:solid, text], text, group[fill:roundedRect:solid, text, text, styledStroke:path:solid, fill:rect:solid, text, styledStroke:path:solid]]], group[group[group[group[text]]]], group[material], group[text], group[fill:rect:solid]] | group[styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, text, text, group[material], text, text, group[fill:rect:solid]] | material | fill:rect:solid | styledStroke:path:solid | text | fill:path:solid | styledStroke:path:solid | fill:path:solid | styledStroke:path:solid | text"

/// paths.json: path fills and strokes (styled when a style key is given), symbols as groups of
/// their fills and strokes.
private let pathsOutline =
    "group[fill:rect:solid, text, fill:roundedRect:solid, fill:path:linear, fill:path:solid, " +
    "group[fill:path:solid, styledStroke:path:solid], text, text, fill:roundedRect:solid, " +
    "styledStroke:path:solid, styledStroke:path:solid, styledStroke:path:solid, styledStroke:path:solid, " +
    "styledStroke:path:solid, styledStroke:path:solid, stroke:path:solid, text, text, " +
    "fill:roundedRect:solid, styledStroke:path:solid, fill:path:solid, styledStroke:path:solid, " +
    "styledStroke:path:solid, styledStroke:path:solid, fill:roundedRect:solid, " +
    "group[styledStroke:path:solid], group[styledStroke:path:solid], group[styledStroke:path:solid], " +
    "group[styledStroke:path:solid], group[styledStroke:path:solid], group[styledStroke:path:solid], " +
    "group[styledStroke:path:solid], group[styledStroke:path:solid], group[styledStroke:path:solid], " +
    "group[fill:path:solid, styledStroke:path:solid], group[fill:path:solid, styledStroke:path:solid], " +
    "group[fill:path:solid, styledStroke:path:solid], group[styledStroke:path:solid], " +
    "group[styledStroke:path:solid], group[styledStroke:path:solid], group[styledStroke:path:solid], " +
    "group[fill:path:solid], group[styledStroke:path:solid], text, group[fill:path:solid, " +
    "styledStroke:path:solid], text, group[styledStroke:path:solid], text, group[styledStroke:path:solid], " +
    "group[styledStroke:path:solid], group[styledStroke:path:solid], group[styledStroke:path:solid], " +
    "group[styledStroke:path:solid], group[styledStroke:path:solid], group[fill:path:solid, " +
    "styledStroke:path:solid]]"

private let titleListCards = Array(repeating: "fill:roundedRect:solid, text, text, group[styledStroke:path:solid]", count: 8).joined(separator: ", ")

private let scrollCards = Array(repeating: "fill:roundedRect:solid, text, text", count: 14).joined(separator: ", ")

private let frameSize = Size(width: 390, height: 844)

private func root(_ scene: Scene) throws -> Group {
    try #require(scene.root.count == 1)
    guard case .group(let g) = scene.root[0] else { Issue.record("root is not a group"); throw CancellationError() }
    return g
}

@Suite struct UserSceneExampleTests {
    @Test func everyExampleIsListed() throws {
        // Every user-scene example (design "custom"); the others start from a built-in design.
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesFolder.path).filter { $0.hasSuffix(".json") }
        let custom = try files.filter { file in
            // Clip files are JSON5 (examples may carry comments).
            let object = try JSONValue.parse(Array(Data(contentsOf: examplesFolder.appendingPathComponent(file))))
            guard case .object(let fields) = object else { return false }
            return fields["design"] == .string("custom")
        }
        #expect(Set(custom) == Set(exampleOutlines.map(\.file)))
    }

    @Test(arguments: exampleOutlines)
    func exampleDecodesToTheNodesItDescribes(file: String, drivers: Set<String>, outline expected: String) throws {
        let scene = try loadExample(file)
        #expect(scene.requiredDrivers == drivers)
        for t in [0.0, 0.7, 2.0] {
            let frame = scene.scene(size: frameSize, background: .white,
                                    drivers: ["time": t, "scroll": 60 * t, "roll": 0.2, "pitch": -0.1])
            #expect(frame.size == frameSize)
            #expect(frame.root.map(outline).joined(separator: " | ") == expected)
        }
    }

    @Test func collapsingHeaderFollowsScroll() throws {
        let doc = try loadExample("collapsing-header.json")
        // Two layout roots, their views top-level nodes: the scroll view's clip around the cards,
        // then the header over them: its faded material and its title.
        func parts(_ scroll: Double) throws -> (list: Group, title: TextRun, barOpacity: Double, bar: HoloScene.Shape) {
            let s = doc.scene(size: frameSize, background: .white, drivers: ["scroll": scroll])
            try #require(s.root.count == 3)
            guard case .group(let clip) = s.root[0], case .group(let list) = clip.children[0],
                  case .group(let faded) = s.root[1], case .material(let bar, .regular, .light) = faded.children[0],
                  case .text(let title, _) = s.root[2] else {
                throw CancellationError()
            }
            return (list, title, faded.opacity, bar)
        }
        let rest = try parts(0), collapsed = try parts(80), between = try parts(40)
        #expect(rest.list.transform == .translation(0, 0) && rest.list.retention?.scrolls == true)
        #expect(collapsed.list.transform == .translation(0, -80))
        #expect(rest.title.font.size == 34 && collapsed.title.font.size == 17)
        #expect(between.title.font.size == 25.5)
        // The title sits at the bar's bottom: it rises as the bar shrinks from 96 to 44 pt.
        #expect(rest.title.origin.x == 16 && collapsed.title.origin.y < rest.title.origin.y)
        #expect(rest.barOpacity == 0 && collapsed.barOpacity == 1)
        // smoothstep(20, 80, 40): t = 1/3 → (1/9)(3 − 2/3) = 7/27.
        #expect(abs(between.barOpacity - 7.0 / 27.0) < 1e-12)
        // The material reaches under the status bar: from the screen's top to the safe area (47) + the bar.
        #expect(rest.bar.bounds == Rect(x: 0, y: 0, width: 390, height: 143))
        #expect(collapsed.bar.bounds == Rect(x: 0, y: 0, width: 390, height: 91))
    }

    @Test func tiltCardTiltsWithRollAndPitch() throws {
        let doc = try loadExample("tilt-card.json")
        let g = try root(doc.scene(size: frameSize, background: .white, drivers: ["roll": 0.3, "pitch": -0.8, "time": 1]))
        let tilt = try #require(g.tilt)
        #expect(abs(tilt.degreesY - 6) < 1e-12)       // clamp(0.3, ±0.5)·20
        #expect(tilt.degreesX == -10)                 // clamp(−0.8, ±0.5)·20
        #expect(tilt.perspective == 0.5 && tilt.anchor == Point(195, 330))
        let shadow = try #require(g.shadow)
        #expect(abs(shadow.radius - 13.2) < 1e-12 && abs(shadow.offset.x - 2.4) < 1e-12 && abs(shadow.offset.y - -0.4) < 1e-12)
        #expect(g.clip == .roundedRect(Rect(x: 35, y: 230, width: 320, height: 200), cornerRadius: 20, style: .continuous))
        guard case .fill(_, .shader(let p)) = g.children[0], let u = p.program as? HolographicTextEffect else {
            Issue.record("no holographic fill"); return
        }
        #expect(u.roll == 0.3 && u.pitch == -0.8 && u.time == 1 && u.accentHue == 0.55)
        #expect(p.bounds == Rect(x: 35, y: 230, width: 320, height: 200))
    }

    @Test func keyframesExampleMovesAndSettles() throws {
        let doc = try loadExample("keyframes.json")
        func card(_ t: Double) throws -> Group {
            guard case .group(let g) = try root(doc.scene(size: frameSize, background: .white, drivers: ["time": t])).children[0]
            else { throw CancellationError() }
            return g
        }
        // easeInOut is symmetric, so halfway through (t = 0.6 of 1.2) it is exactly halfway.
        #expect(abs(try card(0.6).transform.tx - 115) < 1e-9)
        #expect(try card(0).transform.tx == 0 && card(2).transform.tx == 230)
        let g = try root(doc.scene(size: frameSize, background: .white, drivers: ["time": 2]))
        guard case .group(let ball) = g.children[1], case .group(let bar) = g.children[2] else { throw CancellationError() }
        // The spring settled on scale 1, about the circle's centre.
        #expect(ball.transform == .identity)
        #expect(abs(bar.opacity - 0.2) < 1e-12)
    }

    @Test func clipCardsComeInOneAfterAnother() throws {
        let doc = try loadExample("clip.json")
        // Each card: an offset group around an opacity group; card i starts 0.12 s after card i − 1.
        func cards(_ t: Double) throws -> [(dy: Double, opacity: Double)] {
            // The scroll view's clip (the layout root's views are top-level nodes), its scrolled group.
            let clip = try root(doc.scene(size: frameSize, background: .white, drivers: ["time": t]))
            guard case .group(let g) = clip.children[0] else { throw CancellationError() }
            return g.children.compactMap { node in
                guard case .group(let moved) = node, case .group(let faded) = moved.children.first else { return nil }
                return (moved.transform.ty, faded.opacity)
            }
        }
        #expect(try cards(0).map(\.opacity) == [0, 0, 0, 0])
        #expect(try cards(0).map(\.dy) == [24, 24, 24, 24])
        #expect(try cards(2).map(\.opacity) == [1, 1, 1, 1])
        #expect(try cards(2).map(\.dy) == [0, 0, 0, 0])
        let mid = try cards(0.5)
        #expect(mid[0].opacity > mid[1].opacity && mid[1].opacity > mid[2].opacity)
    }

    @Test func glowIsAGroupWithAnUnoffsetShadow() throws {
        let doc = try loadExample("glow-shadow.json")
        let g = try root(doc.scene(size: frameSize, background: .white, drivers: ["time": 0.25]))
        guard case .group(let glow) = g.children[1], case .group(let card) = g.children[2] else { throw CancellationError() }
        let shadow = try #require(glow.shadow)
        #expect(shadow.offset == .zero && abs(shadow.radius - 16) < 1e-4)
        #expect(shadow.color == Color(hex: 0x0A84FF, alpha: 0xCC / 255.0))
        #expect(card.shadow?.offset == Point(0, 8))
    }
}

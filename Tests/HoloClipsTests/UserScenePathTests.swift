// Path and symbol nodes in user scenes: what they decode to, and errors that name the property
// and, inside path data, the column.

import Foundation
import Testing
import HoloGeometry
import HoloScene
@testable import HoloClips

private func decode(_ text: String) throws -> UserScene {
    try UserScene.decode(try JSONValue.parse(text), driverNames: userSceneDriverNames, loadImage: { _ in throw CocoaError(.fileNoSuchFile) })
}

private func nodes(_ text: String, time: Double = 0) throws -> [Node] {
    try decode(text).scene(size: Size(100, 100), background: .white, drivers: ["time": time]).root
}

private func reason(_ text: String) -> String? {
    do { _ = try decode(text); return nil } catch { return "\(error)" }
}

@Suite struct UserScenePathTests {
    @Test func pathFillAndStyledStroke() throws {
        let root = try nodes(##"{"type": "path", "d": "M 10 10 L 90 10 L 50 90 Z", "fillRule": "evenOdd", "fill": "#FF0000", "stroke": {"paint": "#000000", "width": 2, "lineCap": "round", "lineJoin": "bevel", "miterLimit": 4, "dash": [3, 1, 0.5], "dashPhase": "time * 10"}}"##, time: 0.5)
        guard case .group(let g) = root.first, case .fill(.path(let p), .solid) = g.children[0],
              case .styledStroke(.path(let q), .solid, let style) = g.children[1] else { Issue.record("\(root)"); return }
        #expect(p == q && p.fillRule == .evenOdd)
        #expect(p.elements == [.move(to: Point(10, 10)), .line(to: Point(90, 10)), .line(to: Point(50, 90)), .closeSubpath])
        #expect(style == StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .bevel, miterLimit: 4, dash: [3, 1, 0.5], dashPhase: 5))
        // Without style keys a stroke stays the plain one every shape had.
        let plain = try nodes(##"{"type": "path", "d": "M0 0H9", "stroke": {"paint": "#000000", "width": 2}}"##)
        guard case .stroke(.path, _, 2) = plain.first else { Issue.record("\(plain)"); return }
        // A path is a shape everywhere a shape goes: a clip, a material's shape.
        let clipped = try nodes(##"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 9, "height": 9}, "fill": "#000000", "clip": {"type": "path", "d": "M0 0h5v5z"}}"##)
        guard case .group(let c) = clipped.first, case .path = c.clip else { Issue.record("\(clipped)"); return }
    }

    @Test func symbolNode() throws {
        let root = try nodes(##"{"type": "symbol", "name": "heart.fill", "size": 20, "weight": "semibold", "center": {"x": 50, "y": 40}, "fill": "#FF2D55"}"##)
        let expected = Symbol.node("heart.fill", size: 20, weight: .semibold, center: Point(50, 40),
                                   paint: .solid(Color(red: 1, green: 45.0 / 255, blue: 85.0 / 255)))
        #expect(root.first == expected)
        // Modifiers wrap the symbol's parts in one group that carries them.
        let faded = try nodes(##"{"type": "symbol", "name": "plus", "center": {"x": 50, "y": 40}, "opacity": 0.5}"##)
        guard case .group(let g) = faded.first else { Issue.record("\(faded)"); return }
        #expect(g.opacity == 0.5 && g.children.count == 1)
    }

    @Test func errorsNameThePropertyAndColumn() {
        #expect(reason(##"{"type": "path", "d": "M 10 10 L 90", "fill": "#000000"}"##)
                == "scene.d: column 13: expected a number (y of the point after \"L\"), found the end")
        #expect(reason(##"{"type": "path", "d": "", "fill": "#000000"}"##)?.hasPrefix("scene.d: empty") == true)
        #expect(reason(##"{"type": "path", "d": "M0 0", "fillRule": "winding", "fill": "#000000"}"##)?.hasPrefix("scene.fillRule:") == true)
        #expect(reason(##"{"type": "path", "d": "M0 0"}"##)?.contains("needs a \"fill\" or a \"stroke\"") == true)
        #expect(reason(##"{"type": "path", "d": "M0 0", "stroke": {"paint": "#000000", "width": 1, "dash": [2, -1]}}"##)
                == "scene.stroke.dash[1]: a dash length is 0…1000000 points, got -1")
        #expect(reason(##"{"type": "path", "d": "M0 0", "stroke": {"paint": "#000000", "width": 1, "dash": [0, 0]}}"##)
                == "scene.stroke.dash: a dash pattern needs a length above 0")
        #expect(reason(##"{"type": "path", "d": "M0 0", "stroke": {"paint": "#000000", "width": 1, "miterLimit": 0.5}}"##)?
                .hasPrefix("scene.stroke.miterLimit: miter limit 0.5 is outside 1…1000") == true)
        #expect(reason(##"{"type": "path", "d": "M0 0", "stroke": {"paint": "#000000", "width": 1, "lineCap": "flat"}}"##)?
                .hasPrefix("scene.stroke.lineCap:") == true)
        // The list is every symbol, sorted (it starts at "airplane" since issue 31's icons).
        #expect(reason(##"{"type": "symbol", "name": "heart.empty", "center": {"x": 0, "y": 0}}"##)?
                .hasPrefix("scene.name: unknown symbol \"heart.empty\"; symbols are \"\(Symbol.names[0])\", \"\(Symbol.names[1])\"") == true)
        #expect(reason(##"{"type": "symbol", "name": "heart", "weight": "hairline", "center": {"x": 0, "y": 0}}"##)?
                .hasPrefix("scene.weight: unknown weight \"hairline\"") == true)
        #expect(reason(##"{"type": "symbol", "name": "heart"}"##)?.hasPrefix("scene.center:") == true)
    }
}

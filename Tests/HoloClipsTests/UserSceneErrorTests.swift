// Bad documents: every message names the node path and the property, and says what was wrong.

import Foundation
import Testing
import HoloGeometry
import HoloScene
@testable import HoloClips

private func decodeJSON(_ text: String, loadImage: (String) throws -> ImageData = { _ in throw CocoaError(.fileNoSuchFile) }) throws -> UserScene {
    try UserScene.decode(try JSONValue.parse(text), driverNames: userSceneDriverNames, loadImage: loadImage)
}

private func expectError(_ text: String, path: String, reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try decodeJSON(text)
        Issue.record("decoded without an error", sourceLocation: sourceLocation)
    } catch let e as UserSceneError {
        #expect(e.path == path, sourceLocation: sourceLocation)
        #expect(e.reason.contains(reason), "\(e)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
}

private let rect = ##"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "fill": "#FFFFFF"}"##

@Suite struct UserSceneErrorTests {
    @Test func wrongTypeNamesPathAndProperty() throws {
        let text = ##"{"type": "group", "children": [\##(rect), \##(rect), {"type": "rect", "frame": {"x": 0, "y": 0, "width": true, "height": 10}, "fill": "#000000"}]}"##
        do { _ = try decodeJSON(text); Issue.record("decoded") } catch let e as UserSceneError {
            #expect(e.description == "scene.children[2].frame.width: expected a number, an expression string or keyframes, got true")
        }
    }

    @Test func numbersOneAndZeroAreNotBooleans() throws {
        let doc = try decodeJSON(##"{"type": "rect", "frame": {"x": 0, "y": 1, "width": 1, "height": 0}, "opacity": 1, "fill": {"r": 1, "g": 0, "b": 0}}"##)
        guard case .group(let g) = doc.scene(size: Size(10, 10), background: .white, drivers: [:]).root[0],
              case .fill(.rect(let r), .solid(let c)) = g.children[0] else { Issue.record("unexpected scene"); return }
        #expect(r == Rect(x: 0, y: 1, width: 1, height: 0) && c == Color(red: 1, green: 0, blue: 0) && g.opacity == 1)
    }

    @Test func unknownPropertyIsNamed() {
        expectError(##"{"type": "group", "children": [{"type": "rect", "frame": {"width": 1, "height": 1}, "fill": "#000000", "colour": "#FF0000"}]}"##,
                    path: "scene.children[0].colour", reason: "unknown property of a rect node")
        expectError(##"{"type": "group", "children": [], "shadow": {"radius": 2, "blur": 3}}"##,
                    path: "scene.shadow.blur", reason: "unknown property of a shadow")
        // A glow's shadow is the glow itself.
        expectError(##"{"type": "glow", "color": "#FFFFFF", "radius": 4, "shadow": {"radius": 2}}"##,
                    path: "scene.shadow", reason: "unknown property of a glow node")
    }

    @Test func unknownNodeTypeIsNamed() {
        expectError(##"{"type": "group", "children": [\##(rect), {"type": "triangle"}]}"##,
                    path: "scene.children[1].type", reason: "unknown node type \"triangle\"")
        expectError(##"{"type": "material", "shape": {"type": "star"}}"##, path: "scene.shape.type", reason: "unknown shape type \"star\"")
    }

    @Test func nanAndInfinityAreRefused() throws {
        // JSON5 admits the literals; the scene refuses them by path.
        expectError(##"{"type": "group", "children": [{"type": "roundedRect", "frame": {"width": 10, "height": 10}, "cornerRadius": NaN, "fill": "#000000"}]}"##,
                    path: "scene.children[0].cornerRadius", reason: "expected a finite number, got NaN")
        expectError(##"{"type": "rect", "frame": {"width": -Infinity, "height": 1}, "fill": "#000000"}"##,
                    path: "scene.frame.width", reason: "expected a finite number, got -Infinity")
        // 1e400 is beyond Double: it reads as infinity, and is refused the same way.
        expectError(##"{"type": "rect", "frame": {"width": 1e400, "height": 1}, "fill": "#000000"}"##,
                    path: "scene.frame.width", reason: "finite")
        expectError(##"{"type": "rect", "frame": {"width": 1, "height": true}, "fill": "#000000"}"##,
                    path: "scene.frame.height", reason: "expected a number, an expression string or keyframes, got true")
    }

    @Test func outOfOrderKeyframesAreRefused() {
        expectError(##"{"type": "group", "children": [{"type": "rect", "frame": {"width": 1, "height": 1}, "fill": "#000000", "opacity": {"keyframes": [{"time": 0, "value": 0}, {"time": 1.2, "value": 1}, {"time": 0.5, "value": 0}]}}]}"##,
                    path: "scene.children[0].opacity.keyframes[2].time", reason: "keyframe times must increase; 0.5 follows 1.2")
        expectError(##"{"type": "group", "children": [], "opacity": {"keyframes": [{"time": 1, "value": 0}, {"time": 1, "value": 1}]}}"##,
                    path: "scene.opacity.keyframes[1].time", reason: "must increase")
        expectError(##"{"type": "group", "children": [], "opacity": {"keyframes": [{"time": 0, "value": 0}, {"time": 1, "value": 1, "curve": "bounce"}]}}"##,
                    path: "scene.opacity.keyframes[1].curve", reason: "expected one of \"linear\"")
        expectError(##"{"type": "group", "children": [], "opacity": {"driver": "wind", "keyframes": [{"time": 0, "value": 0}]}}"##,
                    path: "scene.opacity.driver", reason: "unknown driver 'wind'")
    }

    @Test func expressionErrorsCarryPathAndColumn() {
        expectError(##"{"type": "rect", "frame": {"x": "scrol / 2", "width": 1, "height": 1}, "fill": "#000000"}"##,
                    path: "scene.frame.x", reason: "column 1: unknown driver 'scrol'")
        expectError(##"{"type": "rect", "frame": {"width": "clamp(time, 0)", "height": 1}, "fill": "#000000"}"##,
                    path: "scene.frame.width", reason: "column 1: clamp takes 3 arguments")
        expectError(##"{"type": "text", "string": "Hi", "fontSize": "17 +"}"##,
                    path: "scene.fontSize", reason: "column 5: expected a number")
    }

    @Test func missingAndMalformedFields() {
        expectError(##"{"type": "group", "children": [{"type": "rect", "fill": "#000000"}]}"##,
                    path: "scene.children[0].frame", reason: "missing")
        expectError(##"{"type": "group"}"##, path: "scene.children", reason: "missing")
        expectError(##"{"children": []}"##, path: "scene.type", reason: "missing")
        expectError(##"{"type": "rect", "frame": {"width": 1, "height": 1}}"##, path: "scene.fill", reason: "needs a \"fill\" or a \"stroke\"")
        expectError(##"{"type": "rect", "frame": {"width": 1, "height": 1}, "fill": "#12345"}"##, path: "scene.fill", reason: "\"#RRGGBB\"")
        // A family must be installed; the error names it (issue 31).
        expectError(##"{"type": "text", "string": "Hi", "family": "No Such Family Holo"}"##, path: "scene.family",
                    reason: "font family \"No Such Family Holo\" is not installed")
        expectError(##"{"type": "text", "string": "Hi", "weight": "heavy"}"##, path: "scene.weight", reason: "expected one of \"regular\", \"medium\", \"semibold\", \"bold\"")
        expectError(##"{"type": "circle", "center": {"x": 0, "y": 0}, "fill": "#000000"}"##, path: "scene.radius", reason: "missing")
        expectError(##"{"type": "rect", "frame": {"width": 1, "height": 1}, "fill": {"linearGradient": {"stops": ["#000000"], "start": {"x": 0, "y": 0}, "end": {"x": 1, "y": 0}}}}"##,
                    path: "scene.fill.linearGradient.stops", reason: "at least 2 stops")
        expectError(##"{"type": "shaderFill", "shader": "anyDistance", "pitch": 1, "shape": {"type": "rect", "frame": {"width": 1, "height": 1}}}"##,
                    path: "scene.pitch", reason: "unknown property of a shaderFill node")
        expectError(##"[\##(rect), 3]"##, path: "scene[1]", reason: "expected node (an object with a \"type\"), got 3")
    }

    @Test func imagesComeFromTheHostLoader() throws {
        let pixels = ImageData(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        var asked: [String] = []
        let doc = try decodeJSON(##"{"type": "image", "path": "art/card.png"}"##, loadImage: { asked.append($0); return pixels })
        #expect(asked == ["art/card.png"])
        #expect(doc.scene(size: Size(2, 1), background: .clear, drivers: [:]).root == [.image(pixels, frame: Rect(x: 0, y: 0, width: 2, height: 1))])
        expectError(##"{"type": "image", "path": "missing.png"}"##, path: "scene.path", reason: "cannot load image \"missing.png\"")
    }

    @Test func nonFiniteValuesAtRuntimeDrawAsZero() throws {
        let doc = try decodeJSON(##"{"type": "rect", "frame": {"x": "1 / (time - time)", "width": 4, "height": 4}, "fill": "#000000"}"##)
        #expect(doc.scene(size: Size(4, 4), background: .clear, drivers: ["time": 1]).root == [.fill(.rect(Rect(x: 0, y: 0, width: 4, height: 4)), .solid(.black))])
    }
}

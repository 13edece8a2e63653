// Issue 17, class 2: every number that becomes a size or a pixel position is held to SceneLimits:
// a constant beyond it is refused at load with the limit named; a computed value is clamped per frame.

import Foundation
import Testing
import HoloGeometry
import HoloScene
@testable import HoloClips

private func scene(_ text: String) throws -> UserScene {
    try UserScene.decode(try JSONValue.parse(text), driverNames: CustomDesign.driverNames,
                         loadImage: { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) })
}

private let rect = #"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "fill": {"r": 1, "g": 0, "b": 0}"#

@Suite struct SceneLimitTests {
    @Test func aSceneOfTooMuchExpressionTextIsRefusedBeforeItIsAllParsed() throws {
        // 600 expressions of 1,979 characters: over the million a document may hold.
        let long = Array(repeating: "0.001", count: 330).joined(separator: "+")
        let nodes = Array(repeating: ##"{"type": "rect", "frame": {"x": "\##(long)", "y": 0, "width": 10, "height": 10}, "fill": "#FF0000"}"##, count: 600)
        do {
            _ = try scene(#"{"type": "group", "children": [\#(nodes.joined(separator: ","))]}"#)
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("more than 1000000 characters"), "\(error)")
        }
        // Half of it loads.
        _ = try scene(#"{"type": "group", "children": [\#(nodes.prefix(300).joined(separator: ","))]}"#)
    }

    @Test(arguments: [
        (rect + #", "blur": 201}"#, "blur radius 201.0 is outside 0.0…200.0"),
        (rect + #", "shadow": {"radius": 1000}}"#, "shadow radius"),
        (rect + #", "shadow": {"radius": 1, "x": 5000}}"#, "shadow offset"),
        (#"{"type": "glow", "color": {"r": 1, "g": 1, "b": 1}, "radius": 300, "children": []}"#, "glow radius"),
        (#"{"type": "text", "string": "A", "fontSize": 3000}"#, "font size 3000.0 is outside 0.0…500.0"),
        (#"{"type": "text", "string": "A", "x": 1e19}"#, "beyond the largest value a scene takes"),
        (rect + #", "blur": 1e9}"#, "beyond the largest value a scene takes"),
        (rect + #", "opacity": {"keyframes": [{"time": 0, "value": 1e300}]}}"#, "beyond the largest value"),
    ])
    func constantsBeyondTheLimitsAreRefused(_ text: String, _ expected: String) {
        do { _ = try scene(text); Issue.record("accepted \(text)") } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func computedValuesAreClampedPerFrame() throws {
        let doc = try scene(#"{"type": "group", "blur": "scroll * 1e9", "shadow": {"radius": "scroll * 1e9", "x": "-scroll * 1e9", "y": "scroll"}, "# +
                            #""children": [{"type": "text", "string": "A", "fontSize": "scroll * 1e9", "x": "scroll * 1e300", "y": 0}]}"#)
        let built = doc.scene(size: Size(100, 100), background: .white, drivers: ["scroll": 1e6])
        guard case .group(let g) = built.root[0], case .text(let run, _) = g.children[0] else { Issue.record("unexpected scene"); return }
        #expect(g.blur == SceneLimits.blurRadius.upperBound)
        #expect(g.shadow?.radius == SceneLimits.shadowRadius.upperBound)
        #expect(g.shadow?.offset.x == SceneLimits.shadowOffset.lowerBound)
        #expect(run.font.size == SceneLimits.fontSize.upperBound)
        #expect(run.origin.x == SceneLimits.coordinate.upperBound)
        // Not finite (0 · ∞) is 0, not NaN.
        let nan = doc.scene(size: Size(100, 100), background: .white, drivers: ["scroll": .nan])
        guard case .group(let n) = nan.root[0] else { return }
        #expect(n.blur == 0)
    }

    @Test func expressionsHaveALengthAndAnOperationLimit() {
        let long = Array(repeating: "time", count: 100_000).joined(separator: "+")
        #expect(throws: ExpressionError.self) { try SceneExpression(long, driverNames: ["time"]) }
        do { _ = try SceneExpression(long, driverNames: ["time"]) } catch {
            #expect(error.message.contains("longest accepted is \(ExpressionParser.maximumLength)"))
        }
        // Within the length, but more operations than allowed: "1+1+…" is 2 characters a term.
        let many = Array(repeating: "1", count: 1_000).joined(separator: "+")
        #expect(many.count <= ExpressionParser.maximumLength)
        do { _ = try SceneExpression(many, driverNames: []); Issue.record("accepted") } catch {
            #expect(error.message.contains("most accepted is \(ExpressionParser.maximumNodes)"))
        }
        // Just within both limits, it parses and evaluates.
        let fits = Array(repeating: "1", count: 500).joined(separator: "+")
        let parsed = try? SceneExpression(fits, driverNames: [])
        #expect(parsed?.evaluate([:]) == 500)
    }
}

// A text node's paragraph keys (issue 31): "width" wraps, "lineLimit", "lineSpacing" and
// "minimumScaleFactor" as SwiftUI's modifiers; bad values are refused with the node's path.

import Testing
import HoloGeometry
import HoloScene
@testable import HoloClips

private func run(_ text: String, drivers: [String: Double] = ["time": 0]) throws -> TextRun {
    let doc = try UserScene.decode(try JSONValue.parse(#"{"type": "group", "children": [\#(text)]}"#), driverNames: CustomDesign.driverNames,
                                   loadImage: { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) })
    let built = doc.scene(size: Size(390, 844), background: .white, drivers: drivers)
    guard case .group(let g) = built.root[0], case .text(let run, _) = g.children[0] else { throw UserSceneError(path: "", reason: "unexpected scene") }
    return run
}

@Suite struct UserSceneTextWrappingTests {
    @Test func keysBecomeTheRunsParagraphFields() throws {
        let r = try run(#"{"type": "text", "string": "A B", "width": "100 + 50 * time", "lineLimit": 3, "lineSpacing": 4, "minimumScaleFactor": 0.5}"#,
                        drivers: ["time": 1])
        #expect(r.wrapWidth == 150 && r.lineLimit == 3 && r.lineSpacing == 4 && r.minimumScaleFactor == 0.5)
        #expect(r.isParagraph && r.maxWidth == nil)
        // Without them: one line, as before.
        let plain = try run(#"{"type": "text", "string": "A B"}"#)
        #expect(plain.wrapWidth == nil && plain.lineLimit == nil && plain.lineSpacing == 0 && plain.minimumScaleFactor == 1)
        #expect(!plain.isParagraph)
        // A computed width is held to the limits.
        #expect(try run(#"{"type": "text", "string": "A", "width": "-5 * time"}"#, drivers: ["time": 1]).wrapWidth == 0)
    }

    @Test(arguments: [
        (#"{"type": "text", "string": "A", "width": -1}"#, "scene.children[0].width: text width -1.0 is outside"),
        (#"{"type": "text", "string": "A", "width": "wide"}"#, "scene.children[0].width"),
        (#"{"type": "text", "string": "A", "lineLimit": 0}"#, "scene.children[0].lineLimit: a line limit is at least 1, got 0"),
        (#"{"type": "text", "string": "A", "lineLimit": 1.5}"#, "scene.children[0].lineLimit: expected a whole number"),
        (#"{"type": "text", "string": "A", "lineSpacing": -2}"#, "scene.children[0].lineSpacing: line spacing -2.0 is outside"),
        (#"{"type": "text", "string": "A", "minimumScaleFactor": 0}"#, "scene.children[0].minimumScaleFactor: a minimum scale factor is more than 0 and at most 1, got 0"),
        (#"{"type": "text", "string": "A", "minimumScaleFactor": 1.5}"#, "scene.children[0].minimumScaleFactor"),
        (#"{"type": "text", "string": "A", "lineLimits": 2}"#, "lineLimits"),
    ])
    func badValuesAreRefusedWithTheirPath(_ text: String, _ expected: String) {
        do { _ = try run(text); Issue.record("accepted \(text)") } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }
}

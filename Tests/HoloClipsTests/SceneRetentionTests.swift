// Issue 28: a user's group is a retained layer when the compositor can keep it — an "id" given,
// or an offset that moves — and a scrolled one (its offset reads `scroll`) is snapped to device
// pixels. Nothing else is: a still group stays an ordinary group.

import Foundation
import Testing
import HoloGeometry
import HoloScene
@testable import HoloClips

private func group(_ modifiers: String) throws -> Group {
    let text = #"{"type": "group", "# + modifiers + #""children": [{"type": "rect", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "fill": {"r": 1, "g": 0, "b": 0}}]}"#
    let doc = try UserScene.decode(try JSONValue.parse(text), driverNames: CustomDesign.driverNames,
                                   loadImage: { _ in ImageData(width: 1, height: 1, pixels: [0, 0, 0, 0]) })
    let built = doc.scene(size: Size(100, 100), background: .white, drivers: ["scroll": 12.4, "time": 0.5])
    guard case .group(let g) = built.root[0] else { Issue.record("root is not a group"); throw CancellationError() }
    return g
}

@Suite struct SceneRetentionTests {
    @Test func groupsThatMoveOrAreKeyedAreRetainedAndScrolledOnesSnap() throws {
        #expect(try group(#""offset": {"x": 0, "y": "-scroll"}, "#).retention == .scrolled())
        #expect(try group(#""offset": {"x": "20 * time", "y": 0}, "#).retention == Retention(id: nil, scrolls: false))
        #expect(try group(#""id": "card-3", "#).retention == Retention(id: "card-3", scrolls: false))
        #expect(try group(#""id": "list", "offset": {"x": 0, "y": "-scroll"}, "#).retention == .scrolled(id: "list"))
        #expect(try group(#""offset": {"x": 0, "y": 40}, "#).retention == nil)
        #expect(try group("").retention == nil)
        // The scrolled group lands on whole pixels at 3×: −12.4 pt is −37.2 px → −37 px.
        let scrolled = try group(#""offset": {"x": 0, "y": "-scroll"}, "#)
        #expect(scrolled.placement(under: .scale(3, 3)).ty == -37)
    }

    @Test func anIdMustBeAString() {
        #expect(throws: (any Error).self) { try group(#""id": 7, "#) }
    }
}

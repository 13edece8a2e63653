// The flowing title and the accessory never cross: in every frame of the horizontal built-ins the
// title's box (its line, as wide as the nav layout's calibrated estimate, scaled) and the
// accessory's box (64 pt, scaled) do not overlap, fast scrolls included. On one progress
// (before FlowingTokens.horizontalLead) frames 67–103 of `flowing` overlapped by up to 16 pt.

import Foundation
import Testing
import HoloDevices
import HoloGeometry
import HoloMotion
@testable import HoloClips

private struct PathFrame: Decodable {
    struct XY: Decodable { var x, y: Double }
    struct WH: Decodable { var width, height: Double }
    var frame: Int
    var progress, titleScale: Double
    var titleCenter: XY
    var accessoryCenter: XY?
    var accessoryScale: WH?
}

@Suite struct FlowingPathTests {
    @Test(arguments: ["flowing", "flowing-nearest", "flowing-none"])
    func titleNeverOverlapsTheAccessory(name: String) throws {
        let spec = try #require(ClipCatalog.named(name)).defaults()
        let clip = try ClipCatalog.clip(for: spec)
        let source = clip.frames()
        var config = FlowingConfiguration()
        try config.apply(variant: spec.variant)
        let page = FlowingPage(size: spec.device.size, configuration: config)
        #expect(page.lead == FlowingTokens.horizontalLead)
        var inFlight = 0
        for k in 0..<clip.frameCount {
            let f = try JSONDecoder().decode(PathFrame.self, from: Data(source.frame(k).stateJSON.utf8))
            let a = try #require(f.accessoryCenter), s = try #require(f.accessoryScale)
            // The title's measured width.
            let width = page.sourceTitleWidth * f.titleScale
            let height = page.sourceTitleLineHeight * f.titleScale
            let titleBox = Rect(x: f.titleCenter.x - width / 2, y: f.titleCenter.y - height / 2, width: width, height: height)
            let side = FlowingTokens.accessorySize
            let iconBox = Rect(x: a.x - side * s.width / 2, y: a.y - side * s.height / 2, width: side * s.width, height: side * s.height)
            let o = titleBox.intersection(iconBox)
            #expect(o.isEmpty || o.width * o.height < 0.01, "frame \(k) (p \(f.progress)): title \(titleBox) over icon \(iconBox)")
            if f.progress > 0.3 && f.progress < 0.95 { inFlight += 1 }
        }
        #expect(inFlight > 5)   // the clip does pass through the range where they used to cross
    }

    @Test func leadRunsAheadThenHolds() {
        #expect(FlowingMath.lead(0, by: 2) == 0)
        #expect(FlowingMath.lead(0.3, by: 2) == 0.6)
        #expect(FlowingMath.lead(0.7, by: 2) == 1)
        #expect(FlowingMath.lead(1.02, by: 2) == 1.02)   // a spring's overshoot is kept
        let c = FlowingMath.center(from: Point(0, 0), to: Point(10, 20), xProgress: 1, yProgress: 0.25)
        #expect(c.x == 10 && c.y == 5)
        // Vertical and title-only layouts keep the design's single progress (docs/designs.md, Flowing header).
        let size = Device.iPhone12.size
        #expect(FlowingPage(size: size, configuration: FlowingConfiguration(layout: .vertical)).lead == 1)
        #expect(FlowingPage(size: size, configuration: FlowingConfiguration(displays: [.title])).lead == 1)
    }
}

// swift-snapshot-testing with Holoframe's strategies: references in __Snapshots__/ beside this
// file (recorded once with SNAPSHOT_TESTING_RECORD=missing and looked at), and the diffing's
// verdicts on images that differ.

import Foundation
import HoloframeSnapshotTesting
import Holoframe
import SnapshotTesting
import Testing

/// A dot sliding right over a bar: 40×30 pt, 30 fps, 8 frames.
struct SlidingDot: ClipSimulation {
    struct State: Encodable { var x: Double }
    mutating func advance(to time: Double) -> State { State(x: 8 + 90 * time) }
    func scene(for state: State) -> Scene {
        Scene(size: Size(40, 30), background: Color(white: 0.96), root: [
            .fill(.roundedRect(Rect(x: 2, y: 2, width: 36, height: 8), cornerRadius: 4, style: .continuous),
                  .solid(Color(hex: 0x5856D6))),
            .fill(.circle(center: Point(state.x, 20), radius: 6), .solid(Color(hex: 0x007AFF))),
        ])
    }
    static let clip = Clip(name: "sliding-dot", size: Size(40, 30), scale: 1, fps: 30, frameCount: 8) { SlidingDot() }
}

@Suite struct SnapshotStrategyTests {
    @Test func oneFrame() {
        assertSnapshot(of: SlidingDot.clip, as: .frame(4))
    }

    @Test func severalFramesAsOneContactSheet() {
        assertSnapshot(of: SlidingDot.clip, as: .frames([0, 3, 7], columns: 3))
    }

    @Test func severalFramesOneFileEach() {
        assertSnapshots(of: SlidingDot.clip, as: .eachFrame([0, 7]))
    }

    @Test func aBuiltInClipAtSmallScale() throws {
        let clip = try ClipResolver.resolve("waveform", overrides: ClipOverrides(device: "iphone-se", scale: 0.25))
        assertSnapshot(of: clip, as: .frame(60))
    }

    @Test func diffingIsHoloframesComparison() throws {
        let diffing = Diffing<Canvas>.holoframePNG()
        let renderer = SceneRenderer(fonts: .shared)
        let a = try renderer.render(SlidingDot().scene(for: .init(x: 10)), scale: 1)
        let b = try renderer.render(SlidingDot().scene(for: .init(x: 12)), scale: 1)
        // Round trip through the stored form keeps every byte.
        #expect(diffing.fromData(diffing.toData(a)).bytes == a.bytes)
        #expect(diffing.diffV2(a, a) == nil)
        let (message, attachments) = try #require(diffing.diffV2(a, b))
        let expected = ImageComparison.compare(expected: a, actual: b)
        #expect(message.hasPrefix("Holoframe: \(expected.summary)"))
        #expect(attachments.count == 3)
        let path = try #require(message.split(separator: "\n").last?.split(separator: " ").last.map(String.init))
        let diff = try PNG.read(contentsOf: path)
        #expect(diff.bytes == expected.diffImage?.bytes)
        // A tolerance that allows exactly those pixels passes; one fewer does not.
        #expect(Diffing<Canvas>.holoframePNG(tolerance: Tolerance(maxDifferingPixels: expected.differingPixels)).diffV2(a, b) == nil)
        #expect(Diffing<Canvas>.holoframePNG(tolerance: Tolerance(maxDifferingPixels: expected.differingPixels - 1)).diffV2(a, b) != nil)
        // A reference that is not a PNG is a size mismatch, not a crash.
        #expect(diffing.diffV2(diffing.fromData(Data("not a png".utf8)), a)?.0.contains("size mismatch") == true)
    }
}

// One implementation for JSON and Swift: examples/activity-list.json and the same screen written
// with this module's views (ActivityList.swift) draw byte-identical frames, light, dark and at
// accessibility3, because both become the same view specs and go through the same layout and drawing.

import Foundation
import HoloframeUI
import Testing

private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples")

@Suite struct SameScreenTests {
    /// Frame 0 (the list at rest) of a clip, at 1x.
    static func pixels(_ clip: Clip) throws -> [UInt8] {
        let scene = clip.frames().frame(0, fps: clip.fps).scene
        return try SceneRenderer(fonts: .shared).render(scene, scale: 1).bytes
    }

    static func swiftClip(_ environment: ClipEnvironment, _ view: ActivityList = ActivityList()) -> Clip {
        Clip.view(name: "activity-list", device: .iPhone12, duration: 1, environment: environment,
                  background: .systemGroupedBackground) { _ in view }
    }

    @Test(arguments: [
        ("activity-list.json", ClipEnvironment()),
        ("activity-list-dark.json", ClipEnvironment(colorScheme: .dark)),
        ("activity-list-accessibility3.json", ClipEnvironment(dynamicTypeSize: .accessibility3)),
    ])
    func swiftViewsDrawTheClipFilesBytes(file: String, environment: ClipEnvironment) throws {
        let json = try ClipResolver.resolve(examples.appendingPathComponent(file).path)
        let fromJSON = json.frames().frame(0, fps: json.fps).scene
        let fromSwift = Self.swiftClip(environment).frames().frame(0, fps: 60).scene
        #expect(fromSwift == fromJSON)
        let a = try Self.pixels(json), b = try Self.pixels(Self.swiftClip(environment))
        #expect(a.count == 390 * 844 * 4)
        #expect(a == b)
    }

    /// The comparison sees a one-point difference.
    @Test func aDifferentScreenDrawsDifferentBytes() throws {
        let json = try ClipResolver.resolve(examples.appendingPathComponent("activity-list.json").path)
        let moved = Self.swiftClip(ClipEnvironment(), ActivityList(titleTopPadding: 5))
        #expect(try Self.pixels(json) != Self.pixels(moved))
    }
}

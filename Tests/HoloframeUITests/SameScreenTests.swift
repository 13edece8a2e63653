// One implementation for JSON and Swift: examples/activity-list.json and examples/settings-list.json
// and the same screens written with this module's views (ActivityList.swift, SettingsScreen.swift)
// draw byte-identical frames (light, dark and at accessibility3 for the list), because both become
// the same view specs and go through the same layout, components and drawing.

import Foundation
import HoloframeUI
import Testing

private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples")

@Suite struct SameScreenTests {
    /// Frame 0 (the list at rest) of a clip, at 1x.
    static func pixels(_ clip: Clip) throws -> [UInt8] {
        let scene = clip.frames().frame(0).scene
        return try SceneRenderer(fonts: .shared).render(scene, scale: 1).bytes
    }

    static func swiftClip<V: View & Sendable>(_ environment: ClipEnvironment, _ view: V = ActivityList()) -> Clip {
        Clip.view(name: "screen", device: .iPhone12, duration: 1, environment: environment,
                  background: .systemGroupedBackground) { _ in view }
    }

    @Test(arguments: [
        ("activity-list.json", ClipEnvironment()),
        ("activity-list-dark.json", ClipEnvironment(colorScheme: .dark)),
        ("activity-list-accessibility3.json", ClipEnvironment(dynamicTypeSize: .accessibility3)),
    ])
    func swiftViewsDrawTheClipFilesBytes(file: String, environment: ClipEnvironment) throws {
        let json = try ClipResolver.resolve(examples.appendingPathComponent(file).path)
        let fromJSON = json.frames().frame(0).scene
        let fromSwift = Self.swiftClip(environment).frames().frame(0).scene
        #expect(fromSwift == fromJSON)
        let a = try Self.pixels(json), b = try Self.pixels(Self.swiftClip(environment))
        #expect(a.count == 390 * 844 * 4)
        #expect(a == b)
    }

    /// A tab view of navigation stacks, a grouped list of labels, sections with headers and footers.
    @Test func componentsDrawTheClipFilesBytes() throws {
        let json = try ClipResolver.resolve(examples.appendingPathComponent("settings-list.json").path)
        let swift = Self.swiftClip(ClipEnvironment(), SettingsScreen())
        #expect(swift.frames().frame(0).scene == json.frames().frame(0).scene)
        #expect(try Self.pixels(json) == Self.pixels(swift))
        // The other tab selected draws the profile, as the file does after its tap at 2.6 s.
        #expect(try Self.pixels(Self.swiftClip(ClipEnvironment(), SettingsScreen(tab: "profile"))) != Self.pixels(swift))
    }

    /// The comparison sees a one-point difference.
    @Test func aDifferentScreenDrawsDifferentBytes() throws {
        let json = try ClipResolver.resolve(examples.appendingPathComponent("activity-list.json").path)
        let moved = Self.swiftClip(ClipEnvironment(), ActivityList(spacing: 13))
        #expect(try Self.pixels(json) != Self.pixels(moved))
    }
}

// Layout-built clips as the CLI and the studio resolve them: a clip that extends another, and the
// device and environment overrides (--device, the studio's switches) laying the screen out again.

import Foundation
import Testing
import HoloMotion
import HoloGeometry
import HoloText
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples").path

@Suite struct LayoutClipTests {
    private func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "layout-clip-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aClipThatExtendsAnotherTakesItsFieldsAndOverridesSome() throws {
        let dark = try ClipResolver.spec(for: examples + "/activity-list-dark.json")
        let light = try ClipResolver.spec(for: examples + "/activity-list.json")
        #expect(dark.environment.colorScheme == .dark && light.environment.colorScheme == .light)
        #expect(dark.scene == light.scene && dark.duration == light.duration && dark.variant == light.variant)
        // The frames differ only by what the environment changes: another colour scheme, other bytes.
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        let d = try pipeline.renderFrame(0, of: try ClipResolver.resolve(examples + "/activity-list-dark.json", overrides: ClipOverrides(scale: 0.25)))
        let l = try pipeline.renderFrame(0, of: try ClipResolver.resolve(examples + "/activity-list.json", overrides: ClipOverrides(scale: 0.25)))
        #expect(d.bytes != l.bytes)
    }

    @Test func extendsErrorsNameTheFileAndTheProblem() throws {
        let dir = try folder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"extends": "b.json"}"#.write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
        try #"{"extends": "a.json"}"#.write(toFile: dir + "/b.json", atomically: true, encoding: .utf8)
        #expect { try ClipResolver.spec(for: dir + "/a.json") } throws: { "\($0)".contains("cycle") }
        try #"{"extends": "missing.json"}"#.write(toFile: dir + "/c.json", atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try ClipResolver.spec(for: dir + "/c.json") }
        try #"{"extends": 3}"#.write(toFile: dir + "/d.json", atomically: true, encoding: .utf8)
        #expect { try ClipResolver.spec(for: dir + "/d.json") } throws: { "\($0)".contains("extends") }
        // environment merges member by member: the base's dynamicTypeSize stays under a colorScheme.
        try #"{"design": "custom", "duration": 1, "environment": {"dynamicTypeSize": "xLarge"}, "scene": {"type": "vstack", "children": []}}"#
            .write(toFile: dir + "/base.json", atomically: true, encoding: .utf8)
        try #"{"extends": "base.json", "environment": {"colorScheme": "dark"}}"#.write(toFile: dir + "/e.json", atomically: true, encoding: .utf8)
        let e = try ClipResolver.spec(for: dir + "/e.json")
        #expect(e.environment.colorScheme == .dark && e.environment.dynamicTypeSize == .xLarge)
    }

    @Test func theStudiosDynamicTypeSwitchAndDeviceLayTheSceneOutAgain() throws {
        // Before layout a custom scene ignored dynamicTypeSize (byte-identical frames): now the text grows.
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        func frame(_ overrides: ClipOverrides) throws -> [UInt8] {
            try pipeline.renderFrame(0, of: try ClipResolver.resolve(examples + "/clip.json", overrides: overrides)).bytes
        }
        var large = ClipOverrides(scale: 0.25), ax3 = ClipOverrides(scale: 0.25)
        large.environment = ClipEnvironment(dynamicTypeSize: .large)
        ax3.environment = ClipEnvironment(dynamicTypeSize: .accessibility3)
        #expect(try frame(large) != frame(ax3))
        let se = try ClipResolver.resolve(examples + "/clip.json", overrides: ClipOverrides(device: "iphone-se", scale: 0.25))
        #expect(se.size == Size(375, 667))
    }
}

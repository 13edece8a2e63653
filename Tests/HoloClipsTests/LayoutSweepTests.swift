// Every example built with layout, on every device preset in portrait and landscape, at every
// Dynamic Type size from xSmall to accessibility5 (light; dark at the default size, whose layout
// must not differ): no text leaves the screen, and no text run overlaps another.
//
// Checked on layout's frames (each text's frame is where its lines are set: layout hands the
// renderer the width it wrapped in), per layout root. Not checked, on purpose: text of one root
// against another's (a bar's title over the scrolled list is under the bar's material) and text
// inside a zstack or an overlay against its siblings (layered on purpose). Scroll content is
// checked across the screen's width, and down the content rather than the screen.

import Foundation
import Testing
import HoloDevices
import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene
@testable import HoloClips

private let examplesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples")

/// The examples whose scene holds a layout container.
let layoutExamples: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: examplesFolder.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted().filter { file in
        guard let text = try? String(contentsOf: examplesFolder.appendingPathComponent(file), encoding: .utf8) else { return false }
        return ["\"vstack\"", "\"hstack\"", "\"zstack\"", "\"scrollView\""].contains { text.contains($0) } && !text.contains("\"extends\"")
    }
}()

func environment(_ device: Device, _ type: DynamicTypeSize, _ scheme: ColorScheme) -> ViewEnvironment {
    ViewEnvironment(layout: LayoutEnvironment(screen: device.size, safeArea: device.screen.safeArea, displayScale: device.scale),
                    dynamicTypeSize: type, colorScheme: scheme)
}

func decodeExample(_ file: String, _ env: ViewEnvironment) throws -> UserScene {
    let data = try Data(contentsOf: examplesFolder.appendingPathComponent(file))
    guard case .object(let clip) = try JSONValue.parse(Array(data)) else { throw JSONFieldError(path: file, reason: "not an object") }
    return try UserScene.decode(try #require(clip["scene"]), driverNames: CustomDesign.driverNames, colorScheme: env.colorScheme,
                                environment: env, loadImage: { _ in ImageData(width: 10, height: 10, pixels: .init(repeating: 255, count: 400)) })
}

/// Text ids under a zstack or an overlay (checked against nothing: layered on purpose).
func layeredTextIDs(_ v: ViewSpec, layered: Bool = false) -> Set<Int> {
    var out: Set<Int> = []
    if layered, case .text = v.kind { out.insert(v.id) }
    switch v.kind {
    case .stack(_, _, _, let children): for c in children { out.formUnion(layeredTextIDs(c, layered: layered)) }
    case .zstack(_, let children): for c in children { out.formUnion(layeredTextIDs(c, layered: true)) }
    case .scrollView(let c): out.formUnion(layeredTextIDs(c, layered: layered))
    default: break
    }
    for m in v.modifiers {
        if case .overlay(let o, _) = m { out.formUnion(layeredTextIDs(o, layered: true)) }
        if case .background(let b, _) = m { out.formUnion(layeredTextIDs(b, layered: layered)) }
    }
    return out
}

/// Every problem with one layout: text off screen, text over text.
func problems(_ scene: UserScene, _ env: ViewEnvironment) -> [String] {
    var out: [String] = []
    let screen = env.layout.screen
    let atRest = DriverSlots(values: scene.driverTable.names.map { _ in 0 })
    for root in scene.nodes.flatMap(\.layoutRoots) {
        let r = root.layout(atRest, env)
        let scrolled = Set(r.scrollViews.isEmpty ? [] : r.texts.keys.filter { id in
            r.scrollViews.values.contains { $0.contentFrame.contains(r.frames[id]![0].center) }
        })
        let layered = layeredTextIDs(root.view)
        out += textProblems(r, layered: layered, screen: screen, mayLeaveHeight: scrolled.contains)
    }
    return out
}

/// Text in a layout that leaves the screen's width (or its height, unless `mayLeaveHeight`), and
/// text over text, layered text excepted; frames moved by `origin` onto the screen.
func textProblems(_ r: LayoutResult, layered: Set<Int>, screen: Size, origin: Point = .zero, mayLeaveHeight: (Int) -> Bool) -> [String] {
    var out: [String] = []
    let texts = r.texts.keys.sorted().compactMap { id -> (Int, Rect)? in
        guard let f = r.frames[id]?[0], f.width > 0, f.height > 0 else { return nil }
        return (id, f.offsetBy(dx: origin.x, dy: origin.y))
    }
    for (id, f) in texts {
        if f.minX < -0.01 || f.maxX > screen.width + 0.01 { out.append("text \(id) \(f) leaves the screen's width") }
        if !mayLeaveHeight(id), f.minY < -0.01 || f.maxY > screen.height + 0.01 { out.append("text \(id) \(f) leaves the screen's height") }
    }
    for (i, (a, fa)) in texts.enumerated() where !layered.contains(a) {
        for (b, fb) in texts[(i + 1)...] where !layered.contains(b) {
            let x = fa.intersection(fb)
            if x.width > 0.01 && x.height > 0.01 { out.append("text \(a) \(fa) overlaps text \(b) \(fb)") }
        }
    }
    return out
}

@Suite struct LayoutSweepTests {
    @Test func thereAreLayoutExamples() {
        #expect(layoutExamples.contains("activity-list.json"))
        #expect(layoutExamples.count >= 3)
    }

    @Test(arguments: layoutExamples)
    func everyDeviceOrientationAndTypeSize(_ file: String) throws {
        var failures: [String] = []
        var layouts = 0
        for base in DevicePresets.all {
            for device in [base, base.landscape] {
                for type in DynamicTypeSize.allCases {
                    let env = environment(device, type, .light)
                    let scene = try decodeExample(file, env)
                    layouts += 1
                    for p in problems(scene, env) where failures.count < 20 { failures.append("\(device.name) \(type): \(p)") }
                }
            }
        }
        #expect(layouts == DevicePresets.all.count * 2 * DynamicTypeSize.allCases.count)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test(arguments: layoutExamples)
    func darkLaysOutAsLight(_ file: String) throws {
        for device in [Device.iPhone12, Device.iPhoneSE] {
            let light = try decodeExample(file, environment(device, .large, .light))
            let dark = try decodeExample(file, environment(device, .large, .dark))
            let atRest = DriverSlots(values: light.driverTable.names.map { _ in 0 })
            let l = light.nodes.flatMap(\.layoutRoots).map { $0.layout(atRest, light.environment).frames }
            let d = dark.nodes.flatMap(\.layoutRoots).map { $0.layout(atRest, dark.environment).frames }
            #expect(l == d)
            #expect(problems(dark, dark.environment).isEmpty)
        }
    }

    @Test func theSweepCatchesOverlapAndOverflow() throws {
        // Two texts forced into one place, and a fixed frame wider than an iPhone SE: both reported.
        let json = try JSONValue.parse(#"""
        {"type": "zstack", "children": [{"type": "vstack", "spacing": -30, "children": [
          {"type": "text", "string": "First line of text"}, {"type": "text", "string": "Second line of text"},
          {"type": "text", "string": "Wide", "frame": {"width": 500}, "fixedSize": true}]}]}
        """#)
        let env = environment(.iPhoneSE, .large, .light)
        let scene = try UserScene.decode(json, driverNames: CustomDesign.driverNames, environment: env, loadImage: { _ in throw CocoaError(.fileNoSuchFile) })
        let found = problems(scene, env)
        // Inside a zstack nothing is compared (layered on purpose); the same vstack as a root is.
        #expect(found.filter { $0.contains("overlaps") }.isEmpty)
        let plain = try JSONValue.parse(#"""
        {"type": "vstack", "spacing": -30, "children": [
          {"type": "text", "string": "First line of text"}, {"type": "text", "string": "Second line of text"},
          {"type": "text", "string": "Wide text that is far too wide for the screen", "fixedSize": true, "font": "largeTitle"}]}
        """#)
        let scene2 = try UserScene.decode(plain, driverNames: CustomDesign.driverNames, environment: env, loadImage: { _ in throw CocoaError(.fileNoSuchFile) })
        let found2 = problems(scene2, env)
        #expect(found2.contains { $0.contains("overlaps") })
        #expect(found2.contains { $0.contains("leaves the screen's width") })
    }
}

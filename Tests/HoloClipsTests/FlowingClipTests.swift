// The flowing clips end to end: names and variants, the default script's story told by the state
// JSON, frame-rate independence, the nav bar geometry per layout, and one title in every scene.

import Foundation
import Testing
import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

private struct Frame: Decodable {
    struct XY: Decodable { var x, y: Double }
    var frame: Int
    var time: Double
    var scrollOffset, rawProgress, targetProgress, progress, titleScale: Double
    var scrollPhase, direction: String
    var snapping: Double?
    var snapped: Bool
    var titleCenter: XY
    var accessoryOpacity: Double?
}

private func frames(_ spec: ClipSpec, _ range: ClosedRange<Int>) throws -> [Frame] {
    let clip = try ClipCatalog.clip(for: spec)
    let source = clip.frames()
    return try range.map { try JSONDecoder().decode(Frame.self, from: Data(source.frame($0).stateJSON.utf8)) }
}

private func defaults(_ name: String) throws -> ClipSpec {
    try #require(ClipCatalog.named(name)).defaults()
}

@Suite struct FlowingClipTests {
    @Test(arguments: ["flowing", "flowing-title-only", "flowing-vertical", "flowing-nearest", "flowing-none"])
    func builtInsAreInTheCatalog(name: String) throws {
        let spec = try defaults(name)
        #expect(spec.design == name)
        let clip = try ClipCatalog.clip(for: spec)
        #expect(clip.size == Device.iPhone12.size && clip.frameCount == spec.frameCount && spec.duration == 5.5)
    }

    @Test func namedVariantsSetTheirConfiguration() throws {
        func config(_ name: String) throws -> FlowingConfiguration {
            let spec = try defaults(name)
            return try FlowingHeaderClip.configuration(ClipSpec(design: name), preset: spec.variant)
        }
        #expect(try config("flowing") == FlowingConfiguration())
        #expect(try config("flowing-title-only").displays == [.title])
        #expect(try config("flowing-vertical").layout == .vertical)
        #expect(try config("flowing-nearest").snapping == .nearest)
        #expect(try config("flowing-none").snapping == FlowingSnapping.none)
    }

    @Test func clipFileVariantFields() throws {
        let json = #"{"design": "flowing", "variant": {"layout": "vertical", "displays": "accessory, title", "snapping": "nearest", "accessory": "none"}}"#
        let spec = try ClipSpec.decode(Data(json.utf8), fileName: "f.json")
        let c = try FlowingHeaderClip.configuration(spec, preset: [:])
        #expect(c.layout == .vertical && c.displays == [.title, .accessory] && c.snapping == .nearest && c.accessory == .none)
        // Rendered with the default script (the file has no scroll).
        _ = try frames(spec, 0...2)
    }

    @Test(arguments: [
        (["colour": VariantValue.string("red")], "colour"),
        (["layout": VariantValue.string("diagonal")], "diagonal"),
        (["snapping": VariantValue.bool(true)], "snapping"),
        (["displays": VariantValue.string("title,subtitle")], "subtitle"),
        (["accessory": VariantValue.string("star")], "star"),
    ])
    func unknownVariantKeysAndValuesAreErrorsNamingThem(variant: [String: VariantValue], named: String) {
        do {
            _ = try ClipCatalog.clip(for: ClipSpec(design: "flowing", variant: variant))
            Issue.record("accepted \(variant)")
        } catch {
            #expect("\(error)".contains(named), "\(error)")
        }
    }

    /// The default script: a slow drag stops mid-transition and the header snaps to 1 with the content
    /// still; a fling down keeps it snapped; the fling back up releases it and it flows back to 0.
    @Test func defaultScriptTellsTheSnapStory() throws {
        let all = try frames(try defaults("flowing"), 0...329)
        // The first stop: raw progress strictly inside (0, 1), idle, snapping toward 1.
        let stop = try #require(all.first { $0.scrollPhase == "idle" && $0.rawProgress > 0 && $0.rawProgress < 1 })
        #expect(stop.direction == "down" && stop.targetProgress == 1 && stop.snapped)
        #expect(all.contains { $0.snapping == 1 })
        // The snap completes (to within 0.1 pt of travel: the spring settles in points), with the
        // content where it stopped.
        let near = 0.1 / FlowingPage(size: Device.iPhone12.size, configuration: FlowingConfiguration()).pointsPerProgress
        let settled = try #require(all.first { $0.frame > stop.frame && abs($0.progress - 1) <= near })
        #expect(settled.scrollOffset == stop.scrollOffset && settled.rawProgress < 1)
        // Every frame from the snap until the reversal shows 1.
        let reversal = try #require(all.first { $0.frame > settled.frame && $0.direction == "up" })
        #expect(all[settled.frame..<reversal.frame].allSatisfy { abs($0.progress - 1) <= near })
        #expect(!reversal.snapped)
        // Back at the top at the end: progress 0, title home at scale 1.
        let last = try #require(all.last)
        #expect(last.scrollPhase == "idle" && last.scrollOffset == 0 && last.progress == 0 && last.titleScale == 1)
    }

    /// The header steps at 60 Hz instants whatever the frame rate: a 30 fps and a 60 fps clip agree at
    /// the times they share, bit for bit.
    @Test func frameRateIndependent() throws {
        var spec60 = try defaults("flowing"); spec60.rate = FrameRate(60)
        var spec24 = spec60; spec24.rate = FrameRate(24)
        let a = try frames(spec60, 0...329), b = try frames(spec24, 0...131)
        for f in b where f.frame % 2 == 0 {
            let g = a[f.frame * 5 / 2]
            #expect(g.time == f.time && g.progress == f.progress && g.targetProgress == f.targetProgress, "t = \(f.time)")
        }
    }

    /// The progress is spring-filtered (docs/designs.md, Flowing header), but settles in points: as
    /// a spring finishes, no drawn point jumps more than 0.1 pt (it snapped its last 1% of
    /// progress, 0.39 pt and more).
    @Test(arguments: [FlowingConfiguration(), FlowingConfiguration(displays: [.title]), FlowingConfiguration(layout: .vertical),
                      FlowingConfiguration(snapping: .nearest), FlowingConfiguration(snapping: .none)])
    func springsFinishWithoutAVisibleSnap(_ config: FlowingConfiguration) throws {
        let page = FlowingPage(size: Device.iPhone12.size, configuration: config)
        var spec = try defaults("flowing")
        spec.scroll = FlowingHeaderClip.defaultScroll(for: spec, configuration: config)
        var sim = FlowingSimulation(scroll: try #require(spec.scroll).makeSimulation(), page: page,
                                    scene: FlowingScene(page: page))
        _ = sim.advance(to: spec.duration)
        let shown = sim.header.shown
        var settles = 0
        for i in 1...(Int(spec.duration) * 300) {
            let t0 = Double(i - 1) / 300, t1 = Double(i) / 300
            guard shown.velocity(at: t1) == 0, shown.velocity(at: t0) != 0 else { continue }
            settles += 1
            let jump = abs(shown.value(at: t1) - shown.value(at: t0)) * page.pointsPerProgress
            #expect(jump <= 0.1, "a spring finishing at \(t1) s moves the title \(jump) pt in one step")
        }
        #expect(settles > 0, "the default script settles the progress at least once")
    }

    /// Dynamic Type: the header's title and subtitle and the list's rows grow with the text (the
    /// nav bar keeps its size, as UIKit's); the page grows, so the scroll view holds it; large is
    /// unchanged.
    @Test(arguments: [DynamicTypeSize.xSmall, .large, .xxLarge, .accessibility3])
    func headerAndListFollowDynamicType(_ size: DynamicTypeSize) throws {
        var spec = try defaults("flowing")
        spec.environment.dynamicTypeSize = size
        let clip = try ClipCatalog.clip(for: spec)
        let scene = clip.frames().frame(0).scene
        var sizes: [String: Double] = [:]
        func walk(_ nodes: [Node]) {
            for n in nodes {
                if case .text(let run, _) = n, sizes[run.string] == nil { sizes[run.string] = run.font.size }
                if case .group(let g) = n { walk(g.children) }
            }
        }
        walk(scene.root)
        #expect(sizes["Settings"] == size.pointSize(.largeTitle))
        #expect(sizes["Manage your preferences"] == size.pointSize(.subheadline))
        #expect(sizes["Wi-Fi"] == size.pointSize(.body))
        let page = FlowingPage(size: spec.device.size, configuration: FlowingConfiguration(), type: size)
        let standard = FlowingPage(size: spec.device.size, configuration: FlowingConfiguration())
        let grows = FlowingHeaderClip.contentHeight(of: page) > FlowingHeaderClip.contentHeight(of: standard)
        #expect(grows == (size > .large))
        let before = try ClipCatalog.clip(for: try defaults("flowing")).frames().frame(0).scene
        #expect((scene == before) == (size == .large))
    }

    @Test func destinationsPerLayout() {
        let size = Device.iPhone12.size
        let h = FlowingPage(size: size, configuration: FlowingConfiguration(layout: .horizontal)).destinationCenters
        let v = FlowingPage(size: size, configuration: FlowingConfiguration(layout: .vertical)).destinationCenters
        let t = FlowingPage(size: size, configuration: FlowingConfiguration(displays: [.title])).destinationCenters
        let barMid = 47 + 22.0
        // Horizontal: side by side on the bar's middle line, accessory on the left, 8 pt apart.
        let ha = h.accessory!
        #expect(ha.y == barMid && h.title.y == barMid && ha.x < h.title.x)
        let titleWidth = FlowingPage(size: size, configuration: FlowingConfiguration()).navigationTitleWidth
        #expect(abs((h.title.x - titleWidth / 2) - (ha.x + 12.5) - 8) < 1e-9)
        // Vertical: stacked on the centre line, accessory above, the pair centred on the bar.
        let va = v.accessory!
        let box = FlowingPage(size: size, configuration: FlowingConfiguration(layout: .vertical)).navigationAccessorySize
        #expect(va.x == size.width / 2 && v.title.x == size.width / 2 && va.y < v.title.y)
        #expect(abs(((va.y - box / 2) + (v.title.y + 11)) / 2 - barMid) < 1e-9)
        // The stack fits the 44 pt bar (it stacked 25 + 2 + 22 = 49 pt before).
        #expect(va.y - box / 2 >= 47 - 1e-9 && v.title.y + 11 <= 47 + 44 + 1e-9, "stack \(va.y - box / 2)…\(v.title.y + 11)")
        #expect(abs(v.title.y - 11 - (va.y + box / 2) - 2) < 1e-9, "VStack(spacing: 2)")
        // Title alone: centred, no accessory destination.
        #expect(t.title == Point(size.width / 2, barMid) && t.accessory == nil)
    }

    @Test func titleTravelsFromSourceToDestination() throws {
        let all = try frames(try defaults("flowing"), 0...329)   // the snap finishes (in points) after frame 120
        let page = FlowingPage(size: Device.iPhone12.size, configuration: FlowingConfiguration())
        let first = all[0]
        let source = page.titleSourceCenter(offset: 0)
        #expect(first.titleCenter.x == source.x && first.titleCenter.y == source.y && first.titleScale == 1)
        let done = try #require(all.first { $0.progress == 1 })
        let dst = page.destinationCenters.title
        #expect(abs(done.titleCenter.x - dst.x) < 1e-9 && abs(done.titleCenter.y - dst.y) < 1e-9)
        #expect(abs(done.titleScale * 41 - 22) < 1e-9 && done.accessoryOpacity == 0.6)
    }

    /// The title is one text element: the scene never holds two runs of it.
    @Test(arguments: ["flowing", "flowing-title-only", "flowing-vertical"])
    func oneTitleInEveryScene(name: String) throws {
        let clip = try ClipCatalog.clip(for: try defaults(name))
        let source = clip.frames()
        for k in stride(from: 0, to: clip.frameCount, by: 15) {
            let scene = source.frame(k).scene
            #expect(count(title: "Settings", in: scene.root) == 1, "frame \(k)")
        }
    }

    /// The accessory that stays (title-only) scales about its top edge: its top does not move in the content.
    @Test func stayingAccessoryScalesAboutItsTop() throws {
        let clip = try ClipCatalog.clip(for: try defaults("flowing-title-only"))
        let page = FlowingPage(size: clip.size, configuration: FlowingConfiguration(displays: [.title]))
        let source = clip.frames()
        for k in [0, 100, 300] {
            let json = source.frame(k).stateJSON
            let obj = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let offset = try #require(obj["scrollOffset"] as? Double)
            let center = try #require(obj["accessoryCenter"] as? [String: Double])
            let scale = try #require(obj["accessoryScale"] as? [String: Double])
            let top = page.contentTop - offset + FlowingTokens.headerTopPadding
            #expect(abs(center["y"]! - 32 * scale["height"]! - top) < 1e-9)
        }
    }
}

private func count(title: String, in nodes: [Node]) -> Int {
    nodes.reduce(0) { n, node in
        switch node {
        case .text(let run, _): return n + (run.string == title ? 1 : 0)
        case .group(let g): return n + count(title: title, in: g.children)
        default: return n
        }
    }
}

/// Issue 31: flowing-vertical's "g" touched the hairline. The hairline sits under the bar title's
/// descenders by the face's metrics, so a face with longer descenders (Inter's 0.242 em, or any
/// `--font`) moves it, and a face with short ones leaves it at the bar's bottom.
@Suite struct FlowingHairlineTests {
    static let scene = FlowingScene(page: FlowingPage(size: Device.iPhone12.size, configuration: FlowingConfiguration(layout: .vertical)))

    @Test func hairlineClearsTheTitlesDescendersForAnyFace() {
        let s = Self.scene
        let size = s.titleFont.size * FlowingMath.titleScale(progress: 1, sourceHeight: s.page.sourceTitleLineHeight)
        let baseline = s.page.destinationCenters.title.y + FlowingSettingsList.baselineBelowCenter(Font(size: size, weight: s.titleFont.weight))
        for descender in [483.0 / 2048 /* DejaVu Sans */, 0.242 /* Inter */, 0.3, 0.4] {
            let top = s.hairlineTop(descender: descender)
            #expect(top >= baseline + descender * size + FlowingScene.hairlineClearance, "descender \(descender) em: hairline at \(top)")
            #expect(top >= s.page.navigationBarFrame.maxY - 0.5)
        }
        #expect(s.hairlineTop(descender: 0.4) > s.hairlineTop(descender: 0.3), "the hairline follows the face")
        #expect(s.hairlineTop(descender: 0) == s.page.navigationBarFrame.maxY - 0.5, "no descender: at the bar's bottom")
    }
}

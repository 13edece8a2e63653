// Layout in clip files, as a user writes it: the containers' keys, their errors, forEach, the
// modifier order, text styles following Dynamic Type, the environment in expressions, the scroll
// view and its scrollTransition phase.

import Foundation
import Testing
import HoloDevices
import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene
@testable import HoloClips

private func decode(_ json: String, _ env: ViewEnvironment = environment(.iPhone12, .large, .light)) throws -> UserScene {
    try UserScene.decode(try JSONValue.parse(json), driverNames: CustomDesign.driverNames, colorScheme: env.colorScheme, environment: env,
                         loadImage: { _ in ImageData(width: 40, height: 20, pixels: .init(repeating: 255, count: 3200)) })
}

private func decodeError(_ json: String) -> UserSceneError? {
    do { _ = try decode(json); return nil } catch let e as UserSceneError { return e } catch { return nil }
}

/// The first root's layout at rest.
private func layout(_ scene: UserScene) -> LayoutResult {
    let atRest = DriverSlots(values: scene.driverTable.names.map { _ in 0 })
    return scene.nodes.flatMap(\.layoutRoots)[0].layout(atRest, scene.environment)
}

/// Every text run in a node tree, with the translation of the groups above it.
private func textRuns(_ nodes: [Node], _ dy: Double = 0) -> [TextRun] {
    nodes.flatMap { node -> [TextRun] in
        switch node {
        case .text(var run, _): run.origin.y += dy; return [run]
        case .group(let g): return textRuns(g.children, dy + g.transform.ty)
        default: return []
        }
    }
}

@Suite struct LayoutSceneTests {
    @Test func positionsInsideAContainerAreErrorsThatSayWhatToWrite() {
        let x = decodeError(#"{"type": "vstack", "children": [{"type": "text", "string": "A", "x": 10}]}"#)
        #expect(x?.path == "scene.children[0].x")
        #expect(x?.reason.contains("padding, frame") == true)
        let width = decodeError(#"{"type": "vstack", "children": [{"type": "text", "string": "A", "width": 10}]}"#)
        #expect(width?.path == "scene.children[0].width")
        let frameX = decodeError(#"{"type": "vstack", "children": [{"type": "rect", "frame": {"x": 0, "width": 10}}]}"#)
        #expect(frameX?.path == "scene.children[0].frame.x")
        let spacer = decodeError(#"{"type": "group", "children": [{"type": "spacer"}]}"#)
        #expect(spacer?.reason.contains("inside a layout container") == true)
        let mixed = decodeError(#"{"type": "vstack", "children": [{"type": "rect", "frame": {"width": 10, "maxWidth": 20}}]}"#)
        #expect(mixed?.reason.contains("not both") == true)
    }

    @Test func anHStackAlignsItsTextsOnTheirFirstBaselines() throws {
        // A large title and a subheadline detail: drawn on one baseline with firstTextBaseline, not centred.
        func baselines(_ alignment: String) throws -> [Double] {
            let scene = try decode(#"{"type": "hstack", "alignment": "\#(alignment)", "children": [{"type": "text", "string": "Reps", "font": "largeTitle"}, {"type": "text", "string": "Mar 10", "font": "subheadline"}]}"#)
            return textRuns(scene.scene(size: Size(390, 844), background: .white, drivers: [:]).root).map(\.origin.y)
        }
        // Within a pixel at 3x: frames are snapped to pixels, each text's baseline is its frame's top plus its own ascent.
        let aligned = try baselines("firstTextBaseline")
        #expect(aligned.count == 2 && abs(aligned[0] - aligned[1]) <= 1.0 / 3)
        let centred = try baselines("center")
        #expect(abs(centred[0] - centred[1]) > 2)
        let last = try baselines("lastTextBaseline")
        #expect(abs(last[0] - last[1]) <= 1.0 / 3)
        // Only an hstack has baselines: a vstack names what it takes.
        let v = decodeError(#"{"type": "vstack", "alignment": "firstTextBaseline", "children": []}"#)
        #expect(v?.reason.contains("\"leading\", \"center\", \"trailing\"") == true)
    }

    @Test func outsideContainersKeysKeepTheirMeaning() throws {
        let scene = try decode(#"{"type": "text", "string": "A", "x": 10, "y": 40, "fontSize": 20}"#)
        let frame = scene.scene(size: Size(390, 844), background: .white, drivers: [:])
        #expect(textRuns(frame.root).first?.origin == Point(10, 40))
    }

    @Test func flatModifiersApplyInTheFixedOrderAndAnArrayInItsOwn() throws {
        // Flat keys: .padding(8).frame(width: 40, height: 20).background(…): the frame is what the background covers.
        let flat = try decode(#"{"type": "vstack", "children": [{"type": "rect", "frame": {"width": 40, "height": 20}, "padding": 8, "background": {"type": "ellipse"}}]}"#)
        // An array in its own order: .frame(width: 40, height: 20).padding(8).background(…): the background covers the padding.
        let ordered = try decode(#"{"type": "vstack", "children": [{"type": "rect", "modifiers": [{"frame": {"width": 40, "height": 20}}, {"padding": 8}, {"background": {"type": "ellipse"}}]}]}"#)
        func backgroundSize(_ s: UserScene) -> Size? {
            let r = layout(s)
            guard case .stack(_, _, _, let children) = s.nodes.flatMap(\.layoutRoots)[0].view.kind else { return nil }
            for m in children[0].modifiers { if case .background(let v, _) = m { return r.frames[v.id]?.last?.size } }
            return nil
        }
        #expect(backgroundSize(flat) == Size(40, 20))
        #expect(backgroundSize(ordered) == Size(56, 36))
    }

    @Test func forEachRepeatsWithTemplatesAndLocals() throws {
        let scene = try decode(#"""
        {"type": "vstack", "spacing": 0, "children": [{"type": "forEach",
          "data": [{"title": "Run", "h": 10}, {"title": "Walk", "h": 30}],
          "content": {"type": "text", "string": "{index}: {item.title}", "frame": {"height": "item.h + index"}}}]}
        """#)
        let r = layout(scene)
        let heights = r.texts.keys.sorted().map { r.frames[$0]!.last!.height }
        #expect(heights == [10, 31])
        #expect(r.texts.values.map(\.string).sorted() == ["0: Run", "1: Walk"])
        let count = try decode(#"{"type": "hstack", "children": [{"type": "forEach", "count": 3, "content": {"type": "rect", "frame": {"width": 10, "height": 10}}}]}"#)
        #expect(layout(count).frames.count == 4)
        #expect(decodeError(#"{"type": "vstack", "children": [{"type": "forEach", "count": 2, "data": [], "content": {"type": "spacer"}}]}"#) != nil)
        // Nested repeats are counted: 1,000 × 1,000 spacers are refused at the view cap, not built.
        let nested = decodeError(#"{"type": "vstack", "children": [{"type": "forEach", "count": 1000, "content": {"type": "vstack", "children": [{"type": "forEach", "count": 1000, "content": {"type": "spacer"}}]}}]}"#)
        #expect(nested?.reason.contains("more than 20000 views") == true)
    }

    @Test func textStylesFollowTheClipsDynamicTypeSize() throws {
        let json = #"{"type": "vstack", "children": [{"type": "text", "string": "Headline", "font": "headline"}, {"type": "text", "string": "Fixed", "fontSize": 15}, {"type": "text", "string": "Relative", "fontSize": 15, "relativeTo": "subheadline"}]}"#
        func runs(_ type: DynamicTypeSize) throws -> [TextRun] {
            let scene = try decode(json, environment(.iPhone12, type, .light))
            return textRuns(scene.scene(size: Size(390, 844), background: .white, drivers: [:]).root)
        }
        let large = try runs(.large), ax3 = try runs(.accessibility3)
        #expect(large.map(\.font.size) == [17, 15, 15])
        #expect(large[0].font.weight == .semibold)
        // accessibility3: headline 40 pt; the fixed size stays; the relative one grows as subheadline (15 → 36).
        #expect(ax3.map(\.font.size) == [40, 15, 36])
        // Body inside containers when no font is given; the leading puts lines 22 pt apart at large.
        let body = try decode(#"{"type": "vstack", "children": [{"type": "text", "string": "One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"}]}"#)
        let r = layout(body)
        let f = r.frames[r.texts.keys.first!]!.last!
        #expect(f.height == 44)
    }

    @Test func expressionsReadTheDeviceAndEnvironment() throws {
        let json = #"{"type": "rect", "frame": {"x": 0, "y": "safeArea.top", "width": "screen.width", "height": "dynamicTypeSize * 10 + colorScheme"}, "fill": "red"}"#
        let scene = try decode(json, environment(DevicePresets.all.first { $0.name == "iphone-16-pro-max" }!, .accessibility1, .dark))
        let frame = scene.scene(size: Size(440, 956), background: .white, drivers: [:])
        guard case .fill(.rect(let r), _) = frame.root[0] else { Issue.record("not a rect"); return }
        #expect(r == Rect(x: 0, y: 62, width: 440, height: 71))
        #expect(scene.requiredDrivers.isEmpty)
    }

    @Test func aScrollViewsLayoutCannotReadTheScroll() {
        let e = decodeError(#"{"type": "scrollView", "children": [{"type": "rect", "frame": {"height": "100 + scroll"}}]}"#)
        #expect(e?.reason.contains("cannot read scroll") == true)
        // Render-only modifiers may.
        #expect(decodeError(#"{"type": "scrollView", "children": [{"type": "rect", "frame": {"height": 100}, "opacity": "1 - scroll / 100"}]}"#) == nil)
        #expect(decodeError(#"{"type": "vstack", "children": [{"type": "scrollView", "children": []}, {"type": "scrollView", "children": []}]}"#) != nil)
    }

    @Test func theScrollViewMovesItsContentAndGivesItsGeometry() throws {
        let scene = try decode(#"{"type": "scrollView", "children": [{"type": "forEach", "count": 20, "content": {"type": "rect", "frame": {"height": 100}, "fill": "red"}}]}"#)
        let g = try #require(scene.scrollGeometry)
        #expect(g.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(g.contentFrame.height == 20 * 100 + 19 * 8)
        #expect(g.scrollableHeight == g.contentFrame.height + 47 + 34)
        let at0 = scene.scene(size: Size(390, 844), background: .white, drivers: ["scroll": 0])
        let at120 = scene.scene(size: Size(390, 844), background: .white, drivers: ["scroll": 120])
        func scrolled(_ s: Scene) -> Group? {
            guard case .group(let clip) = s.root[0], case .group(let moved) = clip.children[0] else { return nil }
            return moved
        }
        #expect(scrolled(at0)?.transform.ty == 0)
        #expect(scrolled(at120)?.transform.ty == -120)
        #expect(scrolled(at120)?.retention?.scrolls == true)
    }

    @Test func phaseValueFollowsTheViewAcrossTheVisibleRegion() {
        let visible = 47.0...810.0
        let f = Rect(x: 0, y: 400, width: 100, height: 100)
        #expect(ViewSpec.phase(of: f, scroll: 0, visible: visible) == 0)
        #expect(ViewSpec.phase(of: f, scroll: 403, visible: visible) == -0.5)
        #expect(ViewSpec.phase(of: f, scroll: 600, visible: visible) == -1)
        #expect(ViewSpec.phase(of: f, scroll: -360, visible: visible) == 0.5)
        #expect(decodeError(#"{"type": "vstack", "children": [{"type": "rect", "opacity": "phase.value"}]}"#) != nil)
        #expect(decodeError(#"{"type": "scrollView", "children": [{"type": "rect", "frame": {"height": 10}, "opacity": "1 - abs(phase.value)"}]}"#) == nil)
    }

    @Test func theLayoutFollowsTheDevice() throws {
        let json = #"{"type": "vstack", "children": [{"type": "roundedRect", "cornerRadius": 12, "frame": {"height": 60}}], "padding": 16}"#
        for device in [Device.iPhoneSE, .iPhone12, DevicePresets.all.first { $0.name == "iphone-16-pro-max" }!, Device.iPhone12.landscape] {
            let env = environment(device, .large, .light)
            let r = layout(try decode(json, env))
            let card = r.frames.values.first { $0[0].height == 60 }![0]
            let safe = env.layout.safeRect
            // The card spans the safe area's width less the padding, on every device.
            #expect(card.minX == safe.minX + 16)
            #expect(card.width == safe.width - 32)
        }
    }
}

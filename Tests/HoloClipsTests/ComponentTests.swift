// The components (navigationStack, list, label, tabView) as a user writes them in a clip file:
// the navigation bar's metrics and collapse, the large title's stretch, list rows and separators,
// the tab bar chosen by taps, and the errors a user meets.

import Testing
import HoloDevices
import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene
@testable import HoloClips

private func decode(_ json: String, _ env: ViewEnvironment = environment(.iPhone12, .large, .light)) throws -> UserScene {
    try UserScene.decode(try JSONValue.parse(json), driverNames: CustomDesign.driverNames, colorScheme: env.colorScheme, environment: env,
                         loadImage: { _ in ImageData(width: 1, height: 1, pixels: [255, 255, 255, 255]) })
}

private func decodeError(_ json: String) -> UserSceneError? {
    do { _ = try decode(json); return nil } catch let e as UserSceneError { return e } catch { return nil }
}

/// A text run as it lands on screen: its origin through every group's transform, the scale of
/// that transform and the product of the groups' opacities.
private struct PlacedText { var string: String; var size: Double; var origin: Point; var scale: Double; var opacity: Double }

private func placedTexts(_ nodes: [Node], _ t: AffineTransform = .identity, _ opacity: Double = 1) -> [PlacedText] {
    nodes.flatMap { node -> [PlacedText] in
        switch node {
        case .text(let run, _): return [PlacedText(string: run.string, size: run.font.size, origin: t.apply(run.origin), scale: t.a, opacity: opacity)]
        case .group(let g): return placedTexts(g.children, g.transform.concatenating(t), opacity * g.opacity)
        default: return []
        }
    }
}

/// Equal to within a millionth of a point (layout's arithmetic, before pixel snapping, is not exact).
private func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-6 } ?? false }

private func frame(_ scene: UserScene, _ drivers: [String: Double]) -> [PlacedText] {
    placedTexts(scene.scene(size: Size(390, 844), background: .white, drivers: drivers).root)
}

private let stack = """
{"type": "navigationStack", "title": "Activity", "toolbar": {"trailing": [{"text": "Edit"}]},
 "content": {"type": "scrollView", "children": [{"type": "text", "string": "Row", "font": "body"}]}}
"""

@Suite struct ComponentTests {
    // MARK: Navigation stack

    @Test func theLargeTitleSitsUnderTheBarAtTheLeadingMarginAndTheContentBelowIt() throws {
        let scene = try decode(stack)
        let texts = frame(scene, [:])
        let large = try #require(texts.first { $0.string == "Activity" && $0.size == 34 })
        #expect(large.origin.x == 16)
        // Its 41 pt line sits 3 pt into the 52 pt band under the 44 pt bar (status bar 47 on an iPhone 12).
        #expect(large.origin.y > 47 + 44 + 3 && large.origin.y < 47 + 44 + 3 + 41)
        let inline = try #require(texts.first { $0.string == "Activity" && $0.size == 17 })
        #expect(inline.opacity == 0)
        #expect(abs(inline.origin.y - (47 + 22)) < 12)
        // The content is inset by the status bar, the bar and the band; the viewport reaches the top.
        let g = try #require(scene.scrollGeometry)
        #expect(near(g.contentInsets.top, 47 + 44 + 52))
        #expect(g.frame.minY == 0)
        let row = try #require(texts.first { $0.string == "Row" })
        #expect(row.origin.y > 47 + 96 && row.origin.y < 47 + 96 + 22)
        // The toolbar's text button is inside the trailing margin, in the bar.
        let edit = try #require(texts.first { $0.string == "Edit" })
        #expect(edit.origin.x < 390 - 16 && edit.origin.x > 390 - 16 - 60)
    }

    @Test func theLargeTitleScrollsWithTheContentAndStretchesWhenPulled() throws {
        let scene = try decode(stack)
        func large(_ scroll: Double) throws -> PlacedText {
            try #require(frame(scene, ["scroll": scroll]).first { $0.string == "Activity" && $0.size == 34 })
        }
        let rest = try large(0), up = try large(30), pulled = try large(-60), far = try large(-400)
        #expect(abs(up.origin.y - (rest.origin.y - 30)) < 1e-9)
        #expect(rest.scale == 1 && up.scale == 1)
        // Pulled down it follows the content and grows about its leading edge, to 1.1 at most.
        #expect(pulled.scale > 1.04 && pulled.scale < 1.06)
        #expect(near(pulled.origin.x, 16))
        #expect(pulled.origin.y > rest.origin.y + 59)
        #expect(abs(far.scale - 1.1) < 1e-12)
    }

    @Test func theBarFadesInOnceTheContentPassesUnderIt() {
        var bar = NavigationBarState(collapseDistance: 52)
        bar.scrollChanged(to: 52, at: 1)
        #expect(bar.opacity(at: 2) == 0)
        bar.scrollChanged(to: 52.5, at: 2)
        #expect(bar.opacity(at: 2) == 0)
        // Ease-in-out over 0.25 s: half way at its middle, there at its end.
        #expect(abs(bar.opacity(at: 2.125) - 0.5) < 1e-9)
        #expect(bar.opacity(at: 2.25) == 1)
        // Back at the edge it fades out the same way.
        bar.scrollChanged(to: 10, at: 3)
        #expect(abs(bar.opacity(at: 3.125) - 0.5) < 1e-9)
        #expect(bar.opacity(at: 3.25) == 0)
    }

    @Test func theInlineTitleAndBackgroundFollowTheBarDriver() throws {
        let scene = try decode(stack)
        let shown = frame(scene, ["scroll": 200, "navigation.barOpacity": 1])
        #expect(shown.first { $0.string == "Activity" && $0.size == 17 }?.opacity == 1)
        // Scrolled away the large title is clipped under the bar (its run is still there, moved up).
        let largeTitleY: Double = shown.first { $0.string == "Activity" && $0.size == 34 }?.origin.y ?? 0
        #expect(largeTitleY < 47 + 44)
    }

    @Test func anInlineStackHasNoLargeTitleAndInsetsTheContentByTheBarAlone() throws {
        let scene = try decode("""
        {"type": "navigationStack", "title": "Detail", "titleDisplayMode": "inline",
         "content": {"type": "scrollView", "children": [{"type": "text", "string": "Row"}]}}
        """)
        let texts = frame(scene, [:])
        #expect(texts.filter { $0.string == "Detail" }.map(\.size) == [17])
        #expect(texts.first { $0.string == "Detail" }?.opacity == 1)
        #expect(near(scene.scrollGeometry?.contentInsets.top, 47 + 44))
        #expect(scene.components.navigationCollapseDistance == 0)
    }

    @Test func aStackWhoseContentDoesNotScrollKeepsItsBarClear() throws {
        let scene = try decode(#"{"type": "navigationStack", "title": "Profile", "titleDisplayMode": "inline", "content": {"type": "spacer"}}"#)
        let root = scene.scene(size: Size(390, 844), background: .white, drivers: ["navigation.barOpacity": 1]).root
        func materials(_ nodes: [Node], _ opacity: Double) -> [Double] {
            nodes.flatMap { node -> [Double] in
                switch node {
                case .material: return [opacity]
                case .group(let g): return materials(g.children, opacity * g.opacity)
                default: return []
                }
            }
        }
        #expect(materials(root, 1) == [0])
        #expect(!scene.requiredDrivers.contains("navigation.barOpacity"))
    }

    @Test func theLargeTitleBandGrowsWithDynamicType() throws {
        let scene = try decode(stack, environment(.iPhone12, .accessibility3, .light))
        let band = NavigationStackSpec.largeTitleBand(.accessibility3)
        #expect(band > 52)
        #expect(near(scene.scrollGeometry?.contentInsets.top, 47 + 44 + band))
        #expect(scene.components.navigationCollapseDistance == band)
        #expect(NavigationStackSpec.largeTitleBand(.large) == 52)
    }

    // MARK: List

    private static let settings = """
    {"type": "list", "sections": [
      {"header": "Network", "footer": "Shown in Control Center.", "rows": [
        {"type": "label", "title": "Wi-Fi", "systemImage": "wifi"},
        {"type": "label", "title": "Cellular", "systemImage": "antenna.radiowaves.left.and.right"}]},
      {"rows": [{"type": "text", "string": "General"}, {"type": "text", "string": "Privacy"}]}
    ]}
    """

    /// Every separator (a hairline rect fill) in a frame.
    private func separators(_ nodes: [Node], _ t: AffineTransform = .identity) -> [Rect] {
        nodes.flatMap { node -> [Rect] in
            switch node {
            case .fill(.rect(let r), _) where r.height < 1: return [Rect(origin: t.apply(r.origin), size: r.size)]
            case .group(let g): return separators(g.children, g.transform.concatenating(t))
            default: return []
            }
        }
    }

    @Test func insetGroupedRowsAreCardsWithSeparatorsInsetToTheText() throws {
        let scene = try decode(Self.settings)
        let root = scene.scene(size: Size(390, 844), background: .white, drivers: [:]).root
        let texts = placedTexts(root)
        // Card inset 16, row content 16 more; a label's title past its 29 pt icon column and 16 pt gap.
        #expect(near(texts.first { $0.string == "Wi-Fi" }?.origin.x, 16 + 16 + 29 + 16))
        #expect(near(texts.first { $0.string == "General" }?.origin.x, 32))
        #expect(near(texts.first { $0.string == "NETWORK" }?.origin.x, 32))
        #expect(texts.contains { $0.string == "Shown in Control Center." && $0.size == 13 })
        // One separator per row but each section's last: the label row's starts at its title.
        let lines = separators(root).sorted { $0.minY < $1.minY }
        #expect(lines.count == 2)
        #expect(lines.count == 2 && near(lines[0].minX, 77) && near(lines[1].minX, 32))
        for line in lines {
            let trailing: Double = line.maxX, height: Double = line.height
            #expect(abs(trailing - 374) < 1e-9)
            #expect(abs(height - 1.0 / 3) < 1e-9)
        }
        // Rows are 44 pt (a one-line body row) and sections' cards have 10 pt corners.
        let wifi = try #require(texts.first { $0.string == "Wi-Fi" }), cellular = try #require(texts.first { $0.string == "Cellular" })
        #expect(abs(cellular.origin.y - wifi.origin.y - 44) < 0.5)
        let corners: [Double] = Self.roundedRects(root).map { $0.1 }
        #expect(corners.count == 2)
        #expect(Set(corners) == [10])
    }

    private static func roundedRects(_ nodes: [Node]) -> [(Rect, Double)] {
        nodes.flatMap { node -> [(Rect, Double)] in
            switch node {
            case .fill(.roundedRect(let r, let radius, _), _): return [(r, radius)]
            case .group(let g): return roundedRects(g.children)
            default: return []
            }
        }
    }

    @Test func plainRowsRunEdgeToEdge() throws {
        let scene = try decode(#"{"type": "list", "style": "plain", "rows": [{"type": "text", "string": "A"}, {"type": "text", "string": "B"}]}"#)
        let root = scene.scene(size: Size(390, 844), background: .white, drivers: [:]).root
        #expect(near(placedTexts(root).first { $0.string == "A" }?.origin.x, 16))
        let lines = separators(root)
        #expect(lines.count == 1 && near(lines.first?.minX, 16) && near(lines.first?.maxX, 390))
        #expect(Self.roundedRects(root).isEmpty)
    }

    @Test func marginsWidenOnTheWidestPhones() throws {
        let scene = try decode(Self.settings, environment(try #require(Device.named("iphone-16-pro-max")), .large, .light))
        #expect(near(frame(scene, [:]).first { $0.string == "General" }?.origin.x, 20 + 16))
    }

    // MARK: Tab view

    private static let tabs = """
    {"type": "tabView", "selection": "home", "tabs": [
      {"id": "home", "title": "Home", "systemImage": "house.fill", "content": {"type": "text", "string": "Home page"}},
      {"id": "me", "title": "Me", "systemImage": "person.fill", "content": {"type": "text", "string": "My page"}}]}
    """

    @Test func tapsOnATabsIdChooseTheTabAtTheirTimes() throws {
        let scene = try decode(Self.tabs)
        let spec = try #require(scene.components.tabView)
        let taps = [Tap(time: 1, target: "me"), Tap(time: 1.5, target: "card-3"), Tap(time: 2, target: "home")]
        #expect(spec.selectedIndex(at: 0.99, taps: taps) == 0)
        #expect(spec.selectedIndex(at: 1, taps: taps) == 1)
        #expect(spec.selectedIndex(at: 1.7, taps: taps) == 1)
        #expect(spec.selectedIndex(at: 2, taps: taps) == 0)
        func shown(_ selection: Double) -> [String] {
            frame(scene, ["tab.selection": selection]).filter { $0.opacity > 0 && $0.string.hasSuffix("page") }.map(\.string)
        }
        #expect(shown(0) == ["Home page"])
        #expect(shown(1) == ["My page"])
        // The bar: 49 pt over the home indicator, titles 10 pt.
        let home = try #require(frame(scene, [:]).first { $0.string == "Home" })
        #expect(home.size == 10)
        #expect(home.origin.y > 844 - 34 - 49 && home.origin.y < 844 - 34)
    }

    @Test func theSelectedTabTakesTheAccentColour() throws {
        let scene = try decode(Self.tabs)
        func tint(of title: String, _ selection: Double) -> Color? {
            func find(_ nodes: [Node]) -> Color? {
                for node in nodes {
                    if case .text(let run, .solid(let c)) = node, run.string == title { return c }
                    if case .group(let g) = node, let c = find(g.children) { return c }
                }
                return nil
            }
            return find(scene.scene(size: Size(390, 844), background: .white, drivers: ["tab.selection": selection]).root)
        }
        let blue = SystemColor.systemBlue.resolved(.light), gray = SystemColor.systemGray.resolved(.light)
        #expect(tint(of: "Me", 1) == blue && tint(of: "Home", 1) == gray)
        #expect(tint(of: "Home", 0) == blue)
    }

    // MARK: Errors and layout

    @Test func componentErrorsSayWhatIsWrong() {
        #expect(decodeError(#"{"type": "tabView", "selection": "x", "tabs": [{"id": "a", "title": "A", "systemImage": "gear", "content": {"type": "spacer"}}]}"#)?
            .reason.contains("no tab has the id \"x\"") == true)
        #expect(decodeError(#"{"type": "vstack", "children": [{"type": "label", "title": "A", "systemImage": "gearshape"}]}"#)?.path
            == "scene.children[0].systemImage")
        #expect(decodeError(#"{"type": "list", "rows": [], "sections": []}"#)?.reason.contains("not both") == true)
        let two = decodeError(#"{"type": "vstack", "children": [{"type": "list", "rows": []}, {"type": "scrollView", "children": []}]}"#)
        #expect(two?.reason.contains("second scroll view") == true)
        #expect(decodeError(#"{"type": "navigationStack", "title": "A", "toolbar": {"trailing": [{"symbol": "nope"}]}, "content": {"type": "spacer"}}"#)?
            .path == "scene.toolbar.trailing[0].symbol")
        #expect(decodeError(#"{"type": "navigationStack", "title": "A", "titleDisplayMode": "small", "content": {"type": "spacer"}}"#)?
            .path == "scene.titleDisplayMode")
    }

    @Test func safeAreaPaddingMovesTheSafeAreaForTheScrollViewInside() {
        let env = LayoutEnvironment(screen: Size(390, 844), safeArea: Insets(top: 47, bottom: 34), displayScale: 3, measure: FontLibraryMeasure())
        let content = LayoutNode(id: 2, .fixed(Size(100, 2000)))
        let scroll = LayoutNode(id: 1, .scrollView, children: [content], modifiers: [.safeAreaPadding(Insets(top: 44, bottom: 49))])
        let g = Layout.layout(scroll, in: env).scrollViews[1]
        #expect(g?.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(g?.contentInsets == Insets(top: 47 + 44, bottom: 34 + 49))
        // Plain padding moves the view but not the safe area: the viewport stops at the padding.
        let padded = LayoutNode(id: 1, .scrollView, children: [content], modifiers: [.padding(Insets(top: 44))])
        #expect(near(Layout.layout(padded, in: env).scrollViews[1]?.frame.minY, 47 + 44))
    }
}

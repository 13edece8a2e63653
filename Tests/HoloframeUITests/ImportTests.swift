// The compile test: this file imports HoloframeUI alone and uses SwiftUI's names in expressions and
// in types; each must be this module's (Holoframe, re-exported underneath, has its own Color, Font,
// Animation, Group and Shape). If the shadowing rule failed, this file would not compile.

import HoloframeUI
import Testing

private struct Badge: View {
    @Environment(\.colorScheme) var colorScheme
    @Environment(\.dynamicTypeSize) var dynamicTypeSize
    let tint: Color = .red
    let font: Font = .headline
    let animation: Animation = Animation.spring(response: 0.3, dampingFraction: 0.7)

    var body: some View {
        Group {
            HStack(spacing: 8) {
                Circle().fill(tint).frame(width: 12, height: 12)
                Text(colorScheme == .dark ? "Dark" : "Light").font(font)
                if dynamicTypeSize >= .accessibility1 {
                    Text("Large type").font(.caption)
                }
            }
            .padding(.horizontal, 12)
            .padding(.vertical, 6)
            .background(Color.systemGray5, in: Capsule())
            .animation(animation, value: colorScheme)
        }
    }
}

/// The paints of the text runs in `nodes`, in drawing order.
private func texts(_ nodes: [Node]) -> [Paint] {
    nodes.flatMap { node -> [Paint] in
        switch node {
        case .text(_, let paint): return [paint]
        case .group(let g): return texts(g.children)
        default: return []
        }
    }
}

/// The strings of the text runs in `nodes`, in drawing order.
private func strings(in nodes: [Node]) -> [String] {
    nodes.flatMap { node -> [String] in
        switch node {
        case .text(let run, _): return [run.string]
        case .group(let g): return strings(in: g.children)
        default: return []
        }
    }
}

@Suite struct ImportTests {
    @Test func swiftUINamesAreThisModules() {
        let color: Color = Color.red
        let font: Font = .system(size: 20, weight: .bold)
        let animation: Animation = .smooth
        #expect(color == .red && font != .headline && animation == Animation.smooth)
    }

    /// `@Environment` reads the clip's environment: light and dark draw different badges.
    @Test func environmentReachesTheBody() throws {
        func pixels(_ scheme: ColorScheme) throws -> [UInt8] {
            let clip = Clip.view(name: "badge", size: Size(160, 60), duration: 1, environment: ClipEnvironment(colorScheme: scheme)) { _ in Badge() }
            return try SceneRenderer(fonts: .shared).render(clip.frames().frame(0).scene, scale: 1).bytes
        }
        #expect(try pixels(.light) != pixels(.dark))
    }

    /// `.environment(\.colorScheme, .dark)` on part of a light screen: its text is dark mode's label (white).
    @Test func anEnvironmentValueReachesTheViewsUnderIt() {
        let clip = Clip.view(name: "two", size: Size(200, 80), duration: 1) { _ in
            VStack {
                Text("Light")
                Text("Dark").environment(\.colorScheme, .dark)
            }
        }
        let paints = texts(clip.frames().frame(0).scene.root)
        #expect(paints == [.solid(.black), .solid(.white)])
    }

    /// `@Environment(\.dynamicTypeSize)` is the clip's: the badge adds its second text at accessibility sizes.
    @Test func dynamicTypeReachesTheBody() {
        func texts(_ size: DynamicTypeSize) -> [String] {
            let clip = Clip.view(name: "badge", size: Size(300, 120), duration: 1, environment: ClipEnvironment(dynamicTypeSize: size)) { _ in Badge() }
            return strings(in: clip.frames().frame(0).scene.root)
        }
        #expect(texts(.large) == ["Light"])
        #expect(texts(.accessibility1) == ["Light", "Large type"])
    }

    /// HoloframeTesting's expectations take a view.
    @Test func aViewHasAGolden() {
        expectGolden(.view(name: "badge", device: Device(name: "badge", size: Size(160, 60), scale: 2)) { Badge() })
    }
}

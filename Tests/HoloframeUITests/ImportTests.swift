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
            return try SceneRenderer(fonts: .shared).render(clip.frames().frame(0, fps: 60).scene, scale: 1).bytes
        }
        #expect(try pixels(.light) != pixels(.dark))
    }

    /// HoloframeTesting's expectations take a view.
    @Test func aViewHasAGolden() {
        expectGolden(.view(name: "badge", device: Device(name: "badge", size: Size(160, 60), scale: 2)) { Badge() })
    }
}

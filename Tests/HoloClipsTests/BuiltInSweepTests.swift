// Every built-in screen on every device preset (each distinct screen once), in portrait and landscape, at every Dynamic Type
// size from xSmall to accessibility5 (issue 45): no text leaves the screen's width (nor its height,
// outside scrolled content), and no text run overlaps another inside a piece the kit lays out.
//
// Checked on the pieces each family lays out with the kit (`ScreenPiece`: a card, a list section,
// a bar), from the same views its scene draws. Text in a zstack or an overlay is layered on purpose
// and compared with nothing, as in LayoutSweepTests; pieces are not compared with one another (a
// bar's title over scrolled content sits on the bar's material). The families' own animation (the
// holographic title, the flowing header, the waveform, the reveal morph, the hero) is drawn by
// them, not by the kit, and is not in this sweep.

import Testing
import HoloDevices
import HoloGeometry
import HoloLayout
import HoloMotion
@testable import HoloClips

/// Each family's kit pieces on a device at a text size. One line per family.
let builtInScreens: [(family: String, pieces: @Sendable (Device, DynamicTypeSize) -> [ScreenPiece])] = [
    ("titles", { device, type in
        let layout = TitlesLayout(size: device.size, type: type, insets: device.layoutInsets(guess: TitlesLayout.guessInsets))
        let scene = TitlesScene(layout: layout, palette: .for(.light), accentHue: 0, reduceMotion: false)
        return TitlesPage.allCases.flatMap { scene.screenPieces($0) }
    }),
    ("reveal", { device, type in
        RevealScene(layout: RevealLayout(size: device.size, type: type, insets: device.layoutInsets(guess: ScreenInsets.guessFromHeight))).screenPieces()
    }),
    ("waveform", { device, type in
        let layout = WaveformLayout(size: device.size, type: type, insets: device.layoutInsets(guess: ScreenInsets.guessFromHeight))
        return WaveformScene(layout: layout, colorScheme: .light).screenPieces()
    }),
    ("flowing", { device, type in
        let page = FlowingPage(size: device.size, configuration: FlowingConfiguration(), type: type,
                               insets: device.layoutInsets(guess: FlowingPage.guessInsets))
        return FlowingScene(page: page).screenPieces()
    }),
    ("demo", { device, type in DemoCardsScene(size: device.size, type: type, insets: device.layoutInsets { _ in .iPhone12 }).screenPieces() }),
    ("hero", { device, type in
        HeroTransitionLayout(size: device.size, type: type, insets: FinanceTokens.insets(device)).screenPieces(palette: .light)
    }),
    ("celebration", { device, type in
        GoalCelebrationScene(size: device.size, palette: .light, type: type, insets: FinanceTokens.insets(device)).screenPieces()
    }),
    ("parallax", { device, type in
        ParallaxScrollScene(size: device.size, palette: .light, type: type, insets: FinanceTokens.insets(device)).screenPieces()
    }),
    ("gradients", { device, type in
        CardGradientsScene(size: device.size, palette: .light, type: type, insets: FinanceTokens.insets(device)).screenPieces()
    }),
]

/// The presets with a screen of their own: one that has an earlier preset's size, scale and screen
/// (iphone-17 and iphone-17-pro are the iphone-16-pro; ipad-air-11 the ipad) lays out the same.
let distinctScreens: [String] = {
    struct Screen: Hashable { var size: Size, scale: Double, screen: DeviceScreen }
    var seen: Set<Screen> = []
    return DevicePresets.all.filter { seen.insert(Screen(size: $0.size, scale: $0.scale, screen: $0.screen)).inserted }.map(\.name)
}()

/// Every problem with one piece on a screen `screen` in size.
func problems(_ piece: ScreenPiece, screen: Size) -> [String] {
    textProblems(piece.layout, layered: layeredTextIDs(piece.view), screen: screen, origin: piece.origin, mayLeaveHeight: { _ in piece.scrolls })
        .map { "\(piece.name): \($0)" }
}

@Suite struct BuiltInSweepTests {
    @Test(arguments: builtInScreens.map(\.family), distinctScreens)
    func everyOrientationAndTypeSize(_ family: String, _ deviceName: String) {
        let make = builtInScreens.first { $0.family == family }!.pieces
        let base = DevicePresets.all.first { $0.name == deviceName }!
        var failures: [String] = []
        var pieces = 0
        for device in [base, base.landscape] {
            for type in DynamicTypeSize.allCases {
                for piece in make(device, type) {
                    pieces += 1
                    for p in problems(piece, screen: device.size) where failures.count < 20 { failures.append("\(device.name) \(type): \(p)") }
                }
            }
        }
        #expect(pieces >= 2 * DynamicTypeSize.allCases.count)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func theSweepCatchesOverlapAndOverflow() {
        // Two labels forced into one place, and a card offered more than an iPhone SE's width.
        let env = environment(.iPhoneSE, .large, .light)
        var c = ScreenComposer(env)
        let stacked = c.vstack(spacing: -30, [c.text("First line of text", .body, color: .black), c.text("Second line of text", .body, color: .black)])
        let overlap = problems(ScreenPiece(name: "card", view: stacked, environment: env, width: 300, scrolls: true), screen: Device.iPhoneSE.size)
        #expect(overlap.contains { $0.contains("overlaps") })
        let wide = c.text(String(repeating: "Wide ", count: 40), .body, color: .black)
        let off = problems(ScreenPiece(name: "card", view: wide, environment: env, origin: Point(16, 0), width: 500, scrolls: true), screen: Device.iPhoneSE.size)
        #expect(off.contains { $0.contains("leaves the screen's width") })
        // Below the screen: only scrolled content may go there.
        let low = c.text("Low", .body, color: .black)
        #expect(problems(ScreenPiece(name: "bar", view: low, environment: env, origin: Point(16, 1000), width: 300, scrolls: false), screen: Device.iPhoneSE.size)
            .contains { $0.contains("height") })
        #expect(problems(ScreenPiece(name: "row", view: low, environment: env, origin: Point(16, 1000), width: 300, scrolls: true), screen: Device.iPhoneSE.size).isEmpty)
    }
}

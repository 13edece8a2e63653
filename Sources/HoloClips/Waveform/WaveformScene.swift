// The feed with the waveform refresh: a pure function of the frame state.
//
// Drawing order: the list rows (clipped to the scroll view), the waveform bars over the top of
// the list, the title bar and the tab bar. The spacer is layout only: it moves the rows down.
// Bars are capsules in one flat colour (white in dark mode, black in light: seed 003 "Color
// Scheme"); each bar's opacity is its own (seed: "Each bar now controls its own opacity").

import HoloGeometry
import HoloMotion
import HoloScene

public struct WaveformScene: Sendable {
    public var layout: WaveformLayout
    public var colorScheme: ColorScheme
    public init(layout: WaveformLayout, colorScheme: ColorScheme) { self.layout = layout; self.colorScheme = colorScheme }

    var isDark: Bool { colorScheme == .dark }
    var background: Color { isDark ? .black : .white }
    var primaryText: Color { isDark ? .white : .black }
    static let secondaryText = Color(hex: 0x8E8E93)
    var hairline: Color { isDark ? Color(hex: 0x38383A) : Color(hex: 0xC6C6C8) }
    /// Seed: "Dark Mode: White bars (Color.white) · Light Mode: Black bars (Color.black)".
    public var barColor: Color { isDark ? .white : .black }

    static let artGradients: [(UInt32, UInt32)] = [
        (0xFF5F6D, 0xFFC371), (0x2193B0, 0x6DD5ED), (0x8E2DE2, 0x4A00E0), (0x11998E, 0x38EF7D),
        (0xFC466B, 0x3F5EFB), (0xF7971E, 0xFFD200), (0x00C6FF, 0x0072FF), (0xEE0979, 0xFF6A00),
    ]
    static let songs = ["Midnight City", "Holocene", "Dreams", "Redbone", "Motion Sickness", "Nights",
                        "Electric Feel", "Vienna", "Pink + White", "Cherry Wine", "Ivy", "Dissolve"]
    static let artists = ["M83 · shared by Ava", "Bon Iver · shared by Leo", "Fleetwood Mac · shared by Mia",
                          "Childish Gambino · shared by Sam", "Phoebe Bridgers · shared by Kai", "Frank Ocean · shared by Zoe"]

    public func scene(_ s: WaveformFrameState, tabHighlight: Double = 0) -> Scene {
        let w = layout.size.width
        var nodes: [Node] = []

        // The list, clipped to the scroll view.
        let viewport = Rect(x: 0, y: layout.listTop, width: w, height: layout.viewportHeight)
        var rows: [Node] = []
        for i in 0..<WaveformLayout.rowCount {
            let top = layout.rowTop(i, scrollOffset: s.scrollOffset, spacer: s.spacer)
            guard top + layout.rowHeight > viewport.minY, top < viewport.maxY else { continue }
            // Each row a scrolled layer: drawn once, moved by whole pixels as the list scrolls.
            rows.append(.group(row(i, top: 0, width: w), transform: .translation(0, top), retention: .scrolled(id: "row-\(i)")))
        }
        nodes.append(.group(rows, clip: .rect(viewport)))

        // The waveform, over the top of the list.
        for i in 0..<WaveformTokens.barCount where s.barOpacities[i] > 0 {
            nodes.append(.fill(.capsule(layout.barRect(i, height: s.barHeights[i])), .solid(barColor.opacity(s.barOpacities[i]))))
        }

        // Title bar and tab bar.
        nodes.append(.fill(.rect(Rect(x: 0, y: 0, width: w, height: layout.listTop)), .solid(background)))
        nodes.append(.text(TextRun("Feed", font: Font(size: layout.type.pointSize(.largeTitle), weight: .bold),
                                   origin: Point(16, layout.titleBaseline), maxWidth: w - 32), .solid(primaryText)))
        nodes.append(contentsOf: tabBar(highlight: tabHighlight))
        return Scene(size: layout.size, background: background, root: nodes)
    }

    func row(_ i: Int, top: Double, width w: Double) -> [Node] {
        let (a, b) = Self.artGradients[i % Self.artGradients.count]
        let art = Rect(x: 16, y: top + 10, width: 52, height: 52)
        return [
            .fill(.roundedRect(art, cornerRadius: 8, style: .continuous),
                  .linearGradient(stops: Paint.evenStops([Color(hex: a), Color(hex: b)]),
                                  start: Point(art.minX, art.minY), end: Point(art.maxX, art.maxY))),
            // One line each (a choice: the seed is silent), truncated with an ellipsis at the margin.
            .text(TextRun(Self.songs[i % Self.songs.count], font: Font(size: layout.type.pointSize(.headline), weight: .semibold),
                          origin: Point(80, top + layout.songBaseline), maxWidth: w - 96), .solid(primaryText)),
            .text(TextRun(Self.artists[i % Self.artists.count], font: Font(size: layout.type.pointSize(.subheadline)),
                          origin: Point(80, top + layout.artistBaseline), maxWidth: w - 96), .solid(Self.secondaryText)),
            .fill(.rect(Rect(x: 80, y: top + layout.rowHeight - 0.5, width: w - 80, height: 0.5)), .solid(hairline)),
        ]
    }

    /// Feed, Shares (the inbox), Phlocks (the groups): SF Symbols at the tab bar's 26-pt size.
    static let tabSymbols = ["house.fill", "tray.fill", "person.2.fill"]

    func tabBar(highlight: Double) -> [Node] {
        let w = layout.size.width, top = layout.tabBarTop
        var nodes: [Node] = [
            .fill(.rect(Rect(x: 0, y: top, width: w, height: layout.tabBarHeight)),
                  .solid(isDark ? Color(hex: 0x121212) : Color(hex: 0xF9F9F9))),
            .fill(.rect(Rect(x: 0, y: top, width: w, height: 0.5)), .solid(hairline)),
        ]
        let titles = ["Feed", "Shares", "Phlocks"]
        for (i, title) in titles.enumerated() {
            let cx = w * (Double(i) + 0.5) / Double(titles.count)
            let color = i == 0 ? primaryText : Self.secondaryText
            if i == 0 && highlight > 0 {
                // A touch highlight on the re-selected tab (fades over 0.3 s after each tap).
                nodes.append(.fill(.circle(center: Point(cx, top + 22), radius: 22), .solid(Self.secondaryText.opacity(0.35 * highlight))))
            }
            nodes.append(Symbol.node(Self.tabSymbols[i], size: 26, weight: .semibold, center: Point(cx, top + 17), paint: .solid(color))!)
            nodes.append(.text(TextRun(title, font: Font(size: 10, weight: .semibold), origin: Point(cx, top + 41), alignment: .center),
                               .solid(color)))
        }
        return nodes
    }
}

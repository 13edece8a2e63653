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

    public func scene(_ s: WaveformFrameState) -> Scene {
        let w = layout.size.width
        var nodes: [Node] = []

        // The list, clipped to the scroll view. Scrolled up, the list runs under the navigation bar
        // (UIKit's scroll view extends under it), so the view reaches the screen's top; pulled down
        // or at rest, the rows start under the large title as before.
        let up = max(s.scroll.offset, 0)
        let viewTop = up > 0 ? 0 : layout.listTop
        let viewport = Rect(x: 0, y: viewTop, width: w, height: layout.tabBarTop - viewTop)
        var rows: [Node] = []
        for i in 0..<WaveformLayout.rowCount {
            let top = layout.rowTop(i, scrollOffset: s.scroll.offset, spacer: s.spacer)
            guard top + layout.rowHeight > viewport.minY, top < viewport.maxY else { continue }
            // Each row a scrolled layer: drawn once, moved by whole pixels as the list scrolls.
            rows.append(.group(row(i, top: 0, width: w), transform: .translation(0, top), retention: .scrolled(id: "row-\(i)")))
        }
        nodes.append(.group(rows, clip: .rect(viewport)))

        // The waveform, over the top of the list.
        // Kept inside the gap the spacer and the pull open (WaveformLayout.barRect(_:height:gap:)).
        let gap = layout.openGap(scrollOffset: s.scroll.offset, spacer: s.spacer)
        for i in 0..<WaveformTokens.barCount where s.barOpacities[i] > 0 {
            let bar = layout.barRect(i, height: s.barHeights[i], gap: gap)
            guard bar.height > 0 else { continue }
            nodes.append(.fill(.capsule(bar), .solid(barColor.opacity(s.barOpacities[i]))))
        }

        nodes += navigationBar(scrolledUp: up)
        nodes.append(contentsOf: tabBar())
        return Scene(size: layout.size, background: background, root: nodes)
    }

    /// "Feed" as UINavigationBar draws a large title. At rest and pulled down: the 34 pt title on
    /// the page's background. Scrolled up by u, the bar shrinks with the content toward the inline
    /// bar (44 pt under the top inset: SystemMetrics.navigationBarHeight),
    ///   bottom = max(inlineBottom, listTop − u),
    /// the large title riding up with it and fading out over that collapse; once the rows reach
    /// under the bar, it is the standard appearance: material with a hairline and the 17 pt
    /// semibold inline title, centred, faded in over `barFadeDistance` points of scroll. Rows pass
    /// under the frosted bar instead of being cut at a hard edge under a 34 pt title.
    func navigationBar(scrolledUp u: Double) -> [Node] {
        let w = layout.size.width
        let inlineBottom = layout.safeTop + SystemMetrics.navigationBarHeight
        let collapseRange = max(layout.listTop - inlineBottom, 1)
        let bottom = max(inlineBottom, layout.listTop - u)
        // 0 at rest … 1 once the large title has gone and the rows run under the bar.
        let large = clamp(u / collapseRange, 0, 1)
        let standard = clamp((u - collapseRange) / Self.barFadeDistance, 0, 1)
        let bar = Rect(x: 0, y: 0, width: w, height: bottom)
        var nodes: [Node] = []
        if standard > 0 {
            nodes.append(.group([.material(.rect(bar), .thin, colorScheme)], opacity: standard))
        }
        if standard < 1 {
            nodes.append(.fill(.rect(bar), .solid(background.opacity(1 - standard))))
        }
        if large < 1 {
            nodes.append(.group([.text(TextRun("Feed", font: Font(size: layout.type.pointSize(.largeTitle), weight: .bold),
                                               origin: Point(16, layout.titleBaseline - u), maxWidth: w - 32), .solid(primaryText))],
                                opacity: 1 - large, clip: .rect(Rect(x: 0, y: layout.safeTop, width: w, height: bottom - layout.safeTop))))
        }
        if standard > 0 {
            let font = Font(size: layout.type.pointSize(.headline), weight: .semibold)
            nodes.append(.group([.fill(.rect(Rect(x: 0, y: bottom - 0.5, width: w, height: 0.5)), .solid(hairline)),
                                 .text(TextRun("Feed", font: font, origin: Point(w / 2, layout.safeTop + 22 + 0.35 * font.size),
                                               alignment: .center, maxWidth: w - 32), .solid(primaryText))],
                                opacity: standard))
        }
        return nodes
    }

    /// Over how many points of scroll the bar's standard appearance (material, hairline, inline
    /// title) fades in once the large title has gone: the rows' 8 pt top inset, so the bar is
    /// frosted before the first row reaches under it (UIKit fades it over 0.25 s; a clip frame is
    /// a function of the scroll, not of when it moved).
    static let barFadeDistance = WaveformLayout.contentInset

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

    func tabBar() -> [Node] {
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
            nodes.append(Symbol.node(Self.tabSymbols[i], size: 26, weight: .semibold, center: Point(cx, top + 17), paint: .solid(color))!)
            nodes.append(.text(TextRun(title, font: Font(size: 10, weight: .semibold), origin: Point(cx, top + 41), alignment: .center),
                               .solid(color)))
        }
        return nodes
    }
}

// The feed's static parts as views of the layout kit: the title bar's large title and its inline
// title, the songs as rows of a plain list (List.swift's rows: 16 pt in, 11 above and below, a
// separator inset to the text), and the kit's tab bar. Each is laid out once per layout and colour
// scheme (`WaveformFeed.laidOut`); the scene then only moves, fades and clips the laid-out nodes.
// What moves them is the family's own: the pull, the spacer and the title bar's collapse
// (WaveformScene), and the waveform drawn over the list.
//
// A row: HStack { art; VStack { song; artist } }. The art is a 52 pt rounded square with the
// row's gradient (a fixed size: the row grows with its text instead). Song (headline) and artist
// (subheadline, secondary) keep one line each, truncated with an ellipsis, up to the
// accessibility sizes, where they wrap to up to four lines (as the titles family's rows), so a row
// there is as tall as its text.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

struct WaveformFeedViews {
    var c: ScreenComposer
    let layout: WaveformLayout

    init(layout: WaveformLayout, colorScheme: ColorScheme) {
        self.layout = layout
        c = ScreenComposer(Self.columnEnvironment(layout, colorScheme))
    }

    static let artGradients: [(UInt32, UInt32)] = [
        (0xFF5F6D, 0xFFC371), (0x2193B0, 0x6DD5ED), (0x8E2DE2, 0x4A00E0), (0x11998E, 0x38EF7D),
        (0xFC466B, 0x3F5EFB), (0xF7971E, 0xFFD200), (0x00C6FF, 0x0072FF), (0xEE0979, 0xFF6A00),
    ]
    static let songs = ["Midnight City", "Holocene", "Dreams", "Redbone", "Motion Sickness", "Nights",
                        "Electric Feel", "Vienna", "Pink + White", "Cherry Wine", "Ivy", "Dissolve"]
    static let artists = ["M83 · shared by Ava", "Bon Iver · shared by Leo", "Fleetwood Mac · shared by Mia",
                          "Childish Gambino · shared by Sam", "Phoebe Bridgers · shared by Kai", "Frank Ocean · shared by Zoe"]

    /// The art's side and corner radius, and the space between it and the text.
    static let artSize = 52.0
    static let artCornerRadius = 8.0
    static let artSpacing = 12.0
    /// Between the song's line and the artist's.
    static let lineSpacing = 1.0
    /// The title bar's large title: its line with 8 pt above and 7 below, so at the default size
    /// its baseline is 41 pt under the status bar and the list starts 56 pt under it, as before
    /// (0.2 and 0.1 pt off: the bold 34 pt line is 41.1 tall); the band grows with the line.
    static let titleTop = 8.0
    static let titleBottom = 7.0

    /// Feed, Shares (the inbox), Phlocks (the groups).
    static let tabs = [TabItemSpec(title: "Feed", systemImage: "house.fill"), TabItemSpec(title: "Shares", systemImage: "tray.fill"),
                       TabItemSpec(title: "Phlocks", systemImage: "person.2.fill")]

    /// A column as wide as the screen, as tall as its views need.
    static func columnEnvironment(_ layout: WaveformLayout, _ colorScheme: ColorScheme) -> ViewEnvironment {
        ViewEnvironment(layout: LayoutEnvironment(screen: Size(layout.size.width, 100_000), safeArea: Insets(), displayScale: 3),
                        dynamicTypeSize: layout.type, colorScheme: colorScheme)
    }

    /// The whole screen with its safe area (the tab bar sits above the home indicator).
    static func screenEnvironment(_ layout: WaveformLayout, _ colorScheme: ColorScheme) -> ViewEnvironment {
        ViewEnvironment(layout: LayoutEnvironment(screen: layout.size, safeArea: Insets(top: layout.safeTop, left: 0, bottom: layout.safeBottom, right: 0),
                                                  displayScale: 3),
                        dynamicTypeSize: layout.type, colorScheme: colorScheme)
    }

    /// A text's line limit: one line below the accessibility sizes, up to four at them.
    var wraps: Int { c.dynamicTypeSize.isAccessibilitySize ? 4 : 1 }

    func system(_ color: SystemColor) -> Color { color.resolved(c.colorScheme, increasedContrast: c.increasedContrast) }

    /// "Feed" as a large title (largeTitle, bold), in its band under the status bar, lined up
    /// with the rows' content (the list row's 16 pt inset; UIKit's margin would put it at 20 on
    /// the widest phones, but the kit's rows stay at 16 there).
    mutating func largeTitle() -> ViewSpec {
        let inset = SystemMetrics.rowInset
        return c.text("Feed", .largeTitle, weight: .bold, color: system(.label))
            .padding(top: Self.titleTop, leading: inset, bottom: Self.titleBottom, trailing: inset)
            .frame(maxWidth: .infinity, alignment: .leading)
    }

    /// "Feed" as the inline title: 17 pt semibold at every text size, centred on the 44 pt bar
    /// and kept clear of its items (the kit's navigation bar).
    mutating func inlineTitle() -> ViewSpec {
        let clear = 2 * SystemMetrics.margin(screenWidth: c.screenWidth) + 44
        return c.text("Feed", size: 17, relativeTo: nil, weight: .semibold, color: system(.label), alignment: .center)
            .padding(leading: clear, trailing: clear)
            .frame(height: SystemMetrics.navigationBarHeight, maxWidth: .infinity)
    }

    /// Song i as a plain list's row, its separator under it unless it is the last.
    mutating func row(_ i: Int) -> ViewSpec {
        let (a, b) = Self.artGradients[i % Self.artGradients.count]
        let art = c.shape(.roundedRect(Self.artCornerRadius), fill: c.linearGradient([Color(hex: a), Color(hex: b)], start: Point(0, 0), end: Point(1, 1)))
            .frame(width: Self.artSize, height: Self.artSize)
        let lines = c.vstack(alignment: 0, spacing: Self.lineSpacing, [
            c.text(Self.songs[i % Self.songs.count], .headline, color: system(.label), lineLimit: wraps),
            c.text(Self.artists[i % Self.artists.count], .subheadline, color: system(.secondaryLabel), lineLimit: wraps),
        ])
        let content = c.hstack(spacing: Self.artSpacing, [art, lines.frame(maxWidth: .infinity, alignment: .leading)])
        return c.listRow(ListRowSpec(content: content, textLeading: Self.artSize + Self.artSpacing),
                         separator: i < WaveformLayout.rowCount - 1, path: "")
    }

    /// The kit's tab bar, the Feed tab selected in the label colour (the app's tint: black, white
    /// in dark mode), on the screen with its safe area; opaque, as the feed's bar always was
    /// (#F9F9F9, #121212 in dark mode), so the rows scrolling under it cost no blur.
    mutating func tabBar() -> ViewSpec {
        c.tabBar(Self.tabs, selected: { $0 == 0 ? "1" : "0" }, tint: system(.label),
                 background: .opaque(c.colorScheme == .dark ? Self.darkBar : Self.lightBar), path: "")
    }
    static let lightBar = Color(hex: 0xF9F9F9)
    static let darkBar = Color(hex: 0x121212)
}

extension WaveformFeedViews {
    // The parts as the kit lays them out, where they sit at rest (the scene moves them from there).

    mutating func largeTitlePiece() -> ScreenPiece {
        ScreenPiece(name: "large title", view: largeTitle(), environment: c.environment, origin: Point(0, layout.safeTop),
                    width: layout.size.width, scrolls: false)
    }

    mutating func inlineTitlePiece() -> ScreenPiece {
        ScreenPiece(name: "inline title", view: inlineTitle(), environment: c.environment, origin: Point(0, layout.safeTop),
                    width: layout.size.width, scrolls: false)
    }

    /// Row i down the unscrolled list.
    mutating func rowPiece(_ i: Int) -> ScreenPiece {
        ScreenPiece(name: "row \(i)", view: row(i), environment: c.environment, origin: Point(0, layout.rowTop(i, scrollOffset: 0, spacer: 0)),
                    width: layout.size.width, scrolls: true)
    }

    mutating func tabBarPiece() -> ScreenPiece {
        ScreenPiece(name: "tab bar", view: tabBar(), environment: Self.screenEnvironment(layout, c.colorScheme), width: nil, scrolls: false)
    }
}

/// The feed laid out: each part's nodes with its top-leading corner at (0, 0), except the tab bar,
/// laid out on the whole screen.
struct WaveformFeed: Sendable {
    var largeTitle: [Node]
    var inlineTitle: [Node]
    var rows: [[Node]]
    var tabBar: [Node]

    /// The feed for a layout and a colour scheme (a clip lays its feed out once).
    static func laidOut(_ layout: WaveformLayout, _ colorScheme: ColorScheme) -> WaveformFeed {
        let key = Key(layout: layout, colorScheme: colorScheme)
        if let done = cache.withLock({ $0[key] }) { return done }
        var views = WaveformFeedViews(layout: layout, colorScheme: colorScheme)
        let feed = WaveformFeed(largeTitle: drawn(views.largeTitlePiece()), inlineTitle: drawn(views.inlineTitlePiece()),
                                rows: (0..<WaveformLayout.rowCount).map { drawn(views.rowPiece($0)) }, tabBar: drawn(views.tabBarPiece()))
        cache.withLock { $0[key] = feed }
        return feed
    }

    static func drawn(_ piece: ScreenPiece) -> [Node] {
        piece.nodes()
    }

    /// What the layout places the feed by: the large title's band, and each row's top down the
    /// list's rows (`rowCount + 1` of them: the last is where the rows end).
    struct Metrics: Sendable { var titleBand: Double, rowTops: [Double] }

    /// The band and the rows for a layout (the same in either colour scheme).
    static func metrics(_ layout: WaveformLayout) -> Metrics {
        if let done = metricsCache.withLock({ $0[layout] }) { return done }
        var views = WaveformFeedViews(layout: layout, colorScheme: .light)
        let width = layout.size.width
        var tops = [0.0]
        for i in 0..<WaveformLayout.rowCount {
            tops.append(tops[i] + views.row(i).laidOut(width: width, in: views.c.environment).size.height)
        }
        let m = Metrics(titleBand: views.largeTitle().laidOut(width: width, in: views.c.environment).size.height, rowTops: tops)
        metricsCache.withLock { $0[layout] = m }
        return m
    }

    private struct Key: Hashable { var layout: WaveformLayout, colorScheme: ColorScheme }
    private static let cache = Locked<[Key: WaveformFeed]>([:])
    private static let metricsCache = Locked<[WaveformLayout: Metrics]>([:])
}

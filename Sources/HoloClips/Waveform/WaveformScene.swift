// The feed with the waveform refresh: a pure function of the frame state.
//
// Drawing order: the list rows (clipped to the scroll view), the waveform bars over the top of the
// list, the title bar and the tab bar. The spacer is layout only: it moves the rows down. The rows,
// the titles and the tab bar are the kit's views, laid out once (WaveformFeedViews); the frame
// moves, fades and clips them. Bars are capsules in one flat colour (white in dark mode, black in
// light: docs/designs.md, Waveform); each bar's opacity is its own (design: "Each bar now controls
// its own opacity").

import HoloGeometry
import HoloMotion
import HoloScene

public struct WaveformScene: Sendable {
    public var layout: WaveformLayout
    public var colorScheme: ColorScheme
    public init(layout: WaveformLayout, colorScheme: ColorScheme) { self.layout = layout; self.colorScheme = colorScheme }

    var isDark: Bool { colorScheme == .dark }
    var background: Color { isDark ? .black : .white }
    /// The bar's hairline: one pixel at 3x in the separator colour, as the rows' and the tab bar's.
    var hairline: Color { SystemColor.separator.resolved(colorScheme, increasedContrast: false) }
    static let hairlineWidth = 1.0 / 3
    /// Design: "Dark Mode: White bars (Color.white) · Light Mode: Black bars (Color.black)".
    public var barColor: Color { isDark ? .white : .black }

    public func scene(_ s: WaveformFrameState) -> Scene {
        let w = layout.size.width
        let feed = WaveformFeed.laidOut(layout, colorScheme)
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
            guard top + layout.rowHeight(i) > viewport.minY, top < viewport.maxY else { continue }
            // Each row a scrolled layer: drawn once, moved by whole pixels as the list scrolls.
            rows.append(.group(feed.rows[i], transform: .translation(0, top), retention: .scrolled(id: "row-\(i)")))
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

        nodes += navigationBar(scrolledUp: up, feed: feed)
        nodes += feed.tabBar
        return Scene(size: layout.size, background: background, root: nodes)
    }

    /// "Feed" as UINavigationBar draws a large title. At rest and pulled down: the 34 pt title on
    /// the page's background. Scrolled up by u, the bar shrinks with the content toward the inline
    /// bar (44 pt under the top inset: SystemMetrics.navigationBarHeight),
    ///   bottom = max(inlineBottom, listTop − u),
    /// the large title riding up with it and fading out over that collapse; once the rows reach
    /// under the bar, it is the standard appearance: material with a hairline and the 17 pt
    /// semibold inline title, centred, faded in over `barFadeDistance` points of scroll. Rows pass
    /// under the frosted bar instead of being cut at a hard edge under a 34 pt title. Both titles
    /// are the kit's (WaveformFeedViews), laid out once and moved here.
    func navigationBar(scrolledUp u: Double, feed: WaveformFeed) -> [Node] {
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
            nodes.append(.group([.group(feed.largeTitle, transform: .translation(0, layout.safeTop - u))],
                                opacity: 1 - large, clip: .rect(Rect(x: 0, y: layout.safeTop, width: w, height: bottom - layout.safeTop))))
        }
        if standard > 0 {
            nodes.append(.group([.fill(.rect(Rect(x: 0, y: bottom - Self.hairlineWidth, width: w, height: Self.hairlineWidth)), .solid(hairline)),
                                 .group(feed.inlineTitle, transform: .translation(0, layout.safeTop))],
                                opacity: standard))
        }
        return nodes
    }

    /// Over how many points of scroll the bar's standard appearance (material, hairline, inline
    /// title) fades in once the large title has gone: the rows' 8 pt top inset, so the bar is
    /// frosted before the first row reaches under it (UIKit fades it over 0.25 s; a clip frame is
    /// a function of the scroll, not of when it moved).
    static let barFadeDistance = WaveformLayout.contentInset
}

extension WaveformScene {
    /// What the kit lays out on the feed, from the views the scene draws: the two titles, every
    /// row down the unscrolled list, the tab bar.
    public func screenPieces() -> [ScreenPiece] {
        var views = WaveformFeedViews(layout: layout, colorScheme: colorScheme)
        return [views.largeTitlePiece(), views.inlineTitlePiece()] + (0..<WaveformLayout.rowCount).map { views.rowPiece($0) }
            + [views.tabBarPiece()]
    }
}

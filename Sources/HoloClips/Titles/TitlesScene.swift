// The frame: a pure function of `TitlesState` (state in, view out).
//
// Back to front: page background, the visible page's content (only blocks on screen), the header
// (material, then title), the tab bar. The status bar is the shared device chrome (DeviceChrome),
// drawn over all of it; where the header has gone, its material stays under the status bar (as a
// navigation bar's background extends under it on iOS), so 9:41 never sits on bare content.

import HoloGeometry
import HoloScene

public struct TitlesScene: Sendable {
    public var layout: TitlesLayout
    public var palette: TitlesPalette
    public var accentHue: Double
    public var reduceMotion: Bool
    /// Low Power Mode: the title's colours are still (docs/designs.md, Titles).
    public var lowPower: Bool

    public init(layout: TitlesLayout, palette: TitlesPalette, accentHue: Double, reduceMotion: Bool, lowPower: Bool = false) {
        self.layout = layout; self.palette = palette; self.accentHue = accentHue; self.reduceMotion = reduceMotion
        self.lowPower = lowPower
    }

    /// The title component for `page` at the state's attitude and time.
    public func title(_ page: TitlesPage, state: TitlesState) -> HolographicTitle {
        HolographicTitle(page.title, font: layout.titleFont,
                         origin: Point(TitlesLayout.horizontalPadding, layout.safeTop + layout.titleBaseline),
                         roll: state.roll, pitch: state.pitch, time: state.titleTime, accentHue: accentHue,
                         reduceMotion: reduceMotion, lowPower: lowPower)
    }

    public func scene(for state: TitlesState) -> Scene {
        let page = state.page
        var nodes = content(page, scrollOffset: state.scroll.offset)
        let chrome = TitlesChrome(layout: layout, palette: palette)
        if !page.hasSearch {
            // The bar's material under the status bar, opaque while the header hides and returns
            // (the header's own material starts below it: TitlesChrome.header).
            nodes += DeviceChrome.statusBarBackdrop(width: layout.size.width, height: layout.statusBarHeight, .ultraThin,
                                                    scheme: palette.scheme)
        }
        nodes += chrome.header(page, title: title(page, state: state), hidden: state.headerHiddenAmount,
                               offset: state.headerOffset, opacity: state.headerOpacity)
        nodes += chrome.tabBar(selected: page)
        return Scene(size: layout.size, background: palette.background, root: nodes)
    }

    /// The page's blocks at `scrollOffset`, culled to the screen.
    func content(_ page: TitlesPage, scrollOffset: Double) -> [Node] {
        let blocks = TitlesContent.blocks(for: page, type: layout.type, width: layout.contentWidth, palette: palette)
        let top = layout.contentTop(page) - scrollOffset
        var nodes: [Node] = []
        for i in blocks.blocks.indices {
            let y = top + blocks.positions[i]
            guard y + blocks.heights[i] > 0, y < layout.size.height else { continue }
            // A scrolled block: kept as a layer while only the scroll moves it (keyed, since culling
            // changes its place in the list).
            nodes.append(.group(blocks.nodes[i], transform: .translation(TitlesLayout.horizontalPadding, y),
                                retention: .scrolled(id: "\(page)-block-\(i)")))
        }
        return nodes
    }
}

extension TitlesScene {
    /// What the kit lays out on `page`: each block in the content column (down the unscrolled
    /// content) and the tab bar.
    public func screenPieces(_ page: TitlesPage) -> [ScreenPiece] {
        let blocks = TitlesContent.pieces(TitlesContent.contents(of: page), page: page, type: layout.type, width: layout.contentWidth, palette: palette)
        let top = Point(TitlesLayout.horizontalPadding, layout.contentTop(page))
        return blocks.map { var piece = $0; piece.origin = piece.origin + top; return piece }
            + [TitlesChrome(layout: layout, palette: palette).tabBarPiece(selected: page)]
    }
}

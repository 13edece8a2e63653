// The bars over the content: the collapsing header and the tab bar (the status bar is the shared
// DeviceChrome, drawn over every built-in clip).
//
// Draw order matters because a material blurs what is already drawn: content first, then the
// header's material bar, then its title; the tab bar last over the content's bottom.
//
// Header (the design's component, docs/designs.md, Titles): VStack { HStack { title; Spacer;
// trailing } padded } on .ultraThinMaterial, `.offset(y: visible ? 0 : −100)` and
// `.opacity(visible ? 1 : 0)` — the whole bar moves and fades. Exercises (the design's Phase 4: "title collapses first,
// search bar remains accessible"): the search field is not part of the collapsing title. The title
// row moves and fades exactly as above, while the search row rises by the title row's 78 pt × h to
// sit just under the status bar; the material bar stays opaque and ends under the search row, so
// the field is always reachable. A design choice: `.searchable` is outside the design's header
// component.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

struct TitlesChrome {
    var layout: TitlesLayout
    var palette: TitlesPalette

    var width: Double { layout.size.width }

    /// The header for `page` with the title given, h = hidden amount (0 shown … 1 hidden).
    func header(_ page: TitlesPage, title: HolographicTitle, hidden h: Double, offset: Double, opacity: Double) -> [Node] {
        var titleRow: [Node] = [title.node]
        if page.hasFilterButton { titleRow.append(filterButton()) }
        // The bar's material reaches `barOverhang` points above the screen (a bar's background ignores
        // the top safe area and continues past the edge): the spring's return overshoot moves the
        // bar down by up to 0.63 pt, and a bar starting at y = 0 would leave its top row unblurred.
        let barMaterial = Node.material(.rect(Rect(x: 0, y: -Self.barOverhang, width: width,
                                                   height: layout.headerBottom(.home) + Self.barOverhang)),
                                        .ultraThin, palette.scheme)
        guard page.hasSearch else {
            // Under the status bar the frosting is the backdrop band's (TitlesScene), drawn opaque
            // whatever the header does: the fading bar's material starts below the band (at the
            // band's edge in the window whatever the offset), so the content never shows through
            // two half-faded layers there (sharp card text beside 9:41 at 25 % while the header
            // hid). Below the band the bar fades as the design's `.opacity` fades it.
            let bandTop = layout.statusBarHeight - offset
            let bottom = layout.headerBottom(.home)
            guard opacity > 0 else { return [] }
            let fading: [Node] = bandTop < bottom
                ? [.material(.rect(Rect(x: 0, y: bandTop, width: width, height: bottom - bandTop)), .ultraThin, palette.scheme)] : []
            return [.group(Group([.group(Group(layout.statusBarHeight > 0 ? fading : [barMaterial], transform: .translation(0, offset))),
                                  titleRowGroup(titleRow, offset: offset)], opacity: opacity))]
        }
        // Exercises: the bar ends under the search row, which rises as the title row collapses.
        let searchTop = layout.safeTop + layout.headerHeight * (1 - h)
        let bar = Rect(x: 0, y: 0, width: width, height: searchTop + layout.searchRowHeight)
        var nodes: [Node] = [.material(.rect(bar), .ultraThin, palette.scheme)]
        if opacity > 0 {
            // The title's descenders (baseline + 8) stay above the rising field: 60 − 100h + 8 ≤ 78 − 78h.
            nodes.append(.group(Group([titleRowGroup(titleRow, offset: offset)], opacity: opacity)))
        }
        nodes.append(searchField(top: searchTop))
        return nodes
    }

    /// How far the bar's material continues above the screen's top edge, in points.
    static let barOverhang = 20.0

    /// The title row, moved with the header (its caller fades it), clipped to the safe area below the status
    /// bar: the row lives in the top safe-area inset (design: `.safeAreaInset(edge: .top)`), and as it
    /// slides up by −100·h it passes under the status bar's edge instead of ghosting over "9:41"
    /// (its opacity is still 1 − h there, 0.64 at h = 0.36).
    func titleRowGroup(_ row: [Node], offset: Double) -> Node {
        let below = Rect(x: 0, y: layout.safeTop, width: width, height: layout.size.height - layout.safeTop)
        return .group(Group([.group(Group(row, transform: .translation(0, offset)))], clip: .rect(below)))
    }

    /// Design: the filter button as trailing content, vertically centred on the title line.
    func filterButton() -> Node {
        let c = Point(width - TitlesLayout.horizontalPadding - 18, layout.safeTop + layout.titleBaseline - 12 * layout.titleFont.size / Font.largeTitle.size)
        // line.3.horizontal.decrease in a tinted disc (SF's .circle.fill look), semibold.
        return .group([.fill(.circle(center: c, radius: 18), .solid(palette.accent.opacity(0.15))),
                       Symbol.node("line.3.horizontal.decrease", size: 22, weight: .semibold, center: c, paint: .solid(palette.accent))!])
    }

    func searchField(top: Double) -> Node {
        let pad = TitlesLayout.horizontalPadding
        let field = Rect(x: pad, y: top, width: width - 2 * pad, height: layout.searchFieldHeight)
        let tint = Color(hex: 0x767680, alpha: palette.scheme == .light ? 0.12 : 0.24)
        let glass = Point(field.minX + 17, field.midY - 1.5)
        return .group([
            .fill(.roundedRect(field, cornerRadius: 10, style: .continuous), .solid(tint)),
            Symbol.node("magnifyingglass", size: 17 * layout.type.scale(of: .body), weight: .medium, center: Point(glass.x + 1.5, glass.y + 1.5),
                        paint: .solid(palette.secondaryLabel))!,
            .text(TextRun("Search exercises", font: Font(size: layout.type.pointSize(.body)),
                          origin: Point(field.minX + 32, field.midY + 6 * layout.type.scale(of: .body)), maxWidth: field.width - 40),
                  .solid(palette.secondaryLabel)),
        ])
    }

    /// The kit's tab bar: five items, the selected one in the accent colour, on the thin material.
    func tabBar(selected: TitlesPage) -> [Node] {
        let key = TabBarKey(layout: layout, palette: palette, selected: selected)
        if let done = Self.tabBars.withLock({ $0[key] }) { return done }
        let nodes = tabBarPiece(selected: selected).nodes()
        Self.tabBars.withLock { $0[key] = nodes }
        return nodes
    }

    /// The tab bar as the kit lays it out, on the whole screen.
    func tabBarPiece(selected: TitlesPage) -> ScreenPiece {
        let insets = Insets(top: layout.safeTop, left: 0, bottom: layout.safeBottom, right: 0)
        let environment = ViewEnvironment(layout: LayoutEnvironment(screen: layout.size, safeArea: insets, displayScale: 3),
                                          dynamicTypeSize: layout.type, colorScheme: palette.scheme)
        var c = ScreenComposer(environment)
        let items = TitlesPage.allCases.map { TabItemSpec(title: $0.tabLabel, systemImage: Self.tabSymbols[$0]!) }
        let bar = c.tabBar(items, selected: { TitlesPage.allCases[$0] == selected ? "1" : "0" }, tint: palette.accent, background: .material(.thin), path: "")
        return ScreenPiece(name: "tab bar", view: bar, environment: environment, width: nil, scrolls: false)
    }

    private struct TabBarKey: Hashable { var layout: TitlesLayout, palette: TitlesPalette, selected: TitlesPage }
    /// Tab bars laid out so far (a clip shows at most five).
    private static let tabBars = Locked<[TabBarKey: [Node]]>([:])

    /// house.fill, dumbbell.fill, calendar, clock, person.fill: Home, Exercises, Programs, History, Profile.
    static let tabSymbols: [TitlesPage: String] = [.home: "house.fill", .exercises: "dumbbell.fill", .programs: "calendar",
                                                   .history: "clock", .profile: "person.fill"]
}

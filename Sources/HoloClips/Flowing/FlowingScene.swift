// The flowing header's page as a scene: grouped background, the scroll content (header source with the
// subtitle and, when it does not flow, the accessory; then the settings list), the navigation bar whose
// frosted background and hairline fade in with progress, and on top the flowing title and accessory.
//
// Like Portal, the title exists once: the header's own title is an invisible layout anchor, and the
// text drawn is the overlay that moves from the source frame to the nav bar and scales (never two
// copies at once). A pure function of the frame's state.

import HoloGeometry
import HoloScene

public struct FlowingScene: Sendable {
    public var page: FlowingPage
    var palette: FlowingPalette
    /// The bar's material (approx.: UIKit's default bar reads near-white over grouped grey; of the four
    /// recipes only `thick` (luminance mix 0.88) comes out that light — `thin` gave a mid-grey bar).
    static let barMaterial = MaterialKind.thick

    public init(page: FlowingPage, colorScheme: ColorScheme = .light) {
        self.page = page
        palette = .for(colorScheme)
        scheme = colorScheme
        let environment = FlowingHeaderView.environment(width: page.size.width, type: page.type, scheme: colorScheme)
        subtitle = FlowingHeaderView(page.configuration, environment: environment, subtitleColor: palette.secondaryLabel).subtitle
            .laidOut(width: page.size.width - 2 * FlowingHeaderView.horizontalPadding, in: environment).nodes
    }
    let scheme: ColorScheme
    /// The header's subtitle laid out by the kit, its top-leading corner at (0, 0).
    let subtitle: [Node]

    var titleFont: Font { Font(size: page.sourceTitleFontSize, weight: .semibold) }

    public func scene(for s: FlowingFrameState) -> Scene {
        let size = page.size, config = page.configuration
        let contentY = page.contentTop - s.scroll.offset
        var nodes: [Node] = []

        // Scroll content.
        let subtitleFrame = page.subtitleContentFrame
        nodes.append(.group(subtitle, transform: .translation(subtitleFrame.minX, contentY + subtitleFrame.minY),
                            retention: .scrolled(id: "subtitle")))
        if !config.titleFlows { nodes.append(title(center: s.titleCenter, scale: s.titleScale)) }
        if config.hasAccessory, !config.accessoryFlows, let c = s.accessoryCenter, let sc = s.accessoryScale {
            nodes.append(accessory(center: c, scale: sc, opacity: s.accessoryOpacity ?? 1))
        }
        // The list's sections, laid out once, moved by the scroll (kept as layers while only the
        // scroll moves them; keyed, since culling changes their place in the list).
        let list = FlowingSettingsList.laidOut(width: size.width, type: page.type, scheme: scheme)
        let listTop = contentY + page.listContentTop
        for s in list.origins.indices {
            let y = listTop + list.origins[s].y
            guard y + list.heights[s] > 0, y < size.height else { continue }
            nodes.append(.group(list.nodes[s], transform: .translation(list.origins[s].x, y), retention: .scrolled(id: "section-\(s)")))
        }

        // Navigation bar: material + hairline, faded in with progress.
        if s.navigationBarOpacity > 0 {
            let hairline = hairlineTop(descender: TextMeasure.vertical(titleFont).descent / titleFont.size)
            let bar = page.navigationBarFrame
            let material = Rect(x: bar.minX, y: bar.minY, width: bar.width, height: hairline + 0.5 - bar.minY)
            nodes.append(.group([
                .material(.rect(material), Self.barMaterial, scheme),
                .fill(.rect(Rect(x: 0, y: hairline, width: bar.width, height: 0.5)), .solid(palette.hairline)),
            ], opacity: s.navigationBarOpacity))
        }

        // The flowing overlay, above the bar.
        if config.accessoryFlows, let c = s.accessoryCenter, let sc = s.accessoryScale {
            nodes.append(accessory(center: c, scale: sc, opacity: s.accessoryOpacity ?? 1))
        }
        if config.titleFlows { nodes.append(title(center: s.titleCenter, scale: s.titleScale)) }
        return Scene(size: size, background: palette.background, root: nodes)
    }

    /// Space between the bar title's descenders and the hairline, in points (a choice: the title's
    /// line is centred in its slot and nothing may touch the bar's edge).
    static let hairlineClearance = 2.0

    /// The top of the bar's 0.5 pt hairline: at the bar's bottom, or lower when the title at its
    /// place in the bar (p = 1: the destination centre, the headline scale) reaches below
    /// hairline − clearance with its descenders. `descender` is the face's, in ems (measured
    /// through HoloText, as the rest of the layout), so the hairline follows the face. The vertical layout's stack fills
    /// the 44 pt bar, and its "g" touched the hairline (DejaVu Sans: 0.6 pt apart).
    func hairlineTop(descender: Double) -> Double {
        let bottom = page.navigationBarFrame.maxY - 0.5
        guard page.configuration.titleFlows else { return bottom }
        let scale = FlowingMath.titleScale(progress: 1, sourceHeight: page.sourceTitleLineHeight)
        let size = titleFont.size * scale
        let baseline = page.destinationCenters.title.y + FlowingSettingsList.baselineBelowCenter(Font(size: size, weight: titleFont.weight, family: titleFont.family))
        return max(bottom, baseline + descender * size + Self.hairlineClearance)
    }

    /// The large title drawn centred on `center`, scaled about its centre.
    func title(center: Point, scale: Double) -> Node {
        let run = TextRun(page.configuration.title, font: titleFont,
                          origin: Point(0, FlowingSettingsList.baselineBelowCenter(titleFont)), alignment: .center)
        return .group([.text(run, .solid(palette.label))],
                      transform: AffineTransform.scale(scale, scale).concatenating(.translation(center.x, center.y)))
    }

    /// The 64 pt symbol box centred on `center`, scaled per axis about its centre.
    func accessory(center: Point, scale: Size, opacity: Double) -> Node {
        let half = FlowingTokens.accessorySize / 2
        let t = AffineTransform.translation(-half, -half)
            .concatenating(.scale(scale.width, scale.height))
            .concatenating(.translation(center.x, center.y))
        // Group opacity, as SwiftUI's .opacity on the symbol: the parts fade as one, with no seam
        // where the shoulders meet the ring (the renderer blends only the group's bounds).
        return .group(FlowingSymbol.personCircle(color: palette.tint), transform: t, opacity: opacity)
    }
}

extension FlowingScene {
    /// What the kit lays out on the page: the header (its title the anchor the flowing title
    /// leaves from) and each section of the list, down the unscrolled content.
    public func screenPieces() -> [ScreenPiece] {
        let environment = FlowingHeaderView.environment(width: page.size.width, type: page.type, scheme: scheme)
        var header = FlowingHeaderView(page.configuration, environment: environment, subtitleColor: palette.secondaryLabel)
            .piece(width: page.size.width, environment: environment)
        header.origin = Point(0, page.contentTop)
        let listTop = Point(0, page.contentTop + page.listContentTop)
        return [header] + FlowingSettingsList.pieces(width: page.size.width, type: page.type, scheme: scheme).map {
            var piece = $0; piece.origin = piece.origin + listTop; return piece
        }
    }
}

// The hero clip's screens: a Goals list (tappable goal cards above recent transactions) and a
// goal's detail view (green header with the goal's figures, its contributions below). Both the
// source card and the detail are laid out at the shared frame they are given (matched geometry lays
// each matched view out at the shared size), clipped to a rounded rect whose radius eases from the
// card's to 0. In Full mode the hero is seamless (docs/designs.md, Matched geometry): the card's
// background is matched as well, one opaque shape at the shared frame, so the list is seen around
// the moving card and never through it; the card's and the detail's contents crossfade inside it.

import HoloGeometry
import HoloMotion
import HoloScene

public struct HeroTransitionLayout: Sendable {
    public var size: Size
    /// Dynamic Type: text by the iOS tables, the title and cards grow with it.
    public var type: DynamicTypeSize
    /// The device's safe area (ScreenInsets.swift); a screen without insets is taken as an iPhone 12.
    public var insets: ScreenInsets

    public init(size: Size, type: DynamicTypeSize = .large, insets: ScreenInsets = .iPhone12) {
        self.size = size; self.type = type; self.insets = insets
    }

    /// The device's top safe-area inset (iPhone 12 47, SE 20, 17 Pro Max 62, iPad 24).
    public var topInset: Double { insets.top }
    /// The list's top: "Goals" (large title) 16 pt under the top inset, its baseline 49 pt under it.
    public var listTop: Double { topInset + 16 }

    /// The Goals list: the title, the goal cards 12 pt apart, recent transactions 8 pt apart.
    static let listItems: [FinanceColumn.Item] =
        [.init(block: .largeTitle("Goals", onHeader: false), gap: 12)]
        + FinanceData.goals.map { .init(block: .goal($0), gap: 12) }
        + [.init(block: .section("Recent"), gap: 8)]
        + FinanceData.transactions.map { .init(block: .transaction($0), gap: 8) }

    /// The list laid out (once per size, text size and palette).
    func list(_ palette: FinancePalette) -> FinanceColumn {
        .laidOut(Self.listItems, width: size.width, type: type, palette: palette)
    }

    /// The goal cards' frames in the list, in window points: where the kit lays them out.
    public var cardFrames: [Rect] {
        let list = list(.light)
        return FinanceData.goals.indices.map { list.frames[1 + $0].offsetBy(dx: 0, dy: listTop) }
    }

    /// The detail view fills the window.
    public var detailFrame: Rect { Rect(origin: .zero, size: size) }

    /// The detail's navigation bar under the top inset: its back button, 16 pt from the edge.
    func navigationBar(_ palette: FinancePalette) -> FinanceColumn {
        .laidOut([.init(block: .backButton("Goals"), gap: 0)], width: size.width, type: type, palette: palette)
    }

    /// The detail `width` wide (the window's by default): the goal's header, its contributions 8 pt
    /// apart below "Contributions".
    /// The detail's goal header and its "Contributions" title: always laid out and drawn (the
    /// frame clips them when it is shorter), so the detail's text is the same at every height.
    static let detailLeadingBlocks = 2

    func detail(_ goal: FinanceData.Goal, palette: FinancePalette, width: Double? = nil, through bottom: Double = .infinity) -> FinanceColumn {
        let amounts = [750.0, 750, 1_200, 500, 750, 2_000, 750, 300]
        let rows: [FinanceColumn.Item] = amounts.enumerated().map { i, a in
            .init(block: .transaction(FinanceData.Transaction(title: i % 3 == 2 ? "Bonus transfer" : "Monthly transfer", category: "Savings",
                                                              date: "Feb \(14 - i)", amount: a)), gap: 8)
        }
        let items: [FinanceColumn.Item] = [.init(block: .goalHeader(goal, topInset: topInset), gap: 16, inset: 0),
                                           .init(block: .section("Contributions"), gap: 10)] + rows
        return .laidOut(items, width: width ?? detailFrame.width, type: type, palette: palette, through: bottom,
                        leading: Self.detailLeadingBlocks)
    }
}

struct HeroTransitionScene: Sendable {
    let layout: HeroTransitionLayout
    let palette: FinancePalette
    let highContrast: Bool
    var type: DynamicTypeSize { layout.type }

    func scene(_ s: HeroTransitionModel.Sample, transition: HeroTransitionModel.Transition) -> Scene {
        let size = layout.size
        let list = layout.list(palette)
        // The list's cards and rows are retained layers: the transition fades and covers them, and
        // they are composited from their surfaces rather than drawn again. Goal cards follow the
        // title; in Full mode the linked card has left its slot: it is drawn at the shared frame below.
        let linked = s.card.map { $0 + 1 }
        var nodes = list.drawn(top: layout.listTop, above: size.height, id: "list",
                               skipping: transition == .matchedGeometry ? Set(linked.map { [$0] } ?? []) : [])
        if transition != .matchedGeometry, let linked, case .group(var g) = nodes[linked] {
            g.opacity = s.sourceOpacity
            nodes[linked] = .group(g)
        }

        if let card = s.card, let frame = s.heroFrame {
            let goal = FinanceData.goals[card]
            let radius = FinanceViews.cardRadius * (1 - clamp(s.linkProgress, 0, 1))
            if transition == .matchedGeometry {
                // The seamless hero: the card's background is the matched element, one opaque shape
                // at the shared frame and radius, its colour going from the card's surface to the
                // detail's page; the list shows around it, never through it.
                nodes.append(.fill(.roundedRect(frame, cornerRadius: radius, style: .continuous),
                                   .solid(palette.surface.mixed(with: palette.page, s.destinationOpacity))))
            }
            nodes.append(detail(goal, frame: frame, radius: radius, opacity: s.destinationOpacity, scale: s.destinationScale))
            nodes.append(backButton(heroFrame: frame, radius: radius, opacity: s.destinationOpacity))
            if transition == .matchedGeometry {
                // The card's contents (without their own background: the shape above is it),
                // crossfading with the detail's inside the shape's bounds.
                let local = Shape.roundedRect(Rect(origin: .zero, size: frame.size), cornerRadius: radius, style: .continuous)
                nodes.append(.group(sourceContent(card, width: frame.width), transform: .translation(frame.minX, frame.minY),
                                    opacity: s.sourceOpacity, clip: local))
                if highContrast && s.phase != .detail {
                    // High Contrast: "Hero transition borders: 2pt stroke added".
                    nodes.append(.stroke(.roundedRect(frame.insetBy(dx: 1, dy: 1), cornerRadius: max(radius - 1, 0), style: .continuous),
                                         .solid(palette.gold), width: 2))
                }
            }
        }
        return Scene(size: size, background: palette.page, root: nodes)
    }

    /// "‹ Goals" (chevron.left and "Goals"): the detail's back button belongs to its navigation
    /// bar, at a fixed place in the window (docs/designs.md, Hero: the link "works with
    /// NavigationStack"; the bar is not part of the matched view). It was laid out inside the
    /// morphing frame with the header and so rode inside the growing card (at frame 36, 75 pt under
    /// the card's top). Here it keeps its window position, is shown where the hero's frame has
    /// reached it (the detail screen is revealed by the frame), and fades in with the destination.
    func backButton(heroFrame frame: Rect, radius: Double, opacity: Double) -> Node {
        .group(layout.navigationBar(palette).placed(top: layout.topInset), opacity: opacity,
               clip: .roundedRect(frame, cornerRadius: radius, style: .continuous))
    }

    /// Matched geometry lays the source and the destination out at the shared frame's width: each
    /// is laid out once per whole point of it (the morph passes some 30 widths, each laid out once
    /// and kept), the first and last at the kit's card and window widths.
    static func sharedWidth(_ width: Double) -> Double { width.rounded() }

    /// The goal card's content at the shared width (without its background: the matched shape is it).
    func sourceContent(_ card: Int, width: Double) -> [Node] {
        let item = FinanceColumn.Item(block: .goal(FinanceData.goals[card]), gap: 0, inset: 0, background: false)
        return FinanceColumn.laidOut([item], width: Self.sharedWidth(width), type: type, palette: palette).nodes[0]
    }

    /// The detail view at `frame`: laid out at the frame's width (matched geometry), or at the
    /// detail's own size and scaled into the frame (Reduced mode's simple scale, `scale` < 1).
    func detail(_ goal: FinanceData.Goal, frame: Rect, radius: Double, opacity: Double, scale: Double) -> Node {
        // What the frame shows of the detail, in the detail's points.
        let shown = Rect(x: 0, y: 0, width: frame.width / scale, height: frame.height / scale)
        // Its blocks are drawn directly, not as retained layers: matched geometry lays them out at a
        // new width each frame of the morph, and after it the spring still moves them by fractions
        // of a pixel, so a layer would be drawn once and thrown away. Only the blocks that start
        // inside the frame (and the header and section title) are laid out: at the morph's start
        // the frame shows the header alone.
        let children: [Node] = [.fill(.rect(shown), .solid(palette.page))]
            + layout.detail(goal, palette: palette, width: Self.sharedWidth(shown.width), through: shown.height)
                .drawn(top: 0, id: nil) { i, f in i < HeroTransitionLayout.detailLeadingBlocks || f.minY < shown.height }
        // Reduced: x' = frame.origin + s·x (the frame is the detail scaled by s about its centre).
        let transform = AffineTransform.scale(scale, scale).concatenating(.translation(frame.minX, frame.minY))
        let shape = Shape.roundedRect(shown, cornerRadius: radius / scale, style: .continuous)
        return .group(children, transform: transform, opacity: opacity, clip: shape)
    }
}

extension HeroTransitionLayout {
    /// What the kit lays out: the Goals list (down the unscrolled list), the detail's navigation bar
    /// and each goal's detail.
    public func screenPieces(palette: FinancePalette) -> [ScreenPiece] {
        list(palette).pieces("goals", top: listTop, scrolls: true) + navigationBar(palette).pieces("navigation bar", top: topInset, scrolls: false)
            + FinanceData.goals.indices.flatMap { detail(FinanceData.goals[$0], palette: palette).pieces("detail \($0)", top: 0, scrolls: true) }
    }
}

// The hero clip's screens: a Goals list (tappable goal cards above recent transactions) and a goal's
// detail view (green header with the goal's figures, its contributions below). Both the source card
// and the detail are laid out at the shared frame they are given (matched geometry lays each matched
// view out at the shared size), clipped to a rounded rect whose radius eases from the card's to 0.
// In Full mode the hero is seamless (REFERENCE.md, "Matched geometry"): the card's background is
// matched as well, one opaque shape at the shared frame, so the list is seen around the moving card
// and never through it; the card's and the detail's contents crossfade inside it.

import HoloGeometry
import HoloMotion
import HoloScene

public struct HeroTransitionLayout: Sendable {
    public var size: Size
    /// Dynamic Type: text by the iOS tables, the title and cards grow with it.
    public var type: DynamicTypeSize
    /// The device's safe area (ScreenInsets.swift); a screen without insets is taken as an iPhone 12.
    public var insets: ScreenInsets
    /// The iPhone 12's top inset, which the values below were laid out under: the screens move
    /// down by the device's inset less this.
    public static let topInset = 47.0
    public static let titleBaseline = 96.0
    public static let firstCardY = 116.0
    public static let cardSpacing = 12.0

    public init(size: Size, type: DynamicTypeSize = .large, insets: ScreenInsets = .iPhone12) {
        self.size = size; self.type = type; self.insets = insets
    }

    /// The device's top safe-area inset (iPhone 12 47, SE 20, 17 Pro Max 62, iPad 24).
    public var topInset: Double { insets.top }
    /// "Goals": 49 pt under the top inset at the default size, grown by the large title's ratio.
    public var titleBaseline: Double { topInset + (Self.titleBaseline - Self.topInset) * type.scale(of: .largeTitle) }
    public var firstCardY: Double { titleBaseline + (Self.firstCardY - Self.titleBaseline) }

    /// The goal cards' frames in the list, in window points.
    public var cardFrames: [Rect] {
        let h = FinanceViews.goalCardHeight(type)
        return FinanceData.goals.indices.map { i in
            Rect(x: FinanceViews.margin, y: firstCardY + Double(i) * (h + Self.cardSpacing),
                 width: size.width - 2 * FinanceViews.margin, height: h)
        }
    }

    /// The detail view fills the window.
    public var detailFrame: Rect { Rect(origin: .zero, size: size) }
}

struct HeroTransitionScene: Sendable {
    let layout: HeroTransitionLayout
    let palette: FinancePalette
    let highContrast: Bool
    var type: DynamicTypeSize { layout.type }

    func scene(_ s: HeroTransitionModel.Sample, transition: HeroTransitionModel.Transition) -> Scene {
        let size = layout.size
        var nodes: [Node] = [
            .text(TextRun("Goals", font: FinanceViews.font(34, .bold, type), origin: Point(20, layout.titleBaseline)), .solid(palette.ink)),
        ]
        let frames = layout.cardFrames
        for (i, goal) in FinanceData.goals.enumerated() {
            // In Full mode the linked card has left its slot: it is drawn at the shared frame below.
            if i == s.card && transition == .matchedGeometry { continue }
            let opacity = i == s.card ? s.sourceOpacity : 1
            // The list's cards and rows are retained layers: the transition fades and covers
            // them, and they are composited from their surfaces rather than drawn again.
            nodes.append(.group([FinanceViews.goalCard(goal, progress: goal.progress, frame: frames[i], palette: palette, type: type)],
                                opacity: opacity, retention: Retention(id: "goal-\(i)")))
        }
        var y = (frames.last?.maxY ?? 0) + 40 * type.scale(of: .title3)
        nodes.append(FinanceViews.sectionTitle("Recent", at: Point(20, y), palette: palette, type: type))
        y += 14
        let rowHeight = FinanceViews.rowHeight(type)
        for (k, t) in FinanceData.transactions.enumerated() where y < size.height {
            nodes.append(.group([FinanceViews.transactionRow(t, frame: Rect(x: 16, y: y, width: size.width - 32, height: rowHeight),
                                                            palette: palette, type: type)], retention: Retention(id: "row-\(k)")))
            y += rowHeight + 8
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
                nodes.append(.group(sourceContent(goal, width: frame.width), transform: .translation(frame.minX, frame.minY),
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

    /// "‹ Goals" (chevron.left and "Goals"): the detail's back button belongs to its navigation bar, at a fixed place in the
    /// window (seed 002: the link "works with NavigationStack"; the bar is not part of the matched
    /// view). It was laid out inside the morphing frame with the header and so rode inside the
    /// growing card (at frame 36, 75 pt under the card's top). Here it keeps its window position, is
    /// shown where the hero's frame has reached it (the detail screen is revealed by the frame), and
    /// fades in with the destination.
    func backButton(heroFrame frame: Rect, radius: Double, opacity: Double) -> Node {
        let r = type.scale(of: .largeTitle)
        let baseline = layout.topInset + 28 * r
        let font = FinanceViews.font(17, .regular, type)
        // UIKit's back button: chevron.left (semibold, a little taller than the title's capitals),
        // then the previous screen's title.
        let chevron = Symbol.node("chevron.left", size: 1.3 * font.size, weight: .semibold,
                                  center: Point(16 + 0.3 * font.size, baseline - 0.36 * font.size), paint: .solid(palette.gold))!
        return .group([chevron,
                       .text(TextRun("Goals", font: font, origin: Point(16 + 0.85 * font.size, baseline)), .solid(palette.gold))],
                      opacity: opacity, clip: .roundedRect(frame, cornerRadius: radius, style: .continuous))
    }

    /// The goal card's content at the shared width (the card's own fill is added by `FinanceViews.card`).
    func sourceContent(_ goal: FinanceData.Goal, width: Double) -> [Node] {
        guard case .group(let g) = FinanceViews.goalCard(goal, progress: goal.progress,
                                                         frame: Rect(x: 0, y: 0, width: width, height: FinanceViews.goalCardHeight(type)),
                                                         palette: palette, type: type) else { return [] }
        return Array(g.children.dropFirst())
    }

    /// The detail view at `frame`: laid out at the frame's size (matched geometry), or at the detail's
    /// own size and scaled into the frame (Reduced mode's simple scale, `scale` < 1).
    func detail(_ goal: FinanceData.Goal, frame: Rect, radius: Double, opacity: Double, scale: Double) -> Node {
        let content = scale == 1 ? frame.size : layout.detailFrame.size
        let w = content.width
        // The header's lines sit at 28, 103, 153, 181 pt under the top inset and its track at 205,
        // 253 pt tall, at the default size; the block grows by the large title's ratio. (Written
        // against the iPhone 12's 47 pt inset: y(v) puts them under the device's.)
        let r = type.scale(of: .largeTitle)
        func y(_ v: Double) -> Double { layout.topInset + (v - HeroTransitionLayout.topInset) * r }
        let header = y(300)
        let fit = FinanceViews.minimumScaleFactor
        var children: [Node] = [
            .fill(.rect(Rect(origin: .zero, size: content)), .solid(palette.page)),
            .fill(.rect(Rect(x: 0, y: 0, width: w, height: header)), .linearGradient(
                stops: Paint.evenStops([palette.navy, palette.forest]), start: Point(0, 0), end: Point(w, header))),
            .text(TextRun(goal.name, font: FinanceViews.font(28, .bold, type), origin: Point(20, y(150)), maxWidth: w - 40,
                          minimumScaleFactor: fit), .solid(palette.cream)),
            .text(TextRun(FinanceData.money(goal.saved), font: FinanceViews.font(34, .bold, type), origin: Point(20, y(200)),
                          maxWidth: w - 40, minimumScaleFactor: fit), .solid(palette.cream)),
            .text(TextRun("of \(FinanceData.money(goal.target, cents: false)) · \(Int(goal.progress * 100))%",
                          font: FinanceViews.font(15, .regular, type), origin: Point(20, y(228)), maxWidth: w - 40,
                          minimumScaleFactor: fit), .solid(palette.gold)),
        ]
        let track = Rect(x: 20, y: y(252), width: w - 40, height: 12)
        children.append(.fill(.capsule(track), .solid(palette.cream.opacity(0.2))))
        children.append(.fill(.capsule(Rect(x: track.minX, y: track.minY, width: track.width * goal.progress, height: track.height)),
                              .solid(palette.gold)))
        children.append(FinanceViews.sectionTitle("Contributions", at: Point(20, header + 44 * type.scale(of: .title3)), palette: palette,
                                                 type: type))
        var rowY = header + 44 * type.scale(of: .title3) + 16
        let rowHeight = FinanceViews.rowHeight(type)
        let amounts = [750.0, 750, 1_200, 500, 750, 2_000, 750, 300]
        for (i, a) in amounts.enumerated() where rowY < content.height {
            let t = FinanceData.Transaction(title: i % 3 == 2 ? "Bonus transfer" : "Monthly transfer", category: "Savings",
                                              date: "Feb \(14 - i)", amount: a)
            children.append(FinanceViews.transactionRow(t, frame: Rect(x: 16, y: rowY, width: w - 32, height: rowHeight),
                                                       palette: palette, type: type))
            rowY += rowHeight + 8
        }
        // Reduced: x' = frame.origin + s·x (the frame is the detail scaled by s about its centre).
        let transform = AffineTransform.scale(scale, scale).concatenating(.translation(frame.minX, frame.minY))
        let shape = Shape.roundedRect(Rect(origin: .zero, size: content), cornerRadius: radius / scale, style: .continuous)
        return .group(children, transform: transform, opacity: opacity, clip: shape)
    }
}

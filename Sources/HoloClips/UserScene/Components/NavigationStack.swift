// NavigationStack with `.navigationTitle`, `.navigationBarTitleDisplayMode` and toolbar items, drawn
// as UINavigationBar draws it on iOS 17/18:
//
//   the bar           44 pt below the status bar: leading items, the inline title centred
//                     (17 pt semibold), trailing items (17 pt), inside the layout margins (16 pt;
//                     20 on the widest phones). The bar's text keeps its size at every Dynamic
//                     Type size, as UIKit's does; the large title grows with it.
//   the large title   a band under the bar (52 pt at the default text size: its 41 pt line with
//                     3 pt above and 8 below; it grows with Dynamic Type): largeTitle, bold, at the
//                     leading margin. It scrolls with the content, clipped at the bar's bottom edge,
//                     and pulled down it follows the content and grows about its leading edge (to
//                     1.1 at 120 pt of pull)
//   the background    none while the content is at its top edge (iOS 15's scrollEdgeAppearance);
//                     once the content scrolls under the bar (past the large title's band) the
//                     bar's material and its hairline fade in, and in large mode the inline title
//                     with them, over 0.25 s; scrolled back they fade out (the `navigation.*`
//                     drivers, NavigationBarState)
//   the content       its safe area moved down by the bar and the band (`safeAreaPadding`), so a
//                     scroll view reaches under the bar with its content inset, as UIKit's
//                     automatic content insets do
//
// The large title is a layer of its own above the content, moved by the scroll (a retained layer
// that only moves), never part of the scrolled surface: the scrolled list does not redraw for it.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// SwiftUI's `NavigationBarItem.TitleDisplayMode` (automatic is large at the root of a stack).
public enum TitleDisplayMode: String, Hashable, Sendable, CaseIterable { case large, inline }

/// A toolbar item: a symbol or a text button, in the accent colour (`prominent`: semibold, as a
/// `.confirmationAction` such as "Done").
public enum ToolbarItemSpec: Hashable, Sendable {
    case symbol(String)
    case text(String, prominent: Bool)
}

public struct NavigationStackSpec: Hashable, Sendable {
    public var title: String
    public var displayMode: TitleDisplayMode
    public var leading: [ToolbarItemSpec]
    public var trailing: [ToolbarItemSpec]
    /// The root view: a scroll view or list scrolls under the bar; anything else sits below it.
    public var content: ViewSpec

    public init(title: String, displayMode: TitleDisplayMode = .large, leading: [ToolbarItemSpec] = [], trailing: [ToolbarItemSpec] = [],
                content: ViewSpec) {
        self.title = title; self.displayMode = displayMode; self.leading = leading; self.trailing = trailing; self.content = content
    }

    /// The large title's band at a Dynamic Type size: its line with 3 pt above and 8 below (52 at `large`).
    public static func largeTitleBand(_ type: DynamicTypeSize) -> Double { type.leading(.largeTitle) + 11 }

    /// How far the content scrolls before it passes under the bar: the large title's band, or 0.
    public func collapseDistance(_ type: DynamicTypeSize) -> Double {
        displayMode == .large ? Self.largeTitleBand(type) : 0
    }

    /// True when the content scrolls (a scroll view or list at its root).
    var scrolls: Bool { if case .scrollView = content.kind { true } else { false } }
}

/// The bar's state along the clip's scroll, stepped at 60 Hz from t = 0: whether the content has
/// passed under the bar, and the fade of the bar's background (and, in large mode, the inline title)
/// that each change starts. Frame k reads only the scroll up to its own time.
struct NavigationBarState: Sendable {
    let collapseDistance: Double
    private(set) var underBar = false
    private(set) var shown = AnimatedValue(0.0)

    init(collapseDistance: Double) { self.collapseDistance = collapseDistance }

    mutating func scrollChanged(to offset: Double, at time: Double) {
        let under = offset > collapseDistance
        guard under != underBar else { return }
        underBar = under
        shown.set(under ? 1 : 0, animation: .easeInOut(duration: SystemMetrics.barFadeDuration), at: time)
    }

    /// 0 at the scroll edge, 1 with the content under the bar.
    func opacity(at time: Double) -> Double { clamp(shown.value(at: time), 0, 1) }
}

extension ViewComposer {
    /// The stack's views: the content, the large title over it, the bar over both.
    public mutating func navigationStack(_ spec: NavigationStackSpec, path: String) -> ViewSpec {
        let margin = SystemMetrics.margin(screenWidth: screenWidth)
        let large = spec.displayMode == .large
        let band = spec.collapseDistance(dynamicTypeSize)
        // Content that does not scroll stays at its edge: the bar keeps no background (iOS 15's
        // scrollEdgeAppearance), whatever another tab's list does.
        let barOpacity = spec.scrolls ? driven("navigation.barOpacity") : .constant(0)
        var content = spec.content
        content.modifiers.append(.safeAreaPadding(top: .constant(SystemMetrics.navigationBarHeight + band), leading: .constant(0),
                                                  bottom: .constant(0), trailing: .constant(0)))
        var layers = [content]

        if large {
            var title = text(spec.title, .largeTitle, weight: .bold, fill: color(.label), path: "\(path).title")
            if spec.scrolls {
                // Pulled down it grows about its leading edge's middle (the 3 pt above its line
                // hold the growth: the band's clip never cuts it).
                let pull = "clamp(-scroll, 0, \(SystemMetrics.stretchDistance))"
                let grow = driven("1 + \(pull) * \((SystemMetrics.largeTitleMaximumScale - 1) / SystemMetrics.stretchDistance)")
                title.modifiers.append(.scale(AnimatablePoint(x: grow, y: grow), anchor: UnitPointSpec(x: .constant(0), y: .constant(0.5))))
            }
            title.modifiers += [Self.padding(top: 3, leading: margin, bottom: 8, trailing: margin), Self.frame(maxWidth: .infinity, alignment: .leading)]
            if spec.scrolls {
                // Scrolled up it moves under the bar, clipped at the band's top edge (the bar's
                // bottom); pulled down the band itself follows the content. Two small layers that
                // only move, and a clip the size of the band: cheap to composite every frame.
                title.modifiers += [.offset(AnimatablePoint(x: .constant(0), y: driven("-max(scroll, 0)"))), .clip(.rect),
                                    .offset(AnimatablePoint(x: .constant(0), y: driven("-min(scroll, 0)")))]
            }
            layers.append(make(.stack(.vertical, alignment: 0, spacing: .constant(0), [title, spacer(path: "\(path).title")]),
                               [Self.padding(top: SystemMetrics.navigationBarHeight)], path: "\(path).title"))
        }

        var inlineTitle = barText(spec.title, size: 17, weight: .semibold, fill: color(.label), path: "\(path).title")
        // Centred on the bar, kept clear of the items (a title longer than that is truncated).
        inlineTitle.modifiers = [Self.padding(leading: 2 * margin + 44, trailing: 2 * margin + 44)]
        if large { inlineTitle.modifiers.append(.opacity(barOpacity)) }
        let items = make(.stack(.horizontal, alignment: 0.5, spacing: .constant(0), [
            make(.stack(.horizontal, alignment: 0.5, spacing: .constant(16), toolbarItems(spec.leading, path: "\(path).leading")), path: "\(path).leading"),
            spacer(path: "\(path).toolbar"),
            make(.stack(.horizontal, alignment: 0.5, spacing: .constant(16), toolbarItems(spec.trailing, path: "\(path).trailing")), path: "\(path).trailing"),
        ]), [Self.padding(leading: margin, trailing: margin)], path: "\(path).toolbar")
        let row = make(.zstack(.center, [items, inlineTitle]),
                       [Self.frame(height: SystemMetrics.navigationBarHeight, maxWidth: .infinity)], path: path)
        let hairline = make(.divider, [.opacity(barOpacity)], path: path)
        var material = make(.material(.rect, .regular, colorScheme), [.opacity(barOpacity)], path: path)
        material.ignoresSafeArea = true
        let bar = make(.stack(.vertical, alignment: 0.5, spacing: .constant(0), [row, hairline]),
                       [.background(material, .center), Self.frame(maxHeight: .infinity, alignment: .top)], path: path)
        layers.append(bar)
        return make(.zstack(.top, layers), path: path)
    }

    mutating func toolbarItems(_ items: [ToolbarItemSpec], path: String) -> [ViewSpec] {
        items.enumerated().map { i, item in
            switch item {
            case .symbol(let name):
                return make(.symbol(ViewSymbolSpec(name: name, style: nil, size: .constant(17), weight: nil, fill: accent)), path: "\(path)[\(i)]")
            case .text(let string, let prominent):
                return barText(string, size: 17, weight: prominent ? .semibold : .regular, fill: accent, path: "\(path)[\(i)]")
            }
        }
    }
}

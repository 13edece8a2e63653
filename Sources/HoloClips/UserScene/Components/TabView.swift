// TabView with a tab bar, as UITabBar draws it on iOS 17/18 (iPhone, portrait):
//
//   the bar        49 pt above the home indicator, its material reaching the screen's bottom edge,
//                  a hairline on top; one item per tab, equal widths: the symbol (24 pt) over its
//                  title (10 pt, medium), 6 pt from the bar's top. The bar keeps its size at every
//                  Dynamic Type size, as UIKit's does (it shows the large-content viewer instead).
//   the tint       the selected tab's item in the accent colour (systemBlue), the others systemGray
//   the content    each tab's view with its safe area moved up by the bar; only the selected one shows
//   selection      the clip's taps choose it: a tap whose target is a tab's id selects that tab at
//                  the tap's time, at once, as a tab bar does (the `tab.selection` driver)

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

public struct TabSpec: Hashable, Sendable {
    /// The name taps target.
    public var id: String
    public var title: String
    public var systemImage: String
    public var content: ViewSpec
    public init(id: String, title: String, systemImage: String, content: ViewSpec) {
        self.id = id; self.title = title; self.systemImage = systemImage; self.content = content
    }
}

public struct TabViewSpec: Hashable, Sendable {
    public var tabs: [TabSpec]
    /// The tab shown until a tap selects another.
    public var selection: Int
    public init(tabs: [TabSpec], selection: Int = 0) { self.tabs = tabs; self.selection = selection }

    /// The selected tab's index at `time`: the last tap at or before it on a tab's id, else `selection`.
    public func selectedIndex(at time: Double, taps: [Tap]) -> Int {
        var selected = selection
        for tap in taps where tap.time <= time {
            if let i = tabs.firstIndex(where: { $0.id == tap.target }) { selected = i }
        }
        return selected
    }
}

extension SystemMetrics {
    public static let tabSymbolSize = 24.0
    public static let tabTitleSize = 10.0
    public static let tabItemTop = 6.0
}

extension ViewComposer {
    public mutating func tabView(_ spec: TabViewSpec, path: String) -> ViewSpec {
        var layers: [ViewSpec] = []
        for (i, tab) in spec.tabs.enumerated() {
            var content = tab.content
            content.modifiers += [.safeAreaPadding(top: .constant(0), leading: .constant(0), bottom: .constant(SystemMetrics.tabBarHeight),
                                                   trailing: .constant(0)),
                                  .opacity(driven("(tab.selection == \(i))"))]
            layers.append(content)
        }
        layers.append(tabBar(spec.tabs.map { TabItemSpec(title: $0.title, systemImage: $0.systemImage) },
                             selected: { "(tab.selection == \($0))" }, path: path))
        return make(.zstack(.bottom, layers), path: path)
    }

    /// The tab bar alone, at the bottom of the safe area with its material reaching the screen's
    /// edge: one item per tab, `selected(i)` an expression that is 1 for the selected tab and 0 for
    /// the others (a constant, or one that follows a driver); the selected item in `tint` (SwiftUI's
    /// `.tint`, systemBlue by default), the others systemGray; on `background`, a material by
    /// default (UIKit's default appearance) or one colour.
    public mutating func tabBar(_ items: [TabItemSpec], selected: (Int) -> String, tint: Color? = nil,
                                background: BarBackground = .material(.regular), path: String) -> ViewSpec {
        let blue = tint ?? SystemColor.systemBlue.resolved(colorScheme, increasedContrast: increasedContrast)
        let gray = SystemColor.systemGray.resolved(colorScheme, increasedContrast: increasedContrast)
        var views: [ViewSpec] = []
        for (i, item) in items.enumerated() {
            let s = selected(i)
            let tint = ViewPaint.solid(.components(red: driven("mix(\(gray.red), \(blue.red), \(s))"),
                                                   green: driven("mix(\(gray.green), \(blue.green), \(s))"),
                                                   blue: driven("mix(\(gray.blue), \(blue.blue), \(s))"),
                                                   alpha: driven("mix(\(gray.alpha), \(blue.alpha), \(s))")))
            let itemPath = "\(path).tabs[\(i)]"
            let icon = make(.symbol(ViewSymbolSpec(name: item.systemImage, style: nil, size: .constant(SystemMetrics.tabSymbolSize), weight: nil, fill: tint)),
                            path: "\(itemPath).systemImage")
            let title = barText(item.title, size: SystemMetrics.tabTitleSize, weight: .medium, fill: tint, alignment: .center, path: "\(itemPath).title")
            views.append(make(.stack(.vertical, alignment: 0.5, spacing: .constant(2), [icon, title]),
                              [Self.padding(top: SystemMetrics.tabItemTop),
                               Self.frame(height: SystemMetrics.tabBarHeight, maxWidth: .infinity, alignment: .top)], path: itemPath))
        }
        let row = make(.stack(.horizontal, alignment: 0, spacing: .constant(0), views), path: "\(path).tabBar")
        var back = switch background {
        case .material(let kind): make(.material(.rect, kind, colorScheme), path: "\(path).tabBar")
        case .opaque(let color): make(.shape(.rect, fill: .solid(.constant(color)), stroke: nil), path: "\(path).tabBar")
        }
        back.ignoresSafeArea = true
        return make(.stack(.vertical, alignment: 0.5, spacing: .constant(0), [make(.divider, path: "\(path).tabBar"), row]),
                    [.background(back, .center), Self.frame(maxHeight: .infinity, alignment: .bottom)], path: "\(path).tabBar")
    }
}

/// What a bar is drawn on: a material, blurring what scrolls under it (UIKit's default
/// appearance), or one colour (`UITabBarAppearance.configureWithOpaqueBackground()` with its
/// `backgroundColor`), which costs nothing when the content under it scrolls.
public enum BarBackground: Hashable, Sendable {
    case material(MaterialKind)
    case opaque(Color)
}

/// A tab bar's item: its title under its symbol.
public struct TabItemSpec: Hashable, Sendable {
    public var title: String
    public var systemImage: String
    public init(title: String, systemImage: String) { self.title = title; self.systemImage = systemImage }
}

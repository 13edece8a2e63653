// iOS's standard screens as views: a navigation stack with its bar and large title, lists in their
// plain and inset-grouped styles, a tab view with its tab bar, and labels. Each component is built
// from the layout containers (ViewSpec trees, the model clip files decode into), so it lays out on
// every device, orientation and Dynamic Type size as the containers do, and draws through the same
// code. Clip files name them (`navigationStack`, `list`, `tabView`, `label`: ComponentDecoding.swift);
// any other front end builds them through a `ViewComposer`.
//
// The metrics follow iOS 17 and 18 on iPhone (docs/layout.md, "Components", gives each value's
// source, and says which are estimates).

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// What a component needs while it builds its views: fresh view ids, values that follow drivers
/// (written in the scene expression language), and the clip's appearance.
public protocol ViewComposer {
    /// A view id not used before in this document.
    mutating func newViewID() -> Int
    /// A value read from the frame's drivers, e.g. `"clamp(-scroll, 0, 120)"`.
    mutating func driven(_ expression: String) -> AnimatableValue
    var colorScheme: ColorScheme { get }
    var increasedContrast: Bool { get }
    var dynamicTypeSize: DynamicTypeSize { get }
    /// The screen's width in points (margins widen on wide iPhones).
    var screenWidth: Double { get }
}

/// iOS 17/18 iPhone metrics of the standard bars and lists, in points.
public enum SystemMetrics {
    /// UINavigationBar's height below the status bar, and what a large title adds (96 in all):
    /// published for iOS 11 and unchanged since (Geoff Hackworth, "iPad Navigation Bar and Toolbar
    /// Height Changes in iOS 12", 2018, measured on the simulator: 44 + 52 = 96).
    public static let navigationBarHeight = 44.0
    public static let largeTitleHeight = 52.0
    /// The large title's baseline above the bottom of its 52 pt band (estimated: its 41 pt line,
    /// bottom-aligned 8 pt above the bar's edge, puts the baseline about 16 pt up).
    public static let largeTitleBaselineInset = 16.0
    /// UITabBar's height above the home indicator (49 on every iPhone in portrait, HIG "Tab bars").
    public static let tabBarHeight = 49.0
    /// Rows: 44 pt at least (HIG's minimum hit target; UITableView's default row height).
    public static let rowHeight = 44.0
    /// Inset-grouped sections' corner radius (UITableView.Style.insetGrouped, iOS 13–18).
    public static let sectionCornerRadius = 10.0
    /// Between two sections of a grouped list (estimated: 17.5 pt of footer and of header space).
    public static let sectionSpacing = 35.0
    /// The bar's background and the inline title fade in and out over this (Core Animation's
    /// default transaction duration, ease-in-out: the duration UIKit uses for this fade is not
    /// published).
    public static let barFadeDuration = 0.25
    /// A large title pulled down grows about its leading edge, to this scale at `stretchDistance`
    /// points of pull (estimated from the system apps; not measured).
    public static let largeTitleMaximumScale = 1.1
    public static let stretchDistance = 120.0

    /// UIKit's layout margins on iPhone: 16, 20 on the widest phones (≥ 414 pt, the Plus and Max sizes).
    public static func margin(screenWidth: Double) -> Double { screenWidth >= 414 ? 20 : 16 }
}

extension ViewComposer {
    mutating func make(_ kind: ViewKind, _ modifiers: [ViewModifierSpec] = [], path: String) -> ViewSpec {
        ViewSpec(path: path, id: newViewID(), kind: kind, modifiers: modifiers)
    }

    func color(_ name: SystemColor) -> ViewPaint {
        .solid(.constant(name.resolved(colorScheme, increasedContrast: increasedContrast)))
    }

    /// SwiftUI's accent colour (the tint of bar items, selected tabs, list icons): systemBlue.
    var accent: ViewPaint { color(.systemBlue) }

    mutating func text(_ string: String, _ style: TextStyle, weight: FontWeight? = nil, fill: ViewPaint? = nil,
                       lineLimit: Int? = 1, path: String) -> ViewSpec {
        make(.text(ViewTextSpec(string: string, style: style, fontSize: nil, relativeTo: nil, weight: weight, family: nil, fill: fill,
                                lineLimit: lineLimit, lineSpacing: nil, minimumScaleFactor: 1, truncation: .tail, alignment: .leading)),
             path: path)
    }

    /// Text at a fixed size: bars keep their titles' size at every Dynamic Type size, as UIKit's
    /// navigation and tab bars do (they show the large-content viewer instead).
    mutating func barText(_ string: String, size: Double, weight: FontWeight, fill: ViewPaint, alignment: TextAlignment = .leading,
                          path: String) -> ViewSpec {
        make(.text(ViewTextSpec(string: string, style: nil, fontSize: .constant(size), relativeTo: nil, weight: weight, family: nil, fill: fill,
                                lineLimit: 1, lineSpacing: nil, minimumScaleFactor: 1, truncation: .tail, alignment: alignment)),
             path: path)
    }

    mutating func symbol(_ name: String, _ style: TextStyle, weight: SymbolWeight? = nil, fill: ViewPaint?, path: String) -> ViewSpec {
        make(.symbol(ViewSymbolSpec(name: name, style: style, size: nil, weight: weight, fill: fill)), path: path)
    }

    mutating func spacer(path: String) -> ViewSpec { make(.spacer(minLength: .constant(0)), path: path) }

    static func padding(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) -> ViewModifierSpec {
        .padding(top: .constant(top), leading: .constant(leading), bottom: .constant(bottom), trailing: .constant(trailing))
    }

    static func frame(width: Double? = nil, height: Double? = nil, minHeight: Double? = nil, maxWidth: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> ViewModifierSpec {
        .frame(ViewFrameSpec(width: width.map { .constant($0) }, height: height.map { .constant($0) }, minWidth: nil, idealWidth: nil,
                             maxWidth: maxWidth.map { .constant($0) }, minHeight: minHeight.map { .constant($0) }, idealHeight: nil,
                             maxHeight: maxHeight.map { .constant($0) }, alignment: alignment))
    }
}

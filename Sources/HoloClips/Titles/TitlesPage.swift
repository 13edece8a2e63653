// The five pages of the Reps app and where things sit on screen.
//
// The header is the titles design's `CollapsingIridescentHeader` (docs/designs.md, Titles) in a top
// safe-area inset: an HStack of the title and its trailing content, padded, on an
// .ultraThinMaterial bar that extends up under the status bar (a ShapeStyle background ignores the
// safe area). It is 78 pt tall below the status bar (design: `headerHeight = 78`). The scroll view
// spans the whole screen with the header and the tab bar as content insets, so the content scrolls
// under both bars and its offset is 0 at rest at the top (contentOffset.y + contentInsets.top:
// docs/designs.md, Scrolling).

import HoloGeometry
import HoloMotion
import HoloScene

public enum TitlesPage: String, CaseIterable, Hashable, Sendable, Encodable {
    case home, exercises, programs, history, profile

    /// The page title (design: HomeView "Reps"; the others by their view names).
    public var title: String {
        switch self {
        case .home: return "Reps"
        case .exercises: return "Exercises"
        case .programs: return "Programs"
        case .history: return "History"
        case .profile: return "Profile"
        }
    }

    /// The tab bar's label.
    public var tabLabel: String {
        switch self {
        case .home: return "Home"
        default: return title
        }
    }

    /// Exercises has a search field (the design's `.searchable()`) and a filter button (trailing content).
    public var hasSearch: Bool { self == .exercises }
    public var hasFilterButton: Bool { self == .exercises }

    /// The tap target that selects this page's tab ("tab:exercises").
    public var tabTarget: String { "tab:" + rawValue }
}

/// Screen geometry for one device size and text size, in points.
///
/// Dynamic Type: the large title takes the table's size, and the title row grows with it (its
/// 41-pt line box and the 32 pt above the baseline scale by the title's ratio), so the bar gets
/// taller; the search row grows with body text. The status bar and the tab bar do not scale (iOS
/// keeps them fixed and offers the large content viewer instead).
public struct TitlesLayout: Hashable, Sendable {
    public var size: Size
    public var type: DynamicTypeSize
    /// The device's safe area and status bar (ScreenInsets.swift).
    public var insets: ScreenInsets

    /// Design: `headerHeight = 78` (below the status bar).
    public static let headerHeight = 78.0
    /// Title baseline below the status bar. The design pads the title row .top xl, .bottom sm around a
    /// 41-pt large-title line (RepsTheme values are not in the design): the line box is put at 28…69 of
    /// the 78, its baseline 32 pt into the line — 60. A choice.
    public static let titleBaseline = 60.0
    /// Design: `.padding(.horizontal, RepsTheme.Spacing.md)`; md = 16 (iOS's standard margin, approx.).
    public static let horizontalPadding = 16.0
    /// The search row under the Exercises title: a 36-pt field and 8 pt below it (iOS search bar).
    public static let searchFieldHeight = 36.0
    public static let searchRowHeight = 44.0
    /// UITabBar: 49 pt above the home-indicator inset.
    public static let tabBarHeight = 49.0
    /// Space between the header and the first card, and below the last one.
    public static let contentTopGap = 12.0
    public static let contentBottomGap = 16.0

    /// `insets` nil: guessed from the size (`guessInsets`), as for a custom screen.
    public init(size: Size, type: DynamicTypeSize = .large, insets: ScreenInsets? = nil) {
        self.size = size; self.type = type; self.insets = insets ?? Self.guessInsets(size)
    }

    /// A screen without insets of its own: one taller than twice its width is taken as notched
    /// (all Face ID iPhones are ≈ 2.16), like the iPhone 12; anything else as a home-button iPhone.
    public static func guessInsets(_ size: Size) -> ScreenInsets { .guess(notched: size.height > 2 * size.width) }

    /// The large title's point size at this text size.
    public var titleFont: Font { Font(size: type.pointSize(.largeTitle), weight: .bold) }
    /// How much the title's line grows: (size − 34) × 41 / 34 below the baseline row's top.
    var titleGrowth: Double { (titleFont.size - Font.largeTitle.size) * 41 / 34 }
    /// The title row's height below the status bar (78 at the default size).
    public var headerHeight: Double { Self.headerHeight + titleGrowth }
    /// The title's baseline below the status bar (60 at the default size; its ascent grows by 32/41 of the line).
    public var titleBaseline: Double { Self.titleBaseline + titleGrowth * 32 / 41 }
    /// The search row and its field, growing with body text by 1.2 × the change in points.
    var searchGrowth: Double { 1.2 * (type.pointSize(.body) - TextStyle.body.defaultPointSize) }
    public var searchFieldHeight: Double { Self.searchFieldHeight + searchGrowth }
    public var searchRowHeight: Double { Self.searchRowHeight + searchGrowth }

    /// Top safe area, the device's (iPhone 12: 47, SE: 20, 17 Pro Max: 62, iPad: 24).
    public var safeTop: Double { insets.top }
    /// Bottom safe area: the home indicator's inset (iPhone 12: 34, iPad: 20), none with a home button.
    public var safeBottom: Double { insets.bottom }
    /// The status bar's height (0: hidden, a phone in landscape).
    public var statusBarHeight: Double { insets.statusBar }
    /// A notch or Dynamic Island: the status bar's items are larger and sit either side of it.
    public var isNotched: Bool { insets.cutout != .none }

    /// Where the bar (material) ends when fully shown.
    public func headerBottom(_ page: TitlesPage) -> Double {
        safeTop + headerHeight + (page.hasSearch ? searchRowHeight : 0)
    }
    /// Content y (unscrolled) where the page's first block starts.
    public func contentTop(_ page: TitlesPage) -> Double { headerBottom(page) + Self.contentTopGap }
    public var tabBarTop: Double { size.height - Self.tabBarHeight - safeBottom }
    public var contentWidth: Double { size.width - 2 * Self.horizontalPadding }

    /// The scroll view's content height including the insets (what ScrollConfiguration wants).
    public func scrollContentHeight(_ page: TitlesPage) -> Double {
        contentTop(page) + TitlesContent.blocks(for: page, type: type, width: contentWidth).height + Self.contentBottomGap + Self.tabBarHeight + safeBottom
    }
}

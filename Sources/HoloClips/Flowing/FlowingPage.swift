// Where things sit on the flowing header's page, in screen points, for any device size: the navigation
// bar, the header's source frames in the scroll content (which move with the offset; the kit lays
// the header out, FlowingHeaderView) and the destination frames in the nav bar (Portal's invisible
// anchors). Pure geometry; no state.

import Foundation
import HoloGeometry
import HoloMotion
import HoloScene

public struct FlowingPage: Hashable, Sendable {
    public let size: Size
    public let configuration: FlowingConfiguration
    /// Dynamic Type: the header's large title and subtitle (and the list) grow with the text; the
    /// navigation bar does not (UIKit's bar titles keep their size).
    public let type: DynamicTypeSize
    /// The device's safe area and status bar (ScreenInsets.swift).
    public let insets: ScreenInsets
    /// The header as the kit lays it out (FlowingHeaderView): where its parts sit in the content.
    let header: FlowingHeaderView.Frames

    /// `insets` nil: guessed from the size (`guessInsets`), as for a custom screen.
    public init(size: Size, configuration: FlowingConfiguration, type: DynamicTypeSize = .large, insets: ScreenInsets? = nil) {
        self.size = size; self.configuration = configuration; self.type = type
        self.insets = insets ?? Self.guessInsets(size)
        let environment = FlowingHeaderView.environment(width: size.width, type: type)
        let view = FlowingHeaderView(configuration, environment: environment, subtitleColor: FlowingPalette.light.secondaryLabel)
        header = view.frames(in: view.piece(width: size.width, environment: environment))
    }

    /// A screen without insets of its own: notched like the iPhone 12 when ≥ 812 pt tall (the
    /// iPhone X class), else a home-button phone.
    public static func guessInsets(_ size: Size) -> ScreenInsets { .guess(notched: size.height >= 812) }

    /// The header's title: large title, 34 pt semibold at the default size, on its line (41 pt at
    /// the default size) as the kit lays it out.
    public var sourceTitleFontSize: Double { type.pointSize(.largeTitle) }
    public var sourceTitleLineHeight: Double { header.title.height }

    /// Where the navigation bar starts: the device's top safe-area inset (UINavigationBar sits under
    /// it: iPhone 12 47, SE 20, 17 Pro Max 62, iPad 24). Named for the status bar it clears.
    public var statusBarHeight: Double { insets.top }
    /// The bar's background covers the status bar and the 44 pt bar.
    public var navigationBarFrame: Rect {
        Rect(x: 0, y: 0, width: size.width, height: statusBarHeight + FlowingTokens.navigationBarHeight)
    }
    public var navigationBarCenterY: Double { statusBarHeight + FlowingTokens.navigationBarHeight / 2 }
    /// Screen y of the scroll content's top at offset 0 (content inset = the bar's height).
    public var contentTop: Double { navigationBarFrame.maxY }
    /// Height of the scroll view's visible area (the viewport the scroll physics uses).
    public var viewportHeight: Double { size.height - contentTop }

    // MARK: Header frames in content coordinates (y from the content's top), from the kit's layout

    /// The accessory's 64 pt box, centred (nil for a text-only header).
    public var accessoryContentFrame: Rect? { header.accessory }
    public var titleContentCenterY: Double { header.title.midY }
    public var subtitleContentFrame: Rect { header.subtitle }
    public var headerContentBottom: Double { header.subtitle.maxY }
    /// The settings list's top, below the header.
    public var listContentTop: Double { headerContentBottom + FlowingSettingsList.topGap }

    // MARK: Source centres on screen at a scroll offset

    public func titleSourceCenter(offset: Double) -> Point {
        Point(header.title.midX, contentTop - offset + titleContentCenterY)
    }
    public func accessorySourceCenter(offset: Double) -> Point? {
        accessoryContentFrame.map { Point($0.midX, contentTop - offset + $0.midY) }
    }

    /// How far the title's and the accessory's x and sizes run ahead of the progress: the horizontal
    /// layout's lead when the accessory flows beside the title (FlowingTokens.horizontalLead), else 1.
    public var lead: Double {
        configuration.accessoryFlows && configuration.layout == .horizontal ? FlowingTokens.horizontalLead : 1
    }

    /// The most any drawn point moves per unit of progress (x moves and size changes times the lead): the title's centre (source at the
    /// transition's start or end offset → its bar position) plus its half-width change, and the
    /// accessory's centre plus its half-size change. The progress springs settle in these points.
    public var pointsPerProgress: Double {
        let dst = destinationCenters
        var most = 0.0
        for offset in [configuration.startOffset, configuration.startOffset + FlowingTokens.transitionRange] {
            let t = titleSourceCenter(offset: offset)
            let titleHalfWidth = sourceTitleWidth / 2
            let shrink = 1 - FlowingTokens.navigationTitleLineHeight / sourceTitleLineHeight
            most = max(most, hypot((dst.title.x - t.x) * lead, dst.title.y - t.y) + titleHalfWidth * shrink * lead)
            if let a = accessorySourceCenter(offset: offset), let ad = dst.accessory {
                most = max(most, hypot((ad.x - a.x) * lead, ad.y - a.y) + (FlowingTokens.accessorySize - navigationAccessorySize) / 2 * lead)
            }
        }
        return most
    }

    // MARK: Destinations in the nav bar

    /// Width of the large title as drawn (semibold at the source size, measured through HoloText).
    public var sourceTitleWidth: Double {
        TextMeasure.width(configuration.title, Font(size: sourceTitleFontSize, weight: .semibold))
    }

    /// Width of the title in the nav bar: the large title's run at its scale there (the clip draws
    /// one run and scales it, FlowingScene.title), measured through HoloText.
    public var navigationTitleWidth: Double {
        sourceTitleWidth * FlowingMath.titleScale(progress: 1, sourceHeight: sourceTitleLineHeight)
    }

    /// The accessory's box in the bar. Horizontal: the design's 25 pt. Vertical: the stack must fit the
    /// 44 pt bar (25 + 2 + 22 = 49 pt overflowed it by 5 pt); the design gives no size, and a title view
    /// in UIKit gets the bar's height, so the title keeps its headline line (the title scale formula
    /// is built on it) and the accessory takes the rest: 44 − 2 − 22 = 20 pt (a choice).
    public var navigationAccessorySize: Double {
        switch configuration.layout {
        case .horizontal: return FlowingTokens.navigationBarAccessorySize
        case .vertical:
            return min(FlowingTokens.navigationBarAccessorySize, FlowingTokens.navigationBarHeight
                       - FlowingTokens.verticalItemSpacing - FlowingTokens.navigationTitleLineHeight)
        }
    }

    /// (title centre, accessory centre) in the bar. Horizontal: HStack(spacing: 8) {25 pt box, title}
    /// centred; vertical: VStack(spacing: 2) {25 pt box, title} centred on the bar's middle; a title
    /// alone is centred.
    public var destinationCenters: (title: Point, accessory: Point?) {
        let mid = size.width / 2, cy = navigationBarCenterY, box = navigationAccessorySize
        guard configuration.accessoryFlows else { return (Point(mid, cy), nil) }
        switch configuration.layout {
        case .horizontal:
            // left = mid − (box + 8 + w)/2;  accessory at left + box/2, title at left + box + 8 + w/2
            let w = navigationTitleWidth, gap = FlowingTokens.horizontalItemSpacing
            let left = mid - (box + gap + w) / 2
            return (Point(left + box + gap + w / 2, cy), Point(left + box / 2, cy))
        case .vertical:
            // top = cy − (box + 2 + lineHeight)/2;  accessory at top + box/2, title at bottom − lineHeight/2
            let line = FlowingTokens.navigationTitleLineHeight, gap = FlowingTokens.verticalItemSpacing
            let top = cy - (box + gap + line) / 2
            return (Point(mid, top + box + gap + line / 2), Point(mid, top + box / 2))
        }
    }
}

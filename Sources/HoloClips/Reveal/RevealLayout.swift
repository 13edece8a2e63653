// Where the reveal surface's parts sit, from the device size (any device). Content coordinates:
// the primary section is 0…H (H = viewport height, seed: "a primary section sized to the
// viewport"), the secondary H…H + S below it. S is the secondary's laid-out height — the
// seed's "measured" height (onGeometryChange), here summed from its rows. Values are (choice).

import HoloGeometry
import HoloMotion

public struct RevealLayout: Hashable, Sendable {
    public var size: Size
    /// Dynamic Type: text follows the iOS tables; the secondary's header, button and rows grow with it.
    public var type: DynamicTypeSize
    /// The device's safe area (ScreenInsets.swift).
    public var insets: ScreenInsets
    /// `insets` nil: guessed from the height (`ScreenInsets.guessFromHeight`), as for a custom screen.
    public init(size: Size, type: DynamicTypeSize = .large, insets: ScreenInsets? = nil) {
        self.size = size; self.type = type; self.insets = insets ?? .guessFromHeight(size)
    }

    /// The device's safe-area insets (iPhone 12: 47 and 34; SE: 20 and 0; iPad: 24 and 20).
    public var safeTop: Double { insets.top }
    public var safeBottom: Double { insets.bottom }
    public var viewportHeight: Double { size.height }

    // Secondary section rows (section-local y).
    public static let grabberTop = 8.0
    // At Dynamic Type size t, with s(style) = t's ratio to `large` (the values at large in brackets):
    //   title baseline    18 + 28·s(title1)                  [46]
    //   subtitle baseline title + 22·s(subheadline)          [68]
    //   control top       subtitle + 20                      [88]
    //   control height    28 + 24·s(headline)                [52]  (its "Add to Library" label grows)
    //   rows top          control top + height + 20          [160]
    //   row height        max(56, 17 + 17·s(body) + 22)      [56]  (label baseline 17 + 17·s(body))
    public var titleBaseline: Double { 18 + 28 * type.scale(of: .title1) }
    public var subtitleBaseline: Double { titleBaseline + 22 * type.scale(of: .subheadline) }
    public var controlTop: Double { subtitleBaseline + 20 }
    public var controlHeight: Double { 28 + 24 * type.scale(of: .headline) }
    public var rowsTop: Double { controlTop + controlHeight + 20 }
    public var rowBaseline: Double { 17 + 17 * type.scale(of: .body) }
    public var rowHeight: Double { max(56, rowBaseline + 22) }
    public static let actions = ["Add to Playlist", "Share", "Download", "Go to Artist", "Details"]
    /// Below the rows: a margin plus the chevron's bottom inset (safeAreaInset keeps content clear of it).
    public static let bottomPadding = 20.0 + 52.0

    /// S: the secondary section's height, measured from its rows (never below 1, as the seed clamps).
    public var secondaryHeight: Double {
        max(rowsTop + Double(Self.actions.count) * rowHeight + Self.bottomPadding + safeBottom, 1)
    }
    /// Scrollable content: the primary page plus the secondary.
    public var contentHeight: Double { viewportHeight + secondaryHeight }

    /// The primary section in content coordinates.
    public var primaryRect: Rect { Rect(x: 0, y: 0, width: size.width, height: viewportHeight) }
    public var secondaryRect: Rect { Rect(x: 0, y: viewportHeight, width: size.width, height: secondaryHeight) }

    /// The control's source anchor, primary-local: a round play button at the card's bottom left.
    public var controlSource: Rect { Rect(x: 20, y: viewportHeight - safeBottom - 140, width: 64, height: 64) }
    /// The control's destination anchor, secondary-local: a full-width Play button under the title.
    public var controlDestination: Rect { Rect(x: 20, y: controlTop, width: size.width - 40, height: controlHeight) }

    /// The chevron (in the bottom safe-area inset: fixed in the window, not scrolled).
    public var chevronCenter: Point { Point(size.width / 2, size.height - safeBottom - 26) }
    public static let chevronHitRadius = 22.0
}

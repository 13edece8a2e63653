// The phone's own chrome over a clip: the status bar (9:41, cellular bars, Wi-Fi, battery) and the
// home indicator, at the device's positions and sizes.
//
// One implementation for every family: a built-in clip's scene gets these nodes appended last (so
// they are drawn over everything, as iOS draws its status bar in a window above the app's), by
// `Clip(spec)` through `ChromedSimulation`; a user's scene file asks for them with `"chrome": true`.
// Families only decide what they alone can know: whether a bar's material extends under the status
// bar (`statusBarBackdrop`), and, where the top of the screen is not the scene's background, which
// content style reads there.
//
// Geometry (points), as iOS lays it out; values marked (approx.) are chosen from screenshots, not
// published:
//   notch / Dynamic Island: "9:41" SF Pro semibold 17 pt centred in the left "ear" (x = 0.14 · width,
//     54.6 on a 390-pt iPhone 12), the cellular, Wi-Fi and battery group centred in the right ear;
//     items centred vertically at 0.51 · bar height (24 pt in the iPhone 12's 47-pt bar) (approx.).
//   home-button phone (SE, 20-pt bar): "9:41" 12 pt semibold centred on the screen, cellular and
//     Wi-Fi from 6 pt at the left, the battery 6 pt from the right, centred at 10 pt.
//   iPad (24-pt bar): "9:41" 12 pt semibold from 20 pt at the left, Wi-Fi and battery ending 20 pt
//     from the right.
//   home indicator: a 134 × 5-pt capsule, 8 pt above the bottom, centred (portrait phones); 214 pt
//     wide in landscape and on iPads (approx.). None on a home-button phone.
// Glyph sizes: cellular 4 bars 3 pt wide, 1.5 pt apart, 4–11 pt tall; Wi-Fi three 90° sectors of a
// disc 11.5 pt in radius; battery 25 × 12 pt, a 1-pt outline at 35% over a fill inset 2 pt, with a
// 1.3 × 4-pt cap at 40% (approx., as on iOS 15–16's status bar at full charge).
//
// Everything is drawn with paths (Shape.path), in the content colour: black for dark content (light
// backgrounds), white for light content (dark backgrounds), as UIStatusBarStyle's two styles.

import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// UIKit's status bar styles: the ink of the status bar's items and the home indicator.
public enum StatusBarStyle: String, Hashable, Sendable, Codable {
    /// Black items, for light backgrounds (UIKit's `.darkContent`).
    case darkContent
    /// White items, for dark backgrounds (UIKit's `.lightContent`).
    case lightContent

    /// The style that reads on `scheme`'s backgrounds.
    public init(_ scheme: ColorScheme) { self = scheme == .dark ? .lightContent : .darkContent }

    /// The style that reads over `background`: light content when its Rec. 709 luma (sRGB-encoded,
    /// alpha over black) is under one half.
    public init(over background: Color) {
        let luma = (0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue) * background.alpha
        self = luma < 0.5 ? .lightContent : .darkContent
    }

    public var ink: Color { self == .darkContent ? Color(hex: 0x000000) : Color(hex: 0xFFFFFF) }
}

/// Where the device's status bar and home indicator are, and how to draw them.
public struct DeviceChrome: Hashable, Sendable {
    public enum Layout: String, Hashable, Sendable {
        /// Items either side of a notch or Dynamic Island.
        case cutout
        /// A home-button phone: time in the middle.
        case centredTime
        /// An iPad: time at the leading edge.
        case leadingTime
    }

    /// The screen in points.
    public var size: Size
    /// The status bar's height (0: none, as on a phone in landscape).
    public var statusBarHeight: Double
    public var layout: Layout
    public var hasHomeIndicator: Bool

    public init(size: Size, statusBarHeight: Double, layout: Layout, hasHomeIndicator: Bool) {
        self.size = size; self.statusBarHeight = statusBarHeight; self.layout = layout; self.hasHomeIndicator = hasHomeIndicator
    }

    /// The device's chrome. A custom `WxH@S` screen carries no insets: it is taken for a notched
    /// phone when at least 800 pt tall, else a home-button phone, as the families guess
    /// (ScreenInsets.guessFromHeight); turned to landscape (wider than tall), without a status bar.
    public init(_ device: Device) {
        let screen = device.screen
        if screen.family == .custom {
            let notched = device.size.height >= 800, landscape = device.size.width > device.size.height
            self.init(size: device.size, statusBarHeight: landscape ? 0 : (notched ? 47 : 20),
                      layout: notched ? .cutout : .centredTime, hasHomeIndicator: notched || (landscape && device.size.width >= 800))
            return
        }
        let layout: Layout = screen.family == .pad ? .leadingTime : (screen.cutout == .none ? .centredTime : .cutout)
        self.init(size: device.size, statusBarHeight: screen.statusBarHeight, layout: layout, hasHomeIndicator: screen.homeIndicator)
    }

    // MARK: Metrics

    public static let homeIndicatorHeight = 5.0
    public static let homeIndicatorBottomGap = 8.0
    /// 134 pt on a portrait phone, 214 pt in landscape and on iPads (approx.).
    public var homeIndicatorWidth: Double { layout == .leadingTime || size.width > size.height ? 214 : 134 }

    /// The home indicator's capsule, or nil where there is none.
    public var homeIndicatorFrame: Rect? {
        guard hasHomeIndicator else { return nil }
        let w = homeIndicatorWidth, h = Self.homeIndicatorHeight
        return Rect(x: (size.width - w) / 2, y: size.height - Self.homeIndicatorBottomGap - h, width: w, height: h)
    }

    /// The vertical centre of the status bar's items.
    public var itemsMidY: Double { layout == .cutout ? (0.51 * statusBarHeight).rounded() : statusBarHeight / 2 }

    public var timeFont: Font { Font(size: layout == .cutout ? 17 : 12, weight: .semibold) }

    public static let batterySize = Size(25, 12)
    public static let batteryCap = Size(1.3, 4)
    public static let cellularSize = Size(16.5, 11)
    public static let wifiSize = Size(16.3, 11.5)
    static let itemGap = 5.0

    /// The battery body's frame (its outline's rect), or nil without a status bar.
    public var batteryFrame: Rect? {
        guard statusBarHeight > 0 else { return nil }
        let b = Self.batterySize, mid = itemsMidY
        let groupRight: Double
        switch layout {
        case .cutout:
            // The group (cellular, Wi-Fi, battery and its cap) centred in the right ear.
            let group = Self.cellularSize.width + Self.wifiSize.width + b.width + Self.batteryCap.width + 1 + 2 * Self.itemGap
            groupRight = size.width - 0.14 * size.width + group / 2
        case .centredTime: groupRight = size.width - 6
        case .leadingTime: groupRight = size.width - 20
        }
        let right = groupRight - Self.batteryCap.width - 1
        return Rect(x: right - b.width, y: mid - b.height / 2, width: b.width, height: b.height)
    }

    /// The time's baseline origin (centre of the line).
    public var timeOrigin: Point {
        let font = timeFont, baseline = itemsMidY + 0.36 * font.size
        switch layout {
        case .cutout: return Point((0.14 * size.width).rounded(), baseline)
        case .centredTime: return Point(size.width / 2, baseline)
        case .leadingTime: return Point(20 + 14, baseline)
        }
    }

    // MARK: Nodes

    /// The status bar's items in `style`'s ink and the home indicator in `homeIndicator`'s (the
    /// status bar's when not given; `homeIndicatorStyle(over:)` reads it from the content under
    /// the indicator): append them last.
    public func nodes(style: StatusBarStyle, homeIndicator: StatusBarStyle? = nil) -> [Node] {
        var nodes: [Node] = []
        let ink = style.ink
        if let battery = batteryFrame {
            let mid = itemsMidY
            nodes.append(.text(TextRun("9:41", font: timeFont, origin: timeOrigin, alignment: .center), .solid(ink)))
            // Battery: outline, charge, cap.
            nodes.append(.styledStroke(.path(Self.roundedRect(battery.insetBy(dx: 0.5, dy: 0.5), radius: 3.8)), .solid(ink.opacity(0.35)),
                                       StrokeStyle(lineWidth: 1)))
            nodes.append(.fill(.path(Self.roundedRect(battery.insetBy(dx: 2, dy: 2), radius: 2)), .solid(ink)))
            let cap = Rect(x: battery.maxX + 1, y: mid - Self.batteryCap.height / 2, width: Self.batteryCap.width, height: Self.batteryCap.height)
            nodes.append(.fill(.path(Self.capEnd(cap)), .solid(ink.opacity(0.4))))
            // Wi-Fi, then cellular, to the battery's left (an iPad has no cellular here).
            let wifiRight = battery.minX - Self.itemGap
            nodes.append(.fill(.path(Self.wifi(bottomCentre: Point(wifiRight - Self.wifiSize.width / 2, mid + Self.wifiSize.height / 2))), .solid(ink)))
            switch layout {
            case .cutout:
                nodes.append(.fill(.path(Self.cellular(origin: Point(wifiRight - Self.wifiSize.width - Self.itemGap - Self.cellularSize.width,
                                                                     mid - Self.cellularSize.height / 2))), .solid(ink)))
            case .centredTime:
                // SE: cellular and Wi-Fi at the left; the battery alone at the right.
                nodes.removeLast()
                nodes.append(.fill(.path(Self.cellular(origin: Point(6, mid - Self.cellularSize.height / 2))), .solid(ink)))
                nodes.append(.fill(.path(Self.wifi(bottomCentre: Point(6 + Self.cellularSize.width + Self.itemGap + Self.wifiSize.width / 2,
                                                                      mid + Self.wifiSize.height / 2))), .solid(ink)))
            case .leadingTime: break
            }
        }
        if let indicator = homeIndicatorFrame {
            nodes.append(.fill(.path(Self.roundedRect(indicator, radius: indicator.height / 2)), .solid((homeIndicator ?? style).ink)))
        }
        return nodes
    }

    /// A material band under the status bar, for a bar whose material extends there (iOS's
    /// navigation bar extends its background under the status bar). `opacity` fades it in as the
    /// bar it belongs to goes (0: nothing).
    public func statusBarBackdrop(_ kind: MaterialKind, scheme: ColorScheme, opacity: Double = 1) -> [Node] {
        Self.statusBarBackdrop(width: size.width, height: statusBarHeight, kind, scheme: scheme, opacity: opacity)
    }

    /// The same for a family that lays out from its own insets: a band `height` tall.
    public static func statusBarBackdrop(width: Double, height: Double, _ kind: MaterialKind, scheme: ColorScheme,
                                         opacity: Double = 1) -> [Node] {
        guard height > 0, opacity > 0 else { return [] }
        let band = Node.material(.rect(Rect(x: 0, y: 0, width: width, height: height)), kind, scheme)
        return [opacity >= 1 ? band : .group([band], opacity: opacity)]
    }

    // MARK: Paths

    /// A rounded rect as a path: four lines and four quarter arcs (circular corners).
    static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let k = min(radius, r.width / 2, r.height / 2)
        var p = Path()
        p.move(to: Point(r.minX + k, r.minY))
        p.addLine(to: Point(r.maxX - k, r.minY))
        p.addArc(center: Point(r.maxX - k, r.minY + k), radius: k, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
        p.addLine(to: Point(r.maxX, r.maxY - k))
        p.addArc(center: Point(r.maxX - k, r.maxY - k), radius: k, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        p.addLine(to: Point(r.minX + k, r.maxY))
        p.addArc(center: Point(r.minX + k, r.maxY - k), radius: k, startAngle: .pi / 2, endAngle: .pi, clockwise: false)
        p.addLine(to: Point(r.minX, r.minY + k))
        p.addArc(center: Point(r.minX + k, r.minY + k), radius: k, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: false)
        p.closeSubpath()
        return p
    }

    /// The battery's cap: square on the body's side, rounded outside.
    static func capEnd(_ r: Rect) -> Path {
        let k = r.width
        var p = Path()
        p.move(to: Point(r.minX, r.minY))
        p.addArc(center: Point(r.minX, r.minY + k), radius: k, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
        p.addLine(to: Point(r.maxX, r.maxY - k))
        p.addArc(center: Point(r.minX, r.maxY - k), radius: k, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        p.closeSubpath()
        return p
    }

    /// Four bars rising left to right, 3 pt wide, 1.5 pt apart, from `origin` (top-left of the box).
    static func cellular(origin: Point) -> Path {
        var p = Path()
        let heights = [4.0, 6.3, 8.6, 11]
        for (i, h) in heights.enumerated() {
            let bar = Rect(x: origin.x + Double(i) * 4.5, y: origin.y + cellularSize.height - h, width: 3, height: h)
            p.elements += roundedRect(bar, radius: 1).elements
        }
        return p
    }

    /// Wi-Fi: a sector and two bands of a disc centred on `bottomCentre`, opening upwards 90°.
    static func wifi(bottomCentre c: Point) -> Path {
        Symbol.wifiPath(center: c, dotRadius: 3.6, bands: [(5.4, 7.7), (9.3, 11.5)])
    }
}

// Device presets: the current iPhones and iPads with what a layout needs besides the point size —
// safe-area insets, display corner radius, status bar height, the cutout (notch or Dynamic
// Island) and whether there is a home indicator — in portrait; `NAME-landscape` turns one, and
// `WxH@S` (e.g. 393x852@3) is any other screen, with no insets.
//
// Values are in points. Sizes and scales are Apple's published screen specifications (Human
// Interface Guidelines, Layout). Safe-area insets (portrait top/bottom; landscape left/right/
// bottom), status bar heights and display corner radii are the values UIKit is commonly reported
// to give for each device's window; they were not measured for this table, so check one against
// the simulator before relying on it to the point. Where a status bar height was not known it is
// the safe-area top.

import HoloGeometry

/// The screen's hardware shape: what covers it and how its corners round.
public struct DeviceScreen: Hashable, Sendable {
    public enum Cutout: String, Hashable, Sendable { case none, notch, dynamicIsland }
    public enum Family: String, Hashable, Sendable { case phone, pad, custom }

    public var family: Family = .custom
    /// Safe-area insets in portrait.
    public var safeArea = EdgeInsets()
    /// Safe-area insets in landscape (the cutout on the left, as with the device turned left).
    public var landscapeSafeArea = EdgeInsets()
    public var statusBarHeight = 0.0
    /// The display's corner radius.
    public var cornerRadius = 0.0
    public var cutout = Cutout.none
    public var homeIndicator = false

    public init(family: Family = .custom, safeArea: EdgeInsets = EdgeInsets(), landscapeSafeArea: EdgeInsets = EdgeInsets(),
                statusBarHeight: Double = 0, cornerRadius: Double = 0, cutout: Cutout = .none, homeIndicator: Bool = false) {
        self.family = family; self.safeArea = safeArea; self.landscapeSafeArea = landscapeSafeArea
        self.statusBarHeight = statusBarHeight; self.cornerRadius = cornerRadius; self.cutout = cutout; self.homeIndicator = homeIndicator
    }

    /// An iPhone with a home button (SE): status bar 20, no insets below, square corners; in
    /// landscape the status bar hides.
    public static let homeButton = DeviceScreen(family: .phone, safeArea: EdgeInsets(top: 20), statusBarHeight: 20)

    /// A notched iPhone (12 – 14, 16e).
    public static func notch(top: Double, corner: Double) -> DeviceScreen {
        DeviceScreen(family: .phone, safeArea: EdgeInsets(top: top, bottom: 34),
                     landscapeSafeArea: EdgeInsets(left: top, bottom: 21, right: top),
                     statusBarHeight: top, cornerRadius: corner, cutout: .notch, homeIndicator: true)
    }

    /// An iPhone with the Dynamic Island (14 Pro and later, 15, 16, 17).
    public static func island(top: Double, statusBar: Double, corner: Double) -> DeviceScreen {
        DeviceScreen(family: .phone, safeArea: EdgeInsets(top: top, bottom: 34),
                     landscapeSafeArea: EdgeInsets(left: top, bottom: 21, right: top),
                     statusBarHeight: statusBar, cornerRadius: corner, cutout: .dynamicIsland, homeIndicator: true)
    }

    /// An iPad without a home button: status bar 24, home indicator 20, in both orientations.
    public static func pad(corner: Double) -> DeviceScreen {
        DeviceScreen(family: .pad, safeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
                     statusBarHeight: 24, cornerRadius: corner, cutout: .none, homeIndicator: true)
    }
}

public enum DevicePresets {
    public static let all: [Device] = [
        .iPhoneSE,
        .iPhone12,
        Device(name: "iphone-16e", size: Size(390, 844), scale: 3, screen: .notch(top: 47, corner: 47.33)),
        Device(name: "iphone-16", size: Size(393, 852), scale: 3, screen: .island(top: 59, statusBar: 54, corner: 55)),
        Device(name: "iphone-16-plus", size: Size(430, 932), scale: 3, screen: .island(top: 59, statusBar: 54, corner: 55)),
        Device(name: "iphone-16-pro", size: Size(402, 874), scale: 3, screen: .island(top: 62, statusBar: 62, corner: 62)),
        Device(name: "iphone-16-pro-max", size: Size(440, 956), scale: 3, screen: .island(top: 62, statusBar: 62, corner: 62)),
        Device(name: "iphone-17", size: Size(402, 874), scale: 3, screen: .island(top: 62, statusBar: 62, corner: 62)),
        Device(name: "iphone-17-pro", size: Size(402, 874), scale: 3, screen: .island(top: 62, statusBar: 62, corner: 62)),
        Device(name: "iphone-17-pro-max", size: Size(440, 956), scale: 3, screen: .island(top: 62, statusBar: 62, corner: 62)),
        Device(name: "ipad-mini", size: Size(744, 1133), scale: 2, screen: .pad(corner: 21.5)),
        Device(name: "ipad", size: Size(820, 1180), scale: 2, screen: .pad(corner: 18)),
        Device(name: "ipad-air-11", size: Size(820, 1180), scale: 2, screen: .pad(corner: 18)),
        Device(name: "ipad-air-13", size: Size(1024, 1366), scale: 2, screen: .pad(corner: 18)),
        Device(name: "ipad-pro-11", size: Size(834, 1210), scale: 2, screen: .pad(corner: 18)),
        Device(name: "ipad-pro-13", size: Size(1032, 1376), scale: 2, screen: .pad(corner: 18)),
    ]

    public static let landscapeSuffix = "-landscape"
}

extension Device {
    /// A preset by name (`iphone-16-pro`), turned (`iphone-16-pro-landscape`), or any screen
    /// written `WxH@S` in points and pixels per point (`393x852@3`: width and height 1…10,000,
    /// scale more than 0 and at most 4); nil for anything else.
    public static func named(_ name: String) -> Device? {
        if let preset = DevicePresets.all.first(where: { $0.name == name }) { return preset }
        if name.hasSuffix(DevicePresets.landscapeSuffix),
           let base = DevicePresets.all.first(where: { $0.name == String(name.dropLast(DevicePresets.landscapeSuffix.count)) }) {
            return base.landscape
        }
        return custom(name)
    }

    /// `WxH@S`.
    static func custom(_ name: String) -> Device? {
        let parts = name.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let scale = Double(parts[1]), scale > 0, scale <= 4 else { return nil }
        let sides = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let w = Double(sides[0]), let h = Double(sides[1]),
              (1...Device.maxPointSize).contains(w), (1...Device.maxPointSize).contains(h) else { return nil }
        return Device(name: name, size: Size(w, h), scale: scale)
    }

    /// This device turned to landscape: sides swapped, the landscape insets, named NAME-landscape
    /// (a custom WxH@S turns to HxW@S).
    public var landscape: Device {
        guard !isLandscape else { return self }
        if screen.family == .custom, let turned = Device.custom("\(Self.format(size.height))x\(Self.format(size.width))@\(Self.format(scale))") {
            return turned
        }
        var turned = screen
        turned.safeArea = screen.landscapeSafeArea
        // Phones hide the status bar in landscape; iPads keep it.
        if screen.family == .phone { turned.statusBarHeight = 0 }
        return Device(name: name + DevicePresets.landscapeSuffix, size: Size(size.height, size.width), scale: scale, screen: turned)
    }

    public var isLandscape: Bool { name.hasSuffix(DevicePresets.landscapeSuffix) || (screen.family == .custom && size.width > size.height) }

    static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    /// One line for `holoframe list --devices`.
    public var summary: String {
        let f = Self.format
        let insets = "safe area \(f(screen.safeArea.top)) top, \(f(screen.safeArea.bottom)) bottom"
        let cutout = screen.cutout == .dynamicIsland ? "Dynamic Island" : (screen.cutout == .notch ? "notch" : "no cutout")
        return "\(f(size.width))×\(f(size.height)) pt @\(f(scale))x (\(pixelWidth)×\(pixelHeight) px), \(insets), " +
            "status bar \(f(screen.statusBarHeight)), corner radius \(f(screen.cornerRadius)), \(cutout)" +
            (screen.homeIndicator ? ", home indicator" : ", home button")
    }
}

// A screen a clip is drawn for: its size in points, its pixels per point and the hardware around it.
// Presets by name, turning to landscape and `WxH@S` screens are in DevicePresets.swift.

import HoloGeometry

@frozen
public struct Device: Hashable, Sendable {
    public var name: String
    /// Screen size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    /// The hardware around the screen (DevicePresets.swift); zero and none for a custom size.
    public var screen: DeviceScreen = DeviceScreen()

    public init(name: String, size: Size, scale: Double) { self.name = name; self.size = size; self.scale = scale }
    public init(name: String, size: Size, scale: Double, screen: DeviceScreen) {
        self.name = name; self.size = size; self.scale = scale; self.screen = screen
    }

    public static let iPhone12 = Device(name: "iphone-12", size: Size(390, 844), scale: 3, screen: .notch(top: 47, corner: 47.33))
    public static let iPhoneSE = Device(name: "iphone-se", size: Size(375, 667), scale: 2, screen: .homeButton)
    /// Portrait presets, phones then iPads; `named(_:)` also reads NAME-landscape and WxH@S.
    public static var presets: [Device] { DevicePresets.all }
    public static func preset(named name: String) -> Device? { named(name) }

    /// Largest side, in points, of any screen (a `WxH@S` name's and a clip file's sizes).
    public static let maxPointSize = 10_000.0

    /// The canvas size in whole pixels: round(points × scale).
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }
}

// The values `--device` accepts: a preset name (`holoframe list --devices`), NAME-landscape, or
// WxH@S for any other screen (393x852@3). The devices themselves live in HoloDevices
// (DevicePresets.swift); this type only carries the name a command line was given, checked.

import Holoframe

/// A device by the name a command line or golden file uses.
struct DeviceName: Hashable, Sendable, CustomStringConvertible {
    let rawValue: String
    /// The device this name stands for.
    let device: Device

    init?(rawValue: String) {
        guard let device = Device.named(rawValue) else { return nil }
        self.rawValue = rawValue; self.device = device
    }

    static let iPhone12 = DeviceName(rawValue: Device.iPhone12.name)!
    static let iPhoneSE = DeviceName(rawValue: Device.iPhoneSE.name)!
    /// Every preset, portrait.
    static var presets: [DeviceName] { Device.presets.map { DeviceName(rawValue: $0.name)! } }

    /// The same device turned to `orientation` (`portrait` leaves it as it is).
    func oriented(_ orientation: Orientation) -> DeviceName {
        guard orientation == .landscape else { return self }
        return DeviceName(rawValue: device.landscape.name)!
    }

    var description: String { rawValue }
}

/// `--orientation`: a preset as named, or turned to landscape.
enum Orientation: String, CaseIterable, Sendable { case portrait, landscape }

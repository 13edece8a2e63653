// The device presets as a closed set of names, the values `--device` accepts.
//
// The devices themselves (sizes, scales) live in HoloMotion's `Device.presets`; this enum only
// names them, so a command line can list the choices and refuse others before any work.
// HoloframeTests holds the two lists equal.

import HoloMotion

/// A device preset by its command-line name (`iphone-12`, `iphone-se`).
public enum DeviceName: String, CaseIterable, Sendable {
    case iPhone12 = "iphone-12"
    case iPhoneSE = "iphone-se"

    /// The preset this name stands for.
    public var device: Device { Device.preset(named: rawValue)! }
}

// What a built-in clip's layout takes from its device: the safe area, the status bar and the
// cutout. A preset carries them (HoloDevices' DevicePresets.swift). A custom
// `WxH@S` screen carries none, so each family guesses them from the screen's shape as it did
// before presets had insets (each family keeps its own guess, so a custom 390x844@3 renders as
// it always did, and layouts built from a size alone, as in tests, are unchanged).
//
// On the iPhone 12 the preset's values are the constants the clips were written with (safe area
// 47 pt top and 34 pt bottom, status bar 47 pt, a notch), so its pictures do not change.

import HoloDevices
import HoloGeometry
import HoloMotion

public struct ScreenInsets: Hashable, Sendable {
    /// Safe-area insets, in points.
    public var top, bottom, left, right: Double
    /// The status bar's height (0 where it is hidden: a phone in landscape).
    public var statusBar: Double
    /// A notch or the Dynamic Island: the status bar's items sit either side of it, larger.
    public var cutout: DeviceScreen.Cutout

    public init(top: Double, bottom: Double, left: Double = 0, right: Double = 0, statusBar: Double,
                cutout: DeviceScreen.Cutout) {
        self.top = top; self.bottom = bottom; self.left = left; self.right = right
        self.statusBar = statusBar; self.cutout = cutout
    }

    /// A preset's screen, as it is (portrait or landscape).
    public init(_ screen: DeviceScreen) {
        self.init(top: screen.safeArea.top, bottom: screen.safeArea.bottom, left: screen.safeArea.left,
                  right: screen.safeArea.right, statusBar: screen.statusBarHeight, cutout: screen.cutout)
    }

    /// The guess for a screen without insets: an iPhone 12 (47 pt top, 34 pt bottom, notch) when
    /// `notched`, else a home-button iPhone (20 pt status bar, nothing below).
    public static func guess(notched: Bool) -> ScreenInsets {
        notched ? ScreenInsets(top: 47, bottom: 34, statusBar: 47, cutout: .notch)
                : ScreenInsets(top: 20, bottom: 0, statusBar: 20, cutout: .none)
    }

    /// The guess from the height alone (the waveform's and the reveal's families): notched like the
    /// iPhone 12 when ≥ 800 pt tall, else a home-button phone.
    public static func guessFromHeight(_ size: Size) -> ScreenInsets { guess(notched: size.height >= 800) }

    /// The iPhone 12's: what every built-in clip was laid out for before devices had insets.
    public static let iPhone12 = guess(notched: true)
}

extension Device {
    /// The insets a built-in clip lays out with: the preset's own, or for a custom screen (no
    /// insets of its own) the family's `guess` from its size.
    public func layoutInsets(guess: (Size) -> ScreenInsets) -> ScreenInsets {
        screen.family == .custom ? guess(size) : ScreenInsets(screen)
    }
}

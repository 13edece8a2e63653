// What a clip is made from: its design and the design's variant, the device, frame rate and
// duration, the environment, the scroll view and its script, device motion and taps, with the
// limits a clip file's values are held to. The built-in clips' defaults are written as specs, and
// a clip file decodes into one (HoloClips' ClipFile/ folder is the file format).

import HoloDevices
import HoloGeometry

public enum VariantValue: Hashable, Sendable {
    case string(String), number(Double), bool(Bool)
}

public struct ScrollSpec: Hashable, Sendable {
    public var configuration: ScrollConfiguration
    public var script: ScrollScript
    /// False when a custom design's file left `contentHeight` out: its scene's `scrollView` lays
    /// the content out and gives the height (HoloClips' CustomDesign), or the design refuses the file.
    public var hasContentHeight = true
    public init(configuration: ScrollConfiguration, script: ScrollScript) {
        self.configuration = configuration; self.script = script
    }
    public func makeSimulation() -> ScrollSimulation { ScrollSimulation(configuration, script: script) }
}

public struct MotionSpec: Hashable, Sendable {
    public var roll: MotionTrack
    public var pitch: MotionTrack
    public init(roll: MotionTrack = .zero, pitch: MotionTrack = .zero) { self.roll = roll; self.pitch = pitch }
}

public struct ClipSpec: Hashable, Sendable {
    public var design: String
    public var variant: [String: VariantValue]
    public var device: Device
    /// The exact frame rate (29.97 is 30000/1001).
    public var rate: FrameRate
    public var duration: Double
    public var environment: ClipEnvironment
    public var scroll: ScrollSpec?
    public var motion: MotionSpec
    public var taps: [Tap]
    /// A user's own scene (design "custom"), decoded by HoloClips' UserScene reader.
    public var scene: JSONValue? = nil
    /// The device's status bar and home indicator over the frames (`"chrome"`, `--no-chrome`).
    /// Nil: the design's default, on for built-in designs, off for "custom" scenes.
    public var chrome: Bool? = nil

    public static let defaultFPS = 60
    public static let defaultDuration = 4.0
    public static let maxPointSize = Device.maxPointSize
    public static let maxContentHeight = 1_000_000.0
    /// Largest fling velocity in points per second: a hard flick on an iPhone is about 10,000.
    public static let maxVelocity = 100_000.0
    /// Largest event time in seconds (a clip lasts at most 600 s).
    public static let maxEventTime = 600.0

    public init(design: String, variant: [String: VariantValue] = [:], device: Device = .iPhone12, fps: Int = defaultFPS,
                duration: Double = defaultDuration, environment: ClipEnvironment = .standard, scroll: ScrollSpec? = nil,
                motion: MotionSpec = MotionSpec(), taps: [Tap] = []) {
        self.design = design; self.variant = variant; self.device = device; self.rate = FrameRate(fps); self.duration = duration
        self.environment = environment; self.scroll = scroll; self.motion = motion; self.taps = taps
    }

    /// Frames per second (the rate's value, for time arithmetic).
    public var fps: Double { rate.value }
    public var clock: FrameClock { FrameClock(rate: rate) }
    /// round(duration · fps): frames 0 … n−1, the end exclusive.
    public var frameCount: Int { clock.frameCount(duration: duration) }
    /// Device motion as the design receives it (Low Power halves the sample rate).
    public func makeDeviceMotion() -> DeviceMotion {
        DeviceMotion(roll: motion.roll, pitch: motion.pitch, lowPower: environment.lowPower)
    }
}

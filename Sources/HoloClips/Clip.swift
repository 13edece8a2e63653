// The clip contract: a design plus its inputs, ready to produce frames.
//
// A clip's simulation only moves forward in time: state at frame k is computed by advancing from
// t = 0 through every input up to k / fps, never from wall-clock time or from which frames were
// asked for before. That is what makes "render frame 500 alone" give the same bytes as "render
// 0…500": a fresh simulation advanced straight to frame 500 passes through the same steps.

import Foundation
import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene

/// One simulated frame: its index, its time, its state and the scene to draw.
public struct FrameRecord: Sendable {
    public let index: Int
    /// Seconds: index / fps.
    public let time: Double
    /// The frame's state as one JSON object (what `holoframe simulate` prints for the frame).
    public let stateJSON: String
    public let scene: Scene
}

/// What a design implements: state that advances in time, and a scene built from state.
public protocol ClipSimulation {
    associatedtype State: Encodable
    /// Advances to `time` (never earlier than the previous call) and returns the state there.
    mutating func advance(to time: Double) -> State
    /// The frame's scene: a pure function of the state.
    func scene(for state: State) -> Scene
}

/// A clip ready to render: its name, device and timing, and a way to start its simulation.
public struct Clip: Sendable {
    public private(set) var name: String
    /// The device preset's name (or `WxH@S`) a clip made from a spec renders on; nil for a clip
    /// built from a size alone.
    public internal(set) var deviceName: String?
    /// Canvas size in points.
    public let size: Size
    /// Pixels per point.
    public private(set) var scale: Double
    /// The exact frame rate (29.97 is 30000/1001), as the render record and state lines write it.
    public let rate: FrameRate
    /// Frames per second (the rate's value).
    public var fps: Double { rate.value }
    /// Frames in the clip's full duration: round(duration · fps), frames 0 … frameCount − 1.
    public let frameCount: Int
    /// When true, frames after the last one show the last frame (`--hold-last`).
    public private(set) var holdsLastFrame = false
    /// Deprecated forms the clip file used ("file: path: what to write instead"); the command
    /// line prints them on stderr, the clip renders as if written the new way.
    public private(set) var warnings: [String] = []
    private let start: @Sendable () -> FrameSource
    /// The device's status bar and home indicator drawn over every frame (DeviceChrome.swift), or
    /// nil: a built-in clip has them unless its spec says `chrome: false` (`--no-chrome`); a user's
    /// scene or a clip built in Swift only when it asks (`"chrome": true`, `withChrome`).
    public private(set) var chrome: DeviceChrome?
    private var chromeStyle: (@Sendable (Scene) -> StatusBarStyle)?

    public init<S: ClipSimulation & SendableMetatype>(name: String, size: Size, scale: Double, rate: FrameRate, frameCount: Int,
                                   simulation: @escaping @Sendable () -> S) {
        self.name = name; self.size = size; self.scale = scale; self.rate = rate; self.frameCount = frameCount
        self.start = { FrameSource(simulation(), rate: rate) }
    }

    /// A built-in design's clip: the spec's design name, device, rate and length, with the device's
    /// chrome unless the spec turns it off. `statusBar` picks the status bar's content style from
    /// the frame's scene (default: what reads over what the scene draws under the bar).
    init<S: ClipSimulation & SendableMetatype>(_ spec: ClipSpec, statusBar: (@Sendable (Scene) -> StatusBarStyle)? = nil,
                            simulation: @escaping @Sendable () -> S) {
        self.init(name: spec.design, size: spec.device.size, scale: spec.device.scale, rate: spec.rate,
                  frameCount: spec.frameCount, simulation: simulation)
        deviceName = spec.device.name
        if spec.chrome ?? true { self = withChrome(DeviceChrome(spec.device), statusBar: statusBar) }
    }

    /// A clip at `fps` frames per second (an NTSC decimal such as 29.97 is taken as its 1001 fraction).
    public init<S: ClipSimulation & SendableMetatype>(name: String, size: Size, scale: Double, fps: Double, frameCount: Int,
                                   simulation: @escaping @Sendable () -> S) {
        self.init(name: name, size: size, scale: scale, rate: FrameRate(fps) ?? FrameRate(max(1, Int(fps.rounded()))),
                  frameCount: frameCount, simulation: simulation)
    }

    /// The same clip with `chrome` drawn over every frame, its items in the style `statusBar`
    /// picks from the frame's scene (default: `chrome.style(over:)`, from what is drawn under the bar).
    public func withChrome(_ chrome: DeviceChrome, statusBar: (@Sendable (Scene) -> StatusBarStyle)? = nil) -> Clip {
        var copy = self
        copy.chrome = chrome
        copy.chromeStyle = statusBar
        return copy
    }

    /// The same clip with the device's chrome (`Device` gives its positions and sizes).
    public func withChrome(device: Device, statusBar: (@Sendable (Scene) -> StatusBarStyle)? = nil) -> Clip {
        withChrome(DeviceChrome(device), statusBar: statusBar)
    }

    /// The same clip without chrome (for users who composite their own).
    public func withoutChrome() -> Clip {
        var copy = self
        copy.chrome = nil
        copy.chromeStyle = nil
        return copy
    }

    /// A fresh simulation from t = 0.
    public func frames() -> FrameSource {
        let source = start()
        if let chrome {
            let style = chromeStyle ?? { chrome.style(over: $0) }
            source.overlay = { scene in
                var scene = scene
                // The home indicator reads the content under it, whatever the status bar shows.
                scene.root += chrome.nodes(style: style(scene), homeIndicator: chrome.homeIndicatorStyle(over: scene))
                return scene
            }
        }
        if holdsLastFrame { source.lastFrame = frameCount - 1 }
        return source
    }

    /// The same clip under another name (a variant is named by what the user asked for, not by
    /// its design).
    public func named(_ name: String) -> Clip {
        var copy = self
        copy.name = name
        return copy
    }

    /// The same clip at another scale (for small goldens and quick previews).
    public func withScale(_ scale: Double) -> Clip {
        var copy = self
        copy.scale = scale
        return copy
    }

    /// The same clip, showing its last frame for any later frame index (`--hold-last`): the
    /// frame is named as asked, its state and picture are the last frame's.
    public func holdingLastFrame() -> Clip {
        var copy = self
        copy.holdsLastFrame = true
        return copy
    }

    /// The same clip, carrying `warnings` for the host to show.
    public func withWarnings(_ warnings: [String]) -> Clip {
        var copy = self
        copy.warnings += warnings
        return copy
    }

    /// Canvas size in pixels at the clip's scale.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }
}

/// A running simulation, type-erased. Ask for frames in increasing order.
public final class FrameSource {
    private let advance: (Int, Double, Bool, String?) -> FrameRecord
    private var lastIndex = -1
    /// Drawn over each frame's scene (the device chrome), set by `Clip.frames()`.
    var overlay: ((Scene) -> Scene)?
    /// Set for `--hold-last`: later indices take this frame's time (and so its state and scene).
    var lastFrame: Int?
    /// The clip's rate: frame k is at t = k / rate; a fractional rate is written into each state
    /// line ("rate": "30000/1001").
    public let rate: FrameRate
    private let rateKey: String?

    init<S: ClipSimulation>(_ simulation: S, rate: FrameRate) {
        self.rate = rate
        rateKey = rate.isWhole ? nil : "\"rate\":\"\(rate)\""
        var sim = simulation
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        advance = { index, time, encodeState, rateKey in
            let state = sim.advance(to: time)
            var json = ""
            if encodeState {
                let body = (try? encoder.encode(state)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
                json = FrameSource.prefixed(body, index: index, time: time, rateKey: rateKey)
            }
            return FrameRecord(index: index, time: time, stateJSON: json, scene: sim.scene(for: state))
        }
    }

    /// Frame `index` (t = index / rate), with its state as JSON. Indices must not decrease.
    public func frame(_ index: Int) -> FrameRecord {
        step(index, encodeState: true)
    }

    /// Frame `index`'s time and scene only: the same simulation steps as `frame`, without encoding
    /// the state as JSON (what rendering and the benchmark need; encoding costs ~0.1–1 ms a frame).
    public func scene(_ index: Int) -> (time: Double, scene: Scene) {
        let record = step(index, encodeState: false)
        return (record.time, record.scene)
    }

    private func step(_ index: Int, encodeState: Bool) -> FrameRecord {
        precondition(index >= lastIndex, "frames must be asked for in increasing order")
        lastIndex = index
        let shown = lastFrame.map { min(index, $0) } ?? index
        let record = advance(index, Double(shown) / rate.value, encodeState, rateKey)
        guard let overlay else { return record }
        return FrameRecord(index: record.index, time: record.time, stateJSON: record.stateJSON, scene: overlay(record.scene))
    }

    /// `{"frame":k,"time":t,` (+ `"rate":"30000/1001",` for a fractional rate) + the state's own keys.
    static func prefixed(_ body: String, index: Int, time: Double, rateKey: String? = nil) -> String {
        var head = "{\"frame\":\(index),\"time\":\(formatTime(time))"
        if let rateKey { head += "," + rateKey }
        if body == "{}" { return head + "}" }
        return head + "," + body.dropFirst()
    }

    static func formatTime(_ t: Double) -> String {
        let s = String(format: "%.6f", t)
        var trimmed = Substring(s)
        while trimmed.last == "0" { trimmed = trimmed.dropLast() }
        if trimmed.last == "." { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}

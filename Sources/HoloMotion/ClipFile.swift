// Clip files: JSON (JSON5 accepted: comments, trailing commas, NaN literals — which are then rejected
// with their path) describing what happens in a clip. Decoded with Codable through `Fields`, so that
// every mistake names the file, the field path and the reason. Unknown fields are errors: a typo
// must not silently fall back to a default.
//
// {
//   "design": "demo",                      required, non-empty
//   "variant": {"accent": "gold", "cards": 3, "flowing": true},   default {}
//   "device": "iphone-12" | "iphone-se" | {"name"?, "width", "height", "scale"},  default iphone-12
//   "fps": 60,                             integer 1…240, default 60
//   "duration": 4.0,                       seconds, 0 < d ≤ 600, default 4
//   "environment": {"colorScheme": "light"|"dark", "reduceMotion": false, "lowPower": false,
//                   "highContrast": false, "animationMode": "full"|"reduced"|"minimal",
//                   "dynamicTypeSize": "xSmall"…"large"…"accessibility5"},   defaults as listed first / large
//   "scroll": {"contentHeight": 3000,      required, 0 < h ≤ 1 000 000
//              "viewportHeight": 844,      default the device height
//              "deceleration": "normal"|"fast",   default normal
//              "pageHeight": 844,          paging when present
//              "events": [{"type": "down", "time": 0.5, "y": 600},
//                         {"type": "move", "time": 0.7, "y": 300, "curve": "linear"},
//                         {"type": "up", "time": 0.7, "velocity": -1500?},
//                         {"type": "tap", "time": 2},
//                         {"type": "scrollTo", "time": 3, "offset": 0, "animated": true},
//                         {"type": "scrollToTop", "time": 3.5}]},      no scroll view when absent
//   "motion": {"roll": TRACK, "pitch": TRACK},   default 0 for both, radians
//      TRACK = {"keyframes": [{"time": 0, "value": 0, "curve": "easeInOut"?}, …]}   (curve default linear)
//            | {"wobble": {"amplitude": 0.2, "period": 2, "phase": 0?}}  | {"constant": 0.1}
//   "taps": [{"time": 1.2, "target": "card-3"}]   default []
// }

import Foundation
import HoloGeometry

public struct ClipFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var fileName: String
    /// The JSON path of the field, e.g. `scroll.events[2].time`, or `(top level)`.
    public var path: String
    public var reason: String
    public var description: String { "\(fileName): \(path): \(reason)" }
    public init(fileName: String, path: String, reason: String) {
        self.fileName = fileName; self.path = path; self.reason = reason
    }
}

public enum VariantValue: Hashable, Sendable, Decodable {
    case string(String), number(Double), bool(Bool)

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let d = try? c.decode(Double.self) {
            guard d.isFinite else { throw ClipFieldError(path: decoder.codingPath, reason: "must be a finite number, got \(d)") }
            self = .number(d); return
        }
        throw ClipFieldError(path: decoder.codingPath, reason: "must be a string, number or boolean")
    }
}

public struct ScrollSpec: Hashable, Sendable {
    public var configuration: ScrollConfiguration
    public var script: ScrollScript
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
    public var fps: Int
    public var duration: Double
    public var environment: ClipEnvironment
    public var scroll: ScrollSpec?
    public var motion: MotionSpec
    public var taps: [Tap]
    /// A user's own scene (design "custom"), decoded by HoloClips' UserScene reader.
    public var scene: JSONValue? = nil

    public static let defaultFPS = 60
    public static let defaultDuration = 4.0
    public static let maxPointSize = 10_000.0
    public static let maxContentHeight = 1_000_000.0
    /// Largest fling velocity in points per second: a hard flick on an iPhone is about 10,000.
    public static let maxVelocity = 100_000.0
    /// Largest event time in seconds (a clip lasts at most 600 s).
    public static let maxEventTime = 600.0

    public init(design: String, variant: [String: VariantValue] = [:], device: Device = .iPhone12, fps: Int = defaultFPS,
                duration: Double = defaultDuration, environment: ClipEnvironment = .standard, scroll: ScrollSpec? = nil,
                motion: MotionSpec = MotionSpec(), taps: [Tap] = []) {
        self.design = design; self.variant = variant; self.device = device; self.fps = fps; self.duration = duration
        self.environment = environment; self.scroll = scroll; self.motion = motion; self.taps = taps
    }

    public var clock: FrameClock { FrameClock(fps: fps) }
    public var frameCount: Int { clock.frameCount(duration: duration) }
    /// Device motion as the design receives it (Low Power halves the sample rate).
    public func makeDeviceMotion() -> DeviceMotion {
        DeviceMotion(roll: motion.roll, pitch: motion.pitch, lowPower: environment.lowPower)
    }

    /// `defaults`: the built-in clip a design name stands for (its default inputs), or nil. A file
    /// naming a built-in design inherits every field it leaves out from it (ClipInheritance.swift).
    public static func load(path: String, defaults: @escaping (String) -> ClipSpec? = { _ in nil }) throws -> ClipSpec {
        let name = (path as NSString).lastPathComponent
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ClipFileError(fileName: name, path: "(file)", reason: "cannot be read: \(error.localizedDescription)")
        }
        return try decode(data, fileName: name, defaults: defaults)
    }

    public static func decode(_ data: Data, fileName: String,
                              defaults: @escaping (String) -> ClipSpec? = { _ in nil }) throws -> ClipSpec {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        decoder.userInfo[.clipDefaults] = ClipDefaults(lookup: defaults)
        func fail(_ path: [CodingKey], _ reason: String) -> ClipFileError {
            ClipFileError(fileName: fileName, path: ClipPath.render(path), reason: reason)
        }
        do {
            return try decoder.decode(ClipDocument.self, from: data).spec
        } catch let e as ClipFieldError {
            throw fail(e.path, e.reason)
        } catch let e as DecodingError {
            switch e {
            case .typeMismatch(let type, let c):
                throw fail(c.codingPath, "expected \(jsonTypeName(type)): \(c.debugDescription)")
            case .valueNotFound(let type, let c):
                throw fail(c.codingPath, "expected \(jsonTypeName(type)), found null")
            case .keyNotFound(let key, let c):
                throw fail(c.codingPath + [key], "is required")
            case .dataCorrupted(let c):
                throw fail(c.codingPath, c.codingPath.isEmpty ? "not valid JSON: \(c.debugDescription)" : c.debugDescription)
            @unknown default:
                throw fail([], "\(e)")
            }
        }
    }

    static func jsonTypeName(_ type: Any.Type) -> String {
        if type == Double.self || type == Int.self { return "a number" }
        if type == String.self { return "a string" }
        if type == Bool.self { return "a boolean" }
        if String(describing: type).hasPrefix("Array") { return "an array" }
        return "an object"
    }
}

// MARK: The document, field by field

struct ClipDocument: Decodable {
    var spec: ClipSpec

    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, known: ["design", "variant", "device", "fps", "duration", "environment", "scroll", "motion", "taps", "scene"])
        let design = try f.require(String.self, "design")
        guard !design.isEmpty else { throw f.error("design", "must not be empty") }
        // A built-in design's default inputs stand in for every field the file leaves out.
        let base = (decoder.userInfo[.clipDefaults] as? ClipDefaults)?.lookup(design)
        var spec = base ?? ClipSpec(design: design)
        spec.design = design
        if let variant = try f.decode([String: VariantValue].self, "variant") {
            spec.variant.merge(variant) { _, file in file }
        }
        if let device = try f.decode(DeviceField.self, "device")?.device {
            // An inherited scroll view keeps filling the screen on the file's device.
            if var scroll = spec.scroll, scroll.configuration.viewportHeight == spec.device.size.height {
                scroll.configuration.viewportHeight = device.size.height
                spec.scroll = scroll
            }
            spec.device = device
        }
        if let fps = try f.number("fps") {
            guard fps == fps.rounded(), fps >= 1, fps <= 240 else { throw f.error("fps", "must be a whole number in 1…240, got \(fps)") }
            spec.fps = Int(fps)
        }
        if let d = try f.number("duration") {
            guard d > 0, d <= 600 else { throw f.error("duration", "must be in (0, 600] seconds, got \(d)") }
            spec.duration = d
        }
        if let e = try f.decode(EnvironmentField.self, "environment") { spec.environment = e.applied(to: spec.environment) }
        if f.has("scroll") {
            // The viewport defaults to the device's height, which only the root knows.
            let nested = try f.container.superDecoder(forKey: AnyKey("scroll"))
            spec.scroll = try ScrollField.decode(nested, defaultViewport: spec.device.size.height, base: spec.scroll)
        }
        if let m = try f.decode(MotionField.self, "motion") {
            spec.motion = MotionSpec(roll: m.roll ?? spec.motion.roll, pitch: m.pitch ?? spec.motion.pitch)
        }
        if let taps = try f.decode([TapField].self, "taps") { spec.taps = taps.map(\.tap) }
        spec.scene = try f.decode(JSONValue.self, "scene")
        for (i, tap) in spec.taps.enumerated().dropFirst() where tap.time < spec.taps[i - 1].time {
            throw ClipFieldError(path: [AnyKey("taps"), AnyKey(intValue: i)!, AnyKey("time")],
                                 reason: "\(tap.time) is earlier than the previous tap (\(spec.taps[i - 1].time)); taps must be in time order")
        }
        self.spec = spec
    }
}

struct DeviceField: Decodable {
    var device: Device
    init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            guard let d = Device.preset(named: name) else {
                throw ClipFieldError(path: decoder.codingPath, reason: "unknown device \"\(name)\" (presets: \(Device.presets.map(\.name).joined(separator: ", ")))")
            }
            device = d; return
        }
        let f = try Fields(decoder, known: ["name", "width", "height", "scale"])
        let limit = 0...ClipSpec.maxPointSize
        let w = try f.requireNumber("width", in: limit, positive: true)
        let h = try f.requireNumber("height", in: limit, positive: true)
        let s = try f.requireNumber("scale", in: 1...4)
        device = Device(name: try f.decode(String.self, "name") ?? "custom", size: Size(w, h), scale: s)
    }
}

/// The environment fields a file gives; the rest come from the base (a built-in's, or the standard).
struct EnvironmentField: Decodable {
    var colorScheme: ColorScheme?
    var reduceMotion, lowPower, highContrast: Bool?
    var animationMode: AnimationMode?
    var dynamicTypeSize: DynamicTypeSize?
    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, known: ["colorScheme", "reduceMotion", "lowPower", "highContrast", "animationMode", "dynamicTypeSize"])
        colorScheme = try f.choice(ColorScheme.self, "colorScheme")
        reduceMotion = try f.decode(Bool.self, "reduceMotion")
        lowPower = try f.decode(Bool.self, "lowPower")
        highContrast = try f.decode(Bool.self, "highContrast")
        animationMode = try f.choice(AnimationMode.self, "animationMode")
        dynamicTypeSize = try f.choice(DynamicTypeSize.self, "dynamicTypeSize")
    }
    var value: ClipEnvironment { applied(to: ClipEnvironment()) }
    func applied(to base: ClipEnvironment) -> ClipEnvironment {
        var e = base
        e.colorScheme = colorScheme ?? e.colorScheme
        e.reduceMotion = reduceMotion ?? e.reduceMotion
        e.lowPower = lowPower ?? e.lowPower
        e.highContrast = highContrast ?? e.highContrast
        e.animationMode = animationMode ?? e.animationMode
        e.dynamicTypeSize = dynamicTypeSize ?? e.dynamicTypeSize
        return e
    }
}

enum ScrollField {
    /// `base`: the built-in's scroll view, whose values stand in for fields the file leaves out
    /// (contentHeight is required only without one).
    static func decode(_ decoder: Decoder, defaultViewport: Double, base: ScrollSpec? = nil) throws -> ScrollSpec {
        let f = try Fields(decoder, known: ["contentHeight", "viewportHeight", "deceleration", "pageHeight", "events"])
        let inherited = base?.configuration
        let content = try inherited.map { b in try f.number("contentHeight", in: 0...ClipSpec.maxContentHeight, positive: true) ?? b.contentHeight }
            ?? f.requireNumber("contentHeight", in: 0...ClipSpec.maxContentHeight, positive: true)
        let viewport = try f.number("viewportHeight", in: 0...ClipSpec.maxPointSize, positive: true) ?? inherited?.viewportHeight ?? defaultViewport
        let page = try f.has("pageHeight") ? f.number("pageHeight", in: 0...ClipSpec.maxPointSize, positive: true) : inherited?.pageHeight
        let config = ScrollConfiguration(contentHeight: content, viewportHeight: viewport,
                                         deceleration: try f.choice(ScrollDeceleration.self, "deceleration") ?? inherited?.deceleration ?? .normal,
                                         pageHeight: page)
        guard let events = try f.decode([ScrollEventField].self, "events")?.map(\.event) else {
            return ScrollSpec(configuration: config, script: base?.script ?? .empty)
        }
        do {
            return ScrollSpec(configuration: config, script: try ScrollScript(events))
        } catch {
            throw ClipFieldError(path: f.container.codingPath + [AnyKey("events"), AnyKey(intValue: error.index)!, AnyKey(error.field)],
                                 reason: error.reason)
        }
    }
}

struct ScrollEventField: Decodable {
    var event: ScrollEvent
    static let fieldsByType: [String: [String]] = [
        "down": ["type", "time", "y"], "move": ["type", "time", "y", "curve"], "up": ["type", "time", "velocity"],
        "tap": ["type", "time"], "scrollTo": ["type", "time", "offset", "animated"], "scrollToTop": ["type", "time", "animated"],
    ]
    init(from decoder: Decoder) throws {
        let probe = try Fields(decoder, known: ["type", "time", "y", "curve", "velocity", "offset", "animated"])
        let type = try probe.require(String.self, "type")
        guard let known = ScrollEventField.fieldsByType[type] else {
            throw probe.error("type", "\"\(type)\" is not one of \"down\", \"move\", \"up\", \"tap\", \"scrollTo\", \"scrollToTop\"")
        }
        let f = try Fields(decoder, known: known)
        let t = try f.requireNumber("time", in: 0...ClipSpec.maxEventTime)
        // Finger positions and offsets stay within the longest content either way; velocities within a flick.
        let span = -ClipSpec.maxContentHeight...ClipSpec.maxContentHeight
        switch type {
        case "down": event = .fingerDown(time: t, y: try f.requireNumber("y", in: span))
        case "move": event = .fingerMove(time: t, y: try f.requireNumber("y", in: span), curve: try f.curve("curve") ?? .linear)
        case "up": event = .fingerUp(time: t, velocity: try f.number("velocity", in: -ClipSpec.maxVelocity...ClipSpec.maxVelocity))
        case "tap": event = .tap(time: t)
        case "scrollTo": event = .scrollTo(time: t, offset: try f.requireNumber("offset", in: span), animated: try f.decode(Bool.self, "animated") ?? true)
        default: event = .scrollTo(time: t, offset: 0, animated: try f.decode(Bool.self, "animated") ?? true)
        }
    }
}

/// The tracks a file gives (nil: the base's).
struct MotionField: Decodable {
    var roll: MotionTrack?, pitch: MotionTrack?
    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, known: ["roll", "pitch"])
        roll = try f.decode(TrackField.self, "roll")?.track
        pitch = try f.decode(TrackField.self, "pitch")?.track
    }
}

struct TrackField: Decodable {
    var track: MotionTrack
    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, known: ["keyframes", "wobble", "constant"])
        let present = ["keyframes", "wobble", "constant"].filter(f.has)
        guard present.count == 1 else {
            throw ClipFieldError(path: decoder.codingPath, reason: present.isEmpty
                ? "empty track: give one of \"keyframes\", \"wobble\", \"constant\""
                : "give only one of \"keyframes\", \"wobble\", \"constant\" (found \(present.joined(separator: ", ")))")
        }
        if let v = try f.number("constant") { track = .constant(v); return }
        if let w = try f.decode(WobbleField.self, "wobble") { track = w.track; return }
        let keys = try f.require([KeyframeField].self, "keyframes").map(\.keyframe)
        guard !keys.isEmpty else { throw f.error("keyframes", "empty track: needs at least one keyframe") }
        for i in keys.indices.dropFirst() where keys[i].time < keys[i - 1].time {
            throw ClipFieldError(path: f.container.codingPath + [AnyKey("keyframes"), AnyKey(intValue: i)!, AnyKey("time")],
                                 reason: "\(keys[i].time) is earlier than the previous keyframe (\(keys[i - 1].time)); keyframes must be in time order")
        }
        track = .keyframes(keys)
    }
}

struct WobbleField: Decodable {
    var track: MotionTrack
    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, known: ["amplitude", "period", "phase"])
        track = .wobble(amplitude: try f.requireNumber("amplitude"), period: try f.requireNumber("period", positive: true),
                        phase: try f.number("phase") ?? 0)
    }
}

struct KeyframeField: Decodable {
    var keyframe: MotionKeyframe
    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, known: ["time", "value", "curve"])
        keyframe = MotionKeyframe(time: try f.requireNumber("time", nonNegative: true),
                                  value: try f.requireNumber("value"), curve: try f.curve("curve") ?? .linear)
    }
}

struct TapField: Decodable {
    var tap: Tap
    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, known: ["time", "target"])
        let target = try f.require(String.self, "target")
        guard !target.isEmpty else { throw f.error("target", "must not be empty") }
        tap = Tap(time: try f.requireNumber("time", nonNegative: true), target: target)
    }
}

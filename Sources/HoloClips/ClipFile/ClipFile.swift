// Clip files: JSON (JSON5 accepted: comments, trailing commas, NaN literals — which are then rejected
// with their path) describing what happens in a clip. Parsed into HoloGeometry's JSON tree and read
// field by field through `Fields`, so that every mistake names the file, the field path and the
// reason (a syntax error also its line and column). Unknown fields are errors: a typo must not
// silently fall back to a default.
//
// The format is this folder: the keys below and their decoding and checks into HoloMotion's
// ClipSpec (this file, through ClipFields.swift), what naming a built-in design gives
// (ClipInheritance.swift), `extends` (ClipFileDocument.swift) and design "custom"'s own fields and
// scene (CustomDesignFields.swift, Scene/). It reads no files: HoloExport's ClipResolver reads them
// and resolves names to clips; the catalog and CustomDesign build the clips.
//
// {
//   "design": "demo",                      required, non-empty
//   "variant": {"accent": "gold", "cards": 3, "flowing": true},   default {}
//   "device": a preset ("iphone-16-pro", DevicePresets.swift) | "NAME-landscape" | "393x852@3"
//             | {"name"?, "width", "height", "scale"},  default iphone-12
//   "fps": 60 | 29.97 | "30000/1001",     1…240, default 60; NTSC decimals are their 1001 fractions
//   "duration": 4.0,                       seconds, 0 < d ≤ 600, default 4: round(d·fps) frames
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
//   "chrome": true | false   the device's status bar and home indicator over the frames; default true
//                            for built-in designs, false for "custom" scenes (HoloClips' DeviceChrome)
//   "scene": {…}             design "custom"'s scene (Scene/; its variant keys: CustomDesignFields.swift)
//   "extends": "base.json"   another clip file, this file's fields over it (ClipFileDocument.swift)
// }

import Foundation
import HoloDevices
import HoloGeometry
import HoloMotion

public struct ClipFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var fileName: String
    /// The JSON path of the field, e.g. `scroll.events[2].time`, or `(top level)`.
    public var path: String
    public var reason: String
    /// A path as deep as the nesting cap (512 levels) is thousands of characters: it is cut in the
    /// middle so the reason after it is always printed.
    public var description: String { "\(Printable.middle(fileName, limit: 160)): \(Printable.middle(path, limit: 160)): \(reason)" }
    public init(fileName: String, path: String, reason: String) {
        self.fileName = fileName; self.path = path; self.reason = reason
    }
}

extension VariantValue {
    init(_ v: JSONValue, path: String) throws(JSONFieldError) {
        switch v {
        case .string(let s): self = .string(s)
        case .bool(let b): self = .bool(b)
        case .integer, .float:
            guard let d = v.number, d.isFinite else { throw JSONFieldError(path: path, reason: "must be a finite number, got \(v.shown)") }
            self = .number(d)
        default: throw JSONFieldError(path: path, reason: "must be a string, number or boolean, got \(v.shown)")
        }
    }
}

extension ClipSpec {
    /// A clip file's bytes as a spec; `fileName` names it in errors. The format reads no files: the
    /// caller reads them under the input rules (HoloExport's `ClipResolver`, through `InputFile`).
    /// `defaults`: the built-in clip a design name stands for (its default inputs), or nil. A file
    /// naming a built-in design inherits every field it leaves out from it (ClipInheritance.swift).
    public static func decode(_ data: Data, fileName: String,
                              defaults: (String) -> ClipSpec? = { _ in nil }) throws -> ClipSpec {
        try decode(try ClipFileDocument.parse(Array(data), fileName: fileName), fileName: fileName, defaults: defaults)
    }

    /// A clip file's parsed document as a spec (see `decode(_:fileName:defaults:)`).
    public static func decode(_ root: JSONValue, fileName: String, defaults: (String) -> ClipSpec? = { _ in nil }) throws -> ClipSpec {
        do { return try ClipDocument.spec(root, defaults: defaults) } catch {
            throw ClipFileError(fileName: fileName, path: error.path.isEmpty ? "(top level)" : error.path, reason: error.reason)
        }
    }
}

// MARK: The document, field by field

enum ClipDocument {
    static func spec(_ root: JSONValue, defaults: (String) -> ClipSpec?) throws(JSONFieldError) -> ClipSpec {
        let f = try Fields(root, path: "", known: ["design", "variant", "device", "fps", "duration", "environment", "scroll", "motion", "taps", "scene", "chrome"])
        let design = try f.require(try f.string("design"), "design")
        guard !design.isEmpty else { throw f.error("design", "must not be empty") }
        // A built-in design's default inputs stand in for every field the file leaves out.
        let base = defaults(design)
        var spec = base ?? ClipSpec(design: design)
        spec.design = design
        if let variant = try f.value("variant") {
            // Any key: the design checks them.
            guard case .object(let members) = variant else { throw f.error("variant", "must be an object, got \(variant.shown)") }
            for (key, value) in members { spec.variant[key] = try VariantValue(value, path: JSONPath.member(f.path(of: "variant"), key)) }
        }
        if let raw = try f.value("device") {
            let device = try deviceField(raw, path: f.path(of: "device"))
            // An inherited scroll view keeps filling the screen on the file's device.
            if var scroll = spec.scroll, scroll.configuration.viewportHeight == spec.device.size.height {
                scroll.configuration.viewportHeight = device.size.height
                spec.scroll = scroll
            }
            spec.device = device
        }
        if let fps = try f.value("fps") {
            let rate: FrameRate?
            if case .string(let text) = fps { rate = FrameRate(parsing: text) } else { rate = FrameRate(try fps.number(at: f.path(of: "fps"))) }
            guard let rate else {
                throw f.error("fps", "must be a rate in 1…240 such as 60, 29.97 or \"30000/1001\", got \(fps.shown)")
            }
            spec.rate = rate
        }
        if let d = try f.value("duration") {
            let n = try d.number(at: f.path(of: "duration"))
            guard n > 0, n <= 600 else { throw f.error("duration", "must be in (0, 600] seconds, got \(d.shown)") }
            spec.duration = n
        }
        if let e = try f.value("environment") { spec.environment = try environmentField(e, path: f.path(of: "environment"), base: spec.environment) }
        if let s = try f.value("scroll") {
            // The viewport defaults to the device's height, which only the root knows.
            spec.scroll = try scrollField(s, path: f.path(of: "scroll"), defaultViewport: spec.device.size.height, base: spec.scroll,
                                          contentHeightFromLayout: design == "custom")
        }
        if let m = try f.value("motion") {
            let motion = try Fields(m, path: f.path(of: "motion"), known: ["roll", "pitch"])
            let roll = try motion.value("roll").map { v throws(JSONFieldError) in try trackField(v, path: motion.path(of: "roll")) }
            let pitch = try motion.value("pitch").map { v throws(JSONFieldError) in try trackField(v, path: motion.path(of: "pitch")) }
            spec.motion = MotionSpec(roll: roll ?? spec.motion.roll, pitch: pitch ?? spec.motion.pitch)
        }
        if let taps = try f.items("taps") {
            spec.taps = []
            for (raw, path) in taps {
                let t = try Fields(raw, path: path, known: ["time", "target"])
                let target = try t.require(try t.string("target"), "target")
                guard !target.isEmpty else { throw t.error("target", "must not be empty") }
                spec.taps.append(Tap(time: try t.requireNumber("time", nonNegative: true), target: target))
            }
        }
        spec.scene = try f.value("scene")
        if let chrome = try f.bool("chrome") { spec.chrome = chrome }
        for (i, tap) in spec.taps.enumerated().dropFirst() where tap.time < spec.taps[i - 1].time {
            throw JSONFieldError(path: "taps[\(i)].time",
                                 reason: "\(tap.time) is earlier than the previous tap (\(spec.taps[i - 1].time)); taps must be in time order")
        }
        return spec
    }

    static func deviceField(_ raw: JSONValue, path: String) throws(JSONFieldError) -> Device {
        if case .string(let name) = raw {
            guard let d = Device.named(name) else {
                throw JSONFieldError(path: path, reason: "unknown device \"\(name.prefix(40))\" (presets: \(Device.presets.map(\.name).joined(separator: ", ")); " +
                                     "NAME-landscape turns one; WxH@S, e.g. 393x852@3, is any other screen)")
            }
            return d
        }
        let f = try Fields(raw, path: path, known: ["name", "width", "height", "scale"])
        let limit = 0...ClipSpec.maxPointSize
        let w = try f.requireNumber("width", in: limit, positive: true)
        let h = try f.requireNumber("height", in: limit, positive: true)
        let s = try f.requireNumber("scale", in: 1...4)
        return Device(name: try f.string("name") ?? "custom", size: Size(w, h), scale: s)
    }

    /// The environment fields a file gives over the base's (a built-in's, or the standard).
    static func environmentField(_ raw: JSONValue, path: String, base: ClipEnvironment) throws(JSONFieldError) -> ClipEnvironment {
        let f = try Fields(raw, path: path, known: ["colorScheme", "reduceMotion", "lowPower", "highContrast", "animationMode", "dynamicTypeSize"])
        var e = base
        e.colorScheme = try f.choice(ColorScheme.self, "colorScheme") ?? e.colorScheme
        e.reduceMotion = try f.bool("reduceMotion") ?? e.reduceMotion
        e.lowPower = try f.bool("lowPower") ?? e.lowPower
        e.highContrast = try f.bool("highContrast") ?? e.highContrast
        e.animationMode = try f.choice(AnimationMode.self, "animationMode") ?? e.animationMode
        e.dynamicTypeSize = try f.choice(DynamicTypeSize.self, "dynamicTypeSize") ?? e.dynamicTypeSize
        return e
    }

    /// `base`: the built-in's scroll view, whose values stand in for fields the file leaves out
    /// (contentHeight is required only without one).
    /// `contentHeightFromLayout`: a custom design's file may leave `contentHeight` out (its scene's
    /// scrollView gives it; the design checks that it has one).
    static func scrollField(_ raw: JSONValue, path: String, defaultViewport: Double, base: ScrollSpec?,
                            contentHeightFromLayout: Bool = false) throws(JSONFieldError) -> ScrollSpec {
        let f = try Fields(raw, path: path, known: ["contentHeight", "viewportHeight", "deceleration", "pageHeight", "events"])
        let inherited = base?.configuration
        let contentHeight = try f.number("contentHeight", in: 0...ClipSpec.maxContentHeight, positive: true)
        let missing = contentHeight == nil && inherited == nil && contentHeightFromLayout
        let content = missing ? 0 : try f.require(contentHeight ?? inherited?.contentHeight, "contentHeight")
        let viewport = try f.number("viewportHeight", in: 0...ClipSpec.maxPointSize, positive: true) ?? inherited?.viewportHeight ?? defaultViewport
        let page = try f.has("pageHeight") ? f.number("pageHeight", in: 0...ClipSpec.maxPointSize, positive: true) : inherited?.pageHeight
        let config = ScrollConfiguration(contentHeight: content, viewportHeight: viewport,
                                         deceleration: try f.choice(ScrollDeceleration.self, "deceleration") ?? inherited?.deceleration ?? .normal,
                                         pageHeight: page)
        guard let items = try f.items("events") else {
            var spec = ScrollSpec(configuration: config, script: base?.script ?? .empty)
            spec.hasContentHeight = !missing
            return spec
        }
        var events: [ScrollEvent] = []
        for (raw, path) in items { events.append(try scrollEvent(raw, path: path)) }
        do {
            var spec = ScrollSpec(configuration: config, script: try ScrollScript(events))
            spec.hasContentHeight = !missing
            return spec
        } catch {
            throw JSONFieldError(path: JSONPath.member(JSONPath.item(f.path(of: "events"), error.index), error.field), reason: error.reason)
        }
    }

    static let eventFieldsByType: [String: [String]] = [
        "down": ["type", "time", "y"], "move": ["type", "time", "y", "curve"], "up": ["type", "time", "velocity"],
        "tap": ["type", "time"], "scrollTo": ["type", "time", "offset", "animated"], "scrollToTop": ["type", "time", "animated"],
    ]

    static func scrollEvent(_ raw: JSONValue, path: String) throws(JSONFieldError) -> ScrollEvent {
        let probe = try Fields(raw, path: path, known: ["type", "time", "y", "curve", "velocity", "offset", "animated"])
        let type = try probe.require(try probe.string("type"), "type")
        guard let known = eventFieldsByType[type] else {
            throw probe.error("type", "\"\(type.prefix(40))\" is not one of \"down\", \"move\", \"up\", \"tap\", \"scrollTo\", \"scrollToTop\"")
        }
        let f = try Fields(raw, path: path, known: known)
        let t = try f.requireNumber("time", in: 0...ClipSpec.maxEventTime)
        // Finger positions and offsets stay within the longest content either way; velocities within a flick.
        let span = -ClipSpec.maxContentHeight...ClipSpec.maxContentHeight
        switch type {
        case "down": return .fingerDown(time: t, y: try f.requireNumber("y", in: span))
        case "move": return .fingerMove(time: t, y: try f.requireNumber("y", in: span), curve: try f.curve("curve") ?? .linear)
        case "up": return .fingerUp(time: t, velocity: try f.number("velocity", in: -ClipSpec.maxVelocity...ClipSpec.maxVelocity))
        case "tap": return .tap(time: t)
        case "scrollTo": return .scrollTo(time: t, offset: try f.requireNumber("offset", in: span), animated: try f.bool("animated") ?? true)
        default: return .scrollTo(time: t, offset: 0, animated: try f.bool("animated") ?? true)
        }
    }

    static func trackField(_ raw: JSONValue, path: String) throws(JSONFieldError) -> MotionTrack {
        let f = try Fields(raw, path: path, known: ["keyframes", "wobble", "constant"])
        let present = ["keyframes", "wobble", "constant"].filter(f.has)
        guard present.count == 1 else {
            throw JSONFieldError(path: path, reason: present.isEmpty
                ? "empty track: give one of \"keyframes\", \"wobble\", \"constant\""
                : "give only one of \"keyframes\", \"wobble\", \"constant\" (found \(present.joined(separator: ", ")))")
        }
        if let v = try f.number("constant") { return .constant(v) }
        if let raw = try f.value("wobble") {
            let w = try Fields(raw, path: f.path(of: "wobble"), known: ["amplitude", "period", "phase"])
            return .wobble(amplitude: try w.requireNumber("amplitude"), period: try w.requireNumber("period", positive: true),
                           phase: try w.number("phase") ?? 0)
        }
        var keys: [MotionKeyframe] = []
        for (raw, path) in try f.require(try f.items("keyframes"), "keyframes") {
            let k = try Fields(raw, path: path, known: ["time", "value", "curve"])
            keys.append(MotionKeyframe(time: try k.requireNumber("time", nonNegative: true),
                                       value: try k.requireNumber("value"), curve: try k.curve("curve") ?? .linear))
        }
        guard !keys.isEmpty else { throw f.error("keyframes", "empty track: needs at least one keyframe") }
        for i in keys.indices.dropFirst() where keys[i].time < keys[i - 1].time {
            throw JSONFieldError(path: JSONPath.member(JSONPath.item(f.path(of: "keyframes"), i), "time"),
                                 reason: "\(keys[i].time) is earlier than the previous keyframe (\(keys[i - 1].time)); keyframes must be in time order")
        }
        return .keyframes(keys)
    }
}

// Reading animatable properties out of the JSON tree (the forms are listed in Property.swift).

import HoloGeometry
import HoloMSL
import HoloMotion
import HoloScene

/// Decoding state shared by a whole document: the driver table every expression resolves through,
/// and the host's image loader.
struct SceneDecoder {
    /// Characters of expression text one document may hold together: a probe parsed 45 MB
    /// of expressions in 26 s (about 0.6 µs a character), so a million keep loading near a second.
    /// Each expression is also at most ExpressionParser.maximumLength.
    static let maximumExpressionCharacters = 1_000_000

    var drivers: DriverTable
    /// Characters of expression text read so far (held to maximumExpressionCharacters).
    var expressionCharacters = 0
    let loadImage: (String) throws -> ImageData
    /// The text of a shader node's "source" (as written; the host resolves it like an image path).
    var loadShader: (String) throws -> String = { _ in throw UserSceneError(path: "", reason: "shader files are not available here") }
    /// Compiled shaders by source and function, so nodes sharing one compile it once.
    var compiledEffects: [String: MSLCompiledEffect] = [:]
    /// The clip's appearance: named colours ("label", "red") resolve for it once, at load time.
    var colorScheme: ColorScheme = .light
    var increasedContrast = false
    /// Deprecated forms the document used, each with its path and what to write instead.
    var warnings: [String] = []
    /// Names an expression reads as numbers fixed at load time: the device and environment
    /// (`screen.width`, `safeArea.top`, `displayScale`, `colorScheme`, `dynamicTypeSize`) and, inside
    /// a forEach's content, `index` and the item's numeric fields (`item.value`).
    var locals: [String: Double] = [:]
    /// The clip's Dynamic Type size: text styles resolve for it.
    var dynamicTypeSize: DynamicTypeSize = .large
    /// Views decoded so far (each view's id is the count when it was read).
    var nextViewID = 0
    /// True while reading a layout root whose layout reads a driver.
    var layoutReadsDrivers = false
    /// True while reading a scrollView's content.
    var inScrollContent = false
    var scrollViewCount = 0
    /// Render-only values read so far that read `phase.value`.
    var phaseReads = 0
    /// The navigation stack and tab view the document holds (ComponentDecoding.swift).
    var components = ComponentsFound()

    mutating func value(_ raw: JSONValue, path: String) throws(UserSceneError) -> AnimatableValue {
        switch raw {
        case .integer, .float:
            return .constant(try Self.withinCoordinates(try raw.number(at: path), path: path))
        case .string(let written):
            let source = locals.isEmpty ? written : Self.substituting(locals, in: written)
            expressionCharacters += source.utf8.count
            guard expressionCharacters <= Self.maximumExpressionCharacters else {
                throw UserSceneError(path: path, reason: "the scene's expressions hold more than \(Self.maximumExpressionCharacters) " +
                                     "characters together, the most one file may hold; share repeated parts through fewer, shorter expressions")
            }
            let e: SceneExpression
            do { e = try ExpressionParser.parse(source, drivers: &drivers) }
            catch { throw UserSceneError(path: path, reason: "in \"\(source.count > 80 ? source.prefix(80) + "…" : source)\" at \(error)") }
            // An expression that reads no driver is a constant; fold it now.
            if e.driverSlots.isEmpty {
                let v = e.evaluate(DriverSlots(values: []))
                guard v.isFinite else { throw UserSceneError(path: path, reason: "\"\(source.prefix(80))\" is not a finite number") }
                return .constant(try Self.withinCoordinates(v, path: path))
            }
            return .expression(e)
        case .object(let members) where members["targets"] != nil:
            return .keyframes(try targets(raw, path: path))
        case .object:
            return .keyframes(try keyframes(raw, path: path))
        default:
            throw UserSceneError(path: path, reason: "expected a number, an expression string or keyframes, got \(raw.shown)")
        }
    }

    /// True for an object that is one animated number (keyframes or targets), not a per-axis or
    /// per-edge object such as a scale's {"x", "y"} or a padding's {"top", …}.
    static func isAnimatedNumber(_ members: [String: JSONValue]) -> Bool {
        members["keyframes"] != nil || members["targets"] != nil
    }

    /// `source` with each identifier that names a local (`index`, `item.value`, `screen.width`)
    /// replaced by its number in parentheses; other identifiers (drivers, functions) kept.
    static func substituting(_ locals: [String: Double], in source: String) -> String {
        let scalars = Array(source.unicodeScalars)
        func isStart(_ c: Unicode.Scalar) -> Bool { c == "_" || (c.value < 128 && c.properties.isAlphabetic) }
        func isPart(_ c: Unicode.Scalar) -> Bool { isStart(c) || ("0"..."9").contains(c) }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            // A number's exponent or digits are not identifiers: copy a number whole.
            if ("0"..."9").contains(c) || (c == "." && i + 1 < scalars.count && ("0"..."9").contains(scalars[i + 1])) {
                while i < scalars.count, ("0"..."9").contains(scalars[i]) || scalars[i] == "." { out.append(scalars[i]); i += 1 }
                if i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
                    out.append(scalars[i]); i += 1
                    if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" { out.append(scalars[i]); i += 1 }
                    while i < scalars.count, ("0"..."9").contains(scalars[i]) { out.append(scalars[i]); i += 1 }
                }
                continue
            }
            guard isStart(c) else { out.append(c); i += 1; continue }
            var j = i
            while j < scalars.count, isPart(scalars[j]) || (scalars[j] == "." && j + 1 < scalars.count && isStart(scalars[j + 1])) { j += 1 }
            let name = String(String.UnicodeScalarView(scalars[i..<j]))
            if let v = locals[name] { out.append(contentsOf: "(\(v))".unicodeScalars) } else { out.append(contentsOf: name.unicodeScalars) }
            i = j
        }
        return String(out)
    }

    /// A constant within SceneLimits.coordinate, or an error naming the limit.
    static func withinCoordinates(_ v: Double, path: String) throws(UserSceneError) -> Double {
        guard SceneLimits.coordinate.contains(v) else {
            throw UserSceneError(path: path, reason: "\(v) is beyond the largest value a scene takes, ±\(Int(SceneLimits.coordinate.upperBound))")
        }
        return v
    }

    /// `value`, refused at load time when it is a constant outside `range` (computed values are
    /// clamped to it per frame in SceneBuilding).
    func limited(_ value: AnimatableValue, _ range: ClosedRange<Double>, path: String, _ what: String) throws(UserSceneError) -> AnimatableValue {
        if case .constant(let v) = value, !range.contains(v) {
            throw UserSceneError(path: path, reason: "\(what) \(v) is outside \(range.lowerBound)…\(range.upperBound); computed values are clamped to that range")
        }
        return value
    }

    mutating func optionalValue(_ o: inout JSONObject, _ key: String, default d: Double) throws(UserSceneError) -> AnimatableValue {
        guard let raw = o.optional(key) else { return .constant(d) }
        return try value(raw, path: o.path(of: key))
    }

    mutating func requiredValue(_ o: inout JSONObject, _ key: String) throws(UserSceneError) -> AnimatableValue {
        try value(try o.required(key), path: o.path(of: key))
    }

    mutating func keyframes(_ raw: JSONValue, path: String) throws(UserSceneError) -> KeyframeTrack {
        var o = try JSONObject(raw, path: path, kind: "keyframes")
        let driverName = try o.optional("driver").map { (v: JSONValue) throws(UserSceneError) in try v.string(at: o.path(of: "driver")) } ?? "time"
        guard let slot = drivers.slot(for: driverName) else {
            throw UserSceneError(path: o.path(of: "driver"),
                                 reason: "unknown driver '\(driverName)'; drivers are \(drivers.known.sorted().joined(separator: ", "))")
        }
        let listPath = o.path(of: "keyframes")
        let list = try o.required("keyframes").array(at: listPath)
        guard !list.isEmpty else { throw UserSceneError(path: listPath, reason: "needs at least one keyframe") }
        var frames: [Keyframe] = []
        for (i, item) in list.enumerated() {
            var k = try JSONObject(item, path: "\(listPath)[\(i)]", kind: "a keyframe")
            let t = try keyframeTime(&k)
            let timeKey = k.has("time") ? "time" : "t"
            let v = try Self.withinCoordinates(try k.number("value"), path: k.path(of: "value"))
            let curve = try k.optional("curve").map { (c: JSONValue) throws(UserSceneError) in try self.curve(c, path: k.path(of: "curve")) }
                ?? .timing(.linear)
            try k.finish()
            if let last = frames.last, !(t > last.t) {
                throw UserSceneError(path: k.path(of: timeKey),
                                     reason: "keyframe times must increase; \(JSONValue.shown(t)) follows \(JSONValue.shown(last.t))")
            }
            frames.append(Keyframe(t: t, value: v, curve: curve))
        }
        try o.finish()
        return KeyframeTrack(driverSlot: slot, keyframes: frames)
    }

    /// `{"targets": [{"time", "value", "animation"?}, …], "animation": …}`: the value follows its
    /// targets along `time` (KeyframeCurves.swift's TargetTrack). Each target needs an animation,
    /// its own or the track's; the first target is the starting value and takes none.
    mutating func targets(_ raw: JSONValue, path: String) throws(UserSceneError) -> KeyframeTrack {
        var o = try JSONObject(raw, path: path, kind: "targets {\"targets\": […], \"animation\": …}")
        let shared = try o.optional("animation").map { (a: JSONValue) throws(UserSceneError) in try animation(a, path: o.path(of: "animation")) }
        let listPath = o.path(of: "targets")
        let list = try o.required("targets").array(at: listPath)
        guard !list.isEmpty else { throw UserSceneError(path: listPath, reason: "needs at least one target {\"time\", \"value\"}") }
        var targets: [TargetTrack.Target] = []
        for (i, item) in list.enumerated() {
            var k = try JSONObject(item, path: "\(listPath)[\(i)]", kind: "a target {\"time\", \"value\", \"animation\"}")
            let t = try k.number("time")
            let v = try Self.withinCoordinates(try k.number("value"), path: k.path(of: "value"))
            let own = try k.optional("animation").map { (a: JSONValue) throws(UserSceneError) in try animation(a, path: k.path(of: "animation")) }
            try k.finish()
            if let last = targets.last, !(t > last.time) {
                throw UserSceneError(path: k.path(of: "time"), reason: "target times must increase; \(JSONValue.shown(t)) follows \(JSONValue.shown(last.time))")
            }
            if i == 0, own != nil {
                throw UserSceneError(path: k.path(of: "animation"), reason: "the first target is the starting value: nothing animates to it; " +
                                     "give animations to the later targets")
            }
            guard let a = own ?? shared ?? (i == 0 ? .linear() : nil) else {
                throw UserSceneError(path: k.path(of: "value"), reason: "no animation reaches this target: give the track an \"animation\" " +
                                     "(\"smooth\", \"snappy\", \"bouncy\", \"easeInOut\", {\"spring\": …}, …) or the target one")
            }
            targets.append(TargetTrack.Target(time: t, value: v, animation: a))
        }
        try o.finish()
        guard let slot = drivers.slot(for: "time") else {
            throw UserSceneError(path: path, reason: "targets follow the clip's time, which this host does not supply")
        }
        return KeyframeTrack(timeSlot: slot, following: TargetTrack(targets))
    }

    /// SwiftUI's animations by name: `"smooth"`, `"snappy"`, `"bouncy"` (HoloMotion's springs),
    /// `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"` (0.35 s, SwiftUI's default duration); the
    /// same with arguments, `{"snappy": {"duration": 0.4, "extraBounce": 0.1}}`,
    /// `{"easeOut": {"duration": 0.25}}`; or `{"spring": {"response": r, "dampingFraction": ζ}}`.
    func animation(_ raw: JSONValue, path: String) throws(UserSceneError) -> Animation {
        let springs: KeyValuePairs<String, (Double, Double) -> Animation> = [
            "smooth": { .smooth(duration: $0, extraBounce: $1) }, "snappy": { .snappy(duration: $0, extraBounce: $1) },
            "bouncy": { .bouncy(duration: $0, extraBounce: $1) },
        ]
        let curves: KeyValuePairs<String, (Double) -> Animation> = [
            "linear": { .linear(duration: $0) }, "easeIn": { .easeIn(duration: $0) }, "easeOut": { .easeOut(duration: $0) },
            "easeInOut": { .easeInOut(duration: $0) },
        ]
        let names = (springs.map(\.key) + curves.map(\.key) + ["spring"]).map { "\"\($0)\"" }.joined(separator: ", ")
        let name: String
        var args: JSONObject?
        switch raw {
        case .string(let s):
            name = s
        case .object(let members) where members.count == 1:
            name = members.keys.first!
            if name != "spring" { args = try JSONObject(members[name]!, path: JSONPath.member(path, name), kind: "the arguments of \(name)") }
        default:
            throw UserSceneError(path: path, reason: "expected an animation: one of \(names), or one of them with its arguments " +
                                 "({\"snappy\": {\"duration\": 0.4}}), got \(raw.shown)")
        }
        func number(_ key: String, default d: Double, positive: Bool) throws(UserSceneError) -> Double {
            guard let v = args?.optional(key), let a = args else { return d }
            let n = try v.number(at: a.path(of: key))
            if positive, !(n > 0) { throw UserSceneError(path: a.path(of: key), reason: "must be greater than 0, got \(JSONValue.shown(n))") }
            return n
        }
        let result: Animation
        if let make = springs.first(where: { $0.key == name })?.value {
            result = make(try number("duration", default: 0.5, positive: true), try number("extraBounce", default: 0, positive: false))
            // SwiftUI's bounce is within −1…1: beyond it the spring never settles (or divides by zero).
            if case .spring(let spring, _) = result, !(spring.dampingFraction > 0 && spring.dampingFraction.isFinite), let a = args {
                throw UserSceneError(path: a.path(of: "extraBounce"), reason: "makes the spring's bounce \(JSONValue.shown(spring.bounce)); " +
                                     "\(name)'s bounce plus extraBounce must be more than -1 and less than 1")
            }
        } else if let make = curves.first(where: { $0.key == name })?.value {
            result = make(try number("duration", default: TimingCurve.defaultDuration, positive: true))
        } else if name == "spring", case .object = raw {
            guard case .spring(let s) = try curve(raw, path: path) else { preconditionFailure("curve(_:) reads {\"spring\": …} as a spring") }
            result = .spring(s)
        } else {
            throw UserSceneError(path: path, reason: "unknown animation \"\(name.prefix(40))\"; animations are \(names)")
        }
        try args?.finish()
        return result
    }

    /// A keyframe's time: "time", as everywhere else in a clip file (motion tracks, taps, scroll
    /// events). "t", the scene files' first spelling, is still read, with a deprecation warning.
    mutating func keyframeTime(_ k: inout JSONObject) throws(UserSceneError) -> Double {
        if k.has("time") && k.has("t") {
            throw UserSceneError(path: k.path(of: "t"), reason: "give \"time\" only (\"t\" is its deprecated spelling)")
        }
        if k.has("t") {
            warnings.append("\(k.path(of: "t")): \"t\" is deprecated; write \"time\" (as motion tracks, taps and scroll events do)")
            return try k.number("t")
        }
        return try k.number("time")
    }

    /// A timing-curve name, or {"spring": {"response": r, "dampingFraction": ζ}} (ζ defaults to
    /// 0.825, SwiftUI's default for `spring(response:dampingFraction:)`).
    func curve(_ raw: JSONValue, path: String) throws(UserSceneError) -> KeyframeCurve {
        if case .string = raw {
            return .timing(try raw.choice(at: path, [
                "linear": TimingCurve.linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
            ]))
        }
        var o = try JSONObject(raw, path: path, kind: "a curve (\"linear\", \"easeIn\", \"easeOut\", \"easeInOut\" or {\"spring\": …})")
        var s = try JSONObject(try o.required("spring"), path: o.path(of: "spring"), kind: "a spring")
        let response = try s.number("response")
        let damping = try s.optional("dampingFraction").map { (v: JSONValue) throws(UserSceneError) in try v.number(at: s.path(of: "dampingFraction")) } ?? 0.825
        guard response > 0 else { throw UserSceneError(path: s.path(of: "response"), reason: "must be greater than 0, got \(JSONValue.shown(response))") }
        guard damping > 0 else { throw UserSceneError(path: s.path(of: "dampingFraction"), reason: "must be greater than 0, got \(JSONValue.shown(damping))") }
        try s.finish(); try o.finish()
        return .spring(Spring(response: response, dampingFraction: damping))
    }

    /// "#RRGGBB", "#RRGGBBAA", a SwiftUI or iOS colour name ("red", "label", "systemBackground":
    /// SystemColors.swift, resolved for the clip's colour scheme and Increase Contrast), or
    /// {"r", "g", "b", "a"} with animatable components in 0…1 (a defaults to 1).
    mutating func color(_ raw: JSONValue, path: String) throws(UserSceneError) -> AnimatableColor {
        if case .string(let s) = raw {
            if let c = Self.hexColor(s) { return .constant(c) }
            if let c = Color.named(s, scheme: colorScheme, increasedContrast: increasedContrast) { return .constant(c) }
            throw UserSceneError(path: path, reason: "expected a colour: \"#RRGGBB\", \"#RRGGBBAA\", a SwiftUI name " +
                                 "(red, blue, primary, …) or an iOS colour (label, secondaryLabel, systemBackground, separator, " +
                                 "systemBlue, …), got \"\(s.prefix(80))\"")
        }
        guard case .object = raw else {
            throw UserSceneError(path: path, reason: "expected a colour (\"#RRGGBB\", \"#RRGGBBAA\", a colour name or {\"r\", \"g\", \"b\", \"a\"}), got \(raw.shown)")
        }
        var o = try JSONObject(raw, path: path, kind: "a colour")
        let r = try requiredValue(&o, "r"), g = try requiredValue(&o, "g"), b = try requiredValue(&o, "b")
        let a = try optionalValue(&o, "a", default: 1)
        try o.finish()
        if case .constant(let rv) = r, case .constant(let gv) = g, case .constant(let bv) = b, case .constant(let av) = a {
            return .constant(Color(red: clamp(rv, 0, 1), green: clamp(gv, 0, 1), blue: clamp(bv, 0, 1), alpha: clamp(av, 0, 1)))
        }
        return .components(red: r, green: g, blue: b, alpha: a)
    }

    static func hexColor(_ s: String) -> Color? {
        guard s.hasPrefix("#"), s.count == 7 || s.count == 9,
              s.dropFirst().allSatisfy(\.isHexDigit), let v = UInt32(s.dropFirst(), radix: 16) else { return nil }
        if s.count == 7 { return Color(hex: v) }
        return Color(hex: v >> 8, alpha: Double(v & 0xFF) / 255)
    }

    mutating func point(_ raw: JSONValue, path: String, kind: String = "a point {\"x\", \"y\"}") throws(UserSceneError) -> AnimatablePoint {
        var o = try JSONObject(raw, path: path, kind: kind)
        let p = AnimatablePoint(x: try requiredValue(&o, "x"), y: try requiredValue(&o, "y"))
        try o.finish()
        return p
    }

    mutating func rect(_ raw: JSONValue, path: String) throws(UserSceneError) -> AnimatableRect {
        var o = try JSONObject(raw, path: path, kind: "a frame {\"x\", \"y\", \"width\", \"height\"}")
        let r = AnimatableRect(x: try optionalValue(&o, "x", default: 0), y: try optionalValue(&o, "y", default: 0),
                               width: try requiredValue(&o, "width"), height: try requiredValue(&o, "height"))
        try o.finish()
        return r
    }
}

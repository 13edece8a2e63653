// Reading JSONSerialization values with errors that name where they happened.
//
// Why not Codable: the messages users need ("scene.children[2].frame.width: expected a number, an
// expression string or keyframes, got true") name a path and say what was found, and a number field
// here may be a number, a string or an object. Walking JSONSerialization's `Any` tree with a path
// in hand says that directly; Codable would need a custom decoder to say the same.

import Foundation

/// A user scene document that could not be loaded: where (`scene.children[2].frame.width`) and why.
public struct UserSceneError: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "\(path): \(reason)" }
}

/// What JSONSerialization (or a hand-built dictionary) holds at one place in the document.
enum JSONValue {
    case number(Double)
    case bool(Bool)
    case string(String)
    case array([Any])
    case object([String: Any])
    case null
    case other(Any)

    init(_ value: Any) {
        switch value {
        case let s as String: self = .string(s)
        case let n as NSNumber where type(of: value) is NSNumber.Type:
            // JSONSerialization returns booleans as NSNumber (__NSCFBoolean, objCType "c"), and an
            // NSNumber 1 also casts to Bool, so the object's own type decides.
            if String(cString: n.objCType) == "c" || String(describing: type(of: value)).contains("Boolean") {
                self = .bool(n.boolValue)
            } else {
                self = .number(n.doubleValue)
            }
        case let b as Bool: self = .bool(b)
        case let d as Double: self = .number(d)
        case let i as Int: self = .number(Double(i))
        case let f as Float: self = .number(Double(f))
        case let a as [Any]: self = .array(a)
        case let o as [String: Any]: self = .object(o)
        case is NSNull: self = .null
        default: self = .other(value)
        }
    }

    /// How an error message shows what it found.
    var shown: String {
        switch self {
        case .number(let d): return d.isNaN ? "NaN" : (d == d.rounded() && Swift.abs(d) < 1e15 ? String(Int(d)) : String(d))
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        case .other(let v): return "a value of type \(type(of: v))"
        }
    }
}

/// One JSON object being read: hands out its properties by name with their paths, and at the end
/// reports any property nobody asked for.
struct JSONObject {
    let path: String
    /// What the object is, for messages: "a rect node", "a shadow".
    let kind: String
    private let values: [String: Any]
    private var asked: [String] = []

    init(_ value: Any, path: String, kind: String) throws(UserSceneError) {
        guard case .object(let o) = JSONValue(value) else {
            throw UserSceneError(path: path, reason: "expected \(kind) (an object), got \(JSONValue(value).shown)")
        }
        self.values = o; self.path = path; self.kind = kind
    }

    func path(of key: String) -> String { "\(path).\(key)" }
    func has(_ key: String) -> Bool { values[key] != nil }

    mutating func optional(_ key: String) -> Any? {
        asked.append(key)
        return values[key]
    }

    mutating func required(_ key: String) throws(UserSceneError) -> Any {
        guard let v = optional(key) else {
            throw UserSceneError(path: path(of: key), reason: "missing; \(kind) needs it")
        }
        return v
    }

    /// Throws for the first (alphabetically) property that was never asked for.
    func finish() throws(UserSceneError) {
        let known = Set(asked)
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw UserSceneError(path: path(of: unknown),
                                 reason: "unknown property of \(kind); known properties are \(known.sorted().joined(separator: ", "))")
        }
    }
}

enum JSONRead {
    static func number(_ value: Any, path: String) throws(UserSceneError) -> Double {
        guard case .number(let d) = JSONValue(value) else {
            throw UserSceneError(path: path, reason: "expected a number, got \(JSONValue(value).shown)")
        }
        guard d.isFinite else { throw UserSceneError(path: path, reason: "expected a finite number, got \(JSONValue(value).shown)") }
        return d
    }

    static func string(_ value: Any, path: String) throws(UserSceneError) -> String {
        guard case .string(let s) = JSONValue(value) else {
            throw UserSceneError(path: path, reason: "expected a string, got \(JSONValue(value).shown)")
        }
        return s
    }

    static func bool(_ value: Any, path: String) throws(UserSceneError) -> Bool {
        guard case .bool(let b) = JSONValue(value) else {
            throw UserSceneError(path: path, reason: "expected true or false, got \(JSONValue(value).shown)")
        }
        return b
    }

    static func array(_ value: Any, path: String) throws(UserSceneError) -> [Any] {
        guard case .array(let a) = JSONValue(value) else {
            throw UserSceneError(path: path, reason: "expected an array, got \(JSONValue(value).shown)")
        }
        return a
    }

    /// One of a fixed set of words, listed in the order messages show them.
    static func choice<E>(_ value: Any, path: String, _ options: KeyValuePairs<String, E>) throws(UserSceneError) -> E {
        let s = try string(value, path: path)
        guard let e = options.first(where: { $0.key == s })?.value else {
            throw UserSceneError(path: path, reason: "expected one of \(options.map { "\"\($0.key)\"" }.joined(separator: ", ")), got \"\(s)\"")
        }
        return e
    }
}

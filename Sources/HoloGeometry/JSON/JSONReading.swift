// Reading the JSON tree with the path of each value in hand, so that every mistake says where it
// is (`scene.children[2].frame.width`) and what was found instead ("expected a number, got true").
// The readers of clip files, scenes, tolerances and bench files all go through these.

/// One step from a value to a member: a key of an object or an index of an array.
public enum JSONPathStep: Hashable, Sendable {
    case key(String), index(Int)

    /// `scroll.events[2].time`; "" for the root.
    public static func render(_ steps: [JSONPathStep]) -> String {
        steps.reduce("") { path, step in
            switch step {
            case .key(let k): return JSONPath.member(path, k)
            case .index(let n): return JSONPath.item(path, n)
            }
        }
    }
}

/// Paths as messages show them: members joined with `.`, items in `[n]`; the root is "".
public enum JSONPath {
    public static func member(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    public static func item(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}

/// A value that is not what its reader needs: where (`scene.children[2].frame.width`) and why.
public struct JSONFieldError: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "\(path): \(reason)" }
}

extension JSONValue {
    /// A finite number, integer or floating point.
    public func number(at path: String) throws(JSONFieldError) -> Double {
        guard let d = number else { throw JSONFieldError(path: path, reason: "expected a number, got \(shown)") }
        guard d.isFinite else { throw JSONFieldError(path: path, reason: "expected a finite number, got \(shown)") }
        return d
    }

    /// A number written as a whole number (`3`, also `3.0`) that fits an Int.
    public func wholeNumber(at path: String) throws(JSONFieldError) -> Int {
        if case .integer(let i) = self { return i }
        let d = try number(at: path)
        guard d == d.rounded(), Swift.abs(d) < 9e18 else { throw JSONFieldError(path: path, reason: "expected a whole number, got \(shown)") }
        return Int(d)
    }

    public func string(at path: String) throws(JSONFieldError) -> String {
        guard case .string(let s) = self else { throw JSONFieldError(path: path, reason: "expected a string, got \(shown)") }
        return s
    }

    public func bool(at path: String) throws(JSONFieldError) -> Bool {
        guard case .bool(let b) = self else { throw JSONFieldError(path: path, reason: "expected true or false, got \(shown)") }
        return b
    }

    public func array(at path: String) throws(JSONFieldError) -> [JSONValue] {
        guard case .array(let a) = self else { throw JSONFieldError(path: path, reason: "expected an array, got \(shown)") }
        return a
    }

    /// One of a fixed set of words, listed in the order messages show them.
    public func choice<E>(at path: String, _ options: KeyValuePairs<String, E>) throws(JSONFieldError) -> E {
        let s = try string(at: path)
        guard let e = options.first(where: { $0.key == s })?.value else {
            throw JSONFieldError(path: path, reason: "expected one of \(options.map { "\"\($0.key)\"" }.joined(separator: ", ")), got \"\(s.prefix(40))\"")
        }
        return e
    }
}

/// One JSON object being read: hands out its members by name with their paths, and at the end
/// reports any member nobody asked for (a typo must not silently fall back to a default).
public struct JSONObject {
    public let path: String
    /// What the object is, for messages: "a rect node", "a shadow".
    public let kind: String
    public let members: [String: JSONValue]
    private var asked: [String] = []

    public init(_ value: JSONValue, path: String, kind: String) throws(JSONFieldError) {
        guard case .object(let o) = value else {
            throw JSONFieldError(path: path, reason: "expected \(kind) (an object), got \(value.shown)")
        }
        self.members = o; self.path = path; self.kind = kind
    }

    public func path(of key: String) -> String { JSONPath.member(path, key) }
    public func has(_ key: String) -> Bool { members[key] != nil }

    public mutating func optional(_ key: String) -> JSONValue? {
        asked.append(key)
        return members[key]
    }

    public mutating func required(_ key: String) throws(JSONFieldError) -> JSONValue {
        guard let v = optional(key) else {
            throw JSONFieldError(path: path(of: key), reason: "missing; \(kind) needs it")
        }
        return v
    }

    /// A required member of one kind, read with its path.
    public mutating func number(_ key: String) throws(JSONFieldError) -> Double { try required(key).number(at: path(of: key)) }
    public mutating func wholeNumber(_ key: String) throws(JSONFieldError) -> Int { try required(key).wholeNumber(at: path(of: key)) }
    public mutating func string(_ key: String) throws(JSONFieldError) -> String { try required(key).string(at: path(of: key)) }
    /// The items of a required array member with their paths (`frames[3]`).
    public mutating func items(_ key: String) throws(JSONFieldError) -> [(JSONValue, String)] {
        try required(key).array(at: path(of: key)).enumerated().map { ($1, JSONPath.item(path(of: key), $0)) }
    }

    /// Throws for the first (alphabetically) member that was never asked for.
    public func finish() throws(JSONFieldError) {
        let known = Set(asked)
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw JSONFieldError(path: path(of: unknown),
                                 reason: "unknown property of \(kind); known properties are \(known.sorted().joined(separator: ", "))")
        }
    }
}

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

    /// A member that must be there. When it is not, but a member nobody has asked for is a likely
    /// typo of it (`cornerRadus` for `cornerRadius`; see `likelyTypo`), that member is the one
    /// reported: unknown, with the name it probably means.
    public mutating func required(_ key: String) throws(JSONFieldError) -> JSONValue {
        guard let v = optional(key) else {
            let unasked = members.keys.filter { !asked.contains($0) }.sorted()
            if let typo = unasked.first(where: { Self.likelyTypo($0, of: key) }) {
                throw JSONFieldError(path: path(of: typo), reason: "unknown property of \(kind); did you mean \"\(key)\"?")
            }
            throw JSONFieldError(path: path(of: key), reason: "missing; \(kind) needs it")
        }
        return v
    }

    /// `written` is probably a typo of `meant`: they differ, by at most one edit (insert, delete,
    /// replace, swap of neighbours; case ignored) per three characters of `meant`, and two at most. So `cornerRadus` → `cornerRadius`
    /// and `widht` → `width`, but not `y` → `x` (both real keys of a point).
    public static func likelyTypo(_ written: String, of meant: String) -> Bool {
        let allowed = min(2, (meant.count - 1) / 3)
        return written != meant && allowed > 0 && editDistance(Array(written.lowercased()), Array(meant.lowercased()), limit: allowed) <= allowed
    }

    /// Edit distance with a swap of two neighbours as one edit (optimal string alignment:
    /// `widht` is one edit from `width`), or `limit + 1` when it is surely over `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if Swift.abs(a.count - b.count) > limit || a.count > 64 || b.count > 64 { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // d[i][j]: distance between a's first i and b's first j characters.
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
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
            let meant = known.sorted().first { Self.likelyTypo(unknown, of: $0) }
            throw JSONFieldError(path: path(of: unknown),
                                 reason: "unknown property of \(kind); " + (meant.map { "did you mean \"\($0)\"? " } ?? "") +
                                    "known properties are \(known.sorted().joined(separator: ", "))")
        }
    }
}

// Field-by-field reading of a clip file's JSON tree (HoloGeometry's JSONValue): every error — a
// wrong type, an unknown field, a value out of range — is a JSONFieldError with the path of the
// field (`scroll.events[2].time`) and a reason that says what was found.

import HoloGeometry
import HoloMotion

/// A JSON object whose keys were checked against the fields it may have.
struct Fields {
    let path: String
    let members: [String: JSONValue]

    init(_ value: JSONValue, path: String, known: [String]) throws(JSONFieldError) {
        guard case .object(let o) = value else {
            throw JSONFieldError(path: path, reason: "must be an object, got \(value.shown)")
        }
        self.path = path; members = o
        for key in o.keys.sorted() where !known.contains(key) {
            throw JSONFieldError(path: JSONPath.member(path, key),
                                 reason: "unknown field \"\(key.prefix(40))\" (known fields: \(known.joined(separator: ", ")))")
        }
    }

    func path(of key: String) -> String { JSONPath.member(path, key) }
    func error(_ key: String, _ reason: String) -> JSONFieldError { JSONFieldError(path: path(of: key), reason: reason) }
    func has(_ key: String) -> Bool { members[key] != nil }

    /// The field's value; nil when absent, an error when null.
    func value(_ key: String) throws(JSONFieldError) -> JSONValue? {
        guard let v = members[key] else { return nil }
        if case .null = v { throw error(key, "must not be null") }
        return v
    }
    func require<T>(_ v: T?, _ key: String) throws(JSONFieldError) -> T {
        guard let v else { throw error(key, "is required") }
        return v
    }

    func string(_ key: String) throws(JSONFieldError) -> String? { try value(key).map { v throws(JSONFieldError) in try v.string(at: path(of: key)) } }
    func bool(_ key: String) throws(JSONFieldError) -> Bool? { try value(key).map { v throws(JSONFieldError) in try v.bool(at: path(of: key)) } }
    func array(_ key: String) throws(JSONFieldError) -> [JSONValue]? { try value(key).map { v throws(JSONFieldError) in try v.array(at: path(of: key)) } }
    /// The items of an array field with their paths.
    func items(_ key: String) throws(JSONFieldError) -> [(JSONValue, String)]? {
        try array(key)?.enumerated().map { ($1, JSONPath.item(path(of: key), $0)) }
    }

    /// A finite number (NaN and ±∞ are rejected), optionally within a range.
    func number(_ key: String, in range: ClosedRange<Double>? = nil, positive: Bool = false, nonNegative: Bool = false) throws(JSONFieldError) -> Double? {
        guard let raw = try value(key) else { return nil }
        let v = try raw.number(at: path(of: key))
        if nonNegative && v < 0 { throw error(key, "must not be negative, got \(raw.shown)") }
        if positive && !(v > 0) { throw error(key, "must be greater than 0, got \(raw.shown)") }
        if let range, !range.contains(v) { throw error(key, "must be in \(range.lowerBound)…\(range.upperBound), got \(raw.shown)") }
        return v
    }
    func requireNumber(_ key: String, in range: ClosedRange<Double>? = nil, positive: Bool = false, nonNegative: Bool = false) throws(JSONFieldError) -> Double {
        try require(try number(key, in: range, positive: positive, nonNegative: nonNegative), key)
    }

    func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ key: String) throws(JSONFieldError) -> E? where E.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let e = E(rawValue: s) else {
            throw error(key, "\"\(s.prefix(40))\" is not one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return e
    }

    func curve(_ key: String) throws(JSONFieldError) -> TimingCurve? { try choice(CurveName.self, key)?.curve }
}

/// Timing curves by the names SwiftUI gives them.
enum CurveName: String, CaseIterable {
    case linear, easeIn, easeOut, easeInOut
    var curve: TimingCurve {
        switch self {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInOut
        }
    }
}

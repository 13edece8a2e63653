// Field-by-field JSON reading for clip files: Codable containers keyed by any string, so that every
// error — a wrong type, an unknown field, a value out of range — is reported with the JSON path of
// the field (`scroll.events[2].time`) and a reason, instead of Codable's generic messages.

import Foundation

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = "Index \(intValue)"; self.intValue = intValue }
}

/// An error at a JSON path, before the file name is known.
struct ClipFieldError: Error {
    var path: [CodingKey]
    var reason: String
}

enum ClipPath {
    /// `scroll.events[2].time`; `(top level)` for the root.
    static func render(_ path: [CodingKey]) -> String {
        var s = ""
        for k in path {
            if let i = k.intValue { s += "[\(i)]" } else { s += (s.isEmpty ? "" : ".") + k.stringValue }
        }
        return s.isEmpty ? "(top level)" : s
    }
}

/// A JSON object whose keys were checked against the fields it may have.
struct Fields {
    let container: KeyedDecodingContainer<AnyKey>

    init(_ decoder: Decoder, known: [String]) throws {
        do { container = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw ClipFieldError(path: decoder.codingPath, reason: "must be an object")
        }
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
            throw ClipFieldError(path: container.codingPath + [key],
                                 reason: "unknown field \"\(key.stringValue)\" (known fields: \(known.joined(separator: ", ")))")
        }
    }

    func error(_ key: String, _ reason: String) -> ClipFieldError { ClipFieldError(path: container.codingPath + [AnyKey(key)], reason: reason) }
    func has(_ key: String) -> Bool { container.contains(AnyKey(key)) }

    func decode<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        guard has(key) else { return nil }
        if try container.decodeNil(forKey: AnyKey(key)) { throw error(key, "must not be null") }
        return try container.decode(T.self, forKey: AnyKey(key))
    }
    func require<T: Decodable>(_ type: T.Type, _ key: String) throws -> T {
        guard let v = try decode(T.self, key) else { throw error(key, "is required") }
        return v
    }

    /// A finite number (NaN and ±∞ are rejected), optionally within a range.
    func number(_ key: String, in range: ClosedRange<Double>? = nil, positive: Bool = false, nonNegative: Bool = false) throws -> Double? {
        guard let v = try decode(Double.self, key) else { return nil }
        guard v.isFinite else { throw error(key, "must be a finite number, got \(v)") }
        if nonNegative && v < 0 { throw error(key, "must not be negative, got \(v)") }
        if positive && !(v > 0) { throw error(key, "must be greater than 0, got \(v)") }
        if let range, !range.contains(v) { throw error(key, "must be in \(range.lowerBound)…\(range.upperBound), got \(v)") }
        return v
    }
    func requireNumber(_ key: String, in range: ClosedRange<Double>? = nil, positive: Bool = false, nonNegative: Bool = false) throws -> Double {
        guard let v = try number(key, in: range, positive: positive, nonNegative: nonNegative) else { throw error(key, "is required") }
        return v
    }

    func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ key: String) throws -> E? where E.RawValue == String {
        guard let s = try decode(String.self, key) else { return nil }
        guard let e = E(rawValue: s) else {
            throw error(key, "\"\(s)\" is not one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return e
    }

    func curve(_ key: String) throws -> TimingCurve? {
        guard let s = try decode(String.self, key) else { return nil }
        guard let c = CurveName(rawValue: s) else {
            throw error(key, "\"\(s)\" is not one of \(CurveName.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return c.curve
    }
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

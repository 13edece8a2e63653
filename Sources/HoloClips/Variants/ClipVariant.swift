// Variant fields of the built-in clips: each clip lists the keys and values it knows, and anything
// else is an error that names the key or value (a typo must not fall back to a default).

import HoloMotion

public struct ClipVariantError: Error, CustomStringConvertible, Equatable {
    public var clip: String
    public var key: String
    public var reason: String
    public var description: String { "\(clip): variant \"\(key)\": \(reason)" }
}

enum ClipVariant {
    /// Checks that every key of `variant` is in `known` (key → allowed string values).
    static func validate(_ variant: [String: VariantValue], clip: String, known: [String: [String]]) throws {
        for key in variant.keys.sorted() {
            guard let allowed = known[key] else {
                let list = known.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw ClipVariantError(clip: clip, key: key,
                                         reason: "unknown variant key (known keys: \(list.isEmpty ? "none" : list))")
            }
            guard case .string(let s)? = variant[key], allowed.contains(s) else {
                throw ClipVariantError(clip: clip, key: key, reason: "\(describe(variant[key]!)) is not one of " +
                                         allowed.map { "\"\($0)\"" }.joined(separator: ", "))
            }
        }
    }

    static func string(_ variant: [String: VariantValue], _ key: String) -> String? {
        if case .string(let s)? = variant[key] { return s }
        return nil
    }

    static func describe(_ v: VariantValue) -> String {
        switch v {
        case .string(let s): return "\"\(s)\""
        case .number(let d): return "\(d)"
        case .bool(let b): return "\(b)"
        }
    }
}

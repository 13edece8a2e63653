// How a built-in family reads its clip file's inputs: the variant's options, and the tap targets
// it knows. One path for every family, one error type, one spelling of the messages:
//
//   CLIP: FIELD: REASON          (the CLI prefixes the file's name)
//   titles: variant.page: "settings" is not one of "home", "exercises", "programs", "history", "profile"
//   hero: variant.speed: unknown variant key "speed" (hero has no variants)
//   waveform: variant.load: 99 is not a number of seconds in 0…60
//   hero: taps[0].target: unknown tap target "goal" (known: "card:0"…"card:3", "back")
//
// Anything a family does not know is an error that names the key, value or target: a typo must
// not fall back to a default.

import Foundation
import HoloMotion

/// A clip input a built-in design cannot use: an unknown variant key, a variant value of the wrong
/// kind or out of range, an unknown tap target, scroll events that clash with the design's own.
public struct ClipInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The design the input was given to ("titles", "celebration-minimal", …).
    public var clip: String
    /// Where in the clip file: "variant.page", "taps[2].target", "scroll.events".
    public var field: String
    public var reason: String
    public init(clip: String, field: String, reason: String) { self.clip = clip; self.field = field; self.reason = reason }
    public var description: String { "\(clip): \(field): \(reason)" }

    /// "unknown tap target "x" (known: …)" for the tap at `index`.
    static func unknownTap(clip: String, index: Int, target: String, known: String) -> ClipInputError {
        ClipInputError(clip: clip, field: "taps[\(index)].target", reason: "unknown tap target \(quoted(target)) (known: \(known))")
    }

    static func quoted(_ s: String) -> String { "\"\(s)\"" }
    static func quoted(_ list: [String]) -> String { list.map(quoted).joined(separator: ", ") }
}

/// A family's variant, checked against the keys the family knows; each option read by its kind.
struct ClipVariant {
    let values: [String: VariantValue]
    let clip: String

    /// Throws on the first key (in sorted order) that is not in `keys`.
    init(_ values: [String: VariantValue], clip: String, keys: [String]) throws(ClipInputError) {
        self.values = values; self.clip = clip
        for key in values.keys.sorted() where !keys.contains(key) {
            // A key is quoted to 40 characters: a clip file's mistake is not echoed at any length.
            let shown = String(key.prefix(40))
            let known = keys.isEmpty ? "\(clip) has no variants" : "known: \(ClipInputError.quoted(keys))"
            throw error(shown, "unknown variant key \(ClipInputError.quoted(shown)) (\(known))")
        }
    }

    func error(_ key: String, _ reason: String) -> ClipInputError {
        ClipInputError(clip: clip, field: "variant.\(key)", reason: reason)
    }

    /// One of `E`'s raw values, or nil when the key is absent.
    func choice<E: RawRepresentable & CaseIterable>(_ key: String, as _: E.Type = E.self) throws(ClipInputError) -> E?
    where E.RawValue == String {
        guard let v = values[key] else { return nil }
        guard case .string(let s) = v, let e = E(rawValue: s) else {
            throw error(key, "\(Self.describe(v)) is not one of \(ClipInputError.quoted(E.allCases.map(\.rawValue)))")
        }
        return e
    }

    /// A number in `range` (`unit` names what it counts: "seconds"), or nil when the key is absent.
    func number(_ key: String, in range: ClosedRange<Double>, unit: String? = nil) throws(ClipInputError) -> Double? {
        guard let v = values[key] else { return nil }
        guard case .number(let d) = v, range.contains(d) else {
            let what = unit.map { "a number of \($0)" } ?? "a number"
            throw error(key, "\(Self.describe(v)) is not \(what) in \(Self.describe(range.lowerBound))…\(Self.describe(range.upperBound))")
        }
        return d
    }

    /// A set of `E`s written as one comma-separated string ("title, accessory"), or nil when absent.
    func list<E: RawRepresentable & CaseIterable & Hashable>(_ key: String, as _: E.Type = E.self) throws(ClipInputError) -> Set<E>?
    where E.RawValue == String {
        guard let v = values[key] else { return nil }
        let known = ClipInputError.quoted(E.allCases.map(\.rawValue))
        guard case .string(let s) = v else {
            throw error(key, "\(Self.describe(v)) is not a comma-separated list of \(known)")
        }
        var set: Set<E> = []
        for part in s.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let e = E(rawValue: name) else {
                throw error(key, "\(ClipInputError.quoted(name)) in \(Self.describe(v)) is not one of \(known)")
            }
            set.insert(e)
        }
        return set
    }

    /// A value as a clip file writes it: "page", 2, true.
    static func describe(_ v: VariantValue) -> String {
        switch v {
        case .string(let s): return ClipInputError.quoted(s)
        case .number(let d): return describe(d)
        case .bool(let b): return "\(b)"
        }
    }

    /// 60 rather than 60.0.
    static func describe(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : "\(d)"
    }
}

// Golden/<clip>/tolerances.json: the one form, as the README documents it:
//
//   {"00012-iphone-12@1x.png": {"tolerance": {"maxChannelDelta": 2}, "reason": "text hinting differs"}}
//
// Every key of an entry and of its tolerance is checked by name (a typo must not fall back to
// exact, nor loosen silently), every number against its range, and the flat form older code read
// ({"FILE.png": {"maxChannelDelta": 2, "reason": …}}) is refused with the right form in the message.
//
// Ranges: maxChannelDelta 0…255 (a byte delta), maxDifferingPixels 0…2^31, maxDifferingRatio 0…1,
// perceptualThreshold 0…1 (pixelmatch's), excuseAntialiasing true/false; reason a non-empty string.
// Parsed by HoloGeometry's JSON parser, as every JSON file Holoframe reads (so JSON5 is accepted).

import HoloGeometry

public enum ToleranceManifest {
    /// The form to show when a manifest is wrong.
    public static let example = #"{"00012-iphone-12@1x.png": {"tolerance": {"maxChannelDelta": 2}, "reason": "why it may differ"}}"#
    static let toleranceKeys = ["maxChannelDelta", "maxDifferingPixels", "maxDifferingRatio", "perceptualThreshold", "excuseAntialiasing"]

    /// Parses a manifest; any mistake throws a message naming the entry, the key and the reason.
    public static func parse(_ bytes: [UInt8]) throws(ManifestError) -> [String: ToleranceEntry] {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch {
            throw ManifestError("not valid JSON (\(error)); the form is \(example)")
        }
        guard case .object(let entries) = root else { throw ManifestError("the top level must be an object; the form is \(example)") }
        var out: [String: ToleranceEntry] = [:]
        for name in entries.keys.sorted() {
            let shown = String(name.prefix(80))
            guard name.hasSuffix(".png"), !name.contains("/") else {
                throw ManifestError("\"\(shown)\": keys are golden file names in this folder, such as 00012-iphone-12@1x.png")
            }
            guard case .object(let entry) = entries[name]! else { throw ManifestError("\"\(shown)\": must be an object; the form is \(example)") }
            if entry["tolerance"] == nil, entry.keys.contains(where: toleranceKeys.contains) {
                throw ManifestError("\"\(shown)\": the tolerance goes inside \"tolerance\"; the form is \(example)")
            }
            if let unknown = entry.keys.sorted().first(where: { $0 != "tolerance" && $0 != "reason" }) {
                throw ManifestError("\"\(shown)\": unknown key \"\(unknown.prefix(40))\"; an entry has \"tolerance\" and \"reason\"")
            }
            guard case .string(let reason)? = entry["reason"], !reason.allSatisfy(\.isWhitespace) else {
                throw ManifestError("\"\(shown)\".reason: a tolerance needs a non-empty reason string")
            }
            guard case .object(let t)? = entry["tolerance"] else {
                throw ManifestError("\"\(shown)\".tolerance: is required, an object such as {\"maxChannelDelta\": 2}")
            }
            if let unknown = t.keys.sorted().first(where: { !toleranceKeys.contains($0) }) {
                throw ManifestError("\"\(shown)\".tolerance: unknown key \"\(unknown.prefix(40))\"; the keys are \(toleranceKeys.joined(separator: ", "))")
            }
            func number(_ key: String, _ range: ClosedRange<Double>, whole: Bool) throws(ManifestError) -> Double? {
                guard let value = t[key] else { return nil }
                guard let v = value.number, v.isFinite, range.contains(v), !whole || v == v.rounded() else {
                    throw ManifestError("\"\(shown)\".tolerance.\(key): must be a \(whole ? "whole " : "")number from " +
                                        "\(whole ? String(Int(range.lowerBound)) : String(range.lowerBound)) to " +
                                        "\(whole ? String(Int(range.upperBound)) : String(range.upperBound))")
                }
                return v
            }
            var tolerance = Tolerance()
            tolerance.maxChannelDelta = Int(try number("maxChannelDelta", 0...255, whole: true) ?? 0)
            tolerance.maxDifferingPixels = try number("maxDifferingPixels", 0...2_147_483_648, whole: true).map { Int($0) }
            tolerance.maxDifferingRatio = try number("maxDifferingRatio", 0...1, whole: false)
            tolerance.perceptualThreshold = try number("perceptualThreshold", 0...1, whole: false)
            switch t["excuseAntialiasing"] {
            case nil: break
            case .bool(let b)?: tolerance.excuseAntialiasing = b
            default: throw ManifestError("\"\(shown)\".tolerance.excuseAntialiasing: must be true or false")
            }
            out[name] = ToleranceEntry(tolerance: tolerance, reason: reason)
        }
        return out
    }
}

public struct ManifestError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

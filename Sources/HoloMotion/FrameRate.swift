// A frame rate as an exact fraction, as video tools keep it: 24 is 24/1, and the NTSC rates people
// type as decimals are the fractions broadcast defined them as (29.97 is 30000/1001, not 2997/100),
// so a 29.97 render lines up with footage and an encoder's `-r 30000/1001`.

import Foundation

public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    /// The slowest and fastest rates a clip may have, in frames per second.
    public static let range: ClosedRange<Double> = 1...240

    public init(_ framesPerSecond: Int) { numerator = framesPerSecond; denominator = 1 }

    /// `numerator/denominator` in lowest terms; nil when either is not positive.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        var (a, b) = (numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        self.numerator = numerator / a; self.denominator = denominator / a
    }

    /// The NTSC rates, by the decimals they are written as (three decimals, as editors show them).
    static let ntsc: [(decimal: String, rate: (Int, Int))] = [
        ("23.976", (24000, 1001)), ("29.97", (30000, 1001)), ("47.952", (48000, 1001)),
        ("59.94", (60000, 1001)), ("119.88", (120000, 1001)), ("239.76", (240000, 1001)),
    ]

    /// Reads `24`, `29.97`, `23.976`, `30000/1001` or `12.5`: a whole number, an NTSC decimal (the
    /// 1001 fraction), any other decimal as written (12.5 is 25/2), or a fraction. Nil when the
    /// text is none of these or the rate is outside `range`.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        var rate: FrameRate?
        if let slash = text.firstIndex(of: "/") {
            if let n = Int(text[..<slash]), let d = Int(text[text.index(after: slash)...]) {
                rate = FrameRate(numerator: n, denominator: d)
            }
        } else if let whole = Int(text) {
            rate = FrameRate(numerator: whole, denominator: 1)
        } else if let ntsc = FrameRate.ntsc.first(where: { FrameRate.sameDecimal($0.decimal, text) }) {
            rate = FrameRate(numerator: ntsc.rate.0, denominator: ntsc.rate.1)
        } else if let dot = text.firstIndex(of: "."), let whole = Int(text[..<dot]), whole >= 0 {
            let digits = text[text.index(after: dot)...]
            if !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCII), let fraction = Int(digits), fraction >= 0 {
                var scale = 1
                for _ in digits { scale *= 10 }
                rate = FrameRate(numerator: whole * scale + fraction, denominator: scale)
            }
        }
        guard let rate, FrameRate.range.contains(rate.value) else { return nil }
        self = rate
    }

    /// The rate a number from a clip file stands for (29.97 → 30000/1001, 60 → 60/1).
    public init?(_ value: Double) {
        guard value.isFinite, value > 0 else { return nil }
        if value == value.rounded() { self.init(parsing: String(Int(value))); return }
        self.init(parsing: String(value))
    }

    /// "29.970" and "29.97" are the same decimal (trailing zeros do not change a rate).
    static func sameDecimal(_ a: String, _ b: String) -> Bool {
        func trimmed(_ s: String) -> Substring {
            var t = Substring(s)
            if t.contains(".") { while t.last == "0" { t = t.dropLast() } }
            return t
        }
        return trimmed(a) == trimmed(b)
    }

    /// Frames per second as a Double (for time arithmetic; the fraction is what gets recorded).
    public var value: Double { Double(numerator) / Double(denominator) }
    public var isWhole: Bool { denominator == 1 }
    /// `24` or `30000/1001`, as ffmpeg's `-r` takes it.
    public var description: String { isWhole ? "\(numerator)" : "\(numerator)/\(denominator)" }

    /// Frames in a clip of `duration` seconds: round(duration · rate), at least 1. Frames are
    /// 0 … n−1 and the end is exclusive, as video tools count (1 s at 24 fps is 24 frames).
    public func frameCount(duration: Double) -> Int {
        max(1, Int((duration * Double(numerator) / Double(denominator)).rounded(.toNearestOrAwayFromZero)))
    }
}

// SVG path data (the `d` attribute, SVG 2 §9.3) → Path.
//
// The whole grammar: M/m L/l H/h V/v C/c S/s Q/q T/t A/a Z/z, lower case relative to the current
// point; a command's parameters may repeat without repeating its letter (after M/m the repeats
// are lines); numbers as `-1.5e-3`, `.5.5` (two numbers), `1-2` (two numbers); commas or spaces
// between them, or neither where a number's end is plain; an arc's two flags as single digits
// with or without separators (`a5 5 0 1010 10`). S and T reflect the previous curve's last
// control point (or use the current point after anything else); after Z the current point is the
// subpath's start.
//
// Arcs become cubics of at most 45° each (the endpoint-to-centre conversion and radius scaling of
// SVG's implementation notes, F.6.5–F.6.6): a 45° cubic is within 4.2·10⁻⁶ of its radius of
// the ellipse, a thousandth of a pixel for a radius of 200 px. Radii of zero make a line; an arc
// that ends where it starts draws nothing, as the notes say.
//
// Errors name the 1-based column (character) and what was expected there.

import HoloGeometry

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

public struct PathSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based position of the offending character (or one past the end).
    public var column: Int
    public var message: String
    public var description: String { "column \(column): \(message)" }
}

extension Path {
    /// The most elements a path read from text may have.
    public static let maxElements = 10_000
    /// The largest radius an arc may reach once scaled to meet its ends (F.6.6): a million times
    /// the largest coordinate, so every point of its cubics stays far inside Double's range.
    public static let maxArcRadius = 1e12

    /// Reads SVG path data; see the top of SVGPath.swift.
    public init(svg d: String, fillRule: FillRule = .nonZero) throws(PathSyntaxError) {
        var reader = SVGPathReader(Array(d.unicodeScalars))
        self = try reader.read()
        self.fillRule = fillRule
    }
}

struct SVGPathReader {
    let s: [Unicode.Scalar]
    var i = 0
    var path = Path()
    var current = Point.zero
    var start = Point.zero
    /// The last cubic's second control point (for S) or quadratic's control point (for T).
    var lastCubic: Point?
    var lastQuad: Point?

    init(_ s: [Unicode.Scalar]) { self.s = s }

    func fail(_ message: String, at k: Int? = nil) -> PathSyntaxError {
        PathSyntaxError(column: (k ?? i) + 1, message: message)
    }

    func shown(_ k: Int) -> String { k < s.count ? "'\(s[k])'" : "the end" }

    mutating func skipSpace() {
        while i < s.count, [" ", "\t", "\n", "\r", "\u{0C}"].contains(s[i]) { i += 1 }
    }

    /// Space, then at most one comma and more space.
    mutating func skipSeparator() {
        skipSpace()
        if i < s.count, s[i] == "," { i += 1; skipSpace() }
    }

    func isDigit(_ k: Int) -> Bool { k < s.count && s[k].value >= 48 && s[k].value <= 57 }

    /// True when a number starts here.
    func atNumber() -> Bool {
        guard i < s.count else { return false }
        let c = s[i]
        return isDigit(i) || c == "." || c == "-" || c == "+"
    }

    mutating func number(_ what: String) throws(PathSyntaxError) -> Double {
        skipSeparator()
        let begin = i
        if i < s.count, s[i] == "-" || s[i] == "+" { i += 1 }
        var digits = 0
        while isDigit(i) { i += 1; digits += 1 }
        if i < s.count, s[i] == "." {
            i += 1
            while isDigit(i) { i += 1; digits += 1 }
        }
        guard digits > 0 else { i = begin; throw fail("expected a number (\(what)), found \(shown(begin))", at: begin) }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var k = i + 1
            if k < s.count, s[k] == "-" || s[k] == "+" { k += 1 }
            if isDigit(k) {
                i = k
                while isDigit(i) { i += 1 }
            }
        }
        let text = String(String.UnicodeScalarView(s[begin..<i]))
        guard let v = Double(text), v.isFinite, abs(v) <= 1_000_000 else {
            throw fail("\(text) is out of range (numbers in a path are at most 1000000 in size)", at: begin)
        }
        return v
    }

    mutating func flag() throws(PathSyntaxError) -> Bool {
        skipSeparator()
        guard i < s.count, s[i] == "0" || s[i] == "1" else { throw fail("expected an arc flag (0 or 1), found \(shown(i))") }
        i += 1
        return s[i - 1] == "1"
    }

    mutating func point(_ relative: Bool, _ what: String) throws(PathSyntaxError) -> Point {
        let x = try number("x of \(what)"), y = try number("y of \(what)")
        return relative ? Point(current.x + x, current.y + y) : Point(x, y)
    }

    mutating func append(_ e: PathElement) throws(PathSyntaxError) {
        guard path.elements.count < Path.maxElements else {
            throw fail("the path has more than \(Path.maxElements) segments")
        }
        path.elements.append(e)
    }

    mutating func read() throws(PathSyntaxError) -> Path {
        skipSpace()
        guard i < s.count else { return path }
        guard s[i] == "M" || s[i] == "m" else { throw fail("expected a move command (M or m) to start the path, found \(shown(i))") }
        var command: Unicode.Scalar = "M"
        while true {
            skipSpace()
            guard i < s.count else { break }
            let c = s[i]
            if "MmLlHhVvCcSsQqTtAaZz".unicodeScalars.contains(c) {
                command = c; i += 1
            } else if !atNumber() || command == "Z" || command == "z" {
                throw fail(command == "Z" || command == "z"
                           ? "expected a command letter after Z, found \(shown(i))"
                           : "expected a command letter or a number, found \(shown(i))")
            }
            try parameters(command)
            // After a move, repeated pairs are lines.
            if command == "M" { command = "L" } else if command == "m" { command = "l" }
            // Further parameter sets repeat the command.
            while true {
                skipSeparator()
                guard atNumber(), command != "Z", command != "z" else { break }
                try parameters(command)
            }
        }
        return path
    }

    mutating func parameters(_ c: Unicode.Scalar) throws(PathSyntaxError) {
        let rel = c.properties.isLowercase
        let name = "\"\(c)\""
        var cubic: Point?, quad: Point?
        switch c {
        case "M", "m":
            let p = try point(rel, "the point after \(name)")
            try append(.move(to: p)); current = p; start = p
        case "L", "l":
            let p = try point(rel, "the point after \(name)")
            try append(.line(to: p)); current = p
        case "H", "h":
            let x = try number("an x after \(name)")
            let p = Point(rel ? current.x + x : x, current.y)
            try append(.line(to: p)); current = p
        case "V", "v":
            let y = try number("a y after \(name)")
            let p = Point(current.x, rel ? current.y + y : y)
            try append(.line(to: p)); current = p
        case "C", "c":
            let c1 = try point(rel, "the first control point after \(name)")
            let c2 = try point(rel, "the second control point after \(name)")
            let p = try point(rel, "the end point after \(name)")
            try append(.curve(to: p, control1: c1, control2: c2)); current = p; cubic = c2
        case "S", "s":
            let c1 = lastCubic.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            let c2 = try point(rel, "the control point after \(name)")
            let p = try point(rel, "the end point after \(name)")
            try append(.curve(to: p, control1: c1, control2: c2)); current = p; cubic = c2
        case "Q", "q":
            let q = try point(rel, "the control point after \(name)")
            let p = try point(rel, "the end point after \(name)")
            try append(.quadCurve(to: p, control: q)); current = p; quad = q
        case "T", "t":
            let q = lastQuad.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            let p = try point(rel, "the end point after \(name)")
            try append(.quadCurve(to: p, control: q)); current = p; quad = q
        case "A", "a":
            skipSeparator()
            let column = i
            let rx = abs(try number("the x radius after \(name)")), ry = abs(try number("the y radius after \(name)"))
            let rotation = try number("the x-axis rotation (degrees) after \(name)")
            let large = try flag(), sweep = try flag()
            let p = try point(rel, "the end point after \(name)")
            try arc(to: p, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep, column: column)
            current = p
        default: // Z, z
            try append(.closeSubpath); current = start
        }
        lastCubic = cubic; lastQuad = quad
    }

    /// SVG's endpoint arc as cubics (see the top). `column` is where its parameters start, for a
    /// refusal.
    mutating func arc(to p: Point, rx rx0: Double, ry ry0: Double, degrees: Double, large: Bool, sweep: Bool,
                      column: Int) throws(PathSyntaxError) {
        let p0 = current
        guard p != p0 else { return }
        guard rx0 > 0, ry0 > 0 else { try append(.line(to: p)); return }
        let φ = degrees * Double.pi / 180, cφ = cos(φ), sφ = sin(φ)
        // F.6.5.1: the midpoint difference in the ellipse's axes.
        let dx = (p0.x - p.x) / 2, dy = (p0.y - p.y) / 2
        let x1 = cφ * dx + sφ * dy, y1 = -sφ * dx + cφ * dy
        // F.6.6.2 and F.6.5.2 as the notes write them (radii too small to reach scaled by √Λ; the
        // centre in the ellipse's axes): the bytes every golden was drawn with.
        var rx = rx0, ry = ry0
        let Λ = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if Λ > 1 { rx *= Λ.squareRoot(); ry *= Λ.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = (Swift.max(0, num) / den).squareRoot()
        if large == sweep { k = -k }
        var cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        if ![rx, ry, cx1, cy1].allSatisfy(\.isFinite) {
            // At the edges of Double the squares overflow or underflow (rx = ry = 1e-300: rx² is 0,
            // Λ ∞, the centre NaN, and NaN reaching Int() traps). Then the same steps
            // scale-invariant, with no radius or coordinate squared: Λ = h², h = hypot(x1/rx, y1/ry).
            (rx, ry) = (rx0, ry0)
            let u = x1 / rx, v = y1 / ry, h = hypot(u, v)
            cx1 = 0; cy1 = 0
            if !(h > 0) {
                // The ends are closer than the radii can resolve: a line (equal ends draw nothing).
                try append(.line(to: p)); return
            } else if h > 1 {
                // rx·h = hypot(x1, y1·rx/ry), ry·h = hypot(x1·ry/rx, y1); the centre is the midpoint.
                (rx, ry) = (hypot(x1, y1 * (rx / ry)), hypot(x1 * (ry / rx), y1))
            } else {
                // k·(rx·y1/ry, −ry·x1/rx) with k = ±√(1 − h²)/h; (v/h, u/h) are at most 1.
                let k = (large == sweep ? -1.0 : 1.0) * Swift.max(0, (1 - h) * (1 + h)).squareRoot()
                cx1 = k * rx * (v / h); cy1 = -k * ry * (u / h)
            }
        }
        // F.6.5.3: back to user space.
        let cx = cφ * cx1 - sφ * cy1 + (p0.x + p.x) / 2, cy = sφ * cx1 + cφ * cy1 + (p0.y + p.y) / 2
        // F.6.5.5–6: start angle and sweep on the unit circle.
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
        let θ1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var Δθ = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && Δθ > 0 { Δθ -= 2 * Double.pi } else if sweep && Δθ < 0 { Δθ += 2 * Double.pi }
        // Radii out of proportion (a scaled radius past maxArcRadius, or rx/ry past Double's range)
        // are refused with the arc's column, rather than drawn from ∞ or NaN.
        guard [cx, cy, θ1, Δθ].allSatisfy(\.isFinite), rx <= Path.maxArcRadius, ry <= Path.maxArcRadius else {
            throw fail("this arc cannot be drawn: its radii are too far out of proportion to each other " +
                       "or to the distance between its ends", at: column)
        }
        // Cubics of at most 45°: on the unit circle from α to β the controls sit k = 4/3·tan((β − α)/4)
        // along the tangents; then the ellipse's scale, rotation and centre.
        let n = Swift.max(1, Int((abs(Δθ) / (Double.pi / 4)).rounded(.up)))
        let step = Δθ / Double(n), kk = 4.0 / 3 * tan(step / 4)
        func map(_ ux: Double, _ uy: Double) -> Point {
            Point(cx + cφ * rx * ux - sφ * ry * uy, cy + sφ * rx * ux + cφ * ry * uy)
        }
        for j in 0..<n {
            let a = θ1 + step * Double(j), b = a + step
            let c1 = map(cos(a) - kk * sin(a), sin(a) + kk * cos(a))
            let c2 = map(cos(b) + kk * sin(b), sin(b) - kk * cos(b))
            try append(.curve(to: j == n - 1 ? p : map(cos(b), sin(b)), control1: c1, control2: c2))
        }
    }
}

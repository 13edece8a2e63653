// The SF Symbols the seeds' views use, drawn as paths (SF Symbols themselves cannot be shipped).
//
// Each symbol is designed in a 100 × 100 box that is one em of its point size (as SF Symbols scale
// with the font beside them), centred on the box's centre, with strokes whose width follows the
// weight the way SF Symbols' weights follow SF Pro's stems: about 0.078 em at regular, 0.105 at
// semibold, 0.125 at bold. Terminals and corners are round, as SF Symbols' are. A ".fill" variant
// fills the outline and strokes it at the same weight, so it is the outline's size exactly.
// Bodies span about 0.7 em (the cap height) and wide symbols up to 0.8 em.

import HoloGeometry

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// SF Symbols' nine weights.
public enum SymbolWeight: String, Hashable, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// Stroke width as a fraction of the point size.
    public var strokeWidthPerEm: Double {
        switch self {
        case .ultraLight: return 0.022
        case .thin: return 0.036
        case .light: return 0.056
        case .regular: return 0.078
        case .medium: return 0.092
        case .semibold: return 0.105
        case .bold: return 0.125
        case .heavy: return 0.15
        case .black: return 0.175
        }
    }

    /// The symbol weight that matches text of this weight (the one of the same name).
    public init(_ font: FontWeight) {
        self = SymbolWeight(rawValue: font.rawValue) ?? .regular
    }
}

public enum Symbol {
    /// One stroke of a symbol, or a filled outline (stroked too, at the same weight).
    enum Part { case stroke(Path), fill(Path) }

    /// Path data written in this file (constants: the tests draw every symbol).
    static func svg(_ d: String) -> Path { try! Path(svg: d) }

    /// Every symbol by name, sorted.
    public static var names: [String] { (Array(table.keys) + ["checkmark.circle.fill"]).sorted() }

    /// The symbol `name` at `size` points and `weight`, centred on `center`, in `paint`: a group of
    /// fills and round-capped, round-joined strokes in the caller's points (so a gradient paint's
    /// coordinates are the caller's). Nil for an unknown name.
    public static func node(_ name: String, size: Double, weight: SymbolWeight, center: Point, paint: Paint) -> Node? {
        let s = size / 100
        let style = StrokeStyle(lineWidth: weight.strokeWidthPerEm * size, lineCap: .round, lineJoin: .round)
        func placed(_ p: Path) -> Shape { .path(p.scaled(by: s, offset: Point(center.x - 50 * s, center.y - 50 * s))) }
        var children: [Node] = []
        if name == "checkmark.circle.fill" {
            children = [.fill(placed(checkCircle(halfWidth: weight.strokeWidthPerEm * 50)), paint)]
        } else {
            guard let parts = table[name] else { return nil }
            for part in parts {
                switch part {
                case .stroke(let p): children.append(.styledStroke(placed(p), paint, style))
                case .fill(let p):
                    let shape = placed(p)
                    children.append(.fill(shape, paint)); children.append(.styledStroke(shape, paint, style))
                }
            }
        }
        return .group(children)
    }

    static let heart = "M 50 84 C 32 72 13 58 13 38 C 13 25 22 16 33 16 C 41 16 47 21 50 27 C 53 21 59 16 67 16 C 78 16 87 25 87 38 C 87 58 68 72 50 84 Z"
    static let star: String = {
        // Five points at radius 40, inner radius 17, the first pointing up, centre (50, 52).
        var d = ""
        for k in 0..<10 {
            let r = k % 2 == 0 ? 40.0 : 17.0, a = -Double.pi / 2 + Double(k) * Double.pi / 5
            d += "\(k == 0 ? "M" : "L") \(50 + r * cos(a)) \(52 + r * sin(a)) "
        }
        return d + "Z"
    }()

    /// A gear: eight trapezoid teeth (outer radius 40, root 31) around a hub of radius 12.
    static let gear: Path = {
        var p = Path()
        let teeth = 8
        for k in 0..<teeth {
            let a = Double(k) * 2 * Double.pi / Double(teeth)
            let pitch = 2 * Double.pi / Double(teeth)
            // Root, rise, top, fall: the tooth's top is 30% of the pitch, its flanks 15% each.
            let angles: [(Double, Double)] = [(a - 0.35 * pitch, 31), (a - 0.15 * pitch, 40), (a + 0.15 * pitch, 40), (a + 0.35 * pitch, 31)]
            for (j, (θ, r)) in angles.enumerated() {
                let q = Point(50 + r * cos(θ), 50 + r * sin(θ))
                if k == 0 && j == 0 { p.move(to: q) } else { p.addLine(to: q) }
            }
        }
        p.closeSubpath()
        p.move(to: Point(62, 50))
        p.addArc(center: Point(50, 50), radius: 12, startAngle: 0, endAngle: 2 * Double.pi, clockwise: false)
        p.closeSubpath()
        return p
    }()

    static let table: [String: [Part]] = [
        "chevron.left": [.stroke(svg("M 61 16 L 37 50 L 61 84"))],
        "chevron.right": [.stroke(svg("M 39 16 L 63 50 L 39 84"))],
        "chevron.down": [.stroke(svg("M 20 37 L 50 63 L 80 37"))],
        "chevron.up": [.stroke(svg("M 20 63 L 50 37 L 80 63"))],
        "xmark": [.stroke(svg("M 22 22 L 78 78 M 78 22 L 22 78"))],
        "plus": [.stroke(svg("M 50 14 V 86 M 14 50 H 86"))],
        "checkmark": [.stroke(svg("M 17 52 L 39 75 L 83 23"))],
        "heart": [.stroke(svg(heart))],
        "heart.fill": [.fill(svg(heart))],
        "play.fill": [.fill(svg("M 29 17 L 81 50 L 29 83 Z"))],
        "star.fill": [.fill(svg(star))],
        "person": [.stroke(svg("M 34 31 A 16 16 0 0 1 66 31 A 16 16 0 0 1 34 31 Z M 17 86 C 17 67 31 58 50 58 C 69 58 83 67 83 86 Z"))],
        "gear": [.stroke(gear)],
        "chart.bar": [.stroke(svg("M 14 84 V 58 H 30 V 84 Z M 42 84 V 36 H 58 V 84 Z M 70 84 V 15 H 86 V 84 Z"))],
        "bell": [.stroke(svg("M 22 72 C 28 64 29 58 29 45 C 29 31 38 23 50 23 C 62 23 71 31 71 45 C 71 58 72 64 78 72 Z M 41 81 C 43 88 57 88 59 81 M 50 14 V 23"))],
        "magnifyingglass": [.stroke(svg("M 17 42 A 25 25 0 0 1 67 42 A 25 25 0 0 1 17 42 Z M 60 60 L 85 85"))],
        "waveform": [.stroke(svg("M 14 42 V 58 M 26 32 V 68 M 38 18 V 82 M 50 28 V 72 M 62 14 V 86 M 74 34 V 66 M 86 44 V 56"))],
    ]

    /// A filled disc with the checkmark cut out of it (even-odd: the check's outline is a second
    /// contour inside the disc), its stroke as thick as the weight's.
    static func checkCircle(halfWidth h: Double) -> Path {
        var p = Path(fillRule: .evenOdd)
        p.addArc(center: Point(50, 50), radius: 40, startAngle: 0, endAngle: 2 * Double.pi, clockwise: false)
        p.closeSubpath()
        let a = Point(30, 51), b = Point(44, 65), c = Point(70, 36)
        func unit(_ v: Point) -> Point { let l = (v.x * v.x + v.y * v.y).squareRoot(); return Point(v.x / l, v.y / l) }
        let d1 = unit(b - a), d2 = unit(c - b)
        let n1 = Point(-d1.y, d1.x), n2 = Point(-d2.y, d2.x)
        let k = h / (1 + n1.x * n2.x + n1.y * n2.y)
        p.move(to: a + n1 * h)
        p.addLine(to: b + (n1 + n2) * k)
        p.addLine(to: c + n2 * h)
        // Round ends: from +N to −N through the direction of travel (decreasing angles on screen).
        let θc = atan2(n2.y, n2.x)
        p.addArc(center: c, radius: h, startAngle: θc, endAngle: θc - Double.pi, clockwise: true)
        p.addLine(to: b - (n1 + n2) * k)
        p.addLine(to: a - n1 * h)
        let θa = atan2(-n1.y, -n1.x)
        p.addArc(center: a, radius: h, startAngle: θa, endAngle: θa - Double.pi, clockwise: true)
        p.closeSubpath()
        return p
    }
}

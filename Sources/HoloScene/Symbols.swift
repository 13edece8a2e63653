// The SF Symbols the built-in designs' views use (docs/designs.md), drawn as paths (SF Symbols
// themselves cannot be shipped).
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
    /// One stroke of a symbol, a filled outline (stroked too, at the same weight), or a filled
    /// outline drawn as it is (holes cut by the even-odd rule, which a stroke would close; dots
    /// smaller than the stroke, whose stroke would overlap itself).
    enum Part { case stroke(Path), fill(Path), fillOnly(Path) }

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
                case .fillOnly(let p): children.append(.fill(placed(p), paint))
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
        // The flowing header's accessories (docs/designs.md, Flowing header).
        "person.circle": [.stroke(svg(circle40)), .fill(svg(disc(50, 39, 12))),
                          .fill(svg("M 27 76 C 32 66 40 62 50 62 C 60 62 68 66 73 76 A 36 36 0 0 1 27 76 Z"))],
        "message.fill": [.fill(svg(bubble))],
        "message.circle.fill": [.fillOnly(cutOut(svg(bubble).scaled(by: 0.52, offset: Point(24, 24)).elements))],
        "camera.fill": [.fillOnly(evenOdd("M 22 30 H 37 L 42 21 H 58 L 63 30 H 78 C 83 30 87 34 87 39 V 74 C 87 79 83 83 78 83 H 22 C 17 83 13 79 13 74 V 39 C 13 34 17 30 22 30 Z " + disc(50, 56, 14)))],
        "photo.on.rectangle.angled": [.stroke(svg("M 22 66 L 11 64 L 18 24 L 63 32")), .stroke(svg(rrect(22, 32, 66, 50, 6))),
                                      .stroke(svg("M 26 78 L 44 58 L 56 70 L 64 62 L 84 78")), .fill(svg(disc(71, 45, 4)))],
        // The people, places and things the clips' lists, tab bars and buttons show.
        "person.fill": [.fill(svg(disc(50, 30, 15))), .fill(svg("M 17 86 C 17 67 31 58 50 58 C 69 58 83 67 83 86 Z"))],
        "person.2.fill": [.fill(svg(disc(66, 30, 11))), .fill(svg("M 60 52 C 62 51 64 51 66 51 C 78 51 88 58 88 74 H 68 C 68 64 65 57 60 52 Z")),
                          .fill(svg(disc(37, 34, 13))), .fill(svg("M 12 82 C 12 66 23 58 37 58 C 51 58 62 66 62 82 Z"))],
        "house.fill": [.fill(svg("M 50 16 L 86 47 H 77 V 84 H 59 V 63 H 41 V 84 H 23 V 47 H 14 Z"))],
        "dumbbell.fill": [.fillOnly(svg(rrect(10, 37, 10, 26, 3) + rrect(20, 25, 12, 50, 4) + rrect(32, 46, 36, 8, 1) + rrect(68, 25, 12, 50, 4) + rrect(80, 37, 10, 26, 3)))],
        "calendar": [.stroke(svg(rrect(14, 22, 72, 62, 10) + " M 14 40 H 86 M 32 14 V 28 M 68 14 V 28")),
                     .fillOnly(svg(disc(34, 56, 4.5) + disc(50, 56, 4.5) + disc(66, 56, 4.5) + disc(34, 70, 4.5) + disc(50, 70, 4.5)))],
        "line.3.horizontal.decrease": [.stroke(svg("M 16 30 H 84 M 28 50 H 72 M 40 70 H 60"))],
        "clock": [.stroke(svg(circle40 + " M 50 26 V 50 L 66 60"))],
        "bell.fill": [.fill(svg("M 22 72 C 28 64 29 58 29 45 C 29 31 38 23 50 23 C 62 23 71 31 71 45 C 71 58 72 64 78 72 Z")),
                      .fill(svg("M 41 79 C 43 87 57 87 59 79 Z")), .stroke(svg("M 50 15 V 23"))],
        "tray.fill": [.fillOnly(evenOdd("M 12 54 L 24 20 H 76 L 88 54 V 76 C 88 81 85 84 80 84 H 20 C 15 84 12 81 12 76 Z " +
                                         "M 30 28 H 70 L 78 51 H 62 C 62 58 57 62 50 62 C 43 62 38 58 38 51 H 22 Z"))],
        "airplane": [.fill(svg("M 84 50 C 84 46 81 45 77 45 L 60 45 L 41 17 L 34 17 L 44 45 L 27 45 L 20 36 L 15 36 L 18 50 L 15 64 L 20 64 L 27 55 L 44 55 L 34 83 L 41 83 L 60 55 L 77 55 C 81 55 84 54 84 50 Z"))],
        "wifi": [.fillOnly(wifi)],
        "antenna.radiowaves.left.and.right": [.stroke(svg("M 50 46 V 86 M 37 27 C 30 34 30 46 37 53 M 63 27 C 70 34 70 46 63 53 M 26 16 C 12 30 12 50 26 64 M 74 16 C 88 30 88 50 74 64")),
                                              .fill(svg(disc(50, 40, 5)))],
        "link": [.stroke(svg("M 46 34 L 56 24 C 63 17 74 17 80 24 C 87 30 87 41 80 48 L 70 58 M 54 66 L 44 76 C 37 83 26 83 20 76 C 13 70 13 59 20 52 L 30 42 M 40 60 L 60 40"))],
        "speaker.wave.2.fill": [.fill(svg("M 19 39 H 32 L 50 23 V 77 L 32 61 H 19 Z")), .stroke(svg("M 62 38 C 67 44 67 56 62 62 M 72 28 C 82 40 82 60 72 72"))],
        "moon.fill": [.fill(svg("M 44 14 A 37 37 0 1 0 86 58 A 30 30 0 0 1 44 14 Z"))],
        "hourglass": [.stroke(svg("M 28 15 H 72 M 28 85 H 72 M 33 15 C 33 37 50 42 50 50 C 50 58 33 63 33 85 M 67 15 C 67 37 50 42 50 50 C 50 58 67 63 67 85"))],
        "sun.max.fill": [.fill(svg(disc(50, 50, 15))), .stroke(sunRays)],
        "square.grid.2x2.fill": [.fillOnly(svg(rrect(13, 13, 35, 35, 9) + rrect(52, 13, 35, 35, 9) + rrect(13, 52, 35, 35, 9) + rrect(52, 52, 35, 35, 9)))],
        "slider.horizontal.3": [.stroke(svg("M 14 28 H 86 M 14 50 H 86 M 14 72 H 86")), .fill(svg(disc(34, 28, 8) + disc(64, 50, 8) + disc(42, 72, 8)))],
        "lock.fill": [.fill(svg(rrect(23, 46, 54, 38, 7))), .stroke(svg("M 34 46 V 34 C 34 23 41 16 50 16 C 59 16 66 23 66 34 V 46"))],
        "faceid": [.stroke(svg("M 14 32 V 22 C 14 17 17 14 22 14 H 32 M 68 14 H 78 C 83 14 86 17 86 22 V 32 M 86 68 V 78 C 86 83 83 86 78 86 H 68 M 32 86 H 22 C 17 86 14 83 14 78 V 68 M 36 36 V 42 M 64 36 V 42 M 50 38 V 56 H 46 M 36 66 C 44 72 56 72 64 66"))],
        "battery.100": [.stroke(svg(rrect(11, 33, 68, 34, 9))), .fill(svg(rrect(19, 41, 52, 18, 4))), .fill(svg(rrect(84, 44, 4, 12, 2)))],
        "bag.fill": [.fill(svg(rrect(19, 36, 62, 48, 7))), .stroke(svg("M 37 44 V 32 C 37 22 43 16 50 16 C 57 16 63 22 63 32 V 44"))],
        "creditcard": [.stroke(svg(rrect(12, 24, 76, 52, 8) + " M 22 64 H 40")), .fill(svg("M 12 36 H 88 V 46 H 12 Z"))],
        "key": [.stroke(svg(disc(30, 50, 14) + " M 44 50 H 86 M 74 50 V 62 M 84 50 V 58"))],
        "envelope": [.stroke(svg(rrect(12, 24, 76, 52, 8) + " M 16 30 L 50 56 L 84 30"))],
        "square.and.arrow.up": [.stroke(svg("M 36 40 H 26 V 86 H 74 V 40 H 64 M 50 14 V 60 M 36 28 L 50 14 L 64 28"))],
        "arrow.down.circle": [.stroke(svg(circle40 + " M 50 28 V 70 M 34 54 L 50 70 L 66 54"))],
        "info.circle": [.stroke(svg(circle40 + " M 50 46 V 72")), .fill(svg(disc(50, 32, 3)))],
        "music.note.list": [.stroke(svg("M 14 24 H 56 M 14 42 H 56 M 14 60 H 38 M 80 74 V 22 L 88 20")), .fill(svg(disc(70, 74, 10)))],
    ]

    /// A circle of radius 40 round the box's centre, as SVG path data.
    static let circle40 = disc(50, 50, 40)
    /// A closed circle as SVG path data (two half arcs).
    static func disc(_ x: Double, _ y: Double, _ r: Double) -> String {
        "M \(x - r) \(y) A \(r) \(r) 0 1 1 \(x + r) \(y) A \(r) \(r) 0 1 1 \(x - r) \(y) Z "
    }
    /// A rect with circular corners of radius r as SVG path data.
    static func rrect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) -> String {
        "M \(x + r) \(y) H \(x + w - r) A \(r) \(r) 0 0 1 \(x + w) \(y + r) V \(y + h - r) A \(r) \(r) 0 0 1 \(x + w - r) \(y + h) " +
        "H \(x + r) A \(r) \(r) 0 0 1 \(x) \(y + h - r) V \(y + r) A \(r) \(r) 0 0 1 \(x + r) \(y) Z "
    }
    /// Path data filled by the even-odd rule (its inner contours are holes).
    static func evenOdd(_ d: String) -> Path { Path(svg(d).elements, fillRule: .evenOdd) }
    /// The radius-40 disc with `hole` cut out of it (even-odd).
    static func cutOut(_ hole: [PathElement]) -> Path { Path(svg(circle40).elements + hole, fillRule: .evenOdd) }

    /// A speech bubble with its tail at the lower left (message).
    static let bubble = "M 50 17 C 72 17 88 30 88 47 C 88 64 72 77 50 77 C 45 77 40 76 36 75 C 30 80 22 83 14 84 C 19 79 22 73 22 68 C 15 62 12 55 12 47 C 12 30 28 17 50 17 Z"

    /// Wi-Fi: a 90° sector and two bands of a disc centred at (50, 75), opening upwards.
    static let wifi = wifiPath(center: Point(50, 75), dotRadius: 15, bands: [(24, 34), (43, 53)])

    /// The Wi-Fi glyph's outline: a sector of radius `dotRadius` and bands between the (inner,
    /// outer) radii, all opening upwards 90° from `center`, their ends squared along the 45° rays
    /// (the symbol above, and the status bar's Wi-Fi item at its own proportions).
    public static func wifiPath(center c: Point, dotRadius: Double, bands: [(inner: Double, outer: Double)]) -> Path {
        var p = Path(fillRule: .nonZero)
        let a0 = -0.75 * Double.pi, a1 = -0.25 * Double.pi
        p.move(to: c)
        p.addArc(center: c, radius: dotRadius, startAngle: a0, endAngle: a1, clockwise: false)
        p.closeSubpath()
        for (inner, outer) in bands {
            p.move(to: Point(c.x + outer * cos(a0), c.y + outer * sin(a0)))
            p.addArc(center: c, radius: outer, startAngle: a0, endAngle: a1, clockwise: false)
            p.addArc(center: c, radius: inner, startAngle: a1, endAngle: a0, clockwise: true)
            p.closeSubpath()
        }
        return p
    }

    /// Eight rays from radius 26 to 37 round the centre.
    static let sunRays: Path = {
        var p = Path()
        for k in 0..<8 {
            let a = Double(k) * Double.pi / 4
            p.move(to: Point(50 + 26 * cos(a), 50 + 26 * sin(a)))
            p.addLine(to: Point(50 + 37 * cos(a), 50 + 37 * sin(a)))
        }
        return p
    }()

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

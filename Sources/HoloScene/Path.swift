// A general outline, as SwiftUI's `Path`: subpaths of lines, quadratic and cubic Béziers and
// circular arcs, each subpath open or closed; filled by the non-zero or even-odd rule (SwiftUI's
// `FillStyle(eoFill:)`), or stroked with a `StrokeStyle` (Node.styledStroke).
//
// Why the fill rule lives in the path (as in Skia's SkPath and SVG's `fill-rule`) and not in the
// node: a path is a `Shape`, so it fills, clips and shapes a material like any other shape, and each
// of those needs to know which points are inside.

import HoloGeometry

public enum FillRule: String, Hashable, Sendable, Codable {
    /// Inside where the winding number is not zero (SwiftUI's default).
    case nonZero
    /// Inside where the winding number is odd (`FillStyle(eoFill: true)`).
    case evenOdd
}

public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath.
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case curve(to: Point, control1: Point, control2: Point)
    /// SwiftUI's `addArc(center:radius:startAngle:endAngle:clockwise:)`: angles in radians from +x
    /// towards +y (so increasing angles turn clockwise on the y-down screen). `clockwise` has
    /// SwiftUI's meaning, which is Core Graphics's in its y-up space: true sweeps from
    /// `startAngle` towards decreasing angles (anticlockwise on screen), false towards increasing
    /// ones. A line joins the current point to the arc's start (a move when there is none).
    case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
    /// Closes the subpath with a line back to its start.
    case closeSubpath
}

public struct Path: Hashable, Sendable {
    public var elements: [PathElement]
    public var fillRule: FillRule
    public init(_ elements: [PathElement] = [], fillRule: FillRule = .nonZero) {
        self.elements = elements; self.fillRule = fillRule
    }

    public mutating func move(to p: Point) { elements.append(.move(to: p)) }
    public mutating func addLine(to p: Point) { elements.append(.line(to: p)) }
    public mutating func addQuadCurve(to p: Point, control c: Point) { elements.append(.quadCurve(to: p, control: c)) }
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.curve(to: p, control1: c1, control2: c2))
    }
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise))
    }
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// A rect containing everything the path draws when filled: the box of every end and control
    /// point (a Bézier lies in the hull of its control points) and of each arc's whole circle.
    public var bounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y); x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .arc(let c, let r, _, _, _):
                let r = abs(r)
                add(Point(c.x - r, c.y - r)); add(Point(c.x + r, c.y + r))
            case .closeSubpath: continue
            }
        }
        guard x0 <= x1, y0 <= y1 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The path scaled by `s` about the origin, then moved by `offset` (arcs stay arcs: a uniform
    /// scale keeps circles circles).
    public func scaled(by s: Double, offset: Point) -> Path {
        func m(_ p: Point) -> Point { Point(p.x * s + offset.x, p.y * s + offset.y) }
        // A negative scale turns the picture half a turn, so arcs keep their direction.
        let turn = s < 0 ? Double.pi : 0
        return Path(elements.map { e in
            switch e {
            case .move(let p): return .move(to: m(p))
            case .line(let p): return .line(to: m(p))
            case .quadCurve(let p, let c): return .quadCurve(to: m(p), control: m(c))
            case .curve(let p, let c1, let c2): return .curve(to: m(p), control1: m(c1), control2: m(c2))
            case .arc(let c, let r, let a0, let a1, let cw):
                return .arc(center: m(c), radius: r * abs(s), startAngle: a0 + turn, endAngle: a1 + turn, clockwise: cw)
            case .closeSubpath: return .closeSubpath
            }
        }, fillRule: fillRule)
    }

    /// The arc's signed sweep in radians, as `addArc` draws it (see `PathElement.arc`): a turn
    /// whole when the angles are a turn or more apart, otherwise the part of a turn from start
    /// to end in the arc's direction.
    public static func arcSweep(startAngle a0: Double, endAngle a1: Double, clockwise: Bool) -> Double {
        let turn = 2 * Double.pi
        let d = a1 - a0
        guard d.isFinite else { return 0 }
        if clockwise {
            if d <= -turn { return -turn }
            var s = d.truncatingRemainder(dividingBy: turn)
            if s > 0 { s -= turn }
            return s
        } else {
            if d >= turn { return turn }
            var s = d.truncatingRemainder(dividingBy: turn)
            if s < 0 { s += turn }
            return s
        }
    }
}

public enum LineCap: String, Hashable, Sendable, Codable, CaseIterable {
    /// Ends flat at the end point.
    case butt
    /// A half disc of the line's width around the end point.
    case round
    /// Ends flat half the line's width past the end point.
    case square
}

public enum LineJoin: String, Hashable, Sendable, Codable, CaseIterable {
    /// The outer edges extended to meet, while their meeting point is within
    /// miterLimit × width / 2 of the corner; a bevel beyond that (Core Graphics's rule).
    case miter
    /// A circular arc of the line's half width around the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// SwiftUI's `StrokeStyle`: width in points, caps, joins, the miter limit, and dashes (on and off
/// lengths in points, repeating, starting `dashPhase` points into the pattern).
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var dash: [Double]
    public var dashPhase: Double
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
    }

    /// How far past the path's points the stroke can reach: half the width, times the miter
    /// limit for miter joins and √2 for square caps (their corners).
    public var reach: Double {
        guard lineWidth.isFinite, lineWidth > 0 else { return 0 }
        var k = 1.0
        if lineJoin == .miter { k = Swift.max(k, miterLimit.isFinite ? miterLimit : 1) }
        if lineCap == .square { k = Swift.max(k, 2.0.squareRoot()) }
        return lineWidth / 2 * k
    }

    /// The dash pattern as drawn: empty (a solid line) when it is unusable, as Core Graphics
    /// ignores it: a negative or non-finite length, or nothing on. An odd count repeats once.
    public var effectiveDash: [Double] {
        guard !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }), dash.reduce(0, +) > 0 else { return [] }
        return dash.count % 2 == 1 ? dash + dash : dash
    }
}

// What fills a shape or a glyph run. Coordinates of gradients are in the node's local points.

import HoloGeometry

public struct GradientStop: Hashable, Sendable, Codable {
    public var color: Color
    /// 0…1 along the gradient.
    public var location: Double
    public init(_ color: Color, at location: Double) { self.color = color; self.location = location }
}

public enum Paint: Hashable, Sendable {
    case solid(Color)
    /// Colour runs along the segment start → end; before and after it the end stops' colours extend (pad).
    case linearGradient(stops: [GradientStop], start: Point, end: Point)
    /// Colour runs outward from `startRadius` to `endRadius` around `center`.
    case radialGradient(stops: [GradientStop], center: Point, startRadius: Double, endRadius: Double)
    /// Colour runs clockwise around `center` from `startAngle` to `endAngle` (radians, 0 = +x,
    /// clockwise on screen as in SwiftUI's AngularGradient).
    case angularGradient(stops: [GradientStop], center: Point, startAngle: Double, endAngle: Double)
    /// A CPU port of one of the shaders in Shaders/, evaluated per pixel over `bounds`.
    case shader(ShaderPaint)

    /// Stops spread evenly from 0 to 1, as SwiftUI's `Gradient(colors:)` does.
    public static func evenStops(_ colors: [Color]) -> [GradientStop] {
        guard colors.count > 1 else { return colors.map { GradientStop($0, at: 0) } }
        return colors.enumerated().map { GradientStop($1, at: Double($0) / Double(colors.count - 1)) }
    }
}

/// A shader paint and its uniforms. `bounds` is the rect (local points) that u, v run across.
public enum ShaderPaint: Hashable, Sendable {
    /// The HolographicText colour effect (Shaders/HolographicText.metal).
    case holographic(HolographicUniforms)
    /// Any Distance's ten-hue gradient that slides with roll.
    case anyDistance(roll: Double, bounds: Rect)
    /// A user's colour effect, compiled from its `.metal` source (by HoloMSL, through HoloClips).
    case program(ProgramShader)
}

/// A colour effect as the renderer calls it: SwiftUI's `colorEffect` over a shape filled with
/// opaque white (so `color` is (1, 1, 1, 1) and the fill loop applies coverage). It lives here as a
/// protocol so HoloScene and HoloRaster need not import the compiler: HoloClips makes the values.
public protocol ColorEffectProgram: Sendable {
    /// Identifies the program and its arguments (scenes compare and hash paints by it).
    var identity: String { get }
    /// Premultiplied RGBA8 (one UInt32 per pixel, memory order r, g, b, a) for `count` pixels at
    /// positions (x0 + i·dx, y0 + i·dy) in points, relative to the top-left of `bounds`.
    func shade(bounds: Rect, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
               into out: UnsafeMutablePointer<UInt32>)
    /// The slow reference's premultiplied rgba (0…1) at one position (points, relative to `bounds`).
    func referenceColor(bounds: Rect, x: Double, y: Double) -> (Double, Double, Double, Double)
}

/// A compiled colour effect over `bounds` (local points; `position` is measured from its corner).
public struct ProgramShader: Hashable, Sendable {
    public var bounds: Rect
    public var program: any ColorEffectProgram
    /// As `HolographicUniforms.widthFromText`: filling a text run, the renderer replaces x and
    /// width by the run's laid-out extent.
    public var widthFromText: Bool
    public init(bounds: Rect, program: any ColorEffectProgram, widthFromText: Bool = false) {
        self.bounds = bounds; self.program = program; self.widthFromText = widthFromText
    }
    public static func == (a: ProgramShader, b: ProgramShader) -> Bool {
        a.bounds == b.bounds && a.widthFromText == b.widthFromText && a.program.identity == b.program.identity
    }
    public func hash(into h: inout Hasher) {
        h.combine(bounds); h.combine(widthFromText); h.combine(program.identity)
    }
}

public struct HolographicUniforms: Hashable, Sendable {
    public var bounds: Rect
    /// Device attitude in radians (already smoothed).
    public var roll: Double
    public var pitch: Double
    /// Seconds (already stepped at the TimelineView's 30 fps).
    public var time: Double
    public var accentHue: Double
    /// Reduce Motion: a static gradient.
    public var isStatic: Bool
    /// Filling a text run: the renderer replaces `bounds`' x and width by the run's laid-out extent
    /// (its measured advance, with the run's alignment), so u runs 0…1 across the glyphs in whatever
    /// font draws them. The scene cannot measure text (HoloClips does not import HoloRaster); it
    /// asks the renderer for the box this way. `bounds`' y and height stay the scene's.
    public var widthFromText: Bool
    public init(bounds: Rect, roll: Double, pitch: Double, time: Double, accentHue: Double = 0.55, isStatic: Bool = false,
                widthFromText: Bool = false) {
        self.bounds = bounds; self.roll = roll; self.pitch = pitch; self.time = time
        self.accentHue = accentHue; self.isStatic = isStatic; self.widthFromText = widthFromText
    }
}

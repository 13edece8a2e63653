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
    /// A colour effect evaluated per pixel over its `bounds` (a built-in port or a user's `.metal`).
    case shader(ShaderPaint)

    /// Stops spread evenly from 0 to 1, as SwiftUI's `Gradient(colors:)` does.
    public static func evenStops(_ colors: [Color]) -> [GradientStop] {
        guard colors.count > 1 else { return colors.map { GradientStop($0, at: 0) } }
        return colors.enumerated().map { GradientStop($1, at: Double($0) / Double(colors.count - 1)) }
    }
}

/// A colour effect as the renderer calls it: SwiftUI's `colorEffect` over a shape filled with
/// opaque white (so `color` is (1, 1, 1, 1) and the fill loop applies coverage). It lives here as a
/// protocol so HoloScene and HoloRaster import neither the compiler (HoloMSL) nor the hand-written
/// ports (HoloShaders): HoloClips makes the values, built-in and user's alike.
public protocol ColorEffectProgram: Sendable {
    /// Identifies the program and its arguments (scenes compare and hash paints by it).
    var identity: String { get }
    /// Whether `shade` may return a colour channel above its alpha (a user's shader may); the
    /// renderer then holds each channel to alpha. A hand-written port says false (default true).
    var mayExceedAlpha: Bool { get }
    /// Premultiplied RGBA8 (one UInt32 per pixel, memory order r, g, b, a) for `count` pixels at
    /// positions (x0 + i·dx, y0 + i·dy) in points, relative to the top-left of `bounds`.
    func shade(bounds: Rect, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
               into out: UnsafeMutablePointer<UInt32>)
    /// The slow reference's premultiplied rgba (0…1) at one position (points, relative to `bounds`).
    func referenceColor(bounds: Rect, x: Double, y: Double) -> (Double, Double, Double, Double)
    /// The operations one pixel may cost, counted statically (loops multiplied through nesting):
    /// held against --max-shader-work before a frame is drawn. 0 for a hand-written port.
    var operationsPerPixel: Double { get }
}

extension ColorEffectProgram {
    public var operationsPerPixel: Double { 0 }
}

/// A colour effect filling a shape or a glyph run over `bounds` (local points; `position` is
/// measured from its corner). The scene graph knows no shader by name: the built-in ones (the
/// holographic title's, Any Distance's gradient: HoloClips' hand-written ports) and a user's
/// compiled `.metal` function are all `ColorEffectProgram`s, made by HoloClips.
public struct ShaderPaint: Hashable, Sendable {
    public var bounds: Rect
    public var program: any ColorEffectProgram
    /// Filling a text run: the renderer replaces `bounds`' x and width by the run's laid-out extent
    /// (its measured advance, with the run's alignment), so u runs 0…1 across the glyphs in whatever
    /// font draws them. The scene cannot measure text (HoloClips does not import HoloRaster); it
    /// asks the renderer for the box this way. `bounds`' y and height stay the scene's.
    public var widthFromText: Bool
    public init(bounds: Rect, program: any ColorEffectProgram, widthFromText: Bool = false) {
        self.bounds = bounds; self.program = program; self.widthFromText = widthFromText
    }
    public static func == (a: ShaderPaint, b: ShaderPaint) -> Bool {
        a.bounds == b.bounds && a.widthFromText == b.widthFromText && a.program.identity == b.program.identity
    }
    public func hash(into h: inout Hasher) {
        h.combine(bounds); h.combine(widthFromText); h.combine(program.identity)
    }
}

extension ColorEffectProgram {
    public var mayExceedAlpha: Bool { true }
}

/// Which of SwiftUI's shader modifiers a `ShaderEffect` is.
public enum ShaderEffectKind: String, Hashable, Sendable {
    /// `.colorEffect`: each pixel's premultiplied colour through f(position, color, args…).
    case color
    /// `.distortionEffect`: each pixel takes the content's colour at f(position, args…).
    case distortion
    /// `.layerEffect`: each pixel is f(position, layer, args…), sampling the content anywhere.
    case layer
}

/// A group's shader effect as the renderers call it (HoloClips makes the values over HoloMSL, as
/// for `ColorEffectProgram`). Positions are in points relative to the effect's `rect`'s top-left;
/// `size` is that rect's size (SwiftUI's `.float2(size)` argument). Each renderer calls only the
/// entry points of the program's `kind`.
public protocol ShaderEffectProgram: Sendable {
    var identity: String { get }
    var kind: ShaderEffectKind { get }
    /// Colour effect over `count` pixels at (x0 + i·dx, y0 + i·dy): premultiplied RGBA8 `colors`
    /// in (one UInt32 a pixel, memory order r, g, b, a), the results out.
    func shadeColors(size: Size, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                     colors: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>)
    /// Distortion over `count` pixels: each one's source position (points, relative to the rect).
    func distort(size: Size, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                 into out: UnsafeMutablePointer<SIMD2<Float>>)
    /// Layer effect over `count` pixels. `sample(xs, ys, n, rgba)` gives the content's premultiplied
    /// colour (0…1) at n positions (points, relative to the rect): rgba[c·stride + i] is channel c
    /// of point i, where stride is `layerSampleStride`. Writes premultiplied RGBA8.
    func shadeLayer(size: Size, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                    sample: @escaping (UnsafePointer<Float>, UnsafePointer<Float>, Int, UnsafeMutablePointer<Float>) -> Void,
                    into out: UnsafeMutablePointer<UInt32>)
    /// The channel stride of `shadeLayer`'s sample buffer.
    var layerSampleStride: Int { get }
    /// The slow reference's colour effect: premultiplied rgba (0…1, unclamped) for `color` (0…1).
    func referenceColor(size: Size, x: Double, y: Double, color: [Double]) -> [Double]
    /// The slow reference's distortion: the source position.
    func referenceDistortion(size: Size, x: Double, y: Double) -> (Double, Double)
    /// The slow reference's layer effect, sampling through `sample` (premultiplied rgba, 0…1).
    func referenceLayer(size: Size, x: Double, y: Double, sample: @escaping (Double, Double) -> [Double]) -> [Double]
    /// As ColorEffectProgram.operationsPerPixel.
    var operationsPerPixel: Double { get }
}

extension ShaderEffectProgram {
    public var operationsPerPixel: Double { 0 }
}

/// SwiftUI's `.colorEffect`, `.distortionEffect` or `.layerEffect` on a group: the group's children
/// are drawn into a layer, the effect turns that layer into another, and that is what the group
/// composites (then tilted, blurred, shadowed like any layer).
///
/// The effect draws exactly the pixels whose centres lie in `rect` grown by `maxSampleOffset`
/// (local points; half-open), transparent elsewhere. A distortion's source position is held to
/// within `maxSampleOffset` of the pixel's own on each axis; samples (distortion and
/// `layer.sample`) are bilinear between pixel centres, transparent outside the content's layer.
public struct ShaderEffect: Hashable, Sendable {
    /// The view's bounds, in the group's local points: positions are measured from its corner.
    public var rect: Rect
    /// SwiftUI's `maxSampleOffset` (points, zero for a colour effect).
    public var maxSampleOffset: Size
    public var program: any ShaderEffectProgram
    public init(rect: Rect, maxSampleOffset: Size = Size(0, 0), program: any ShaderEffectProgram) {
        self.rect = rect; self.maxSampleOffset = maxSampleOffset; self.program = program
    }
    /// Where the effect draws (local points).
    public var region: Rect { rect.insetBy(dx: -maxSampleOffset.width, dy: -maxSampleOffset.height) }
    public static func == (a: ShaderEffect, b: ShaderEffect) -> Bool {
        a.rect == b.rect && a.maxSampleOffset == b.maxSampleOffset && a.program.identity == b.program.identity
    }
    public func hash(into h: inout Hasher) {
        h.combine(rect); h.combine(maxSampleOffset); h.combine(program.identity)
    }
}

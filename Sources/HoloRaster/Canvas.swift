// The canvas: premultiplied RGBA8 pixels, row-major, 4 bytes a pixel, no row padding.
//
// A canvas is sized in points and a scale (1x, 2x, 3x), as iOS sizes its screens; everything that
// draws takes point coordinates and `pixelTransform` maps them to pixels. Storage is a Swift array
// (value semantics, copy-on-write); the drawing loops borrow its buffer with unsafe pointers and
// nothing unsafe escapes them.

import HoloGeometry

public struct Canvas: Sendable, Equatable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// Premultiplied RGBA8, `width * height * 4` bytes.
    public var pixels: [UInt8]

    /// A transparent canvas of `width × height` pixels.
    public init(width: Int, height: Int, scale: Double = 1) {
        precondition(width >= 0 && height >= 0, "canvas size must not be negative")
        precondition(scale > 0 && scale.isFinite, "canvas scale must be positive")
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A transparent canvas covering `size` points at `scale` pixels per point (rounded to whole pixels).
    public init(size: Size, scale: Double) {
        self.init(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()),
                  scale: scale)
    }

    /// Wraps existing premultiplied RGBA8 bytes.
    public init(width: Int, height: Int, scale: Double = 1, premultipliedPixels: [UInt8]) {
        precondition(premultipliedPixels.count == width * height * 4, "pixel buffer size does not match")
        self.width = width; self.height = height; self.scale = scale
        self.pixels = premultipliedPixels
    }

    /// `Canvas(1170×2532 @3x)`: short, so a failing test prints its size, not its pixels.
    public var description: String {
        "Canvas(\(width)×\(height) @\(scale == scale.rounded() ? String(Int(scale)) : String(scale))x)"
    }

    /// The canvas size in points.
    public var size: Size { Size(Double(width) / scale, Double(height) / scale) }
    /// Points → pixels.
    public var pixelTransform: AffineTransform { .scale(scale, scale) }
    public var bounds: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the canvas")
            let i = (y * width + x) * 4
            return PremultipliedRGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the canvas")
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// Fills every pixel with `color` (replacing, not compositing).
    public mutating func clear(to color: Color = .clear) {
        let p = color.premultipliedRGBA8
        let word = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            words.initialize(repeating: word)
        }
    }

}

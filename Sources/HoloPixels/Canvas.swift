// The canvas: premultiplied RGBA8 pixels, row-major, one 32-bit word a pixel, no row padding.
//
// A canvas is sized in points and a scale (1x, 2x, 3x), as iOS sizes its screens; everything that
// draws takes point coordinates and `pixelTransform` maps them to pixels.
//
// One pixel representation. The storage is `[UInt32]`, one word per pixel in the layout of
// `PremultipliedRGBA8.word`: r | g << 8 | b << 16 | a << 24. The blending kernels work on whole
// words (two channels per 32-bit multiply, four pixels per SIMD quad), so the word is the storage
// and not a reinterpretation of bytes. Byte readers (libpng, the fast PNG row kernels, the golden
// comparer) borrow the same memory as bytes R, G, B, A through `withBytes` (PixelWords.swift, the
// one place pixel memory is rebound). Tests that want a plain array take `bytes`, a copy. Storage
// is a Swift array (value semantics, copy-on-write); the drawing loops borrow its buffer with
// unsafe pointers and nothing unsafe escapes them.

import HoloGeometry

public struct Canvas: Sendable, Equatable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    /// Premultiplied RGBA8, `width * height` words in the layout of `PremultipliedRGBA8.word`.
    public package(set) var words: [UInt32]
    /// While set, drawing writes only these rows (the compositor's damage band, Compositor.swift);
    /// what lands in them is what a drawing of the whole canvas puts there. Not part of equality.
    package var rowLimit: Range<Int>? = nil

    public static func == (a: Canvas, b: Canvas) -> Bool {
        a.width == b.width && a.height == b.height && a.scale == b.scale && a.words == b.words
    }

    /// A transparent canvas of `width × height` pixels.
    public init(width: Int, height: Int, scale: Double = 1) {
        precondition(width >= 0 && height >= 0, "canvas size must not be negative")
        precondition(scale > 0 && scale.isFinite, "canvas scale must be positive")
        self.width = width
        self.height = height
        self.scale = scale
        self.words = [UInt32](repeating: 0, count: width * height)
    }

    /// Wraps existing premultiplied pixel words (`PremultipliedRGBA8.word` layout), no copy.
    public init(width: Int, height: Int, scale: Double = 1, premultipliedWords: [UInt32]) {
        precondition(premultipliedWords.count == width * height, "pixel buffer size does not match")
        self.width = width; self.height = height; self.scale = scale
        self.words = premultipliedWords
    }

    /// Copies premultiplied RGBA8 bytes (R, G, B, A per pixel) into a canvas.
    public init(width: Int, height: Int, scale: Double = 1, premultipliedBytes: [UInt8]) {
        precondition(premultipliedBytes.count == width * height * 4, "pixel buffer size does not match")
        self.init(width: width, height: height, scale: scale, premultipliedWords: [UInt32](copyingSampleBytes: premultipliedBytes))
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

    /// The same pixels labelled with another scale (goldens are compared at scale 1).
    public func relabelled(scale: Double) -> Canvas {
        Canvas(width: width, height: height, scale: scale, premultipliedWords: words)
    }

    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the canvas")
            return PremultipliedRGBA8(word: words[y * width + x])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the canvas")
            words[y * width + x] = newValue.word
        }
    }

    /// Fills every pixel with `color` (replacing, not compositing).
    public mutating func clear(to color: Color = .clear) {
        let word = color.premultipliedRGBA8.word
        withMutableWords { $0.update(repeating: word) }
    }

    // MARK: Views

    /// Borrows the pixel words (row-major, `width` a row) for the duration of `body`.
    @inlinable
    public func withWords<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try words.withUnsafeBufferPointer(body)
    }

    /// Borrows the pixel words for writing for the duration of `body`.
    public mutating func withMutableWords<R>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try words.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Borrows the pixels as bytes, R, G, B, A per pixel (`width * height * 4`), for C kernels,
    /// libpng and byte-wise readers (PixelWords.swift).
    @inlinable
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try words.withSampleBytes(count: words.count * 4, body)
    }

    /// Borrows the pixels as bytes for writing (see `withBytes`).
    public mutating func withMutableBytes<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let count = words.count * 4
        return try words.withMutableSampleBytes(count: count, body)
    }

    /// A copy of the pixels as bytes, R, G, B, A per pixel: for tests and callers that want an array.
    public var bytes: [UInt8] { words.sampleBytes(count: words.count * 4) }
}

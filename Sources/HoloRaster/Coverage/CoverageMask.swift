// An 8-bit coverage mask over a pixel-aligned rectangle of a canvas.
//
// Shapes, glyph runs and clips all reduce to one of these: 0 = outside, 255 = fully covered,
// values between = the exact fraction of the pixel's area inside the outline. Painting is then one
// loop for every kind of geometry: colour = paint(x, y) · coverage · clip · opacity.

public struct CoverageMask: Sendable, Equatable {
    /// Top-left pixel of the mask in canvas pixels.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// Row-major, `width * height` bytes.
    public var coverage: [UInt8]

    public init(x: Int, y: Int, width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height, "mask size does not match")
        self.x = x; self.y = y; self.width = width; self.height = height; self.coverage = coverage
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: x, y: y, width: max(0, width), height: max(0, height),
                  coverage: [UInt8](repeating: 0, count: max(0, width) * max(0, height)))
    }

    public static let empty = CoverageMask(x: 0, y: 0, width: 0, height: 0)
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Coverage at canvas pixel (px, py); 0 outside the mask.
    public subscript(px: Int, py: Int) -> UInt8 {
        let lx = px - x, ly = py - y
        guard lx >= 0, ly >= 0, lx < width, ly < height else { return 0 }
        return coverage[ly * width + lx]
    }
}

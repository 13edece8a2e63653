// Colours as straight (not premultiplied) sRGB components in 0…1.
//
// The API speaks straight alpha because designers do ("gold at 30% opacity"); the canvas stores
// premultiplied RGBA8 because compositing is simpler and exact there. The conversion is in
// HoloRaster's PixelMath.

@frozen
public struct Color: Hashable, Sendable, Codable {
    public var red, green, blue, alpha: Double
    @inlinable public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// 0xRRGGBB, as design documents write colours.
    @inlinable public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }
    @inlinable public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }
    @inlinable public func opacity(_ o: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * o)
    }
    /// Component-wise interpolation in straight sRGB (what SwiftUI's Color mix does by default).
    @inlinable public func mixed(with other: Color, _ t: Double) -> Color {
        Color(red: mix(red, other.red, t), green: mix(green, other.green, t),
              blue: mix(blue, other.blue, t), alpha: mix(alpha, other.alpha, t))
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    /// HSB → RGB, as SwiftUI's `Color(hue:saturation:brightness:)`; hue in 0…1, wraps.
    public init(hue: Double, saturation s: Double, brightness v: Double, alpha: Double = 1) {
        var h = hue - hue.rounded(.down)
        h *= 6
        let i = Int(h) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
}

/// Light or dark appearance: the simulation reads it from the clip's environment, the scene and
/// materials draw with it.
public enum ColorScheme: String, Hashable, Sendable, Codable, CaseIterable { case light, dark }

// Premultiplied 8-bit pixel arithmetic.
//
// Every formula here is integer-only so results are bit-identical across builds, machines and
// thread counts. The exhaustive tests in HoloRasterTests hold each one against its definition in Double
// over all 256×256 input pairs.

/// Rounded division by 255 for x in 0…65025:  ⌊x/255 + ½⌋ = (t + (t >> 8)) >> 8 with t = x + 128.
@inlinable @inline(__always)
public func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Premultiply one straight channel by alpha:  c·a/255, rounded.
@inlinable @inline(__always)
public func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: div255(UInt32(c) &* UInt32(a)))
}

/// Undo premultiplication:  c·255/a, rounded and clamped to 255; 0 when a = 0.
@inlinable @inline(__always)
public func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
    guard a != 0 else { return 0 }
    let v = (UInt32(c) &* 255 &+ UInt32(a) / 2) / UInt32(a)
    return UInt8(truncatingIfNeeded: Swift.min(v, 255))
}

/// One premultiplied RGBA8 pixel.
@frozen
public struct PremultipliedRGBA8: Hashable, Sendable {
    public var r, g, b, a: UInt8
    @inlinable public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// The pixel as the canvas stores it: r | g << 8 | b << 16 | a << 24 (Canvas.swift).
    @inlinable public var word: UInt32 {
        @inline(__always) get { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }
    }

    /// The pixel of a canvas word.
    @inlinable @inline(__always)
    public init(word w: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: w), g: UInt8(truncatingIfNeeded: w >> 8),
                  b: UInt8(truncatingIfNeeded: w >> 16), a: UInt8(truncatingIfNeeded: w >> 24))
    }
}

import HoloGeometry

extension Color {
    /// The colour as premultiplied RGBA8: each straight channel rounded to 8 bits, then premultiplied.
    @inlinable public var premultipliedRGBA8: PremultipliedRGBA8 {
        @inline(__always) func q(_ v: Double) -> UInt8 { UInt8(clamp(v, 0, 1) * 255 + 0.5) }
        let a = q(alpha)
        return PremultipliedRGBA8(r: premultiply(q(red), a), g: premultiply(q(green), a),
                                  b: premultiply(q(blue), a), a: a)
    }
}

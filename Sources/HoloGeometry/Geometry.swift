// Points, sizes, rects and affine transforms in points (Double).
//
// Holoframe keeps its own small geometry vocabulary rather than CoreGraphics's: CGFloat types are not
// the same on every platform Foundation runs on, and every layer (simulation, scene, raster) needs
// these values to be plain, Sendable and Hashable.

@frozen
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
}

@frozen
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

@frozen
public struct Rect: Hashable, Sendable, Codable {
    public var origin: Point
    public var size: Size
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var center: Point { Point(midX, midY) }
    @inlinable public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    /// The overlap of two rects, or an empty rect at the origin when they do not overlap.
    @inlinable public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    @inlinable public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
}

/// An affine map  x' = a·x + c·y + tx,  y' = b·x + d·y + ty  (CoreGraphics's layout).
@frozen
public struct AffineTransform: Hashable, Sendable, Codable {
    public var a, b, c, d, tx, ty: Double
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }
    @inlinable public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `radians`; positive turns +x toward +y (clockwise on a y-down screen, as in UIKit).
    @inlinable public static func rotation(_ radians: Double) -> AffineTransform {
        let s = radians.sin, co = radians.cos
        return AffineTransform(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// `self` applied first, then `next`.
    @inlinable public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }
    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    @inlinable public var determinant: Double { a * d - b * c }
    @inlinable public var isInvertible: Bool { determinant != 0 && determinant.isFinite }
    @inlinable public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id,
                               tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
    /// True when the map keeps axis-aligned rects axis-aligned (no rotation or skew).
    @inlinable public var isAxisAligned: Bool { b == 0 && c == 0 }
    /// The axis-aligned bounds of a rect after the transform.
    @inlinable public func bounds(of r: Rect) -> Rect {
        let p = [apply(Point(r.minX, r.minY)), apply(Point(r.maxX, r.minY)),
                 apply(Point(r.minX, r.maxY)), apply(Point(r.maxX, r.maxY))]
        let xs = p.map(\.x), ys = p.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
}

extension Double {
    @usableFromInline var sin: Double { _sin(self) }
    @usableFromInline var cos: Double { _cos(self) }
}

#if canImport(Glibc)
import Glibc
@usableFromInline func _sin(_ x: Double) -> Double { Glibc.sin(x) }
@usableFromInline func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#else
import Foundation
@usableFromInline func _sin(_ x: Double) -> Double { Foundation.sin(x) }
@usableFromInline func _cos(_ x: Double) -> Double { Foundation.cos(x) }
#endif

/// Linear interpolation a + (b − a)·t.
@inlinable public func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
@inlinable public func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(x, lo), hi) }

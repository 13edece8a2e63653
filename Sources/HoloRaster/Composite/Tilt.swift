// 3D tilt of an offscreen layer: SwiftUI's rotation3DEffect, resampled on the CPU.
//
// A layer pixel at v = p − anchor (pixels, z = 0) is rotated about x by θx, then about y by θy,
// and projected with a perspective divide:
//   (X, Y, Z) = R_y(θy) · R_x(θx) · (vx, vy, 0)
//             = (cos θy·vx + sin θy·sin θx·vy,  cos θx·vy,  −sin θy·vx + cos θy·sin θx·vy)
//   W = 1 − k·Z,  k = perspective / max(layer width, height)   (Core Animation's m34 = −k; that
//       SwiftUI divides its `perspective` by the larger side is an approximation, a choice)
//   p' = anchor + (X, Y) / W
// Positive θx moves the top edge away (Z < 0 ⇒ W > 1 ⇒ smaller); positive θy moves the right edge
// away. The map is a homography H on (vx, vy, 1); every output pixel centre is taken back through
// H⁻¹ and sampled bilinearly (premultiplied, transparent outside the layer). Points whose preimage
// would lie behind the eye (W ≤ 0) stay transparent.
//
// The result has the layer's size: content projected outside the layer's bounds is cut off, so a
// caller that tilts should render the layer with a margin. A tilt of 0° returns the input as is.

import CPixelKernels
import HoloGeometry
import HoloPixels
import HoloScene

#if canImport(Glibc)
import Glibc
#endif

/// The projective map of a tilt in layer pixels.
@frozen
public struct TiltProjection: Sendable {
    /// Row-major 3×3: (X, Y, W) = H · (vx, vy, 1), v relative to the anchor.
    public var h: [Double]
    public var inverse: [Double]?
    /// The anchor in layer pixels.
    public var anchor: Point

    public init(_ tilt: Tilt, layerWidth: Int, layerHeight: Int, scale: Double) {
        let ax = tilt.degreesX * .pi / 180, ay = tilt.degreesY * .pi / 180
        let sx = sin(ax), cx = cos(ax), sy = sin(ay), cy = cos(ay)
        let k = tilt.perspective / Double(max(layerWidth, layerHeight, 1))
        h = [cy, sy * sx, 0,
             0, cx, 0,
             k * sy, -k * cy * sx, 1]
        anchor = tilt.anchor * scale
        inverse = Self.invert(h)
    }

    /// Where layer pixel position p lands (nil when behind the eye).
    public func apply(_ p: Point) -> Point? {
        let vx = p.x - anchor.x, vy = p.y - anchor.y
        let w = h[6] * vx + h[7] * vy + h[8]
        guard w > 1e-9 else { return nil }
        return Point(anchor.x + (h[0] * vx + h[1] * vy) / w, anchor.y + (h[3] * vx + h[4] * vy) / w)
    }

    /// W = 1 − k·Z for layer pixel position p (> 0 in front of the eye).
    public func homogeneousW(_ p: Point) -> Double {
        h[6] * (p.x - anchor.x) + h[7] * (p.y - anchor.y) + h[8]
    }

    /// 3×3 inverse by the adjugate; nil when singular (e.g. exactly edge-on).
    static func invert(_ m: [Double]) -> [Double]? {
        let c00 = m[4] * m[8] - m[5] * m[7], c01 = m[5] * m[6] - m[3] * m[8], c02 = m[3] * m[7] - m[4] * m[6]
        let det = m[0] * c00 + m[1] * c01 + m[2] * c02
        guard abs(det) > 1e-12 else { return nil }
        let i = 1 / det
        return [c00 * i, (m[2] * m[7] - m[1] * m[8]) * i, (m[1] * m[5] - m[2] * m[4]) * i,
                c01 * i, (m[0] * m[8] - m[2] * m[6]) * i, (m[2] * m[3] - m[0] * m[5]) * i,
                c02 * i, (m[1] * m[6] - m[0] * m[7]) * i, (m[0] * m[4] - m[1] * m[3]) * i]
    }
}

/// `layer` as rotation3DEffect would show it (same size; see the file header).
///
/// Per output pixel: back through H⁻¹, then a bilinear sample with weights in 1/256 and one
/// rounding (held to `Reference.tilted`, which solves each pixel by Cramer's rule instead, by
/// ReferenceKernelTests). Two savings that cannot change a byte:
///   • only the output pixels inside the projection of the layer's nonzero bounding box (grown by
///     2 px; the bilinear footprint reaches 1.5 px) are computed: elsewhere every tap is a zero
///     pixel or off the layer, so the pixel is 0 anyway. When a corner of that box is
///     behind the eye, the whole layer is computed.
///   • the four channels are interpolated two at a time in 32-bit lanes (Σ w·c + 2¹⁵ < 2²⁴).
/// Rows are computed by `hf_tilt_row` (CPixelKernels/tilt.c: four divisions at a time, the AVX2
/// build where the CPU has it), held byte for byte to `tiltRow`, the same loop in Swift.
public func tilted(_ layer: Canvas, tilt: Tilt) -> Canvas { inkedTilted(layer, tilt: tilt).canvas }

/// `tilted(_:tilt:)` and the words of each row it may have written (the output window's columns
/// on its rows, nothing elsewhere; nil when the layer is returned as it is), for a composite that
/// reads only those.
func inkedTilted(_ layer: Canvas, tilt: Tilt) -> (canvas: Canvas, ink: InkRows?) {
    if tilt.degreesX == 0 && tilt.degreesY == 0 { return (layer, nil) }
    var out = Canvas(width: layer.width, height: layer.height, scale: layer.scale)
    let none = InkRows(spans: [Range<Int>](repeating: 0..<0, count: layer.height))
    let projection = TiltProjection(tilt, layerWidth: layer.width, layerHeight: layer.height, scale: layer.scale)
    guard let m = projection.inverse else { return (out, none) }
    let w = layer.width, hgt = layer.height
    guard let box = nonzeroBounds(layer) else { return (out, none) }
    let ax = projection.anchor.x, ay = projection.anchor.y
    // Output window: the projected corners of the grown box, or everything.
    var ox0 = 0, oy0 = 0, ox1 = w, oy1 = hgt
    let corners = [Point(Double(box.x0 - 2), Double(box.y0 - 2)), Point(Double(box.x1 + 2), Double(box.y0 - 2)),
                   Point(Double(box.x0 - 2), Double(box.y1 + 2)), Point(Double(box.x1 + 2), Double(box.y1 + 2))]
    let projected = corners.compactMap { projection.apply($0) }
    if projected.count == 4 && corners.allSatisfy({ projection.homogeneousW($0) > 1e-3 }) {
        let xs = projected.map(\.x), ys = projected.map(\.y)
        ox0 = max(0, Int(xs.min()!.rounded(.down)) - 2); ox1 = min(w, Int(xs.max()!.rounded(.up)) + 2)
        oy0 = max(0, Int(ys.min()!.rounded(.down)) - 2); oy1 = min(hgt, Int(ys.max()!.rounded(.up)) + 2)
        if ox1 <= ox0 || oy1 <= oy0 { return (out, none) }
    }
    // H⁻¹ and the anchor, as hf_tilt_row (CPixelKernels/tilt.c) reads them.
    let matrix = m + [ax, ay]
    layer.withWords { srcWords in
        out.withMutableWords { dstWords in
            matrix.withUnsafeBufferPointer { mp in
                for y in oy0..<oy1 {
                    if stopDue(row: y - oy0) { return }
                    hf_tilt_row(srcWords.baseAddress!, w, hgt, dstWords.baseAddress! + y * w, mp.baseAddress!, Double(y), ox0, ox1)
                }
            }
        }
    }
    return (out, InkRows(spans: (0..<hgt).map { oy0 <= $0 && $0 < oy1 ? ox0..<ox1 : 0..<0 }))
}

/// Row y of the tilt in Swift, pixel by pixel: what hf_tilt_row computes (the C kernel's
/// description, which TiltKernelTests holds it to byte for byte). `m`: H⁻¹ row-major, then the anchor.
func tiltRow(_ src: UnsafePointer<UInt32>, _ w: Int, _ hgt: Int, into dst: UnsafeMutablePointer<UInt32>, _ m: [Double],
             y: Int, columns: Range<Int>) {
    let ax = m[9], ay = m[10]
    let uy = Double(y) + 0.5 - ay
    let qy = m[7] * uy, xy = m[1] * uy, yy = m[4] * uy
    for x in columns {
        let ux = Double(x) + 0.5 - ax
        // Back through H⁻¹.
        let q = m[6] * ux + qy + m[8]
        guard q > 1e-9 else { continue }
        let sx = (m[0] * ux + xy + m[2]) / q + ax - 0.5
        let sy = (m[3] * ux + yy + m[5]) / q + ay - 0.5
        dst[x] = bilinearWord(src, w, hgt, sx, sy)
    }
}

/// The bounding box (x0…x1, y0…y1 inclusive) of the nonzero pixels; nil when all are zero. Each
/// row is scanned 8 bytes at a time from both ends (`nonzeroByteSpan`).
func nonzeroBounds(_ layer: Canvas) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    let w = layer.width, h = layer.height
    var x0 = w, y0 = h, x1 = -1, y1 = -1
    layer.withWords { p in
        for y in 0..<h {
            let row = UnsafeRawPointer(p.baseAddress! + y * w).assumingMemoryBound(to: UInt8.self)
            guard let (first, last) = nonzeroByteSpan(row, count: w * 4) else { continue }
            if y0 == h { y0 = y }
            y1 = y
            x0 = min(x0, first / 4); x1 = max(x1, last / 4)
        }
    }
    return y1 < 0 ? nil : (x0, y0, x1, y1)
}

/// Bilinear sample (Bilinear.swift) of a premultiplied word at (x, y), transparent outside: per
/// channel (Σ w·c + 2¹⁵) >> 16 with the tap's four weights, channels 0/2 and 1/3 in 32-bit lanes
/// of a UInt64 (each lane at most 2¹⁵ + 2¹⁶·255 < 2³²).
@inline(__always)
func bilinearWord(_ src: UnsafePointer<UInt32>, _ w: Int, _ h: Int, _ x: Double, _ y: Double) -> UInt32 {
    guard x > -1, y > -1, x < Double(w), y < Double(h) else { return 0 }
    let tap = BilinearTap(x, y)
    let ix = tap.ix, iy = tap.iy, wx = tap.wx, wy = tap.wy
    let inX0 = ix >= 0, inX1 = ix + 1 < w, inY0 = iy >= 0, inY1 = iy + 1 < h
    let w00 = (inX0 && inY0) ? (256 - wx) * (256 - wy) : 0
    let w10 = (inX1 && inY0) ? wx * (256 - wy) : 0
    let w01 = (inX0 && inY1) ? (256 - wx) * wy : 0
    let w11 = (inX1 && inY1) ? wx * wy : 0
    let i00 = iy * w + ix
    var even: UInt64 = (1 << 15) | (1 << 47), odd = even
    @inline(__always) func add(_ weight: Int, _ p: UInt32) {
        let v = UInt64(p), k = UInt64(weight)
        even &+= k &* ((v & 0xFF) | ((v & 0xFF_0000) << 16))
        odd &+= k &* (((v >> 8) & 0xFF) | ((v & 0xFF00_0000) << 8))
    }
    if w00 != 0 { add(w00, src[i00]) }
    if w10 != 0 { add(w10, src[i00 + 1]) }
    if w01 != 0 { add(w01, src[i00 + w]) }
    if w11 != 0 { add(w11, src[i00 + w + 1]) }
    let c0 = (even >> 16) & 0xFF, c2 = (even >> 48) & 0xFF
    let c1 = (odd >> 16) & 0xFF, c3 = (odd >> 48) & 0xFF
    return UInt32(truncatingIfNeeded: c0 | c1 << 8 | c2 << 16 | c3 << 24)
}

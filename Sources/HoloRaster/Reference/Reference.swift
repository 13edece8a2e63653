// The reference renderer: the slow, obviously-right path the fast renderer is held to
// (Blend2D's idea: a reference beside every fast path, and tests that compare the two).
//
// The one place for HoloRaster's references (every module keeps its own in a `Reference`
// namespace under Reference/): plain scalar Swift, pixel by pixel, with no caches, sharing no raster
// code with the fast kernels it checks: a reference never calls the fast kernel it checks, nor a
// helper that kernel uses. What it does reuse is geometry and definitions: the flattened outlines
// of shapes and strokes (ShapePath.swift), text layout (pen positions, FontLibrary), layer sizes
// (SceneRenderer.layerArea: the tilt's perspective depends on them), FreeType's glyph bitmaps
// rendered afresh for every glyph (never from the glyph cache), the material recipe's colour
// function in Double (`MaterialRecipe.apply`) and each shader program's reference colour
// (`ColorEffectProgram.referenceColor`: for the built-in ports, HoloShaders' scalar Double
// functions, not the SIMD spans). `holoframe render --reference` and `golden verify
// --reference` render through it at run time (ReferenceRenderer).
//
// Besides the whole renderer, single fast kernels have their reference here, each held to it by
// one test: blend spans (`span`), layer composite, group opacity (`mixBack`), the material's
// tint loop (`materialTint`), the fixed-point blur passes and resampling (ReferenceBlurPasses.swift),
// coverage, paints, images, glyph masks, tilt and shadows.
//
// Which kernels are exact, and which bounded (fast against reference):
//   exact, byte for byte (same integer formulas, computed independently)
//     source-over  D' = s' + D·(255 − s'a)/255, s' = S·c/255, every division by 255 rounded;
//                  coverage × opacity, then × clip, in that order, each rounded
//     group opacity (out = (self·w + backdrop·(255 − w))/255, here over the whole canvas)
//     layer composite, image sampling (bilinear weights in 1/256), glyph masks (saturating add),
//     clip intersection
//   exact in the reals, equal bytes but for float rounding at a half step (≤ 1 level, rare)
//     shape coverage: the area of the outline inside each pixel, here by Green's theorem on the
//     outline clipped to the pixel's row band (the fast path accumulates cells); gradients: the
//     colour of t rounded to 1/1023 (the definition), here from t computed afresh per pixel;
//     tilt: here each pixel centre solved back through the perspective map (Cramer's rule)
//   bounded (the fast path approximates on purpose)
//     blur: here an exact Gaussian, Double weights to ⌈3σ⌉, normalized, full resolution, one
//       rounding; the fast path uses fixed-point taps (σ ≤ 2 px, ≤ 1 level) or three box blurs at
//       ½ or ¼ resolution (`blurErrorBound` on hard content, far less on smooth)
//     materials: the exact blur and the recipe in Double (fast: Float, from the rounded blur)
//     shadows: the exact blur of the layer's alpha, tinted with one rounding
//     shader paints: the scalar Double shader (fast: SIMD8 Float lanes, within 1/255)
// The scene-level bound (mean |Δ| ≤ 0.5 level and 99.9 % of channel values within 8 levels per
// frame) is `ReferenceDifference`.
//
// It can render a region of a frame alone (`render(_:scale:region:)`): only what that region
// needs is computed, so a 3x crop through a 67-px Gaussian costs a fraction of a second.

import HoloGeometry
import HoloPixels
import HoloScene

/// The reference's own pixel arithmetic, in the plainest form.
enum Reference {
    /// x/255 rounded to nearest, for 0 ≤ x ≤ 255·255. (255 is odd, so x/255 never ends in
    /// exactly ½: adding 127 and truncating is rounding.)
    @inline(__always)
    static func div255(_ x: Int) -> Int { (x + 127) / 255 }

    /// A colour as premultiplied RGBA8: each straight channel rounded to 8 bits, then premultiplied.
    static func premultiplied(_ c: Color) -> (Int, Int, Int, Int) {
        func q(_ v: Double) -> Int { Int(Swift.min(Swift.max(v, 0), 1) * 255 + 0.5) }
        let a = q(c.alpha)
        return (div255(q(c.red) * a), div255(q(c.green) * a), div255(q(c.blue) * a), a)
    }

    /// 0…1 → 0…255, rounded (NaN and ±∞ count as 0).
    static func byte(_ o: Double) -> Int {
        guard o.isFinite else { return 0 }
        return Int(Swift.min(1, Swift.max(0, o)) * 255 + 0.5)
    }
}

/// A rectangle of whole pixels, x0…x1 and y0…y1 exclusive.
struct RefBox: Equatable, CustomStringConvertible {
    var x0, y0, x1, y1: Int
    init(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    static let empty = RefBox(0, 0, 0, 0)
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { Swift.max(0, x1 - x0) }
    var height: Int { Swift.max(0, y1 - y0) }
    func intersection(_ o: RefBox) -> RefBox {
        let b = RefBox(Swift.max(x0, o.x0), Swift.max(y0, o.y0), Swift.min(x1, o.x1), Swift.min(y1, o.y1))
        return b.isEmpty ? .empty : b
    }
    func union(_ o: RefBox) -> RefBox {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return RefBox(Swift.min(x0, o.x0), Swift.min(y0, o.y0), Swift.max(x1, o.x1), Swift.max(y1, o.y1))
    }
    func grown(_ m: Int) -> RefBox { isEmpty ? self : RefBox(x0 - m, y0 - m, x1 + m, y1 + m) }
    func shifted(_ dx: Int, _ dy: Int) -> RefBox { isEmpty ? self : RefBox(x0 + dx, y0 + dy, x1 + dx, y1 + dy) }
    /// Every pixel a rect touches (outward rounding); empty for non-finite or empty rects.
    init(covering r: Rect) {
        guard r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0 else { self = .empty; return }
        func f(_ v: Double) -> Int { Int(Swift.max(-1e9, Swift.min(1e9, v.rounded(.down)))) }
        func c(_ v: Double) -> Int { Int(Swift.max(-1e9, Swift.min(1e9, v.rounded(.up)))) }
        self.init(f(r.minX), f(r.minY), c(r.maxX), c(r.maxY))
    }
    var description: String { "[\(x0)..<\(x1) × \(y0)..<\(y1)]" }
}

/// What the reference draws into: the pixels of `window` out of a target `full` pixels in size
/// (the device canvas, or an offscreen layer). Coordinates are the target's; pixels outside the
/// window are not stored. Premultiplied RGBA8, one Int per channel would waste memory, so bytes.
struct RefSurface {
    let full: RefBox
    let window: RefBox
    /// Premultiplied RGBA8, 4 bytes a pixel: the reference works channel by channel.
    var bytes: [UInt8]
    let scale: Double

    init(full: RefBox, window: RefBox, scale: Double) {
        self.full = full; self.window = window; self.scale = scale
        bytes = [UInt8](repeating: 0, count: window.width * window.height * 4)
    }

    @inline(__always) func index(_ x: Int, _ y: Int) -> Int { ((y - window.y0) * window.width + (x - window.x0)) * 4 }

    /// The window as a canvas of its size.
    func canvas() -> Canvas {
        Canvas(width: window.width, height: window.height, scale: scale, premultipliedBytes: bytes)
    }
}

/// A coverage or clip mask over its own rect of whole pixels (0 outside it): one byte a pixel.
struct RefMask {
    let window: RefBox
    var bytes: [UInt8]
    init(window: RefBox) { self.window = window; bytes = [UInt8](repeating: 0, count: window.width * window.height) }
    /// The value at (x, y); 0 outside the rect.
    @inline(__always) func at(_ x: Int, _ y: Int) -> Int {
        guard x >= window.x0, x < window.x1, y >= window.y0, y < window.y1 else { return 0 }
        return Int(bytes[(y - window.y0) * window.width + (x - window.x0)])
    }
    @inline(__always) mutating func set(_ x: Int, _ y: Int, _ v: Int) {
        bytes[(y - window.y0) * window.width + (x - window.x0)] = UInt8(v)
    }
    /// Pixel-wise product, rounded (a clip inside a clip), over the overlap of the two rects.
    func intersected(with other: RefMask) -> RefMask {
        var out = RefMask(window: window.intersection(other.window))
        for y in out.window.y0..<out.window.y1 {
            if referenceStopDue() { break }
            for x in out.window.x0..<out.window.x1 { out.set(x, y, Reference.div255(at(x, y) * other.at(x, y))) }
        }
        return out
    }
    /// True when no pixel has coverage.
    var isBlank: Bool { !bytes.contains { $0 != 0 } }
}

extension RefSurface {
    /// A whole canvas as a surface (tests hold single kernels to the reference this way).
    init(_ canvas: Canvas) {
        let box = RefBox(0, 0, canvas.width, canvas.height)
        self.init(full: box, window: box, scale: canvas.scale)
        bytes = canvas.bytes
    }
}

extension RefMask {
    init(_ mask: CoverageMask) {
        self.init(window: RefBox(mask.x, mask.y, mask.x + mask.width, mask.y + mask.height))
        bytes = mask.coverage
    }
    /// As a CoverageMask over the same rect.
    var coverageMask: CoverageMask {
        CoverageMask(x: window.x0, y: window.y0, width: window.width, height: window.height, coverage: bytes)
    }
}

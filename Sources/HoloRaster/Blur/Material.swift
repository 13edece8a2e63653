// Frosted-glass materials (SwiftUI's .ultraThinMaterial … .thickMaterial).
//
// A material is computed from what is already drawn behind it:
//   1. blur the backdrop under the shape with σ = recipe.blur points × scale (clamped edges: the
//      backdrop continues under the screen edge; reduced resolution for these large σ, Blur.swift);
//   2. saturation around Rec. 709 luma:   c ← L + s·(c − L),  L = 0.2126 R + 0.7152 G + 0.0722 B,
//      clamped to 0…1;
//   3. luminance curve (approx.: Apple's exact use is not public): the four curve values are grey
//      levels at luminance 0, ⅓, ⅔, 1; g = piecewise-linear curve(L(c)), and c ← c + m·(g − c)
//      with m = the recipe's luminance mix: the grey is a tint of opacity m over the saturated blur;
//   4. brightness, after the tint:        c ← c + b, then clamped to 0…1;
//   5. write back through the shape's coverage:  dst ← dst + (material − dst)·coverage.
// Why brightness comes last (a fit, docs/designs.md, Materials: "Calibration"): applied before the
// curve, as the table is usually read, a light bar over white is 1 → curve .68 → mixed 0.5 → 0.84
// (#D6D6D6), mid-grey where phones show near-white; the +0.12 lands on a channel already clamped at
// 1 and is lost. Added after the tint, white reads 0.84 + 0.12 = 0.96 (ultraThin), 0.958 (thin),
// 0.961 (regular, thick), inside the anchor's 0.92–0.97, and colour keeps its hue: system red under
// a light ultraThin bar is (0.90, 0.51, 0.49), a soft pink. Dark materials have brightness 0:
// unchanged. Anchor 3: over a light backdrop a light bar reads at least as light as the backdrop;
// the table's light ultraThin and thin curves could not (see `fittedLightTwoThirds`). Steps 2–4 run
// in Float on straight colour, rounded once to 8 bits. `MaterialRecipe.apply` is the same formula
// in Double: the reference renderer's (`Reference.material`, with the exact blur), which
// ReferenceKernelTests holds the whole material to within the blur bound; the Float tint loop
// itself is held byte for byte to `Reference.materialTint` (FastPathTests). A backdrop that is not
// opaque is first composited over the scheme's base (white in light mode, black in dark) so the
// material itself is always opaque, like the system bars it imitates.

import HoloGeometry
import HoloPixels
import HoloScene

@frozen
public struct MaterialRecipe: Hashable, Sendable {
    /// Gaussian σ in points.
    public var blur: Double
    public var saturation: Double
    public var brightness: Double
    public var luminanceMix: Double
    /// Grey levels at luminance 0, ⅓, ⅔, 1.
    public var curve: [Double]

    public init(blur: Double, saturation: Double, brightness: Double, luminanceMix: Double, curve: [Double]) {
        precondition(curve.count == 4, "the luminance curve has four points")
        self.blur = blur; self.saturation = saturation; self.brightness = brightness
        self.luminanceMix = luminanceMix; self.curve = curve
    }

    /// The light ultraThin and thin curves' point at luminance ⅔: 0.95, fitted, where the table
    /// (docs/designs.md, Materials) has 0.65 and 0.76. With the table's values the curve rises
    /// toward white, so a light bar darkens every light backdrop: over #F2F2F7 (luma 0.950)
    /// ultraThin read #EEEEF0 (0.933) and thin 0.942, where iOS's light materials read lighter than
    /// what is under them. A bar can only darken white slightly (0.96, anchor 1) and still lighten
    /// a 0.95 grey if its response flattens near the top; a curve peaking at ⅔ does that (thin's
    /// and regular's table curves already peak in the middle). With 0.95, ultraThin over #F2F2F7
    /// reads 0.955 and thin 0.958; white stays 0.96 (the curve's end point is unchanged) and system
    /// red still turns pink (MaterialCalibrationTests, anchors 1–3).
    public static let fittedLightTwoThirds = 0.95

    /// The table of docs/designs.md, Materials, with the fitted light curve points above.
    public init(_ kind: MaterialKind, _ scheme: ColorScheme) {
        let light = scheme == .light
        switch kind {
        case .ultraThin:
            self.init(blur: 22.5, saturation: 1.1, brightness: light ? 0.12 : 0, luminanceMix: 0.5,
                      curve: light ? [0.45, 0.55, Self.fittedLightTwoThirds, 0.68] : [0.24, 0.24, 0.30, 0.39])
        case .thin:
            self.init(blur: 30, saturation: 1.35, brightness: light ? 0.12 : 0, luminanceMix: 0.6,
                      curve: light ? [0.725, 0.825, Self.fittedLightTwoThirds, 0.73] : [0.20, 0.21, 0.10, 0.15])
        case .regular:
            self.init(blur: 30, saturation: 1.5, brightness: light ? 0.10 : 0, luminanceMix: 0.75,
                      curve: light ? [0.90, 0.83, 0.925, 0.815] : [0.16, 0.26, 0.10, 0.10])
        case .thick:
            self.init(blur: 45, saturation: 1.5, brightness: light ? 0.045 : 0, luminanceMix: 0.88,
                      curve: light ? [0.99, 0.95, 0.98, 0.905] : [0.14, 0.16, 0.10, 0.03])
        }
    }

    /// The grey level for luminance L (piecewise-linear through the four points).
    public func grey(atLuminance l: Double) -> Double {
        let t = clamp(l, 0, 1) * 3
        let i = min(Int(t), 2)
        return mix(curve[i], curve[i + 1], t - Double(i))
    }

    /// Steps 2–4 on a straight, already blurred colour (components 0…1), in Double.
    public func apply(red: Double, green: Double, blue: Double) -> (red: Double, green: Double, blue: Double) {
        let l = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        let s = [red, green, blue].map { clamp(l + saturation * ($0 - l), 0, 1) }
        let g = grey(atLuminance: 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2])
        let o = s.map { clamp(mix($0, g, luminanceMix) + brightness, 0, 1) }
        return (o[0], o[1], o[2])
    }
}

extension Canvas {
    /// Frosted glass over `mask`: what is drawn behind it is blurred and tinted by the recipe of
    /// `kind` in `scheme`, then written back through the mask's coverage.
    public mutating func applyMaterial(_ kind: MaterialKind, scheme: ColorScheme, in mask: CoverageMask) {
        applyMaterial(MaterialRecipe(kind, scheme), scheme: scheme, in: mask)
    }

    public mutating func applyMaterial(_ recipe: MaterialRecipe, scheme: ColorScheme, in mask: CoverageMask) {
        guard let (roi, reads) = materialRegions(recipe, mask: mask) else { return }
        applyMaterial(recipe, scheme: scheme, in: mask, region: roi, reads: reads, from: materialInput(recipe, reads: reads))
    }

    /// The rect a material over `mask` writes (`roi`: the mask's, inside the canvas) and the rect
    /// it reads (`reads`: roi grown by the blur's margin, inside the canvas); nil when it writes nothing.
    func materialRegions(_ recipe: MaterialRecipe, mask: CoverageMask) -> (roi: BlurRegion, reads: BlurRegion)? {
        let roi = BlurRegion(x: mask.x, y: mask.y, width: mask.width, height: mask.height).clipped(width: width, height: height)
        guard !roi.isEmpty else { return nil }
        let m = blurMargin(sigma: recipe.blur * scale)
        let reads = BlurRegion(x: roi.x - m, y: roi.y - m, width: roi.width + 2 * m, height: roi.height + 2 * m)
            .clipped(width: width, height: height)
        return (roi, reads)
    }

    /// What a material's blur starts from, read from the canvas pixels in `reads`
    /// (`materialRegions`): at reduced resolution (every material above a scale of 0.09: σ over
    /// 2 px) the backdrop downsampled onto the blur's coarse grid, read in place; at full
    /// resolution a copy of the backdrop. The blurred picture over roi is a function of this plane
    /// alone (with the recipe, the scale and the regions).
    func materialInput(_ recipe: MaterialRecipe, reads: BlurRegion) -> BlurPlane {
        let sigma = recipe.blur * scale
        let f = blurDownsampleFactor(sigma: sigma)
        guard f > 1 else { return BlurPlane(width: reads.width, height: reads.height, channels: 4, words: copyWords(reads)) }
        let pad = coarsePad(sigma: sigma, factor: f, edge: .clamp)
        let canvasWidth = width
        return withWords { words in
            UnsafeRawPointer(words.baseAddress! + reads.y * canvasWidth + reads.x).withMemoryRebound(to: UInt8.self, capacity: 4) {
                downsampled(rows: $0, width: reads.width, height: reads.height, rowBytes: canvasWidth * 4, channels: 4,
                            by: f, pad: pad, edge: .clamp)
            }
        }
    }

    /// Steps 1–5 over `roi` from `input` (`materialInput` of this canvas's `reads`). At reduced
    /// resolution the coarse plane is blurred and its rows upsampled one at a time into one row's
    /// buffer and tinted from it while it is in cache, instead of upsampling all of roi into a
    /// plane first: the same kernels on the same integers, so the same bytes as `gaussianBlurred`
    /// then `applyTint` (FastPathTests holds the two to the reference's tint of `gaussianBlurred`).
    mutating func applyMaterial(_ recipe: MaterialRecipe, scheme: ColorScheme, in mask: CoverageMask, region roi: BlurRegion,
                                reads: BlurRegion, from input: consuming BlurPlane) {
        let sigma = recipe.blur * scale
        let tint = MaterialTint(recipe, scheme: scheme)
        let f = blurDownsampleFactor(sigma: sigma)
        guard f > 1 else {
            applyTint(tint, blurred: gaussianBlurred(sigma: sigma, region: roi, edge: .clamp), region: roi, mask: mask)
            return
        }
        // blurPlane's reduced path, its upsample row by row.
        let keep = BlurRegion(x: roi.x - reads.x, y: roi.y - reads.y, width: roi.width, height: roi.height)
        let pad = coarsePad(sigma: sigma, factor: f, edge: .clamp)
        var coarse = consume input
        blurCoarse(&coarse, sigma: sigma, factor: f, pad: pad, edge: .clamp, keep: keep)
        let tints = MaterialTints(tint)
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: roi.width)
        defer { row.deallocate() }
        let w = width, mw = mask.width
        var stopped = false
        withMutableWords { dst in
            mask.coverage.withUnsafeBufferPointer { cov in
                upsampleRows(coarse, by: f, pad: pad, keep: keep, into: { _ in UnsafeMutableRawPointer(row) }) { y in
                    if stopped || stopDue(row: y) { stopped = true; return }
                    tints.tint(row, coverage: cov.baseAddress! + ((roi.y + y - mask.y) * mw + roi.x - mask.x),
                               into: dst.baseAddress! + ((roi.y + y) * w + roi.x), count: roi.width)
                }
            }
        }
    }

    /// Steps 2–5 over `roi` (inside the canvas and the mask's rect), from its blurred backdrop
    /// (`blurred`, roi-sized). Held byte for byte to `Reference.materialTint` (FastPathTests).
    mutating func applyTint(_ tint: MaterialTint, blurred: Canvas, region roi: BlurRegion, mask: CoverageMask) {
        let w = width, mw = mask.width
        let tints = MaterialTints(tint)
        withMutableWords { dstWords in
            blurred.withWords { srcWords in
                mask.coverage.withUnsafeBufferPointer { cov in
                    for row in 0..<roi.height {
                        if stopDue(row: row) { return }
                        tints.tint(srcWords.baseAddress! + row * roi.width,
                                   coverage: cov.baseAddress! + ((roi.y + row - mask.y) * mw + roi.x - mask.x),
                                   into: dstWords.baseAddress! + ((roi.y + row) * w + roi.x), count: roi.width)
                    }
                }
            }
        }
    }
}

/// Steps 2–5 on rows of blurred backdrop, with the tints of the colours seen before remembered.
/// A blurred backdrop is smooth: few distinct colours, so a small direct-mapped table keeps the
/// tints of the colours seen before (every slot always holds a true pair: it starts as
/// (0, tint(0))), and each distinct colour costs one Float pass. Every pixel looks its colour up
/// (a hit is the predictable branch); remembering the last pixel's colour as well cost more than
/// it saved: whether a neighbour repeats is a branch the CPU cannot predict in an upsampled blur.
/// One per material drawn.
final class MaterialTints {
    let tint: MaterialTint
    static let slots = 4096
    /// Slot i: its colour at 2i, the colour's tint at 2i + 1 (one cache line holds both: the
    /// lookup is the loop's cost, and two tables of 16 KB each missed L1 twice as often).
    private let pairs = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * MaterialTints.slots)

    init(_ tint: MaterialTint) {
        self.tint = tint
        let clear = tint.tinted(0)
        for i in 0..<Self.slots { (pairs + 2 * i).initialize(to: 0); (pairs + 2 * i + 1).initialize(to: clear) }
    }

    deinit { pairs.deallocate() }

    /// `count` blurred pixels from `s` written through `c` (coverage) into `d`.
    @inline(__always)
    func tint(_ s: UnsafePointer<UInt32>, coverage c: UnsafePointer<UInt8>, into d: UnsafeMutablePointer<UInt32>, count: Int) {
        let pairs = self.pairs, tint = self.tint
        for col in 0..<count {
            let coverage = UInt32(c[col])
            if coverage == 0 { continue }
            let p = s[col]
            let h = 2 * Int((p &* 0x9E37_79B1) >> 20)  // 12 bits of a multiplicative hash
            var material = pairs[h + 1]
            if pairs[h] != p { material = tint.tinted(p); pairs[h] = p; pairs[h + 1] = material }
            if coverage == 255 { d[col] = material; continue }
            // dst ← material·cov + dst·(1 − cov)   (the material is opaque), per channel in two
            // 16-bit lanes: m·cov + d·(255 − cov) ≤ 255·255.
            let inv = 255 - coverage, dv = d[col]
            let rb = laneDiv255((material & 0x00FF_00FF) &* coverage &+ (dv & 0x00FF_00FF) &* inv)
            let ga = laneDiv255(((material >> 8) & 0x00FF_00FF) &* coverage &+ ((dv >> 8) & 0x00FF_00FF) &* inv)
            d[col] = rb | (ga << 8)
        }
    }
}

/// Steps 2–4 of the recipe in Float on one premultiplied blurred pixel: the material colour as an
/// opaque canvas word.
struct MaterialTint {
    let base: Float, saturation: Float, brightness: Float, mix: Float
    let curve: (Float, Float, Float, Float)

    init(_ recipe: MaterialRecipe, scheme: ColorScheme) {
        base = scheme == .light ? 1 : 0
        saturation = Float(recipe.saturation); brightness = Float(recipe.brightness); mix = Float(recipe.luminanceMix)
        // The curve as a 4-point lookup (a tuple: no array bounds checks in the pixel loop).
        curve = (Float(recipe.curve[0]), Float(recipe.curve[1]), Float(recipe.curve[2]), Float(recipe.curve[3]))
    }

    @inline(__always)
    func tinted(_ p: UInt32) -> UInt32 {
        let sat = saturation, bright = brightness, m = mix, k = curve
        // Premultiplied backdrop over the opaque base: c + base·(1 − a).
        let under = Float(255 - Int(p >> 24)) * base
        var r = (Float(p & 0xFF) + under) * (1 / 255)
        var g = (Float((p >> 8) & 0xFF) + under) * (1 / 255)
        var b = (Float((p >> 16) & 0xFF) + under) * (1 / 255)
        // Saturation about Rec. 709 luma, clamp.
        let l = 0.2126 * r + 0.7152 * g + 0.0722 * b
        r = min(max(l + sat * (r - l), 0), 1)
        g = min(max(l + sat * (g - l), 0), 1)
        b = min(max(l + sat * (b - l), 0), 1)
        // Luminance → grey through the 4-point curve, mixed in by m; then brightness, clamp.
        let t = (0.2126 * r + 0.7152 * g + 0.0722 * b) * 3
        let grey = t < 1 ? k.0 + (k.1 - k.0) * t
            : t < 2 ? k.1 + (k.2 - k.1) * (t - 1) : k.2 + (k.3 - k.2) * (t - 2)
        let mr = UInt32(min(max(r + (grey - r) * m + bright, 0), 1) * 255 + 0.5)
        let mg = UInt32(min(max(g + (grey - g) * m + bright, 0), 1) * 255 + 0.5)
        let mb = UInt32(min(max(b + (grey - b) * m + bright, 0), 1) * 255 + 0.5)
        return mr | mg << 8 | mb << 16 | 0xFF00_0000
    }
}

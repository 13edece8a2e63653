// Gaussian blur of premultiplied RGBA8 canvases and of 8-bit alpha masks.
//
// σ is given in pixels (points × canvas scale). Regimes, chosen by σ:
//   σ ≤ 2 px       exact separable Gaussian: taps to ⌈3σ⌉, fixed-point weights summing to 2¹⁶.
//   2 < σ < 12     ½ resolution: box downsample, the exact Gaussian (taps) at the reduced σ
//                  (three boxes from 10 px), integer bilinear upsample.
//   σ ≥ 12         ¼ resolution: the same, taps up to 20 px, three boxes from there (Apple
//                  blurs materials at quarter resolution). The coarse plane takes boxes once its
//                  own σ reaches about 5 px (`coarsePlaneTakesBoxes`).
// Measured against an exact Double Gaussian in BlurTests: max channel error ≤ `blurErrorBound`
// (≤ `smallSigmaBlurErrorBound` for 2 < σ < 3 px, see there).
//
// Why ½ resolution from 2 px: a full-screen layer blur of σ 2–10 px (the reveal's card morph,
// every frame of it) at full resolution runs three boxes, 17 ms of a 30 ms frame, where the ½
// path above 10 px takes about 7. A blurred image of σ ≥ 2 px has almost nothing a ½ grid
// cannot hold (its spectrum at the coarse Nyquist frequency is e^(−2π²σ²/16) ≤ 0.7 %); what the
// reduced path gets wrong is the shape of its kernel: the resampling (box of 2, linear
// interpolation, variance 0.92 px²) is a growing share of σ² as σ falls, so the error rises to
// ~8 levels on full-contrast 6-px blocks at σ 2.01 (1.3 mean). And the coarse plane's σ is then
// 0.9–4.98 px, where three boxes are coarse (widths 3–9: 9.5 levels off at σ 6.1, 9.7 at 5.5), so below
// 10 px the coarse plane takes the exact taps instead, at the same cost as the boxes there
// (reveal frames 25–47, whole-process CPU 0.997 of the boxes', measured) and within 1.6 levels
// from σ 5 up. Full-resolution boxes (the regime between 2 and 10 px before) are no longer used
// by the renderer; `blurSeparable` keeps them for the coarse planes above 10 px.
//
// Only a region of interest is computed: the region plus a 3σ margin (clipped to the canvas) is
// copied out, blurred, and the region written back, so a 375-px bar never blurs a 2532-px screen.
// Premultiplied channels are blurred independently, which is exactly right for premultiplied
// colour (and keeps colour ≤ alpha, because every step is a rounded convex combination).

import HoloPixels

/// A pixel-aligned rectangle of a canvas.
@frozen
public struct BlurRegion: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// The overlap with `0..<w × 0..<h`, empty (0×0) if none.
    @inlinable public func clipped(width w: Int, height h: Int) -> BlurRegion {
        let x0 = max(x, 0), y0 = max(y, 0), x1 = min(x + width, w), y1 = min(y + height, h)
        return x1 > x0 && y1 > y0 ? BlurRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            : BlurRegion(x: 0, y: 0, width: 0, height: 0)
    }
    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// The largest channel error (in 8-bit steps) BlurTests allows against an exact Gaussian, on the
/// hardest content (random full-contrast 6-px blocks), from σ 3 px up. Measured: σ 1 → 1.0,
/// 1.8 → 1.0 (exact taps); σ 3 → 4.0, 4 → 2.3, 6.1 → 1.2, 9.99 → 1.2 (½ resolution, taps on the
/// coarse plane); σ 10 → 3.2, 20 → 2.1, 30 → 2.4 (reduced resolution, three boxes: the box shape
/// itself is ~2 off on a full step, σ is matched only to the odd-width granularity, plus 8-bit
/// rounding after every pass). Smooth content (what materials see) is far below this.
public let blurErrorBound = 5

/// The same bound for 2 < σ < 3 px, where the ½-resolution path's resampling (variance 0.92 px²)
/// is a quarter to a tenth of σ² and its kernel's shape shows. Measured on the same content:
/// σ 2.01 → 8.3 (mean 1.3 levels), 2.2 → 6.7, 2.5 → 5.8, 2.8 → 5.0. (Before, three boxes at full
/// resolution: σ 2.05 → 13.8, their widths of 3 and 5 px are a poor Gaussian.)
public let smallSigmaBlurErrorBound = 9

/// Up to this σ (px) the exact Gaussian runs at full resolution; above it, at reduced resolution.
public let exactGaussianMaxSigma = 2.0

/// From this σ (px) up a blur runs on the ¼-resolution plane (below it and above
/// `exactGaussianMaxSigma`, on the ½ one). From 12 px the ½ plane's σ is ≥ 6 px, which
/// a ¼ plane holds as well (its σ ≥ 2.96 px; resampling variance 3.9 px² is 2.7 % of σ², less
/// than the ½ path's share at 6 px); measured against the exact Gaussian in BlurTests (σ 12 and
/// 16: ¼ plane, taps) and on reveal's pages against the reference renderer at 3x
/// (ReferenceDifferentialTests). Before, ¼ started at 24 px: reveal's mid-morph pages (σ 12–24
/// px, both pages every frame) cost four times the coarse pixels.
public let quarterResolutionMinSigma = 12.0

/// The resolution reduction for σ px (1, 2 or 4).
@inlinable public func blurDownsampleFactor(sigma: Double) -> Int {
    sigma >= quarterResolutionMinSigma ? 4 : sigma > exactGaussianMaxSigma ? 2 : 1
}

/// True when the 1/`f` plane of a σ-px blur is blurred by three boxes rather than the exact taps:
/// from σ = 5·f px, where the coarse plane's own σ reaches about 5 px (below that, boxes of
/// widths 3–9 are a poor Gaussian: 9.5 levels off at σ 6.1 px on the ½ plane). So ½: from 10 px,
/// ¼: from 20 px.
@inlinable public func coarsePlaneTakesBoxes(sigma: Double, factor f: Int) -> Bool {
    sigma >= 5 * Double(f)
}

/// Blurs a plane with σ px and returns the part of it inside `keep` (plane coordinates; default
/// all of it).
/// The plane is consumed: a caller that hands over its only reference is blurred without a copy.
/// `factor` overrides the resolution reduction (tests hold each path at any σ).
func blurPlane(_ plane: consuming BlurPlane, sigma: Double, edge: BlurEdge, keep: BlurRegion? = nil,
               factor: Int? = nil) -> BlurPlane {
    let keep = keep ?? BlurRegion(x: 0, y: 0, width: plane.width, height: plane.height)
    guard sigma > 0, plane.width > 0, plane.height > 0 else { return cropped(plane, keep) }
    let f = factor ?? blurDownsampleFactor(sigma: sigma)
    if f > 1 {
        let pad = coarsePad(sigma: sigma, factor: f, edge: edge)
        let coarse = downsampled(plane, by: f, pad: pad, edge: edge)
        return blurCoarsePlane(coarse, sigma: sigma, factor: f, pad: pad, edge: edge, keep: keep)
    }
    // `consume`: a copy of the binding would leave two references, and the blur's first write
    // would copy the whole plane (12 MB for a full-screen layer: 4–5 % of reveal's frames 153–165).
    var p = consume plane
    blurSeparable(&p, sigma: sigma, edge: edge, rows: keep.y..<(keep.y + keep.height))
    return cropped(p, keep)
}

/// The blur's σ on the 1/`f` resolution plane:
/// σ_coarse² · f² + (f²−1)/12 + f²/6 = σ²   (resampling variances, full-resolution px²).
func coarseSigma(sigma: Double, factor f: Int) -> Double {
    let ff = Double(f * f)
    return max(0.5, (sigma * sigma - (ff - 1) / 12 - ff / 6).squareRoot() / Double(f))
}

/// The border cells a coarse plane carries. Clamp: the full-resolution edge extension, 3σ of it.
/// Transparent: one zero cell is enough for the upsampler's outer taps.
func coarsePad(sigma: Double, factor f: Int, edge: BlurEdge) -> Int {
    edge == .clamp ? Int((3 * coarseSigma(sigma: sigma, factor: f)).rounded(.up)) + 1 : 1
}

/// The second half of a reduced-resolution blur: `coarse` is the picture at 1/`f` resolution
/// (cell i covers full-resolution pixels f·i ..< f·i + f, after `pad` border cells), blurred at the
/// coarse σ and upsampled to full resolution; returns the part inside `keep` (full-resolution
/// coordinates of the picture before downsampling).
func blurCoarsePlane(_ coarse: consuming BlurPlane, sigma: Double, factor f: Int, pad: Int, edge: BlurEdge,
                     keep: BlurRegion) -> BlurPlane {
    var coarse = coarse
    blurCoarse(&coarse, sigma: sigma, factor: f, pad: pad, edge: edge, keep: keep)
    return upsampled(coarse, by: f, pad: pad, keep: keep)
}

/// The coarse plane's blur alone (`blurCoarsePlane` without the upsample): the cells the upsampler
/// reads for `keep` are final, the others unspecified.
func blurCoarse(_ coarse: inout BlurPlane, sigma: Double, factor f: Int, pad: Int, edge: BlurEdge, keep: BlurRegion) {
    let den = 2 * f
    func cell(_ x: Int) -> Int { let num = 2 * x + 1 - f; return (num >= 0 ? num / den : -((-num + den - 1) / den)) + pad }
    // Only the coarse rows and columns the upsampler reads for `keep` need their final passes.
    blurSeparable(&coarse, sigma: coarseSigma(sigma: sigma, factor: f), edge: edge,
                  rows: cell(keep.y)..<(cell(keep.y + keep.height - 1) + 2),
                  columns: cell(keep.x)..<(cell(keep.x + keep.width - 1) + 2), exact: !coarsePlaneTakesBoxes(sigma: sigma, factor: f))
}

private func cropped(_ plane: BlurPlane, _ r: BlurRegion) -> BlurPlane {
    if r.x == 0 && r.y == 0 && r.width == plane.width && r.height == plane.height { return plane }
    let c = plane.channels
    var out = BlurPlane(width: r.width, height: r.height, channels: c)
    plane.withBytes { src in
        out.withMutableBytes { dst in
            for row in 0..<r.height {
                (dst.baseAddress! + row * r.width * c).update(
                    from: src.baseAddress! + ((r.y + row) * plane.width + r.x) * c, count: r.width * c)
            }
        }
    }
    return out
}

/// Horizontal passes, then vertical ones straight down the columns (GaussianPasses.swift,
/// BoxBlurColumns.swift), held byte for byte to `Reference.fixedPointBlur`.
/// `rows`: the rows whose result is used (default: all); the box path computes only those (and
/// the rows they read), the others are left unspecified; so does `columns` (default: all; the
/// box path alone narrows to them: a material's coarse plane carries 3σ of clamped edge on each
/// side, a quarter of its width, read by the first boxes and never upsampled). `exact`: the taps
/// or three boxes (default: taps up to `exactGaussianMaxSigma`).
func blurSeparable(_ plane: inout BlurPlane, sigma: Double, edge: BlurEdge, rows: Range<Int>? = nil,
                   columns: Range<Int>? = nil, exact: Bool? = nil) {
    if exact ?? (sigma <= exactGaussianMaxSigma) {
        let weights = gaussianWeights(sigma: sigma)
        // Below σ ≈ 0.27 px the outer taps are too small to move any byte (gaussianKernelIsIdentity:
        // below 0.2 px they round to 0, up to 0.27 their sum stays ≤ 128 of 2¹⁶): the identity (a
        // spring settling toward "no blur" asks for it often: 63 of reveal's 204 frames, 61 before 0.27).
        if gaussianKernelIsIdentity(weights) { return }
        // Both passes in one sweep, in place, only the rows asked for (GaussianInPlace.swift).
        gaussianBlurInPlace(&plane, weights: weights, edge: edge, rows: rows)
        return
    }
    // Three boxes: rows, then columns straight down (BoxBlurColumns.swift).
    let radii = boxRadii(sigma: sigma)
    let total = radii.reduce(0, +)
    let out = rows ?? 0..<plane.height
    // Output row y reads rows y − Σr … y + Σr of the row-blurred plane.
    boxBlurRows(&plane, radii: radii, edge: edge, rows: (out.lowerBound - total)..<(out.upperBound + total), columns: columns)
    boxBlurColumns(&plane, radii: radii, edge: edge, rows: out, columns: columns)
}

/// The margin (px) a region needs around it so its blur sees everything that reaches it.
@inlinable public func blurMargin(sigma: Double) -> Int {
    Int((3 * sigma).rounded(.up)) + blurDownsampleFactor(sigma: sigma)
}

extension Canvas {
    /// `region` blurred with σ px, as a canvas of the region's size (same scale). Pixels within
    /// 3σ around the region are read; beyond the canvas, `edge` decides.
    public func gaussianBlurred(sigma: Double, region: BlurRegion, edge: BlurEdge = .clamp) -> Canvas {
        let roi = region.clipped(width: width, height: height)
        guard !roi.isEmpty else { return Canvas(width: 0, height: 0, scale: scale) }
        let m = blurMargin(sigma: sigma)
        let work = BlurRegion(x: roi.x - m, y: roi.y - m, width: roi.width + 2 * m, height: roi.height + 2 * m)
            .clipped(width: width, height: height)
        var plane = BlurPlane(width: work.width, height: work.height, channels: 4)
        withBytes { src in
            plane.withMutableBytes { dst in
                for row in 0..<work.height {
                    (dst.baseAddress! + row * work.width * 4).update(
                        from: src.baseAddress! + ((work.y + row) * width + work.x) * 4, count: work.width * 4)
                }
            }
        }
        let kept = blurPlane(plane, sigma: sigma, edge: edge,
                             keep: BlurRegion(x: roi.x - work.x, y: roi.y - work.y, width: roi.width, height: roi.height))
        return Canvas(width: roi.width, height: roi.height, scale: scale, premultipliedWords: kept.words)
    }

    /// Blurs `region` (default: the whole canvas) in place with σ px.
    public mutating func gaussianBlur(sigma: Double, region: BlurRegion? = nil, edge: BlurEdge = .clamp) {
        let roi = (region ?? BlurRegion(x: 0, y: 0, width: width, height: height)).clipped(width: width, height: height)
        guard sigma > 0, !roi.isEmpty else { return }
        if roi.x == 0 && roi.y == 0 && roi.width == width && roi.height == height {
            // The whole canvas: its words become the plane and come back, no copy either way (the
            // canvas lets go of its array first, so the plane's is the only reference).
            let plane = BlurPlane(width: width, height: height, channels: 4, words: words)
            words = []
            words = blurPlane(consume plane, sigma: sigma, edge: edge).words
            return
        }
        let blurred = gaussianBlurred(sigma: sigma, region: roi, edge: edge)
        let w = width
        withMutableWords { dst in
            blurred.withWords { src in
                for row in 0..<roi.height {
                    (dst.baseAddress! + (roi.y + row) * w + roi.x).update(
                        from: src.baseAddress! + row * roi.width, count: roi.width)
                }
            }
        }
    }

    /// Blur with σ in points (× this canvas's scale).
    public mutating func gaussianBlur(sigmaPoints: Double, region: BlurRegion? = nil, edge: BlurEdge = .clamp) {
        gaussianBlur(sigma: sigmaPoints * scale, region: region, edge: edge)
    }
}

extension CoverageMask {
    /// The mask blurred with σ px, grown by the blur margin on every side (outside the mask is 0).
    public func gaussianBlurred(sigma: Double) -> CoverageMask {
        guard sigma > 0, !isEmpty else { return self }
        let m = blurMargin(sigma: sigma)
        let w = width + 2 * m, h = height + 2 * m
        var plane = BlurPlane(width: w, height: h, channels: 1)
        coverage.withUnsafeBufferPointer { src in
            plane.withMutableBytes { dst in
                for row in 0..<height {
                    (dst.baseAddress! + (row + m) * w + m).update(from: src.baseAddress! + row * width, count: width)
                }
            }
        }
        let blurred = blurPlane(plane, sigma: sigma, edge: .transparent)
        return CoverageMask(x: x - m, y: y - m, width: w, height: h, coverage: blurred.bytes)
    }
}

// Gaussian blur of premultiplied RGBA8 canvases and of 8-bit alpha masks.
//
// σ is given in pixels (points × canvas scale). Three regimes, chosen by σ:
//   σ ≤ 2 px       exact separable Gaussian: taps to ⌈3σ⌉, fixed-point weights summing to 2¹⁶.
//   2 < σ < 10     three box blurs per axis (running sums; widths chosen so the variances add to σ²).
//   σ ≥ 10 (≥ 24)  the same at ½ (¼) resolution: box downsample, three boxes at the reduced σ,
//                  integer bilinear upsample (Apple blurs materials at quarter resolution).
// Measured against an exact Double Gaussian in BlurTests: max channel error ≤ `blurErrorBound`.
//
// Only a region of interest is computed: the region plus a 3σ margin (clipped to the canvas) is
// copied out, blurred, and the region written back, so a 375-px bar never blurs a 2532-px screen.
// Premultiplied channels are blurred independently, which is exactly right for premultiplied
// colour (and keeps colour ≤ alpha, because every step is a rounded convex combination).

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
/// hardest content (random full-contrast 6-px blocks). Measured: σ 1 → 1.0, 1.8 → 1.0 (exact taps);
/// σ 4 → 4.3 (three boxes: the box shape itself is ~2 off on a full step, σ is matched only to the
/// odd-width granularity, plus 8-bit rounding after every pass); σ 10 → 3.2, 20 → 2.0, 30 → 2.2
/// (reduced resolution). Smooth content (what materials see) is far below this.
public let blurErrorBound = 5

/// Below this σ (px) the exact Gaussian runs; from it up, box approximations.
public let exactGaussianMaxSigma = 2.0

/// The resolution reduction for σ px (1, 2 or 4).
@inlinable public func blurDownsampleFactor(sigma: Double) -> Int {
    sigma >= 24 ? 4 : sigma >= 10 ? 2 : 1
}

/// Blurs a plane with σ px and returns the part of it inside `keep` (plane coordinates; default
/// all of it).
/// The plane is consumed: a caller that hands over its only reference is blurred without a copy.
func blurPlane(_ plane: consuming BlurPlane, sigma: Double, edge: BlurEdge, keep: BlurRegion? = nil) -> BlurPlane {
    let keep = keep ?? BlurRegion(x: 0, y: 0, width: plane.width, height: plane.height)
    guard sigma > 0, plane.width > 0, plane.height > 0 else { return cropped(plane, keep) }
    let f = blurDownsampleFactor(sigma: sigma)
    if f > 1 {
        // σ_coarse² · f² + (f²−1)/12 + f²/6 = σ²   (resampling variances, full-resolution px²)
        let ff = Double(f * f)
        let coarseSigma = max(0.5, (sigma * sigma - (ff - 1) / 12 - ff / 6).squareRoot() / Double(f))
        // Clamp: carry the full-resolution edge extension into the coarse plane (3σ of it).
        // Transparent: one zero cell is enough for the upsampler's outer taps.
        let pad = edge == .clamp ? Int((3 * coarseSigma).rounded(.up)) + 1 : 1
        var coarse = downsampled(plane, by: f, pad: pad, edge: edge)
        // Only the coarse rows the upsampler reads for `keep` need their final vertical pass.
        let den = 2 * f
        func cell(_ x: Int) -> Int { let num = 2 * x + 1 - f; return (num >= 0 ? num / den : -((-num + den - 1) / den)) + pad }
        blurSeparable(&coarse, sigma: coarseSigma, edge: edge, rows: cell(keep.y)..<(cell(keep.y + keep.height - 1) + 2))
        return upsampled(coarse, by: f, pad: pad, keep: keep)
    }
    var p = plane
    blurSeparable(&p, sigma: sigma, edge: edge, rows: keep.y..<(keep.y + keep.height))
    return cropped(p, keep)
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
/// the rows they read), the others are left unspecified.
func blurSeparable(_ plane: inout BlurPlane, sigma: Double, edge: BlurEdge, rows: Range<Int>? = nil) {
    if sigma <= exactGaussianMaxSigma {
        let weights = gaussianWeights(sigma: sigma)
        // Below σ ≈ 0.2 px every outer tap rounds to 0 and the centre holds all 2¹⁶: each output is
        // (2¹⁶·p + 2¹⁵) >> 16 = p, the identity (a spring settling toward "no blur" asks for it
        // often: 62 of reveal's 205 frames).
        if weights[weights.count / 2] == 1 << 16 { return }
        gaussianBlurRows(&plane, weights: weights, edge: edge)
        plane = gaussianBlurColumns(plane, weights: weights, edge: edge)
        return
    }
    // Three boxes: rows, then columns straight down (BoxBlurColumns.swift).
    let radii = boxRadii(sigma: sigma)
    let total = radii.reduce(0, +)
    let out = rows ?? 0..<plane.height
    // Output row y reads rows y − Σr … y + Σr of the row-blurred plane.
    boxBlurRows(&plane, radii: radii, edge: edge, rows: (out.lowerBound - total)..<(out.upperBound + total))
    boxBlurColumns(&plane, radii: radii, edge: edge, rows: out)
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
            words = blurPlane(plane, sigma: sigma, edge: edge).words
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

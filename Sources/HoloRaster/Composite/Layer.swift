// Offscreen layers: a group drawn into its own transparent canvas, then composited once with the
// group's opacity (so overlapping children do not show through each other) and optional clip.
//
//   c = opacity · clip / 255,   s' = S·c/255,   D' = s' + D·(255 − s'a)/255
// Four pixels at a time in 16-bit lanes (BlendLanes.swift), held byte for byte to
// `Reference.composite` (ReferenceKernelTests).

import CPixelKernels
import HoloGeometry
import HoloPixels

extension Canvas {
    /// Source-over composite of an offscreen layer whose top-left pixel sits at canvas pixel
    /// (`x`, `y`), with group opacity and optional clip. Parts of the layer outside the canvas are dropped.
    public mutating func composite(_ layer: Canvas, x ox: Int = 0, y oy: Int = 0, opacity: Double = 1, clip: CoverageMask? = nil) {
        composite(layer, x: ox, y: oy, opacity: opacity, clip: clip, ink: nil)
    }

    /// `composite`, reading of each row of the layer only the words `ink` says hold ink (a retained
    /// tile's, measured when it was drawn): the same bytes, since a zero word leaves the canvas as it is.
    mutating func composite(_ layer: Canvas, x ox: Int, y oy: Int, opacity: Double, clip: CoverageMask?, ink: InkRows?) {
        let o = opacityByte(opacity)
        let window = workWindow(clip: clip).intersection(PixelWindow(ox, oy, ox + layer.width, oy + layer.height))
        guard o > 0, !window.isEmpty else { return }
        let width = self.width, lw = layer.width
        let clipBytes = clip?.coverage ?? []
        let factors = compositeFactors(opacity: o)
        layer.withWords { src in
            withMutableWords { dst in
                clipBytes.withUnsafeBufferPointer { clipBuf in
                    factors.withUnsafeBufferPointer { table in
                        for y in window.y0..<window.y1 {
                            var x0 = window.x0, x1 = window.x1
                            if let span = ink?[y - oy] {
                                x0 = max(x0, span.lowerBound + ox); x1 = min(x1, span.upperBound + ox)
                                if x0 >= x1 { continue }
                            }
                            let base = y * width
                            let sbase = (y - oy) * lw - ox
                            let crow = clip.map { (y - $0.y) * $0.width - $0.x } ?? 0
                            compositeRow(src.baseAddress! + sbase + x0, dst.baseAddress! + base + x0,
                                         count: x1 - x0, opacity: o,
                                         coverage: clip == nil ? nil : clipBuf.baseAddress! + crow + x0,
                                         factors: table.baseAddress!)
                        }
                    }
                }
            }
        }
    }
}

extension Canvas {
    /// For rows that hold the background word `background` alone (not filled yet): fills them with
    /// it and composites `layer` over it at full opacity without a clip, in one pass that writes
    /// each pixel once and reads only the layer (`hf_source_over_background_span`): the bytes of a
    /// fill and then `composite(layer, x:, y:, opacity: 1, clip: nil, ink:)`. Every pixel of the
    /// work window's columns is written in the rows returned (the work window's rows the layer
    /// spans); the others are not touched.
    mutating func compositeOverBackground(_ layer: Canvas, x ox: Int, y oy: Int, background word: UInt32, ink: InkRows?) -> Range<Int> {
        let window = workWindow(clip: nil)
        let y0 = max(window.y0, oy), y1 = min(window.y1, oy + layer.height)
        guard y0 < y1, !window.isEmpty else { return 0..<0 }
        let width = self.width, lw = layer.width
        let lx0 = max(window.x0, ox), lx1 = min(window.x1, ox + lw)
        layer.withWords { src in
            withMutableWords { dst in
                for y in y0..<y1 {
                    var a = lx0, b = lx1
                    if let span = ink?[y - oy] { a = max(a, span.lowerBound + ox); b = min(b, span.upperBound + ox) }
                    let row = dst.baseAddress! + y * width
                    if a >= b { (row + window.x0).update(repeating: word, count: window.x1 - window.x0); continue }
                    (row + window.x0).update(repeating: word, count: a - window.x0)
                    hf_source_over_background_span(row + a, src.baseAddress! + (y - oy) * lw + (a - ox), b - a, word)
                    (row + b).update(repeating: word, count: window.x1 - b)
                }
            }
        }
        return y0..<y1
    }

    /// `layer.gaussianBlur(sigma:, edge: .transparent)` then `composite(layer, …)`, the same bytes;
    /// for σ ≤ 2 px (the exact Gaussian at full resolution) in one sweep: each blurred row is
    /// composited as it comes out of the column pass (GaussianInPlace.swift), only the rows and
    /// columns the canvas shows, instead of writing the blurred layer and reading it back (reveal's
    /// pages at the ends of the morph: a full-screen 12-MB layer written and read once more a frame);
    /// above 2 px the reduced grid's upsample a row at a time (`compositeReducedBlur`); a kernel that
    /// moves no byte (`gaussianKernelIsIdentity`, σ ≤ 0.268 px) is not run: the layer is composited.
    public mutating func compositeBlurred(_ layer: consuming Canvas, sigma: Double, x ox: Int = 0, y oy: Int = 0,
                                          opacity: Double = 1, clip: CoverageMask? = nil) {
        if sigma > 0, blurDownsampleFactor(sigma: sigma) > 1, layer.width > 0, layer.height > 0 {
            compositeReducedBlur(layer, sigma: sigma, x: ox, y: oy, opacity: opacity, clip: clip)
            return
        }
        let weights = gaussianWeights(sigma: sigma)
        guard sigma > 0, blurDownsampleFactor(sigma: sigma) == 1, !gaussianKernelIsIdentity(weights),
              FoldedTaps(weights) != nil, layer.width > 0, layer.height > 0 else {
            layer.gaussianBlur(sigma: sigma, edge: .transparent)
            composite(layer, x: ox, y: oy, opacity: opacity, clip: clip)
            return
        }
        let o = opacityByte(opacity)
        let window = workWindow(clip: clip).intersection(PixelWindow(ox, oy, ox + layer.width, oy + layer.height))
        guard o > 0, !window.isEmpty else { return }
        var plane = BlurPlane(width: layer.width, height: layer.height, channels: 4, words: layer.words)
        layer.words = []  // the plane holds the only reference: blurred without a copy
        let width = self.width
        let clipBytes = clip?.coverage ?? []
        let factors = compositeFactors(opacity: o)
        withMutableWords { dst in
            clipBytes.withUnsafeBufferPointer { clipBuf in
                factors.withUnsafeBufferPointer { table in
                    gaussianBlurInPlace(&plane, weights: weights, edge: .transparent,
                                        rows: (window.y0 - oy)..<(window.y1 - oy)) { ly, row in
                        let y = ly + oy
                        let src = UnsafeRawPointer(row).assumingMemoryBound(to: UInt32.self) + (window.x0 - ox)
                        let crow = clip.map { (y - $0.y) * $0.width - $0.x } ?? 0
                        compositeRow(src, dst.baseAddress! + y * width + window.x0, count: window.x1 - window.x0, opacity: o,
                                     coverage: clip == nil ? nil : clipBuf.baseAddress! + crow + window.x0,
                                     factors: table.baseAddress!)
                    }
                }
            }
        }
    }
}

extension Canvas {
    /// `compositeBlurred` for σ > 2 px (a layer drawn at full resolution, blurred on the ½ or ¼
    /// grid: σ 2–6 px, or a layer that cannot be drawn on the coarse grid): the steps of `blurPlane`
    /// (downsample, the coarse plane's blur, bilinear upsample), but the upsample only for the
    /// pixels the canvas shows and a row at a time, each row composited while it is in cache
    /// (ReducedLayer.swift does the same for layers drawn on the coarse grid). The same bytes as
    /// blurring the whole layer and compositing it: the coarse plane's rows the upsampler reads
    /// for those pixels are final (`blurCoarse`), and `upsampled` is `upsampleRows` into a plane.
    /// Why: the upsampled layer (12 MB for reveal's full-screen page, frames 25–28 and 147–152)
    /// was written to fresh memory and read back once more by the composite.
    mutating func compositeReducedBlur(_ layer: consuming Canvas, sigma: Double, x ox: Int, y oy: Int,
                                       opacity: Double, clip: CoverageMask?) {
        let o = opacityByte(opacity)
        let window = workWindow(clip: clip).intersection(PixelWindow(ox, oy, ox + layer.width, oy + layer.height))
        guard o > 0, !window.isEmpty else { return }
        let f = blurDownsampleFactor(sigma: sigma)
        let pad = coarsePad(sigma: sigma, factor: f, edge: .transparent)
        let plane = BlurPlane(width: layer.width, height: layer.height, channels: 4, words: layer.words)
        layer.words = []
        var coarse = downsampled(plane, by: f, pad: pad, edge: .transparent)
        let keep = BlurRegion(x: window.x0 - ox, y: window.y0 - oy, width: window.x1 - window.x0, height: window.y1 - window.y0)
        blurCoarse(&coarse, sigma: sigma, factor: f, pad: pad, edge: .transparent, keep: keep)
        compositeUpsampled(coarse, by: f, pad: pad, keep: keep, x: window.x0, y: window.y0, opacity: o, clip: clip)
    }

    /// Upsamples the `keep` region of `plane` (blurred on the 1/`f` grid, `pad` cells of border)
    /// a row at a time and composites each row, while it is in cache, with `opacity` and `clip` at
    /// canvas pixel (`x`, `y`): the same bytes as upsampling the whole region (`upsampled`) and
    /// compositing it with `Canvas.composite` (the same row kernels). Used by `compositeReducedBlur`
    /// and by layers drawn on the coarse grid (ReducedLayer.swift).
    mutating func compositeUpsampled(_ plane: BlurPlane, by f: Int, pad: Int, keep: BlurRegion, x x0: Int, y y0: Int,
                                     opacity o: UInt32, clip: CoverageMask?) {
        let factors = compositeFactors(opacity: o)
        var row = [UInt32](repeating: 0, count: keep.width)
        let width = self.width
        let clipBytes = clip?.coverage ?? []
        row.withUnsafeMutableBufferPointer { rowBuf in
            let rowBytes = UnsafeMutableRawPointer(rowBuf.baseAddress!)
            withMutableWords { dst in
                factors.withUnsafeBufferPointer { table in
                    clipBytes.withUnsafeBufferPointer { clipBuf in
                        upsampleRows(plane, by: f, pad: pad, keep: keep, into: { _ in rowBytes }, then: { y in
                            let cy = y0 + y
                            let coverage = clip.map { UnsafePointer(clipBuf.baseAddress! + (cy - $0.y) * $0.width - $0.x + x0) }
                            compositeRow(rowBuf.baseAddress!, dst.baseAddress! + cy * width + x0,
                                         count: keep.width, opacity: o, coverage: coverage, factors: table.baseAddress!)
                        })
                    }
                }
            }
        }
    }
}

/// `compositeRow`'s factor for each clip coverage value: div255(o · coverage).
func compositeFactors(opacity o: UInt32) -> [UInt8] {
    (0..<256).map { UInt8(div255(o &* UInt32($0))) }
}

extension Canvas {
    /// `compositeBlurred` of the layer `layer` makes (a rasterized group's resample, a row at a
    /// time), the same bytes without the layer ever stored: for σ ≤ 2 px each row is resampled as
    /// the blur's ring reads it (`foldedGaussianSweep`), and where the blur moves no byte (σ 0, or
    /// `gaussianKernelIsIdentity`) as it is composited. At the ends of reveal's morph that layer
    /// was a full-screen 12-MB canvas written by the resample and read back by the blur every
    /// frame. False, with nothing drawn, above 2 px: the reduced grid's path takes a layer.
    mutating func compositeBlurred(rows layer: ResampledRows, sigma: Double, x ox: Int, y oy: Int, opacity: Double,
                                   clip: CoverageMask?) -> Bool {
        guard sigma >= 0, blurDownsampleFactor(sigma: sigma) == 1 else { return false }
        var taps: FoldedTaps? = nil
        if sigma > 0 {
            let weights = gaussianWeights(sigma: sigma)
            if !gaussianKernelIsIdentity(weights) {
                guard let folded = FoldedTaps(weights) else { return false }
                taps = folded
            }
        }
        let o = opacityByte(opacity)
        let window = workWindow(clip: clip).intersection(PixelWindow(ox, oy, ox + layer.width, oy + layer.height))
        guard o > 0, !window.isEmpty else { return true }
        let width = self.width
        let clipBytes = clip?.coverage ?? []
        let factors = compositeFactors(opacity: o)
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: layer.width)
        defer { row.deallocate() }
        withMutableWords { dst in
            clipBytes.withUnsafeBufferPointer { clipBuf in
                factors.withUnsafeBufferPointer { table in
                    /// Layer row `src` composited at canvas row y, over the window's columns.
                    func put(_ y: Int, _ src: UnsafePointer<UInt32>) {
                        let crow = clip.map { (y - $0.y) * $0.width - $0.x } ?? 0
                        compositeRow(src + (window.x0 - ox), dst.baseAddress! + y * width + window.x0, count: window.x1 - window.x0,
                                     opacity: o, coverage: clip == nil ? nil : clipBuf.baseAddress! + crow + window.x0,
                                     factors: table.baseAddress!)
                    }
                    guard let taps else {
                        for y in window.y0..<window.y1 {
                            if stopDue(row: y - window.y0) { return }
                            layer.write(y - oy, into: row)
                            put(y, row)
                        }
                        return
                    }
                    let bytes = UnsafeRawPointer(row).assumingMemoryBound(to: UInt8.self)
                    foldedGaussianSweep(taps, width: layer.width, height: layer.height, channels: 4, edge: .transparent,
                                        rows: (window.y0 - oy)..<(window.y1 - oy),
                                        input: { layer.write($0, into: row); return bytes },
                                        output: { _ in preconditionFailure("the sweep's rows are emitted") },
                                        emit: { ly, out in put(ly + oy, UnsafeRawPointer(out).assumingMemoryBound(to: UInt32.self)) })
                }
            }
        }
        return true
    }
}

import Foundation
import HoloGeometry
import HoloPixels
@testable import HoloRaster
import Testing

/// The reference renderer's exact Gaussian in Double (`Reference.gaussian`), clamp edges, over
/// the whole canvas.
func referenceGaussian(_ canvas: Canvas, sigma: Double) -> [Double] {
    let box = RefBox(0, 0, canvas.width, canvas.height)
    return Reference.gaussian(RefPlane(full: box, window: box, channels: 4, bytes: canvas.bytes), sigma: sigma, edge: .clamp, output: box)
}

/// Blocky random premultiplied content: `block`-px squares of random colours and alphas.
func blockyCanvas(width: Int, height: Int, block: Int, seed: UInt64) -> Canvas {
    var rng = SplitMix64(seed: seed)
    var canvas = Canvas(width: width, height: height)
    let bw = (width + block - 1) / block, bh = (height + block - 1) / block
    let colours = (0..<(bw * bh)).map { _ in
        Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.unit() < 0.3 ? 0 : rng.unit())
            .premultipliedRGBA8
    }
    for y in 0..<height { for x in 0..<width { canvas[x, y] = colours[(y / block) * bw + x / block] } }
    return canvas
}


@Suite struct BlurTests {
    /// σ from each regime: exact taps; ½ resolution with taps on the coarse plane (just above
    /// 2 px, where its error is largest, to just under 10); ½ resolution boxes (10–12); ¼
    /// resolution with taps on the coarse plane (12–20, from its first σ) and boxes (20 up).
    @Test(arguments: [1.0, 1.8, 2.01, 2.5, 3.0, 4.0, 6.1, 9.99, 10.0, 11.9, 12.0, 16.0, 19.9, 20.0, 30.0])
    func errorAgainstExactGaussianIsBounded(sigma: Double) {
        let canvas = blockyCanvas(width: 96, height: 80, block: 6, seed: UInt64(sigma * 10))
        let reference = referenceGaussian(canvas, sigma: sigma)
        var blurred = canvas
        blurred.gaussianBlur(sigma: sigma)
        var worst = 0.0
        for i in 0..<reference.count { worst = max(worst, abs(Double(blurred.bytes[i]) - reference[i])) }
        let bound = sigma > exactGaussianMaxSigma && sigma < 3 ? smallSigmaBlurErrorBound : blurErrorBound
        #expect(worst <= Double(bound), "σ = \(sigma): max channel error \(worst)")
        // Premultiplied stays valid: no channel above alpha.
        for i in stride(from: 0, to: blurred.bytes.count, by: 4) {
            #expect(blurred.bytes[i] <= blurred.bytes[i + 3] && blurred.bytes[i + 2] <= blurred.bytes[i + 3])
        }
    }

    @Test(arguments: [1.0, 5.0, 12.0, 30.0])
    func totalAlphaIsKept(sigma: Double) {
        // A blob far from the edges, transparent outside: blurring only moves alpha around.
        var mask = CoverageMask(x: 0, y: 0, width: 60, height: 50)
        for y in 10..<40 { for x in 12..<47 { mask.coverage[y * 60 + x] = UInt8((x * 7 + y * 3) % 256) } }
        let before = mask.coverage.reduce(0) { $0 + Int($1) }
        let blurred = mask.gaussianBlurred(sigma: sigma)
        #expect(blurred.x == -blurMargin(sigma: sigma) && blurred.width == 60 + 2 * blurMargin(sigma: sigma))
        let after = blurred.coverage.reduce(0) { $0 + Int($1) }
        // 8-bit rounding drops tail values under ½ at every pass: ≤ 1% of the total at σ = 30.
        #expect(abs(Double(after - before)) / Double(before) < (sigma < 10 ? 0.002 : 0.01), "σ \(sigma): \(before) → \(after)")
    }

    @Test(arguments: [1.0, 3.0, 10.0, 25.0])
    func hardEdgeCrossesHalfAtTheEdge(sigma: Double) {
        // White (opaque) left of x = 200, opaque black right of it (8σ from the far ends).
        var canvas = Canvas(width: 400, height: 16)
        for y in 0..<16 { for x in 0..<400 {
            canvas[x, y] = x < 200 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) : PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        } }
        canvas.gaussianBlur(sigma: sigma)
        let inside = canvas[199, 8].r, outside = canvas[200, 8].r
        #expect(inside > 127 && outside < 128, "σ \(sigma): \(inside) | \(outside)")
        #expect(abs(Int(inside) + Int(outside) - 255) <= 2)
        // Monotone across the edge and still at the far ends.
        #expect(canvas[199 - Int(sigma), 8].r > inside && canvas[200 + Int(sigma), 8].r < outside)
        #expect(canvas[0, 8].r == 255 && canvas[399, 8].r == 0)
    }

    @Test(arguments: [1.5, 6.0])
    func regionBlurMatchesWholeCanvasBlurInsideTheRegion(sigma: Double) {
        let canvas = blockyCanvas(width: 120, height: 90, block: 5, seed: 7)
        var whole = canvas
        whole.gaussianBlur(sigma: sigma)
        let region = BlurRegion(x: 30, y: 20, width: 50, height: 40)
        let part = canvas.gaussianBlurred(sigma: sigma, region: region)
        var same = true
        for y in 0..<region.height { for x in 0..<region.width where part[x, y] != whole[region.x + x, region.y + y] {
            same = false
        } }
        #expect(same)
        // In place: inside changes, outside untouched.
        var inPlace = canvas
        inPlace.gaussianBlur(sigma: sigma, region: region)
        #expect(inPlace[10, 10] == canvas[10, 10] && inPlace[119, 89] == canvas[119, 89])
        #expect(inPlace[40, 30] == whole[40, 30])
    }

    @Test func flatColourIsUnchangedAtEverySigma() {
        for sigma in [0.8, 2.5, 9.0, 15.0, 40.0] {
            var canvas = Canvas(width: 70, height: 33)
            canvas.clear(to: Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.8))
            let flat = canvas
            canvas.gaussianBlur(sigma: sigma)
            #expect(canvas == flat, "σ \(sigma)")
        }
    }

    /// A σ so small that 2σ² underflows to 0 (a fuzzed shadow radius of 1e-320 pt crashed on
    /// −0/0 = NaN in the weights) is no blur, in the fast path and in both references.
    @Test func subnormalSigmaIsTheIdentity() {
        for sigma in [Double.leastNonzeroMagnitude, Double.leastNormalMagnitude * 0x1p-20, 1e-160] {
            #expect(gaussianWeights(sigma: sigma) == [0, 1 << 16, 0], "σ \(sigma)")
            #expect(Reference.gaussianWeights(sigma: sigma) == [0, 1, 0], "σ \(sigma)")
            #expect(Reference.fixedPointTaps(sigma: sigma) == [0, 1 << 16, 0], "σ \(sigma)")
            let noise = noiseCanvas(width: 21, height: 13, seed: 7)
            var canvas = noise
            canvas.gaussianBlur(sigma: sigma)
            #expect(canvas == noise, "σ \(sigma)")
            let mask = CoverageMask(x: 2, y: 3, width: 9, height: 5, coverage: (0..<45).map { UInt8($0 * 5) })
            // The blurred mask is grown by its reach; inside, every value is the original one.
            let b = mask.gaussianBlurred(sigma: sigma)
            var inside: [UInt8] = []
            for y in mask.y..<(mask.y + mask.height) {
                for x in mask.x..<(mask.x + mask.width) { inside.append(b.coverage[(y - b.y) * b.width + (x - b.x)]) }
            }
            #expect(inside == mask.coverage, "σ \(sigma)")
            let total = { (bytes: [UInt8]) -> Int in bytes.reduce(0) { $0 + Int($1) } }
            #expect(total(b.coverage) == total(mask.coverage), "σ \(sigma)")
        }
    }
}

import HoloGeometry
import HoloPixels
@testable import HoloRaster
import HoloScene
import Testing

@Suite struct MaterialTests {
    /// The table of docs/designs.md, Materials, transcribed again here so a typo in the source
    /// shows up; except the light ultraThin and thin curves' ⅔ points (0.65, 0.76 in the table),
    /// fitted to 0.95 so that a light bar reads lighter than a light backdrop (issue 31;
    /// MaterialCalibrationTests anchor 3).
    static let table: [MaterialKind: (sat: Double, light: Double, mix: Double, curveLight: [Double], curveDark: [Double])] = [
        .ultraThin: (1.1, 0.12, 0.5, [0.45, 0.55, 0.95, 0.68], [0.24, 0.24, 0.30, 0.39]),
        .thin: (1.35, 0.12, 0.6, [0.725, 0.825, 0.95, 0.73], [0.20, 0.21, 0.10, 0.15]),
        .regular: (1.5, 0.10, 0.75, [0.90, 0.83, 0.925, 0.815], [0.16, 0.26, 0.10, 0.10]),
        .thick: (1.5, 0.045, 0.88, [0.99, 0.95, 0.98, 0.905], [0.14, 0.16, 0.10, 0.03]),
    ]

    /// The recipe on one straight colour, in Double: saturate, clamp, curve, mix, brighten, clamp.
    static func expected(_ kind: MaterialKind, _ scheme: ColorScheme, _ rgb: [Double]) -> [Double] {
        let row = table[kind]!
        let curve = scheme == .light ? row.curveLight : row.curveDark
        let bright = scheme == .light ? row.light : 0
        func luma(_ c: [Double]) -> Double { 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] }
        let l = luma(rgb)
        let s = rgb.map { min(max(l + row.sat * ($0 - l), 0), 1) }
        let t = luma(s) * 3
        let i = min(Int(t), 2)
        let grey = curve[i] + (curve[i + 1] - curve[i]) * (t - Double(i))
        return s.map { min(max($0 + (grey - $0) * row.mix + bright, 0), 1) }
    }

    static let backdrops: [[Double]] = [[0.2, 0.5, 0.8], [0.95, 0.3, 0.1], [0.05, 0.05, 0.05], [1, 1, 1]]

    @Test(arguments: MaterialKind.allCases, [ColorScheme.light, .dark])
    func flatBackdropGivesTheRecipeColour(kind: MaterialKind, scheme: ColorScheme) {
        for rgb in Self.backdrops {
            var canvas = Canvas(width: 80, height: 50, scale: 1)
            canvas.clear(to: Color(red: rgb[0], green: rgb[1], blue: rgb[2]))
            let backdrop = canvas[0, 0]
            var mask = CoverageMask(x: 10, y: 5, width: 60, height: 30)
            for i in mask.coverage.indices { mask.coverage[i] = 255 }
            canvas.applyMaterial(kind, scheme: scheme, in: mask)
            // The backdrop as stored (8-bit) is what the material sees.
            let stored = [Double(backdrop.r), Double(backdrop.g), Double(backdrop.b)].map { $0 / 255 }
            let want = Self.expected(kind, scheme, stored).map { Int(($0 * 255).rounded()) }
            for (x, y) in [(10, 5), (40, 20), (69, 34)] {
                let p = canvas[x, y]
                let got = [Int(p.r), Int(p.g), Int(p.b)]
                #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 } && p.a == 255,
                        "\(kind) \(scheme) over \(rgb): \(got) vs \(want)")
            }
            #expect(canvas[9, 5] == backdrop && canvas[70, 20] == backdrop, "outside the mask is untouched")
        }
    }

    @Test func coverageBlendsBetweenBackdropAndMaterial() {
        var canvas = Canvas(width: 40, height: 20, scale: 2)
        canvas.clear(to: Color(red: 0.1, green: 0.4, blue: 0.7))
        let before = canvas[0, 0]
        var full = CoverageMask(x: 0, y: 0, width: 40, height: 20)
        for i in full.coverage.indices { full.coverage[i] = 255 }
        var reference = canvas
        reference.applyMaterial(.regular, scheme: .dark, in: full)
        let material = reference[5, 5]
        var half = full
        for i in half.coverage.indices { half.coverage[i] = i % 40 < 20 ? 128 : 0 }
        canvas.applyMaterial(.regular, scheme: .dark, in: half)
        let mid = canvas[5, 5]
        for (m, b, g) in [(material.r, before.r, mid.r), (material.g, before.g, mid.g), (material.b, before.b, mid.b)] {
            let want = (Double(m) * 128 + Double(b) * 127) / 255
            #expect(abs(Double(g) - want) <= 1)
        }
        #expect(canvas[30, 5] == before)
    }

    @Test func materialBlursWhatIsBehindIt() {
        // 6-px black/white stripes; ultraThin at 1x blurs with σ = 22.5 px: stripes vanish.
        // (Far from the canvas edges, whose clamped extension would tint the average.)
        var canvas = Canvas(width: 402, height: 240, scale: 1)
        for y in 0..<240 { for x in 0..<402 {
            canvas[x, y] = (x / 6) % 2 == 0 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
                : PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        } }
        var mask = CoverageMask(x: 140, y: 90, width: 120, height: 60)
        for i in mask.coverage.indices { mask.coverage[i] = 255 }
        canvas.applyMaterial(.ultraThin, scheme: .light, in: mask)
        let row = (140..<260).map { Int(canvas[$0, 120].g) }
        #expect(row.max()! - row.min()! <= 3, "stripes still visible: \(row.min()!)…\(row.max()!)")
        // Mid grey (luma ½) through the light ultraThin recipe.
        let want = Self.expected(.ultraThin, .light, [0.5, 0.5, 0.5])[1] * 255
        #expect(abs(Double(row[60]) - want) <= 4)
    }
}

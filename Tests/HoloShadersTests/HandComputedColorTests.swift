// The port against the formula, computed here independently: textbook HSL (the piecewise
// hue-to-rgb of CSS Color 3, not the branchless form the port uses), Foundation's cos and pow, and
// the constants typed in from the reference rather than read from the port.
import Foundation
import Testing
import HoloShaders

/// hue = fract(accent + 0.6·(0.4u + 0.2v + lightAngle/360 + 0.05·sin(0.5t))) at rest (angle 0, t 0);
/// rgb = hsl(hue, 0.85, 0.55) + specular; rgb *= 1 − 0.3v; boost 1.3 around Rec. 601 luma; clamp.
func handComputedColor(u: Double, v: Double, accentHue: Double) -> [Double] {
    var hue = accentHue + 0.6 * (0.4 * u + 0.2 * v)
    hue -= hue.rounded(.down)
    // CSS Color 3 hsl → rgb.
    let s = 0.85, l = 0.55
    let q = l < 0.5 ? l * (1 + s) : l + s - l * s
    let p = 2 * l - q
    func channel(_ t0: Double) -> Double {
        var t = t0
        if t < 0 { t += 1 }
        if t > 1 { t -= 1 }
        if t < 1.0 / 6 { return p + (q - p) * 6 * t }
        if t < 1.0 / 2 { return q }
        if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
        return p
    }
    var rgb = [channel(hue + 1.0 / 3), channel(hue), channel(hue - 1.0 / 3)]
    let specular = 0.6 * pow(max(0, cos((u - 0.5) * .pi)), 12)
        + 0.12 * pow(max(0, cos(1.5 * (u - 0.5) * .pi + 0.5)), 8)
    rgb = rgb.map { ($0 + specular) * (1 - 0.3 * v) }
    let luma = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return rgb.map { min(1, max(0, luma + 1.3 * ($0 - luma))) }
}

struct SamplePoint: Sendable, CustomStringConvertible {
    let u: Double, v: Double, accentHue: Double
    var description: String { "u \(u) v \(v) accent \(accentHue)" }
}

let samplePoints: [SamplePoint] = [
    SamplePoint(u: 0.5, v: 0.5, accentHue: 0),
    SamplePoint(u: 0.1, v: 0.2, accentHue: 0.3),
    SamplePoint(u: 0.9, v: 0.8, accentHue: 0.6),
    SamplePoint(u: 0.25, v: 0, accentHue: 0.95),
    SamplePoint(u: 0.7, v: 1, accentHue: 0.45),
]

@Suite("HolographicText at rest matches the formula computed by hand")
struct HandComputedColorTests {

    @Test(arguments: samplePoints)
    func scalarReferenceWithin1e5(_ point: SamplePoint) {
        let expected = handComputedColor(u: point.u, v: point.v, accentHue: point.accentHue)
        let actual = holographicText(u: Float(point.u), v: Float(point.v), roll: 0, pitch: 0, time: 0,
                                     accentHue: Float(point.accentHue))
        for channel in 0..<3 {
            #expect(abs(Double(actual[channel]) - expected[channel]) < 1e-5, "channel \(channel)")
        }
        #expect(actual.w == 1)
    }

    @Test(arguments: samplePoints)
    func simdSpanWithinOneLevel(_ point: SamplePoint) {
        let expected = handComputedColor(u: point.u, v: point.v, accentHue: point.accentHue)
        // The sample pixel sits in lane 3 of a full block of eight and also alone (the tail path).
        for (coverage, index) in [([UInt8](repeating: 255, count: 8), 3), ([255], 0)] {
            var out = [UInt8](repeating: 0, count: 4 * coverage.count)
            let du: Float = 0.001
            HolographicText.shadeSpan(u0: Float(point.u) - Float(index) * du, du: du, v: Float(point.v),
                                      uniforms: HolographicTextUniforms(accentHue: Float(point.accentHue)),
                                      coverage: coverage, into: &out)
            for channel in 0..<3 {
                let byte = Double(out[4 * index + channel])
                #expect(abs(byte / 255 - expected[channel]) <= 1.0 / 255, "channel \(channel)")
            }
            #expect(out[4 * index + 3] == 255)
        }
    }

    @Test func coverageScalesThePremultipliedColour() {
        let expected = handComputedColor(u: 0.5, v: 0.5, accentHue: 0)
        var out = [UInt8](repeating: 0, count: 4)
        HolographicText.shadeSpan(u0: 0.5, du: 0, v: 0.5, uniforms: HolographicTextUniforms(),
                                  coverage: [64], into: &out)
        #expect(out[3] == 64)
        for channel in 0..<3 {
            #expect(abs(Double(out[channel]) - expected[channel] * 64) <= 1, "channel \(channel)")
        }
    }
}

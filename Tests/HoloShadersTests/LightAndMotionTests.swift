// How the title answers the phone's tilt and Reduce Motion.
import Testing
import HoloShaders

/// Hue in 0…1 of an rgb colour (hexcone). The shader's specular band and shading add to or scale
/// all channels alike and the saturation boost scales differences from luma, none of which move
/// the hue, so the output's hue follows the formula's hue wherever no channel clips.
func hue(_ c: SIMD4<Float>) -> Double {
    let r = Double(c.x), g = Double(c.y), b = Double(c.z)
    let hi = max(r, g, b), lo = min(r, g, b), d = hi - lo
    guard d > 0 else { return 0 }
    var h: Double
    if hi == r { h = (g - b) / d } else if hi == g { h = 2 + (b - r) / d } else { h = 4 + (r - g) / d }
    h /= 6
    return h < 0 ? h + 1 : h
}

/// The step from a to b on the hue circle, in (−0.5, 0.5].
func hueStep(_ a: Double, _ b: Double) -> Double {
    var d = b - a
    while d > 0.5 { d -= 1 }
    while d <= -0.5 { d += 1 }
    return d
}

let rollSweep: [Float] = stride(from: -0.5, through: 0.5, by: 0.05).map { Float($0) }

@Suite("Tilt and Reduce Motion")
struct LightAndMotionTests {

    @Test(arguments: [(Float(0.1), Float(0.5), Float(0)), (0.3, 0.3, 0.5), (0.9, 0.6, 0.8)])
    func hueMovesOneWayAsRollSweeps(u: Float, v: Float, accentHue: Float) {
        let hues = rollSweep.map { roll in
            hue(holographicText(u: u, v: v, roll: roll, pitch: 0, time: 0, accentHue: accentHue))
        }
        let steps = zip(hues, hues.dropFirst()).map { hueStep($0, $1) }
        // lightAngle = 90°·roll, so 0.05 rad of roll moves the formula's hue by 0.6·4.5/360 = 0.0075;
        // where the glint makes a channel clip the output's hue wobbles around that, but never back.
        for step in steps { #expect(step > 0 && step < 0.04, "step \(step)") }
        let travel = steps.reduce(0, +)
        #expect(abs(travel - 0.15) < 0.03, "travel \(travel)")
    }

    /// argmax over u of the luma of the scalar reference along a row.
    func specularPeak(roll: Float, pitch: Float) -> Double {
        var best = (u: 0.0, luma: -1.0)
        for i in 0...1000 {
            let u = Float(i) / 1000
            let c = holographicText(u: u, v: 0.5, roll: roll, pitch: pitch, time: 0, accentHue: 0.6)
            let luma = 0.299 * Double(c.x) + 0.587 * Double(c.y) + 0.114 * Double(c.z)
            if luma > best.luma { best = (Double(u), luma) }
        }
        return best.u
    }

    @Test func specularPeakFollowsTheLightAngle() {
        let peaks = rollSweep.map { specularPeak(roll: $0, pitch: 0) }
        for (a, b) in zip(peaks, peaks.dropFirst()) { #expect(b < a) }
        for (roll, peak) in zip(rollSweep, peaks) {
            // cos((u − ½)π + θ) peaks at u* = ½ − θ/π = ½ − lightAngle/180, lightAngle = 90·roll.
            #expect(abs(peak - (0.5 - 90 * Double(roll) / 180)) < 0.03, "roll \(roll) peak \(peak)")
        }
        // Pitch tilts the light too: 30° per radian.
        let pitched = specularPeak(roll: 0, pitch: 0.5)
        #expect(abs(pitched - (0.5 - 15.0 / 180)) < 0.03)
    }

    @Test func simdSpanPeakMovesWithTheLight() {
        var previous = Int.max
        for roll in rollSweep {
            var out = [UInt8](repeating: 0, count: 4 * 1000)
            HolographicText.shadeSpan(u0: 0.0005, du: 0.001, v: 0.5,
                                      uniforms: HolographicTextUniforms(roll: roll, accentHue: 0.6),
                                      coverage: [UInt8](repeating: 255, count: 1000), into: &out)
            let lumas: [Int] = (0..<1000).map { i in
                let red = 299 * Int(out[4 * i]), green = 587 * Int(out[4 * i + 1]), blue = 114 * Int(out[4 * i + 2])
                return red + green + blue
            }
            let peak = lumas.indices.max { lumas[$0] < lumas[$1] }!
            #expect(peak < previous, "roll \(roll)")
            #expect(abs(Double(peak) / 1000 - (0.5 - Double(roll) / 2)) < 0.03)
            previous = peak
        }
    }

    @Test func reduceMotionGivesOneStaticGradient() {
        let moving = [
            HolographicTextUniforms(roll: 0.4, pitch: -0.2, time: 3.7, accentHue: 0.3),
            HolographicTextUniforms(roll: -0.5, pitch: 0.5, time: 12.1, accentHue: 0.3),
            HolographicTextUniforms(roll: 0.1, pitch: 0, time: 0.5, accentHue: 0.3),
        ]
        let coverage = (0..<333).map { UInt8(truncatingIfNeeded: $0 * 37) }
        func render(_ uniforms: HolographicTextUniforms) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: 4 * coverage.count)
            HolographicText.shadeSpan(u0: 0, du: 0.003, v: 0.4, uniforms: uniforms, coverage: coverage, into: &out)
            return out
        }
        let rest = render(HolographicTextUniforms(accentHue: 0.3))
        var staticFrames = moving.map { u in var s = u; s.isStatic = true; return render(s) }
        staticFrames.append(rest)
        for frame in staticFrames { #expect(frame == rest) }
        // Without Reduce Motion the same inputs do move the title.
        for uniforms in moving { #expect(render(uniforms) != rest) }
        // The scalar reference agrees.
        var still = moving[0]; still.isStatic = true
        #expect(HolographicText.color(u: 0.3, v: 0.6, uniforms: still)
                == holographicText(u: 0.3, v: 0.6, roll: 0, pitch: 0, time: 0, accentHue: 0.3))
    }

    @Test func timeShimmersTheHue() {
        // 0.05·sin(0.5t) at t = π: +0.05·0.6 = 0.03 of hue, where no channel clips (u 0.1, v 0.6).
        let h0 = hue(holographicText(u: 0.1, v: 0.6, roll: 0, pitch: 0, time: 0, accentHue: 0.1))
        let h1 = hue(holographicText(u: 0.1, v: 0.6, roll: 0, pitch: 0, time: .pi, accentHue: 0.1))
        #expect(abs(hueStep(h0, h1) - 0.03) < 0.003)
    }
}

// The built-in shaders as scene paints: a `ShaderPaint` over a `ColorEffectProgram` (the hand
// ports), compared and hashed by the program's identity. Retained layers are keyed by their
// subtree, so an argument the identity left out would let a stale layer be reused.

import Testing
import HoloGeometry
import HoloScene
import HoloShaders
@testable import HoloClips

@Suite struct BuiltInShaderPaintTests {
    let bounds = Rect(x: 0, y: 0, width: 120, height: 40)

    func paint(_ program: any ColorEffectProgram) -> Paint { .shader(ShaderPaint(bounds: bounds, program: program)) }

    @Test func everyHolographicArgumentTellsPaintsApart() {
        let base = HolographicTextEffect(roll: 0.1, pitch: 0.2, time: 0.3, accentHue: 0.4, isStatic: false)
        let changed = [
            HolographicTextEffect(roll: 0.11, pitch: 0.2, time: 0.3, accentHue: 0.4, isStatic: false),
            HolographicTextEffect(roll: 0.1, pitch: 0.21, time: 0.3, accentHue: 0.4, isStatic: false),
            HolographicTextEffect(roll: 0.1, pitch: 0.2, time: 0.31, accentHue: 0.4, isStatic: false),
            HolographicTextEffect(roll: 0.1, pitch: 0.2, time: 0.3, accentHue: 0.41, isStatic: false),
            HolographicTextEffect(roll: 0.1, pitch: 0.2, time: 0.3, accentHue: 0.4, isStatic: true),
        ]
        for c in changed {
            #expect(paint(c) != paint(base), "\(c.identity)")
            #expect(paint(c).hashValue != paint(base).hashValue, "\(c.identity)")
        }
        let same = HolographicTextEffect(roll: 0.1, pitch: 0.2, time: 0.3, accentHue: 0.4, isStatic: false)
        #expect(paint(same) == paint(base) && paint(same).hashValue == paint(base).hashValue)
        // A difference in the last bit of a Double is a different paint, as it was for the uniforms.
        #expect(paint(HolographicTextEffect(roll: 0.1.nextUp, pitch: 0.2, time: 0.3)) != paint(HolographicTextEffect(roll: 0.1, pitch: 0.2, time: 0.3)))
    }

    @Test func anyDistanceRollAndTheShaderItselfTellPaintsApart() {
        #expect(paint(AnyDistanceGradientEffect(roll: 0.15)) == paint(AnyDistanceGradientEffect(roll: 0.15)))
        #expect(paint(AnyDistanceGradientEffect(roll: 0.15)) != paint(AnyDistanceGradientEffect(roll: 0.16)))
        #expect(paint(AnyDistanceGradientEffect(roll: 0)) != paint(HolographicTextEffect(roll: 0, pitch: 0, time: 0)))
    }

    /// The programs draw what the ports draw: u, v across the bounds from positions in points,
    /// one span a row (an axis-aligned transform), alpha 255.
    @Test func theProgramShadesThePortsSpans() {
        let effect = HolographicTextEffect(roll: 0.2, pitch: -0.1, time: 1.3, accentHue: 0.6)
        let uniforms = HolographicTextUniforms(roll: 0.2, pitch: -0.1, time: 1.3, accentHue: 0.6)
        let coverage = [UInt8](repeating: 255, count: 120)
        for y in [0.5, 17.5, 39.5] {
            var shaded = [UInt32](repeating: 0, count: 120), port = shaded
            effect.shade(bounds: bounds, x0: 0.5, y0: y, dx: 1, dy: 0, count: 120, into: &shaded)
            HolographicText.shadeSpan(u0: Float(0.5 / 120), du: Float(1.0 / 120), v: Float(y / 40), count: 120,
                                      uniforms: uniforms, coverage: coverage, into: &port)
            #expect(shaded == port)
            #expect(shaded.allSatisfy { $0 >> 24 == 255 })
        }
        #expect(!effect.mayExceedAlpha && !AnyDistanceGradientEffect(roll: 0).mayExceedAlpha)
    }

    /// The reference colour is the port's scalar colour rounded in Float, on the 1/255 grid, so
    /// the reference renderer's own rounding gives the level the port's reference always gave.
    @Test func theReferenceColourIsThePortsLevel() {
        let effect = AnyDistanceGradientEffect(roll: 0.15)
        for x in stride(from: 0.25, to: 120, by: 7.5) {
            let c = effect.referenceColor(bounds: bounds, x: x, y: 3)
            let rgb = AnyDistanceGradient.color(u: Float(x / 120), roll: 0.15)
            func level(_ f: Float) -> Int { Int(min(max(f, 0), 1) * 255 + 0.5) }
            #expect(Int((c.0 * 255).rounded()) == level(rgb.x) && Int((c.1 * 255).rounded()) == level(rgb.y)
                    && Int((c.2 * 255).rounded()) == level(rgb.z) && c.3 == 1)
        }
    }
}

// HolographicTextUniforms: what the title's shader is given each frame, as the Metal function's
// arguments after `size`, plus the Reduce Motion switch the SwiftUI view applies before calling it.

@frozen
public struct HolographicTextUniforms: Sendable, Hashable {
    /// Smoothed device roll, radians.
    public var roll: Float
    /// Smoothed device pitch, radians.
    public var pitch: Float
    /// Seconds since the title appeared, already stepped by `TimelineClock`.
    public var time: Float
    /// Base hue of the palette, 0…1.
    public var accentHue: Float
    /// Reduce Motion: no time animation and no tilt, so the title is a static gradient.
    public var isStatic: Bool

    @inlinable
    public init(roll: Float = 0, pitch: Float = 0, time: Float = 0, accentHue: Float = 0, isStatic: Bool = false) {
        self.roll = roll
        self.pitch = pitch
        self.time = time
        self.accentHue = accentHue
        self.isStatic = isStatic
    }

    /// The values the shader actually sees: with `isStatic`, time = 0 and roll = pitch = 0.
    @inlinable
    public var effective: HolographicTextUniforms {
        isStatic ? HolographicTextUniforms(accentHue: accentHue, isStatic: true) : self
    }
}

extension HolographicText {
    /// The scalar reference at one point, with Reduce Motion applied: straight rgb, alpha 1.
    public static func color(u: Float, v: Float, uniforms: HolographicTextUniforms) -> SIMD4<Float> {
        let e = uniforms.effective
        return holographicText(u: u, v: v, roll: e.roll, pitch: e.pitch, time: e.time, accentHue: e.accentHue)
    }
}

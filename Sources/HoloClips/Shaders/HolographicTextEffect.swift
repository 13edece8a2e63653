// HolographicTextEffect: the Reps app's holographic title shader (Shaders/HolographicText.metal's
// `holographicText`) with its arguments, drawn by HoloShaders' port (PortedColorEffect.swift).

import HoloGeometry
import HoloScene
import HoloShaders

public struct HolographicTextEffect: PortedColorEffect, Hashable {
    /// Device attitude in radians (already smoothed).
    public let roll: Double
    public let pitch: Double
    /// Seconds (already stepped at the TimelineView's 30 fps).
    public let time: Double
    public let accentHue: Double
    /// Reduce Motion: a static gradient.
    public let isStatic: Bool
    public let identity: String
    /// The port's arguments (single precision, as the Metal function takes them).
    let uniforms: HolographicTextUniforms

    public init(roll: Double, pitch: Double, time: Double, accentHue: Double = 0.55, isStatic: Bool = false) {
        self.roll = roll; self.pitch = pitch; self.time = time; self.accentHue = accentHue; self.isStatic = isStatic
        // No '#': a `MetalColorEffect`'s identity always has one, so the two never collide.
        identity = "holographicText(roll: \(roll), pitch: \(pitch), time: \(time), accentHue: \(accentHue), static: \(isStatic))"
        uniforms = HolographicTextUniforms(roll: Float(roll), pitch: Float(pitch), time: Float(time),
                                           accentHue: Float(accentHue), isStatic: isStatic)
    }

    func shadeSpan(u0: Float, du: Float, v: Float, count: Int, coverage: UnsafePointer<UInt8>,
                   into out: UnsafeMutableRawPointer) {
        HolographicText.shadeSpan(u0: u0, du: du, v: v, count: count, uniforms: uniforms, coverage: coverage, into: out)
    }

    func color(u: Float, v: Float) -> SIMD4<Float> { HolographicText.color(u: u, v: v, uniforms: uniforms) }

    public static func == (a: Self, b: Self) -> Bool { a.identity == b.identity }
    public func hash(into h: inout Hasher) { h.combine(identity) }
}

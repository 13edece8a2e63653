// AnyDistanceGradientEffect: Any Distance's ten-hue gradient that slides with roll (the
// `anyDistanceGradient` section of Shaders/HolographicText.metal), drawn by HoloShaders' port
// (PortedColorEffect.swift).

import HoloGeometry
import HoloScene
import HoloShaders

public struct AnyDistanceGradientEffect: PortedColorEffect, Hashable {
    /// Device roll in radians (already smoothed).
    public let roll: Double
    public let identity: String

    public init(roll: Double) {
        self.roll = roll
        // No '#': a `MetalColorEffect`'s identity always has one, so the two never collide.
        identity = "anyDistanceGradient(roll: \(roll))"
    }

    func shadeSpan(u0: Float, du: Float, v: Float, count: Int, coverage: UnsafePointer<UInt8>,
                   into out: UnsafeMutableRawPointer) {
        AnyDistanceGradient.shadeSpan(u0: u0, du: du, count: count, roll: Float(roll), coverage: coverage, into: out)
    }

    func color(u: Float, v: Float) -> SIMD4<Float> { AnyDistanceGradient.color(u: u, roll: Float(roll)) }

    public static func == (a: Self, b: Self) -> Bool { a.identity == b.identity }
    public func hash(into h: inout Hasher) { h.combine(identity) }
}

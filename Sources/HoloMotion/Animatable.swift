// Values that can be animated: anything that maps to a short vector of Doubles and back.
//
// SwiftUI animates `animatableData: VectorArithmetic`. Every value Holoframe animates has at most four
// components (a rect, a colour), so the vector space here is fixed: SIMD4<Double>. Springs and curves
// then run on one concrete type — no generic arithmetic in the stepper — and lane-wise IEEE arithmetic
// gives the same bits as the scalar code would.

import HoloGeometry

/// The vector a value is animated in. Unused lanes stay 0.
public typealias AnimationVector = SIMD4<Double>

public protocol Animatable: Sendable, Equatable {
    var animationVector: AnimationVector { get }
    init(animationVector: AnimationVector)
}

extension AnimationVector {
    /// |v|², the measure SwiftUI's `VectorArithmetic.magnitudeSquared` gives the finish rule.
    @inlinable public var magnitudeSquared: Double { (self * self).sum() }
}

extension Double: Animatable {
    @inlinable public var animationVector: AnimationVector { AnimationVector(self, 0, 0, 0) }
    @inlinable public init(animationVector v: AnimationVector) { self = v[0] }
}

extension Point: Animatable {
    @inlinable public var animationVector: AnimationVector { AnimationVector(x, y, 0, 0) }
    @inlinable public init(animationVector v: AnimationVector) { self.init(v[0], v[1]) }
}

extension Size: Animatable {
    @inlinable public var animationVector: AnimationVector { AnimationVector(width, height, 0, 0) }
    @inlinable public init(animationVector v: AnimationVector) { self.init(v[0], v[1]) }
}

extension Rect: Animatable {
    /// Origin and size component by component, as matched geometry interpolates frames.
    @inlinable public var animationVector: AnimationVector { AnimationVector(origin.x, origin.y, size.width, size.height) }
    @inlinable public init(animationVector v: AnimationVector) { self.init(x: v[0], y: v[1], width: v[2], height: v[3]) }
}

extension Color: Animatable {
    /// Straight sRGB components, the space `Color.mixed` interpolates in.
    @inlinable public var animationVector: AnimationVector { AnimationVector(red, green, blue, alpha) }
    @inlinable public init(animationVector v: AnimationVector) { self.init(red: v[0], green: v[1], blue: v[2], alpha: v[3]) }
}

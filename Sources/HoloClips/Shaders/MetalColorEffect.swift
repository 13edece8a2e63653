// MetalColorEffect: a user's compiled `.metal` colour effect as a scene paint.
//
// HoloScene knows paints only through the `ColorEffectProgram` protocol (so neither it nor the
// renderer imports the compiler); this is the one implementation, over HoloMSL. Arguments are
// fixed numbers, except `.boundsSize`: the paint's box in points, worked out when shading (the
// `.float2(size)` SwiftUI shaders are usually given, and what a text fill's box is only known
// as once the renderer has measured the run).

import HoloGeometry
import HoloMSL
import HoloScene

public struct MetalColorEffect: ColorEffectProgram {
    public enum Argument: Sendable, Hashable {
        case values([Double])
        /// The paint's bounds' (width, height) in points.
        case boundsSize
    }

    public let effect: MSLCompiledEffect
    public let arguments: [Argument]
    public let identity: String
    /// Bound once, with (0, 0) where the bounds' size goes.
    let bound: MSLArguments
    /// Component offsets of the `.boundsSize` arguments.
    let sizeOffsets: [Int]

    /// `name` identifies the source (a path, or a built-in's name) in `identity`.
    public init(_ effect: MSLCompiledEffect, arguments: [Argument], name: String) throws(MSLError) {
        self.effect = effect
        self.arguments = arguments
        identity = "\(name)#\(effect.entry.name)(\(arguments.map { "\($0)" }.joined(separator: ",")))"
        let concrete = arguments.map { a -> [Double] in if case .values(let v) = a { return v } else { return [0, 0] } }
        bound = try effect.entry.arguments(concrete)
        var offsets: [Int] = [], offset = 0
        for (a, t) in zip(arguments, effect.entry.argumentTypes) {
            if a == .boundsSize { offsets.append(offset) }
            offset += t.componentCount
        }
        sizeOffsets = offsets
    }

    func values(_ bounds: Rect) -> [[Double]] {
        arguments.map { a in
            switch a {
            case .values(let v): return v
            case .boundsSize: return [bounds.width, bounds.height]
            }
        }
    }

    public func shade(bounds: Rect, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                      into out: UnsafeMutablePointer<UInt32>) {
        // Counts were checked in init; only the size's numbers differ here.
        var bound = self.bound
        for offset in sizeOffsets {
            bound = bound.replacing(componentsFrom: offset, with: [Float(bounds.width), Float(bounds.height)])
        }
        effect.shadeColorEffect(x0: Float(x0), y0: Float(y0), dx: Float(dx), dy: Float(dy), count: count,
                                arguments: bound, into: out)
    }

    public func referenceColor(bounds: Rect, x: Double, y: Double) -> (Double, Double, Double, Double) {
        let c = Reference.evaluate(effect.entry, position: (x, y), color: [1, 1, 1, 1], arguments: values(bounds))
        return (c[0], c[1], c[2], c[3])
    }
}

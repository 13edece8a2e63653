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
    /// Bound once when no argument depends on the bounds.
    let fixed: MSLArguments?

    /// `name` identifies the source (a path, or a built-in's name) in `identity`.
    public init(_ effect: MSLCompiledEffect, arguments: [Argument], name: String) throws(MSLError) {
        self.effect = effect
        self.arguments = arguments
        identity = "\(name)#\(effect.entry.name)(\(arguments.map { "\($0)" }.joined(separator: ",")))"
        let concrete = arguments.map { a -> [Double] in if case .values(let v) = a { return v } else { return [0, 0] } }
        let bound = try effect.entry.arguments(concrete)
        fixed = arguments.contains(.boundsSize) ? nil : bound
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
        // Sizes were checked in init; only the numbers differ here.
        let bound = fixed ?? (try? effect.entry.arguments(values(bounds)))
        guard let bound else { out.update(repeating: 0, count: count); return }
        effect.shadeColorEffect(x0: Float(x0), y0: Float(y0), dx: Float(dx), dy: Float(dy), count: count,
                                arguments: bound, into: out)
    }

    public func referenceColor(bounds: Rect, x: Double, y: Double) -> (Double, Double, Double, Double) {
        let c = Reference.evaluate(effect.entry, position: (x, y), color: [1, 1, 1, 1], arguments: values(bounds))
        return (c[0], c[1], c[2], c[3])
    }
}

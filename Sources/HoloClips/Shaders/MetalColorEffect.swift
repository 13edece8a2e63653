// MetalColorEffect and MetalShaderEffect: a user's compiled `.metal` function as a scene paint
// (a colour effect filling a shape) or as a group's shader effect (colour, distortion or layer).
//
// HoloScene knows them only through the `ColorEffectProgram` and `ShaderEffectProgram` protocols
// (so neither it nor the renderer imports the compiler); these are the implementations, over
// HoloMSL. Arguments are fixed numbers, except `.boundsSize`: the paint's box (or the effect's
// rect) in points, worked out when shading (the `.float2(size)` SwiftUI shaders are usually
// given, and what a text fill's box is only known as once the renderer has measured the run).

import HoloGeometry
import HoloMSL
import HoloScene

/// A function's arguments bound once, with the box's size patched in per call.
struct MetalArgumentBinding: Sendable {
    let effect: MSLCompiledEffect
    let arguments: [MetalColorEffect.Argument]
    /// Bound once, with (0, 0) where the bounds' size goes.
    let bound: MSLArguments
    /// Component offsets of the `.boundsSize` arguments.
    let sizeOffsets: [Int]

    init(_ effect: MSLCompiledEffect, arguments: [MetalColorEffect.Argument]) throws(MSLError) {
        self.effect = effect
        self.arguments = arguments
        let concrete = arguments.map { a -> [Double] in if case .values(let v) = a { return v } else { return [0, 0] } }
        bound = try effect.entry.arguments(concrete)
        var offsets: [Int] = [], offset = 0
        for (a, t) in zip(arguments, effect.entry.argumentTypes) {
            if a == .boundsSize { offsets.append(offset) }
            offset += t.componentCount
        }
        sizeOffsets = offsets
    }

    func identity(_ name: String) -> String {
        "\(name)#\(effect.entry.name)(\(arguments.map { "\($0)" }.joined(separator: ",")))"
    }

    /// The compiled path's arguments for a box of `size` (counts were checked in init).
    func bound(_ size: Size) -> MSLArguments {
        var bound = self.bound
        for offset in sizeOffsets {
            bound = bound.replacing(componentsFrom: offset, with: [Float(size.width), Float(size.height)])
        }
        return bound
    }

    /// The reference's arguments for a box of `size`.
    func values(_ size: Size) -> [[Double]] {
        arguments.map { a in
            switch a {
            case .values(let v): return v
            case .boundsSize: return [size.width, size.height]
            }
        }
    }
}

public struct MetalColorEffect: ColorEffectProgram {
    public enum Argument: Sendable, Hashable {
        case values([Double])
        /// The paint's bounds' (width, height) in points.
        case boundsSize
    }

    public var effect: MSLCompiledEffect { binding.effect }
    public var arguments: [Argument] { binding.arguments }
    public let identity: String
    let binding: MetalArgumentBinding

    /// `name` identifies the source (a path, or a built-in's name) in `identity`.
    public init(_ effect: MSLCompiledEffect, arguments: [Argument], name: String) throws(MSLError) {
        binding = try MetalArgumentBinding(effect, arguments: arguments)
        identity = binding.identity(name)
    }

    public func shade(bounds: Rect, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                      into out: UnsafeMutablePointer<UInt32>) {
        effect.shadeColorEffect(x0: Float(x0), y0: Float(y0), dx: Float(dx), dy: Float(dy), count: count,
                                arguments: binding.bound(bounds.size), into: out)
    }

    public var operationsPerPixel: Double { effect.entry.operationsPerPixel }

    public func referenceColor(bounds: Rect, x: Double, y: Double) -> (Double, Double, Double, Double) {
        let c = Reference.evaluate(effect.entry, position: (x, y), color: [1, 1, 1, 1], arguments: binding.values(bounds.size))
        return (c[0], c[1], c[2], c[3])
    }
}

/// A colour, distortion or layer effect on a group (a scene's `shaderEffect` node).
public struct MetalShaderEffect: ShaderEffectProgram {
    public let identity: String
    public let kind: ShaderEffectKind
    let binding: MetalArgumentBinding

    /// `name` identifies the source in `identity`; the kind is the entry's.
    public init(_ effect: MSLCompiledEffect, arguments: [MetalColorEffect.Argument], name: String) throws(MSLError) {
        binding = try MetalArgumentBinding(effect, arguments: arguments)
        identity = "\(effect.entry.kind.rawValue):" + binding.identity(name)
        switch effect.entry.kind {
        case .color: kind = .color
        case .distortion: kind = .distortion
        case .layer: kind = .layer
        }
    }

    public var layerSampleStride: Int { MSLLanes.width }

    public var operationsPerPixel: Double { binding.effect.entry.operationsPerPixel }

    public func shadeColors(size: Size, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                            colors: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        binding.effect.shadeColorEffect(x0: Float(x0), y0: Float(y0), dx: Float(dx), dy: Float(dy), count: count,
                                        arguments: binding.bound(size), colors: colors, into: out)
    }

    public func distort(size: Size, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                        into out: UnsafeMutablePointer<SIMD2<Float>>) {
        binding.effect.shadeDistortion(x0: Float(x0), y0: Float(y0), dx: Float(dx), dy: Float(dy), count: count,
                                       arguments: binding.bound(size), into: out)
    }

    public func shadeLayer(size: Size, x0: Double, y0: Double, dx: Double, dy: Double, count: Int,
                           sample: @escaping (UnsafePointer<Float>, UnsafePointer<Float>, Int, UnsafeMutablePointer<Float>) -> Void,
                           into out: UnsafeMutablePointer<UInt32>) {
        binding.effect.shadeLayerEffect(x0: Float(x0), y0: Float(y0), dx: Float(dx), dy: Float(dy), count: count,
                                        arguments: binding.bound(size), sample: sample, into: out)
    }

    public func referenceColor(size: Size, x: Double, y: Double, color: [Double]) -> [Double] {
        Reference.evaluate(binding.effect.entry, position: (x, y), color: color, arguments: binding.values(size))
    }

    public func referenceDistortion(size: Size, x: Double, y: Double) -> (Double, Double) {
        let q = Reference.evaluate(binding.effect.entry, position: (x, y), arguments: binding.values(size))
        return (q[0], q[1])
    }

    public func referenceLayer(size: Size, x: Double, y: Double, sample: @escaping (Double, Double) -> [Double]) -> [Double] {
        Reference.evaluate(binding.effect.entry, position: (x, y), layer: sample, arguments: binding.values(size))
    }
}

// Distortion and layer effects over a span: the same compiled closures, other ends.
//
// A distortion returns, for each destination pixel, the point (in points) whose colour SwiftUI
// draws there; a layer effect samples the layer (premultiplied) wherever it likes. A scene's
// `shaderEffect` node reaches them through HoloClips' MetalShaderEffect and HoloRaster's
// ShaderEffectLayer.swift; tests hold them to the reference.

extension MSLCompiledEffect {

    /// A distortion effect over `count` pixels: writes each pixel's source position (points).
    public func shadeDistortion(x0: Float, y0: Float, dx: Float, dy: Float, count: Int, arguments: MSLArguments,
                                into out: UnsafeMutablePointer<SIMD2<Float>>) {
        precondition(entry.kind == .distortion, "\(entry.name) is a \(entry.kind.rawValue)")
        guard count > 0 else { return }
        withMachine { m in
            setArguments(m, arguments)
            var start = 0
            while start < count {
                let n = min(MSLLanes.width, count - start)
                runBlock(m, start: start, n: n, x0: x0, y0: y0, dx: dx, dy: dy)
                let x = UnsafeMutableRawPointer(m.slot(resultSlots[0])).assumingMemoryBound(to: Float.self)
                let y = UnsafeMutableRawPointer(m.slot(resultSlots[1])).assumingMemoryBound(to: Float.self)
                for i in 0..<n { out[start + i] = SIMD2(x[i], y[i]) }
                start += n
            }
        }
    }

    /// A layer effect over `count` pixels. `sample(xs, ys, n, rgba)` gives the layer's
    /// premultiplied colour (0…1) at n points: rgba[c·width + i] is channel c of point i, where
    /// width is `MSLLanes.width`. Writes premultiplied RGBA8 as `shadeColorEffect` does.
    public func shadeLayerEffect(x0: Float, y0: Float, dx: Float, dy: Float, count: Int, arguments: MSLArguments,
                                 sample: @escaping (UnsafePointer<Float>, UnsafePointer<Float>, Int, UnsafeMutablePointer<Float>) -> Void,
                                 into out: UnsafeMutablePointer<UInt32>) {
        precondition(entry.kind == .layer, "\(entry.name) is a \(entry.kind.rawValue)")
        guard count > 0 else { return }
        withMachine { m in
            m.sampler = sample
            defer { m.sampler = nil }
            setArguments(m, arguments)
            var start = 0
            while start < count {
                let n = min(MSLLanes.width, count - start)
                runBlock(m, start: start, n: n, x0: x0, y0: y0, dx: dx, dy: dy)
                storeColors(m, out + start, n)
                start += n
            }
        }
    }
}

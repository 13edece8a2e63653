// CompiledEffect: one stitchable function compiled to lanes, and its entry points for a span of
// pixels. Compiling happens once (the preparation the frame budget allows for); shading a span
// takes a machine (the block's storage) from a small pool, runs the closures once per block of
// `MSLLanes.width` pixels, and packs the result.
//
// Positions along a span are linear: pixel i of the span is at (x0 + i·dx, y0 + i·dy) points,
// which is what any affine map from device pixels to user space gives along a row.

import HoloGeometry

/// Argument values bound to an entry's argument types (components in order, as Floats).
public struct MSLArguments: Sendable, Hashable {
    var values: [Float]

    /// The same arguments with components `offset ..< offset + values.count` replaced, unchecked
    /// beyond a precondition (for a renderer patching a size per span without re-validating).
    public func replacing(componentsFrom offset: Int, with values: [Float]) -> MSLArguments {
        precondition(offset >= 0 && offset + values.count <= self.values.count, "components out of range")
        var copy = self
        copy.values.replaceSubrange(offset..<(offset + values.count), with: values)
        return copy
    }
}

extension MSLEntry {
    /// `values[i]` holds the components of argument i (a colour's premultiplied rgba, a float2's x
    /// and y…). Ints are truncated, bools are 0 or 1.
    public func arguments(_ values: [[Double]]) throws(MSLError) -> MSLArguments {
        try validate(values)
        var flat: [Float] = []
        for (v, t) in zip(values, argumentTypes) {
            for x in v {
                let converted = Checker.convertValue(x, to: t.scalar)
                flat.append(t.scalar == .half ? roundToHalf(Lane8(repeating: Float(converted)))[0] : Float(converted))
            }
        }
        return MSLArguments(values: flat)
    }
}

/// A stitchable function compiled for the CPU.
/// Sendable by construction: after `init` nothing in it changes but the pool (behind a lock, HoloGeometry.Locked),
/// and the closures capture only slot numbers and constants.
public final class MSLCompiledEffect: @unchecked Sendable {
    public let entry: MSLEntry
    let slotCount: Int
    let constants: [(slot: Int, value: Float)]
    /// The file's constants, once per machine.
    let globals: Op
    /// The uniform values, once per span (after the arguments are set).
    let prologue: [Op]
    let body: Op
    let positionSlots: [Int]
    /// A colour effect's `color` parameter.
    let colorSlots: [Int]
    /// Every argument component's slot, in order.
    let argumentSlots: [Int]
    let resultSlots: [Int]
    let pool = Locked<[Machine]>([])

    public init(_ entry: MSLEntry) {
        self.entry = entry
        let fixed = entry.kind == .distortion ? 1 : 2
        // Twice: the first compile measures the uniform region, the second lays it out.
        func compile(_ uniformCount: Int?) -> (compiler: LaneCompiler, globals: Op, body: Op, result: [Int]) {
            var compiler = LaneCompiler(program: entry.library.program, uniformCount: uniformCount)
            compiler.entryArguments = fixed..<entry.library.program.functions[entry.function].parameterTypes.count
            let globals = compiler.compileGlobals()
            let f = entry.library.program.functions[entry.function]
            let result = compiler.allocate(f.returnType.componentCount)
            let body = compiler.nested { c in _ = c.function(entry.function, arguments: nil, result: result) }
            return (compiler, globals, body, result)
        }
        let count = compile(nil).compiler.uniformCount
        let (compiler, globals, body, result) = compile(count)
        self.globals = globals
        self.body = body
        precondition(compiler.uniformCount == count, "the two compiles laid out the same program")
        let parameterSlots = compiler.entryParameters
        prologue = compiler.prologue
        positionSlots = parameterSlots[0]
        colorSlots = entry.kind == .color ? parameterSlots[1] : []
        argumentSlots = parameterSlots[fixed...].flatMap { $0 }
        resultSlots = result
        slotCount = compiler.highWater
        constants = compiler.constantTable
    }

    /// A machine with the constants and the file's constants in place.
    func makeMachine() -> Machine {
        let m = Machine(slots: slotCount)
        for (slot, value) in constants { m.fill(slot, value) }
        m.fill(0, 1)
        m.refreshMask()
        globals(m)
        return m
    }

    func withMachine<R>(_ body: (Machine) -> R) -> R {
        let m = pool.withLock { $0.popLast() } ?? makeMachine()
        defer { pool.withLock { $0.append(m) } }
        return body(m)
    }

    /// Runs the function for pixels `start ..< start + n` of a span (n ≤ width): positions, then
    /// `prepare` (colours), then the body with the lanes past n switched off.
    @inline(__always)
    func runBlock(_ m: Machine, start: Int, n: Int, x0: Float, y0: Float, dx: Float, dy: Float) {
        let px = m.slot(positionSlots[0]), py = m.slot(positionSlots[1]), e = m.slot(0)
        let lane = Lane8(0, 1, 2, 3, 4, 5, 6, 7)
        for k in 0..<MSLLanes.vectors {
            let i = lane + Float(start + 8 * k)
            px[k] = i * dx + x0
            py[k] = i * dy + y0
            e[k] = truth(lane + Float(8 * k) .< Float(n))
        }
        m.refreshMask()
        body(m)
    }

    func setArguments(_ m: Machine, _ arguments: MSLArguments) {
        precondition(arguments.values.count == argumentSlots.count, "arguments for another function")
        if m.arguments == arguments.values { return }
        for (slot, value) in zip(argumentSlots, arguments.values) { m.fill(slot, value) }
        for op in prologue { op(m) }
        m.arguments = arguments.values
    }

    /// A colour effect over `count` pixels: input colours premultiplied RGBA8 (`colors`, one
    /// UInt32 per pixel in memory order r, g, b, a) or, when `colors` is nil, `color` (premultiplied,
    /// 0…1) everywhere; writes premultiplied RGBA8 to `out`, each channel round(clamp(c, 0, 1)·255).
    public func shadeColorEffect(x0: Float, y0: Float, dx: Float, dy: Float, count: Int,
                                 arguments: MSLArguments, color: SIMD4<Float> = .one,
                                 colors: UnsafePointer<UInt32>? = nil, into out: UnsafeMutablePointer<UInt32>) {
        precondition(entry.kind == .color, "\(entry.name) is a \(entry.kind.rawValue)")
        guard count > 0 else { return }
        withMachine { m in
            setArguments(m, arguments)
            if colors == nil {
                for c in 0..<4 { m.fill(colorSlots[c], roundToHalf(Lane8(repeating: color[c]))[0]) }
            }
            var start = 0
            while start < count {
                let n = min(MSLLanes.width, count - start)
                if let colors { loadColors(m, colors + start, n) }
                runBlock(m, start: start, n: n, x0: x0, y0: y0, dx: dx, dy: dy)
                storeColors(m, out + start, n)
                start += n
            }
        }
    }

    /// RGBA8 → half4 in 0…1 (c/255, rounded to half as SwiftUI passes it).
    func loadColors(_ m: Machine, _ colors: UnsafePointer<UInt32>, _ n: Int) {
        for c in 0..<4 {
            let p = UnsafeMutableRawPointer(m.slot(colorSlots[c])).assumingMemoryBound(to: Float.self)
            for i in 0..<MSLLanes.width {
                let pixel = i < n ? UInt32(littleEndian: colors[i]) : 0
                p[i] = Float((pixel >> (8 * UInt32(c))) & 0xFF) / 255
            }
            let v = m.slot(colorSlots[c])
            for k in 0..<MSLLanes.vectors { v[k] = roundToHalf(v[k]) }
        }
    }

    /// half4 → premultiplied RGBA8, round to nearest (NaN → 0).
    func storeColors(_ m: Machine, _ out: UnsafeMutablePointer<UInt32>, _ n: Int) {
        let r = m.slot(resultSlots[0]), g = m.slot(resultSlots[1]), b = m.slot(resultSlots[2]), a = m.slot(resultSlots[3])
        @inline(__always) func byte(_ x: Lane8) -> SIMD8<UInt32> {
            let clean = choose(x .== x, x, .zero)
            let c = min8(max8(clean, .zero), .one) * 255
            return bits(c + 8_388_608) & 0x007F_FFFF
        }
        var k = 0
        var written = 0
        while written < n {
            let packed = byte(r[k]) | (byte(g[k]) &<< 8) | (byte(b[k]) &<< 16) | (byte(a[k]) &<< 24)
            let m8 = min(8, n - written)
            if m8 == 8 {
                UnsafeMutableRawPointer(out + written).storeBytes(of: packed, as: SIMD8<UInt32>.self)
            } else {
                for i in 0..<m8 { out[written + i] = UInt32(littleEndian: packed[i]) }
            }
            written += m8
            k += 1
        }
    }
}

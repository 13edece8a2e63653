// `holoframe shader`: one colour effect from a .metal file over a rectangle filled with a colour,
// as SwiftUI's `Rectangle().fill(color).colorEffect(…)` would draw it, for developing shaders.
//
// The rectangle is W×H points at `scale` pixels per point; pixel (x, y)'s centre is at
// position ((x + ½)/scale, (y + ½)/scale) points, and `color` (straight "#RRGGBBAA" on the
// command line) reaches the shader premultiplied, as SwiftUI passes it. The result is
// premultiplied RGBA8, written as PNG. With a time argument, a sequence: frame k sets that
// argument to k/fps seconds.

import Foundation
import HoloGeometry
import HoloMSL
import HoloPNG
import HoloPixels
import HoloRaster
import HoloStop

public struct ShaderPreview: Sendable {
    /// One `--arg TYPE:VALUES`, e.g. `float:1.5`, `float2:3,4`, `half4:1,0,0,1`.
    public struct Argument: Sendable, Hashable {
        public var type: String
        public var values: [Double]

        public init(parsing text: String) throws {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ClipUsageError("--arg \(text): expected TYPE:VALUES, e.g. float:1.5 or float2:3,4")
            }
            type = parts[0]
            var values: [Double] = []
            for v in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                guard let x = Double(v.trimmingCharacters(in: .whitespaces)), x.isFinite else {
                    throw ClipUsageError("--arg \(text): '\(v)' is not a number")
                }
                values.append(x)
            }
            self.values = values
        }
    }

    public let effect: MSLCompiledEffect
    public var arguments: [Argument]
    public var width: Double, height: Double, scale: Double
    /// Straight rgba, 0…1.
    public var color: Color
    /// Functions of the file outside the supported subset that `function` does not reach.
    public private(set) var warnings: [String] = []
    /// The functions found, the one used and its kind, in one line.
    public private(set) var summary = ""
    /// --max-shader-work (checked before a frame is shaded) and --frame-timeout (polled while it is).
    public var limits = Limits()

    /// Reads and compiles `function` of the .metal file at `path` (a colour effect), and checks the
    /// arguments against its parameters.
    public init(path: String, function: String, arguments: [Argument], width: Double, height: Double,
                scale: Double, color: Color, inputs: InputPolicy) throws {
        let bytes = try inputs.readFile(path, what: "the shader")
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ClipUsageError("\(path): is not UTF-8 text") }
        do {
            let library = try MSLLibrary(source: text, file: PathSplit(path).name)
            let entry = try library.entry(function, as: .color)
            warnings = library.warnings
            summary = library.summary(using: entry)
            guard arguments.count == entry.argumentTypes.count else {
                let types = entry.argumentTypes.map(\.description).joined(separator: ", ")
                throw ClipUsageError("'\(function)' takes \(entry.argumentTypes.count) argument\(entry.argumentTypes.count == 1 ? "" : "s") after position and color (\(types.isEmpty ? "none" : types)); give one --arg TYPE:VALUES for each, got \(arguments.count)")
            }
            for (i, (a, t)) in zip(arguments, entry.argumentTypes).enumerated() where a.type != t.description || a.values.count != t.componentCount {
                throw ClipUsageError("--arg \(a.type):\(a.values.map { "\($0)" }.joined(separator: ",")) (argument \(i + 1)): '\(function)' takes \(t) there (\(t.componentCount) number\(t.componentCount == 1 ? "" : "s"))")
            }
            _ = try entry.arguments(arguments.map(\.values))
            effect = MSLCompiledEffect(entry)
        } catch let error as MSLError {
            throw ClipUsageError("\(error)")
        }
        self.arguments = arguments
        self.width = width; self.height = height; self.scale = scale; self.color = color
    }

    /// Pixels: ⌈W·scale⌉ × ⌈H·scale⌉.
    public var pixelWidth: Int { Int((width * scale).rounded(.up)) }
    public var pixelHeight: Int { Int((height * scale).rounded(.up)) }

    /// The frame with argument `timeArgument` (0-based) set to `time`, when given; `frame` names it
    /// when it runs past --frame-timeout.
    public func render(timeArgument: Int? = nil, time: Double = 0, frame: Int = 0) throws -> Canvas {
        let work = effect.entry.operationsPerPixel * Double(pixelWidth) * Double(pixelHeight)
        if work > limits.work.maxShaderOperations {
            throw LimitError(description: "'\(effect.entry.name)' may run \(WorkLimits.format(work)) operations a frame (loop trips " +
                             "multiplied through nesting, times \(pixelWidth)×\(pixelHeight) pixels), over the cap of " +
                             "\(WorkLimits.format(limits.work.maxShaderOperations)); shorten its loops, shade fewer pixels or raise the cap with --max-shader-work")
        }
        let watch = FrameWatch(cancellation: nil, deadline: FrameWatch.deadline(after: limits.frameTimeout))
        let canvas = try watch.run { try shade(timeArgument: timeArgument, time: time) }
        if watch.reason == .deadline { throw TimeLimitExceeded(frame: frame, seconds: limits.frameTimeout ?? 0, flag: "--frame-timeout") }
        return canvas
    }

    func shade(timeArgument: Int?, time: Double) throws -> Canvas {
        var values = arguments.map(\.values)
        if let k = timeArgument { values[k] = Array(repeating: time, count: values[k].count) }
        let bound = try effect.entry.arguments(values)
        let (w, h) = (pixelWidth, pixelHeight)
        let premultiplied = SIMD4<Float>(Float(color.red * color.alpha), Float(color.green * color.alpha),
                                         Float(color.blue * color.alpha), Float(color.alpha))
        var pixels = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                if FrameWatch.shouldStop() { break }
                effect.shadeColorEffect(x0: Float(0.5 / scale), y0: Float((Double(y) + 0.5) / scale), dx: Float(1 / scale), dy: 0,
                                        count: w, arguments: bound, color: premultiplied, into: p.baseAddress! + y * w)
            }
        }
        return Canvas(width: w, height: h, scale: scale, premultipliedWords: pixels)
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    public static func color(hex: String) -> Color? {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9, let v = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let rgba = hex.count == 7 ? (v << 8 | 0xFF) : v
        func c(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        return Color(red: c(24), green: c(16), blue: c(8), alpha: c(0))
    }
}

extension ShaderPreview {
    /// Writes one PNG at `path` (refused if it exists, unless `force`).
    public func writeImage(to path: String, force: Bool, inputs: InputPolicy) throws {
        try OutputPolicy.checkFile(path, option: "--out", force: force, inputs: inputs)
        try PNG.write(try render(), to: path, profile: .fast)
    }

    /// Writes frames `frames` into `folder` as frame-NNNNN.png, argument `timeArgument` (0-based)
    /// set to k/fps seconds in frame k. Every file is checked before any is written.
    public func writeSequence(frames: FrameRange, fps: Double, timeArgument: Int, folder: String,
                              force: Bool, inputs: InputPolicy) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw OutputRefused("--out \(folder): it exists and is not a folder; a sequence needs a folder")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let paths = frames.indices.map { (folder as NSString).appendingPathComponent(frameFileName($0)) }
        for path in paths { try OutputPolicy.checkFile(path, option: "--out", force: force, inputs: inputs) }
        for (k, path) in zip(frames.indices, paths) {
            try PNG.write(try render(timeArgument: timeArgument, time: Double(k) / fps, frame: k), to: path, profile: .fast)
        }
    }
}

import ArgumentParser
import Foundation
import Holoframe

struct Shader: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a SwiftUI [[ stitchable ]] colour effect from a .metal file over a filled rectangle, as PNG.",
        discussion: """
            The function must have SwiftUI's colorEffect shape, half4 NAME(float2 position, half4 color, args…): \
            position is in points of the rectangle, color is --color premultiplied. Give one --arg per \
            parameter after color, typed as in the source (float, float2, half4, int …). A function that \
            is outside the supported subset, or calls one, is refused with file:line:column and what is \
            unsupported when it is the one asked for; other functions of the file only warn. On success \
            one line says the functions found, the one used and its kind.

            With --time-arg K (the K-th --arg, from 1), --frames A-B and --fps F, writes a sequence \
            DIR/frame-NNNNN.png with that argument set to the frame's time in seconds.

            Examples:
              holoframe shader Shaders/HolographicText.metal --function holographicText --size 200x60 --scale 2 \\
                --arg float2:200,60 --arg float:0.2 --arg float:0 --arg float:0 --arg float:0.55 --out title.png
              holoframe shader examples/ripple.metal --function ripple --size 120x120 --color '#3366FFFF' \\
                --arg float2:120,120 --arg float:0 --arg float2:60,60 --arg half4:1,0.5,0,1 \\
                --time-arg 2 --frames 0-59 --fps 30 --out frames/ripple
            """)

    @Argument(help: "The .metal source file.")
    var file: String

    @Option(help: "The [[ stitchable ]] function to run.")
    var function: String

    @Option(help: "The rectangle in points, WxH (e.g. 390x120).")
    var size: String

    @Option(help: "Pixels per point, more than 0 and at most 4.")
    var scale: Double = 1

    @Option(help: "The rectangle's fill, #RRGGBB or #RRGGBBAA (straight alpha).")
    var color: String = "#FFFFFFFF"

    @Option(name: .customLong("arg"), help: "An argument after position and color, TYPE:VALUES (float:1.5, float2:3,4, half4:1,0,0,1); repeat in order.")
    var arguments: [String] = []

    @Option(help: "Which --arg (1-based) is the time in seconds, for a sequence with --frames and --fps.")
    var timeArg: Int?

    @Option(help: "Frames of the sequence, A-B inclusive (with --time-arg).")
    var frames: String?

    @Option(help: "Frames per second of the sequence (with --time-arg).")
    var fps: Double?

    @Option(name: .shortAndLong, help: "The PNG file to write, or the folder for a sequence.")
    var out: String

    @OptionGroup var limitOptions: LimitOptions
    @OptionGroup var forceOption: ForceOption

    func parsedSize() throws -> (Double, Double) {
        let parts = size.lowercased().split(separator: "x").map { Double($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], w > 0, h > 0, w.isFinite, h.isFinite else {
            throw ValidationError("--size \(size): expected WxH in points, e.g. 390x120")
        }
        return (w, h)
    }

    func validate() throws {
        let (w, h) = try parsedSize()
        guard scale > 0 && scale <= 4 else { throw ValidationError("--scale must be more than 0 and at most 4 (got \(scale))") }
        let pixels = (w * scale).rounded(.up) * (h * scale).rounded(.up)
        guard pixels <= Double(limitOptions.maxPixels) else {
            throw ValidationError("--size \(size) at --scale \(scale) is \(Int(pixels)) pixels, more than --max-pixels \(limitOptions.maxPixels)")
        }
        guard ShaderPreview.color(hex: color) != nil else { throw ValidationError("--color \(color): expected #RRGGBB or #RRGGBBAA") }
        for a in arguments { do { _ = try ShaderPreview.Argument(parsing: a) } catch { throw ValidationError("\(error)") } }
        if let timeArg {
            guard (1...max(arguments.count, 1)).contains(timeArg), !arguments.isEmpty else {
                throw ValidationError("--time-arg \(timeArg): there are \(arguments.count) --arg values; give the 1-based index of one")
            }
            guard let frames, let fps else { throw ValidationError("--time-arg needs --frames A-B and --fps F") }
            guard fps > 0 && fps <= 1000 else { throw ValidationError("--fps must be more than 0 and at most 1000 (got \(fps))") }
            do {
                let range = try FrameRange(parsing: frames)
                guard range.count <= limitOptions.maxFrames else {
                    throw ValidationError("--frames \(frames) is \(range.count) frames, more than --max-frames \(limitOptions.maxFrames)")
                }
            } catch let e as ValidationError { throw e } catch { throw ValidationError("--frames: \(error)") }
        } else if frames != nil || fps != nil {
            throw ValidationError("--frames and --fps make a sequence; they need --time-arg K")
        }
    }

    func run() throws {
        let inputs = limitOptions.inputPolicy()
        let (w, h) = try parsedSize()
        var preview = try ShaderPreview(path: file, function: function, arguments: try arguments.map { try ShaderPreview.Argument(parsing: $0) },
                                        width: w, height: h, scale: scale, color: ShaderPreview.color(hex: color)!, inputs: inputs)
        preview.limits = limitOptions.limits()
        for warning in preview.warnings { StandardStreams.err(warning + "\n") }
        if let timeArg, let frames, let fps {
            try preview.writeSequence(frames: try FrameRange(parsing: frames), fps: fps, timeArgument: timeArg - 1,
                                      folder: out, force: forceOption.force, inputs: inputs)
        } else {
            try preview.writeImage(to: out, force: forceOption.force, inputs: inputs)
        }
        // Success says what ran, so a wrong --function or a skipped helper is visible at once.
        printEscaped(preview.summary)
    }
}

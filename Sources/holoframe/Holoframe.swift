// `holoframe`: the thin command line over the Holoframe library. It parses and validates
// arguments, then calls the same library the tests and benchmarks call.

import ArgumentParser
import Foundation
import Holoframe

@main
struct HoloframeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "holoframe",
        abstract: "Render scroll- and motion-driven iOS UI animations frame by frame on the CPU.",
        discussion: """
            Examples:
              holoframe list
              holoframe render demo --out frames/demo
              holoframe render demo --frames 0-59 --device iphone-se --out frames/se
              holoframe simulate demo --frames 0-30
            """,
        subcommands: [Render.self, List.self, Simulate.self, GoldenCommand.self, Bench.self])

    /// Exit status: 0 success, 1 failure (a frame over budget, a golden mismatch, a render that
    /// failed, an output that could not be written), 2 usage error (bad arguments, a bad clip file,
    /// a refused input or output), 141 the reader of standard output went away (quietly, as a Unix
    /// tool ended by SIGPIPE). One short message, never a stack trace.
    static func main() {
        FrameMemory.keepFreedFrames()
        // A closed standard output is then EPIPE from write(2), which ends the run quietly with 141.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
            try StandardStreams.flushPrinted()
        } catch {
            if error is OutputClosed { Glibc._exit(141) }
            let code = exitCode(for: error)
            let message = UsageErrors.shortened(fullMessage(for: error))
            if code == .success {
                if !message.isEmpty { print(message) }
                Glibc.exit(0)
            }
            if !message.isEmpty { StandardStreams.err(message + "\n") }
            if code == .validationFailure || UsageErrors.isUsage(error) { Glibc.exit(2) }
            Glibc.exit(code.rawValue)
        }
    }
}

/// Options every command that turns a clip into frames shares.
struct ClipOptions: ParsableArguments {
    @Argument(help: "A built-in clip name (see `holoframe list`) or a clip file (.json).")
    var clip: String

    @Option(help: "Frames per second (default: the clip's, 60 for built-ins).")
    var fps: Int?

    @Option(help: "Frames to produce: A-B (inclusive), N, or a list such as 0,150,300 or 0-10,20,30-40 (ascending, repeats dropped; default: the whole clip).")
    var frames: String?

    @Option(help: "Seconds to produce from the start, instead of --frames.")
    var duration: Double?

    @Option(help: "Device: \(DeviceCatalog.names.joined(separator: ", ")) (default: the clip's, iphone-12).")
    var device: String?

    @Option(help: "Pixels per point, overriding the device's scale (1, 2 or 3; fractions allowed).")
    var scale: Double?

    @Option(help: "Refuse frames larger than this many pixels.")
    var maxPixels: Int = Limits().maxPixelsPerFrame

    @Option(help: "Refuse to produce more than this many frames.")
    var maxFrames: Int = Limits().maxFrames

    @Option(help: "Refuse frames whose surfaces (canvas, layers, blurs) together need more than this many bytes.")
    var maxMemory: Int = Limits().maxMemoryPerFrame

    @Option(help: "Refuse to read any file (clip, image, font) larger than this many bytes.")
    var maxInput: Int = Limits().maxInputBytes

    @Option(help: "A folder image paths in clip files may reach besides the clip's own (repeatable).")
    var allowPath: [String] = []

    func validate() throws {
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps must be a whole number from 1 to 240 (got \(fps))") }
        if let duration, !(duration > 0 && duration <= 600) {
            throw ValidationError("--duration must be more than 0 and at most 600 seconds (got \(duration))")
        }
        if frames != nil && duration != nil { throw ValidationError("give --frames or --duration, not both") }
        if let frames { do { _ = try FrameList(parsing: frames) } catch { throw ValidationError("--frames: \(error)") } }
        if let scale, !(scale > 0 && scale <= 4) { throw ValidationError("--scale must be more than 0 and at most 4 (got \(scale))") }
        if maxPixels < 1 || maxFrames < 1 { throw ValidationError("--max-pixels and --max-frames must be at least 1") }
        if maxMemory < 1 || maxInput < 1 { throw ValidationError("--max-memory and --max-input must be at least 1") }
        for folder in allowPath { try Limits.checkAllowedFolder(folder) }
        if let device, DeviceCatalog.device(named: device) == nil {
            throw ValidationError("unknown device '\(device)'; known: \(DeviceCatalog.names.joined(separator: ", "))")
        }
    }

    /// The files this run may read, under --max-input, --max-pixels and --allow-path.
    func inputPolicy() -> InputPolicy {
        InputPolicy(maxInputBytes: maxInput, maxImagePixels: maxPixels, allowedFolders: allowPath)
    }

    /// The caps these options set.
    func limits() -> Limits {
        var limits = Limits()
        limits.maxPixelsPerFrame = maxPixels
        limits.maxFrames = maxFrames
        limits.maxMemoryPerFrame = maxMemory
        limits.maxInputBytes = maxInput
        return limits
    }

    func overrides() -> ClipOverrides { ClipOverrides(fps: fps, duration: duration, device: device, scale: scale) }

    /// The clip with the options applied, the frames asked for, and what was read to make it.
    func resolve() throws -> (Clip, FrameList, InputPolicy) {
        let overrides = overrides()
        let inputs = inputPolicy()
        let clip = try ClipResolver.resolve(self.clip, overrides: overrides, inputs: inputs)
        let range: FrameList
        if let frames {
            range = try FrameList(parsing: frames)
        } else {
            range = FrameList(try FrameRange(first: 0, last: max(0, clip.frameCount - 1)))
        }
        try limits().check(clip, frameCount: range.count)
        return (clip, range, inputs)
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the built-in clips, one per line, name first.")
    func run() throws {
        let width = ClipCatalog.all.map(\.name.count).max() ?? 0
        for clip in ClipCatalog.all {
            print(clip.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + clip.summary)
        }
    }
}

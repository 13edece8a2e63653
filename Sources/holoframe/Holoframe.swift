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
    /// failed), 2 usage error (bad arguments, a bad clip file). One message, never a stack trace.
    static func main() {
        FrameMemory.keepFreedFrames()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                Glibc.exit(0)
            }
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            if code == .validationFailure || error is ClipFileError || error is UnknownClipError || error is LimitError || error is ExistingFramesError { Glibc.exit(2) }
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

    func validate() throws {
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps must be a whole number from 1 to 240 (got \(fps))") }
        if let duration, !(duration > 0 && duration <= 600) {
            throw ValidationError("--duration must be more than 0 and at most 600 seconds (got \(duration))")
        }
        if frames != nil && duration != nil { throw ValidationError("give --frames or --duration, not both") }
        if let frames { do { _ = try FrameList(parsing: frames) } catch { throw ValidationError("--frames: \(error)") } }
        if let scale, !(scale > 0 && scale <= 4) { throw ValidationError("--scale must be more than 0 and at most 4 (got \(scale))") }
        if maxPixels < 1 || maxFrames < 1 { throw ValidationError("--max-pixels and --max-frames must be at least 1") }
        if let device, DeviceCatalog.device(named: device) == nil {
            throw ValidationError("unknown device '\(device)'; known: \(DeviceCatalog.names.joined(separator: ", "))")
        }
    }

    /// The clip with the options applied, and the frames asked for.
    func resolve() throws -> (Clip, FrameList) {
        let overrides = ClipOverrides(fps: fps, duration: duration, device: device, scale: scale)
        let clip = try ClipResolver.resolve(self.clip, overrides: overrides)
        let range: FrameList
        if let frames {
            range = try FrameList(parsing: frames)
        } else {
            range = FrameList(try FrameRange(first: 0, last: max(0, clip.frameCount - 1)))
        }
        var limits = Limits()
        limits.maxPixelsPerFrame = maxPixels
        limits.maxFrames = maxFrames
        try limits.check(clip, frameCount: range.count)
        return (clip, range)
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

// Options that several commands share, declared once (swift-argument-parser's @OptionGroup):
//   DeviceOptions  --device, --scale                       render, simulate, bench, golden record
//   LimitOptions   --max-pixels/-frames/-memory/-input, --allow-path, the work caps
//                  (--max-nodes/-area/-text/-shader-work) and deadlines (--frame-timeout, --max-time)
//                                                          render, simulate, bench
//   ForceOption    --force                                 render, bench, golden verify
//   ChromeOption   --no-chrome                             render, simulate, bench, studio
//   ClipOptions    the clip, --fps, --frames (a list), --duration, DeviceOptions, ChromeOption,
//                  LimitOptions                            render, simulate

import ArgumentParser
import Foundation
import Holoframe

/// The device a clip renders on and its pixels per point.
struct DeviceOptions: ParsableArguments {
    @Option(name: .customLong("device"), help: "Device: a preset (holoframe list --devices), or WxH@S in points and pixels per point for any other screen, e.g. 393x852@3 (default: the clip's, iphone-12).")
    var deviceName: DeviceName?

    @Option(help: "portrait, or landscape to turn the device (a preset's landscape safe area; WxH@S swaps its sides).")
    var orientation: Orientation?

    @Option(help: "Pixels per point, more than 0 and at most 4, overriding the device's (1, 2 or 3; fractions allowed).")
    var scale: Double?

    /// The device asked for, turned as asked (nil: the clip's own; --orientation alone turns iphone-12).
    var device: DeviceName? {
        guard let orientation else { return deviceName }
        return (deviceName ?? .iPhone12).oriented(orientation)
    }

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 4) { throw ValidationError("--scale must be more than 0 and at most 4 (got \(scale))") }
    }
}

/// The caps on a job and on the files it reads (Limits.swift, InputPolicy.swift).
struct LimitOptions: ParsableArguments {
    @Option(help: "Refuse frames larger than this many pixels.")
    var maxPixels: Int = Limits().maxPixelsPerFrame

    @Option(help: "Refuse to produce more than this many frames.")
    var maxFrames: Int = Limits().maxFrames

    @Option(help: "Refuse frames whose surfaces (canvas, layers, blurs) together need more than this many bytes.")
    var maxMemory: Int = Limits().maxMemoryPerFrame

    @Option(help: "Refuse to read any file (clip, image, font, baseline) larger than this many bytes.")
    var maxInput: Int = Limits().maxInputBytes

    @Option(help: "A folder image paths in clip files may reach besides the clip's own (repeatable).")
    var allowPath: [String] = []

    @Option(help: "Refuse frames whose scene has more than this many nodes, groups included.")
    var maxNodes: Int = WorkLimits().maxNodes

    @Option(help: "Refuse frames whose shapes cover more than this many canvases' worth of pixels (each shape's box, clipped to the screen, summed).")
    var maxArea: Double = WorkLimits().maxAreaCanvases

    @Option(help: "Refuse text runs longer than this many characters.")
    var maxText: Int = WorkLimits().maxTextCharacters

    @Option(help: "Refuse frames whose .metal shaders may run more operations than this (each shader's loop trips multiplied through nesting, times the pixels it covers), checked before they run.")
    var maxShaderWork: Double = WorkLimits().maxShaderOperations

    @Option(help: "Stop a frame that takes longer than this many seconds to draw, and fail (0: no limit; --reference gets 10× as long).")
    var frameTimeout: Double = Limits().frameTimeout ?? 0

    @Option(help: "Stop the whole run after this many seconds, and fail (default: no limit).")
    var maxTime: Double?

    func validate() throws {
        if maxPixels < 1 || maxFrames < 1 { throw ValidationError("--max-pixels and --max-frames must be at least 1") }
        if maxMemory < 1 || maxInput < 1 { throw ValidationError("--max-memory and --max-input must be at least 1") }
        if maxNodes < 1 || maxText < 1 { throw ValidationError("--max-nodes and --max-text must be at least 1") }
        if !(maxArea > 0) || !(maxShaderWork >= 0) || !maxArea.isFinite {
            throw ValidationError("--max-area must be more than 0 and --max-shader-work at least 0")
        }
        if !(frameTimeout >= 0) { throw ValidationError("--frame-timeout must be 0 (no limit) or more seconds") }
        if let maxTime, !(maxTime > 0) { throw ValidationError("--max-time must be more than 0 seconds") }
        for folder in allowPath { try Limits.checkAllowedFolder(folder) }
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
        limits.work.maxNodes = maxNodes
        limits.work.maxAreaCanvases = maxArea
        limits.work.maxTextCharacters = maxText
        limits.work.maxShaderOperations = maxShaderWork
        limits.frameTimeout = frameTimeout > 0 ? frameTimeout : nil
        limits.maxTime = maxTime
        return limits
    }
}

/// Whether the device's status bar and home indicator are drawn over a built-in clip. Goldens take
/// no flag: they are verified with the clip's own setting, so a clip file says `"chrome": false`.
struct ChromeOption: ParsableArguments {
    @Flag(help: "Leave out the device's status bar and home indicator, which built-in clips draw over every frame (for compositing your own). A clip file's \"chrome\": true asks for them over a custom scene.")
    var noChrome = false

    func apply(to overrides: inout ClipOverrides) { overrides.noChrome = noChrome }
}

/// Permission to replace outputs that exist (OutputPolicy.swift: regular files only, never an input).
struct ForceOption: ParsableArguments {
    @Flag(help: "Replace outputs that already exist: frames in --out, --state, --contact-sheet, bench's --json, a --report folder holoframe wrote (regular files only; never an input of this run, such as --baseline).")
    var force = false
}

/// Options every command that turns a clip into frames shares.
struct ClipOptions: ParsableArguments {
    @Argument(help: "A built-in clip name (see `holoframe list`) or a clip file (.json).")
    var clip: String

    @Option(help: "Frames per second: 24, 60, or a fractional rate, 29.97, 59.94, 23.976 (kept as 30000/1001 and so on) or 30000/1001 (default: the clip's, 60 for built-ins).")
    var fps: FrameRate?

    @Option(help: "Frames to produce: A-B (inclusive), N, or a list such as 0,150,300 or 0-10,20,30-40 (ascending, repeats dropped; default: the whole clip). A clip of d seconds at f fps has round(d·f) frames, 0 … n−1: 1 s at 24 fps is frames 0-23.",
            transform: parseFrameList)
    var frames: FrameList?

    @Option(help: "Seconds to produce from the start, instead of --frames: round(seconds · fps) frames, the end exclusive.")
    var duration: Double?

    @Flag(help: "Let --frames reach past the clip's last frame; later frames repeat the last (otherwise refused).")
    var holdLast = false

    @OptionGroup var deviceOptions: DeviceOptions
    @OptionGroup var chromeOption: ChromeOption
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        if let duration, !(duration > 0 && duration <= 600) {
            throw ValidationError("--duration must be more than 0 and at most 600 seconds (got \(duration))")
        }
        if frames != nil && duration != nil { throw ValidationError("give --frames or --duration, not both") }
    }

    func overrides() -> ClipOverrides {
        var overrides = ClipOverrides(fps: fps, duration: duration, device: deviceOptions.device?.rawValue, scale: deviceOptions.scale)
        chromeOption.apply(to: &overrides)
        return overrides
    }

    /// The clip with the options applied, the frames asked for, and what was read to make it.
    func resolve() throws -> (Clip, FrameList, InputPolicy) {
        let inputs = limitOptions.inputPolicy()
        var clip = try ClipResolver.resolve(self.clip, overrides: overrides(), inputs: inputs)
        for warning in clip.warnings { StandardStreams.err("warning: \(Printable.escaped(warning))\n") }
        let range = try frames ?? FrameList(FrameRange(first: 0, last: max(0, clip.frameCount - 1)))
        try clip.checkWithinClip(lastAsked: range.span.last, holdLast: holdLast)
        if holdLast { clip = clip.holdingLastFrame() }
        try limitOptions.limits().check(clip, frameCount: range.count)
        return (clip, range, inputs)
    }
}

// One good load of the clip the studio shows: the clip at the preview scale, the spec it was made
// from (its inputs and environment, for the page), the files it was read from (to watch), and
// its simulated frames.
//
// Simulation is cheap and only moves forward (HoloClips/Clip.swift), so every frame simulated is
// kept: the records for frames 0…k stay in memory once frame k has been asked for, and scrubbing
// backwards takes a record from the array instead of simulating again from t = 0. A reload makes
// a new version; nothing is shared with the old one.

import Dispatch
import Foundation
import Holoframe

/// What the studio was asked to show and how to read it again.
public struct StudioClipSource: Sendable {
    /// A built-in clip name or a clip file, as typed after `holoframe studio`.
    public var argument: String
    /// The command line's --fps, --duration, --device and --scale (the preview scale).
    public var overrides: ClipOverrides
    /// A fresh input policy for each load: it decodes each image once, so a reload must not reuse it.
    public var makeInputs: @Sendable () -> InputPolicy

    /// The command line's caps (--max-pixels, --max-frames), checked on every load, not just the first.
    public var check: @Sendable (Clip) throws -> Void

    public init(argument: String, overrides: ClipOverrides = ClipOverrides(),
                makeInputs: @escaping @Sendable () -> InputPolicy = { InputPolicy() },
                check: @escaping @Sendable (Clip) throws -> Void = { _ in }) {
        self.argument = argument; self.overrides = overrides; self.makeInputs = makeInputs; self.check = check
    }

    /// The clip file's path, or nil for a built-in clip.
    public var filePath: String? { ClipResolver.isFile(argument) ? argument : nil }
}

/// A clip as loaded once, with the frames simulated so far.
public final class ClipVersion: @unchecked Sendable {
    /// 1 for the first load, one more for each good reload.
    public let number: Int
    /// The clip at the preview scale.
    public let clip: Clip
    /// The spec after the command line's and the page's overrides.
    public let spec: ClipSpec
    /// The device's own pixels per point (what `bench` measures at).
    public let deviceScale: Double
    /// The files this version was read from, to watch: the clip file, its images and shaders.
    public let files: [String]
    /// Milliseconds this load took before frame 0 could be drawn: reading and resolving the clip,
    /// starting its simulation and opening the font faces, and on the process's first load a
    /// warm-up draw of frame 0 (StudioSession.warmUp). `bench` reports such work apart as
    /// "preparation"; timed here so that it is not charged to the first frame's bar.
    public internal(set) var preparationMs: Double
    /// Draws this version's frames in order of request, reusing what the previous one drew (as
    /// `render` reuses within a run). Used by the studio's one render thread only.
    let compositor: FrameCompositor

    private let lock = NSLock()
    private let source: FrameSource
    private var records: [FrameRecord] = []

    /// Reads the clip (as `render` does: the same resolver, the same input policy).
    public init(number: Int, source clipSource: StudioClipSource, environment: ClipEnvironment?, renderer: SceneRenderer) throws {
        let start = DispatchTime.now().uptimeNanoseconds
        var overrides = clipSource.overrides
        overrides.environment = environment
        let inputs = clipSource.makeInputs()
        clip = try ClipResolver.resolve(clipSource.argument, overrides: overrides, inputs: inputs)
        try clipSource.check(clip)
        var spec = try ClipResolver.spec(for: clipSource.argument, inputs: inputs)
        var atDeviceScale = overrides
        atDeviceScale.scale = nil
        ClipResolver.apply(atDeviceScale, to: &spec)
        deviceScale = spec.device.scale
        spec.device.scale = clip.scale
        self.spec = spec
        self.number = number
        files = ([clipSource.filePath].compactMap { $0 } + inputs.filesRead).map { Self.absolute($0) }
        compositor = FrameCompositor(renderer: renderer)
        source = clip.frames()
        // As bench does before its first timed frame. A face that cannot be found is not an error
        // here: the frame that needs it reports it, as `render` would.
        try? renderer.fonts.loadFaces()
        preparationMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Frame `index`'s record (state and scene), simulating forward only as far as needed.
    public func record(_ index: Int) -> FrameRecord {
        precondition(index >= 0 && index < clip.frameCount, "frame \(index) is outside the clip")
        return lock.withLock {
            while records.count <= index { records.append(source.frame(records.count, fps: clip.fps)) }
            return records[index]
        }
    }

    /// How many frames have been simulated (and are kept).
    public var simulatedFrames: Int { lock.withLock { records.count } }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

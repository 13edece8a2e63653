// One good load of the clip the studio shows: the clip at the preview scale, the spec it was made
// from (its inputs and environment, for the page), the files it was read from (to watch), and
// its simulated frames.
//
// Simulated records (a frame's state line and scene) are kept within a budget of bytes
// (`--state-cache-mb`), the least recently used going first: a scene is about 1.1 MB on a
// 2,000-node clip, and keeping every record up to the furthest frame asked for, for the clip's
// life, let `GET /state?n=35999` from another site's `<img>` grow the studio to 7.6 GB.
// A simulation only moves forward (HoloClips/Clip.swift), and frame k of a fresh one is the frame
// k of any other (the simulation steps to t = k / fps itself; `render --frames k` relies on it). So
// one running simulation is kept: a frame at or past it is reached from there, an earlier frame
// whose record was dropped from a new simulation at t = 0 (no checkpoints: a simulation has no
// copyable state). What that costs is measured in docs/studio.md ("Rendering and memory").
// A reload makes a new version; nothing is shared with the old one.

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

/// A clip as loaded once, with the simulated frames kept.
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
    /// `render` reuses within a run). Used by the studio's one render thread only, which
    /// replaces it after a frame stopped at its deadline (what it kept may be half drawn).
    var compositor: FrameCompositor

    private let lock = NSLock()
    private let recordBudget: Int
    private var records: [Int: (record: FrameRecord, bytes: Int, lastUse: Int)] = [:]
    private var keptBytes = 0, tick = 0
    /// The running simulation and the last frame it produced.
    private var simulation: (source: FrameSource, frame: Int)?
    /// Simulations started from t = 0 for a frame before the running one's (after the first).
    public private(set) var restarts = 0

    /// Reads the clip (as `render` does: the same resolver, the same input policy).
    /// `recordBytes`: the budget of kept records (their estimated bytes, `estimatedBytes`).
    public init(number: Int, source clipSource: StudioClipSource, environment: ClipEnvironment?, renderer: SceneRenderer,
                recordBytes: Int = 64 << 20) throws {
        recordBudget = max(0, recordBytes)
        let start = DispatchTime.now().uptimeNanoseconds
        var overrides = clipSource.overrides
        overrides.environment = environment
        let inputs = clipSource.makeInputs()
        var spec = try ClipResolver.spec(for: clipSource.argument, inputs: inputs)
        clip = try ClipResolver.resolve(clipSource.argument, spec: spec, overrides: overrides, inputs: inputs)
        try clipSource.check(clip)
        var atDeviceScale = overrides
        atDeviceScale.scale = nil
        ClipResolver.apply(atDeviceScale, to: &spec)
        deviceScale = spec.device.scale
        spec.device.scale = clip.scale
        self.spec = spec
        self.number = number
        files = ([clipSource.filePath].compactMap { $0 } + inputs.filesRead).map { Self.absolute($0) }
        compositor = FrameCompositor(renderer: renderer)
        // As bench does before its first timed frame. A face that cannot be found is not an error
        // here: the frame that needs it reports it, as `render` would.
        try? renderer.fonts.loadFaces()
        preparationMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Frame `index`'s record (state and scene): kept, or simulated from the running simulation
    /// when it has not passed the frame, else from a new one at t = 0; then kept within the budget.
    public func record(_ index: Int) -> FrameRecord {
        precondition(index >= 0 && index < clip.frameCount, "frame \(index) is outside the clip")
        return lock.withLock {
            tick += 1
            if let kept = records[index] {
                records[index]?.lastUse = tick
                return kept.record
            }
            if let running = simulation, running.frame >= index { simulation = nil; restarts += 1 }
            let source = simulation?.source ?? clip.frames()
            let record = source.frame(index)
            simulation = (source, index)
            let bytes = Self.estimatedBytes(record)
            guard bytes <= recordBudget else { return record }
            while keptBytes + bytes > recordBudget, let oldest = records.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                keptBytes -= oldest.value.bytes
                records.removeValue(forKey: oldest.key)
            }
            records[index] = (record, bytes, tick)
            keptBytes += bytes
            return record
        }
    }

    /// Records kept now, and their estimated bytes (never more than the budget).
    public var keptRecords: (count: Int, bytes: Int) { lock.withLock { (records.count, keptBytes) } }

    /// What a record holds, estimated from its parts: the state line's bytes, and for each node
    /// of the scene its box (an indirect enum's payload behind a 16-byte heap header), the text of
    /// a run and the elements of a path. Images are not counted: their pixels are the clip's,
    /// shared by every frame that draws them.
    static func estimatedBytes(_ record: FrameRecord) -> Int {
        func shape(_ shape: Shape) -> Int {
            if case .path(let path) = shape { return path.elements.count * MemoryLayout<PathElement>.stride }
            return 0
        }
        func nodes(_ list: [Node]) -> Int {
            list.reduce(list.count * MemoryLayout<Node>.stride) { sum, node in
                switch node {
                case .group(let group): sum + 16 + MemoryLayout<Group>.stride + nodes(group.children)
                case .text(let run, _): sum + 16 + MemoryLayout<TextRun>.stride + run.string.utf8.count
                case .fill(let s, _), .stroke(let s, _, _), .styledStroke(let s, _, _), .material(let s, _, _):
                    sum + 16 + MemoryLayout<(Shape, Paint, StrokeStyle)>.stride + shape(s)
                case .image: sum + 16 + MemoryLayout<(ImageData, Rect)>.stride
                }
            }
        }
        return record.stateJSON.utf8.count + nodes(record.scene.root)
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

// The render pipeline: Clip ─► Simulation ─► Scene ─► Raster ─► Output.
//
// State is simulated in order on the calling thread (it is cheap and sequential by nature); the
// scenes are cut into runs of consecutive frames (at most `runLength`; a gap in the frames ends a
// run) and each run goes to one of `threads` workers, which draws its frames in order through one
// FrameCompositor (HoloRaster/Composite/Compositor.swift): the first frame of a run from empty caches, the
// rest reusing retained layers and unchanged frames, and encodes each PNG (one frame per worker:
// frames parallelize better than stripes of one frame). The encoded bytes go to a serial writer
// queue, so file writes overlap the next frames' raster and encode instead of holding a worker.
// At most `threads` runs are in flight, so memory stays flat however long the clip. A frame
// drawn inside a run has the bytes it has drawn alone, so every file is the same for any thread
// count and any way of cutting the runs.

import Dispatch
import Foundation
import HoloClips
import HoloPNG
import HoloRaster
import HoloScene
import Synchronization

/// What `render` writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Numbered PNG files in a folder.
    case png
    /// Raw premultiplied→straight RGBA8 frames, back to back, on a file handle (for ffmpeg's rawvideo).
    case raw
}

/// One render: a clip, its frames, the output and how to run.
public struct RenderRequest: Sendable {
    public var clip: Clip
    public var frames: FrameRange
    public var format: OutputFormat = .png
    /// Folder for PNG output.
    public var outputDirectory: String = "frames"
    /// Worker threads for raster + encode (1 = everything on one worker).
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    public var pngProfile: PNGProfile = .fast
    /// Where to write one JSON line of state per frame, if anywhere.
    public var statePath: String?
    /// Render only this slice of the frames (for splitting a clip across machines).
    public var shard: Shard?
    /// What to do with frame files this render would write that already exist.
    public var existing: ExistingFrames = .refuse
    /// Checked before each frame is started; once it is set, frames in flight finish and no new
    /// one starts (SIGINT and SIGTERM set it in the CLI).
    public var cancellation: CancellationFlag?
    /// The files this run reads: with `.overwrite`, a frame file that is one of them is refused.
    public var inputs: InputPolicy?
    /// What the frames are of, kept beside them so --resume refuses frames of another clip or
    /// settings (nil: no record is written or checked).
    public var record: RenderRecord?

    /// Tint the rows each frame redrew (`--show-damage`); the frames show the cost, not the picture.
    public var showDamage = false

    /// A list's frames (`--frames 0,150,300`), ascending, when the request is not the whole range.
    public var listed: [Int]?

    public init(clip: Clip, frames: FrameRange) { self.clip = clip; self.frames = frames }

    /// The listed frames; `frames` becomes their span.
    public init(clip: Clip, frames list: FrameList) {
        self.clip = clip
        self.frames = list.span
        self.listed = list.frames
    }

    /// The frames this request renders, in order: the range or the list, cut to the shard.
    public var selectedFrames: [Int] {
        let all = listed ?? Array(frames.indices)
        return shard.map { $0.frames(of: all) } ?? all
    }
}

/// What a render does with frame files already in its output folder.
public enum ExistingFrames: Sendable {
    /// Stop before rendering anything when a frame file this render writes exists.
    case refuse
    /// Write over them (`--force`).
    case overwrite
    /// Keep them and render only the missing frames (`--resume`).
    case skip
}

/// `--shard K/N`: the K-th (1-based) of N slices of a clip's frames, contiguous or interleaved.
/// Files are named as in a full render, so the slices of N machines together are the full render.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public enum Mode: String, Sendable, CaseIterable { case contiguous, interleaved }
    public let index: Int
    public let count: Int
    public let mode: Mode

    public init(parsing text: String, mode: Mode = .contiguous) throws {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw SelectionError("'\(text)' is not a shard: write K/N, e.g. 1/4 for the first of four")
        }
        guard n >= 1, n <= 10_000, k >= 1, k <= n else {
            throw SelectionError("shard \(text): K must be from 1 to N, and N from 1 to 10000")
        }
        index = k; count = n; self.mode = mode
    }

    public func frames(of range: FrameRange) -> [Int] { frames(of: Array(range.indices)) }

    /// This slice of `all` (ascending frames), by position in the list.
    public func frames(of all: [Int]) -> [Int] {
        switch mode {
        case .interleaved:
            return all.indices.filter { $0 % count == index - 1 }.map { all[$0] }
        case .contiguous:
            // Slice i gets positions ⌊i·n/N⌋ ..< ⌊(i+1)·n/N⌋ of the list: sizes differ by at most one.
            let n = all.count, i = index - 1
            let lo = i * n / count, hi = (i + 1) * n / count
            return Array(all[lo..<hi])
        }
    }
    public var description: String { "\(index)/\(count) (\(mode.rawValue))" }
}

/// A flag set from a signal handler and read by the render loop.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    public init() {}
    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// The render stopped early (a signal): what was written, and how to finish.
public struct RenderInterrupted: Error, CustomStringConvertible {
    public let written: Int
    public let planned: Int
    public let firstMissing: Int?
    /// Raw frames on a stream cannot be resumed: no --resume hint for them.
    public var resumable = true
    /// What was left undone, when it is not frames (a contact sheet).
    public var what: String?
    public var description: String {
        if let what { return "interrupted: \(what)" }
        guard resumable else { return "interrupted: \(written) of \(planned) raw frames written; run the command again for the rest" }
        return "interrupted: \(written) of \(planned) frames written, every file complete" +
        (firstMissing.map { "; frame \($0) is the first missing; run the same command with --resume to finish" } ?? "")
    }
}

/// What a finished render did.
public struct RenderReport: Sendable {
    public var framesWritten: Int
    public var seconds: Double
}

/// File name of frame `index`: `frame-00012.png` (ffmpeg reads them as `frame-%05d.png`).
public func frameFileName(_ index: Int) -> String {
    "frame-" + String(format: "%05d", index) + ".png"
}

/// Simulates and rasterizes frames of a clip, and writes them (PNG files or raw RGBA) on worker threads.
public struct RenderPipeline: Sendable {
    public let renderer: SceneRenderer
    /// Set when frames go through the reference renderer instead (`--reference`): slow, obviously
    /// right, for checking the fast renderer (HoloRaster/Reference).
    public let reference: ReferenceRenderer?
    /// --max-memory: the cap on all surfaces of one frame together (see SurfaceBudget).
    public var maxMemoryPerFrame = Limits().maxMemoryPerFrame

    public init(fonts: FontLibrary, reference: Bool = false) {
        renderer = SceneRenderer(fonts: fonts)
        self.reference = reference ? ReferenceRenderer(fonts: fonts) : nil
    }

    /// Throws LimitError when the frame's surfaces may need more than `maxMemoryPerFrame`.
    public func checkBudget(_ scene: Scene, scale: Double) throws {
        try SurfaceBudget.check(scene, scale: scale, renderer: renderer, maxBytes: maxMemoryPerFrame)
    }

    /// Rasterizes one frame record at the clip's scale, within the memory cap.
    public func rasterize(_ record: FrameRecord, scale: Double) throws -> Canvas {
        try draw(record.scene, scale: scale)
    }

    /// One scene through the chosen renderer, within the memory cap.
    public func draw(_ scene: Scene, scale: Double) throws -> Canvas {
        try checkBudget(scene, scale: scale)
        if let reference { return try reference.render(scene, scale: scale) }
        return try renderer.render(scene, scale: scale)
    }

    /// One scene of a run through `compositor` (reusing what earlier frames of the run drew), or
    /// the reference renderer when chosen (it keeps nothing), within the memory cap.
    public func draw(_ scene: Scene, scale: Double, compositor: FrameCompositor) throws -> Canvas {
        let frameBytes = try SurfaceBudget.check(scene, scale: scale, renderer: renderer, maxBytes: maxMemoryPerFrame)
        if let reference { return try reference.render(scene, scale: scale) }
        // Kept tiles and the frame's own surfaces together stay under the cap: evict first.
        compositor.layers.budgetBytes = min(FrameCompositor.defaultCacheBytes, max(0, maxMemoryPerFrame - Int(frameBytes.rounded(.up))))
        return try compositor.render(scene, scale: scale)
    }

    /// The longest run of consecutive frames one worker draws in order with one compositor (its
    /// first frame from empty caches). Longer runs reuse more; shorter ones spread a short clip
    /// over the workers sooner.
    public static let runLength = 16
    /// Raw frames go out in frame order, so frames a worker finishes ahead of an earlier run
    /// wait in memory: runs of raw output are short, so only a few frames ever wait.
    public static let rawRunLength = 3

    /// Renders frame `index` alone: a fresh simulation advanced to it.
    public func renderFrame(_ index: Int, of clip: Clip) throws -> Canvas {
        let record = clip.frames().frame(index, fps: clip.fps)
        return try rasterize(record, scale: clip.scale)
    }

    /// Runs the whole request. `progress` is called after each frame is written (from any thread).
    public func run(_ request: RenderRequest, rawOutput: FileHandle? = nil,
                    progress: @escaping @Sendable (Int) -> Void = { _ in }) throws -> RenderReport {
        let start = DispatchTime.now()
        let clip = request.clip
        let selected = request.selectedFrames
        var planned = selected
        var skipped = Set<Int>()
        var claim: FrameClaim?
        defer { claim?.release() }
        if request.format == .png {
            try OutputFolder.prepare(request.outputDirectory)
            // Claim the frames first: another render writing any of them into this folder is refused.
            claim = try FrameClaim(frames: selected, in: request.outputDirectory)
            if request.existing == .skip, let record = request.record { try ResumeCheck.checkRecord(record, in: request.outputDirectory) }
            let existing = Set(planned.filter {
                OutputPolicy.exists((request.outputDirectory as NSString).appendingPathComponent(frameFileName($0)))
            })
            if !existing.isEmpty {
                switch request.existing {
                case .refuse:
                    throw ExistingFramesError(description: "output folder '\(request.outputDirectory)' already holds \(existing.count) of the " +
                        "\(planned.count) frames this render writes (e.g. \(frameFileName(existing.min()!))); " +
                        "give --force to overwrite them or --resume to render only the missing ones")
                case .skip:
                    // Keep only complete PNGs of this size; the rest are rendered again.
                    skipped = Set(try existing.filter {
                        try ResumeCheck.isCompleteFrame((request.outputDirectory as NSString).appendingPathComponent(frameFileName($0)),
                                                        width: clip.pixelWidth, height: clip.pixelHeight)
                    })
                    planned.removeAll { skipped.contains($0) }
                case .overwrite:
                    // --force replaces regular files only, never a device, FIFO, link or an input.
                    try OutputPolicy.checkFrames(existing.sorted().map {
                        (request.outputDirectory as NSString).appendingPathComponent(frameFileName($0))
                    }, inputs: request.inputs)
                }
            }
            OutputFolder.removeStaleTemporaries(request.outputDirectory)
            if let record = request.record { try ResumeCheck.writeRecord(record, in: request.outputDirectory) }
        }
        let stateFile = try request.statePath.map { try StateLineWriter(path: $0) }
        let failure = Mutex<Error?>(nil)
        let written = Atomic<Int>(0)
        let threads = max(1, request.threads)
        // Runs in flight (rastered, encoded or waiting to be written): one a worker, so at most
        // `threads` run at once and memory stays flat however long the clip. A run's slot is
        // freed after its last write (the writer queue is serial), so a slow disk holds the loop.
        let slots = DispatchSemaphore(value: threads)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "holoframe.render", qos: .userInitiated, attributes: .concurrent)
        let writes = DispatchQueue(label: "holoframe.render.write", qos: .userInitiated)
        let rawWriter = rawOutput.map { RawFrameWriter(handle: $0, order: planned) }
        let source = clip.frames()
        let pipeline = self
        let done = Mutex<Set<Int>>([])
        let encodeThreads = planned.count == 1 ? threads : 1
        let runLength = request.format == .raw ? Self.rawRunLength : Self.runLength

        /// One run on one worker: a fresh compositor, so its first frame is drawn with empty caches.
        @Sendable func render(_ run: [(index: Int, scene: Scene)]) {
            defer { writes.async { slots.signal(); group.leave() } }
            let compositor = FrameCompositor(renderer: pipeline.renderer)
            var previous: [UInt8]?
            for (index, scene) in run {
                if failure.withLock({ $0 != nil }) || request.cancellation?.isCancelled == true { return }
                let bytes: [UInt8]
                do {
                    var canvas = try pipeline.draw(scene, scale: clip.scale, compositor: compositor)
                    if request.showDamage { canvas.tint(rows: compositor.lastDamage) }
                    // A frame that reused the previous canvas whole has its bytes too (deterministic encoder).
                    if let previous, compositor.lastRedrawn == 0, pipeline.reference == nil, !request.showDamage {
                        bytes = previous
                    } else {
                        // A still (one frame) is deflated in stripes on every thread; a sequence, one frame a thread.
                        bytes = request.format == .png
                            ? try PNG.encode(canvas, profile: request.pngProfile, threads: encodeThreads)
                            : straightRGBA(canvas)
                    }
                } catch {
                    if !(error is CancellationError) { failure.withLock { if $0 == nil { $0 = error } } }
                    return
                }
                previous = bytes
                group.enter()
                writes.async {
                    defer { group.leave() }
                    if failure.withLock({ $0 != nil }) { return }
                    do {
                        switch request.format {
                        case .png:
                            let path = (request.outputDirectory as NSString).appendingPathComponent(frameFileName(index))
                            try AtomicFile.write(bytes, to: path)
                        case .raw:
                            try rawWriter!.write(index: index, bytes: bytes)
                        }
                        done.withLock { _ = $0.insert(index) }
                        let n = written.add(1, ordering: .relaxed).newValue
                        progress(n)
                    } catch {
                        failure.withLock { if $0 == nil { $0 = error } }
                    }
                }
            }
        }

        // Frames kept by --resume are still simulated, so the state file covers every selected frame.
        var run: [(index: Int, scene: Scene)] = []
        func dispatch() {
            guard !run.isEmpty else { return }
            let frames = run
            run = []
            slots.wait()
            group.enter()
            queue.async { render(frames) }
        }
        for index in selected {
            if failure.withLock({ $0 != nil }) || request.cancellation?.isCancelled == true { break }
            let scene: Scene
            if let stateFile {
                let record = source.frame(index, fps: clip.fps)
                try stateFile.append(record.stateJSON)
                scene = record.scene
            } else {
                scene = source.scene(index, fps: clip.fps).scene
            }
            if skipped.contains(index) { dispatch(); continue }
            // A run is consecutive frames: a gap (a list, an interleaved shard, a resume) starts a new one.
            if let last = run.last, last.index != index - 1 || run.count >= runLength { dispatch() }
            run.append((index, scene))
        }
        if failure.withLock({ $0 == nil }) && request.cancellation?.isCancelled != true { dispatch() }
        group.wait()
        if let error = failure.withLock({ $0 }) { throw error }
        if request.cancellation?.isCancelled == true {
            // The state file is dropped with the rest of the unfinished run; --resume writes it whole.
            let finished = done.withLock { $0 }
            throw RenderInterrupted(written: finished.count, planned: planned.count,
                                    firstMissing: planned.first { !finished.contains($0) }, resumable: request.format == .png)
        }
        try stateFile?.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return RenderReport(framesWritten: written.load(ordering: .relaxed), seconds: seconds)
    }
}

/// Writes frames to a handle in index order, whatever order they finish in.
final class RawFrameWriter: Sendable {
    /// write(2) until every byte is out: a closed pipe is OutputClosed, a full disk an OutputError.
    private func writeAll(_ bytes: [UInt8], frame: Int) throws {
        try bytes.withUnsafeBytes { try StandardStreams.write($0, to: handle.fileDescriptor, what: "raw frame \(frame) to the output") }
    }

    /// `next`: the position in `order` of the frame to write next.
    private struct State { var next = 0; var pending: [Int: [UInt8]] = [:] }
    private let handle: FileHandle
    private let order: [Int]
    private let state: Mutex<State>

    /// `order`: the frames in the order they go out (a range, a list or a shard's slice).
    init(handle: FileHandle, order: [Int]) {
        self.handle = handle
        self.order = order
        self.state = Mutex(State())
    }

    func write(index: Int, bytes: [UInt8]) throws {
        try state.withLock { s in
            s.pending[index] = bytes
            while s.next < order.count, let ready = s.pending.removeValue(forKey: order[s.next]) {
                try writeAll(ready, frame: order[s.next])
                s.next += 1
            }
        }
    }
}

extension RenderPipeline {
    /// `count` frames spread evenly over `range` (all of them when the range is shorter).
    public static func sampleFrames(_ range: FrameRange, count: Int) -> [Int] {
        sampleFrames(Array(range.indices), count: count)
    }

    /// `count` frames spread evenly over a list's positions (all of them when the list is shorter).
    public static func sampleFrames(_ all: [Int], count: Int) -> [Int] {
        guard all.count > count, count > 1 else { return all }
        return (0..<count).map { all[Int((Double($0) * Double(all.count - 1) / Double(count - 1)).rounded())] }
    }

    /// One PNG-able canvas tiling `frames` of `clip` in order, each labelled with its index and time.
    /// A set `cancellation` (SIGINT, SIGTERM) stops it before the next frame: nothing is written.
    public func contactSheet(of clip: Clip, frames: [Int], columns: Int = 6, cancellation: CancellationFlag? = nil) throws -> Canvas {
        let source = clip.frames()
        var tiles: [(label: String, canvas: Canvas)] = []
        for index in frames.sorted() {
            if cancellation?.isCancelled == true {
                var stopped = RenderInterrupted(written: 0, planned: frames.count, firstMissing: nil)
                stopped.resumable = false
                stopped.what = "the contact sheet was not written (\(tiles.count) of \(frames.count) frames drawn)"
                throw stopped
            }
            let record = source.frame(index, fps: clip.fps)
            let label = String(format: "#%d  %.2fS", index, record.time)
            tiles.append((label, try rasterize(record, scale: clip.scale)))
        }
        return ContactSheet.make(frames: tiles, columns: max(1, min(columns, tiles.count)), background: .white)
    }
}

/// The output folder already holds frames this render would write (a usage error: --force or --resume).
public struct ExistingFramesError: Error, CustomStringConvertible {
    public let description: String
}

/// A failure to use the output folder, said in the user's terms.
public struct OutputError: Error, CustomStringConvertible {
    public let description: String
}

/// Streams state lines to a temporary file beside `path`, renamed into place by `finish()`.
final class StateLineWriter {
    let path: String
    let temporary: String
    let handle: FileHandle
    var buffer = ""
    var finished = false

    init(path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        temporary = ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(TemporaryName.make(for: (path as NSString).lastPathComponent, suffix: "state"))
        OutputFolder.removeStaleTemporaries(folder.isEmpty ? "." : folder, of: (path as NSString).lastPathComponent)
        guard FileManager.default.createFile(atPath: temporary, contents: nil) else {
            throw OutputError(description: "cannot write the state file '\(path)': \(String(cString: strerror(errno)))")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
    }

    func append(_ line: String) throws {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { try flush() }
    }

    private func flush() throws {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
    }

    func finish() throws {
        try flush()
        try handle.close()
        finished = true
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputError(description: "cannot write the state file '\(path)': \(reason)")
        }
    }

    /// An unfinished state file (the render failed or was stopped) is removed, not left half-written.
    deinit {
        try? handle.close()
        if !finished { unlink(temporary) }
    }
}

/// Preparing and tidying a render's output folder.
public enum OutputFolder {
    /// Removes temporaries a killed render left behind in `path` (atomic writes never leave a
    /// partial file under a final name, but a SIGKILL can leave its temporary): frame temporaries,
    /// or those of `name`, and only when provably stale (made on this host by a process that has
    /// exited; see TemporaryName). Another machine's or a live process's are left alone.
    public static func removeStaleTemporaries(_ path: String, of name: String? = nil) {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        where (name != nil || (file.hasPrefix(".frame-") && file.contains(".png.tmp-"))) && TemporaryName.isProvablyStale(file, of: name) {
            unlink((path as NSString).appendingPathComponent(file))
        }
    }

    /// Creates the folder (and its parents) if needed and checks it can be written.
    public static func prepare(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputRefused("--out \(path): it exists and is not a folder; give a folder for the frames") }
        } else {
            // mkdir(2) each missing component, so the error is the system's own words for the path.
            var prefix = path.hasPrefix("/") ? "/" : ""
            for component in path.split(separator: "/") {
                prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
                if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                    throw OutputError(description: "cannot create output folder '\(path)': \(String(cString: strerror(errno)))")
                }
            }
        }
        guard access(path, W_OK) == 0 else {
            throw OutputError(description: "cannot write to output folder '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}

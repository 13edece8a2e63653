// The render pipeline: Clip ─► Simulation ─► Scene ─► Raster ─► Output.
//
// State is simulated in order on the calling thread (it is cheap and sequential by nature); each
// frame's scene then goes to a worker that rasterizes it, encodes the PNG and writes it
// atomically. At most `2 × threads` frames are in flight, so memory stays flat however long the
// clip. Frames are independent once their state is known, so the bytes of every file are the same
// for any thread count.

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
    public var pngOptions: PNGOptions = .fast
    /// Where to write one JSON line of state per frame, if anywhere.
    public var statePath: String?
    /// Render only this slice of the frames (for splitting a clip across machines).
    public var shard: Shard?
    /// What to do with frame files this render would write that already exist.
    public var existing: ExistingFrames = .refuse
    /// Checked before each frame is started; once it is set, frames in flight finish and no new
    /// one starts (SIGINT and SIGTERM set it in the CLI).
    public var cancellation: CancellationFlag?

    public init(clip: Clip, frames: FrameRange) { self.clip = clip; self.frames = frames }

    /// The frames this request renders, in order: the range, cut to the shard.
    public var selectedFrames: [Int] { shard.map { $0.frames(of: frames) } ?? Array(frames.indices) }
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

    public func frames(of range: FrameRange) -> [Int] {
        switch mode {
        case .interleaved:
            return range.indices.filter { ($0 - range.first) % count == index - 1 }
        case .contiguous:
            // Slice i gets frames ⌊i·n/N⌋ ..< ⌊(i+1)·n/N⌋ of the range: sizes differ by at most one.
            let n = range.count, i = index - 1
            let lo = i * n / count, hi = (i + 1) * n / count
            return (lo..<hi).map { range.first + $0 }
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
    public var description: String {
        "interrupted: \(written) of \(planned) frames written, every file complete" +
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

    public init(fonts: FontLibrary) { renderer = SceneRenderer(fonts: fonts) }

    /// Rasterizes one frame record at the clip's scale.
    public func rasterize(_ record: FrameRecord, scale: Double) throws -> Canvas {
        try renderer.render(record.scene, scale: scale)
    }

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
        if request.format == .png {
            try OutputFolder.prepare(request.outputDirectory)
            let existing = Set(planned.filter {
                FileManager.default.fileExists(atPath: (request.outputDirectory as NSString).appendingPathComponent(frameFileName($0)))
            })
            if !existing.isEmpty {
                switch request.existing {
                case .refuse:
                    throw ExistingFramesError(description: "output folder '\(request.outputDirectory)' already holds \(existing.count) of the " +
                        "\(planned.count) frames this render writes (e.g. \(frameFileName(existing.min()!))); " +
                        "give --force to overwrite them or --resume to render only the missing ones")
                case .skip:
                    skipped = existing
                    planned.removeAll { existing.contains($0) }
                case .overwrite:
                    break
                }
            }
            if request.existing != .refuse { OutputFolder.removeStaleTemporaries(request.outputDirectory) }
        }
        let stateFile = try request.statePath.map { try StateLineWriter(path: $0) }
        let failure = Mutex<Error?>(nil)
        let written = Atomic<Int>(0)
        let threads = max(1, request.threads)
        let slots = DispatchSemaphore(value: 2 * threads)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "holoframe.render", qos: .userInitiated, attributes: .concurrent)
        let workers = DispatchSemaphore(value: threads)
        let rawWriter = rawOutput.map { RawFrameWriter(handle: $0, first: planned.first ?? 0) }
        let source = clip.frames()
        let renderer = self.renderer
        let done = Mutex<Set<Int>>([])

        // Frames kept by --resume are still simulated, so the state file covers every selected frame.
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
            if skipped.contains(index) { continue }
            slots.wait()
            if request.cancellation?.isCancelled == true { slots.signal(); break }
            group.enter()
            queue.async {
                workers.wait()
                defer { workers.signal(); slots.signal(); group.leave() }
                if failure.withLock({ $0 != nil }) { return }
                do {
                    let canvas = try renderer.render(scene, scale: clip.scale)
                    switch request.format {
                    case .png:
                        let path = (request.outputDirectory as NSString).appendingPathComponent(frameFileName(index))
                        try PNG.write(canvas, to: path, options: request.pngOptions)
                    case .raw:
                        try rawWriter!.write(index: index, bytes: straightRGBA(canvas))
                    }
                    done.withLock { _ = $0.insert(index) }
                    let n = written.add(1, ordering: .relaxed).newValue
                    progress(n)
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        group.wait()
        if let error = failure.withLock({ $0 }) { throw error }
        if request.cancellation?.isCancelled == true {
            // The state file is dropped with the rest of the unfinished run; --resume writes it whole.
            let finished = done.withLock { $0 }
            throw RenderInterrupted(written: finished.count, planned: planned.count,
                                    firstMissing: planned.first { !finished.contains($0) })
        }
        try stateFile?.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return RenderReport(framesWritten: written.load(ordering: .relaxed), seconds: seconds)
    }
}

/// Straight-alpha RGBA8 bytes of a canvas (what PNG stores and ffmpeg's `-pix_fmt rgba` expects).
public func straightRGBA(_ canvas: Canvas) -> [UInt8] {
    var out = canvas.pixels
    out.withUnsafeMutableBufferPointer { p in
        var i = 0
        while i < p.count {
            let a = p[i + 3]
            if a != 255 {
                p[i] = unpremultiply(p[i], a); p[i + 1] = unpremultiply(p[i + 1], a); p[i + 2] = unpremultiply(p[i + 2], a)
            }
            i += 4
        }
    }
    return out
}

/// Writes frames to a handle in index order, whatever order they finish in.
final class RawFrameWriter: Sendable {
    /// write(2) until every byte is out, so a failure is the system's own words (ENOSPC, EPIPE).
    private func writeAll(_ bytes: [UInt8], frame: Int) throws {
        let fd = handle.fileDescriptor
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw OutputError(description: "cannot write raw frame \(frame) to the output: \(String(cString: strerror(errno)))")
                }
                offset += n
            }
        }
    }

    private struct State { var next: Int; var pending: [Int: [UInt8]] = [:] }
    private let handle: FileHandle
    private let state: Mutex<State>

    init(handle: FileHandle, first: Int) {
        self.handle = handle
        self.state = Mutex(State(next: first))
    }

    func write(index: Int, bytes: [UInt8]) throws {
        try state.withLock { s in
            s.pending[index] = bytes
            while let ready = s.pending.removeValue(forKey: s.next) {
                try writeAll(ready, frame: s.next)
                s.next += 1
            }
        }
    }
}

extension RenderPipeline {
    /// `count` frames spread evenly over `range` (all of them when the range is shorter).
    public static func sampleFrames(_ range: FrameRange, count: Int) -> [Int] {
        guard range.count > count, count > 1 else { return Array(range.indices) }
        return (0..<count).map { range.first + Int((Double($0) * Double(range.count - 1) / Double(count - 1)).rounded()) }
    }

    /// One PNG-able canvas tiling `frames` of `clip` in order, each labelled with its index and time.
    public func contactSheet(of clip: Clip, frames: [Int], columns: Int = 6) throws -> Canvas {
        let source = clip.frames()
        var tiles: [(label: String, canvas: Canvas)] = []
        for index in frames.sorted() {
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
            .appendingPathComponent(".\((path as NSString).lastPathComponent).tmp-\(getpid())")
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
    /// Removes `.frame-*.png.tmp-*` files a killed render left behind (atomic writes never leave
    /// a partial file under a final name, but a SIGKILL can leave its temporary).
    public static func removeStaleTemporaries(_ path: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        where name.hasPrefix(".frame-") && name.contains(".png.tmp-") {
            unlink((path as NSString).appendingPathComponent(name))
        }
    }

    /// Creates the folder (and its parents) if needed and checks it can be written.
    public static func prepare(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputError(description: "output '\(path)' exists and is not a folder") }
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

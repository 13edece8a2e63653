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

public enum OutputFormat: String, Sendable, CaseIterable {
    /// Numbered PNG files in a folder.
    case png
    /// Raw premultiplied→straight RGBA8 frames, back to back, on a file handle (for ffmpeg's rawvideo).
    case raw
}

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

    public init(clip: Clip, frames: FrameRange) { self.clip = clip; self.frames = frames }
}

public struct RenderReport: Sendable {
    public var framesWritten: Int
    public var seconds: Double
}

/// File name of frame `index`: `frame-00012.png` (ffmpeg reads them as `frame-%05d.png`).
public func frameFileName(_ index: Int) -> String {
    "frame-" + String(format: "%05d", index) + ".png"
}

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
        if request.format == .png {
            try OutputFolder.prepare(request.outputDirectory)
        }
        var stateLines: [String] = []
        let failure = Mutex<Error?>(nil)
        let written = Atomic<Int>(0)
        let threads = max(1, request.threads)
        let slots = DispatchSemaphore(value: 2 * threads)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "holoframe.render", qos: .userInitiated, attributes: .concurrent)
        let workers = DispatchSemaphore(value: threads)
        let rawWriter = rawOutput.map { RawFrameWriter(handle: $0, first: request.frames.first) }
        let source = clip.frames()
        let renderer = self.renderer

        for index in request.frames.indices {
            if failure.withLock({ $0 != nil }) { break }
            let record = source.frame(index, fps: clip.fps)
            if request.statePath != nil { stateLines.append(record.stateJSON) }
            slots.wait()
            group.enter()
            queue.async {
                workers.wait()
                defer { workers.signal(); slots.signal(); group.leave() }
                if failure.withLock({ $0 != nil }) { return }
                do {
                    let canvas = try renderer.render(record.scene, scale: clip.scale)
                    switch request.format {
                    case .png:
                        let path = (request.outputDirectory as NSString).appendingPathComponent(frameFileName(index))
                        try PNG.write(canvas, to: path, options: request.pngOptions)
                    case .raw:
                        try rawWriter!.write(index: index, bytes: straightRGBA(canvas))
                    }
                    let n = written.add(1, ordering: .relaxed).newValue
                    progress(n)
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        group.wait()
        if let error = failure.withLock({ $0 }) { throw error }
        if let path = request.statePath {
            try AtomicFile.write(Array((stateLines.joined(separator: "\n") + "\n").utf8), to: path)
        }
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
                try handle.write(contentsOf: ready)
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

/// A failure to use the output folder, said in the user's terms.
public struct OutputError: Error, CustomStringConvertible {
    public let description: String
}

public enum OutputFolder {
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

// The three parts of one render that RenderPipeline.run drives (the threading model is described
// at the top of RenderPipeline.swift): the planner that cuts the frames, simulated in order on the
// calling thread, into runs; the worker that draws and encodes one run; and the writer that writes
// each frame on one serial queue. What they share is a RenderRunState.

import Dispatch
import HoloClips
import HoloGeometry
import HoloPNG
import HoloRaster
import HoloScene
import HoloStop
import Synchronization

/// Consecutive frames one worker draws in order through one compositor.
typealias FrameRun = [(index: Int, scene: Scene)]

/// Cuts frames, handed over in increasing order, into runs of consecutive frames, at most `length`
/// long: a gap (a list, an interleaved shard, a frame kept by `--resume`) starts a new run.
struct RunPlanner {
    let length: Int
    private var current: FrameRun = []

    init(length: Int) { self.length = max(1, length) }

    /// Frame `index` joins the current run or starts the next; returns the run it closed, if any.
    mutating func add(_ index: Int, _ scene: Scene) -> FrameRun? {
        var closed: FrameRun?
        if let last = current.last, last.index != index - 1 || current.count >= length { closed = close() }
        current.append((index, scene))
        return closed
    }

    /// Ends the current run; nil when it is empty.
    mutating func close() -> FrameRun? {
        guard !current.isEmpty else { return nil }
        defer { current = [] }
        return current
    }
}

/// What every thread of one render shares: the first failure (once set, no frame starts and no
/// write happens), the frames written, and the request's cancellation.
final class RenderRunState: Sendable {
    let cancellation: CancellationFlag?
    private let failure = Locked<Error?>(nil)
    /// Frames written (PNG files or raw frames), as a set and as a count.
    let done = Locked<Set<Int>>([])
    let written = Atomic<Int>(0)

    init(cancellation: CancellationFlag?) { self.cancellation = cancellation }

    /// The first failure, if any.
    var error: Error? { failure.withLock { $0 } }
    var isCancelled: Bool { cancellation?.isCancelled == true }
    /// A failure or a cancellation: no new frame starts.
    var shouldStop: Bool { error != nil || isCancelled }

    /// Keeps `error` unless an earlier one is kept.
    func fail(_ error: Error) { failure.withLock { if $0 == nil { $0 = error } } }
}

/// Writes frames on one serial queue, in the order they are handed over: the PNG file (within the
/// quota) and the raw frame (the raw writer puts raw frames in frame order), then counts the frame
/// and reports its progress. File writes so overlap the next frames' raster and encode.
struct FrameWriter: Sendable {
    let output: OutputSession?
    let rawWriter: RawFrameWriter?
    let quota: OutputQuota
    let state: RenderRunState
    let progress: @Sendable (FrameProgress) -> Void
    let group: DispatchGroup
    private let queue = DispatchQueue(label: "holoframe.render.write", qos: .userInitiated)

    init(output: OutputSession?, rawWriter: RawFrameWriter?, quota: OutputQuota, state: RenderRunState,
         progress: @escaping @Sendable (FrameProgress) -> Void, group: DispatchGroup) {
        self.output = output; self.rawWriter = rawWriter; self.quota = quota; self.state = state
        self.progress = progress; self.group = group
    }

    /// Queues frame `index`'s bytes; `raster` and `encode` are the seconds they took.
    func write(_ index: Int, png: [UInt8]?, raw: [UInt8]?, raster: Double, encode: Double) {
        group.enter()
        queue.async { [self] in
            defer { group.leave() }
            if state.error != nil { return }
            do {
                let w0 = nowNanoseconds()
                if let png {
                    try quota.admit(png.count, frame: index)
                    try output!.writeFrame(index, bytes: png)
                }
                if let raw { try rawWriter!.write(index: index, bytes: raw) }
                state.done.withLock { _ = $0.insert(index) }
                state.written.add(1, ordering: .relaxed)
                progress(FrameProgress(name: String(index), raster: raster, encode: encode,
                                       write: Double(nowNanoseconds() - w0) / 1e9))
            } catch {
                state.fail(error)
            }
        }
    }

    /// Runs `body` on the writer's queue after every write queued so far.
    func afterWrites(_ body: @escaping @Sendable () -> Void) { queue.async(execute: body) }
}

/// Draws one run's frames in order through one fresh compositor (its first frame from empty
/// caches), encodes each and hands the bytes to the writer. Stops at the run's first failure, or
/// as soon as the render has failed or been cancelled.
struct RunWorker: Sendable {
    let pipeline: RenderPipeline
    let request: RenderRequest
    let writer: FrameWriter
    /// Raw frames too (`--format raw`, or `--video` beside PNG files).
    let writesRaw: Bool
    /// Threads one frame's PNG is deflated on: all of them for a still, one for a sequence
    /// (frames parallelize better than stripes of one frame).
    let encodeThreads: Int
    /// When the whole render must stop (`--max-time`), as a FrameWatch deadline.
    let runDeadline: UInt64

    func draw(_ run: FrameRun) {
        let state = writer.state
        let compositor = FrameCompositor(renderer: pipeline.renderer)
        var previous: (png: [UInt8]?, raw: [UInt8]?)?
        for (index, scene) in run {
            if state.shouldStop { return }
            var png: [UInt8]?, raw: [UInt8]?
            let t0 = nowNanoseconds()
            var t1 = t0
            do {
                var canvas = try pipeline.watched(index, cancellation: request.cancellation, runDeadline: runDeadline,
                                                  maxTime: request.maxTime) {
                    try pipeline.draw(scene, scale: request.clip.scale, compositor: compositor)
                }
                if request.showDamage { canvas.tint(rows: compositor.statistics.damage) }
                t1 = nowNanoseconds()
                // A frame that reused the previous canvas whole has its bytes too (deterministic encoder).
                if let previous, compositor.statistics.redrawn == 0, pipeline.reference == nil, !request.showDamage {
                    (png, raw) = previous
                } else {
                    if request.format == .png { png = try PNG.encode(canvas, profile: request.pngProfile, threads: encodeThreads) }
                    if writesRaw { raw = request.rawShape.bytes(canvas) }
                }
            } catch {
                if !(error is CancellationError) { state.fail(error) }
                return
            }
            let t2 = nowNanoseconds()
            previous = (png, raw)
            writer.write(index, png: png, raw: raw, raster: Double(t1 - t0) / 1e9, encode: Double(t2 - t1) / 1e9)
        }
    }
}

/// Monotonic time in nanoseconds (the render's and the bench's stopwatch).
@inline(__always) package func nowNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

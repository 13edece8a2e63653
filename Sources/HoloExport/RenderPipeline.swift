// The render pipeline: Clip ─► Simulation ─► Scene ─► Raster ─► Output.
//
// `run(_:)` renders a RenderRequest (RenderRequest.swift). The output folder is made ready and its
// frames claimed first (OutputFolder.swift); the runs are planned, drawn and written by
// RunPlanner, RunWorker and FrameWriter (RenderRun.swift); raw frames go out through
// RawFrameWriter.swift and state lines through StateLineWriter.swift.
//
// Threading model: three kinds of thread, and only the calling thread waits for the others.
//  - The calling thread simulates every frame in order (cheap, and sequential by nature), writes
//    the state lines, and cuts the scenes into runs of consecutive frames (at most `runLength`; a
//    gap in the frames ends a run). Before it hands a run off it waits on `slots`, a semaphore of
//    `threads` permits, so at most `threads` runs are in flight and memory stays flat however long
//    the clip; at the end it waits on `group` for every run and write. Those two waits are the
//    only blocking waits in the pipeline: no block on a Dispatch queue waits for another block.
//  - Workers: one block on a concurrent queue per run. A worker draws the run's frames in order
//    through one FrameCompositor (HoloRaster/Composite/Compositor.swift): the first frame from
//    empty caches, the rest reusing retained layers and unchanged frames; it encodes each frame
//    (one frame per worker: frames parallelize better than stripes of one frame) and hands the
//    bytes to the writer. It never writes a file and waits on nothing but its own work (a still,
//    the one frame of its render, is deflated in stripes by concurrentPerform, which it joins).
//  - The writer: one serial queue. It writes each frame (an atomic PNG file, the raw stream in
//    frame order, or both), counts it and reports progress, so file writes overlap the next frames' raster
//    and encode. After a run's last write it frees the run's slot: a slow disk holds the loop.
// Shared state (RenderRunState) is the first failure (once set, no new frame starts and no write
// happens), the frames written and the request's CancellationFlag.
// Each frame is drawn under its own FrameWatch (HoloStop): a signal, --frame-timeout or --max-time
// stops it inside its raster and shader loops, and its pixels are dropped. Before each write the
// OutputQuota holds --max-output and --min-free.
// A frame drawn inside a run has the bytes it has drawn alone, so every file is the same for any
// thread count and any way of cutting the runs.

import Dispatch
import Foundation
import HoloClips
import HoloGeometry
import HoloGolden
import HoloPNG
import HoloPixels
import HoloRaster
import HoloScene
import HoloStop
import HoloText
import Synchronization

/// Simulates and rasterizes frames of a clip, and writes them (PNG files or raw RGBA) on worker threads.
public struct RenderPipeline: Sendable {
    public let renderer: SceneRenderer
    /// Set when frames go through the reference renderer instead (`--reference`): slow, obviously
    /// right, for checking the fast renderer (HoloRaster/Reference).
    public let reference: ReferenceRenderer?
    /// --max-memory: the cap on all surfaces of one frame together (see SurfaceBudget).
    public var maxMemoryPerFrame = Limits().maxMemoryPerFrame
    /// --max-nodes, --max-area, --max-text, --max-shader-work: one frame's work (WorkLimits).
    public var work = WorkLimits()
    /// --frame-timeout: seconds one frame may take to draw (nil: no deadline). The CLI scales it
    /// for the reference renderer (Limits.frameSeconds).
    public var frameTimeout: Double? = Limits().frameTimeout

    public init(fonts: FontLibrary, reference: Bool = false) {
        renderer = SceneRenderer(fonts: fonts)
        self.reference = reference ? ReferenceRenderer(fonts: fonts) : nil
        frameTimeout = Limits().frameSeconds(reference: reference)
    }

    /// Takes the per-frame caps of `limits`: memory, work and the frame deadline (scaled by
    /// Limits.referenceTimeoutFactor for the reference renderer).
    public mutating func apply(_ limits: Limits) {
        maxMemoryPerFrame = limits.maxMemoryPerFrame
        work = limits.work
        frameTimeout = limits.frameSeconds(reference: reference != nil)
    }

    /// The frame's preroll (Flutter's name for the pass before painting that measures the layer
    /// tree): one walk over this frame's scene measuring its bounds and work, throwing LimitError
    /// when the frame asks for more work than `work` allows or its surfaces may need more than
    /// `maxMemoryPerFrame`. It runs for every frame; a clip's preparation (`prepare`) runs once,
    /// before its first frame.
    public func preroll(_ scene: Scene, scale: Double) throws {
        try work.check(scene, scale: scale)
        try SurfaceBudget.check(scene, scale: scale, renderer: renderer, maxBytes: maxMemoryPerFrame)
    }

    /// A clip's preparation, before its first frame (bench reports its time apart): the font faces
    /// opened, and the text of the clip's opening scene (its state at t = 0, before any input: what
    /// the clip document itself states) shaped and its glyphs rasterized into the glyph cache
    /// (`SceneRenderer.prepareText`). Nothing of a later frame's state is looked at, and no pixel
    /// depends on it: a frame has the same bytes prepared or not.
    public func prepare(_ clip: Clip) throws {
        try renderer.fonts.loadFaces()
        let opening = clip.frames().scene(0).scene
        try preroll(opening, scale: clip.scale)  // within the limits before anything is rasterized
        try renderer.prepareText(of: opening, scale: clip.scale)
    }

    /// Draws frame `index` with a FrameWatch installed (HoloStop): `body` stops inside its loops
    /// once `cancellation` is set (a signal) or the frame's deadline (`frameTimeout` from now, or
    /// `runDeadline` when sooner) passes; its pixels are then dropped and this throws
    /// CancellationError or TimeLimitExceeded. A frame that finishes is returned untouched.
    public func watched(_ index: Int, cancellation: CancellationFlag?, runDeadline: UInt64 = .max, maxTime: Double? = nil,
                        _ body: () throws -> Canvas) throws -> Canvas {
        let frameDeadline = FrameWatch.deadline(after: frameTimeout)
        let watch = FrameWatch(cancellation: cancellation, deadline: min(frameDeadline, runDeadline))
        let canvas = try watch.run(body)
        switch watch.reason {
        case .running: return canvas
        case .cancelled: throw CancellationError()
        case .deadline:
            if runDeadline <= frameDeadline, let maxTime { throw TimeLimitExceeded(frame: index, seconds: maxTime, flag: "--max-time") }
            throw TimeLimitExceeded(frame: index, seconds: frameTimeout ?? 0, flag: "--frame-timeout")
        }
    }

    /// Rasterizes one frame record at the clip's scale, within the memory cap.
    public func rasterize(_ record: FrameRecord, scale: Double) throws -> Canvas {
        try draw(record.scene, scale: scale)
    }

    /// One scene through the chosen renderer, within the memory cap.
    public func draw(_ scene: Scene, scale: Double) throws -> Canvas {
        try preroll(scene, scale: scale)
        if let reference { return try reference.render(scene, scale: scale) }
        return try renderer.render(scene, scale: scale)
    }

    /// One scene of a run through `compositor` (reusing what earlier frames of the run drew), or
    /// the reference renderer when chosen (it keeps nothing), within the memory cap.
    public func draw(_ scene: Scene, scale: Double, compositor: FrameCompositor) throws -> Canvas {
        try work.check(scene, scale: scale)
        let frameBytes = try SurfaceBudget.check(scene, scale: scale, renderer: renderer, maxBytes: maxMemoryPerFrame)
        if let reference { return try reference.render(scene, scale: scale) }
        // What the caches keep and the frame's own surfaces together stay under the cap: evict first.
        compositor.layers.budget = LayerCache.Budget(total: min(FrameCompositor.defaultCacheBytes,
                                                                max(0, maxMemoryPerFrame - Int(frameBytes.rounded(.up)))))
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
        let record = clip.frames().frame(index)
        return try rasterize(record, scale: clip.scale)
    }

    /// Runs the whole request. Raw frames go to `rawOutput` in frame order, shaped by the request's
    /// `rawShape`: with `format` .raw only there, with .png beside the PNG files (`--video` with
    /// `--out`). `progress` is called after each frame is written (from the writer queue), with the
    /// seconds the frame spent in raster, encode and write.
    /// `planned` is told, before any frame is drawn, how many frames will be written (fewer than
    /// selected when `--resume` keeps some). It comes after `progress`, so a trailing closure is
    /// still the progress one.
    public func run(_ request: RenderRequest, rawOutput: FileHandle? = nil,
                    progress: @escaping @Sendable (FrameProgress) -> Void = { _ in },
                    planned announce: (Int) -> Void = { _ in }) throws -> RenderReport {
        let start = DispatchTime.now()
        let selected = request.selectedFrames
        // PNG frames: the folder is made, the frames claimed and the files already there dealt with
        // before anything is drawn; the claim is held until the render ends.
        // Every file goes into the folder as opened here (OutputSession), wherever it is moved meanwhile.
        let output = request.format == .png ? try OutputFolder.open(for: request, frames: selected) : nil
        let skipped = output?.kept ?? []
        let state = RenderRunState(cancellation: request.cancellation)
        defer { output?.finish(failedBeforeAnyFrame: state.written.load(ordering: .relaxed) == 0 && skipped.isEmpty) }
        let planned = selected.filter { !skipped.contains($0) }
        announce(planned.count)
        let stateFile = try request.statePath.map { try StateLineWriter(path: $0) }
        let threads = max(1, request.threads)
        let quota = OutputQuota(request: request)
        let rawWriter = rawOutput.map { RawFrameWriter(handle: $0, order: planned, quota: quota) }
        let group = DispatchGroup()
        let writer = FrameWriter(output: output, rawWriter: rawWriter, quota: quota, state: state, progress: progress, group: group)
        let runDeadline = FrameWatch.deadline(after: request.maxTime)
        let worker = RunWorker(pipeline: self, request: request, writer: writer, writesRaw: rawOutput != nil,
                               encodeThreads: planned.count == 1 ? threads : 1, runDeadline: runDeadline)
        // Runs in flight (rastered, encoded or waiting to be written): one a worker, so at most
        // `threads` run at once and memory stays flat however long the clip. A run's slot is
        // freed after its last write (the writer queue is serial), so a slow disk holds the loop.
        let slots = DispatchSemaphore(value: threads)
        let workers = DispatchQueue(label: "holoframe.render", qos: .userInitiated, attributes: .concurrent)
        func dispatch(_ run: FrameRun?) {
            guard let run else { return }
            slots.wait()
            group.enter()
            workers.async {
                worker.draw(run)
                writer.afterWrites { slots.signal(); group.leave() }
            }
        }

        // Frames kept by --resume are still simulated, so the state file covers every selected frame.
        let source = request.clip.frames()
        var planner = RunPlanner(length: rawOutput != nil ? Self.rawRunLength : Self.runLength)
        for index in selected {
            if state.shouldStop { break }
            if runDeadline != .max, FrameWatch.now() >= runDeadline {
                state.fail(TimeLimitExceeded(frame: index, seconds: request.maxTime ?? 0, flag: "--max-time"))
                break
            }
            let scene: Scene
            if let stateFile {
                let record = source.frame(index)
                try stateFile.append(record.stateJSON)
                scene = record.scene
            } else {
                scene = source.scene(index).scene
            }
            if skipped.contains(index) { dispatch(planner.close()); continue }
            dispatch(planner.add(index, scene))
        }
        if !state.shouldStop { dispatch(planner.close()) }
        group.wait()
        if var error = state.error {
            // A limit that stopped the run says what was written and how to finish.
            let finished = rawWriter?.framesOut ?? state.done.withLock { $0 }.count
            if var stopped = error as? TimeLimitExceeded {
                stopped.progress = (finished, planned.count, request.format == .png); error = stopped
            } else if var stopped = error as? OutputLimitExceeded {
                stopped.progress = (finished, planned.count, request.format == .png); error = stopped
            }
            throw error
        }
        if state.isCancelled {
            // The state file is dropped with the rest of the unfinished run; --resume writes it whole.
            let finished = state.done.withLock { $0 }
            throw RenderInterrupted(written: finished.count, planned: planned.count,
                                    firstMissing: planned.first { !finished.contains($0) }, resumable: request.format == .png && rawOutput == nil)
        }
        try stateFile?.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return RenderReport(framesWritten: state.written.load(ordering: .relaxed), seconds: seconds)
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
        let last = Double(all.count - 1), gaps = Double(count - 1)
        return (0..<count).map { (k: Int) -> Int in
            let position: Double = Double(k) * last / gaps
            return all[Int(position.rounded())]
        }
    }

    /// One PNG-able canvas tiling `frames` of `clip` in order, each labelled with its index and time.
    /// A set `cancellation` (SIGINT, SIGTERM) stops it inside the frame being drawn: nothing is
    /// written. `maxTime` (--max-time) bounds the whole sheet, as --frame-timeout bounds each frame.
    public func contactSheet(of clip: Clip, frames: [Int], columns: Int = 6, cancellation: CancellationFlag? = nil,
                             maxTime: Double? = nil) throws -> Canvas {
        let source = clip.frames()
        let runDeadline = FrameWatch.deadline(after: maxTime)
        var tiles: [(label: String, canvas: Canvas)] = []
        func interrupted() -> RenderInterrupted {
            var stopped = RenderInterrupted(written: 0, planned: frames.count, firstMissing: nil)
            stopped.resumable = false
            stopped.what = "the contact sheet was not written (\(tiles.count) of \(frames.count) frames drawn)"
            return stopped
        }
        for index in frames.sorted() {
            if cancellation?.isCancelled == true { throw interrupted() }
            let record = source.frame(index)
            let label = String(format: "#%d  %.2f s", index, record.time)
            do {
                tiles.append((label, try watched(index, cancellation: cancellation, runDeadline: runDeadline, maxTime: maxTime) {
                    try rasterize(record, scale: clip.scale)
                }))
            } catch is CancellationError {
                throw interrupted()
            }
        }
        return ContactSheet.make(frames: tiles, columns: max(1, min(columns, tiles.count)), background: .white)
    }
}

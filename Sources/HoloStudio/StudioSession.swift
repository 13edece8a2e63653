// The studio's state between the HTTP server and the renderer: the clip version shown, the error
// of the last broken edit, the cache of encoded frames, the render thread and the file watch.
//
//  - Loading: the first load must succeed (the command exits 2 with the CLI's message otherwise).
//    A later load that fails (a syntax error, a refused path, a missing image) leaves the last good
//    version in place and keeps its error text for the page, so the page can say what is wrong
//    while it still shows the clip; the next good edit clears it.
//  - Rendering: one thread, so frames of a version go through one FrameCompositor in the order
//    they are asked for and reuse what the previous frame drew, as `render` does within a run.
//    Pending requests are served newest first: while the user scrubs, the frame under the thumb
//    is drawn before the ones it passed over.
//  - Limits: the command line's, as `render` takes them (Limits): every load is checked (pixels,
//    frames), every draw is held to the work caps and --max-memory before it starts and watched
//    while it runs (HoloStop's FrameWatch: --frame-timeout, and --max-time counted from the
//    request's arrival), and a bench is refused past --max-pixels at the device's scale or
//    --max-frames frames.
//  - Watching: `checkForChanges()` compares the stamps of the clip file and every file it read;
//    `watch()` calls it every 250 ms on its own thread.
//  - Listeners (the page's event stream) hear of every new version and every error.

import Foundation
import Holoframe

/// A rendered preview frame.
public struct StudioFrame: Sendable {
    public var version: Int
    public var index: Int
    public var entry: FrameCache.Entry
    /// True when it came from the cache rather than the renderer.
    public var cached: Bool
}

/// What the page is told when the clip changes: the version shown and the last load's error.
public struct StudioStatus: Sendable, Equatable {
    public var version: Int
    /// The CLI's message for the last load, when it failed (the version shown is then older).
    public var error: String?
}

/// A request stopped at --max-time: in the studio a deadline for each request, from its arrival.
public struct RequestTimeLimit: Error, CustomStringConvertible {
    public var frame: Int
    public var seconds: Double
    public var description: String {
        "the request for frame \(frame) reached the studio's --max-time of \(String(format: "%g", seconds)) s " +
            "(a deadline for each request, from its arrival) and was stopped; raise it with --max-time"
    }
}

/// A frame asked for that is not in the clip.
public struct FrameOutOfRange: Error, CustomStringConvertible {
    public var frame: Int
    public var frameCount: Int
    public var description: String { "frame \(frame) is outside the clip (frames 0-\(frameCount - 1))" }
}

public final class StudioSession: @unchecked Sendable {
    public let source: StudioClipSource
    public let cache: FrameCache
    public let pipeline: RenderPipeline
    /// The command line's caps (the pipeline has taken its per-frame ones).
    public let limits: Limits
    /// Bytes of simulated records each version keeps (ClipVersion).
    let recordBytes: Int
    /// The CLI's wording of an error (the page shows what `render` would print).
    let describe: @Sendable (Error) -> String

    private let lock = NSLock()
    private let loading = NSLock()
    private var shown: ClipVersion
    private var lastError: String?
    private var environment: ClipEnvironment?
    private var device: String?
    private var stamps: FileStamps
    private var listeners: [UUID: @Sendable (StudioStatus) -> Void] = [:]
    private let jobs = RenderJobs()

    /// Loads the clip; throws the load's error when the first load fails.
    /// `cacheBytes` bounds the encoded frames, `recordBytes` the simulated records of the version
    /// shown; `limits` are the command line's (the pipeline takes its per-frame caps from them).
    public init(source: StudioClipSource, pipeline: RenderPipeline, cacheBytes: Int, recordBytes: Int = 64 << 20,
                limits: Limits = Limits(), describe: @escaping @Sendable (Error) -> String = { "\($0)" }) throws {
        var pipeline = pipeline
        pipeline.apply(limits)
        self.source = source
        self.pipeline = pipeline
        self.limits = limits
        self.recordBytes = recordBytes
        self.describe = describe
        cache = FrameCache(budgetBytes: cacheBytes)
        shown = try ClipVersion(number: 1, source: source, environment: nil, renderer: pipeline.renderer, recordBytes: recordBytes)
        stamps = FileStamps(shown.files)
        Self.warmUp(shown, pipeline: pipeline, maxTime: limits.maxTime)
    }

    /// The process's first frame pays for its start-up (code paged in, lazily built tables, the
    /// first shaping and glyph rasterization): hundreds of milliseconds where the frame itself
    /// takes a few, which is what the strip's frame 0 used to show. `bench` never shows it because
    /// it keeps the median of three runs. So the first load draws frame 0 once into a compositor
    /// it then drops, empties the glyph cache (as each bench run starts), and counts the time as
    /// the version's preparation; the frame 0 the page asks for is then drawn from an empty
    /// compositor and glyph cache, as bench's frame 0 is. A draw that fails here is left to the
    /// page's request, which reports it. The load is held to --max-time as a request is (and the
    /// draw to --frame-timeout), so a clip whose frame never ends cannot hold the studio's start.
    static func warmUp(_ version: ClipVersion, pipeline: RenderPipeline, maxTime: Double?) {
        let start = DispatchTime.now().uptimeNanoseconds
        let scene = version.record(0).scene
        _ = try? pipeline.watched(0, cancellation: nil, runDeadline: FrameWatch.deadline(after: maxTime), maxTime: maxTime) {
            try pipeline.draw(scene, scale: version.clip.scale, compositor: FrameCompositor(renderer: pipeline.renderer))
        }
        pipeline.renderer.fonts.clearGlyphCache()
        version.preparationMs += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// The version shown now (the last good one).
    public var current: ClipVersion { lock.withLock { shown } }
    public var status: StudioStatus { lock.withLock { StudioStatus(version: shown.number, error: lastError) } }
    /// The files watched now.
    public var watchedFiles: [String] { lock.withLock { stamps.paths } }

    // MARK: Loading

    /// Reads the clip again with the environment and device the page chose. On success the new
    /// version is shown and the cache emptied; on failure the last good version stays and the
    /// error is kept. Either way listeners hear the new status. Returns the status.
    @discardableResult
    public func reload() -> StudioStatus {
        // One load at a time (the watch thread and a page's switch may ask together), so each
        // good load gets its own version number.
        loading.lock(); defer { loading.unlock() }
        let (number, environment, device) = lock.withLock { (shown.number + 1, self.environment, self.device) }
        var source = self.source
        if let device { source.overrides.device = device }
        let status: StudioStatus
        do {
            let version = try ClipVersion(number: number, source: source, environment: environment, renderer: pipeline.renderer,
                                          recordBytes: recordBytes)
            status = lock.withLock {
                shown = version
                lastError = nil
                stamps = FileStamps(version.files)
                return StudioStatus(version: version.number, error: nil)
            }
            cache.removeAll()
        } catch {
            let text = describe(error)
            status = lock.withLock {
                lastError = text
                // Keep watching what the good version read, and the clip file the edit broke.
                stamps = FileStamps(shown.files + [source.filePath].compactMap { $0 }.map(ClipVersion.absolute))
                return StudioStatus(version: shown.number, error: text)
            }
        }
        notify(status)
        return status
    }

    /// Reloads when a watched file changed since the last load; returns whether it did.
    @discardableResult
    public func checkForChanges() -> Bool {
        let changed = lock.withLock { stamps.changed() }
        guard !changed.isEmpty else { return false }
        reload()
        return true
    }

    /// Polls the watched files every `interval` seconds on a thread of its own, for as long as the process runs.
    public func watch(interval: Double = 0.25) {
        let thread = Thread { [weak self] in
            while let self {
                Thread.sleep(forTimeInterval: interval)
                self.checkForChanges()
            }
        }
        thread.name = "holoframe.studio.watch"
        thread.start()
    }

    /// The page's environment switches: values left nil keep the clip's own. Reloads.
    @discardableResult
    public func setEnvironment(colorScheme: ColorScheme? = nil, dynamicTypeSize: DynamicTypeSize? = nil,
                               reduceMotion: Bool? = nil, device: String? = nil) -> StudioStatus {
        lock.withLock {
            var environment = self.environment ?? shown.spec.environment
            if let colorScheme { environment.colorScheme = colorScheme }
            if let dynamicTypeSize { environment.dynamicTypeSize = dynamicTypeSize }
            if let reduceMotion { environment.reduceMotion = reduceMotion }
            self.environment = environment
            if let device { self.device = device }
        }
        return reload()
    }

    // MARK: Listeners

    /// Calls `listener` with every new status until `removeListener` is called with the answer.
    public func addListener(_ listener: @escaping @Sendable (StudioStatus) -> Void) -> UUID {
        let id = UUID()
        lock.withLock { listeners[id] = listener }
        return id
    }

    public func removeListener(_ id: UUID) { _ = lock.withLock { listeners.removeValue(forKey: id) } }

    private func notify(_ status: StudioStatus) {
        for listener in lock.withLock({ Array(listeners.values) }) { listener(status) }
    }

    // MARK: Frames

    /// Frame `index` of the version shown: from the cache, or drawn on the render thread (newest
    /// request first) and kept. Waits for it; --max-time counts from the call.
    public func frame(_ index: Int) throws -> StudioFrame {
        let deadline = FrameWatch.deadline(after: limits.maxTime)
        let version = current
        guard index >= 0 && index < version.clip.frameCount else { throw FrameOutOfRange(frame: index, frameCount: version.clip.frameCount) }
        let key = FrameCache.Key(version: version.number, frame: index)
        if let hit = cache.get(key) { return StudioFrame(version: version.number, index: index, entry: hit, cached: true) }
        return try jobs.run { [self] in
            if let hit = cache.get(key) { return StudioFrame(version: version.number, index: index, entry: hit, cached: true) }
            let entry = try draw(index, of: version, deadline: deadline)
            if current.number == version.number { cache.put(key, entry) }
            return StudioFrame(version: version.number, index: index, entry: entry, cached: false)
        }
    }

    /// One frame through the version's compositor (the `render` path), within the work and memory
    /// caps, watched (--frame-timeout, and `deadline` for --max-time), timed, then encoded.
    func draw(_ index: Int, of version: ClipVersion, deadline: UInt64) throws -> FrameCache.Entry {
        let scene = version.record(index).scene
        let start = DispatchTime.now().uptimeNanoseconds
        let canvas: Canvas
        do {
            canvas = try pipeline.watched(index, cancellation: nil, runDeadline: deadline, maxTime: limits.maxTime) {
                try pipeline.draw(scene, scale: version.clip.scale, compositor: version.compositor)
            }
        } catch {
            // A frame stopped inside its loops may leave half-drawn layers behind: start afresh.
            version.compositor = FrameCompositor(renderer: pipeline.renderer)
            if let stopped = error as? TimeLimitExceeded, stopped.flag == "--max-time" {
                throw RequestTimeLimit(frame: index, seconds: stopped.seconds)
            }
            throw error
        }
        let rasterMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return FrameCache.Entry(png: try PNG.encode(canvas, profile: .fast), rasterMs: rasterMs, scale: version.clip.scale)
    }

    /// Frame `index`'s simulated state: the line `render --state` writes for it.
    public func state(_ index: Int) throws -> String {
        let version = current
        guard index >= 0 && index < version.clip.frameCount else { throw FrameOutOfRange(frame: index, frameCount: version.clip.frameCount) }
        return version.record(index).stateJSON
    }

    /// Times frames `range` at the device's own scale as `bench` does (a fresh simulation and
    /// compositor for each of its three runs, simulate + raster per frame, the median kept), on
    /// the render thread. The device-scale frame is held to --max-pixels and --max-memory and the
    /// range to --max-frames first; each frame to the work caps and --frame-timeout, and the whole
    /// bench to --max-time from the request's arrival (a bench queued past it does not start; one
    /// running is stopped inside its frame, as `bench --max-time` stops).
    public func bench(_ range: FrameRange) throws -> ClipBench {
        var options = BenchOptions()
        options.maxTime = limits.maxTime
        options.deadline = FrameWatch.deadline(after: limits.maxTime)
        let version = current
        guard range.first >= 0 && range.last < version.clip.frameCount else {
            throw FrameOutOfRange(frame: range.last, frameCount: version.clip.frameCount)
        }
        let clip = version.clip.withScale(version.deviceScale)
        try limits.check(clip, frameCount: range.count)
        let runner = BenchRunner(pipeline: pipeline, options: options)
        return try jobs.run {
            do {
                return try runner.run(clip, device: version.spec.device.name, frames: range)
            } catch let stopped as TimeLimitExceeded where stopped.flag == "--max-time" {
                throw RequestTimeLimit(frame: stopped.frame, seconds: stopped.seconds)
            }
        }
    }
}

/// The render thread: jobs run one at a time, the most recently queued first.
final class RenderJobs: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [() -> Void] = []

    init() {
        let thread = Thread { [condition] in
            while true {
                condition.lock()
                while self.pending.isEmpty { condition.wait() }
                let job = self.pending.removeLast()
                condition.unlock()
                job()
            }
        }
        thread.name = "holoframe.studio.render"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues `work` and waits for it (the caller is a connection's thread, or a test's).
    func run<T>(_ work: @escaping () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        var result: Result<T, Error>?
        condition.lock()
        pending.append { result = Result { try work() }; done.signal() }
        condition.signal()
        condition.unlock()
        done.wait()
        return try result!.get()
    }
}

// The frame-time benchmark: every frame of a clip timed against the frame budget.
//
// Honest timing. `repeats` = N runs the whole clip N times in order, each time from a fresh start:
// a new simulation and a renderer with no rendered content cached (the glyph cache is emptied;
// loaded font faces stay, as a process keeps its fonts). A frame's time is simulation + scene
// building + rasterization, measured as one span, and its figure is the fastest of its N spans:
// preemption and contention on a shared machine only ever add time, so the minimum is the run
// closest to what the frame costs (every span is kept in `runsMs`, for the record).
// Within a run a frame may reuse only what earlier frames of that run left behind (an unchanged
// scene's canvas, retained layers' surfaces: HoloRaster/Composite/Compositor.swift, the same FrameCompositor
// `render` runs). Each frame also reports `redrawn`, the fraction of the canvas's pixels it wrote
// (0 for a frame that reused the previous one whole). The state's
// JSON (what `simulate` prints) is not built: a device never encodes it.
// Work before frame 0 of a run is timed apart and reported as preparation (median over runs):
// starting the simulation and advancing it to the first timed frame, and the clip's preparation
// (RenderPipeline.prepare: the faces loaded, the opening scene's text shaped and its glyphs
// rasterized), which uses the clip document's opening scene alone, never a later frame's state.
// The per-frame pass over a frame's bounds and work is the preroll (RenderPipeline.preroll),
// done untimed in the first run as a safety check.
// PNG encoding is timed apart (optional, after the timed runs) because a device never encodes PNGs.
// Percentiles over frames use an exact sort (nearest rank). Timing is wall-clock on a monotonic
// clock on the calling thread only (one core), so figures compare with a device's render thread.
// The same spans are also timed in the thread's CPU time (CLOCK_THREAD_CPUTIME_ID: only while the
// thread runs), which a baseline comparison holds instead, every run of them (BaselineComparison:
// the runs are timed pass by pass, so load that comes and goes lands in stretches of frames of
// one run, which its typical times take out): on a shared machine a 2.5 ms frame took
// 2.5 ms or 15–20 ms of wall time depending on whether the scheduler gave its core to a busy
// neighbour during it (measured with one busy loop per core: Tests/Scripts/check_bench_gate.sh),
// and CPU time does not count the wait.

import Dispatch
import Foundation
import HoloClips
import HoloExport
import HoloGeometry
import HoloPNG
import HoloRaster
import HoloScene
import HoloStop

/// How `BenchRunner` times a clip: runs, the budget, and whether PNG encoding is timed apart.
public struct BenchOptions: Sendable {
    public var repeats = 3
    public var budgetMs = 1000.0 / 60.0
    public var measureEncode = false
    public var pngProfile: PNGProfile = .fast
    /// `--max-time`: the whole bench stops (TimeLimitExceeded) at this many seconds from `deadline`'s
    /// start, inside a frame as `render` stops; nil: no limit.
    public var maxTime: Double?
    /// When `maxTime` runs out (HoloStop's clock), set once for the whole invocation.
    public var deadline: UInt64 = .max
    public init() {}
}

/// One frame's times in milliseconds, from its fastest run.
public struct FrameTiming: Encodable, Sendable, Hashable {
    public var frame: Int
    public var time: Double
    /// Simulation + scene building (of the fastest run).
    public var simulateMs: Double
    /// Rasterization (of the fastest run).
    public var rasterMs: Double
    public var encodeMs: Double?
    /// The fastest run's simulate + raster span (the minimum of `runsMs`): what is held against
    /// the budget and against a baseline.
    public var totalMs: Double
    /// The fraction of the canvas's pixels this frame wrote, rastered or composited (the last
    /// run's; every run draws the same): 0 when it reused the previous frame whole.
    public var redrawn: Double = 1
    /// The fastest run's time in materials (frosted glass blurred and tinted, or a kept output
    /// written back when its backdrop did not change), part of `rasterMs`.
    public var materialMs: Double = 0
    /// Every run's simulate + raster span, in run order.
    public var runsMs: [Double] = []
    /// The same spans in the thread's CPU time (time it ran, not time it waited), in run order
    /// (what a baseline comparison holds: BaselineComparison.typicalTimes), and their minimum.
    public var runsCpuMs: [Double] = []
    public var cpuMs: Double = 0
}

/// A clip's frame times summed up: min / median / p95 / p99 / max, the worst frame, frames over budget.
public struct BenchSummary: Encodable, Sendable, Hashable {
    public var minMs, medianMs, p95Ms, p99Ms, maxMs: Double
    public var worstFrame: Int
    public var worstTime: Double
    public var framesOverBudget: Int
    public var encodeMedianMs: Double?
    /// The median over the frames that redrew anything (`redrawn` > 0); nil when none did.
    public var redrawnMedianMs: Double?
    /// The mean of `redrawn` over the frames that redrew anything (0 when none did).
    public var redrawnShare: Double = 0
    /// Time in materials per frame (mean over all frames), and its share of the frames' total time.
    public var materialMeanMs: Double = 0
    public var materialShare: Double = 0
}

/// Every frame of one clip timed on one device: what `holoframe bench --json` writes per clip.
public struct ClipBench: Encodable, Sendable {
    public var clip: String
    public var device: String
    public var width: Int
    public var height: Int
    public var budgetMs: Double
    public var repeats: Int
    /// Work before the first timed frame (median over runs), in ms: the simulation started and
    /// advanced to it, and the clip's preparation (`RenderPipeline.prepare`).
    public var preparationMs: Double
    public var frames: [FrameTiming]
    public var summary: BenchSummary
    /// Retained surfaces drawn again although most of their children did not change (the compositor's
    /// `LayerRedraw`s of the first run, summed per group and reason): where a scene falls off a
    /// cliff, and why. Empty when none did.
    public var cliffs: [LayerCliff] = []
}

/// One group whose retained surface was drawn again, in how many frames, and why.
public struct LayerCliff: Encodable, Sendable, Hashable {
    /// `id "cards"`, or a group without an id by its size and first text.
    public var layer: String
    public var reason: String
    /// Frames in which it happened, and the first of them.
    public var frames: Int
    public var firstFrame: Int
    /// Its children, and how many of them were unchanged (at the first such frame).
    public var children: Int
    public var unchanged: Int
    /// True when only the changed rows were drawn again, but they cover most of the surface.
    public var patched: Bool

    /// The redraws of each frame (frame index, its redraws) summed per group and reason, in order of first frame.
    static func summed(_ perFrame: [(Int, [LayerRedraw])]) -> [LayerCliff] {
        var out: [LayerCliff] = []
        var index: [String: Int] = [:]
        for (frame, redraws) in perFrame {
            for r in redraws {
                let key = r.layer + "\u{0}" + r.reason
                if let i = index[key] { out[i].frames += 1; continue }
                index[key] = out.count
                out.append(LayerCliff(layer: r.layer, reason: r.reason, frames: 1, firstFrame: frame,
                                      children: r.children, unchanged: r.unchanged, patched: r.patched))
            }
        }
        return out
    }

    /// One line for the terminal and the report page.
    public var sentence: String {
        "\(layer): drawn again in \(frames) frame\(frames == 1 ? "" : "s") (first #\(firstFrame)) though \(unchanged) of its \(children) children did not change: \(reason)"
    }
}

/// The `bench --json` file: a schema version and one entry per clip. Version 4 (this one) keeps
/// every run's span per frame (`runsMs`, and in thread CPU time `runsCpuMs`) and takes the fastest
/// as the frame's time (`totalMs`, `cpuMs`); version 3 took
/// the median of the runs (and added `redrawn`, timing the retained-layer renderer); version 2
/// timed whole runs from a fresh renderer without retained layers; version 1 files (a bare array,
/// raster repeated per frame with warm caches). Older files are refused as baselines: their figures
/// do not compare.
public struct BenchFile: Encodable, Sendable {
    public static let currentSchema = 4
    public var schema: Int
    public var clips: [ClipBench]

    public init(clips: [ClipBench]) { schema = Self.currentSchema; self.clips = clips }

    /// Reads a bench JSON file, refusing other schema versions with a message that says what to do.
    public static func decode(_ data: Data, name: String) throws -> BenchFile {
        let root: JSONValue
        do { root = try JSONValue.parse(Array(data)) } catch {
            throw BenchFileError(description: "'\(name)' is not valid JSON: \(error.path.isEmpty ? "" : "\(error.path): ")\(error)")
        }
        if case .array = root {
            throw BenchFileError(description: "'\(name)' is a bench file of schema 1 (per-frame repeats with warm caches); " +
                "its times do not compare with this version's: record a new baseline with --json")
        }
        guard case .object(let members) = root, let schema = members["schema"] else {
            throw BenchFileError(description: "'\(name)' is not a holoframe bench JSON file (no \"schema\" field)")
        }
        if schema == .integer(3) {
            throw BenchFileError(description: "'\(name)' has bench schema 3 (each frame the median of its runs, the runs not kept); " +
                "this holoframe reads schema \(currentSchema) (every run kept, each frame its fastest): record a new baseline with --json")
        }
        guard schema == .integer(currentSchema) else {
            throw BenchFileError(description: "'\(name)' has bench schema \(schema.shown); this holoframe reads schema \(currentSchema): " +
                "record a new baseline with --json")
        }
        do { return try BenchFile(root) } catch {
            throw BenchFileError(description: "'\(name)' is not a valid bench file: \(error)")
        }
    }
}

/// A bench JSON file that cannot be used as a baseline, with what to do about it.
public struct BenchFileError: Error, CustomStringConvertible {
    public let description: String
}

/// Percentiles and medians over frame times.
public enum Percentile {
    /// Nearest-rank percentile of sorted values: the smallest value with at least p% at or below it.
    public static func nearestRank(_ sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty)
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
    public static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

/// The calling thread's CPU time in nanoseconds: the time it ran, not the time it waited for a core.
@inline(__always) func threadCPUNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Times every frame of a clip against the budget (see the comment at the top of this file).
public struct BenchRunner: Sendable {
    public var pipeline: RenderPipeline
    public var options: BenchOptions
    public init(pipeline: RenderPipeline, options: BenchOptions) { self.pipeline = pipeline; self.options = options }

    /// `progress` is called after every frame of every run, between the timed spans (after one
    /// frame's span has ended and before the next one starts), with that span.
    public func run(_ clip: Clip, device: String, frames: FrameRange,
                    progress: (FrameProgress) -> Void = { _ in }) throws -> ClipBench {
        let runs = max(1, options.repeats)
        let count = frames.count
        // spans[i][r]: frame i's simulate+raster span in run r (and its two parts).
        var totals = [[Double]](repeating: [], count: count)
        var simulates = totals, rasters = totals, cpus = totals, materials = totals
        var preparations: [Double] = []
        var times = [Double](repeating: 0, count: count)
        var redrawn = [Double](repeating: 0, count: count)
        var redraws: [(Int, [LayerRedraw])] = []
        let fonts = pipeline.renderer.fonts
        for run in 0..<runs {
            // A fresh start: no rendered content cached, a new simulation.
            fonts.clearGlyphCache()
            // A fresh memory layout too: freed frames stay in the heap (FrameMemory), so without this
            // every run reuses the same addresses, and a process whose buffers happen to collide in
            // the caches was slow at the same frames in all its runs (measured: in 2 processes of 10,
            // frames 19–28 were 25–88 % slower than the others' fastest in 13 of their 14 runs,
            // docs/performance.md "Against a baseline"). A block of a random size held through
            // the run moves the run's buffers; the fastest run is then the one with a good layout.
            let shift = UnsafeMutableRawPointer.allocate(byteCount: 64 * Int.random(in: 1...16384), alignment: 64)
            defer { shift.deallocate() }
            let p0 = nowNanoseconds()
            let source = clip.frames()
            if frames.first > 0 { _ = source.scene(frames.first - 1) }
            try pipeline.prepare(clip)
            // Reuses only what an earlier frame of this run drew (an unchanged scene's canvas, retained layers).
            let sequence = FrameCompositor(renderer: pipeline.renderer)
            preparations.append(Double(nowNanoseconds() - p0) / 1e6)
            for (i, index) in frames.indices.enumerated() {
                if options.deadline != .max, FrameWatch.now() >= options.deadline {
                    throw TimeLimitExceeded(frame: index, seconds: options.maxTime ?? 0, flag: "--max-time")
                }
                let c0 = threadCPUNanoseconds()
                let t0 = nowNanoseconds()
                let frame = source.scene(index)
                let t1 = nowNanoseconds()
                let c1 = threadCPUNanoseconds()
                if run == 0 { try pipeline.preroll(frame.scene, scale: clip.scale) }  // untimed: a safety check
                let c2 = threadCPUNanoseconds()
                let r0 = nowNanoseconds()
                // Watched as `render` draws it (HoloStop's FrameWatch: --frame-timeout, --max-time), so the polls are timed too.
                _ = try pipeline.watched(index, cancellation: nil, runDeadline: options.deadline, maxTime: options.maxTime) {
                    try sequence.render(frame.scene, scale: clip.scale)
                }
                let t2 = nowNanoseconds()
                let c3 = threadCPUNanoseconds()
                times[i] = frame.time
                let drawn = sequence.statistics
                redrawn[i] = drawn.redrawn
                // Every run draws the same: the first run's redraws are kept.
                if run == 0, !drawn.layerRedraws.isEmpty { redraws.append((index, drawn.layerRedraws)) }
                simulates[i].append(Double(t1 - t0) / 1e6)
                rasters[i].append(Double(t2 - r0) / 1e6)
                materials[i].append(Double(drawn.materialNanoseconds) / 1e6)
                totals[i].append(Double(t1 - t0 + t2 - r0) / 1e6)
                cpus[i].append(Double(c1 - c0 + c3 - c2) / 1e6)
                // Outside the timed spans: t2 is taken, the next frame's t0 is not yet.
                progress(FrameProgress(name: String(index), raster: Double(t1 - t0 + t2 - r0) / 1e9))
            }
        }
        var encodes = [Double?](repeating: nil, count: count)
        if options.measureEncode {
            // After the timed runs, untimed rendering: encoding is not part of a device's frame.
            let source = clip.frames()
            for (i, index) in frames.indices.enumerated() {
                let canvas = try pipeline.renderer.render(source.scene(index).scene, scale: clip.scale)
                let e0 = nowNanoseconds()
                _ = try PNG.encode(canvas, profile: options.pngProfile)
                encodes[i] = Double(nowNanoseconds() - e0) / 1e6
            }
        }
        let timings = frames.indices.enumerated().map { i, index in
            // The fastest run, with its own two parts (so simulate + raster = total).
            let fastest = totals[i].indices.min { totals[i][$0] < totals[i][$1] }!
            return FrameTiming(frame: index, time: times[i], simulateMs: simulates[i][fastest],
                               rasterMs: rasters[i][fastest], encodeMs: encodes[i],
                               totalMs: totals[i][fastest], redrawn: redrawn[i], materialMs: materials[i][fastest], runsMs: totals[i],
                               runsCpuMs: cpus[i], cpuMs: cpus[i].min()!)
        }
        return ClipBench(clip: clip.name, device: device, width: clip.pixelWidth, height: clip.pixelHeight,
                         budgetMs: options.budgetMs, repeats: runs, preparationMs: Percentile.median(preparations),
                         frames: timings, summary: Self.summarize(timings, budgetMs: options.budgetMs),
                         cliffs: LayerCliff.summed(redraws))
    }

    public static func summarize(_ timings: [FrameTiming], budgetMs: Double) -> BenchSummary {
        let totals = timings.map(\.totalMs).sorted()
        let worst = timings.max { $0.totalMs < $1.totalMs }!
        let encodes = timings.compactMap(\.encodeMs)
        let redrawing = timings.filter { $0.redrawn > 0 }
        let material = timings.map(\.materialMs).reduce(0, +), total = timings.map(\.totalMs).reduce(0, +)
        return BenchSummary(minMs: totals.first!, medianMs: Percentile.median(totals),
                            p95Ms: Percentile.nearestRank(totals, 95), p99Ms: Percentile.nearestRank(totals, 99),
                            maxMs: totals.last!, worstFrame: worst.frame, worstTime: worst.time,
                            framesOverBudget: timings.filter { $0.totalMs > budgetMs }.count,
                            encodeMedianMs: encodes.isEmpty ? nil : Percentile.median(encodes),
                            redrawnMedianMs: redrawing.isEmpty ? nil : Percentile.median(redrawing.map(\.totalMs)),
                            redrawnShare: redrawing.isEmpty ? 0 : redrawing.map(\.redrawn).reduce(0, +) / Double(redrawing.count),
                            materialMeanMs: material / Double(timings.count), materialShare: total > 0 ? material / total : 0)
    }
}

/// Matches a bench run with a saved one (the comparison itself: BaselineComparison).
public enum BenchBaseline {
    /// Why `baseline` cannot be compared with `current`, or nil when it can: every clip of this run
    /// must be in the baseline, on the same device at the same pixel size, with frames in common.
    /// The baseline's run of `bench`'s clip on the same device at the same size.
    public static func matching(_ bench: ClipBench, in baseline: [ClipBench]) -> ClipBench? {
        baseline.first { $0.clip == bench.clip && $0.device == bench.device && $0.width == bench.width && $0.height == bench.height }
    }

    public static func mismatch(current: [ClipBench], baseline: [ClipBench]) -> String? {
        for bench in current {
            let sameClip = baseline.filter { $0.clip == bench.clip }
            guard !sameClip.isEmpty else {
                let has = baseline.map(\.clip).joined(separator: ", ")
                return "the baseline has no run of \(bench.clip) (it has \(has.isEmpty ? "none" : has))"
            }
            guard let base = sameClip.first(where: { $0.device == bench.device && $0.width == bench.width && $0.height == bench.height }) else {
                let b = sameClip[0]
                return "the baseline ran \(bench.clip) on \(b.device) at \(b.width)×\(b.height), this run on \(bench.device) at " +
                       "\(bench.width)×\(bench.height); measure the baseline with the same --device and --scale"
            }
            let baseFrames = Set(base.frames.map(\.frame))
            guard bench.frames.contains(where: { baseFrames.contains($0.frame) }) else {
                return "the baseline's frames of \(bench.clip) and this run's have none in common; use the same --frames"
            }
        }
        return nil
    }
}

// The frame-time benchmark: every frame of a clip timed against the frame budget.
//
// For each frame, simulation + scene building is timed once (it runs in order, as in a render),
// then rasterization is repeated `repeats` times and its median taken; a frame's time is the sum.
// PNG encoding is timed apart (optional) because a device never encodes PNGs. Percentiles over
// frames use an exact sort (nearest rank): clips have hundreds of frames, not millions.
// Timing is wall-clock on a monotonic clock, on the calling thread only (one core), so figures
// compare with a device's single render thread.

import Dispatch
import Foundation
import HoloClips
import HoloPNG
import HoloRaster

public struct BenchOptions: Sendable {
    public var repeats = 5
    public var budgetMs = 1000.0 / 60.0
    public var measureEncode = false
    public var pngProfile: PNGProfile = .fast
    public init() {}
}

public struct FrameTiming: Codable, Sendable, Hashable {
    public var frame: Int
    public var time: Double
    public var simulateMs: Double
    public var rasterMs: Double
    public var encodeMs: Double?
    /// simulate + raster (median of repeats): what is held against the budget.
    public var totalMs: Double
}

public struct BenchSummary: Codable, Sendable, Hashable {
    public var minMs, medianMs, p95Ms, p99Ms, maxMs: Double
    public var worstFrame: Int
    public var worstTime: Double
    public var framesOverBudget: Int
    public var encodeMedianMs: Double?
}

public struct ClipBench: Codable, Sendable {
    public var clip: String
    public var device: String
    public var width: Int
    public var height: Int
    public var budgetMs: Double
    public var repeats: Int
    public var frames: [FrameTiming]
    public var summary: BenchSummary
}

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

@inline(__always) func nowNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

public struct BenchRunner: Sendable {
    public var pipeline: RenderPipeline
    public var options: BenchOptions
    public init(pipeline: RenderPipeline, options: BenchOptions) { self.pipeline = pipeline; self.options = options }

    public func run(_ clip: Clip, device: String, frames: FrameRange,
                    progress: (Int) -> Void = { _ in }) throws -> ClipBench {
        let source = clip.frames()
        var timings: [FrameTiming] = []
        timings.reserveCapacity(frames.count)
        for index in frames.indices {
            let t0 = nowNanoseconds()
            let record = source.frame(index, fps: clip.fps)
            let simulateMs = Double(nowNanoseconds() - t0) / 1e6
            var rasterRuns: [Double] = []
            var canvas: Canvas? = nil
            for _ in 0..<max(1, options.repeats) {
                let r0 = nowNanoseconds()
                canvas = try pipeline.rasterize(record, scale: clip.scale)
                rasterRuns.append(Double(nowNanoseconds() - r0) / 1e6)
            }
            var encodeMs: Double? = nil
            if options.measureEncode, let canvas {
                let e0 = nowNanoseconds()
                _ = try PNG.encode(canvas, profile: options.pngProfile)
                encodeMs = Double(nowNanoseconds() - e0) / 1e6
            }
            let rasterMs = Percentile.median(rasterRuns)
            timings.append(FrameTiming(frame: index, time: record.time, simulateMs: simulateMs, rasterMs: rasterMs,
                                       encodeMs: encodeMs, totalMs: simulateMs + rasterMs))
            progress(index)
        }
        return ClipBench(clip: clip.name, device: device, width: clip.pixelWidth, height: clip.pixelHeight,
                         budgetMs: options.budgetMs, repeats: options.repeats, frames: timings,
                         summary: Self.summarize(timings, budgetMs: options.budgetMs))
    }

    public static func summarize(_ timings: [FrameTiming], budgetMs: Double) -> BenchSummary {
        let totals = timings.map(\.totalMs).sorted()
        let worst = timings.max { $0.totalMs < $1.totalMs }!
        let encodes = timings.compactMap(\.encodeMs)
        return BenchSummary(minMs: totals.first!, medianMs: Percentile.median(totals),
                            p95Ms: Percentile.nearestRank(totals, 95), p99Ms: Percentile.nearestRank(totals, 99),
                            maxMs: totals.last!, worstFrame: worst.frame, worstTime: worst.time,
                            framesOverBudget: timings.filter { $0.totalMs > budgetMs }.count,
                            encodeMedianMs: encodes.isEmpty ? nil : Percentile.median(encodes))
    }
}

/// A frame that got slower than its baseline by more than the threshold.
public struct Regression: Sendable, Hashable {
    public var clip: String
    public var frame: Int
    public var baselineMs: Double
    public var currentMs: Double
}

public enum BenchBaseline {
    /// Frames whose time grew by more than `threshold` (a fraction) and by more than `floorMs`
    /// (so sub-millisecond noise on tiny frames is not flagged).
    public static func regressions(current: [ClipBench], baseline: [ClipBench], threshold: Double,
                                   floorMs: Double = 0.5) -> [Regression] {
        var out: [Regression] = []
        for bench in current {
            guard let base = baseline.first(where: { $0.clip == bench.clip && $0.device == bench.device }) else { continue }
            let baseByFrame = Dictionary(base.frames.map { ($0.frame, $0.totalMs) }, uniquingKeysWith: { a, _ in a })
            for f in bench.frames {
                guard let b = baseByFrame[f.frame] else { continue }
                if f.totalMs > b * (1 + threshold) && f.totalMs - b > floorMs {
                    out.append(Regression(clip: bench.clip, frame: f.frame, baselineMs: b, currentMs: f.totalMs))
                }
            }
        }
        return out
    }
}

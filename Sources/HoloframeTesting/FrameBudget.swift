// Frame time against a budget: every frame of a clip, timed by Holoframe's BenchRunner (the same
// code as `holoframe bench`): the whole clip is run `repeats` times, each from a fresh simulation
// and a renderer with no glyphs cached, and a frame's time is the fastest of its runs' simulate +
// raster spans. The expectation fails when any frame's fastest run is over the budget, listing the
// worst frames. Wall-clock time on the calling thread: a loaded machine makes frames slower, so
// keep budgets in shared CI generous or clips small (a lower scale).

import Foundation
import Holoframe

/// A frame-time budget: `.hz(60)` is 1000 / 60 ≈ 16.67 ms a frame, `.milliseconds(8)` is 8 ms.
public struct FrameBudget: Sendable, Hashable, CustomStringConvertible {
    /// Milliseconds a frame may take.
    public let budgetMs: Double
    /// How the budget was asked for, for messages: "60 Hz" or "8 ms".
    public let label: String

    /// One frame at `rate` frames per second: 1000 / rate ms.
    public static func hz(_ rate: Double) -> FrameBudget {
        precondition(rate > 0, "a frame rate must be positive")
        return FrameBudget(budgetMs: 1000 / rate, label: "\(Self.format(rate)) Hz")
    }

    /// `ms` milliseconds a frame.
    public static func milliseconds(_ ms: Double) -> FrameBudget {
        precondition(ms > 0, "a budget must be positive")
        return FrameBudget(budgetMs: ms, label: "\(Self.format(ms)) ms")
    }

    /// "8.33 ms (120 Hz)".
    public var description: String { String(format: "%.2f ms", budgetMs) + " (\(label))" }

    static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// The outcome of a frame-time expectation.
public struct FrameTimeResult: Sendable {
    /// Every frame's timing (nil when the clip could not be made or rendered).
    public var bench: ClipBench?
    /// The budget each frame was held against.
    public var budget: FrameBudget
    /// Set when nothing could be timed.
    public var setupError: String?

    /// Frames over the budget, slowest first.
    public var framesOverBudget: [FrameTiming] {
        (bench?.frames ?? []).filter { $0.totalMs > budget.budgetMs }.sorted { $0.totalMs > $1.totalMs }
    }

    /// Every frame was timed and every frame's fastest run is within the budget.
    public var passed: Bool { setupError == nil && bench != nil && framesOverBudget.isEmpty }

    /// Nil when passed; else how many frames are over and the worst (at most `worstListed`).
    public func failureMessage(worstListed: Int = 5) -> String? {
        if let setupError { return setupError }
        guard let bench, !passed else { return nil }
        let over = framesOverBudget
        let worst = over.prefix(worstListed).map {
            String(format: "  frame %d (t = %.3f s): %.2f ms (simulate %.2f, raster %.2f)", $0.frame, $0.time, $0.totalMs,
                   $0.simulateMs, $0.rasterMs)
        }
        let m = { (v: Double) in String(format: "%.2f", v) }
        return "\(over.count) of \(bench.frames.count) frames of '\(bench.clip)' (\(bench.device), \(bench.width)×\(bench.height) px) " +
            "over the \(budget) budget; fastest of \(bench.repeats) runs each; " +
            "median frame \(m(bench.summary.medianMs)) ms, worst \(m(bench.summary.maxMs)) ms\nworst frames:\n"
            + worst.joined(separator: "\n")
            + (over.count > worstListed ? "\n  … and \(over.count - worstListed) more" : "")
    }
}

/// The frame-time check behind ``expectFrameTime(_:within:frames:repeats:device:scale:fileID:filePath:line:column:)``,
/// returning its result without reporting it (for tools, or tests of your own reporting).
public enum FrameTimeExpectation {
    /// Times `frames` (nil: every frame) of the clip `repeats` times and holds each frame's fastest run
    /// against `budget`. It leaves malloc as the test process has it: to time frames as
    /// `holoframe bench` does, call `FrameMemory.keepFreedFrames()` once in your own setup (it
    /// changes malloc for the whole process, so it is the test bundle's choice, not this library's).
    public static func check(_ reference: ClipReference, budget: FrameBudget, frames: ClosedRange<Int>? = nil,
                             repeats: Int = 3, device: String? = nil, scale: Double? = nil, testFile: String,
                             fonts: FontLibrary = .shared) -> FrameTimeResult {
        let testFolder = URL(fileURLWithPath: testFile).deletingLastPathComponent().path
        do {
            let (clip, deviceLabel) = try reference.resolve(device: device, scale: scale, testFolder: testFolder)
            let wanted = frames ?? 0...(clip.frameCount - 1)
            guard wanted.lowerBound >= 0, wanted.upperBound < clip.frameCount else {
                return FrameTimeResult(bench: nil, budget: budget, setupError:
                    "frames \(wanted.lowerBound)…\(wanted.upperBound) are outside clip '\(clip.name)', which has frames 0…\(clip.frameCount - 1)")
            }
            var options = BenchOptions()
            options.repeats = max(1, repeats)
            options.budgetMs = budget.budgetMs
            let runner = BenchRunner(pipeline: RenderPipeline(fonts: fonts), options: options)
            let bench = try runner.run(clip, device: deviceLabel,
                                       frames: try FrameRange(first: wanted.lowerBound, last: wanted.upperBound))
            return FrameTimeResult(bench: bench, budget: budget, setupError: nil)
        } catch {
            return FrameTimeResult(bench: nil, budget: budget, setupError: "cannot time the clip: \(error)")
        }
    }
}

// `bench --export`: a whole multi-threaded render (raster + PNG encode + atomic write) of the
// frames into a scratch folder that is removed afterwards, timed end to end, with the export's
// own peak memory (PeakMemory.swift). Frames per second = frames written / wall seconds.

import Foundation
import HoloClips
import HoloExport
import HoloPNG

/// One timed export of a clip's frames.
public struct ExportTiming: Sendable {
    public var clip: String
    public var framesWritten: Int
    public var seconds: Double
    public var threads: Int
    public var pngProfile: PNGProfile
    public var memory: PeakMemory.Measurement

    public var framesPerSecond: Double { Double(framesWritten) / max(seconds, 1e-9) }

    /// The line `holoframe bench --export` prints.
    public var line: String {
        String(format: "export %@: %d frames in %.2f s = %.1f frames/s end to end (raster + PNG %@ encode + write, %d threads); " +
               "peak memory during the export %.0f MB (%@)",
               clip, framesWritten, seconds, framesPerSecond, pngProfile.rawValue, threads,
               Double(memory.peakBytes) / 1_048_576, memory.method)
    }
}

extension BenchRunner {
    /// Renders `frames` of `clip` as PNGs into a scratch folder (removed afterwards) on `threads`
    /// threads (default: all cores) and times it.
    public func timeExport(_ clip: Clip, frames: FrameRange, threads: Int? = nil) throws -> ExportTiming {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("holoframe-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var request = RenderRequest(clip: clip, frames: frames)
        request.outputDirectory = dir
        if let threads { request.threads = threads }
        request.pngProfile = options.pngProfile
        let (report, memory) = try PeakMemory.measure { try pipeline.run(request) }
        return ExportTiming(clip: clip.name, framesWritten: report.framesWritten, seconds: report.seconds,
                            threads: request.threads, pngProfile: options.pngProfile, memory: memory)
    }
}

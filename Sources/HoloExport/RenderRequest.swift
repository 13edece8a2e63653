// What a render is asked to do and what it answers: the request (clip, frames, output, threads),
// how frames already in the folder are treated, a shard of the frames, the cancellation flag a
// signal sets, and the report or the interruption that ends a run. RenderPipeline.run takes a
// RenderRequest; nothing here renders.

import Foundation
import HoloClips
import HoloGeometry
import HoloPNG
import HoloStop
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
    /// Checked before each frame is started and polled inside the frames being drawn (HoloStop's
    /// FrameWatch): once it is set, frames being drawn stop and are dropped, frames already drawn
    /// are written, and no new one starts (SIGINT and SIGTERM set it in the CLI).
    public var cancellation: CancellationFlag?
    /// The files this run reads: with `.overwrite`, a frame file that is one of them is refused.
    public var inputs: InputPolicy?
    /// What the frames are of, kept beside them so --resume refuses frames of another clip or
    /// settings (nil: no record is written or checked).
    public var record: RenderRecord?

    /// How raw frames are shaped (`--format raw`: straight alpha; `--video`: what the codec takes).
    public var rawShape: RawFrameShape = .straight
    /// `--max-time`: seconds the whole run may take (nil: no limit); frames are stopped inside.
    public var maxTime: Double?
    /// `--max-output`: bytes the run may write, PNG files or raw frames (nil: no limit).
    public var maxOutputBytes: Int?
    /// `--min-free`: the run stops before a write would leave less free space than this on the
    /// output's file system (0: not checked).
    public var minFreeBytes = Limits().minFreeBytes

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
        guard resumable else { return "interrupted: \(written) of \(Printable.count(planned, "raw frame")) written; run the command again for the rest" }
        return "interrupted: \(written) of \(Printable.count(planned, "frame")) written, every file complete" +
        (firstMissing.map { "; frame \($0) is the first missing; run the same command with --resume to finish" } ?? "")
    }
}

/// What a finished render did.
public struct RenderReport: Sendable {
    public var framesWritten: Int
    public var seconds: Double
}

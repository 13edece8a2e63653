// What a render may write: `--max-output` bytes in all (PNG files or raw frames on standard
// output), and never so much that the output's file system is left with less than `--min-free`
// (256 MiB) free, so a clip of incompressible frames stops with a message instead of filling a
// shared disk. Checked on the writer queue before each frame is written (statvfs(2) of the
// output folder, or fstatvfs(2) of standard output when it is a regular file; a pipe has no
// file system to fill).

import Foundation
import HoloGeometry
import Synchronization

/// The bytes a render has written, held against its quota and the free space left.
final class OutputQuota: Sendable {
    let maxBytes: Int?
    let minFree: Int
    let folder: String?
    let written = Atomic<Int>(0)

    init(request: RenderRequest) {
        maxBytes = request.maxOutputBytes
        minFree = request.minFreeBytes
        folder = request.format == .png ? request.outputDirectory : nil
    }

    /// Counts `count` bytes of frame `frame`, or throws OutputLimitExceeded before they are written.
    func admit(_ count: Int, frame: Int) throws {
        let before = written.load(ordering: .relaxed)
        if let maxBytes, before + count > maxBytes {
            throw OutputLimitExceeded(description: "frame \(frame) (\(count) bytes) would take the output past --max-output " +
                                      "\(maxBytes) bytes (\(before) written); raise the cap with --max-output, or render fewer frames or a lower --scale")
        }
        if minFree > 0, let free = freeBytes(), free - count < minFree {
            throw OutputLimitExceeded(description: "writing frame \(frame) would leave \(max(0, free - count) >> 20) MiB free on the " +
                                      "output's file system, under the --min-free of \(minFree >> 20) MiB; free some space, " +
                                      "write elsewhere, or lower the floor with --min-free")
        }
        written.add(count, ordering: .relaxed)
    }

    /// Bytes an unprivileged writer may still use where the frames go (nil when unknown or a pipe).
    func freeBytes() -> Int? {
        var s = statvfs()
        if let folder {
            guard statvfs(folder, &s) == 0 else { return nil }
        } else {
            var st = stat()
            guard fstat(STDOUT_FILENO, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, fstatvfs(STDOUT_FILENO, &s) == 0 else { return nil }
        }
        let (free, overflow) = Int(s.f_bavail).multipliedReportingOverflow(by: Int(s.f_frsize))
        return overflow ? Int.max : free
    }
}

/// `--max-output` or `--min-free` stopped the render: what was written, and how to go on.
public struct OutputLimitExceeded: Error, CustomStringConvertible {
    let reason: String
    /// (written, planned, resumable), filled in when the run ends.
    var progress: (Int, Int, Bool)?
    init(description: String) { reason = description }
    public var description: String { reason + LimitStop.summary(progress) }
}

/// `--frame-timeout` or `--max-time` stopped a frame inside its drawing.
public struct TimeLimitExceeded: Error, CustomStringConvertible {
    public let frame: Int
    public let seconds: Double
    /// "--frame-timeout" or "--max-time".
    public let flag: String
    var progress: (Int, Int, Bool)?
    public var description: String {
        let limit = String(format: "%g", seconds)
        let what = flag == "--max-time"
            ? "the render reached its --max-time of \(limit) s at frame \(frame); raise it with --max-time"
            : "frame \(frame) took longer than the --frame-timeout of \(limit) s and was stopped; the scene is too costly to draw " +
              "(lower --scale, simplify it) or raise the limit with --frame-timeout"
        return what + LimitStop.summary(progress)
    }
}

extension TimeLimitExceeded {
    /// A stop at `frame` by `flag` (the bench's --max-time), without a run's progress.
    package init(frame: Int, seconds: Double, flag: String) { self.frame = frame; self.seconds = seconds; self.flag = flag }
}

enum LimitStop {
    /// "; 12 of 60 frames written, every file complete (finish with --resume)".
    static func summary(_ progress: (Int, Int, Bool)?) -> String {
        guard let (written, planned, resumable) = progress else { return "" }
        return "; \(written) of \(Printable.count(planned, "frame")) written" +
            (resumable ? ", every file complete (after changing the limit, finish with --resume)" : "")
    }
}

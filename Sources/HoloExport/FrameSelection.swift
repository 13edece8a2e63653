// Which frames of a clip to produce: `--frames A-B` (inclusive), `--frames N`, or a duration.

/// An inclusive range of frame indices (`--frames 0-59`).
public struct FrameRange: Hashable, Sendable, CustomStringConvertible {
    public let first: Int
    public let last: Int

    public init(first: Int, last: Int) throws {
        guard first >= 0 else { throw SelectionError("frame numbers start at 0 (got \(first))") }
        guard last >= first else {
            throw SelectionError("frame range \(first)-\(last) runs backwards: the first frame must not be after the last")
        }
        self.first = first; self.last = last
    }

    /// Parses `A-B` (inclusive) or a single frame `N`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        func number(_ s: Substring) throws -> Int {
            guard let n = Int(s.trimmingCharacters(in: .whitespaces)) else {
                throw SelectionError("'\(text)' is not a frame range: write A-B (inclusive) or N, e.g. 0-59")
            }
            return n
        }
        switch parts.count {
        case 1: let n = try number(parts[0]); try self.init(first: n, last: n)
        case 2: try self.init(first: try number(parts[0]), last: try number(parts[1]))
        default: throw SelectionError("'\(text)' is not a frame range: write A-B (inclusive) or N, e.g. 0-59")
        }
    }

    public var count: Int { last - first + 1 }
    public var indices: ClosedRange<Int> { first...last }
    public var description: String { first == last ? "\(first)" : "\(first)-\(last)" }
}

/// A frame range or list that does not parse or runs backwards.
public struct SelectionError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

import Foundation

/// A list of frames: `0,30,60-62` (ranges inclusive), sorted, without repeats. `A-B` and `N` alone
/// are lists too, so one parser serves `render`, `simulate` and `golden record`.
public struct FrameList: Hashable, Sendable {
    public let frames: [Int]

    /// Every frame of a range.
    public init(_ range: FrameRange) { frames = Array(range.indices) }

    /// The first to the last listed frame.
    public var span: FrameRange { try! FrameRange(first: frames.first!, last: frames.last!) }
    public var count: Int { frames.count }

    public init(parsing text: String) throws {
        var set = Set<Int>()
        for part in text.split(separator: ",") {
            let range = try FrameRange(parsing: String(part))
            guard range.count <= 100_000 else { throw SelectionError("frame list '\(text)' is too long (over 100,000 frames in one range)") }
            set.formUnion(range.indices)
        }
        guard !set.isEmpty else { throw SelectionError("'\(text)' lists no frames: write e.g. 0,30,60-62") }
        frames = set.sorted()
    }
}

import HoloClips

extension Clip {
    /// Frames 0 … frameCount − 1, as a message shows them ("frames 0-239 (4 s at 60 fps)").
    public var rangeDescription: String {
        let seconds = Double(frameCount) / fps
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.3f", seconds)
        return "frames 0-\(frameCount - 1) (\(frameCount) frames, \(shown) s at \(rate) fps)"
    }

    /// Refuses a selection that reaches past the clip's last frame (a usage error: the render
    /// would repeat the last picture without saying so), unless `holdLast` asks for exactly that.
    public func checkWithinClip(lastAsked: Int, holdLast: Bool) throws {
        guard lastAsked >= frameCount, !holdLast else { return }
        throw ClipUsageError("frame \(lastAsked) is past the end of '\(name)', which has \(rangeDescription); " +
                             "ask for frames up to \(frameCount - 1), a longer --duration, or --hold-last to repeat the last frame")
    }
}

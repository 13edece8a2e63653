// Progress people can read: how far a render, a golden run or a bench is, how fast it
// goes, how long is left, where the time goes, and which frames were slowest.
//
// The meter only counts and does arithmetic; the CLI decides where and how often a line is shown
// (a bar redrawn in place on a terminal, a plain line every few seconds for CI logs, or nothing).
// Time comes from an injected clock, so tests drive it second by second.
//
//   rate      = done / elapsed                      (frames per second since the start)
//   remaining = (total − done) / rate               (unknown until the first frame is done)
//   stage     = the stage with the largest share of the seconds spent in all stages so far
//               (render: raster / encode / write, measured per frame on the workers)
//   slowest   = the five largest per-frame times, the earlier one first on a tie

import Dispatch
import HoloGeometry
import Synchronization

/// The steps of a rendered frame, each timed: the progress line names the one taking the most time.
public enum ProgressStage: String, Sendable, CaseIterable {
    case raster, encode, write
}

/// One finished unit of work (a frame written, a golden checked, a frame timed by bench).
public struct FrameProgress: Sendable, Hashable {
    /// What the summary calls it: `114` for a frame, `titles/00114-iphone-12@1x.png` for a golden.
    public var name: String
    /// Seconds this unit spent in each stage.
    public var raster: Double
    public var encode: Double
    public var write: Double

    public init(name: String, raster: Double, encode: Double = 0, write: Double = 0) {
        self.name = name; self.raster = raster; self.encode = encode; self.write = write
    }

    /// The unit's whole time: what the slowest-five list ranks.
    public var seconds: Double { raster + encode + write }
}

/// How far a job is at one moment: what a progress line shows.
public struct ProgressSnapshot: Sendable, Hashable {
    public var label: String
    public var unit: String
    public var done: Int
    public var total: Int
    public var elapsed: Double
    /// The stage taking the most time so far and its share (0…1); nil before any stage time or
    /// when the job has no stages worth naming (golden, bench).
    public var stage: (name: ProgressStage, share: Double)?

    /// Units per second since the start; nil before the first unit or at elapsed 0.
    public var rate: Double? { done > 0 && elapsed > 0 ? Double(done) / elapsed : nil }
    /// Seconds left at the rate so far; nil until the rate is known.
    public var remaining: Double? { rate.map { Double(max(0, total - done)) / $0 } }
    public var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 1 }

    public static func == (a: Self, b: Self) -> Bool {
        a.label == b.label && a.unit == b.unit && a.done == b.done && a.total == b.total && a.elapsed == b.elapsed &&
        a.stage?.name == b.stage?.name && a.stage?.share == b.stage?.share
    }
    public func hash(into h: inout Hasher) { h.combine(label); h.combine(done); h.combine(total); h.combine(elapsed) }

    /// `12.3 s` under a minute, `4:05` under an hour, `1:02:03` beyond.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?" }
        if seconds < 59.95 { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds.rounded())
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    /// `fps` for frames (the bar is short of room), `goldens/s` otherwise.
    private func figures(rateUnit: String) -> [String] {
        var parts = [rate.map { String(format: "%.1f %@", $0, rateUnit) } ?? "– \(rateUnit)",
                     "\(Self.duration(elapsed)) elapsed",
                     remaining.map { "\(Self.duration($0)) left" } ?? "? left"]
        if let stage { parts.append(String(format: "%@ %.0f%%", stage.name.rawValue, stage.share * 100)) }
        return parts
    }

    /// The one-line bar a terminal redraws in place, at most `width` columns:
    /// `render titles [████░░░░░░░░] 120/360  48.0 fps  2.5 s elapsed  5.0 s left  raster 71%`.
    /// The bar goes first when the line does not fit, then the line is cut.
    public func barLine(width: Int) -> String {
        let counts = "\(done)/\(total)"
        let tail = ([counts] + figures(rateUnit: unit == "frames" ? "fps" : "\(unit)/s")).joined(separator: "  ")
        let barWidth = min(30, width - label.count - tail.count - 4)
        var line = "\(label) \(tail)"
        if barWidth >= 6 {
            let filled = Int((fraction * Double(barWidth)).rounded(.down))
            line = "\(label) [" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "] \(tail)"
        }
        return line.count > width ? String(line.prefix(max(0, width))) : line
    }

    /// One line for a log: `render titles: 120/360 frames (33%), 48.0 frames/s, 2.5 s elapsed, 5.0 s left, raster 71%`.
    public var plainLine: String {
        "\(label): \(done)/\(total) \(unit) (\(Int((fraction * 100).rounded(.down)))%), " + figures(rateUnit: "\(unit)/s").joined(separator: ", ")
    }
}

/// Counts finished units against a total, with their times (see the top of this file). Safe to
/// call from any thread: the render pipeline reports from its writer queue.
public final class ProgressMeter: Sendable {
    public let label: String
    public let unit: String
    /// Units to do (set again with `setTotal` once known exactly).
    public var total: Int { state.withLock { $0.total } }
    /// Whether the line names the stage (render) or not (golden, bench: one stage only).
    public let showsStage: Bool
    private let clock: @Sendable () -> Double
    private let start: Double

    private struct State {
        var total: Int
        var done = 0
        var stageSeconds: [ProgressStage: Double] = [:]
        var slowest: [FrameProgress] = []
        var lastShown: Double?
        var doneShown = false
    }
    private let state: Locked<State>

    /// How many frames the summary lists.
    public static let slowestCount = 5

    /// A monotonic clock in seconds (the default).
    public static let monotonic: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    public init(label: String, unit: String = "frames", total: Int, showsStage: Bool = false,
                clock: @escaping @Sendable () -> Double = ProgressMeter.monotonic) {
        self.label = label; self.unit = unit; self.showsStage = showsStage
        state = Locked(State(total: total))
        self.clock = clock
        start = clock()
    }

    /// The exact number of units, once known (a resumed render does only the missing frames).
    public func setTotal(_ total: Int) { state.withLock { $0.total = total } }

    /// One unit finished.
    public func record(_ unit: FrameProgress) {
        state.withLock { s in
            s.done += 1
            s.stageSeconds[.raster, default: 0] += unit.raster
            s.stageSeconds[.encode, default: 0] += unit.encode
            s.stageSeconds[.write, default: 0] += unit.write
            s.slowest = Self.slowest(s.slowest + [unit], count: Self.slowestCount)
        }
    }

    public var snapshot: ProgressSnapshot { state.withLock { snapshot(of: $0, now: clock()) } }

    private func snapshot(of s: State, now: Double) -> ProgressSnapshot {
        var stage: (ProgressStage, Double)?
        let sum = s.stageSeconds.values.reduce(0, +)
        if showsStage, sum > 0, let top = ProgressStage.allCases.max(by: { s.stageSeconds[$0, default: 0] < s.stageSeconds[$1, default: 0] }) {
            stage = (top, s.stageSeconds[top, default: 0] / sum)
        }
        return ProgressSnapshot(label: label, unit: unit, done: s.done, total: s.total, elapsed: max(0, now - start), stage: stage)
    }

    /// A snapshot to show now, or nil when one was shown less than `interval` seconds ago. The
    /// first and the last (all done) are always due, so a short job still shows its end.
    public func due(every interval: Double) -> ProgressSnapshot? {
        state.withLock { s in
            let now = clock()
            if let last = s.lastShown, now - last < interval, s.done < s.total { return nil }
            if s.done >= s.total, s.doneShown { return nil }
            s.lastShown = now
            if s.done >= s.total { s.doneShown = true }
            return snapshot(of: s, now: now)
        }
    }

    /// The slowest units so far, slowest first.
    public var slowest: [FrameProgress] { state.withLock { $0.slowest } }

    /// The `count` slowest of `units`, slowest first; on a tie the one listed earlier first.
    public static func slowest(_ units: [FrameProgress], count: Int = slowestCount) -> [FrameProgress] {
        Array(units.enumerated().sorted { a, b in
            a.element.seconds != b.element.seconds ? a.element.seconds > b.element.seconds : a.offset < b.offset
        }.prefix(count).map(\.element))
    }

    /// `slowest frames: 114 45.1 ms, 115 44.0 ms, …` (empty when nothing was recorded).
    public static func slowestLine(_ units: [FrameProgress], what: String = "frames") -> String {
        guard !units.isEmpty else { return "" }
        return "slowest \(what): " + units.map { String(format: "%@ %.1f ms", $0.name, $0.seconds * 1000) }.joined(separator: ", ")
    }

    /// `checked 40 goldens in 3.2 s (12.5 goldens/s)`.
    public func summaryLine(verb: String) -> String {
        let s = snapshot
        let counted = unit.hasSuffix("s") ? Printable.count(s.done, String(unit.dropLast()), plural: unit) : "\(s.done) \(unit)"
        return "\(verb) \(counted) in \(ProgressSnapshot.duration(s.elapsed))" + (s.rate.map { String(format: " (%.1f %@/s)", $0, unit) } ?? "")
    }
}

extension Printable {
    /// "1 frame", "0 frames", "2 frames": a count with its noun in the number it takes
    /// (`plural` defaults to the noun with an s).
    public static func count(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}

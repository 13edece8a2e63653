// Where progress goes: the meter (Holoframe/ProgressMeter.swift) counts; this decides
// how it is shown on standard error.
//   --progress auto (default)  a bar redrawn in place when stderr is a terminal; nothing on a pipe
//   --progress plain           a line every few seconds (and the last), for CI logs, anywhere
//   --progress none            nothing
// The bar is redrawn at most ten times a second (`\r`, the line, then erase-to-end-of-line) and
// cut to the terminal's width, so it never wraps; `finish()` clears it before the summary.

import ArgumentParser
import Foundation
import Holoframe

/// `--progress`: how progress is shown on standard error.
enum ProgressMode: String, CaseIterable, ExpressibleByArgument {
    case auto, plain, none
}

/// `--progress`, shared by render, golden and bench.
struct ProgressOptions: ParsableArguments {
    @Option(help: "auto: a bar redrawn in place when standard error is a terminal, nothing on a pipe; plain: a line every few seconds (for CI logs); none: nothing. A summary with the five slowest frames ends a shown run.")
    var progress: ProgressMode = .auto

    /// A display for `meter`, as --progress and the terminal decide.
    func display(_ meter: ProgressMeter) -> ProgressDisplay {
        ProgressDisplay(meter: meter, style: ProgressDisplay.style(progress, terminal: isatty(STDERR_FILENO) == 1))
    }
}

/// Shows a meter on standard error: a bar, plain lines or nothing.
final class ProgressDisplay: Sendable {
    enum Style { case bar, plain, none }
    let meter: ProgressMeter
    let style: Style
    /// Seconds between plain lines, and between redraws of the bar.
    static let plainInterval = 5.0
    static let barInterval = 0.1

    static func style(_ mode: ProgressMode, terminal: Bool) -> Style {
        switch mode {
        case .auto: return terminal ? .bar : .none
        case .plain: return .plain
        case .none: return .none
        }
    }

    init(meter: ProgressMeter, style: Style) { self.meter = meter; self.style = style }

    /// Whether anything is shown (the summary lines too).
    var shows: Bool { style != .none }

    /// One unit finished: count it and show the line when one is due.
    func record(_ unit: FrameProgress) {
        meter.record(unit)
        switch style {
        case .none: return
        case .plain: if let s = meter.due(every: Self.plainInterval) { StandardStreams.err(s.plainLine + "\n") }
        case .bar: if let s = meter.due(every: Self.barInterval) { StandardStreams.err("\r" + s.barLine(width: Self.columns() - 1) + "\u{1B}[K") }
        }
    }

    /// Clears the bar (the summary follows on a clean line).
    func finish() {
        if style == .bar { StandardStreams.err("\r\u{1B}[K") }
    }

    /// The summary line (when given) and the slowest units, when progress is shown.
    func summary(_ line: String?, slowest: [FrameProgress]? = nil, what: String = "frames") {
        finish()
        guard shows else { return }
        if let line { StandardStreams.err(line + "\n") }
        let slow = ProgressMeter.slowestLine(slowest ?? meter.slowest, what: what)
        if !slow.isEmpty { StandardStreams.err(slow + "\n") }
    }

    /// The terminal's width in columns (80 when it cannot be asked).
    static func columns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}

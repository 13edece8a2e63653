// Stopping work inside a frame: a per-frame deadline (--frame-timeout, --max-time) and a signal
// (SIGINT, SIGTERM) must stop a frame that is being drawn, not only the next one. The renderer's
// long loops (the rasterizer's rows, blur passes, shading, the MSL interpreter's loop trips) poll
// `FrameWatch.shouldStop()` every few rows or trips; when it answers true they return early, the
// frame's half-drawn pixels are dropped, and the pipeline reports why (`FrameWatch.reason`).
//
// Why a thread-local watch: frames of one render are drawn on several worker threads at once, each
// with its own deadline, and tests in one process run several renders at once. The watch is
// installed on the thread drawing the frame (`run(_:)`), so a poll reads only its own frame's
// deadline and its own render's flag, with no parameter threaded through every drawing call.
//
// Cost: a poll is a thread-specific load and a few relaxed atomic loads and stores; every 16th
// poll also reads the monotonic clock (36 ns here through the vDSO, measured), so a deadline is
// seen within 16 polls of passing. The loops poll once per 16 rows, 64 loop trips or node.
// `holoframe bench titles --scale 1 --repeats 3 --quiet` (release, frames of 0.7 ms) against the
// build before: whole-process CPU time 1.001× and 1.004× (medians of 15 and 20 paired runs,
// docs/limits.md). A frame that is not stopped draws exactly the pixels it draws unwatched: a
// poll only reads.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A flag set from a signal handler (or a test) and read by the render loop and by every poll of
/// the frames it draws.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    public init() {}
    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// One frame's watch: its render's cancellation flag and the moment it must be done by.
public final class FrameWatch: Sendable {
    /// Why a watched frame stopped.
    public enum Reason: Int, Sendable {
        case running = 0
        /// The render's cancellation flag was set (a signal).
        case cancelled
        /// The frame ran past its deadline (`--frame-timeout`, or `--max-time` for the whole run).
        case deadline
    }

    let cancellation: CancellationFlag?
    /// Monotonic nanoseconds (FrameWatch.now) past which the frame stops; UInt64.max for none.
    public let deadline: UInt64
    private let state = Atomic<Int>(0)
    /// Polls so far: the clock is read on every 16th. Only the thread drawing the frame polls, so a
    /// relaxed load and store (plain moves) count it; no read-modify-write is needed.
    private let polls = Atomic<Int>(0)

    public init(cancellation: CancellationFlag?, deadline: UInt64 = .max) {
        self.cancellation = cancellation
        self.deadline = deadline
    }

    /// Why the frame stopped, or `.running` when it was not stopped.
    public var reason: Reason { Reason(rawValue: state.load(ordering: .relaxed)) ?? .running }

    /// True (and `reason` set) once the flag is set or the deadline passed.
    public func isDue() -> Bool {
        if state.load(ordering: .relaxed) != 0 { return true }
        if cancellation?.isCancelled == true { state.store(Reason.cancelled.rawValue, ordering: .relaxed); return true }
        guard deadline != .max else { return false }
        let n = polls.load(ordering: .relaxed)
        polls.store(n &+ 1, ordering: .relaxed)
        if n & 15 == 0, Self.now() >= deadline { state.store(Reason.deadline.rawValue, ordering: .relaxed); return true }
        return false
    }

    /// Runs `body` with this watch installed on the calling thread (polls inside it read it), then
    /// restores the watch that was installed before.
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(watchKey)
        pthread_setspecific(watchKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(watchKey, previous) }
        return try withExtendedLifetime(self) { try body() }
    }

    /// The poll: true when the frame being drawn on this thread must stop now. False when no
    /// watch is installed (a test drawing a canvas directly).
    @inline(never)
    public static func shouldStop() -> Bool {
        guard let p = pthread_getspecific(watchKey) else { return false }
        return Unmanaged<FrameWatch>.fromOpaque(p).takeUnretainedValue().isDue()
    }

    /// Monotonic clock in nanoseconds.
    public static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) &* 1_000_000_000 &+ UInt64(t.tv_nsec)
    }

    /// `seconds` from now, in FrameWatch.now's nanoseconds (UInt64.max for nil or beyond a century).
    public static func deadline(after seconds: Double?) -> UInt64 {
        guard let seconds, seconds.isFinite, seconds < 3e9 else { return .max }
        return now() &+ UInt64(max(0, seconds) * 1e9)
    }
}

/// The thread-specific slot holding the installed watch (unretained: `run` keeps it alive).
private let watchKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

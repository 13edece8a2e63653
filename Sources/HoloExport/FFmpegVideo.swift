// A video made by a spawned ffmpeg (never linked), treated as an untrusted child: `render --video`
// and library users. Frames reach it on its standard input in frame order: the render pipeline's
// raw path (RawFrameWriter, whatever order the workers finish them in), or `write(_:)`.
//
// - Its output is a temporary file Holoframe makes itself, inside the video's folder opened once
//   (OpenFolder), with openat(O_CREAT | O_EXCL | O_NOFOLLOW): a link planted at the name is never
//   followed. The file is ffmpeg's standard output, and ffmpeg is told to write
//   `file:/proc/self/fd/1`: that reopens the same inode (not a path), and, unlike `pipe:1`, as a
//   seekable file, which `.mp4`'s `+faststart` and `.mov`'s index need (ffmpeg 5.1 refuses
//   `pipe:1` for them: "muxer does not support non seekable output"; checked). Only after ffmpeg
//   exits 0 is the file renamed into place with renameat on the same folder descriptor.
// - It runs in its own process group (posix_spawn, POSIX_SPAWN_SETPGROUP), so a Ctrl-C on the
//   terminal reaches only holoframe, and the group is what is killed: SIGKILL at once whenever a
//   run is abandoned (a signal, an error, a stall, --max-time): ffmpeg takes SIGTERM as "finish
//   the file", which took 2–4 s, and a child may ignore it.
// - Its standard error is read as it comes and only the last `keptErrorBytes` are kept (an
//   ffmpeg writing 3 GB there made holoframe allocate 3 GB).
// - A watchdog thread (every 50 ms) kills it when the render is interrupted, when --max-time
//   passes, or when it stalls: frames wait in its input pipe (or the input is closed and it is
//   finishing) and for `stallSeconds` (--ffmpeg-timeout, 30 s by default) it has neither read
//   nor written a byte (rchar and wchar of /proc/PID/io) nor said anything on standard error.
//   A blocked write of a frame then fails with EPIPE, so the render never waits on it forever.

import Foundation
import HoloPixels
import Glibc
import HoloGeometry
import HoloMotion
import HoloPNG
import HoloRaster
import HoloStop

/// The ffmpeg to run: `--ffmpeg PATH`, or the first `ffmpeg` on PATH that is an executable file.
public enum FFmpegLocator {
    public static let missing = "render --video needs ffmpeg, which is not on PATH: install Debian's ffmpeg package " +
                         "(apt-get install ffmpeg) or give --ffmpeg PATH"

    public static func find(explicit: String?, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> String {
        if let explicit {
            guard isExecutableFile(explicit) else {
                throw ClipUsageError("--ffmpeg \(Printable.escaped(explicit)): not an executable file; install Debian's ffmpeg package (apt-get install ffmpeg) or give its path")
            }
            return explicit
        }
        // A folder called ffmpeg earlier on PATH is skipped, as a shell skips it.
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/ffmpeg"
            if isExecutableFile(candidate) { return candidate }
        }
        throw ClipUsageError(missing)
    }

    public static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}

/// ffmpeg failed, or was stopped, while making the video.
public struct VideoError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// The cancellation flag was set (the CLI sets it on SIGINT, SIGTERM) while ffmpeg was finishing the video.
public struct VideoInterrupted: Error {}

/// One running ffmpeg making one video file (see the top). A library user starts it with the
/// size `container.shape` gives the frames, sends each frame with `write(_:)`, then calls
/// `finish()` (or `abandon()`):
///
///     let size = VideoContainer.mp4.shape.size(width: 390, height: 844)
///     let video = try FFmpegVideo(ffmpeg: FFmpegLocator.find(explicit: nil), container: .mp4,
///                                 width: size.width, height: size.height, rate: FrameRate(60),
///                                 to: "out.mp4", cancellation: CancellationFlag(), maxTime: nil)
///     for canvas in frames { try video.write(canvas) }
///     try video.finish()
public final class FFmpegVideo: @unchecked Sendable {
    /// --ffmpeg-timeout's default: seconds ffmpeg may hold frames without reading or writing.
    public static let defaultStallSeconds = 30.0
    /// How much of ffmpeg's standard error is kept (its end).
    public static let keptErrorBytes = 16 << 10

    public let path: String
    private let container: VideoContainer
    private let folder: OpenFolder
    private let name: String
    private let temporary: String
    private let partial: ObjectIdentifier
    private let pid: pid_t
    private let input: FileHandle
    private let stallSeconds: Double
    private let cancellation: CancellationFlag

    /// Why the watchdog killed ffmpeg, and whether it has been reaped (no kill after that: the
    /// group id could be reused).
    private enum Stop { case interrupted, stalled, deadline(Double) }
    private struct State { var stop: Stop?; var reaped = false; var status: Int32 = 0; var finishing = false }
    private let state = Locked(State())
    private let errorTail = Locked((tail: [UInt8](), total: 0))
    private let errorsDone = DispatchSemaphore(value: 0)

    /// Starts ffmpeg writing `container` to a temporary file beside `path`; the watchdog watches
    /// `cancellation`, `maxTime` (seconds from now) and `stallSeconds`.
    public init(ffmpeg: String, container: VideoContainer, width: Int, height: Int, rate: FrameRate, to path: String,
         cancellation: CancellationFlag, maxTime: Double?, stallSeconds: Double = defaultStallSeconds) throws {
        self.path = path
        self.container = container
        self.stallSeconds = stallSeconds
        self.cancellation = cancellation
        let split = PathSplit(path)
        name = split.name
        do { folder = try OpenFolder(split.folder) } catch {
            throw VideoError(description: "cannot write the video \(Printable.escaped(path)): \(error)")
        }
        OutputFolder.removeStaleTemporaries(folder, of: name)
        temporary = TemporaryName.make(for: name, suffix: "video\(UInt32.random(in: 0...UInt32.max))")
        let output = openat(folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard output >= 0 else {
            throw VideoError(description: "cannot write the video \(Printable.escaped(path)): \(String(cString: strerror(errno)))")
        }
        partial = PartialFiles.add(temporary, in: folder)
        defer { close(output) }
        var inPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        // pipe2 is not in Swift's Glibc: pipe, then close-on-exec (dup2 clears it on 0, 1, 2 in the child).
        func closeOnExecPipe(_ fds: inout [Int32]) -> Bool {
            guard pipe(&fds) == 0 else { return false }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard closeOnExecPipe(&inPipe), closeOnExecPipe(&errPipe) else {
            let why = String(cString: strerror(errno))
            _ = folder.remove(temporary); PartialFiles.done(partial)
            throw VideoError(description: "cannot start \(Printable.escaped(ffmpeg)): \(why)")
        }
        let arguments = [ffmpeg] + container.ffmpegArguments(width: width, height: height, rate: rate, output: "file:/proc/self/fd/1")
        var spawned: pid_t = 0
        let result = Self.spawn(arguments, stdin: inPipe[0], stdout: output, stderr: errPipe[1], pid: &spawned)
        close(inPipe[0]); close(errPipe[1])
        guard result == 0 else {
            close(inPipe[1]); close(errPipe[0])
            _ = folder.remove(temporary); PartialFiles.done(partial)
            throw VideoError(description: "cannot start \(Printable.escaped(ffmpeg)): \(String(cString: strerror(result)))")
        }
        pid = spawned
        input = FileHandle(fileDescriptor: inPipe[1], closeOnDealloc: true)
        readErrors(errPipe[0])
        watch(inputDescriptor: inPipe[1], cancellation: cancellation, deadline: maxTime.map { (ProgressMeter.monotonic() + $0, $0) })
    }

    /// posix_spawn of `arguments` in a process group of its own, with 0, 1 and 2 bound and
    /// SIGINT, SIGTERM and SIGPIPE at their defaults (holoframe ignores them; the child would
    /// inherit that). Returns 0 or an errno.
    private static func spawn(_ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32, pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions); posix_spawnattr_init(&attributes)
        defer { posix_spawn_file_actions_destroy(&actions); posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&defaults); sigemptyset(&mask)
        for s in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        return posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
    }

    /// Reads standard error to its end, keeping the last keptErrorBytes.
    private func readErrors(_ descriptor: Int32) {
        let tail = errorTail, done = errorsDone
        Thread {
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                tail.withLock { t in
                    t.tail += buffer[0..<n]
                    if t.tail.count > Self.keptErrorBytes { t.tail.removeFirst(t.tail.count - Self.keptErrorBytes) }
                    t.total += n
                }
            }
            close(descriptor)
            done.signal()
        }.start()
    }

    /// The watchdog (see the top).
    private func watch(inputDescriptor: Int32, cancellation: CancellationFlag, deadline: (at: Double, seconds: Double)?) {
        let pid = pid, stall = stallSeconds
        Thread { [self] in
            var lastProgress = -1, lastMoved = ProgressMeter.monotonic()
            while true {
                let now = ProgressMeter.monotonic()
                let (reaped, finishing) = state.withLock { ($0.reaped, $0.finishing) }
                if reaped { return }
                var queued: Int32 = 0
                let asked = withUnsafeMutablePointer(to: &queued) { ioctl(inputDescriptor, UInt(FIONREAD), $0) }
                let waiting = finishing || (asked == 0 && queued > 0)
                let progress = Self.bytesMoved(pid) + errorTail.withLock { $0.total }
                if progress != lastProgress || !waiting { lastProgress = progress; lastMoved = now }
                let stop: Stop? = cancellation.isCancelled ? .interrupted
                    : deadline.map { now >= $0.at } == true ? .deadline(deadline!.seconds)
                    : now - lastMoved > stall ? .stalled : nil
                if let stop { kill(because: stop); return }
                usleep(50_000)
            }
        }.start()
    }

    /// Bytes ffmpeg has read and written (rchar + wchar of /proc/PID/io), 0 when unreadable.
    private static func bytesMoved(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return 0 }
        var sum = 0
        for line in text.split(separator: "\n") where line.hasPrefix("rchar:") || line.hasPrefix("wchar:") {
            sum += Int(line.split(separator: " ").last ?? "") ?? 0
        }
        return sum
    }

    /// SIGKILL to ffmpeg's process group, once, unless it was reaped.
    private func kill(because stop: Stop) {
        state.withLock { s in
            guard !s.reaped else { return }
            if s.stop == nil { s.stop = stop }
            _ = Glibc.kill(-pid, SIGKILL)
        }
    }

    /// Waits for ffmpeg to exit (it was killed, or is finishing under the watchdog).
    private func reap() {
        if state.withLock({ $0.reaped }) { return }
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, 0)
            if r == pid || (r < 0 && errno != EINTR) { break }
        }
        state.withLock { $0.reaped = true; $0.status = status }
    }

    /// Sends one frame, straight-alpha RGBA of the size before the container's padding, to ffmpeg
    /// in the container's shape (RawFrameShape: over black when the codec has no alpha).
    public func write(_ frame: Canvas) throws {
        try input.write(contentsOf: container.shape.bytes(frame))
    }

    /// Where the frames go: ffmpeg's standard input, each in `container.shape`.
    public var handle: FileHandle { input }

    /// What ffmpeg said on standard error: its last lines, escaped. Waits at most a second for
    /// the pipe's end (a grandchild may hold it open).
    private var said: String {
        if errorsDone.wait(timeout: .now() + 1) == .success { errorsDone.signal() }
        let bytes = errorTail.withLock { $0.tail }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = text.split(separator: "\n").suffix(6).map { Printable.middle(String($0), limit: 300) }.joined(separator: "\n")
        return lines.isEmpty ? "" : ":\n" + lines
    }

    /// Why the watchdog stopped ffmpeg, as a sentence, or nil.
    private var stopReason: String? {
        switch state.withLock({ $0.stop }) {
        case .stalled?: "ffmpeg neither read a frame nor wrote anything for \(String(format: "%g", stallSeconds)) s (--ffmpeg-timeout) and was stopped"
        case .deadline(let s)?: "the render reached its --max-time of \(String(format: "%g", s)) s while ffmpeg was making the video and it was stopped"
        case .interrupted?: "interrupted"
        case nil: nil
        }
    }

    private func removePartial() {
        _ = folder.remove(temporary)
        PartialFiles.done(partial)
    }

    /// All frames are written: ffmpeg finishes the file (watched), which then takes the video's
    /// name. A signal meanwhile throws VideoInterrupted, with nothing left behind.
    public func finish() throws {
        state.withLock { $0.finishing = true }
        try? input.close()
        reap()
        let (stop, status) = state.withLock { ($0.stop, $0.status) }
        if case .interrupted? = stop { removePartial(); throw VideoInterrupted() }
        if cancellation.isCancelled { removePartial(); throw VideoInterrupted() }
        if let reason = stopReason { removePartial(); throw VideoError(description: "\(reason)\(said); no video was written") }
        guard status == 0 else {
            removePartial()
            let how = (status & 0x7f) == 0 ? "status \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
            throw VideoError(description: "ffmpeg failed making \(Printable.escaped(path)) (\(how))\(said); no video was written")
        }
        guard renameat(folder.descriptor, temporary, folder.descriptor, name) == 0 else {
            let why = String(cString: strerror(errno))
            removePartial()
            throw VideoError(description: "cannot move the finished video to \(Printable.escaped(path)): \(why)")
        }
        PartialFiles.done(partial)
    }

    /// The render stopped or failed: ffmpeg's group gets SIGKILL at once and the partial file is
    /// removed. Returns what ffmpeg said (and why the watchdog stopped it, when it did).
    @discardableResult
    public func abandon() -> String {
        try? input.close()
        kill(because: .interrupted)
        reap()
        removePartial()
        let reason = state.withLock({ $0.stop }).flatMap { stop -> String? in
            if case .interrupted = stop { return nil }
            return stopReason
        }
        return (reason.map { ": " + $0 } ?? "") + said
    }

}

// `render --video`: the spawned ffmpeg. Frames reach it through the render pipeline's raw path
// (RawFrameWriter: in frame order, whatever order the workers finish them in) on its standard
// input; it writes to a temporary name in the video's folder, renamed to the video's name only
// after ffmpeg exits 0, so an interrupted or failed render leaves no half file under that name.
//
// Foundation's Process, not swift-subprocess: the pipeline is synchronous threads that write(2)
// to a file descriptor, which is what Process with a Pipe gives; swift-subprocess's API is
// async/await and would add a package (and its build time) for one spawn. Process closes the
// pipe ends that belong to the child in this process, so when ffmpeg exits early the next write
// fails with EPIPE (SIGPIPE is ignored) instead of blocking.

import ArgumentParser
import Foundation
import Holoframe

/// The ffmpeg to run: `--ffmpeg PATH`, or the first `ffmpeg` on PATH.
enum FFmpegLocator {
    static let missing = "render --video needs ffmpeg, which is not on PATH: install Debian's ffmpeg package " +
                         "(apt-get install ffmpeg) or give --ffmpeg PATH"

    static func find(explicit: String?, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws -> String {
        let fm = FileManager.default
        if let explicit {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: explicit, isDirectory: &isDirectory), !isDirectory.boolValue, fm.isExecutableFile(atPath: explicit) else {
                throw ValidationError("--ffmpeg \(explicit): not an executable file; install Debian's ffmpeg package (apt-get install ffmpeg) or give its path")
            }
            return explicit
        }
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/ffmpeg"
            if fm.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ValidationError(missing)
    }
}

/// ffmpeg failed, or was stopped, while making the video.
struct VideoError: Error, CustomStringConvertible {
    let description: String
}

/// One running ffmpeg making one video file.
final class FFmpegVideo: @unchecked Sendable {
    let path: String
    let temporaryPath: String
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    /// ffmpeg's standard error, set once by the reader thread before it signals `readerDone`.
    private final class Box: @unchecked Sendable { var data = Data() }
    private let errorText = Box()
    private let errorReader: Thread
    private let readerDone = DispatchSemaphore(value: 0)

    /// Starts ffmpeg writing `container` to a temporary name beside `path`.
    init(ffmpeg: String, container: VideoContainer, width: Int, height: Int, rate: FrameRate, to path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporaryPath = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).holoframe-\(getpid()).partial").path
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = container.ffmpegArguments(width: width, height: height, rate: rate, output: temporaryPath)
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let errorsRead = errors.fileHandleForReading, text = errorText, done = readerDone
        errorReader = Thread {
            // Read to the end, whatever it says, so ffmpeg never blocks on a full stderr pipe.
            let data = errorsRead.readDataToEndOfFile()
            text.data = data
            done.signal()
        }
        do { try process.run() } catch {
            throw VideoError(description: "cannot start \(ffmpeg): \(error.localizedDescription)")
        }
        errorReader.start()
    }

    /// Where the frames go: ffmpeg's standard input.
    var handle: FileHandle { input.fileHandleForWriting }

    /// What ffmpeg said on standard error, trimmed (its last lines).
    private var said: String {
        readerDone.wait(); readerDone.signal()
        let text = String(decoding: errorText.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let lines = text.split(separator: "\n").suffix(6).joined(separator: "\n")
        return lines.isEmpty ? "" : ":\n" + lines
    }

    private func closeAndWait() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// All frames are written: ffmpeg finishes the file, which then takes the video's name.
    func finish() throws {
        closeAndWait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            unlink(temporaryPath)
            throw VideoError(description: "ffmpeg failed making \(path) (status \(process.terminationStatus))\(said); no video was written")
        }
        guard rename(temporaryPath, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw VideoError(description: "cannot move the finished video to \(path): \(why)")
        }
    }

    /// The render stopped or failed: ffmpeg is ended and its partial file removed. Returns what
    /// ffmpeg said, when it had failed by itself (a closed pipe).
    @discardableResult
    func abandon() -> String {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        unlink(temporaryPath)
        return said
    }
}

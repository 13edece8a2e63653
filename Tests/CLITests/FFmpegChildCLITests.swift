// `render --video` with ffmpeg as an untrusted child (issue 41), through the built binary and fake
// `ffmpeg` shell scripts: a flood on standard error, one that never reads, one that ignores
// SIGTERM while it "finishes", a folder called ffmpeg on PATH, and the output file as its
// standard output. Every run is bounded: a hang is a failure, never a stuck test.

import Foundation
import Testing

/// A run of holoframe stopped with SIGKILL after `seconds`; `timedOut` says it was.
struct BoundedRun { var status: Int32; var stderr: String; var seconds: Double; var timedOut: Bool; var ended: Date }

func holoframeBounded(_ arguments: [String], seconds: Double, environment: [String: String] = [:], prefix: [String] = [],
                      whileRunning: ((Process) -> Void)? = nil) throws -> BoundedRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: prefix.first ?? holoframeBinary)
    process.arguments = prefix.isEmpty ? arguments : Array(prefix.dropFirst()) + [holoframeBinary] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    nonisolated(unsafe) var errData = Data()
    let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    whileRunning?(process)
    var timedOut = false
    while process.isRunning {
        if Date().timeIntervalSince(start) > seconds { timedOut = true; kill(process.processIdentifier, SIGKILL) }
        usleep(20_000)
    }
    let ended = Date(), elapsed = ended.timeIntervalSince(start)
    process.waitUntilExit()
    for _ in 0..<200 where !reader.isFinished { usleep(10_000) }
    return BoundedRun(status: process.terminationStatus, stderr: String(decoding: errData, as: UTF8.self), seconds: elapsed, timedOut: timedOut, ended: ended)
}

/// Writes an executable shell script.
func script(_ path: String, _ body: String) throws {
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
}

/// True while a process with this pid runs (a zombie, killed and not yet reaped by whoever
/// inherited it, counts as gone).
func alive(_ pidFile: String) -> Bool {
    guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
          let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return false }
    let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
    return state != "Z" && state != "X"
}

@Suite(.serialized) struct FFmpegChildCLITests {
    let render = ["render", "demo", "--frames", "0-5", "--scale", "0.25"]

    /// 1 GB on standard error: only a bounded tail is kept (before: the whole stream in memory,
    /// 3 GB for 3 GB, and a crash).
    @Test func aFloodOnStandardErrorStaysBounded() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return }
        let dir = scratchFolder("ffmpeg-flood"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try script("\(dir)/ffmpeg", "head -c 1000000000 /dev/zero >&2\necho 'the last words' >&2\nexit 1")
        let run = try holoframeBounded(render + ["--video", "\(dir)/v.mp4", "--ffmpeg", "\(dir)/ffmpeg"], seconds: 120,
                                       prefix: ["/usr/bin/time", "-f", "maxrss=%M"])
        #expect(!run.timedOut)
        let kb = run.stderr.components(separatedBy: "maxrss=").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? .max
        #expect(kb < 400_000, "peak resident \(kb) KB")
        #expect(run.status == 1 && run.stderr.contains("the last words") && run.stderr.contains("no video was written"), "\(run.stderr.suffix(600))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["ffmpeg"])
    }

    /// An ffmpeg that never reads: stopped after --ffmpeg-timeout, and its whole process group
    /// (the script's `sleep` too) killed; nothing left in the folder (before: a hang).
    @Test func anFFmpegThatNeverReadsIsStopped() throws {
        let dir = scratchFolder("ffmpeg-stall"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try script("\(dir)/ffmpeg", "sleep 1000 &\necho $! > \(dir)/child.pid\nwait")
        let run = try holoframeBounded(render + ["--video", "\(dir)/v.mp4", "--ffmpeg", "\(dir)/ffmpeg", "--ffmpeg-timeout", "1"], seconds: 30)
        #expect(!run.timedOut && run.seconds < 10, "\(run.seconds) s")
        #expect(run.status == 1 && run.stderr.contains("--ffmpeg-timeout") && run.stderr.contains("no video was written"), "\(run.stderr)")
        usleep(100_000)
        #expect(!alive("\(dir)/child.pid"), "the fake ffmpeg's child outlived the render")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["child.pid", "ffmpeg"])
    }

    /// --max-time reaches a render blocked on ffmpeg (before: a hang past it).
    @Test func maxTimeStopsARenderBlockedOnFFmpeg() throws {
        let dir = scratchFolder("ffmpeg-maxtime"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try script("\(dir)/ffmpeg", "exec sleep 1000")
        let run = try holoframeBounded(render + ["--video", "\(dir)/v.mp4", "--ffmpeg", "\(dir)/ffmpeg", "--max-time", "2"], seconds: 30)
        #expect(!run.timedOut && run.seconds < 8, "\(run.seconds) s")
        #expect(run.status == 1 && run.stderr.contains("--max-time"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["ffmpeg"])
    }

    /// SIGINT while ffmpeg finishes the file (it ignores SIGTERM and SIGINT): exit 130 at once,
    /// no video, no partial file, its group killed (before: a wait without end, or exit 0 and the
    /// file left).
    @Test func aSignalDuringTheFinalWaitLeavesNothing() throws {
        let dir = scratchFolder("ffmpeg-final"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try script("\(dir)/ffmpeg", "trap '' TERM INT\ncat > /dev/null\necho $$ > \(dir)/child.pid\necho partial\nsleep 1000\necho done")
        var sent = Date.distantFuture
        let run = try holoframeBounded(render + ["--video", "\(dir)/v.webm", "--ffmpeg", "\(dir)/ffmpeg"], seconds: 60) { process in
            // The frames are all in once the fake wrote its pid.
            let start = Date()
            while !FileManager.default.fileExists(atPath: "\(dir)/child.pid"), Date().timeIntervalSince(start) < 50 { usleep(20_000) }
            usleep(200_000)
            sent = Date()
            kill(process.processIdentifier, SIGINT)
        }
        let latency = run.ended.timeIntervalSince(sent)
        #expect(!run.timedOut)
        #expect(run.status == 130, "\(run.status): \(run.stderr)")
        #expect(latency < 3, "stopped \(latency) s after SIGINT")
        usleep(100_000)
        #expect(!alive("\(dir)/child.pid"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["child.pid", "ffmpeg"])
    }

    /// ffmpeg's standard output is the temporary file (a regular file, opened by holoframe) and it
    /// is told to write `file:/proc/self/fd/1`; the result is renamed into place.
    @Test func theOutputIsAFileHoloframeOpened() throws {
        let dir = scratchFolder("ffmpeg-fd"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try script("\(dir)/ffmpeg", """
            eval last=\\${$#}
            [ "$last" = "file:/proc/self/fd/1" ] || { echo "output $last" >&2; exit 3; }
            [ -f /proc/self/fd/1 ] && [ ! -L "$(readlink /proc/self/fd/1)" ] || { echo 'stdout is not a file' >&2; exit 4; }
            cat > /dev/null
            echo video-bytes
            """)
        let run = try holoframeBounded(render + ["--video", "\(dir)/v.mp4", "--ffmpeg", "\(dir)/ffmpeg"], seconds: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try? String(contentsOfFile: "\(dir)/v.mp4", encoding: .utf8)) == "video-bytes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["ffmpeg", "v.mp4"])
    }

    /// A folder called ffmpeg earlier on PATH is skipped (before: "The file doesn't exist").
    @Test func aFolderCalledFFmpegOnPathIsSkipped() throws {
        let dir = scratchFolder("ffmpeg-path"); defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: "\(dir)/a/ffmpeg", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(dir)/b", withIntermediateDirectories: true)
        try script("\(dir)/b/ffmpeg", "cat > /dev/null\necho ok")
        let run = try holoframeBounded(render + ["--video", "\(dir)/v.gif"], seconds: 60,
                                       environment: ["PATH": "\(dir)/a:\(dir)/b:/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(dir)/v.gif"))
    }
}

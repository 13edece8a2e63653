// Two renders must not write the same frame files into one folder; disjoint shards may (the
// README's Kubernetes recipe, possibly from several machines on a shared volume). So a render
// claims what it writes, not the folder:
//
//   <folder>/.holoframe-claim-<host>-<pid>-<random>   one line per field:
//     host, boot id, pid, process start time (clock ticks since boot, /proc/<pid>/stat field 22),
//     then the frames it writes as ranges "a-b", one per line.
//
// A claim is live while its process runs. On this host that is proven from /proc: the pid exists,
// with the same start time, since the same boot (a pid reused by another process does not keep a
// claim alive). A claim made on another host cannot be checked that way, so its owner refreshes
// the claim's modification time every `refresh` seconds while it renders, and a claim from
// another host is live while it is younger than `lease`. A new render reads every claim first;
// a live one that shares a frame with it is refused with a message; a dead one is removed.
// Two renders starting at once both write their claims, then read again: the one whose claim
// name sorts later withdraws, so exactly one goes on.

import Dispatch
import Foundation
import HoloGeometry
import HoloPNG

public final class FrameClaim: @unchecked Sendable {
    /// How often a running render refreshes its claim, and how long another host's claim lasts.
    public static let refresh = 5.0
    public static let lease = 60.0
    static let prefix = ".holoframe-claim-"

    /// The claim file's name in `folder`.
    let name: String
    let folder: OpenFolder
    var path: String { folder.path(of: name) }
    private let timer: DispatchSourceTimer
    private let partial: ObjectIdentifier

    /// Claims `frames` in `folder` (held open: the claim, the checks and the refreshes all go
    /// through its descriptor), or throws ExistingFramesError naming the render that holds one.
    public init(frames: [Int], in folder: OpenFolder) throws {
        let me = ProcessIdentity.current
        let name = "\(Self.prefix)\(me.host)-\(me.pid)-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        self.name = name
        self.folder = folder
        let mine = Self.ranges(frames)
        try Self.checkOthers(in: folder, except: nil, frames: mine, me: name)
        try folder.write(Array((me.lines + mine.map { "\($0.lowerBound)-\($0.upperBound)" }).joined(separator: "\n").utf8) + [10], as: name)
        partial = PartialFiles.add(name, in: folder)
        // Read again: of two renders that started at once, the later name withdraws.
        do { try Self.checkOthers(in: folder, except: name, frames: mine, me: name) } catch {
            folder.remove(name); PartialFiles.done(partial); throw error
        }
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + Self.refresh, repeating: Self.refresh)
        timer.setEventHandler { folder.touch(name) }
        timer.resume()
    }

    /// Claims `frames` in the folder at `path` (opened for the claim's life).
    public convenience init(frames: [Int], in path: String) throws {
        try self.init(frames: frames, in: try OpenFolder(path))
    }

    /// Gives the claim up (the render finished, failed or was stopped).
    public func release() {
        timer.cancel()
        folder.remove(name)
        PartialFiles.done(partial)
    }

    deinit { release() }

    /// Throws when a live claim in `folder` (other than `except`) shares a frame with `frames`;
    /// removes dead ones. While re-reading, only claims whose names sort before `me` count.
    static func checkOthers(in folder: OpenFolder, except: String?, frames: [ClosedRange<Int>], me: String) throws {
        for file in folder.names().sorted()
        where file.hasPrefix(prefix) && file != except && !file.contains(".tmp-") {
            if except != nil && file > me { continue }
            guard let bytes = try? folder.read(file, maxBytes: 1 << 20) else { continue }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            guard lines.count >= 4, let owner = ProcessIdentity(lines: Array(lines[0..<4])) else { continue }
            guard owner.isAlive(claimAge: age(file, in: folder)) else { folder.remove(file); continue }
            let theirs = lines.dropFirst(4).compactMap { line -> ClosedRange<Int>? in
                let parts = line.split(separator: "-")
                guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a <= b else { return nil }
                return a...b
            }
            if let shared = frames.lazy.compactMap({ r in theirs.first(where: { $0.overlaps(r) }).map { max(r.lowerBound, $0.lowerBound) } }).first {
                throw ExistingFramesError(description: "another render (pid \(owner.pid) on \(Printable.escaped(owner.host))) is writing frames into " +
                    "'\(Printable.escaped(folder.path))', \(frameFileName(shared)) among them; wait for it to finish or write elsewhere " +
                    "(if no render is running, remove \(Printable.shellQuoted(folder.path(of: file))))")
            }
        }
    }

    /// Seconds since the claim file was last refreshed.
    static func age(_ name: String, in folder: OpenFolder) -> Double {
        guard let status = folder.status(name) else { return .infinity }
        return Date().timeIntervalSince1970 - Double(status.st_mtim.tv_sec)
    }

    /// Sorted frames as maximal runs of consecutive indices.
    static func ranges(_ frames: [Int]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for f in frames.sorted() {
            if let last = out.last, last.upperBound + 1 == f { out[out.count - 1] = last.lowerBound...f }
            else if out.last?.contains(f) != true { out.append(f...f) }
        }
        return out
    }
}

/// Which process on which machine, since which boot: enough to tell a live claim from a dead one.
struct ProcessIdentity: Equatable {
    var host: String
    var boot: String
    var pid: Int32
    var start: String

    static let current = ProcessIdentity(host: TemporaryName.host, boot: bootID(), pid: getpid(), start: startTime(of: getpid()) ?? "?")

    init(host: String, boot: String, pid: Int32, start: String) { self.host = host; self.boot = boot; self.pid = pid; self.start = start }

    init?(lines: [String]) {
        guard lines.count == 4, let pid = Int32(lines[2]) else { return nil }
        self.init(host: lines[0], boot: lines[1], pid: pid, start: lines[3])
    }

    var lines: [String] { [host, boot, String(pid), start] }

    /// On this host (same boot): the pid runs with the same start time. Elsewhere: the claim is
    /// younger than the lease.
    func isAlive(claimAge: Double) -> Bool {
        guard host == TemporaryName.host, boot == Self.bootID() else { return claimAge < FrameClaim.lease }
        return Self.startTime(of: pid) == start
    }

    static func bootID() -> String {
        (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }

    /// Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces).
    static func startTime(of pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so field 22 is fields[19].
        return fields.count > 19 ? String(fields[19]) : nil
    }
}

// `--state PATH`: one JSON line of simulated state per frame, streamed to a temporary file beside
// PATH and renamed into place only when the render finishes, so a failed or stopped render leaves
// no half-written state file. Used from the calling thread only (the simulation loop).

import Foundation

/// Streams state lines to a temporary file beside `path`, renamed into place by `finish()`.
final class StateLineWriter {
    let path: String
    let temporary: String
    let handle: FileHandle
    var buffer = ""
    var finished = false
    /// The temporary, registered so a stopped run can remove it (PartialFiles.removeAll).
    private var partial: ObjectIdentifier?

    init(path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        temporary = ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(TemporaryName.make(for: (path as NSString).lastPathComponent, suffix: "state"))
        OutputFolder.removeStaleTemporaries(folder.isEmpty ? "." : folder, of: (path as NSString).lastPathComponent)
        guard FileManager.default.createFile(atPath: temporary, contents: nil) else {
            throw OutputError(description: "cannot write the state file '\(path)': \(String(cString: strerror(errno)))")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
        if let opened = try? OpenFolder(folder.isEmpty ? "." : folder) {
            partial = PartialFiles.add((temporary as NSString).lastPathComponent, in: opened)
        }
    }

    func append(_ line: String) throws {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { try flush() }
    }

    private func flush() throws {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
    }

    func finish() throws {
        try flush()
        try handle.close()
        finished = true
        if let partial { PartialFiles.done(partial) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputError(description: "cannot write the state file '\(path)': \(reason)")
        }
    }

    /// An unfinished state file (the render failed or was stopped) is removed, not left half-written.
    deinit {
        try? handle.close()
        if !finished { unlink(temporary) }
        if let partial { PartialFiles.done(partial) }
    }
}

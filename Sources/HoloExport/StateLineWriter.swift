// `--state PATH`: one JSON line of simulated state per frame, streamed to a temporary file beside
// PATH and renamed into place only when the render finishes, so a failed or stopped render leaves
// no half-written state file. The folder is opened once: the temporary is made with openat and
// renamed with renameat on that descriptor, so moving the folder mid-run redirects nothing. Used
// from the calling thread only (the simulation loop).

import Foundation
import HoloGeometry
import HoloPNG

/// Streams state lines to a temporary file beside `path`, renamed into place by `finish()`.
final class StateLineWriter {
    let path: String
    let folder: OpenFolder
    let name: String
    let temporary: String
    let handle: FileHandle
    var buffer = ""
    var finished = false
    /// The temporary, registered so a stopped run can remove it (PartialFiles.removeAll).
    private let partial: ObjectIdentifier

    init(path: String) throws {
        self.path = path
        let split = PathSplit(path)
        name = split.name
        do { folder = try OpenFolder(split.folder) } catch PNGError.io(_, _, let code, _) {
            throw OutputError(description: "cannot write the state file '\(Printable.escaped(path))': \(String(cString: strerror(code)))")
        }
        temporary = TemporaryName.make(for: name, suffix: "state")
        OutputFolder.removeStaleTemporaries(folder, of: name)
        let descriptor = openat(folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputError(description: "cannot write the state file '\(Printable.escaped(path))': \(String(cString: strerror(errno)))")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        partial = PartialFiles.add(temporary, in: folder)
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
        PartialFiles.done(partial)
        guard renameat(folder.descriptor, temporary, folder.descriptor, name) == 0 else {
            let reason = String(cString: strerror(errno))
            folder.remove(temporary)
            throw OutputError(description: "cannot write the state file '\(Printable.escaped(path))': \(reason)")
        }
    }

    /// An unfinished state file (the render failed or was stopped) is removed, not left half-written.
    deinit {
        if !finished { try? handle.close(); folder.remove(temporary) }
        PartialFiles.done(partial)
    }
}

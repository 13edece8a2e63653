// A folder opened once, and every file in it read, written, listed and removed relative to that
// descriptor (openat, renameat, unlinkat, fstatat), never through a symbolic link inside it.
//
// Why: a render's output folder is named by a path once, at the start. If every write resolved the
// path again, renaming the folder (or a parent) or swapping it for a symbolic link while frames
// are written would send the later writes elsewhere: a probe made a render overwrite 52 files in
// another folder that way. Holding the descriptor, the writes all land in the folder
// that was opened, wherever it has been moved; nothing new is created outside it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HoloGeometry

/// A folder held open by descriptor for the life of the value.
public final class OpenFolder: @unchecked Sendable {
    /// The path it was opened by (for messages only: it may name something else by now).
    public let path: String
    public let descriptor: Int32

    /// Opens the folder at `path` (a symbolic link given here is followed, once, as the user meant).
    public init(_ path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFile.failure(path, "open the folder", errno) }
    }

    deinit { _ = close(descriptor) }

    /// "folder/name", for messages.
    public func path(of name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// Writes `name` atomically inside the folder (AtomicFile).
    public func write(_ bytes: [UInt8], as name: String, durable: Bool = false) throws {
        try AtomicFile.write(bytes, named: name, in: self, path: path(of: name), durable: durable)
    }

    /// The whole regular file `name`, not through a link, at most `maxBytes` (InputFile).
    public func read(_ name: String, maxBytes: Int = InputFile.defaultMaxBytes) throws -> [UInt8] {
        try InputFile.read(opened: openat(descriptor, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC),
                           path: path(of: name), maxBytes: maxBytes)
    }

    /// lstat(2) of `name` in the folder; nil when nothing is there.
    public func status(_ name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// True when anything (even a dangling link) is named `name` in the folder.
    public func contains(_ name: String) -> Bool { status(name) != nil }

    /// The names in the folder (without "." and ".."), read through a duplicate of the descriptor.
    public func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else { if copy >= 0 { _ = close(copy) }; return [] }
        defer { closedir(stream) }
        rewinddir(stream)
        var out: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }

    /// Removes the file `name` from the folder (never a folder); false when it could not.
    @discardableResult
    public func remove(_ name: String) -> Bool { unlinkat(descriptor, name, 0) == 0 }

    /// Sets `name`'s modification time to now (not through a link).
    public func touch(_ name: String) { _ = utimensat(descriptor, name, nil, AT_SYMLINK_NOFOLLOW) }

    /// Which folder this is (device and inode), whatever path reaches it now.
    public var identity: FileIdentity? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}

/// Files a run has made but not finished: temporaries being written and frame claims. Each is
/// registered while it exists, so a stopped run (SIGINT, SIGTERM, a deadline) can remove every
/// one with `removeAll()` before it exits, even while workers are still writing.
public enum PartialFiles {
    private final class Entry: @unchecked Sendable {
        let folder: OpenFolder
        let name: String
        init(folder: OpenFolder, name: String) { self.folder = folder; self.name = name }
    }
    private static let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// Registers `name` in `folder`; the token unregisters it (`done`).
    public static func add(_ name: String, in folder: OpenFolder) -> ObjectIdentifier {
        let entry = Entry(folder: folder, name: name)
        let token = ObjectIdentifier(entry)
        entries.withLock { $0[token] = entry }
        return token
    }

    /// The file was renamed into place or removed: no longer partial.
    public static func done(_ token: ObjectIdentifier) { entries.withLock { $0[token] = nil } }

    /// How many files are registered (tests).
    public static var count: Int { entries.withLock { $0.count } }

    /// Removes every registered file (claims, temporaries in flight) and forgets them. Safe to
    /// call from any thread; a worker finishing a write at the same moment loses its temporary
    /// (its rename fails) rather than leaving one behind.
    public static func removeAll() {
        let all = entries.withLock { e -> [Entry] in defer { e = [:] }; return Array(e.values) }
        for entry in all { entry.folder.remove(entry.name) }
    }
}

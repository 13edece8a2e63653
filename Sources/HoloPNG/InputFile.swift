// Reading a file the user named, under the resource policy: it must be a regular file (never a
// device such as /dev/zero, a FIFO that would block forever, or a folder), and its size is checked
// against a cap before a byte is read. The file is opened with O_NONBLOCK, so opening a FIFO
// returns at once and fstat(2) refuses it; the flag is harmless for regular files.
//
// Why here: HoloPNG is the lowest target that reads files (goldens, scene images), and the
// pipeline, the golden store and the clip resolver all import it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the run refused to read, in the user's terms (a usage error: exit 2).
public struct InputFileError: Error, CustomStringConvertible, Sendable, Equatable {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "\(path): \(reason)" }
}

/// Which file on which device: two paths name the same file when these are equal.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public init(device: UInt64, inode: UInt64) { self.device = device; self.inode = inode }
}

public enum InputFile {
    /// The default cap on any one file read (`--max-input`): 256 MiB.
    public static let defaultMaxBytes = 256 << 20

    /// The whole file at `path`, refused unless it is a regular file of at most `maxBytes` bytes.
    public static func read(_ path: String, maxBytes: Int = defaultMaxBytes) throws -> [UInt8] {
        try read(opened: open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), path: path, maxBytes: maxBytes)
    }

    /// The whole file `name` inside the open folder `folder`, under the same rules, never through
    /// a symbolic link (O_NOFOLLOW): for files a render reads back from its own output folder.
    public static func read(_ name: String, in folder: Int32, path: String, maxBytes: Int = defaultMaxBytes) throws -> [UInt8] {
        try read(opened: openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC), path: path, maxBytes: maxBytes)
    }

    /// Reads the file open as `descriptor` (closing it; -1: the open failed, errno says why).
    static func read(opened descriptor: Int32, path: String, maxBytes: Int) throws -> [UInt8] {
        guard descriptor >= 0 else {
            throw InputFileError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw InputFileError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        try checkRegular(status, path: path, maxBytes: maxBytes)
        let size = Int(status.st_size)
        // Read at most size + 1 bytes: a file that grows while read is cut at the cap, never unbounded.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { FileBytes.systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw InputFileError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            count += n
        }
        guard count <= maxBytes else { throw tooLarge(path, bytes: count, maxBytes: maxBytes) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Checks without reading that `path` is a regular file within `maxBytes` (for files another
    /// library opens by path, such as fonts), and returns its identity.
    @discardableResult
    public static func check(_ path: String, maxBytes: Int = defaultMaxBytes) throws -> FileIdentity {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw InputFileError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        try checkRegular(status, path: path, maxBytes: maxBytes)
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The identity of the file at `path` (after symlinks), or nil when there is none.
    public static func identity(_ path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    static func checkRegular(_ status: stat, path: String, maxBytes: Int) throws {
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw InputFileError(path: path, reason: "is \(describe(kind)), not a regular file; give a file")
        }
        guard Int(status.st_size) <= maxBytes else { throw tooLarge(path, bytes: Int(status.st_size), maxBytes: maxBytes) }
    }

    static func tooLarge(_ path: String, bytes: Int, maxBytes: Int) -> InputFileError {
        InputFileError(path: path, reason: "is \(bytes) bytes, over the cap of \(maxBytes) bytes for a file read; raise it with --max-input")
    }

    /// "a folder", "a FIFO", … for a file type from st_mode.
    public static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        case S_IFREG: "a regular file"
        default: "not a regular file"
        }
    }
}

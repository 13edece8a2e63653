// Atomic file replacement: a reader sees the old file or the complete new one, never a partial one.
//
// Write to a uniquely named temporary file in the destination's directory (same file system, so
// rename(2) is atomic), created with O_EXCL so two writers never share it; write every byte,
// optionally fsync, close, then rename over the destination. On any failure the temporary file is
// unlinked and the error names the path and the system's errno text.

import HoloGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum AtomicFile {
    /// Writes `bytes` to `path` atomically. `durable` fsyncs the file (and its directory) first.
    /// The directory is opened once and the temporary is created and renamed relative to it, so a
    /// directory renamed or swapped for a link meanwhile cannot send the bytes elsewhere.
    public static func write(_ bytes: [UInt8], to path: String, durable: Bool = false) throws {
        let split = PathSplit(path), directory = split.folder, name = split.name
        let folder: OpenFolder
        do { folder = try OpenFolder(directory) } catch PNGError.io(_, _, let code, _) {
            throw failure(path, "create temporary file in \(directory)", code)
        }
        try write(bytes, named: name, in: folder, path: path, durable: durable)
    }

    /// Writes `bytes` as `name` inside `open` (a folder held by descriptor): the temporary is
    /// made with openat(O_EXCL | O_NOFOLLOW) and renamed with renameat, both relative to the
    /// descriptor, and is registered in PartialFiles while it exists. `path` only names the file in errors.
    public static func write(_ bytes: [UInt8], named name: String, in open: OpenFolder, path: String, durable: Bool = false) throws {
        let folder = open.descriptor
        let (descriptor, temporary) = try createTemporary(in: folder, for: name, path: path)
        let partial = PartialFiles.add(temporary, in: open)
        defer { PartialFiles.done(partial) }
        var closed = false
        do {
            try bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw failure(path, "write", errno)
                    }
                    offset += written
                }
            }
            if durable, fsync(descriptor) != 0 { throw failure(path, "fsync", errno) }
            closed = true
            if close(descriptor) != 0 { throw failure(path, "close", errno) }
            if renameat(folder, temporary, folder, name) != 0 { throw failure(path, "rename", errno) }
        } catch {
            if !closed { _ = close(descriptor) }
            _ = unlinkat(folder, temporary, 0)
            throw error
        }
        if durable { _ = fsync(folder) }
    }

    /// Creates ".<name>.tmp-<host>-<pid>-<random>" (TemporaryName) in the open folder with
    /// O_EXCL, retrying on a name clash; returns its descriptor and name.
    static func createTemporary(in folder: Int32, for name: String, path: String) throws -> (Int32, String) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let suffix = String(generator.next() as UInt64, radix: 36)
            let temporary = TemporaryName.make(for: name, suffix: suffix)
            let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { throw failure(path, "create temporary file beside it", errno) }
        }
        throw failure(path, "create temporary file beside it", EEXIST)
    }

    static func failure(_ path: String, _ operation: String, _ code: Int32) -> PNGError {
        .io(path: path, operation: operation, errno: code, message: String(cString: strerror(code)))
    }

    @inline(__always)
    static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}

/// read(2) for InputFile (the one way files are read), with the platform's spelling.
enum FileBytes {
    @inline(__always)
    static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }
}

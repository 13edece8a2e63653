// Writing to standard output and standard error without traps.
//
// Foundation's `FileHandle.write(_:)` cannot throw, so on EPIPE (`holoframe simulate | head -1`)
// or ENOSPC (`> /dev/full`) it stops the process with a trap. Here every write is write(2) in a
// loop: a reader that went away is `OutputClosed` (the CLI ends quietly, as a Unix tool ended by
// SIGPIPE does, status 141), any other failure is an `OutputError` with the system's words
// (status 1). SIGPIPE is ignored by the Swift runtime, so EPIPE arrives as an error, not a signal.

import Foundation

/// The reader of standard output closed it (EPIPE): stop quietly.
public struct OutputClosed: Error, CustomStringConvertible, Sendable {
    public init() {}
    public var description: String { "" }
}

public enum StandardStreams {
    /// Writes every byte to `descriptor`; EPIPE throws OutputClosed, other errors OutputError.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, what: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == EPIPE { throw OutputClosed() }
                throw OutputError(description: "cannot write \(what): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    /// Writes `text` to standard output (see `write`).
    public static func out(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: STDOUT_FILENO, what: "to standard output") }
    }

    /// Writes `text` to standard error, best effort: a closed or full stderr is ignored, never a trap.
    public static func err(_ text: String) {
        var text = text
        text.withUTF8 { try? write(UnsafeRawBufferPointer($0), to: STDERR_FILENO, what: "to standard error") }
    }

    /// Flushes what `print` buffered in C's stdout; EPIPE throws OutputClosed, other errors OutputError.
    public static func flushPrinted() throws {
        guard fflush(nil) != 0 else { return }  // nil: every C stream, stdout among them
        if errno == EPIPE { throw OutputClosed() }
        throw OutputError(description: "cannot write to standard output: \(String(cString: strerror(errno)))")
    }
}

// Names of temporary files, and when one left behind is provably stale.
//
//   .<name>.tmp-<host>-<pid>-<random>
//
// A temporary is removed by a later run only when it was made on this host (the hostname is in
// the name) by a process that no longer exists (kill(pid, 0) fails with ESRCH). One made on
// another machine sharing the folder (a Kubernetes volume), or by a live process, is left alone:
// it may be another shard's frame in flight. A reused pid keeps a stale file, never removes a live one.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum TemporaryName {
    /// This machine's hostname ("localhost" when it cannot be read).
    public static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }()

    /// The file name of a temporary for `name`: ".<name>.tmp-<host>-<pid>-<suffix>".
    public static func make(for name: String, suffix: String) -> String {
        ".\(name).tmp-\(host)-\(getpid())-\(suffix)"
    }

    /// True when `fileName` is a temporary of `name` (any name when nil) made on this host by a
    /// process that has exited.
    public static func isProvablyStale(_ fileName: String, of name: String? = nil) -> Bool {
        let prefix = name.map { ".\($0).tmp-" }
        guard fileName.hasPrefix(".") else { return false }
        if let prefix, !fileName.hasPrefix(prefix) { return false }
        // The fields after the last ".tmp-": host (which may hold dots and dashes), pid, suffix.
        let bytes = Array(fileName.utf8), marker = Array(".tmp-".utf8)
        guard let start = stride(from: bytes.count - marker.count, through: 0, by: -1)
            .first(where: { Array(bytes[$0..<$0 + marker.count]) == marker }) else { return false }
        let fields = String(decoding: bytes[(start + marker.count)...], as: UTF8.self).split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count >= 3, let pid = Int32(fields[fields.count - 2]), pid > 0 else { return false }
        let madeOn = fields[..<(fields.count - 2)].joined(separator: "-")
        guard madeOn == host else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}

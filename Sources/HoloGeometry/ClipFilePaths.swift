// Paths as text: joined, normalized and made relative without touching the file system, for
// clip files (their `extends`), golden folders and the messages that name them; beside PathSplit.

import Foundation

/// Paths worked out by their text (no symbolic links followed), as a shell user reads them.
package enum ClipFilePaths {
    package static func join(_ a: String, _ b: String) -> String {
        if b.hasPrefix("/") || a.isEmpty { return b }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// `a/./b/../c` → `a/c`; leading `..` of a relative path are kept.
    package static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() }
            else if part == "..", absolute { continue }
            else { parts.append(part) }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    package static func absolute(_ path: String) -> String {
        normalized(path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path))
    }

    /// `target` (absolute) as a path from the folder `base` (absolute).
    package static func relative(_ target: String, from base: String) -> String {
        let t = target.split(separator: "/"), b = base.split(separator: "/")
        var common = 0
        while common < min(t.count, b.count) && t[common] == b[common] { common += 1 }
        let up = Array(repeating: "..", count: b.count - common)
        let parts = up + t[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A path as the user would type it here: relative when under the current directory, else absolute.
    package static func relativeToCurrentDirectory(_ path: String) -> String {
        let full = absolute(path)
        let here = normalized(FileManager.default.currentDirectoryPath)
        if full.hasPrefix(here + "/") { return String(full.dropFirst(here.count + 1)) }
        return path.hasPrefix("/") ? full : normalized(path)
    }
}

// A report folder: `DIR/index.html` with its images beside it, written whole or not at all.
//
// The rule for outputs (issue 17): an existing path is refused unless `--force` is given, and even
// then only a folder this tool wrote is replaced, never a file, a symlink or anyone else's folder.
// "This tool wrote it" is the marker file `.holoframe-report` inside it. The page is written into
// a hidden sibling folder first and renamed into place, so a reader never sees half a report and
// a failure leaves the old report (or nothing) behind.

import Foundation

public struct ReportFolderError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// True when the user asked for something the rule forbids (exit 2), false for I/O failures.
    public var isUsageError: Bool
}

public enum ReportFolder {
    /// The marker file every report folder holds.
    public static let markerName = ".holoframe-report"

    /// Throws (a usage error) unless a report may be written at `path`: nothing is there, or
    /// `force` is given and it is a real folder holding the marker.
    public static func checkWritable(_ path: String, force: Bool) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }  // nothing there yet
        let kind = info.st_mode & S_IFMT
        if kind == S_IFLNK {
            throw ReportFolderError(description: "report folder '\(path)' is a symbolic link; give a real folder path", isUsageError: true)
        }
        guard kind == S_IFDIR else {
            throw ReportFolderError(description: "'\(path)' exists and is not a folder; a report needs a folder path", isUsageError: true)
        }
        guard isReport(path) else {
            throw ReportFolderError(
                description: "'\(path)' exists and was not written by holoframe (no \(markerName) in it); choose another --report folder",
                isUsageError: true)
        }
        guard force else {
            throw ReportFolderError(description: "report folder '\(path)' exists; give --force to replace it", isUsageError: true)
        }
    }

    /// True when `path` is a folder (not a symlink) holding the marker as a regular file.
    public static func isReport(_ path: String) -> Bool {
        var info = stat()
        return lstat("\(path)/\(markerName)", &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Writes a report: `fill` writes the files into an empty staging folder (its argument), then
    /// the folder is marked and renamed to `path`, replacing an old report when `force` allows it.
    public static func write(_ path: String, force: Bool, kind: String, fill: (String) throws -> Void) throws {
        try checkWritable(path, force: force)
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let fm = FileManager.default
        do { try fm.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            throw ReportFolderError(description: "cannot create '\(parent)': \(error.localizedDescription)", isUsageError: false)
        }
        let staging = "\(parent)/.\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do { try fm.createDirectory(atPath: staging, withIntermediateDirectories: false) } catch {
            throw ReportFolderError(description: "cannot write into '\(parent)': \(error.localizedDescription)", isUsageError: false)
        }
        var renamed = false
        defer { if !renamed { try? fm.removeItem(atPath: staging) } }
        do {
            try fill(staging)
            try Data("holoframe \(kind) report; `holoframe … --report \(url.lastPathComponent) --force` may replace this folder\n".utf8)
                .write(to: URL(fileURLWithPath: "\(staging)/\(markerName)"))
        } catch let error as ReportFolderError {
            throw error
        } catch {
            throw ReportFolderError(description: "cannot write the report in '\(parent)': \(error.localizedDescription)", isUsageError: false)
        }
        // Check again just before replacing: the folder may have changed while the run went on.
        try checkWritable(url.path, force: force)
        var old: String? = nil
        if fm.fileExists(atPath: url.path) {
            old = "\(parent)/.\(url.lastPathComponent).old-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard rename(url.path, old!) == 0 else {
                throw ReportFolderError(description: "cannot replace '\(path)': \(String(cString: strerror(errno)))", isUsageError: false)
            }
        }
        guard rename(staging, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let old { _ = rename(old, url.path) }
            throw ReportFolderError(description: "cannot write '\(path)': \(reason)", isUsageError: false)
        }
        renamed = true
        if let old { try? fm.removeItem(atPath: old) }
    }

    /// Copies the file at `source` to `destination` (for images already written elsewhere).
    static func copy(_ source: String, to destination: String) throws {
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }
}

// A report folder: `DIR/index.html` with its images beside it, written whole or not at all.
//
// The rule for outputs: an existing path is refused unless `--force` is given, and even
// then only a folder this tool wrote is replaced, never a file, a symlink or anyone else's folder.
// "This tool wrote it" is the marker file `.holoframe-report` inside it, which lists every file
// the report wrote, by name and size (JSON). A marker proves nothing by itself (anyone can copy
// one into a folder), so `--force` replaces a folder only when it holds exactly the files its
// marker lists, at their sizes, and then deletes only those: a file the report did not write is
// never deleted, the folder is refused with its name. The page is written into a hidden
// sibling folder first and renamed into place, so a reader never sees half a report and a
// failure leaves the old report (or nothing) behind.

import Foundation
import HoloExport
import HoloGeometry
import HoloPNG

public struct ReportFolderError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// True when the user asked for something the rule forbids (exit 2), false for I/O failures.
    public var isUsageError: Bool
}

public enum ReportFolder {
    /// The marker file every report folder holds.
    public static let markerName = ".holoframe-report"

    /// Throws (a usage error) unless a report may be written at `path`: nothing is there, or
    /// `force` is given and it is a real folder holding only the files its marker lists.
    public static func checkWritable(_ path: String, force: Bool) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }  // nothing there yet
        let shown = Printable.escaped(path)
        let kind = info.st_mode & S_IFMT
        if kind == S_IFLNK {
            throw ReportFolderError(description: "report folder '\(shown)' is a symbolic link; give a real folder path", isUsageError: true)
        }
        guard kind == S_IFDIR else {
            throw ReportFolderError(description: "'\(shown)' exists and is not a folder; a report needs a folder path", isUsageError: true)
        }
        guard isReport(path) else {
            throw ReportFolderError(
                description: "'\(shown)' exists and was not written by holoframe (no \(markerName) in it); choose another --report folder",
                isUsageError: true)
        }
        guard force else {
            throw ReportFolderError(description: "report folder '\(shown)' exists; give --force to replace it", isUsageError: true)
        }
        _ = try ownFiles(path)
    }

    /// True when `path` is a folder (not a symlink) holding the marker as a regular file.
    public static func isReport(_ path: String) -> Bool {
        var info = stat()
        return lstat("\(path)/\(markerName)", &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The files of the report at `path` as its marker lists them (relative paths, marker last),
    /// or a usage error when the marker lists none (an older holoframe's) or the folder holds
    /// anything else: a file not listed, a listed file of another size, a link, a device.
    static func ownFiles(_ path: String) throws -> [String] {
        let shown = Printable.escaped(path)
        guard let bytes = try? InputFile.read("\(path)/\(markerName)", maxBytes: 1 << 22),
              case .object(let marker)? = try? JSONValue.parse(bytes), case .object(let listed)? = marker["files"] else {
            throw ReportFolderError(description: "'\(shown)': its \(markerName) does not list the report's files (an older holoframe wrote " +
                                    "it, or it was copied there), so holoframe cannot tell its files from others; remove the folder yourself " +
                                    "or choose another --report folder", isUsageError: true)
        }
        var sizes: [String: Int] = [:]
        for (name, value) in listed {
            guard case .integer(let size) = value, !name.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { continue }
            sizes[name] = size
        }
        var found: [String] = []
        func walk(_ relative: String) throws {
            let folder = relative.isEmpty ? path : "\(path)/\(relative)"
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                let inner = relative.isEmpty ? name : "\(relative)/\(name)"
                if inner == markerName { continue }
                var info = stat()
                guard lstat("\(path)/\(inner)", &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: try walk(inner)
                case S_IFREG where sizes[inner] == Int(info.st_size): found.append(inner)
                default:
                    throw ReportFolderError(description: "report folder '\(shown)' holds \(Printable.escaped(inner)), which the report did not " +
                                            "write; holoframe replaces only its own files, even with --force: move it, or choose another --report folder",
                                            isUsageError: true)
                }
            }
        }
        try walk("")
        return found + [markerName]
    }

    /// Writes a report: `fill` writes the files into an empty staging folder (its argument), then
    /// the folder is marked (its files listed) and renamed to `path`, replacing an old report when
    /// `force` allows it.
    public static func write(_ path: String, force: Bool, kind: String, fill: (String) throws -> Void) throws {
        try checkWritable(path, force: force)
        let split = PathSplit(ClipFilePaths.absolute(path))
        let parentPath = split.folder, leaf = split.name
        let fm = FileManager.default
        do { try fm.createDirectory(atPath: parentPath, withIntermediateDirectories: true) } catch {
            throw ReportFolderError(description: "cannot create '\(Printable.escaped(parentPath))': \(error.localizedDescription)", isUsageError: false)
        }
        // The parent is opened once; every later step names files through it (/proc/self/fd/N/…
        // resolves through the descriptor), so a parent renamed or swapped for a link meanwhile
        // cannot send the report, or the deletion of an old one, anywhere else.
        let opened: OpenFolder
        do { opened = try OpenFolder(parentPath) } catch {
            throw ReportFolderError(description: "cannot write into '\(Printable.escaped(parentPath))': \(error)", isUsageError: false)
        }
        let parent = throughDescriptor(opened)
        let stagingName = ".\(leaf).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let staging = "\(parent)/\(stagingName)", target = "\(parent)/\(leaf)"
        guard mkdirat(opened.descriptor, stagingName, 0o755) == 0 else {
            throw ReportFolderError(description: "cannot write into '\(Printable.escaped(parentPath))': \(String(cString: strerror(errno)))", isUsageError: false)
        }
        var renamed = false
        defer { if !renamed { try? fm.removeItem(atPath: staging) } }
        do {
            try fill(staging)
            try marker(kind: kind, name: leaf, listing: staging).write(to: URL(fileURLWithPath: "\(staging)/\(markerName)"))
        } catch let error as ReportFolderError {
            throw error
        } catch {
            throw ReportFolderError(description: "cannot write the report in '\(Printable.escaped(parentPath))': \(error.localizedDescription)", isUsageError: false)
        }
        // Check again just before replacing: the folder may have changed while the run went on.
        try checkWritable(target, force: force)
        var old: (folder: String, files: [String])? = nil
        if opened.contains(leaf) {
            let files = try ownFiles(target)
            let aside = ".\(leaf).old-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard renameat(opened.descriptor, leaf, opened.descriptor, aside) == 0 else {
                throw ReportFolderError(description: "cannot replace '\(Printable.escaped(path))': \(String(cString: strerror(errno)))", isUsageError: false)
            }
            old = ("\(parent)/\(aside)", files)
            if renameat(opened.descriptor, stagingName, opened.descriptor, leaf) != 0 {
                let reason = String(cString: strerror(errno))
                _ = renameat(opened.descriptor, aside, opened.descriptor, leaf)
                throw ReportFolderError(description: "cannot write '\(Printable.escaped(path))': \(reason)", isUsageError: false)
            }
        } else if renameat(opened.descriptor, stagingName, opened.descriptor, leaf) != 0 {
            throw ReportFolderError(description: "cannot write '\(Printable.escaped(path))': \(String(cString: strerror(errno)))", isUsageError: false)
        }
        renamed = true
        if let old { removeListed(old.files, in: old.folder) }
    }

    /// A path that reaches `folder` through its descriptor (Linux's /proc/self/fd), or its own
    /// path where /proc is not mounted.
    static func throughDescriptor(_ folder: OpenFolder) -> String {
        let magic = "/proc/self/fd/\(folder.descriptor)"
        var info = stat()
        return stat(magic, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? magic : folder.path
    }

    /// The marker: what wrote the folder and every file in `staging` with its size.
    static func marker(kind: String, name: String, listing staging: String) throws -> Data {
        var files: [String: Int] = [:]
        if let walker = FileManager.default.enumerator(atPath: staging) {
            while let inner = walker.nextObject() as? String {
                var info = stat()
                if lstat("\(staging)/\(inner)", &info) == 0, info.st_mode & S_IFMT == S_IFREG { files[inner] = Int(info.st_size) }
            }
        }
        struct Marker: Encodable { var holoframe: String; var note: String; var files: [String: Int] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(Marker(holoframe: "\(kind) report",
                                         note: "`holoframe … --report \(name) --force` may replace this folder; it deletes only the files listed here",
                                         files: files)) + Data("\n".utf8)
    }

    /// Deletes the listed files of an old report (set aside), then its folders if they are empty:
    /// anything that appeared in it meanwhile stays (in the set-aside folder).
    static func removeListed(_ files: [String], in folder: String) {
        var folders = Set<String>()
        for file in files {
            unlink("\(folder)/\(file)")
            var up = PathSplit(file).folder
            while up != "." && up != "/" { folders.insert(up); up = PathSplit(up).folder }
        }
        for inner in folders.sorted(by: { $0.count > $1.count }) { rmdir("\(folder)/\(inner)") }
        rmdir(folder)
    }

    /// Copies the file at `source` to `destination` (for images already written elsewhere).
    static func copy(_ source: String, to destination: String) throws {
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }
}

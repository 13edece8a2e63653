// Which files a run may write. The rule, as coreutils' refusal to clobber has it:
//  - a path that does not exist is written (atomically: temporary file, then rename);
//  - an existing path is refused unless the user gave --force;
//  - even with --force only a regular file is replaced: never a device (/dev/full), a FIFO, a
//    folder, or a symbolic link (rename would replace the link, and the user meant its target);
//  - an output never replaces a file this same run reads (the clip, an image, the font, a baseline),
//    --force or not, compared by device and inode so other spellings of the path are caught too.
// `golden record` writes into the golden folder by design, and the artifacts folder is the tool's
// own scratch space; neither goes through here.

import Foundation
import HoloGeometry
import HoloPNG

/// An output the run refused to write (a usage error: exit 2).
public struct OutputRefused: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public enum OutputPolicy {
    /// Throws unless `path` may be written by an option (`option`, e.g. "--state") of this run.
    public static func checkFile(_ path: String, option: String, force: Bool, inputs: InputPolicy?) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }  // absent: written fresh
        let kind = status.st_mode & S_IFMT
        if kind == S_IFREG, let inputs, let name = inputs.inputName(FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))) {
            throw OutputRefused("\(option) \(path): that is \(name), an input of this run; write the output somewhere else")
        }
        guard kind == S_IFREG else {
            throw OutputRefused("\(option) \(path): it exists and is \(InputFile.describe(kind)); holoframe replaces only regular files, " +
                                "even with --force; choose another path")
        }
        guard force else {
            throw OutputRefused("\(option) \(path): the file exists; give --force to replace it")
        }
    }

    /// For an existing frame file a --force render would replace in its opened folder: a regular
    /// file (looked at without following a link), not an input.
    static func checkFrame(_ name: String, in folder: OpenFolder, inputs: InputPolicy?) throws {
        guard let status = folder.status(name) else { return }
        let kind = status.st_mode & S_IFMT, path = Printable.escaped(folder.path(of: name))
        if kind == S_IFREG, let inputs, let input = inputs.inputName(FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))) {
            throw OutputRefused("--out \(path): that is \(Printable.escaped(input)), an input of this run; write the output somewhere else")
        }
        guard kind == S_IFREG else {
            throw OutputRefused("--out \(path): it exists and is \(InputFile.describe(kind)); holoframe replaces only regular files, " +
                                "even with --force; choose another path")
        }
    }

    /// Throws when `path` (given to `option`) names a file of the run's own folders: a frame, the
    /// render record, a claim or a temporary in the output folder `outputFolder`, or anything in
    /// the report folder `reportFolder` (a report replaces its folder whole). Compared by the
    /// folder's device and inode when both exist, else by the absolute paths.
    public static func checkNotOwnFile(_ path: String, option: String, outputFolder: String? = nil, reportFolder: String? = nil) throws {
        let split = PathSplit(path)
        let shown = Printable.escaped(path)
        if let outputFolder, sameFolder(split.folder, outputFolder) && isRenderFile(split.name) {
            throw OutputRefused("\(option) \(shown): that is one of the files the render writes in --out \(Printable.escaped(outputFolder)); " +
                                "give a path outside it, or another name")
        }
        if let reportFolder, sameFolder(path, reportFolder) || isInside(path, reportFolder) {
            throw OutputRefused("\(option) \(shown): that is inside the --report folder \(Printable.escaped(reportFolder)), which the report " +
                                "replaces whole; give a path outside it")
        }
    }

    /// Names the render itself writes in its output folder.
    static func isRenderFile(_ name: String) -> Bool {
        name.hasPrefix(".holoframe-") || name.hasPrefix(".frame-") || (name.hasPrefix("frame-") && name.hasSuffix(".png"))
    }

    static func sameFolder(_ a: String, _ b: String) -> Bool {
        if let x = InputFile.identity(a), let y = InputFile.identity(b) { return x == y }
        return absolute(a) == absolute(b)
    }

    /// True when `path` lies inside `folder` (after resolving links where they exist).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        var parent = PathSplit(ClipFilePaths.absolute(path)).folder
        for _ in 0..<256 {
            if sameFolder(parent, folder) { return true }
            let up = PathSplit(parent).folder
            if up == parent { return false }
            parent = up
        }
        return false
    }

    static func absolute(_ path: String) -> String {
        let real = realpath(path, nil)
        defer { free(real) }
        if let real { return String(cString: real) }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// True when something (a file, a folder, a link, even a dangling one) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}

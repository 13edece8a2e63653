// A render's output folder: frame file names, making and checking the folder, claiming the frames a
// render writes there (FrameClaim.swift) and deciding what happens to frame files already in it
// (--force, --resume), and tidying what a killed render left. All of it runs on the calling thread
// before the first frame is drawn, or after the last.

import Foundation
import HoloGeometry
import HoloPNG

/// File name of frame `index`: `frame-00012.png` (ffmpeg reads them as `frame-%05d.png`).
public func frameFileName(_ index: Int) -> String {
    "frame-" + String(format: "%05d", index) + ".png"
}

/// The output folder already holds frames this render would write (a usage error: --force or --resume).
public struct ExistingFramesError: Error, CustomStringConvertible {
    public let description: String
}

/// A failure to use the output folder, said in the user's terms.
public struct OutputError: Error, CustomStringConvertible {
    public let description: String
}

/// Preparing and tidying a render's output folder.
public enum OutputFolder {
    /// Removes temporaries a killed render left behind in `folder` (atomic writes never leave a
    /// partial file under a final name, but a SIGKILL can leave its temporary): frame temporaries,
    /// or those of `name`, and only when provably stale (made on this host by a process that has
    /// exited; see TemporaryName). Another machine's or a live process's are left alone.
    public static func removeStaleTemporaries(_ folder: OpenFolder, of name: String? = nil) {
        for file in folder.names()
        where (name != nil || (file.hasPrefix(".frame-") && file.contains(".png.tmp-"))) && TemporaryName.isProvablyStale(file, of: name) {
            folder.remove(file)
        }
    }

    /// The same, for the folder at `path` (a state file's folder).
    public static func removeStaleTemporaries(_ path: String, of name: String? = nil) {
        guard let folder = try? OpenFolder(path) else { return }
        removeStaleTemporaries(folder, of: name)
    }

    /// Creates the folder (and its parents) if needed and checks it can be written. Returns the
    /// folders it made, outermost first (a failed run removes them again when they are empty).
    @discardableResult
    public static func prepare(_ path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        var made: [String] = []
        let shown = Printable.escaped(path)
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputRefused("--out \(shown): it exists and is not a folder; give a folder for the frames") }
        } else {
            // mkdir(2) each missing component, so the error is the system's own words for the path.
            var prefix = path.hasPrefix("/") ? "/" : ""
            for component in path.split(separator: "/") {
                prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
                if mkdir(prefix, 0o755) == 0 { made.append(prefix) } else if errno != EEXIST {
                    let reason = String(cString: strerror(errno))
                    removeCreated(made)
                    throw OutputError(description: "cannot create output folder '\(shown)': \(reason)")
                }
            }
        }
        guard access(path, W_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            removeCreated(made)
            throw OutputError(description: "cannot write to output folder '\(shown)': \(reason)")
        }
        return made
    }

    /// rmdir(2) of each folder in `made`, innermost first: only empty ones go.
    static func removeCreated(_ made: [String]) {
        for folder in made.reversed() where rmdir(folder) != 0 { break }
    }
}

/// A render's output folder while the render runs: opened once (every frame, the record and the
/// claim are written relative to its descriptor), the frames claimed, and what the render made.
final class OutputSession: @unchecked Sendable {
    let folder: OpenFolder
    let claim: FrameClaim
    /// Frames already there that --resume keeps.
    let kept: Set<Int>
    /// Folders this render created (outermost first), and whether it wrote the record.
    let created: [String]
    let wroteRecord: Bool

    init(folder: OpenFolder, claim: FrameClaim, kept: Set<Int>, created: [String], wroteRecord: Bool) {
        self.folder = folder; self.claim = claim; self.kept = kept; self.created = created; self.wroteRecord = wroteRecord
    }

    /// Writes frame `index` (atomically, inside the opened folder).
    func writeFrame(_ index: Int, bytes: [UInt8]) throws {
        try folder.write(bytes, as: frameFileName(index))
    }

    /// The render ended. One that failed before writing a frame into a folder it created leaves
    /// no trace: its record goes, then the folders it made, if empty and still the one it opened.
    func finish(failedBeforeAnyFrame: Bool) {
        claim.release()
        guard failedBeforeAnyFrame, let leaf = created.last else { return }
        if wroteRecord { folder.remove(RenderRecord.fileName) }
        guard InputFile.identity(leaf) == folder.identity else { return }
        OutputFolder.removeCreated(created)
    }
}

extension OutputFolder {
    /// Readies `request`'s folder for the PNG files of `frames` before any is drawn: creates and
    /// opens it, claims the frames (another render writing any of them into this folder is
    /// refused), checks the record of a resume or a shard, deals with frame files already there as
    /// `request.existing` says (refuse, keep the complete ones, or check they may be replaced),
    /// removes stale temporaries and writes the render record.
    static func open(for request: RenderRequest, frames: [Int]) throws -> OutputSession {
        let path = request.outputDirectory, clip = request.clip
        let created = try prepare(path)
        let folder: OpenFolder
        do { folder = try OpenFolder(path) } catch { removeCreated(created); throw error }
        let shown = Printable.escaped(path)
        // Claim the frames first: another render writing any of them into this folder is refused.
        let claim: FrameClaim
        do { claim = try FrameClaim(frames: frames, in: folder) } catch { removeCreated(created); throw error }
        do {
            if request.existing != .overwrite, let record = request.record, request.existing == .skip || request.shard != nil {
                try ResumeCheck.checkRecord(record, in: folder, option: request.existing == .skip ? "--resume" : "--shard")
            }
            var kept = Set<Int>()
            let existing = Set(frames.filter { folder.contains(frameFileName($0)) })
            if !existing.isEmpty {
                switch request.existing {
                case .refuse:
                    throw ExistingFramesError(description: "output folder '\(shown)' already holds \(existing.count) of the " +
                        "\(frames.count) frames this render writes (e.g. \(frameFileName(existing.min()!))); " +
                        "give --force to overwrite them or --resume to render only the missing ones")
                case .skip:
                    // Keep only complete PNGs of this size; the rest are rendered again.
                    kept = Set(try existing.filter {
                        try ResumeCheck.isCompleteFrame(frameFileName($0), in: folder, width: clip.pixelWidth, height: clip.pixelHeight)
                    })
                case .overwrite:
                    // --force replaces regular files only, never a device, FIFO, link or an input.
                    for index in existing.sorted() {
                        try OutputPolicy.checkFrame(frameFileName(index), in: folder, inputs: request.inputs)
                    }
                }
            }
            removeStaleTemporaries(folder)
            if let record = request.record { try ResumeCheck.writeRecord(record, in: folder) }
            return OutputSession(folder: folder, claim: claim, kept: kept, created: created, wroteRecord: request.record != nil)
        } catch {
            claim.release()
            removeCreated(created)
            throw error
        }
    }
}

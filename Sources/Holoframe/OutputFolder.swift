// A render's output folder: frame file names, making and checking the folder, claiming the frames a
// render writes there (FrameClaim.swift) and deciding what happens to frame files already in it
// (--force, --resume), and tidying what a killed render left. All of it runs on the calling thread
// before the first frame is drawn, or after the last.

import Foundation
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
    /// Removes temporaries a killed render left behind in `path` (atomic writes never leave a
    /// partial file under a final name, but a SIGKILL can leave its temporary): frame temporaries,
    /// or those of `name`, and only when provably stale (made on this host by a process that has
    /// exited; see TemporaryName). Another machine's or a live process's are left alone.
    public static func removeStaleTemporaries(_ path: String, of name: String? = nil) {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        where (name != nil || (file.hasPrefix(".frame-") && file.contains(".png.tmp-"))) && TemporaryName.isProvablyStale(file, of: name) {
            unlink((path as NSString).appendingPathComponent(file))
        }
    }

    /// Creates the folder (and its parents) if needed and checks it can be written.
    public static func prepare(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputRefused("--out \(path): it exists and is not a folder; give a folder for the frames") }
        } else {
            // mkdir(2) each missing component, so the error is the system's own words for the path.
            var prefix = path.hasPrefix("/") ? "/" : ""
            for component in path.split(separator: "/") {
                prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
                if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                    throw OutputError(description: "cannot create output folder '\(path)': \(String(cString: strerror(errno)))")
                }
            }
        }
        guard access(path, W_OK) == 0 else {
            throw OutputError(description: "cannot write to output folder '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}

extension OutputFolder {
    /// Readies `request`'s folder for the PNG files of `frames` before any is drawn: creates it,
    /// claims the frames (another render writing any of them into this folder is refused), checks
    /// a resume's record, deals with frame files already there as `request.existing` says (refuse,
    /// keep the complete ones, or check they may be replaced), removes stale temporaries and writes
    /// the render record. Returns the claim, held until the render ends, and the frames kept.
    static func claimFrames(for request: RenderRequest, frames: [Int]) throws -> (claim: FrameClaim, kept: Set<Int>) {
        let folder = request.outputDirectory, clip = request.clip
        try prepare(folder)
        // Claim the frames first: another render writing any of them into this folder is refused.
        let claim = try FrameClaim(frames: frames, in: folder)
        do {
            if request.existing == .skip, let record = request.record { try ResumeCheck.checkRecord(record, in: folder) }
            var kept = Set<Int>()
            let existing = Set(frames.filter { OutputPolicy.exists((folder as NSString).appendingPathComponent(frameFileName($0))) })
            if !existing.isEmpty {
                switch request.existing {
                case .refuse:
                    throw ExistingFramesError(description: "output folder '\(folder)' already holds \(existing.count) of the " +
                        "\(frames.count) frames this render writes (e.g. \(frameFileName(existing.min()!))); " +
                        "give --force to overwrite them or --resume to render only the missing ones")
                case .skip:
                    // Keep only complete PNGs of this size; the rest are rendered again.
                    kept = Set(try existing.filter {
                        try ResumeCheck.isCompleteFrame((folder as NSString).appendingPathComponent(frameFileName($0)),
                                                        width: clip.pixelWidth, height: clip.pixelHeight)
                    })
                case .overwrite:
                    // --force replaces regular files only, never a device, FIFO, link or an input.
                    try OutputPolicy.checkFrames(existing.sorted().map {
                        (folder as NSString).appendingPathComponent(frameFileName($0))
                    }, inputs: request.inputs)
                }
            }
            removeStaleTemporaries(folder)
            if let record = request.record { try ResumeCheck.writeRecord(record, in: folder) }
            return (claim, kept)
        } catch {
            claim.release()
            throw error
        }
    }
}

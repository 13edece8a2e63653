// Which goldens a `golden verify` or `golden record` run covers, decided apart from the process:
//   verify: every well-named golden under the root (or under the clips' folders), files that break
//           the naming scheme reported as failures, their folders left out;
//   record: the frames asked for on one device and scale, or else the frames already recorded.
// A clip file's goldens are kept in Golden/<stem> with clip-file.txt naming the file
// (GoldenClipFiles.swift); examples/NAME.json beside the golden folder keeps Golden/example-NAME.
// So a golden's folder and name are enough to re-render it.

import Foundation
import HoloExport
import HoloGolden

/// The goldens a verify run checks, and the files that are not goldens.
public struct GoldenSelection: Sendable {
    public var cases: [GoldenCase]
    public var stray: [(path: String, problem: String)]

    /// Every golden under `root` (or under the folders of `clips`); a usage error when there is
    /// nothing to check at all.
    public static func verifying(root: String, clips: [String] = []) throws -> GoldenSelection {
        guard FileManager.default.fileExists(atPath: root) else {
            throw ClipUsageError("no golden folder at '\(root)' (run from the folder that holds Golden/, or give --golden-dir DIR)")
        }
        // A clip is named as for `golden record`: a built-in name, a folder name, or its clip file.
        let folders = clips.isEmpty ? nil : clips.map { GoldenCase.folder(forClipArgument: $0, goldenRoot: root) }
        let stray = GoldenCase.strayFileProblems(root: root, clips: folders)
        let bad = Set(stray.map(\.path))
        let cases = GoldenCase.discover(root: root, clips: folders).filter { !bad.contains("\(root)/\($0.clip)") }
        if cases.isEmpty && stray.isEmpty {
            throw ClipUsageError("no goldens found under '\(root)'" + (clips.isEmpty ? "" : " for \(clips.joined(separator: ", "))"))
        }
        return GoldenSelection(cases: cases, stray: stray)
    }

    /// The goldens `golden record CLIP` writes: `frames` on `device` at `scale`, or (no frames
    /// given) the ones already recorded for the clip.
    public static func recording(_ clip: String, frames: FrameList?, device: String, scale: Double,
                                 root: String) throws -> [GoldenCase] {
        let spec = try ClipResolver.spec(for: clip)
        let folder = GoldenCase.folder(forClipArgument: clip, goldenRoot: root)
        if let frames, let past = frames.frames.last, past >= spec.frameCount {
            throw ClipUsageError("frame \(past) is past the end of '\(clip)', which has frames 0-\(spec.frameCount - 1)")
        }
        if let frames { return frames.frames.map { GoldenCase(clip: folder, frame: $0, device: device, scale: scale) } }
        let cases = GoldenCase.discover(root: root, clips: [folder])
        if cases.isEmpty { throw ClipUsageError("no goldens of '\(clip)' yet: give --frames, e.g. --frames 0,60,120") }
        return cases
    }
}

/// `golden verify --tolerance`: the tolerance of every golden without its own entry in its
/// folder's tolerances.json (an entry, which carries its reason, wins).
public enum TolerancePreset: String, CaseIterable, Sendable {
    /// Every byte equal: the default, for goldens verified where they were recorded.
    case exact
    /// Tolerance.ci: for goldens recorded on another machine (another FreeType, HarfBuzz or fonts).
    case ci

    public var tolerance: Tolerance {
        switch self {
        case .exact: .exact
        case .ci: .ci
        }
    }
}

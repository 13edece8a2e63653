// The Golden/ directory: reviewed PNGs, one folder per clip, and the verify/record workflow that
// tests and the CLI share.
//
//   Golden/<clip>/<frame, 5 digits>[-<variant>].png      e.g. Golden/demo/00012-iphone-se@1x.png
//   Golden/<clip>/tolerances.json                          optional, per file name:
//     {"00012-iphone-se@1x.png": {"tolerance": {"maxChannelDelta": 2}, "reason": "text hinting differs"}}
//   Golden/<clip>/provenance.json                          what recorded them (GoldenProvenance)
//
// Recording is explicit (HOLOFRAME_RECORD or the CLI's --mode) and never part of a normal run. A
// failure writes expected / actual / diff PNGs to the artifacts folder and names them.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HoloGeometry
import HoloPNG
import HoloPixels

/// When verify may write goldens.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write: compare only (the normal test run).
    case none
    /// Write every golden verified.
    case all
    /// Write goldens that do not exist yet.
    case missing
    /// Write goldens that are missing, unreadable or do not match.
    case failed

    /// HOLOFRAME_RECORD=all|missing|failed; anything else (or unset) is `.none`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        environment["HOLOFRAME_RECORD"].flatMap { RecordMode(rawValue: $0.lowercased()) } ?? .none
    }
}

/// One manifest entry: a tolerance and why it is needed (see ToleranceManifest for the file's form).
public struct ToleranceEntry: Encodable, Sendable, Hashable {
    public var tolerance: Tolerance
    public var reason: String

    public init(tolerance: Tolerance, reason: String) { self.tolerance = tolerance; self.reason = reason }
}

/// The outcome of verifying one frame.
public struct GoldenVerdict: Sendable {
    public var passed: Bool
    /// The golden file was written by this call (record mode).
    public var recorded: Bool
    /// What happened, with paths, counts and how to act; meant to be printed as is.
    public var message: String
    public var comparison: ComparisonResult?
    /// Paths of expected / actual / diff PNGs written on failure.
    public var artifacts: [String]
    /// The command that records or re-records this golden ("if the change is intended, re-record
    /// with: …"), kept apart from `message` so a run of many failures can print it once.
    public var hint: String?
    /// On a mismatch, what differs between the folder's recorded provenance and this run's
    /// (GoldenProvenance.mismatchNote), apart from `message` for the same reason; nil when they agree.
    public var provenanceNote: String?

    public init(passed: Bool, recorded: Bool, message: String, comparison: ComparisonResult?, artifacts: [String],
                hint: String? = nil, provenanceNote: String? = nil) {
        self.passed = passed; self.recorded = recorded; self.message = message
        self.comparison = comparison; self.artifacts = artifacts; self.hint = hint; self.provenanceNote = provenanceNote
    }

    /// What a run of many verdicts prints once after them: each distinct provenance note, then
    /// each distinct hint, in the order the failures came.
    public static func afterwords(_ verdicts: [GoldenVerdict]) -> [String] {
        var lines: [String] = []
        for verdict in verdicts where !verdict.passed {
            if let note = verdict.provenanceNote, !lines.contains(note) { lines.append(note) }
        }
        var hints: [String] = []
        for verdict in verdicts where !verdict.passed {
            if let hint = verdict.hint, !hints.contains(hint) { hints.append(hint) }
        }
        return lines + hints
    }

    /// The message, the provenance note and the hint, for a failure reported on its own.
    public var fullMessage: String {
        ([message] + [provenanceNote, hint].compactMap { $0 }).joined(separator: "\n")
    }
}

public struct GoldenStore: Sendable {
    /// The Golden/ directory.
    public var root: String
    /// Where failure artifacts go: `<artifactsRoot>/<clip>/`.
    public var artifactsRoot: String
    public var recordMode: RecordMode
    /// The command that records `clip`'s goldens in `mode`, as failure messages print it. The
    /// default is the test-run form (HoloframeTesting's); `holoframe golden` sets the exact
    /// command line for where the user is.
    public var recordHint: @Sendable (_ clip: String, _ mode: RecordMode) -> String = { _, mode in
        "HOLOFRAME_RECORD=\(mode.rawValue) swift test"
    }
    /// What draws this run (Holoframe's `GoldenProvenance.current`): written into a golden's folder
    /// when it is recorded, compared with the folder's on a mismatch. Nil: neither.
    /// Asked only when a golden is recorded or does not match, so a passing run never gathers it.
    public var provenance: (@Sendable () -> GoldenProvenance)?
    /// The tolerance of a golden that has no entry in its folder's tolerances.json (`--tolerance`).
    public var defaultTolerance: Tolerance = .exact

    /// `artifactsRoot` defaults to HOLOFRAME_ARTIFACTS or `.build/golden-artifacts`; `recordMode`
    /// to HOLOFRAME_RECORD.
    public init(root: String, artifactsRoot: String? = nil, recordMode: RecordMode? = nil) {
        let environment = ProcessInfo.processInfo.environment
        self.root = root
        self.artifactsRoot = artifactsRoot ?? environment["HOLOFRAME_ARTIFACTS"] ?? ".build/golden-artifacts"
        self.recordMode = recordMode ?? RecordMode.fromEnvironment(environment)
    }

    /// "00012.png" or "00012-iphone-se@1x.png".
    public static func fileName(frame: Int, variant: String? = nil) -> String {
        let index = String(frame).count >= 5 ? String(frame) : String(repeating: "0", count: 5 - String(frame).count) + String(frame)
        return index + (variant.map { "-\($0)" } ?? "") + ".png"
    }

    public func path(clip: String, frame: Int, variant: String? = nil) -> String {
        "\(root)/\(clip)/\(Self.fileName(frame: frame, variant: variant))"
    }

    /// The clip's tolerances.json (empty when absent). Throws on unreadable JSON or a missing reason.
    public func tolerances(clip: String) throws -> [String: ToleranceEntry] {
        let path = "\(root)/\(clip)/tolerances.json"
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        do {
            return try ToleranceManifest.parse(try InputFile.read(path, maxBytes: 1 << 20))
        } catch {
            throw GoldenError.badManifest(path: path, reason: "\(error)")
        }
    }

    /// Verifies one frame of a clip against `Golden/<clip>/<file>`, with the manifest's tolerance.
    public func verify(clip: String, frame: Int, variant: String? = nil, actual: Canvas) -> GoldenVerdict {
        let name = Self.fileName(frame: frame, variant: variant)
        let tolerance: Tolerance
        do {
            tolerance = try tolerances(clip: clip)[name]?.tolerance ?? defaultTolerance
        } catch {
            return GoldenVerdict(passed: false, recorded: false, message: "\(error)", comparison: nil, artifacts: [])
        }
        return verify(expectedFile: "\(root)/\(clip)/\(name)", clip: clip, actual: actual, tolerance: tolerance)
    }

    /// Verifies `actual` against the PNG at `path`, recording per `recordMode`.
    public func verify(expectedFile path: String, clip: String, actual: Canvas, tolerance: Tolerance = .exact) -> GoldenVerdict {
        let name = PathSplit(path).name
        if recordMode == .all { return record(actual, to: path, because: "record mode all") }
        guard FileManager.default.fileExists(atPath: path) else {
            if recordMode == .missing || recordMode == .failed { return record(actual, to: path, because: "golden was missing") }
            return GoldenVerdict(passed: false, recorded: false, message: "golden image missing: \(Printable.escaped(path))", comparison: nil,
                                 artifacts: writeArtifacts(clip: clip, name: name, expected: nil, actual: actual, diff: nil),
                                 hint: "record it with: \(recordHint(clip, .missing))")
        }
        let expected: Canvas
        do {
            expected = try PNG.read(contentsOf: path)
        } catch {
            if recordMode == .failed { return record(actual, to: path, because: "golden was unreadable (\(error))") }
            let artifacts = writeArtifacts(clip: clip, name: name, expected: nil, actual: actual, diff: nil)
            return GoldenVerdict(passed: false, recorded: false, message: """
                golden image unreadable: \(error)
                actual written to: \(artifacts.map { Printable.escaped($0) }.joined(separator: ", "))
                """, comparison: nil, artifacts: artifacts, hint: "re-record it with: \(rerecordHint(clip))")
        }
        // Goldens are stored at scale 1; compare pixels, not the points-per-pixel label.
        let result = ImageComparison.compare(expected: expected,
                                             actual: actual.relabelled(scale: 1),
                                             tolerance: tolerance)
        if result.passed {
            return GoldenVerdict(passed: true, recorded: false, message: "\(Printable.escaped(path)) matches (\(result.summary))",
                                 comparison: result, artifacts: [])
        }
        if recordMode == .failed { return record(actual, to: path, because: "golden did not match (\(result.summary))") }
        let artifacts = writeArtifacts(clip: clip, name: name, expected: expected, actual: actual, diff: result.diffImage)
        return GoldenVerdict(passed: false, recorded: false, message: """
            golden mismatch: \(Printable.escaped(path))
            \(result.summary)
            artifacts:
            \(artifacts.map { "  " + Printable.escaped($0) }.joined(separator: "\n"))
            """, comparison: result, artifacts: artifacts, hint: "if the change is intended, re-record with: \(rerecordHint(clip))",
            provenanceNote: provenance?().mismatchNote(folder: PathSplit(path).folder,
                                                     recorded: GoldenProvenance.recorded(inFolder: PathSplit(path).folder)))
    }

    func rerecordHint(_ clip: String) -> String { recordHint(clip, .failed) }

    /// Writes `provenance` into the clip's folder. A recording run calls it for each folder whose
    /// goldens it drew all matched or were recorded, so the file is true of every golden it
    /// checked there (`golden record CLIP --mode failed` on goldens that still match writes it
    /// and no PNG). Nothing happens without a provenance.
    public func recordProvenance(clip: String) throws {
        try provenance?().write(toFolder: "\(root)/\(clip)")
    }

    /// Writes the golden (creating its folder), stored small: goldens are kept for long.
    func record(_ actual: Canvas, to path: String, because reason: String) -> GoldenVerdict {
        do {
            try FileManager.default.createDirectory(atPath: PathSplit(path).folder, withIntermediateDirectories: true)
            try PNG.write(actual, to: path, profile: .small)
            return GoldenVerdict(passed: true, recorded: true, message: "recorded \(Printable.escaped(path)) (\(reason))", comparison: nil, artifacts: [])
        } catch {
            return GoldenVerdict(passed: false, recorded: false, message: "could not record \(Printable.escaped(path)): \(error)", comparison: nil, artifacts: [])
        }
    }

    /// `<artifactsRoot>/<clip>/<stem>-expected|actual|diff.png`; returns the paths written.
    func writeArtifacts(clip: String, name: String, expected: Canvas?, actual: Canvas, diff: Canvas?) -> [String] {
        let directory = "\(artifactsRoot)/\(clip)"
        let stem = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        var written: [String] = []
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch { return [] }
        for (kind, canvas) in [("expected", expected), ("actual", actual), ("diff", diff)] {
            guard let canvas, canvas.width > 0, canvas.height > 0 else { continue }
            let path = "\(directory)/\(stem)-\(kind).png"
            if (try? PNG.write(canvas, to: path, profile: .fast, threads: ProcessInfo.processInfo.activeProcessorCount)) != nil {
                written.append(path)
            }
        }
        return written
    }
}

public enum GoldenError: Error, CustomStringConvertible, Sendable {
    case badManifest(path: String, reason: String)

    public var description: String {
        switch self {
        case .badManifest(let path, let reason): "bad tolerance manifest \(path): \(reason)"
        }
    }
}

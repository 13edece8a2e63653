// Golden images beside the test file, the way swift-snapshot-testing lays out __Snapshots__:
//
//   <test file's folder>/__Goldens__/<test file name without .swift>/<name>/<frame>-<device>@<scale>x.png
//   <test file's folder>/__Goldens__/<test file name without .swift>/<name>/tolerances.json   (optional)
//   <test file's folder>/__Goldens__/<test file name without .swift>/<name>/provenance.json   (what recorded them)
//
// <name> is the clip's name unless the expectation names itself. The comparison, the tolerance
// manifest, recording and the expected / actual / diff artifacts are HoloGolden's GoldenStore, the
// same code `holoframe golden verify` runs. Exact by default. Recording needs HOLOFRAME_RECORD
// (missing | failed | all) and is never silent: a frame recorded by a run fails that run, saying
// which file to look at, so a CI job left in record mode cannot pass.

import Foundation
import Holoframe

/// One frame's outcome.
public struct GoldenFrameCheck: Sendable {
    /// The frame index in the clip.
    public var frame: Int
    /// The golden PNG this frame is held against.
    public var goldenPath: String
    /// HoloGolden's verdict: passed, recorded, the message and any artifacts.
    public var verdict: GoldenVerdict
}

/// The outcome of a golden expectation: every frame's verdict, or why it could not start.
public struct GoldenExpectationResult: Sendable {
    /// One check per frame asked for, in increasing frame order.
    public var checks: [GoldenFrameCheck]
    /// Set when nothing could be rendered (unknown clip, frame out of range, …).
    public var setupError: String?

    /// Every frame matched its golden and none was recorded by this run.
    public var passed: Bool { setupError == nil && checks.allSatisfy { $0.verdict.passed && !$0.verdict.recorded } }

    /// The failure text for the test log: one paragraph per failing or recorded frame.
    public var failureMessage: String? {
        if let setupError { return setupError }
        let failing = checks.filter { !$0.verdict.passed || $0.verdict.recorded }
        guard !failing.isEmpty else { return nil }
        // What drew the goldens (when it differs) and the hint once, after every frame's message.
        return (failing.map { check in
            check.verdict.recorded
                ? "frame \(check.frame): \(check.verdict.message)\n" +
                  "look at the new golden, commit it, and run again without HOLOFRAME_RECORD (a recording run always fails)"
                : "frame \(check.frame): \(check.verdict.message)"
        } + GoldenVerdict.afterwords(failing.map(\.verdict))).joined(separator: "\n")
    }

    /// Expected / actual / diff PNGs written for the failing frames.
    public var artifacts: [String] { checks.flatMap(\.verdict.artifacts) }
}

/// The golden check behind ``expectGolden(_:frames:device:scale:tolerance:named:fileID:filePath:line:column:)``,
/// returning its result without reporting it (for tools, or tests of your own reporting).
public enum GoldenExpectation {
    /// `<folder of testFile>/__Goldens__/<testFile's name without .swift>`.
    public static func goldenRoot(testFile: String) -> String {
        let url = URL(fileURLWithPath: testFile)
        return url.deletingLastPathComponent().appendingPathComponent("__Goldens__")
            .appendingPathComponent(url.deletingPathExtension().lastPathComponent).path
    }

    /// Where failure artifacts go: `$HOLOFRAME_ARTIFACTS/<test file stem>` or
    /// `<current folder>/.build/golden-artifacts/<test file stem>`.
    public static func artifactsRoot(testFile: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["HOLOFRAME_ARTIFACTS"] ?? FileManager.default.currentDirectoryPath + "/.build/golden-artifacts"
        return base + "/" + URL(fileURLWithPath: testFile).deletingPathExtension().lastPathComponent
    }

    /// Renders `frames` of the clip (one simulation, in increasing frame order) and checks each
    /// against its golden. `tolerance` nil means the folder's tolerances.json entry, else exact.
    /// `recordMode` nil means HOLOFRAME_RECORD; `artifactsRoot` nil means ``artifactsRoot(testFile:environment:)``.
    public static func check(_ reference: ClipReference, frames: [Int], device: String? = nil, scale: Double? = nil,
                             tolerance: Tolerance? = nil, name: String? = nil, testFile: String,
                             recordMode: RecordMode? = nil, artifactsRoot: String? = nil,
                             fonts: FontLibrary = .shared) -> GoldenExpectationResult {
        let testFolder = URL(fileURLWithPath: testFile).deletingLastPathComponent().path
        let clip: Clip, deviceLabel: String
        do {
            (clip, deviceLabel) = try reference.resolve(device: device, scale: scale, testFolder: testFolder)
        } catch {
            return GoldenExpectationResult(checks: [], setupError: "cannot make the clip: \(error)")
        }
        let wanted = Array(Set(frames)).sorted()
        if wanted.isEmpty { return GoldenExpectationResult(checks: [], setupError: "no frames asked for") }
        if let bad = wanted.first(where: { $0 < 0 || $0 >= clip.frameCount }) {
            return GoldenExpectationResult(checks: [], setupError:
                "frame \(bad) is outside clip '\(clip.name)', which has frames 0…\(clip.frameCount - 1)")
        }
        var store = GoldenStore(root: goldenRoot(testFile: testFile),
                                artifactsRoot: artifactsRoot ?? Self.artifactsRoot(testFile: testFile), recordMode: recordMode)
        store.provenance = { GoldenProvenance.current(fonts: fonts) }
        let folder = name ?? clip.name
        let variant = GoldenCase(clip: folder, frame: 0, device: deviceLabel, scale: clip.scale).variant
        // Consecutive frames are a run through one compositor, as `holoframe render` draws them.
        let compositor = FrameCompositor(renderer: SceneRenderer(fonts: fonts))
        let source = clip.frames()
        var checks: [GoldenFrameCheck] = []
        var previousFrame: Int?
        for frame in wanted {
            if previousFrame.map({ $0 + 1 != frame && $0 != frame }) ?? false { compositor.reset() }
            previousFrame = frame
            let path = store.path(clip: folder, frame: frame, variant: variant)
            let verdict: GoldenVerdict
            do {
                let canvas = try compositor.render(source.scene(frame).scene, scale: clip.scale)
                verdict = tolerance.map { store.verify(expectedFile: path, clip: folder, actual: canvas, tolerance: $0) }
                    ?? store.verify(clip: folder, frame: frame, variant: variant, actual: canvas)
            } catch {
                verdict = GoldenVerdict(passed: false, recorded: false, message: "render failed: \(error)", comparison: nil, artifacts: [])
            }
            checks.append(GoldenFrameCheck(frame: frame, goldenPath: path, verdict: verdict))
        }
        // A recording run whose frames all match or were recorded leaves what drew them beside them.
        if store.recordMode != RecordMode.none, checks.allSatisfy(\.verdict.passed) { try? store.recordProvenance(clip: folder) }
        return GoldenExpectationResult(checks: checks, setupError: nil)
    }
}

// Goldens for clips: `Golden/<clip>/<frame>-<device>@<scale>x.png`.
//
// The file name says everything needed to re-render the frame: the clip (its folder: a built-in
// name), the frame index, the device and the scale. So the test suite, `holoframe golden verify`
// and any CI discover goldens by listing the folder; nothing else has to be kept in step.

import Foundation
import HoloClips
import HoloExport
import HoloGeometry
import HoloGolden
import HoloPNG
import HoloPixels
import HoloRaster
import HoloStop

/// One golden image: clip, frame, device and scale, all read from its file name.
public struct GoldenCase: Sendable, Hashable, CustomStringConvertible {
    public var clip: String
    public var frame: Int
    public var device: String
    public var scale: Double

    public init(clip: String, frame: Int, device: String, scale: Double) {
        self.clip = clip; self.frame = frame; self.device = device; self.scale = scale
    }

    /// `iphone-12@1x`, `iphone-se@0.5x`.
    public var variant: String { "\(device)@\(Self.format(scale))x" }
    public var fileName: String { GoldenStore.fileName(frame: frame, variant: variant) }
    public var description: String { "\(clip)/\(fileName)" }

    static func format(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }

    /// Parses `00012-iphone-12@1x.png`; nil for any name `problem(fileName:)` objects to.
    public init?(clip: String, fileName: String) {
        guard case .success(let c) = Self.parse(clip: clip, fileName: fileName) else { return nil }
        self = c
    }

    /// The largest frame index a golden may name (ten minutes at 60 fps, the --max-frames default).
    public static let maxFrame = 35_999
    /// Golden scales: 0 < scale ≤ 4, as for --scale.
    public static let scaleRange = 0.0...4.0

    /// A golden name parsed, or why it is not one: `<frame>-<device>@<scale>x.png` with a known
    /// device, a frame of at most `maxFrame`, a finite scale in (0, 4], written as `format` writes it
    /// (so `@1e308x`, `@nanx`, `@200x` and `@01x` are refused before anything is rendered).
    public static func parse(clip: String, fileName: String) -> Result<GoldenCase, GoldenNameError> {
        let form = "name goldens <frame>-<device>@<scale>x.png, e.g. 00012-iphone-12@1x.png"
        func fail(_ why: String) -> Result<GoldenCase, GoldenNameError> { .failure(GoldenNameError(description: "\(why); \(form)")) }
        guard fileName.hasSuffix(".png") else { return fail("not a PNG name") }
        let stem = fileName.dropLast(4)
        guard let dash = stem.firstIndex(of: "-"), let frame = Int(stem[..<dash]) else { return fail("no frame number") }
        guard (0...maxFrame).contains(frame) else { return fail("frame \(frame) is over the largest, \(maxFrame)") }
        let variant = stem[stem.index(after: dash)...]
        guard let at = variant.lastIndex(of: "@"), variant.hasSuffix("x"),
              let scale = Double(variant[variant.index(after: at)..<variant.index(before: variant.endIndex)]) else {
            return fail("no @<scale>x")
        }
        guard scale.isFinite, scale > scaleRange.lowerBound, scale <= scaleRange.upperBound else {
            return fail("scale must be more than 0 and at most 4")
        }
        let device = String(variant[..<at])
        guard DeviceCatalog.device(named: device) != nil else {
            return fail("unknown device '\(device.prefix(40))' (known: \(DeviceCatalog.names.joined(separator: ", ")))")
        }
        let c = GoldenCase(clip: clip, frame: frame, device: device, scale: scale)
        guard c.fileName == fileName else { return fail("not in canonical form (\(c.fileName))") }
        return .success(c)
    }

    /// Every golden under `root`, sorted. Files that do not follow the naming scheme are reported
    /// as errors by `strayFiles`, not silently skipped.
    public static func discover(root: String, clips: [String]? = nil) -> [GoldenCase] {
        let fm = FileManager.default
        let folders = (clips ?? ((try? fm.contentsOfDirectory(atPath: root)) ?? []).sorted())
        var cases: [GoldenCase] = []
        for clip in folders {
            let files = ((try? fm.contentsOfDirectory(atPath: "\(root)/\(clip)")) ?? []).sorted()
            cases += files.compactMap { GoldenCase(clip: clip, fileName: $0) }
        }
        return cases
    }

    /// PNG files under `root` whose names do not parse as golden cases.
    public static func strayFiles(root: String) -> [String] {
        strayFileProblems(root: root).map(\.path)
    }

    /// Every problem with the golden folder's layout: PNG files whose names do not parse (with
    /// why), and folders that are not a built-in clip or an example beside the golden folder.
    public static func strayFileProblems(root: String, clips: [String]? = nil) -> [(path: String, problem: String)] {
        let fm = FileManager.default
        var stray: [(String, String)] = []
        let folders = clips ?? ((try? fm.contentsOfDirectory(atPath: root)) ?? []).sorted()
        for clip in folders {
            var isDirectory: ObjCBool = false
            let folder = "\(root)/\(clip)"
            guard fm.fileExists(atPath: folder, isDirectory: &isDirectory) else {
                stray.append((folder, "no goldens for \(clip) (no such folder)")); continue
            }
            guard isDirectory.boolValue else { stray.append((folder, "not a folder; the golden folder holds one folder per clip")); continue }
            if let why = folderProblem(clip, goldenRoot: root) { stray.append((folder, why)); continue }
            for file in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() where file.hasSuffix(".png") {
                if case .failure(let e) = parse(clip: clip, fileName: file) { stray.append(("\(folder)/\(file)", e.description)) }
            }
        }
        return stray
    }

    /// Why `folder` is not a golden folder: neither a built-in clip, nor `example-NAME` with its
    /// file, nor a clip file's folder whose clip-file.txt names a file that exists.
    public static func folderProblem(_ folder: String, goldenRoot: String) -> String? {
        if let linked = linkedClipFile(folder: folder, goldenRoot: goldenRoot) {
            return FileManager.default.fileExists(atPath: linked) ? nil
                : "the goldens of \(linked) (named in \(clipFileLink)), but there is no such file"
        }
        if folder.hasPrefix(examplePrefix) {
            let file = clipArgument(forFolder: folder, goldenRoot: goldenRoot)
            return FileManager.default.fileExists(atPath: file) ? nil : "an example folder, but there is no \(file)"
        }
        return ClipCatalog.named(folder) == nil
            ? "not a built-in clip (see holoframe list), nor example-NAME, nor a clip file's folder (no \(clipFileLink))" : nil
    }
}

/// Why a file in the golden folder is not a golden.
public struct GoldenNameError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

extension GoldenCase {
    /// Golden folders of user-scene examples are named `example-<name>` for `examples/<name>.json`
    /// beside the golden folder; every other folder is a built-in clip.
    public static let examplePrefix = "example-"

    /// What to resolve for a golden folder: the clip file its clip-file.txt names, the example
    /// file's path, or the built-in name; a path is as seen from the current directory.
    public static func clipArgument(forFolder folder: String, goldenRoot: String) -> String {
        if let linked = linkedClipFile(folder: folder, goldenRoot: goldenRoot) { return linked }
        guard folder.hasPrefix(examplePrefix) else { return folder }
        let name = String(folder.dropFirst(examplePrefix.count))
        return ClipFilePaths.normalized(ClipFilePaths.join(examplesFolder(goldenRoot: goldenRoot), "\(name).json"))
    }

    /// `examples/` beside the golden folder.
    static func examplesFolder(goldenRoot: String) -> String {
        ClipFilePaths.join(PathSplit(goldenRoot).folder, "examples")
    }

    /// The golden folder for a clip argument: the built-in name; `example-<name>` for
    /// examples/<name>.json beside the golden folder; the file's stem for any other clip file.
    public static func folder(forClipArgument argument: String, goldenRoot: String = "Golden") -> String {
        guard ClipResolver.isFile(argument) else { return argument }
        let split = PathSplit(argument)
        let stem = split.stem, parent = split.folder
        let besideRoot = ClipFilePaths.absolute(parent) == ClipFilePaths.absolute(examplesFolder(goldenRoot: goldenRoot))
        // `verify examples/NAME.json` also names Golden/example-NAME when that folder exists and
        // no clip file's folder is called NAME (as before goldens of any clip file).
        let fm = FileManager.default
        let namedExample = PathSplit(parent).name == "examples"
            && fm.fileExists(atPath: ClipFilePaths.join(goldenRoot, examplePrefix + stem))
            && !fm.fileExists(atPath: ClipFilePaths.join(goldenRoot, stem))
        if (besideRoot || namedExample) && linkedClipFile(folder: stem, goldenRoot: goldenRoot) == nil { return examplePrefix + stem }
        return stem
    }
}

/// Renders golden cases and verifies (or records) them through a `GoldenStore`.
public struct GoldenRunner: Sendable {
    public var store: GoldenStore
    public var pipeline: RenderPipeline
    /// Caps held before a golden's frame is rendered (--max-pixels, --max-frames), and --max-time
    /// for the whole run (the work caps, --max-memory and --frame-timeout are the pipeline's).
    public var limits = Limits()

    /// A store without a provenance gets this process's (GoldenProvenance.current): recording
    /// writes it beside the goldens, a mismatch compares it with theirs.
    public init(store: GoldenStore, pipeline: RenderPipeline, limits: Limits = Limits()) {
        self.store = store; self.pipeline = pipeline; self.limits = limits
        if store.provenance == nil {
            let fonts = pipeline.renderer.fonts
            self.store.provenance = { GoldenProvenance.current(fonts: fonts) }
        }
    }

    /// Renders and checks (or records, per the store's mode) each case. Cases of one clip, device
    /// and scale share one simulation run through their frames in order.
    /// `progress` is called after each case with the seconds it took (render and compare).
    public func run(_ cases: [GoldenCase], progress: (FrameProgress) -> Void = { _ in }) -> [(GoldenCase, GoldenVerdict)] {
        var results: [(GoldenCase, GoldenVerdict)] = []
        var lapStart = nowNanoseconds()
        let deadline = FrameWatch.deadline(after: limits.maxTime)
        func finish(_ result: (GoldenCase, GoldenVerdict)) {
            results.append(result)
            let now = nowNanoseconds()
            progress(FrameProgress(name: result.0.description, raster: Double(now - lapStart) / 1e9))
            lapStart = now
        }
        let groups = Dictionary(grouping: cases) { "\($0.clip)|\($0.device)|\($0.scale)" }
        for key in groups.keys.sorted() {
            let group = groups[key]!.sorted { $0.frame < $1.frame }
            let first = group[0]
            let clip: Clip
            do {
                clip = try ClipResolver.resolve(GoldenCase.clipArgument(forFolder: first.clip, goldenRoot: store.root),
                                                overrides: ClipOverrides(device: first.device, scale: first.scale))
                try limits.check(clip, frameCount: 1)
            } catch {
                for c in group {
                    finish((c, GoldenVerdict(passed: false, recorded: false,
                                                     message: "\(c): cannot make the clip: \(error)", comparison: nil, artifacts: [])))
                }
                continue
            }
            let source = clip.frames()
            // Consecutive goldens are a run through one compositor (as `render` draws them); a gap
            // starts a new run from empty caches. The bytes are the same either way.
            let compositor = FrameCompositor(renderer: pipeline.renderer)
            var previousFrame: Int?
            for c in group {
                // A golden of a frame the clip no longer has (a shorter duration, or goldens from
                // before frame counts became round(d·fps)) would otherwise show the frame after the end.
                guard c.frame < clip.frameCount else {
                    finish((c, GoldenVerdict(passed: false, recorded: false, message:
                        "\(c): frame \(c.frame) is past the end of the clip, which has \(clip.rangeDescription); " +
                        "record the golden at a frame up to \(clip.frameCount - 1) and delete this one", comparison: nil, artifacts: [])))
                    continue
                }
                do {
                    if previousFrame.map({ $0 + 1 != c.frame && $0 != c.frame }) ?? false { compositor.reset() }
                    previousFrame = c.frame
                    let record = source.frame(c.frame)
                    let canvas = try pipeline.watched(c.frame, cancellation: nil, runDeadline: deadline, maxTime: limits.maxTime) {
                        try pipeline.draw(record.scene, scale: clip.scale, compositor: compositor)
                    }
                    if pipeline.reference != nil {
                        finish((c, verifyWithinReferenceBound(c, actual: canvas)))
                    } else {
                        finish((c, store.verify(clip: c.clip, frame: c.frame, variant: c.variant, actual: canvas)))
                    }
                } catch {
                    // A frame stopped by its deadline may have left half-drawn layers: start the next afresh.
                    compositor.reset()
                    finish((c, GoldenVerdict(passed: false, recorded: false,
                                                     message: "\(c): render failed: \(error)", comparison: nil, artifacts: [])))
                }
            }
        }
        // A recording run: each folder whose goldens all match what this process drew (or were
        // recorded by it) gets this process's provenance.json.
        if store.recordMode != RecordMode.none, pipeline.reference == nil {
            for folder in Set(results.map(\.0.clip)).sorted() where results.allSatisfy({ $0.0.clip != folder || $0.1.passed }) {
                try? store.recordProvenance(clip: folder)
            }
        }
        return results
    }
}

extension GoldenRunner {
    /// A golden against the reference renderer's picture: the goldens are the fast renderer's
    /// bytes, so this holds them to the scene-level bound (ReferenceDifference), not to equality.
    /// Never records. On failure the golden and the reference picture go to the artifacts folder.
    func verifyWithinReferenceBound(_ c: GoldenCase, actual: Canvas) -> GoldenVerdict {
        let path = store.path(clip: c.clip, frame: c.frame, variant: c.variant)
        let expected: Canvas
        do {
            expected = try PNG.read(contentsOf: path)
        } catch {
            return GoldenVerdict(passed: false, recorded: false, message: "\(c): cannot read the golden \(path): \(error)",
                                 comparison: nil, artifacts: [])
        }
        let difference = ReferenceDifference(expected, actual.relabelled(scale: 1))
        if difference.isWithinBound {
            return GoldenVerdict(passed: true, recorded: false, message: "\(path) is within the reference bound (\(difference))",
                                 comparison: nil, artifacts: [])
        }
        let directory = "\(store.artifactsRoot)/\(c.clip)"
        let stem = "\(directory)/\(c.fileName.dropLast(4))"
        var written: [String] = []
        if (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil {
            for (kind, canvas) in [("expected", expected), ("reference", actual)] where (try? PNG.write(canvas, to: "\(stem)-\(kind).png")) != nil {
                written.append("\(stem)-\(kind).png")
            }
        }
        return GoldenVerdict(passed: false, recorded: false, message: """
            golden outside the reference bound: \(path)
            \(difference)
            artifacts:
            \(written.map { "  " + $0 }.joined(separator: "\n"))
            """, comparison: nil, artifacts: written)
    }
}

// Goldens for clips: `Golden/<clip>/<frame>-<device>@<scale>x.png`.
//
// The file name says everything needed to re-render the frame: the clip (its folder: a built-in
// name), the frame index, the device and the scale. So the test suite, `holoframe golden verify`
// and any CI discover goldens by listing the folder; nothing else has to be kept in step.

import Foundation
import HoloClips
import HoloGolden
import HoloRaster

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

    /// Parses `00012-iphone-12@1x.png`.
    public init?(clip: String, fileName: String) {
        guard fileName.hasSuffix(".png") else { return nil }
        let stem = fileName.dropLast(4)
        guard let dash = stem.firstIndex(of: "-"), let frame = Int(stem[..<dash]) else { return nil }
        let variant = stem[stem.index(after: dash)...]
        guard let at = variant.lastIndex(of: "@"), variant.hasSuffix("x"),
              let scale = Double(variant[variant.index(after: at)..<variant.index(before: variant.endIndex)]) else { return nil }
        self.init(clip: clip, frame: frame, device: String(variant[..<at]), scale: scale)
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
        let fm = FileManager.default
        var stray: [String] = []
        for clip in ((try? fm.contentsOfDirectory(atPath: root)) ?? []).sorted() {
            for file in ((try? fm.contentsOfDirectory(atPath: "\(root)/\(clip)")) ?? []).sorted()
            where file.hasSuffix(".png") && GoldenCase(clip: clip, fileName: file) == nil {
                stray.append("\(root)/\(clip)/\(file)")
            }
        }
        return stray
    }
}

extension GoldenCase {
    /// Golden folders of user-scene examples are named `example-<name>` for `examples/<name>.json`
    /// beside the golden folder; every other folder is a built-in clip.
    public static let examplePrefix = "example-"

    /// What to resolve for a golden folder: the built-in name, or the example file's path.
    public static func clipArgument(forFolder folder: String, goldenRoot: String) -> String {
        guard folder.hasPrefix(examplePrefix) else { return folder }
        let repo = (goldenRoot as NSString).deletingLastPathComponent
        let name = String(folder.dropFirst(examplePrefix.count))
        return ((repo.isEmpty ? "." : repo) as NSString).appendingPathComponent("examples/\(name).json")
    }

    /// The golden folder for a clip argument: `example-<name>` for a file in examples/, else the name.
    public static func folder(forClipArgument argument: String) -> String {
        guard ClipResolver.isFile(argument) else { return argument }
        return examplePrefix + ((argument as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}

/// Renders golden cases and verifies (or records) them through a `GoldenStore`.
public struct GoldenRunner: Sendable {
    public var store: GoldenStore
    public var pipeline: RenderPipeline

    public init(store: GoldenStore, pipeline: RenderPipeline) { self.store = store; self.pipeline = pipeline }

    /// Renders and checks (or records, per the store's mode) each case. Cases of one clip, device
    /// and scale share one simulation run through their frames in order.
    public func run(_ cases: [GoldenCase]) -> [(GoldenCase, GoldenVerdict)] {
        var results: [(GoldenCase, GoldenVerdict)] = []
        let groups = Dictionary(grouping: cases) { "\($0.clip)|\($0.device)|\($0.scale)" }
        for key in groups.keys.sorted() {
            let group = groups[key]!.sorted { $0.frame < $1.frame }
            let first = group[0]
            let clip: Clip
            do {
                clip = try ClipResolver.resolve(GoldenCase.clipArgument(forFolder: first.clip, goldenRoot: store.root),
                                                overrides: ClipOverrides(device: first.device, scale: first.scale))
            } catch {
                for c in group {
                    results.append((c, GoldenVerdict(passed: false, recorded: false,
                                                     message: "\(c): cannot make the clip: \(error)", comparison: nil, artifacts: [])))
                }
                continue
            }
            let source = clip.frames()
            for c in group {
                do {
                    let record = source.frame(c.frame, fps: clip.fps)
                    let canvas = try pipeline.rasterize(record, scale: clip.scale)
                    results.append((c, store.verify(clip: c.clip, frame: c.frame, variant: c.variant, actual: canvas)))
                } catch {
                    results.append((c, GoldenVerdict(passed: false, recorded: false,
                                                     message: "\(c): render failed: \(error)", comparison: nil, artifacts: [])))
                }
            }
        }
        return results
    }
}

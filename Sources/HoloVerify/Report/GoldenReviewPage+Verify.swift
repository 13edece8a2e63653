// From `golden verify`'s results to the review page's entries: the outcome, the tolerance in
// words, and the record command for exactly one golden.

import Foundation
import HoloExport
import HoloGolden

extension GoldenReviewPage {
    /// The page for the results of one verify run. `stray` are files and folders in the golden
    /// folder that are not goldens, each with what is wrong with it.
    public init(results: [(GoldenCase, GoldenVerdict)], stray: [(path: String, problem: String)], store: GoldenStore, command: [String]) {
        var entries: [Entry] = []
        for (golden, verdict) in results {
            let path = store.path(clip: golden.clip, frame: golden.frame, variant: golden.variant)
            let outcome: Outcome = verdict.passed ? .passed : (FileManager.default.fileExists(atPath: path) ? .failed : .missing)
            var images: [ImageKind: String] = [:]
            for file in verdict.artifacts {
                for kind in ImageKind.allCases where file.hasSuffix("-\(kind.rawValue).png") { images[kind] = file }
            }
            let manifest = Result { try store.tolerances(clip: golden.clip) }
            let tolerance: String
            switch manifest {
            case .success(let entries): tolerance = Self.describe(entries[golden.fileName])
            case .failure(let error): tolerance = "unknown: \(error)"
            }
            entries.append(Entry(name: golden.description, outcome: outcome, message: verdict.fullMessage,
                                 differingPixels: verdict.comparison.flatMap { $0.sizeMismatch == nil ? $0.differingPixels : nil },
                                 largestChannelDelta: verdict.comparison.flatMap { $0.sizeMismatch == nil ? $0.largestChannelDelta : nil },
                                 excusedAntialiasedPixels: verdict.comparison?.excusedAntialiasedPixels,
                                 sizeMismatch: verdict.comparison?.sizeMismatch, tolerance: tolerance,
                                 recordCommand: Self.recordCommand(for: golden, goldenRoot: store.root), images: images))
        }
        for (path, problem) in stray {
            entries.append(Entry(name: path, outcome: .failed, message: "\(path): \(problem)",
                                 tolerance: "none: the file is not a golden", recordCommand: nil))
        }
        self.init(entries: entries, command: command)
    }

    /// `holoframe golden record CLIP --frames N --device D --scale S --mode all [--golden-dir DIR]`:
    /// with one frame, one device and one scale, `--mode all` rewrites exactly this golden's file.
    /// The clip is the built-in name, or the path of the clip file the folder is of.
    public static func recordCommand(for golden: GoldenCase, goldenRoot: String) -> [String] {
        var words = GoldenCase.recordWords(folder: golden.clip, goldenRoot: goldenRoot)
        let root = words.count > 4 ? Array(words[4...]) : []
        words = Array(words.prefix(4))
        words += ["--frames", String(golden.frame), "--device", golden.device, "--scale", GoldenCase.format(golden.scale), "--mode", "all"]
        return words + root
    }

    /// The tolerance in words, with the manifest's reason: "exact" when there is none.
    public static func describe(_ entry: ToleranceEntry?) -> String {
        guard let entry else { return "exact: every byte equal (fully transparent pixels compare equal)" }
        let t = entry.tolerance
        var parts: [String] = []
        if let threshold = t.perceptualThreshold {
            parts.append("perceptual (pixelmatch YIQ) threshold \(threshold)")
        } else {
            parts.append("channel delta up to \(t.maxChannelDelta)")
        }
        if t.excuseAntialiasing { parts.append("anti-aliased pixels excused") }
        let allowed = [t.maxDifferingPixels.map { "\($0) pixels" }, t.maxDifferingRatio.map { "\($0 * 100)% of pixels" }].compactMap { $0 }
        parts.append(allowed.isEmpty ? "no differing pixel allowed" : "at most " + allowed.joined(separator: " and ") + " may differ")
        return parts.joined(separator: "; ") + ". Reason: " + entry.reason
    }
}

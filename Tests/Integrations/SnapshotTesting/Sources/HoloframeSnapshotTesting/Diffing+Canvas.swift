// PNG storage and Holoframe's comparison as a swift-snapshot-testing Diffing.
//
// toData: PNG (HoloPNG's small settings: references are kept for long). fromData: PNG decode; a
// reference that does not decode becomes a 0×0 canvas, which the comparison reports as a size
// mismatch naming both sizes. diff: HoloGolden's ImageComparison with `tolerance` (exact by
// default), so a snapshot and a `golden verify` agree on what "matches" means. On a mismatch the
// message gives the differing-pixel count and largest channel delta, and the diff image (red
// differences over the faded reference, as pixelmatch draws) is written to a file the message
// names and handed back as an attachment for Xcode; under Swift Testing on Linux, where
// swift-snapshot-testing attaches nothing, reference / actual / diff are attached here.

import Foundation
import Holoframe
import SnapshotTesting
#if canImport(Testing)
import Testing
#endif

extension Diffing where Value == Canvas {
    /// PNG files compared by Holoframe: exact unless `tolerance` loosens it.
    public static func holoframePNG(tolerance: Tolerance = .exact) -> Diffing<Canvas> {
        .diff(
            toData: { canvas in (try? PNG.encode(canvas, options: .small)).map { Data($0) } ?? Data() },
            fromData: { data in (try? PNG.decode([UInt8](data))) ?? Canvas(width: 0, height: 0, premultipliedBytes: []) },
            diffV2: { reference, actual in
                let result = ImageComparison.compare(expected: reference, actual: actual, tolerance: tolerance)
                guard !result.passed else { return nil }
                var attachments: [DiffAttachment] = []
                var named: [(String, [UInt8])] = []
                for (name, canvas) in [("reference", reference), ("actual", actual), ("diff", result.diffImage)] {
                    guard let canvas, canvas.width > 0, canvas.height > 0, let png = try? PNG.encode(canvas) else { continue }
                    attachments.append(.data(Data(png), name: "\(name).png"))
                    named.append(("\(name).png", png))
                }
                var message = "Holoframe: \(result.summary)"
                if let diff = named.first(where: { $0.0 == "diff.png" })?.1, let path = DiffFiles.write(diff) {
                    message += "\ndiff image: \(path)"
                }
                #if canImport(Testing) && os(Linux)
                if Test.current != nil { for (name, png) in named { Attachment.record(png, named: name) } }
                #endif
                return (message, attachments)
            })
    }
}

/// Diff images go to `$SNAPSHOT_ARTIFACTS` (swift-snapshot-testing's own folder for failures) or
/// the temporary folder, under `holoframe-diffs/`.
enum DiffFiles {
    static func write(_ png: [UInt8]) -> String? {
        let base = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let folder = URL(fileURLWithPath: base).appendingPathComponent("holoframe-diffs")
        let file = folder.appendingPathComponent("\(UUID().uuidString)-diff.png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(png).write(to: file)
            return file.path
        } catch { return nil }
    }
}

// Goldens of a user's own clip file, wherever it is: `golden record clips/my-header.json` keeps
// them in Golden/my-header/ (the file's stem) with clip-file.txt beside them, holding the clip
// file's path relative to that folder. So `golden verify` with no argument finds the clip again
// from any directory and on any machine the repository is cloned to, and a second file with the
// same stem is refused instead of overwriting another clip's goldens.

import Foundation
import HoloClips
import HoloExport
import HoloGeometry
import HoloGolden
import HoloPNG

extension GoldenCase {
    /// The file in a clip file's golden folder that names the clip file.
    public static let clipFileLink = "clip-file.txt"

    /// The clip file a golden folder's clip-file.txt names, as seen from the current directory;
    /// nil when the folder has no such file.
    public static func linkedClipFile(folder: String, goldenRoot: String) -> String? {
        let folderPath = ClipFilePaths.join(goldenRoot, folder)
        guard let bytes = try? InputFile.read(ClipFilePaths.join(folderPath, clipFileLink), maxBytes: 4096),
              let text = String(bytes: bytes, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else { return nil }
        return ClipFilePaths.relativeToCurrentDirectory(ClipFilePaths.join(folderPath, text))
    }

    /// Before recording goldens of a clip file that is not an example: writes clip-file.txt, or
    /// refuses when the folder already holds another clip's goldens.
    public static func linkClipFile(_ argument: String, folder: String, goldenRoot: String) throws {
        guard ClipResolver.isFile(argument), !folder.hasPrefix(examplePrefix) || linkedClipFile(folder: folder, goldenRoot: goldenRoot) != nil
        else { return }
        let folderPath = ClipFilePaths.join(goldenRoot, folder)
        let target = ClipFilePaths.absolute(argument)
        if let linked = linkedClipFile(folder: folder, goldenRoot: goldenRoot) {
            guard ClipFilePaths.absolute(linked) == target else {
                throw ClipUsageError("\(folderPath) holds the goldens of \(linked), not \(argument); " +
                                     "rename one of the files or give another --golden-dir")
            }
            return
        }
        if ClipCatalog.named(folder) != nil || !discover(root: goldenRoot, clips: [folder]).isEmpty {
            throw ClipUsageError("\(folderPath) holds the goldens of " +
                                 (ClipCatalog.named(folder) != nil ? "the built-in clip '\(folder)'" : "another clip") +
                                 ", not \(argument); rename the file or give another --golden-dir")
        }
        try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        let relative = ClipFilePaths.relative(target, from: ClipFilePaths.absolute(folderPath))
        try AtomicFile.write(Array((relative + "\n").utf8), to: ClipFilePaths.join(folderPath, clipFileLink))
    }
}

extension GoldenStore {
    /// A store whose failure messages name `holoframe golden record` exactly as it works from the
    /// current directory: the clip as a built-in name or its file's path, the golden folder when it
    /// is not ./Golden, every word shell-quoted (a file named `my $(x) header.json` stays one word).
    public static func commandLine(root: String, artifactsRoot: String?, recordMode: RecordMode) -> GoldenStore {
        var store = GoldenStore(root: root, artifactsRoot: artifactsRoot, recordMode: recordMode)
        store.recordHint = { folder, mode in
            ShellWords.join(GoldenCase.recordWords(folder: folder, goldenRoot: root) + ["--mode", mode.rawValue])
        }
        return store
    }
}

extension GoldenCase {
    /// `holoframe golden record CLIP [--golden-dir DIR]`, unquoted words.
    public static func recordWords(folder: String, goldenRoot: String) -> [String] {
        var clip = clipArgument(forFolder: folder, goldenRoot: goldenRoot)
        // A clip file in the current directory still needs a slash or .json to read as a file;
        // every clip file ends in .json, so the bare name is enough.
        if clip.hasPrefix("./") { clip.removeFirst(2) }
        var words = ["holoframe", "golden", "record", clip]
        if ClipFilePaths.normalized(goldenRoot) != "Golden" { words += ["--golden-dir", goldenRoot] }
        return words
    }
}

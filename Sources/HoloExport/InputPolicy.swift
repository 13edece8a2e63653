// What a run may read, and what it has read. One per run (the CLI makes it from --max-input and
// --allow-path); the clip resolver, the font options and the bench baseline read through it.
//
//  - Every file read is a regular file of at most `maxInputBytes` (InputFile), checked before reading.
//  - An image path in a clip or scene file resolves against the clip file's folder, and after
//    resolving symbolic links (realpath) it must stay inside that folder or inside a folder the user
//    allowed with --allow-path: `../x.png`, `/etc/…`, `/proc/self/mem` and links that point out
//    are refused.
//  - Each image is decoded once per run, whatever the number of nodes or clips that use it
//    (keyed by the resolved path).
//  - Every file read is remembered by device and inode, so an output can refuse to replace it.

import Foundation
import HoloClips
import HoloGeometry
import HoloPNG
import HoloScene

public final class InputPolicy: @unchecked Sendable {
    public let maxInputBytes: Int
    /// Largest image, in pixels, a scene may load (the per-surface cap, --max-pixels).
    public let maxImagePixels: Int
    /// Folders image paths may reach besides the clip's own (resolved).
    public let allowedFolders: [String]

    private let lock = NSLock()
    private var read: [FileIdentity: String] = [:]
    private var images: [String: ImageData] = [:]
    private var digests: [String: String] = [:]
    private var fingerprintsRead: [String: String] = [:]
    /// How many images were decoded (tests hold "once per run").
    public private(set) var imagesDecoded = 0

    public init(maxInputBytes: Int = InputFile.defaultMaxBytes, maxImagePixels: Int = Limits().maxPixelsPerFrame,
                allowedFolders: [String] = []) {
        self.maxInputBytes = maxInputBytes
        self.maxImagePixels = maxImagePixels
        self.allowedFolders = allowedFolders.compactMap { Self.realPath($0) }
    }

    /// Reads a whole file under the policy and remembers it as an input named `what`, with its
    /// digest under "`what` `shownAs`" for the render record (default: the file's name).
    public func readFile(_ path: String, what: String, shownAs: String? = nil) throws -> [UInt8] {
        let bytes = try InputFile.read(path, maxBytes: maxInputBytes)
        note(path, what: what)
        let digest = RenderRecord.digest(bytes)
        let key = "\(what) \(shownAs ?? PathSplit(path).name)"
        lock.lock(); digests[path] = digest; fingerprintsRead[key] = digest; lock.unlock()
        return bytes
    }

    /// Every file read so far, "the shader waves/ripple.metal" → its digest (RenderRecord.inputs).
    public func fingerprints() -> [String: String] {
        lock.lock(); defer { lock.unlock() }
        return fingerprintsRead
    }

    /// Checks a file another library opens by path (a font) and remembers it.
    public func checkFile(_ path: String, what: String) throws {
        try InputFile.check(path, maxBytes: maxInputBytes)
        note(path, what: what)
    }

    func note(_ path: String, what: String) {
        guard let id = InputFile.identity(path) else { return }
        lock.lock(); defer { lock.unlock() }
        if read[id] == nil { read[id] = "\(what) \(path)" }
    }

    /// The digest (RenderRecord.digest) of the file read as `path`, if it was read.
    public func digest(of path: String) -> String? {
        lock.lock(); defer { lock.unlock() }
        return digests[path]
    }

    /// Every file read through `readFile` (the clip file, its images and shaders), as given or
    /// resolved: what `holoframe studio` watches for changes.
    public var filesRead: [String] {
        lock.lock(); defer { lock.unlock() }
        return digests.keys.sorted()
    }

    /// "the clip file demo.json" when `identity` is a file this run read.
    public func inputName(_ identity: FileIdentity) -> String? {
        lock.lock(); defer { lock.unlock() }
        return read[identity]
    }

    /// The pixels of the image `path` (as written in a clip file in `clipFolder`), decoded once per run.
    public func image(_ path: String, clipFolder: String) throws -> ImageData {
        let resolved = try confine(path, to: clipFolder)
        lock.lock()
        if let cached = images[resolved] { lock.unlock(); return cached }
        lock.unlock()
        let bytes = try readFile(resolved, what: "the image", shownAs: path)
        let canvas = try PNG.decode(bytes, maxPixels: maxImagePixels)
        let image = ImageData(width: canvas.width, height: canvas.height, pixels: canvas.bytes)
        lock.lock(); defer { lock.unlock() }
        images[resolved] = image
        imagesDecoded += 1
        return image
    }

    /// The text of the shader source `path` (as written in a clip file in `clipFolder`), under the
    /// same rules as images: inside the clip's folder or an --allow-path folder, a regular file of
    /// at most maxInputBytes, UTF-8.
    public func shaderSource(_ path: String, clipFolder: String) throws -> String {
        let resolved = try confine(path, to: clipFolder)
        let bytes = try readFile(resolved, what: "the shader", shownAs: path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputFileError(path: path, reason: "is not UTF-8 text")
        }
        return text
    }

    /// The real path of `path` (relative paths against `folder`), refused unless it lies inside
    /// `folder` or an allowed folder once symbolic links are resolved.
    public func confine(_ path: String, to folder: String) throws -> String {
        let base = folder.isEmpty ? "." : folder
        let joined = path.hasPrefix("/") ? path : "\(base)/\(path)"
        guard let real = Self.realPath(joined) else {
            throw InputFileError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        let roots = [Self.realPath(base)].compactMap { $0 } + allowedFolders
        guard roots.contains(where: { Self.isInside(real, $0) }) else {
            throw InputFileError(path: path, reason: "is outside the clip's folder (it resolves to \(real)); " +
                                 "keep images beside the clip file, or allow a folder with --allow-path DIR")
        }
        return real
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// realpath(3): absolute, with every symbolic link and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

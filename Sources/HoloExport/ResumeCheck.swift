// --resume keeps a frame file only when it is one this render would have written:
//  - a regular file (a folder or a link named frame-00012.png is refused, not skipped);
//  - a complete PNG: the signature, an IHDR of the clip's pixel size, and the IEND chunk as its
//    last 12 bytes (a truncated file lacks it; atomic writes never leave one, a copy might);
//  - rendered from the same inputs and settings: every PNG render writes `.holoframe-render.json`
//    beside its frames, and --resume and --shard refuse a folder whose record differs, naming
//    what changed. The record covers everything that decides a frame's pixels: the clip (name
//    and a digest of its file), a digest of every file the clip read (each `.metal` source, each
//    image, a clip it inherits from), of each font file, the pixel size, scale, rate, device,
//    --reference and the renderer's version (a newer renderer may draw other pixels). A record
//    without `format` (written before it covered the inputs) is refused: render afresh.
//    The record holds nothing about the shard or the frame range, so the shards of one render
//    write byte-identical records.
// Frames that fail the PNG checks are rendered again; the rest are kept.
// Every file is read relative to the output folder's descriptor (OpenFolder), never through a link.

import Foundation
import HoloClips
import HoloMotion
import HoloGeometry
import HoloPNG
import HoloRaster
import HoloScene
import HoloText

public struct RenderRecord: Encodable, Equatable, Sendable {
    /// The record's own version: 2 covers every input; a record without one is older.
    public var format = RenderRecord.currentFormat
    public var clip: String
    public var width: Int
    public var height: Int
    public var scale: Double
    public var fps: Double
    /// The exact rate: "60", "30000/1001" (fps above is its value).
    public var rate: String
    public var device: String
    /// Drawn by the reference renderer (--reference).
    public var reference: Bool
    /// HoloframeVersion.current of the holoframe that drew the frames.
    public var renderer: String
    /// Every file that decides the pixels, "the clip file demo.json" → its digest (FNV-1a 64).
    public var inputs: [String: String]

    public static let fileName = ".holoframe-render.json"
    public static let currentFormat = 2

    public init(clip: Clip, device: String, inputs: [String: String], reference: Bool = false,
                renderer: String = HoloframeVersion.current) {
        self.clip = clip.name
        width = clip.pixelWidth; height = clip.pixelHeight; scale = clip.scale; fps = clip.fps; rate = clip.rate.description
        self.device = device; self.inputs = inputs; self.reference = reference; self.renderer = renderer
    }

    /// The inputs of a render: every file `policy` read (clip, shaders, images) and each font
    /// file of `fonts`, keyed by what it is and its name (relative to the clip's folder, so
    /// shards on machines that mount the folder elsewhere agree).
    public static func inputs(read policy: InputPolicy?, fonts: FontLibrary) -> [String: String] {
        var out = policy?.fingerprints() ?? [:]
        // The default family's files (each weight's text and display cut) by digest; the fallbacks
        // behind them by name and size only: Noto Color Emoji is 11 MB, and hashing it byte by byte
        // before the signal handlers are up delayed every render's start (a scene's own families
        // are not listed).
        let (faces, fallbacks) = fonts.defaultFontFiles
        for path in faces {
            guard let bytes = try? InputFile.read(path, maxBytes: policy?.maxInputBytes ?? InputFile.defaultMaxBytes) else { continue }
            out["the font \(PathSplit(path).name)"] = digest(bytes)
        }
        for path in fallbacks where !faces.contains(path) {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { continue }
            out["the fallback font \(PathSplit(path).name)"] = "\(size) bytes"
        }
        return out
    }

    /// FNV-1a 64 of `bytes`, in hex: a digest that is the same on every machine and build.
    public static func digest(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return String(h, radix: 16)
    }

    /// What a record file holds: a record of this format, one written before records covered the
    /// inputs, or something unreadable.
    enum Read { case current(RenderRecord), older, unreadable }

    static func read(_ bytes: [UInt8]) -> Read {
        guard case .object(let o)? = try? JSONValue.parse(bytes) else { return .unreadable }
        guard case .integer(let format)? = o["format"] else {
            return o["clip"] != nil && o["width"] != nil ? .older : .unreadable
        }
        guard format == currentFormat, o.count == 11,
              case .string(let clip)? = o["clip"], case .string(let device)? = o["device"], case .string(let rate)? = o["rate"],
              case .string(let renderer)? = o["renderer"], case .bool(let reference)? = o["reference"],
              case .integer(let width)? = o["width"], case .integer(let height)? = o["height"],
              let scale = o["scale"]?.number, let fps = o["fps"]?.number, case .object(let inputObject)? = o["inputs"] else {
            return format > currentFormat ? .older : .unreadable
        }
        var inputs: [String: String] = [:]
        for (key, value) in inputObject {
            guard case .string(let digest) = value else { return .unreadable }
            inputs[key] = digest
        }
        var record = RenderRecord(clip: clip, width: width, height: height, scale: scale, fps: fps, rate: rate, device: device,
                                  reference: reference, renderer: renderer, inputs: inputs)
        record.format = format
        return .current(record)
    }

    private init(clip: String, width: Int, height: Int, scale: Double, fps: Double, rate: String, device: String,
                 reference: Bool, renderer: String, inputs: [String: String]) {
        self.clip = clip; self.width = width; self.height = height; self.scale = scale; self.fps = fps; self.rate = rate
        self.device = device; self.reference = reference; self.renderer = renderer; self.inputs = inputs
    }

    /// What differs between `old` (in the folder) and this record, in the user's words.
    public func changes(from old: RenderRecord) -> [String] {
        func name(_ s: String) -> String { "'" + Printable.middle(s, limit: 60) + "'" }
        var out: [String] = []
        if old.clip != clip { out.append("the clip was \(name(old.clip)), now \(name(clip))") }
        for key in Set(old.inputs.keys).union(inputs.keys).sorted() where old.inputs[key] != inputs[key] {
            let what = Printable.middle(key, limit: 120)
            switch (old.inputs[key], inputs[key]) {
            case (nil, _): out.append("\(what) is new")
            case (_, nil): out.append("\(what) is no longer read")
            default: out.append("\(what) changed")
            }
        }
        if old.width != width || old.height != height || old.scale != scale {
            out.append("the size was \(old.width)×\(old.height) at scale \(old.scale), now \(width)×\(height) at scale \(scale)")
        }
        if old.rate != rate { out.append("the rate was \(old.rate) fps, now \(rate) fps") }
        if old.device != device { out.append("the device was \(name(old.device)), now \(name(device))") }
        if old.reference != reference { out.append(reference ? "the frames were not drawn with --reference" : "the frames were drawn with --reference") }
        if old.renderer != renderer { out.append("they were drawn by holoframe \(Printable.middle(old.renderer, limit: 40)), this is \(renderer)") }
        return out
    }

    var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [10]
    }
}

public enum ResumeCheck {
    /// Throws when the folder's render record is of other inputs or settings, or of an older
    /// holoframe. `option` is what made the check ("--resume", "--shard").
    public static func checkRecord(_ record: RenderRecord, in folder: OpenFolder, option: String) throws {
        guard folder.contains(RenderRecord.fileName) else { return }
        let place = "'\(Printable.middle(folder.path, limit: 120))'"
        switch (try? folder.read(RenderRecord.fileName, maxBytes: 1 << 20)).map(RenderRecord.read) ?? .unreadable {
        case .current(let old):
            let changes = record.changes(from: old)
            guard !changes.isEmpty else { return }
            throw ExistingFramesError(description: "\(option): the frames in \(place) were rendered from other inputs or settings: " +
                                      changes.joined(separator: "; ") + "; render afresh into another --out, or give --force to replace them")
        case .older:
            throw ExistingFramesError(description: "\(option): the frames in \(place) were written by an older holoframe whose record does not " +
                                      "cover every input, so they cannot be matched to this render; render afresh (another --out, or --force)")
        case .unreadable:
            throw ExistingFramesError(description: "\(option): \(place) holds an unreadable \(RenderRecord.fileName); " +
                                      "render afresh into another --out, or give --force to replace the frames")
        }
    }

    /// Writes the record (the same bytes for every shard of one render).
    public static func writeRecord(_ record: RenderRecord, in folder: OpenFolder) throws {
        try folder.write(record.encoded, as: RenderRecord.fileName)
    }

    /// True when `name` in `folder` is a complete PNG of width×height; throws when it is not a regular file.
    public static func isCompleteFrame(_ name: String, in folder: OpenFolder, width: Int, height: Int) throws -> Bool {
        guard let status = folder.status(name) else { return false }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw OutputRefused("--resume: \(Printable.escaped(folder.path(of: name))) is \(InputFile.describe(status.st_mode & S_IFMT)), not a frame; remove it")
        }
        guard status.st_size >= 8 + 25 + 12 else { return false }
        let descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 24), tail = [UInt8](repeating: 0, count: 12)
        guard pread(descriptor, &head, 24, 0) == 24, pread(descriptor, &tail, 12, off_t(status.st_size) - 12) == 12 else { return false }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        guard Array(head[0..<16]) == signature, tail == iend else { return false }
        func be32(_ i: Int) -> Int { Int(head[i]) << 24 | Int(head[i + 1]) << 16 | Int(head[i + 2]) << 8 | Int(head[i + 3]) }
        return be32(16) == width && be32(20) == height
    }
}

extension FontLibrary {
    /// The files text that names no family is drawn with: each weight's face at body and display
    /// sizes, then the fallback chain behind them, each listed once, in order.
    package var defaultFontFiles: (faces: [String], fallbacks: [String]) {
        var faces: [String] = [], fallbacks: [String] = []
        for weight in FontWeight.allCases {
            for size in [17.0, FontLibrary.displayFromPointSize] {
                guard let sources = try? chain(for: Font(size: size, weight: weight)).sources else { continue }
                if !faces.contains(sources[0].path) { faces.append(sources[0].path) }
                for source in sources.dropFirst() where !fallbacks.contains(source.path) { fallbacks.append(source.path) }
            }
        }
        return (faces, fallbacks)
    }
}

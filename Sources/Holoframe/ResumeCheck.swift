// --resume keeps a frame file only when it is one this render would have written:
//  - a regular file (a folder or a link named frame-00012.png is refused, not skipped);
//  - a complete PNG: the signature, an IHDR of the clip's pixel size, and the IEND chunk as its
//    last 12 bytes (a truncated file lacks it; atomic writes never leave one, a copy might);
//  - rendered for the same clip and settings: every PNG render writes `.holoframe-render.json`
//    beside its frames (clip name, a digest of the clip file, pixel size, scale, fps, device), and
//    --resume refuses a folder whose record differs. The record holds nothing about the shard or
//    the frame range, so shards writing into one folder write byte-identical records.
// Frames that fail the PNG checks are rendered again; the rest are kept.

import Foundation
import HoloClips
import HoloMotion
import HoloGeometry
import HoloPNG

public struct RenderRecord: Encodable, Equatable, Sendable {
    public var clip: String
    /// FNV-1a 64 of the clip file's bytes, or "built-in" for a built-in clip.
    public var source: String
    public var width: Int
    public var height: Int
    public var scale: Double
    public var fps: Double
    /// The exact rate: "60", "30000/1001" (fps above is its value, kept for readers of older records).
    public var rate: String
    public var device: String

    public static let fileName = ".holoframe-render.json"

    public init(clip: Clip, source: String, device: String) {
        self.clip = clip.name; self.source = source
        width = clip.pixelWidth; height = clip.pixelHeight; scale = clip.scale; fps = clip.fps; rate = clip.rate.description
        self.device = device
    }

    /// FNV-1a 64 of `bytes`, in hex: a digest that is the same on every machine and build.
    public static func digest(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return String(h, radix: 16)
    }

    /// Reads a record back (nil: not one this version wrote).
    init?(_ bytes: [UInt8]) {
        // Records before the exact rate had 7 fields; their rate is their whole-number fps.
        guard case .object(let o)? = try? JSONValue.parse(bytes), o.count == 7 || o.count == 8,
              case .string(let clip)? = o["clip"], case .string(let source)? = o["source"], case .string(let device)? = o["device"],
              case .integer(let width)? = o["width"], case .integer(let height)? = o["height"],
              let scale = o["scale"]?.number, let fps = o["fps"]?.number else { return nil }
        self.clip = clip; self.source = source; self.width = width; self.height = height
        self.scale = scale; self.fps = fps; self.device = device
        if case .string(let rate)? = o["rate"] { self.rate = rate } else if o.count == 7, let whole = FrameRate(fps) {
            self.rate = whole.description
        } else { return nil }
    }

    var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [10]
    }
}

public enum ResumeCheck {
    /// Throws when the folder's render record is of another clip or settings.
    public static func checkRecord(_ record: RenderRecord, in folder: String) throws {
        let path = (folder as NSString).appendingPathComponent(RenderRecord.fileName)
        guard OutputPolicy.exists(path) else { return }
        let old = (try? InputFile.read(path, maxBytes: 1 << 16)).flatMap(RenderRecord.init)
        guard let old, old == record else {
            let was = old.map { "\($0.clip) at \($0.width)×\($0.height), \($0.rate) fps" } ?? "an unreadable record"
            throw ExistingFramesError(description: "--resume: the frames in '\(folder)' were rendered for \(was), not \(record.clip) at " +
                                      "\(record.width)×\(record.height), \(record.rate) fps with these settings; " +
                                      "use another --out, or --force to replace them")
        }
    }

    /// Writes the record (the same bytes for every shard of one render).
    public static func writeRecord(_ record: RenderRecord, in folder: String) throws {
        try AtomicFile.write(record.encoded, to: (folder as NSString).appendingPathComponent(RenderRecord.fileName))
    }

    /// True when `path` is a complete PNG of width×height; throws when it is not a regular file.
    public static func isCompleteFrame(_ path: String, width: Int, height: Int) throws -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw OutputRefused("--resume: \(path) is \(InputFile.describe(status.st_mode & S_IFMT)), not a frame; remove it")
        }
        guard status.st_size >= 8 + 25 + 12, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 24)) ?? Data())
        try? handle.seek(toOffset: UInt64(status.st_size) - 12)
        let tail = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        guard head.count == 24, Array(head[0..<16]) == signature, tail == iend else { return false }
        func be32(_ i: Int) -> Int { Int(head[i]) << 24 | Int(head[i + 1]) << 16 | Int(head[i + 2]) << 8 | Int(head[i + 3]) }
        return be32(16) == width && be32(20) == height
    }
}

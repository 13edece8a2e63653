// Caps that keep a mistaken clip from taking the machine down: checked before anything is
// allocated or read (the way ImageMagick's resource policy works). The defaults suit a 2-core,
// 24 GiB machine:
//   --max-pixels  25,000,000 per surface: a frame (or a contact sheet, or an image) of 25 megapixels
//                 is 100 MB of RGBA, and at most 2 × threads frames are in flight;
//   --max-frames  36,000: ten minutes at 60 fps (frames 0…35,999, the end exclusive);
//   --max-memory  2 GiB for all the surfaces of one frame together (canvas, offscreen layers, blurs);
//   --max-input   256 MiB for any one file read (clip, image, font, golden, baseline);
//   --frame-timeout  60 s for one frame (10× that with --reference), polled inside the raster loops;
//   --max-time    none: the whole run;
//   --max-output  none: bytes a render writes (PNG files or raw frames on standard output);
//   --min-free    256 MiB: a render stops before the output's file system has less free space.
// Caps on one frame's work (nodes, area, text, shader cost) are in WorkLimits.swift; sizes inside
// a scene have fixed limits stated in SceneLimits (HoloScene).

import Foundation
import HoloClips
import HoloMotion
import HoloPNG

/// Caps on frame size and frame count, checked before a render allocates.
public struct Limits: Sendable {
    public var maxPixelsPerFrame = 25_000_000
    public var maxFrames = 36_000
    public var maxMemoryPerFrame = 2 << 30
    public var maxInputBytes = InputFile.defaultMaxBytes
    /// Seconds one frame may take (nil: no deadline); the reference renderer gets
    /// `referenceTimeoutFactor` times as long.
    public var frameTimeout: Double? = 60
    /// The reference renderer (exact blurs, no caches, shaders walked as trees) is far slower than
    /// the fast one: 10× the deadline keeps `examples/metal-shader.json --reference` (about 14 s of
    /// CPU a frame at 3×, measured) far inside it.
    public static let referenceTimeoutFactor = 10.0
    /// Seconds the whole run may take (nil: no limit).
    public var maxTime: Double?
    /// Bytes a render may write (nil: no limit).
    public var maxOutputBytes: Int?
    /// A render stops before a frame would leave less than this free on the output's file system.
    public var minFreeBytes = 256 << 20
    /// Caps on one frame's work (WorkLimits.swift).
    public var work = WorkLimits()
    public init() {}

    /// The per-frame deadline in seconds for the chosen renderer (nil: none).
    public func frameSeconds(reference: Bool) -> Double? {
        frameTimeout.map { reference ? $0 * Self.referenceTimeoutFactor : $0 }
    }

    public func check(_ clip: Clip, frameCount: Int) throws {
        try checkSurface(width: clip.pixelWidth, height: clip.pixelHeight, what: "a frame", scaleHint: "lower --scale")
        guard frameCount <= maxFrames else {
            throw LimitError(description: "\(frameCount) frames is over the cap of \(maxFrames); render a shorter range " +
                             "(--frames, --duration) or raise the cap with --max-frames")
        }
    }

    /// One surface (a frame, a contact sheet, a golden) against --max-pixels and --max-memory.
    public func checkSurface(width: Int, height: Int, what: String, scaleHint: String) throws {
        guard width >= 1, height >= 1 else {
            throw LimitError(description: "\(what) of \(width)×\(height) pixels is empty; raise --scale or the device size")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixelsPerFrame else {
            throw LimitError(description: "\(what) of \(width)×\(height) pixels is over the cap of \(maxPixelsPerFrame) pixels; " +
                             "\(scaleHint) or raise the cap with --max-pixels")
        }
        guard pixels * 4 <= maxMemoryPerFrame else {
            throw LimitError(description: "\(what) of \(width)×\(height) pixels needs \(pixels * 4) bytes, over the cap of " +
                             "\(maxMemoryPerFrame) bytes; \(scaleHint) or raise the cap with --max-memory")
        }
    }

    /// An --allow-path folder must exist and be a folder.
    public static func checkAllowedFolder(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LimitError(description: "--allow-path \(path): no folder there")
        }
    }
}

/// A clip over a cap, with the option that raises it.
public struct LimitError: Error, CustomStringConvertible {
    public let description: String
}

/// Errors that are the user's to fix (exit status 2), and messages kept short.
public enum UsageErrors {
    public static func isUsage(_ error: Error) -> Bool {
        error is ClipFileError || error is UnknownClipError || error is LimitError || error is ExistingFramesError
            || error is OutputRefused || error is InputFileError || error is ClipUsageError
    }

    /// The longest line of a message printed; a longer one (an input echoed back) is cut in its middle.
    public static let maxMessageLength = 600
    /// The longest message printed whole (many short lines: a list of choices).
    public static let maxMessageTotal = 4000

    /// `message` with each line over `maxMessageLength` characters cut in its middle, and the
    /// whole cut in its middle past `maxMessageTotal`: the start and the end of what is cut stay,
    /// since the end holds the reason and the way out (a long path or value sits in the middle).
    public static func shortened(_ message: String) -> String {
        func cut(_ text: Substring, _ limit: Int) -> String {
            guard text.count > limit else { return String(text) }
            let head = limit * 2 / 3, tail = limit - head
            return String(text.prefix(head)) + " …(\(text.count - head - tail) characters left out)… " + String(text.suffix(tail))
        }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { cut($0, maxMessageLength) }
        return cut(Substring(lines.joined(separator: "\n")), maxMessageTotal)
    }
}

/// A usage mistake found after parsing (a flag that does not go with another, a baseline of another clip).
public struct ClipUsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

// The two ways Holoframe writes PNGs, as a user picks them (`--png fast|small`).
//
// Both are lossless and decode to the same pixels, so a profile never changes what a golden
// comparison decides; they trade time for size (measured figures in README "PNG encoding").

import HoloPixels

public enum PNGProfile: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The project's own writer (FastPNG.swift): rows filtered NONE/SUB/UP by a per-row count of
    /// zero bytes, deflated by the project's run-and-copy coder (CPNGFast/deflate.c) in stripes
    /// that several threads can share; the bytes depend only on the pixels. For frame sequences
    /// and scratch images.
    case fast
    /// libpng at zlib level 9 with adaptive filters: the smallest files, many times slower.
    /// For archives and anything committed (goldens).
    case small

    public var description: String { rawValue }

    /// One line for help text: what the profile is and what it costs.
    public var summary: String {
        switch self {
        case .fast: "per-row filter, own run-and-copy deflate: 2.3–3.7 ms CPU a typical 1170×2532 frame, files 1.09–1.19× libpng's default size"
        case .small: "libpng level 9, adaptive filters: 0.3–0.8 s a 1170×2532 frame, files 0.87–0.95× libpng's default size"
        }
    }
}

extension PNG {
    /// Encodes the canvas as PNG bytes with a profile: RGB when every pixel is opaque, else
    /// straight-alpha RGBA. `threads` > 1 lets the fast profile deflate one image on several
    /// threads; the bytes are the same for any thread count.
    public static func encode(_ canvas: Canvas, profile: PNGProfile = .fast, threads: Int = 1) throws -> [UInt8] {
        switch profile {
        case .fast: try FastPNG.encode(canvas, threads: threads)
        case .small: try encode(canvas, options: .small)
        }
    }

    /// Encodes with a profile and writes atomically: the file at `path` is the complete new PNG or untouched.
    public static func write(_ canvas: Canvas, to path: String, profile: PNGProfile = .fast, threads: Int = 1) throws {
        try AtomicFile.write(try encode(canvas, profile: profile, threads: threads), to: path)
    }
}

// A video's container and codec, chosen by its file name (`render --video FILE`), and the ffmpeg
// arguments for it (the settings the README's recipes use). The ffmpeg process itself is in
// FFmpegVideo.swift; the frames come from the render pipeline's raw path (RawFrameWriter).
//
//   .mp4   H.264 (libx264, CRF 18), yuv420p, BT.709 matrix and tags, +faststart; opaque; even sides
//   .mov   ProRes 4444 (prores_ks) with alpha, yuva444p10le, BT.709
//   .webm  VP9 (libvpx-vp9, CRF 24), yuv420p, BT.709; opaque
//   .gif   one palette for the whole clip (palettegen, then paletteuse); opaque; loops; at most
//          50 fps: a GIF's delays are whole hundredths of a second and players show a delay under
//          2 as 10, so a faster clip keeps every k-th frame for the smallest k with fps/k ≤ 50
//          (60 fps: every 2nd frame, 30 fps)
//   .apng  lossless RGBA (exactly the PNG frames' pixels); loops
//
// Formats without alpha get frames over opaque black (RawFrameShape.swift). H.264's 4:2:0 chroma
// needs even sides, so an odd width or height is padded by repeating the last column or row; the
// others (VP9 takes odd sizes, ProRes 4444, GIF and APNG have no chroma subsampling) keep the
// exact size. The muxer is always named with -f: ffmpeg writes to a temporary name, which has
// no telling extension, and never guesses.

import Foundation
import HoloMotion

public enum VideoContainer: String, CaseIterable, Sendable {
    case mp4, mov, webm, gif, apng

    /// The container a file name's extension asks for (case-insensitive), or nil.
    public init?(path: String) {
        self.init(rawValue: (path as NSString).pathExtension.lowercased())
    }

    public static var extensions: String { allCases.map { ".\($0.rawValue)" }.joined(separator: ", ") }

    /// The frame shape ffmpeg is fed: straight alpha where the codec keeps it, otherwise opaque;
    /// padded to even sides for H.264.
    public var shape: RawFrameShape {
        RawFrameShape(opaque: !(self == .mov || self == .apng), padToEven: self == .mp4)
    }

    /// BT.709 conversion and tags for the YUV codecs (swscale would otherwise convert with BT.601).
    private static let bt709 = ["-vf", "scale=out_color_matrix=bt709:out_range=tv",
                                "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]

    /// The fastest GIF rate players honour: 2 hundredths of a second a frame.
    public static let gifMaxFPS = 50.0

    /// k: a GIF keeps every k-th frame, the smallest k with rate / k ≤ 50 (1 for 50 fps and under).
    public static func gifStep(_ rate: FrameRate) -> Int {
        var k = 1
        while rate.value / Double(k) > gifMaxFPS { k += 1 }
        return k
    }

    /// Everything after the input: codec, pixel format, tags and the muxer.
    func encoderArguments(rate: FrameRate) -> [String] {
        switch self {
        case .mp4:
            return ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p"] + Self.bt709 +
                   ["-movflags", "+faststart", "-f", "mp4"]
        case .mov:
            return ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-alpha_bits", "16",
                    "-vendor", "apl0"] + Self.bt709 + ["-f", "mov"]
        case .webm:
            return ["-c:v", "libvpx-vp9", "-crf", "24", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1",
                    "-pix_fmt", "yuv420p"] + Self.bt709 + ["-f", "webm"]
        case .gif:
            let every = rate.numerator == 0 ? "" : "fps=\(rate.numerator)/\(rate.denominator * Self.gifStep(rate)),"
            return ["-filter_complex", "[0:v]\(every)split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                    "-loop", "0", "-f", "gif"]
        case .apng:
            return ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng"]
        }
    }

    /// The whole ffmpeg command line: raw RGBA frames of `width`×`height` at `rate` on standard
    /// input, the video to `output`.
    public func ffmpegArguments(width: Int, height: Int, rate: FrameRate, output: String) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-y",
         "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(width)x\(height)",
         "-framerate", "\(rate.numerator)/\(rate.denominator)", "-i", "pipe:0", "-an"]
            + encoderArguments(rate: rate) + [output]
    }
}

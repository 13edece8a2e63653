// Making a video from the library, as a user of `import Holoframe` does: FFmpegVideo fed canvases
// with write(_:), then finish(). Skipped when ffmpeg is not installed (check_video.sh installs it).

import Foundation
import Testing
import Holoframe

@Suite struct VideoExportTests {
    static let ffmpeg = try? FFmpegLocator.find(explicit: nil)

    /// Opaque 4×3 frames, each one colour: (40i, 255 - 40i, 7i, 255).
    func frames(_ count: Int) -> [Canvas] {
        (0..<count).map { i in
            let pixel: [UInt8] = [UInt8(40 * i), UInt8(255 - 40 * i), UInt8(7 * i), 255]
            return Canvas(width: 4, height: 3, premultipliedBytes: Array([[UInt8]](repeating: pixel, count: 12).joined()))
        }
    }

    /// An APNG (lossless RGBA) made with write(_:) decodes back to exactly the frames written.
    @Test(.enabled(if: ffmpeg != nil)) func anAPNGHoldsExactlyTheFramesWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("holoframe-video-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = "\(dir)/clip.apng", written = frames(3)
        let video = try FFmpegVideo(ffmpeg: Self.ffmpeg!, container: .apng, width: 4, height: 3, rate: FrameRate(30),
                                    to: path, cancellation: CancellationFlag(), maxTime: nil)
        for canvas in written { try video.write(canvas) }
        try video.finish()

        let decode = Process()
        decode.executableURL = URL(fileURLWithPath: Self.ffmpeg!)
        decode.arguments = ["-hide_banner", "-loglevel", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"]
        let out = Pipe()
        decode.standardOutput = out
        try decode.run()
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        decode.waitUntilExit()
        #expect(decode.terminationStatus == 0)
        #expect([UInt8](bytes) == written.flatMap { RawFrameShape.straight.bytes($0) })
    }

    /// abandon() leaves neither the video nor ffmpeg's temporary file.
    @Test(.enabled(if: ffmpeg != nil)) func anAbandonedVideoLeavesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("holoframe-video-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let video = try FFmpegVideo(ffmpeg: Self.ffmpeg!, container: .mp4, width: 4, height: 4, rate: FrameRate(30),
                                    to: "\(dir)/clip.mp4", cancellation: CancellationFlag(), maxTime: nil)
        try video.write(frames(1)[0])
        video.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// A folder is not an ffmpeg: a usage error that says which option.
    @Test func aFolderIsNotAnFFmpeg() {
        #expect(throws: ClipUsageError.self) { try FFmpegLocator.find(explicit: NSTemporaryDirectory()) }
        #expect(throws: ClipUsageError.self) { try FFmpegLocator.find(explicit: nil, path: "") }
    }
}

// The fast PNG profile's settings table, on built-in frames. Gated: asserts only that every file
// decodes to its frame, and runs only when asked (release, one core for the per-frame figures):
//   HOLOFRAME_PNG_BENCH=1 taskset -c 0 swift test -c release --filter FastPNGMeasurement
// For each clip (demo, titles, reveal, waveform at 1170×2532) three frames spread over the clip
// are rendered; each setting's encode (premultiplied canvas → PNG bytes in memory) is timed as
// the median of 5 in the thread's CPU time (HOLOFRAME_PNG_WALL=1: wall clock, and
// HOLOFRAME_PNG_THREADS=N for the striped encode on N threads), and its size is summed and
// divided by the size libpng's defaults give.

import Dispatch
import Foundation
import CPNGFast
import Holoframe
import Testing

@Suite struct FastPNGMeasurement {
    static let enabled = ProcessInfo.processInfo.environment["HOLOFRAME_PNG_BENCH"] == "1"

    static var settings: [FastPNGSettings] {
        var list: [FastPNGSettings] = []
        for filter in FastPNGSettings.Filter.allCases { list.append(FastPNGSettings(deflater: .isal(level: 1), filter: filter, stripeRows: 64)) }
        for level: Int32 in [0, 2, 3] {
            for filter: FastPNGSettings.Filter in [.minSum, .mostZeros, .mostZerosPaeth] {
                list.append(FastPNGSettings(deflater: .isal(level: level), filter: filter, stripeRows: 64))
            }
        }
        for rows in [16, 32, 128, 256] { list.append(FastPNGSettings(deflater: .isal(level: 1), filter: .mostZerosPaeth, stripeRows: rows)) }
        for filter in FastPNGSettings.Filter.allCases {
            list.append(FastPNGSettings(deflater: .runsAndCopies, filter: filter, stripeRows: 64))
        }
        for rows in [32, 128, 256, 512] { list.append(FastPNGSettings(deflater: .runsAndCopies, filter: .mostZeros, stripeRows: rows)) }
        if ProcessInfo.processInfo.environment["HOLOFRAME_PNG_SHORT"] == "1" {
            list = list.filter { $0.deflater == .runsAndCopies || $0 == FastPNGSettings(deflater: .isal(level: 1), filter: .mostZerosPaeth, stripeRows: 64) }
        }
        return list
    }

    /// CPU time of the calling thread, in ms: on a machine shared with other jobs, wall-clock time
    /// counts their turns too; the thread's own CPU time does not (cache contention still shows).
    static func threadCPUms() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }

    static let useWallClock = ProcessInfo.processInfo.environment["HOLOFRAME_PNG_WALL"] == "1"

    static func medianMs(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds, cpu = threadCPUms()
            try body()
            times.append(useWallClock ? Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 : threadCPUms() - cpu)
        }
        return Percentile.median(times)
    }

    @Test(.enabled(if: enabled)) func settingsTable() throws {
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        let threads = Int(ProcessInfo.processInfo.environment["HOLOFRAME_PNG_THREADS"] ?? "1") ?? 1
        for name in ["demo", "titles", "reveal", "waveform"] {
            let clip = try ClipResolver.resolve(name)
            let frames = RenderPipeline.sampleFrames(try FrameRange(first: 0, last: clip.frameCount - 1), count: 3)
            let canvases = try frames.map { try pipeline.renderFrame($0, of: clip) }
            var libpngBytes = 0, libpngMs: [Double] = []
            var level1UpBytes = 0, level1UpMs: [Double] = []
            var smallBytes = 0, smallMs: [Double] = []
            for canvas in canvases {
                var bytes: [UInt8] = []
                libpngMs.append(try Self.medianMs(1) { bytes = try PNG.encode(canvas, options: .libpngDefault) })
                libpngBytes += bytes.count
                level1UpMs.append(try Self.medianMs(3) { bytes = try PNG.encode(canvas, options: .level1Up) })
                level1UpBytes += bytes.count
                smallMs.append(try Self.medianMs(1) { bytes = try PNG.encode(canvas, profile: .small) })
                smallBytes += bytes.count
            }
            print("== \(name) \(canvases[0].width)×\(canvases[0].height), frames \(frames), \(canvases[0].isOpaque ? "RGB" : "RGBA"), " +
                  "\(threads) thread(s), \(Self.useWallClock ? "wall-clock" : "thread CPU") ms")
            print(String(format: "  libpng default (6, adaptive)                  %7.2f ms  %8d B  1.00×", Percentile.median(libpngMs), libpngBytes / 3))
            print(String(format: "  libpng level 1 UP (old .fast)                 %7.2f ms  %8d B  %.2f×", Percentile.median(level1UpMs),
                         level1UpBytes / 3, Double(level1UpBytes) / Double(libpngBytes)))
            print(String(format: "  small profile (libpng 9, adaptive)            %7.2f ms  %8d B  %.2f×", Percentile.median(smallMs),
                         smallBytes / 3, Double(smallBytes) / Double(libpngBytes)))
            Self.breakdown(canvases[0])
            for settings in Self.settings {
                var total = 0
                var times: [Double] = []
                for canvas in canvases {
                    var bytes: [UInt8] = []
                    times.append(try Self.medianMs(5) { bytes = try FastPNG.encode(canvas, settings: settings, threads: threads) })
                    total += bytes.count
                    #expect(try PNG.decode(bytes).bytes == canvas.bytes)
                }
                let mark = settings == .standard ? " ←" : ""
                print(String(format: "  %@ %7.2f ms  %8d B  %.2f×%@", settings.description.padding(toLength: 45, withPad: " ", startingAt: 0),
                             Percentile.median(times), total / 3, Double(total) / Double(libpngBytes), mark))
            }
        }
    }

    /// Where one standard encode's time goes: filter kernels alone, deflate alone, Adler-32 alone (RGB: the frames are opaque).
    static func breakdown(_ canvas: Canvas) {
        let width = canvas.width, height = canvas.height, rows = FastPNGSettings.standard.stripeRows
        let lineBytes = 1 + 3 * width
        var scanlines = [UInt8](repeating: 0, count: lineBytes * height + 16)
        var scratch = [UInt8](repeating: 0, count: hf_fast_scratch_size(UInt32(width)))
        var deflated = [UInt8](repeating: 0, count: lineBytes * rows * 2 + 4096)
        var levelBuffer = [UInt8](repeating: 0, count: hf_isal_level_buffer_size(1))
        var tokens = [UInt8](repeating: 0, count: hf_fast_deflate_scratch_size(lineBytes * rows))
        let table = unpremultiplyTable
        let filterMs = medianMs(5) {
            canvas.withBytes { p in
                for y0 in stride(from: 0, to: height, by: rows) {
                    _ = hf_fast_filter_rows(p.baseAddress, UInt32(width), UInt32(y0), UInt32(min(height, y0 + rows)), 3,
                                            FastPNGSettings.standard.filter.rawValue, table, &scratch, &scanlines[y0 * lineBytes])
                }
            }
        }
        var total = 0, isalTotal = 0
        let deflateMs = medianMs(5) {
            total = 0
            for y0 in stride(from: 0, to: height, by: rows) {
                let n = (min(height, y0 + rows) - y0) * lineBytes
                total += scanlines.withUnsafeBufferPointer { s in
                    hf_fast_deflate_stripe(s.baseAddress! + y0 * lineBytes, n, lineBytes, 3, 0, &tokens, &deflated, deflated.count)
                }
            }
        }
        let isalMs = medianMs(5) {
            isalTotal = 0
            for y0 in stride(from: 0, to: height, by: rows) {
                let n = (min(height, y0 + rows) - y0) * lineBytes
                isalTotal += scanlines.withUnsafeBufferPointer { s in
                    hf_isal_deflate_stripe(s.baseAddress! + y0 * lineBytes, n, 1, 0, &levelBuffer, levelBuffer.count, &deflated, deflated.count)
                }
            }
        }
        let adlerMs = medianMs(5) { _ = scanlines.withUnsafeBytes { PNGChecksum.adler32($0) } }
        let copyMs = medianMs(5) { _ = canvas.bytes }
        print(String(format: "  breakdown, standard: filter+pack %.2f ms, deflate %.2f ms (%d B; ISA-L level 1 on the same scanlines %.2f ms, %d B), Adler-32 %.2f ms; a 12 MB array copy %.2f ms",
                     filterMs, deflateMs, total, isalMs, isalTotal, adlerMs, copyMs))
    }
}

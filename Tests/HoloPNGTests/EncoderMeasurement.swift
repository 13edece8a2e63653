// libpng encoder speed/size table (behind PNGOptions.level1Up; the fast profile's own table is
// FastPNGMeasurement in HoloframeTests). Not a timed test: it only runs when asked,
//   HOLOFRAME_PNG_BENCH=1 swift test -c release --filter HoloPNGTests.EncoderMeasurement
// and prints one line per setting (best of 5, one 1170×2532 UI frame).

import Foundation
import HoloPNG
import HoloPixels
import Testing

@Suite struct EncoderMeasurement {
    static let enabled = ProcessInfo.processInfo.environment["HOLOFRAME_PNG_BENCH"] == "1"

    static let settings: [(String, PNGOptions)] = [
        ("libpng default (6, adaptive, Z_FILTERED)", .libpngDefault),
        ("level 9 adaptive (.small)", .small),
        ("level 1 adaptive", PNGOptions(compressionLevel: 1, filter: .adaptive)),
        ("level 1 NONE", PNGOptions(compressionLevel: 1, filter: .none)),
        ("level 1 SUB", PNGOptions(compressionLevel: 1, filter: .sub)),
        ("level 1 UP", PNGOptions(compressionLevel: 1, filter: .up)),
        ("level 1 AVG", PNGOptions(compressionLevel: 1, filter: .average)),
        ("level 1 PAETH", PNGOptions(compressionLevel: 1, filter: .paeth)),
        ("level 1 SUB Z_DEFAULT", PNGOptions(compressionLevel: 1, filter: .sub, strategy: .standard)),
        ("level 1 UP Z_DEFAULT", PNGOptions(compressionLevel: 1, filter: .up, strategy: .standard)),
        ("level 2 SUB", PNGOptions(compressionLevel: 2, filter: .sub)),
        ("level 2 UP", PNGOptions(compressionLevel: 2, filter: .up)),
        ("level 3 UP", PNGOptions(compressionLevel: 3, filter: .up)),
        ("Z_RLE NONE", PNGOptions(compressionLevel: 1, filter: .none, strategy: .rle)),
        ("Z_RLE SUB", PNGOptions(compressionLevel: 1, filter: .sub, strategy: .rle)),
        ("Z_RLE UP", PNGOptions(compressionLevel: 1, filter: .up, strategy: .rle)),
        ("Z_RLE PAETH", PNGOptions(compressionLevel: 1, filter: .paeth, strategy: .rle)),
        ("Z_RLE adaptive", PNGOptions(compressionLevel: 1, filter: .adaptive, strategy: .rle)),
        ("Z_HUFFMAN_ONLY SUB", PNGOptions(compressionLevel: 1, filter: .sub, strategy: .huffmanOnly)),
        ("Z_HUFFMAN_ONLY UP", PNGOptions(compressionLevel: 1, filter: .up, strategy: .huffmanOnly)),
        ("level 0 (stored)", PNGOptions(compressionLevel: 0, filter: .none)),
        ("-> .level1Up", .level1Up),
        ("level 1 UP Z_RLE-free repeat (noise check)", PNGOptions(compressionLevel: 1, filter: .up)),
    ]

    static func best(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Duration.seconds(1000)
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            best = min(best, ContinuousClock.now - start)
        }
        return Double(best.components.seconds) * 1000 + Double(best.components.attoseconds) / 1e15
    }

    @Test(.enabled(if: enabled)) func encoderTable() throws {
        for (name, frame) in [("opaque", Fixtures.uiFrame()), ("translucent", Fixtures.uiFrame(transparentBackground: true))] {
            print("== \(name) 1170×2532 frame (\(frame.isOpaque ? "RGB" : "RGBA") output), best of 5")
            var reference = 0
            for (label, options) in Self.settings {
                var bytes: [UInt8] = []
                let ms = try Self.best(of: 5) { bytes = try PNG.encode(frame, options: options) }
                if reference == 0 { reference = bytes.count }
                #expect(try PNG.decode(bytes).bytes == frame.bytes)
                let line = "\(label.padding(toLength: 42, withPad: " ", startingAt: 0)) "
                    + String(format: "%7.1f ms %9d bytes  %.2fx", ms, bytes.count, Double(bytes.count) / Double(reference))
                print(line)
            }
            let encoded = try PNG.encode(frame, profile: .fast)
            let fastMs = try Self.best(of: 5) { _ = try PNG.encode(frame, profile: .fast) }
            print(String(format: "fast profile: %.1f ms %9d bytes  %.2fx", fastMs, encoded.count, Double(encoded.count) / Double(reference)))
            let decodeMs = try Self.best(of: 5) { _ = try PNG.decode(encoded) }
            print(String(format: "decode of the fast-profile file: %.1f ms", decodeMs))
            let opaqueMs = Self.best(of: 5) { _ = frame.isOpaque }
            print(String(format: "Canvas.isOpaque scan: %.2f ms", opaqueMs))
        }
    }
}

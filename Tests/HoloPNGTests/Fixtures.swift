// Test fixtures: canvases built from straight colours (as the renderer makes them), a hand-rolled
// PNG writer (stored deflate blocks, own CRC and Adler) independent of libpng, and a temp directory.

import Foundation
import HoloGeometry
@testable import HoloPNG
import HoloPixels


enum Fixtures {
    /// A canvas whose every pixel is premultiply(straight colour, alpha) with varied alpha,
    /// including 0 and 255, from a seeded generator.
    static func translucentCanvas(width: Int, height: Int, seed: UInt64) -> Canvas {
        var random = SplitMix64(seed: seed)
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt8 = switch (x + y) % 7 { case 0: 0; case 1: 255; default: UInt8.random(in: 0...255, using: &random) }
                canvas[x, y] = PremultipliedRGBA8(
                    r: premultiply(UInt8.random(in: 0...255, using: &random), a),
                    g: premultiply(UInt8.random(in: 0...255, using: &random), a),
                    b: premultiply(UInt8.random(in: 0...255, using: &random), a), a: a)
            }
        }
        return canvas
    }

    static func opaqueCanvas(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                canvas[x, y] = PremultipliedRGBA8(r: UInt8(x * 255 / max(1, width - 1)), g: UInt8(y * 255 / max(1, height - 1)),
                                                  b: UInt8((x * 7 + y * 13) & 255), a: 255)
            }
        }
        return canvas
    }

    /// A phone-sized UI frame: diagonal gradient background, rounded cards with anti-aliased
    /// corners, rows of glyph-like anti-aliased blobs standing in for text, and a "photo" card of
    /// smooth noise with ±2 dither. Opaque unless `transparentBackground`.
    static func uiFrame(width: Int = 1170, height: Int = 2532, transparentBackground: Bool = false) -> Canvas {
        var random = SplitMix64(seed: 42)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            let bgA = transparentBackground ? 0.0 : 1.0
            for y in 0..<height {
                for x in 0..<width {
                    let t = (Double(y) + 0.4 * Double(x)) / Double(height + width)
                    let i = (y * width + x) * 4
                    p[i] = UInt8((0.95 - 0.5 * t) * bgA * 255 + 0.5); p[i + 1] = UInt8((0.90 - 0.3 * t) * bgA * 255 + 0.5)
                    p[i + 2] = UInt8((1.0 - 0.2 * t) * bgA * 255 + 0.5); p[i + 3] = UInt8(bgA * 255 + 0.5)
                }
            }
            // Source-over of a straight colour with coverage a, premultiplied: D' = S·a + D·(1 − a).
            func blend(_ x: Int, _ y: Int, _ c: (Double, Double, Double), _ a: Double) {
                guard a > 0, x >= 0, y >= 0, x < width, y < height else { return }
                let i = (y * width + x) * 4
                p[i] = UInt8(c.0 * a * 255 + Double(p[i]) * (1 - a) + 0.5)
                p[i + 1] = UInt8(c.1 * a * 255 + Double(p[i + 1]) * (1 - a) + 0.5)
                p[i + 2] = UInt8(c.2 * a * 255 + Double(p[i + 2]) * (1 - a) + 0.5)
                p[i + 3] = UInt8(255 * a + Double(p[i + 3]) * (1 - a) + 0.5)
            }
            // Coverage of a rounded rectangle at pixel centre: clamp(0.5 − signed distance, 0, 1).
            func roundedRect(_ l: Double, _ t: Double, _ r: Double, _ b: Double, _ radius: Double,
                             _ c: (Double, Double, Double), _ opacity: Double) {
                for y in max(0, Int(t))..<min(height, Int(b) + 1) {
                    for x in max(0, Int(l))..<min(width, Int(r) + 1) {
                        let px = Double(x) + 0.5, py = Double(y) + 0.5
                        let cx = min(max(px, l + radius), r - radius), cy = min(max(py, t + radius), b - radius)
                        let d = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() - radius
                        let inside = max(l - px, px - r, t - py, py - b)
                        blend(x, y, c, min(max(0.5 - max(d, inside), 0), 1) * opacity)
                    }
                }
            }
            var top = 160.0, card = 0
            while top + 300 < Double(height) {
                let left = 48.0, right = Double(width) - 48, bottom = top + 300
                let dark = card % 3 == 1
                roundedRect(left, top, right, bottom, 36, dark ? (0.2, 0.25, 0.35) : (1, 1, 1), 0.94)
                if card % 3 == 2 {
                    // Photo: smooth noise with dither in the card's left half.
                    for y in Int(top + 24)..<Int(bottom - 24) {
                        for x in Int(left + 24)..<Int(left + 520) {
                            let v = 0.5 + 0.25 * sin(Double(x) * 0.031 + Double(y) * 0.017) * cos(Double(y) * 0.023 - Double(x) * 0.011)
                            let d = Double(Int(random.next() % 5) - 2) / 255
                            blend(x, y, (min(1, max(0, v + d)), min(1, max(0, 0.8 * v + d)), min(1, max(0, 1 - v + d))), 1)
                        }
                    }
                }
                // Text: lines of glyph-sized rounded rects with anti-aliased, sub-pixel-positioned edges.
                let textLeft = card % 3 == 2 ? left + 560 : left + 40
                var line = top + 48
                while line + 30 < bottom - 30 {
                    var x = textLeft + Double(random.next() % 8) * 0.37
                    while x < right - 60 {
                        let glyphWidth = 8 + Double(random.next() % 14) + 0.3
                        let glyphHeight = 18 + Double(random.next() % 10) + 0.6
                        if random.next() % 6 != 0 {
                            roundedRect(x, line + 28 - glyphHeight, x + glyphWidth, line + 28, 2.5,
                                        dark ? (0.92, 0.92, 0.96) : (0.08, 0.08, 0.1), 1)
                        }
                        x += glyphWidth + 3.4
                    }
                    line += 46
                }
                top = bottom + 40
                card += 1
            }
        }
        return Canvas(width: width, height: height, scale: 3, premultipliedBytes: pixels)
    }
}

/// Hand-made PNG files, written without libpng: chunks with the reference CRC, zlib stream of
/// stored (uncompressed) deflate blocks with the reference Adler-32 (HoloPNG/Reference).
enum HandPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(Reference.crc32(typeBytes + data))
    }

    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8, colourType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [bitDepth, colourType, 0, 0, interlace])
    }

    /// zlib stream holding `raw` in stored blocks.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            let final: UInt8 = offset + n == raw.count ? 1 : 0
            out += [final, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
            out += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        return out + be32(Reference.adler32(raw))
    }

    /// A complete PNG: signature, IHDR, extra chunks, one IDAT of unfiltered rows, IEND.
    /// `rows` are the raw scanlines without the filter byte.
    static func file(width: UInt32, height: UInt32, bitDepth: UInt8, colourType: UInt8,
                     rows: [[UInt8]], extra: [[UInt8]] = [], interlace: UInt8 = 0) -> [UInt8] {
        var raw: [UInt8] = []
        for row in rows { raw.append(0); raw += row }
        var out = signature + ihdr(width: width, height: height, bitDepth: bitDepth, colourType: colourType, interlace: interlace)
        for chunk in extra { out += chunk }
        return out + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }
}

/// A fresh directory under the system temp directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "holopng-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

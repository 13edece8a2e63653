// Image decoding watched (issue 41): PNG.decode polls its thread's FrameWatch (a deadline, a
// signal) after every row and read of input, and image data that goes on past the size in IHDR
// is refused before libpng inflates it (libpng inflates all of it to find the stream's end: a
// 4999² PNG whose IDAT inflated 50× past its IHDR took 10.9 s under --max-time 2).

import Testing
import HoloStop
@testable import HoloPNG

@Suite struct WatchedDecodeTests {
    /// A PNG chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return be32(UInt32(data.count)) + body + be32(Reference.crc32(body))
    }

    /// An 8-bit RGBA `size`×`size` PNG whose zlib stream (stored blocks) holds its rows and then
    /// `extra` more bytes: the rows are what IHDR asks for, the rest is past it.
    static func png(size: Int, extra: Int) -> [UInt8] {
        let raw = [UInt8](repeating: 0, count: size * (1 + size * 4) + extra)
        var z: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65_535, raw.count - at)
            z.append(at + n == raw.count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[at..<at + n]
            at += n
        } while at < raw.count
        let adler = Reference.adler32(raw)
        z += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        let s = UInt32(size)
        let ihdr: [UInt8] = [UInt8(s >> 24), UInt8(s >> 16 & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s & 0xFF)] + [UInt8(s >> 24), UInt8(s >> 16 & 0xFF), UInt8(s >> 8 & 0xFF), UInt8(s & 0xFF)] + [8, 6, 0, 0, 0]
        var idat: [UInt8] = []
        var k = 0
        while k < z.count { idat += chunk("IDAT", Array(z[k..<min(z.count, k + 8192)])); k += 8192 }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + idat + chunk("IEND", [])
    }

    @Test func exactImageDataDecodes() throws {
        let canvas = try PNG.decode(Self.png(size: 64, extra: 0))
        #expect(canvas.width == 64 && canvas.height == 64)
    }

    /// 4 MB of image data past a 64×64 header: refused (before: decoded, libpng's "Too much
    /// image data" is only a benign error, after inflating every byte).
    @Test func imageDataPastTheHeaderIsRefused() {
        let bytes = Self.png(size: 64, extra: 4 << 20)
        #expect { try PNG.decode(bytes) } throws: { error in
            guard case .invalidImage(let text) = error as? PNGError else { return false }
            return text.contains("past the size in its header")
        }
    }

    /// A decode inside a FrameWatch whose render was cancelled stops with .stopped (before: it
    /// ran to the end, unwatched).
    @Test func aCancelledWatchStopsTheDecode() {
        let bytes = Self.png(size: 512, extra: 0)
        let flag = CancellationFlag()
        flag.cancel()
        let watch = FrameWatch(cancellation: flag)
        #expect(throws: PNGError.stopped) { try watch.run { try PNG.decode(bytes) } }
        #expect(watch.reason == .cancelled)
        // Unwatched, the same bytes decode.
        #expect((try? PNG.decode(bytes))?.width == 512)
    }
}

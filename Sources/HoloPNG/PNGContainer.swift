// The PNG container the fast writer produces itself (PNG spec §5, zlib RFC 1950):
//
//   signature  89 50 4E 47 0D 0A 1A 0A
//   chunk      length (4 bytes, big-endian, of the data only) · type (4 ASCII) · data · CRC-32 of type+data
//   IHDR       width · height (4 bytes each) · bit depth 8 · colour type (2 RGB, 6 RGBA) · 0 · 0 · 0
//   IDAT…      one zlib stream split over chunks: 78 01 · deflate blocks · Adler-32 of the scanlines
//   IEND       empty
//
// CRC-32 is ISO 3309's (reflected polynomial 0xEDB88320, start and final XOR 0xFFFFFFFF), which is
// gzip's: ISA-L's crc32_gzip_refl(0, …) computes it (PCLMULQDQ; through CPNGFast's hf_crc32, which
// clears the vector state ISA-L leaves dirty); a test holds it to the spec's
// bitwise definition. Adler-32 (RFC 1950 §8.2; CPNGFast's generic-vector kernel, built for AVX2 where the CPU has it,
// 3× ISA-L's here), for bytes d1…dn:
//   A = 1 + Σ di,  B = Σ_k A_k = n + Σ (n − i + 1)·di,  adler = B·65536 + A  (both mod 65521)
// and for a stream cut in two (X then Y, |Y| = n2) — what joins stripes deflated apart:
//   A(XY) = A(X) + A(Y) − 1,  B(XY) = B(X) + B(Y) + n2·(A(X) − 1)   (mod 65521)
// which is zlib's adler32_combine.

import CPNGFast

/// The two checksums of a PNG file, public so tests can hold them to their definitions.
public enum PNGChecksum {
    /// CRC-32 as PNG and gzip define it, continuing from `crc` (0 to start).
    public static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        PNGContainer.crc32(bytes, continuing: crc)
    }
    /// Adler-32 (zlib's, starting value 1).
    public static func adler32(_ bytes: UnsafeRawBufferPointer) -> UInt32 { PNGContainer.adler32(bytes) }
    /// Adler-32 of X followed by Y from adler(X), adler(Y) and |Y|.
    public static func adler32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        PNGContainer.adler32Combine(first, second, secondLength: secondLength)
    }
}

enum PNGContainer {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// CMF 0x78: deflate, 32 KiB window; FLG 0x01: fastest level, no dictionary, (CMF·256 + FLG) % 31 == 0.
    static let zlibHeader: [UInt8] = [0x78, 0x01]

    /// CRC-32 as PNG and gzip define it, continuing from `crc` (0 to start).
    static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        return hf_crc32(crc, base, bytes.count)
    }

    /// Adler-32 of `bytes` (starting value 1, as zlib).
    static func adler32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return 1 }
        return hf_fast_adler32(1, base, bytes.count)
    }

    /// Adler-32 of X followed by Y from adler(X), adler(Y) and |Y| (the formula above).
    static func adler32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        let base: UInt64 = 65521
        let n2 = UInt64(secondLength) % base
        let a1 = UInt64(first & 0xFFFF), b1 = UInt64(first >> 16)
        let a2 = UInt64(second & 0xFFFF), b2 = UInt64(second >> 16)
        let a = (a1 + a2 + base - 1) % base
        let b = (b1 + b2 + n2 * ((a1 + base - 1) % base)) % base
        return UInt32(b << 16 | a)
    }

    static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(value >> 24)); out.append(UInt8((value >> 16) & 0xFF))
        out.append(UInt8((value >> 8) & 0xFF)); out.append(UInt8(value & 0xFF))
    }

    /// Appends one chunk: `body` appends the data; the length and CRC are filled in around it.
    static func appendChunk(_ type: StaticString, to out: inout [UInt8], body: (inout [UInt8]) -> Void) {
        let start = out.count
        appendBigEndian(0, to: &out)
        type.withUTF8Buffer { out.append(contentsOf: $0) }
        body(&out)
        let length = out.count - start - 8
        precondition(length <= Int(Int32.max), "a PNG chunk holds at most 2^31 − 1 bytes")
        out.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt32(length).bigEndian, toByteOffset: start, as: UInt32.self)
        }
        let crc = out.withUnsafeBytes { crc32(UnsafeRawBufferPointer(rebasing: $0[(start + 4)...])) }
        appendBigEndian(crc, to: &out)
    }

    /// The IHDR chunk for 8-bit RGB (channels 3) or RGBA (channels 4), no interlace.
    static func appendHeader(width: Int, height: Int, channels: Int, to out: inout [UInt8]) {
        appendChunk("IHDR", to: &out) { data in
            appendBigEndian(UInt32(width), to: &data)
            appendBigEndian(UInt32(height), to: &data)
            data.append(contentsOf: [8, channels == 4 ? 6 : 2, 0, 0, 0])
        }
    }
}

// HoloPNG's references: the checksums the PNG writers compute with ISA-L (PNGChecksum), from their
// definitions, a byte and a bit at a time, in plain Swift. ChecksumTests holds PNGChecksum to them;
// the tests' hand-made PNG files (no libpng, no ISA-L) are checksummed with them.
//   CRC-32 (ISO 3309, reflected, polynomial 0xEDB88320): c ← 2³² − 1; per byte c ← c ⊕ byte, then
//     eight times c ← (c ≫ 1) ⊕ (0xEDB88320 when c's low bit is 1); the result is ¬c.
//   Adler-32 (RFC 1950): a = 1 + Σ bytes, b = Σ of a after each byte, both mod 65521; b·2¹⁶ + a.

enum Reference {
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    static func adler32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }
}

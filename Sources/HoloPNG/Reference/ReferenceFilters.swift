// The fast profile's scanlines from their definition (PNG spec §9), in plain Swift, for tests that
// hold CPNGFast's SIMD row kernels to them. Shares nothing with filters.c.
//   Each row is one filter-type byte and then its colour bytes (RGB or RGBA), each byte x minus a
//   prediction from its left neighbour a (the same channel one pixel back), the byte above b and
//   the one above-left c, all 0 outside the image, mod 256:
//     NONE 0, SUB a, UP b, PAETH the nearest to a + b − c of a, b, c (ties: a, then b).
//   MOST_ZEROS (the `fast` profile's choice) takes for each row the filter among NONE, SUB and UP
//   whose bytes hold the most zeros, ties to the earlier; MOST_ZEROS_PAETH has PAETH as a fourth.

extension Reference {
    /// The scanlines of straight RGBA8 pixels (`width` × `height`, 4 bytes a pixel) written with
    /// `channels` 3 (alpha dropped) or 4, each row filtered by MOST_ZEROS, or MOST_ZEROS_PAETH
    /// when `paeth`.
    static func mostZerosScanlines(straight: [UInt8], width: Int, height: Int, channels: Int, paeth withPaeth: Bool) -> [UInt8] {
        func byte(_ x: Int, _ y: Int, _ k: Int) -> Int {
            x < 0 || y < 0 ? 0 : Int(straight[(y * width + x) * 4 + k])
        }
        func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
            let p = a + b - c
            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            if pa <= pb && pa <= pc { return a }
            return pb <= pc ? b : c
        }
        var out: [UInt8] = []
        for y in 0..<height {
            var candidates: [[UInt8]] = [[], [], [], []]  // NONE, SUB, UP, PAETH
            for x in 0..<width {
                for k in 0..<channels {
                    let value = byte(x, y, k), a = byte(x - 1, y, k), b = byte(x, y - 1, k), c = byte(x - 1, y - 1, k)
                    for (f, prediction) in [0, a, b, paeth(a, b, c)].enumerated() {
                        candidates[f].append(UInt8(truncatingIfNeeded: value - prediction))
                    }
                }
            }
            var best = 0
            for f in 1..<(withPaeth ? 4 : 3) where candidates[f].count(where: { $0 == 0 }) > candidates[best].count(where: { $0 == 0 }) { best = f }
            out.append([0, 1, 2, 4][best])
            out += candidates[best]
        }
        return out
    }
}

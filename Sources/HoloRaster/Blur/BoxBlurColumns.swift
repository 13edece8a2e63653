// The vertical passes of the three-box blur, straight down the columns: no transposes.
//
// Why this shape: the row pass (BlurPasses.swift) slides one window along a row, a sequential sum
// per channel. Down the columns every byte of a row has its own window, so a whole row of running
// sums moves one row at a time:  S_y+1[i] = S_y[i] + in[y + w][i] − in[y][i]  for every byte i of
// the row. That loop is contiguous, branch-free and wrapping, so the compiler vectorizes it, and it
// streams rows instead of transposing the plane twice (measured: the transposes alone were 1.6–6 %
// of a titles or reveal frame).
//
// Same bytes as the row pass on the transposed plane (and `Reference.boxPasses` down the
// columns): the column is extended once by Σr with the edge rule, each pass is a "valid"
// convolution that shrinks it by 2r, and each output is round(S / w) computed as the row pass computes it, ⌊(S·inv + 2²³) / 2²⁴⌋ with inv = ⌊2²⁴/w⌉,
// split so that it fits 32-bit lanes:
//   inv = ih·2¹² + il   →   ⌊(S·inv + 2²³) / 2²⁴⌋ = ⌊(S·ih + ⌊(S·il + 2²³) / 2¹²⌋) / 2¹²⌋
// (exact for non-negative integers: ⌊(a·2ᵏ + b) / 2²ᵏ⌋ = ⌊(a + ⌊b / 2ᵏ⌋) / 2ᵏ⌋). With S ≤ 255·w and
// w < 2¹⁴ every product stays below 2³¹.

import CPixelKernels

/// Successive box blurs of every column with radii r₁, r₂, r₃ (the column twin of `boxBlurRows`).
/// Only the output rows in `rows` (default: all) are computed; the others keep their input. Output
/// row y reads extended rows y … y + 2Σr (input rows y − Σr … y + Σr), so pass k computes rows
/// a ..< b + 2·(r_k+1 + … + r₃) and nothing more; and only the `columns` (default: all) of them.
func boxBlurColumns(_ plane: inout BlurPlane, radii: [Int], edge: BlurEdge, rows: Range<Int>? = nil,
                    columns: Range<Int>? = nil) {
    let total = radii.reduce(0, +)
    let h = plane.height, stride = plane.width * plane.channels
    let rows = (rows ?? 0..<h).clamped(to: 0..<h)
    let columns = (columns ?? 0..<plane.width).clamped(to: 0..<plane.width)
    // The bytes of each row worked on: `rowLength` from `offset`, rows `stride` apart.
    let offset = columns.lowerBound * plane.channels, rowLength = columns.count * plane.channels
    guard total > 0, !rows.isEmpty, rowLength > 0 else { return }
    precondition(radii.allSatisfy { 2 * $0 + 1 < 1 << 14 }, "box width out of range")
    let first = rows.lowerBound
    let extended = rows.count + 2 * total
    // Two scratch planes of the extended height (passes ping-pong between them), one row of sums,
    // one row of zeros for transparent edges.
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * extended * rowLength + rowLength)
    let sums = UnsafeMutablePointer<Int32>.allocate(capacity: rowLength)
    defer { scratch.deallocate(); sums.deallocate() }
    let zeros = scratch + 2 * extended * rowLength
    zeros.initialize(repeating: 0, count: rowLength)

    plane.withMutableBytes { buf in
        let base = buf.baseAddress!
        // Row y of the first pass's input: extended row first + y (plane row first + y − total).
        func sourceRow(_ y: Int) -> UnsafePointer<UInt8> {
            let inner = first + y - total
            if inner >= 0 && inner < h { return UnsafePointer(base + inner * stride + offset) }
            switch edge {
            case .clamp: return UnsafePointer(base + min(max(inner, 0), h - 1) * stride + offset)
            case .transparent: return UnsafePointer(zeros)
            }
        }
        var inputLength = extended
        var inputIsSource = true
        var input = scratch, output = scratch + extended * rowLength
        let activeRadii = radii.filter { $0 >= 0 }
        for (pass, r) in activeRadii.enumerated() {
            let w = 2 * r + 1
            let inv = ((1 << 24) + w / 2) / w
            let ih = Int32(inv >> 12), il = Int32(inv & 0xFFF)
            let outputLength = inputLength - 2 * r
            // The last pass writes into the plane itself, unless it also reads it (a single pass).
            let isLast = pass == activeRadii.count - 1 && !inputIsSource
            let readInput = inputIsSource
            let inRow: (Int) -> UnsafePointer<UInt8> = { y in
                readInput ? sourceRow(y) : UnsafePointer(input + y * rowLength)
            }
            // S_0 = Σ_{k<w} in[k]
            sums.initialize(repeating: 0, count: rowLength)
            for k in 0..<w {
                let row = inRow(k)
                for i in 0..<rowLength { sums[i] &+= Int32(row[i]) }
            }
            for y in 0..<outputLength {
                let out = isLast ? base + (first + y) * stride + offset : output + y * rowLength
                if w < 271 {
                    // C, vectorized: the same round(S / w) in float (exact for these widths).
                    hf_box_emit(sums, out, rowLength, w)
                } else {
                    for i in 0..<rowLength {
                        let s = sums[i]
                        out[i] = UInt8(truncatingIfNeeded: (s &* ih &+ ((s &* il &+ 0x80_0000) >> 12)) >> 12)
                    }
                }
                if y + 1 < outputLength {
                    hf_box_slide(sums, inRow(y + w), inRow(y), rowLength)
                }
            }
            inputLength = outputLength
            inputIsSource = false
            swap(&input, &output)
        }
        if activeRadii.count == 1 {
            for y in 0..<rows.count { (base + (first + y) * stride + offset).update(from: input + y * rowLength, count: rowLength) }
        }
    }
}

// Where a row has ink: the first and last nonzero byte, found 8 bytes at a time from each end.
// The Gaussian's row pass skips the zeros outside it (GaussianInPlace.swift), and a retained
// layer's tiles keep it per row (`InkRows`), so compositing a mostly transparent layer (a list's
// rows: text and a hairline on nothing) reads and writes only the pixels between.

import HoloPixels

/// The first and last nonzero byte of `count` bytes at `p`; nil when all are zero.
@inline(__always)
func nonzeroByteSpan(_ p: UnsafePointer<UInt8>, count: Int) -> (first: Int, last: Int)? {
    let raw = UnsafeRawPointer(p)
    var first = 0
    while first + 8 <= count && raw.loadUnaligned(fromByteOffset: first, as: UInt64.self) == 0 { first += 8 }
    while first < count && p[first] == 0 { first += 1 }
    if first == count { return nil }
    var last = count - 1
    while last >= 8 && raw.loadUnaligned(fromByteOffset: last - 7, as: UInt64.self) == 0 { last -= 8 }
    while p[last] == 0 { last -= 1 }
    return (first, last)
}

/// Per row of a layer's pixels, the words between its first and last nonzero word (`0..<0` for a
/// row with none). Outside them a source-over composite leaves the destination as it is (a zero
/// source word adds nothing and scales the destination by 255/255), so compositing only these
/// words gives the bytes of compositing the whole row.
struct InkRows: Sendable {
    private(set) var rows: [Range<Int>]

    init(_ canvas: Canvas) {
        rows = []
        rows.reserveCapacity(canvas.height)
        canvas.withWords { words in
            for y in 0..<canvas.height { rows.append(Self.span(words.baseAddress! + y * canvas.width, canvas.width)) }
        }
    }

    /// Spans known from how a layer was drawn (each must hold every nonzero word of its row).
    init(spans: [Range<Int>]) { rows = spans }

    /// Measures `band`'s rows of `canvas` again (the rows a patch drew).
    mutating func update(_ canvas: Canvas, rows band: Range<Int>) {
        canvas.withWords { words in
            for y in band { rows[y] = Self.span(words.baseAddress! + y * canvas.width, canvas.width) }
        }
    }

    private static func span(_ row: UnsafePointer<UInt32>, _ width: Int) -> Range<Int> {
        let bytes = UnsafeRawPointer(row).assumingMemoryBound(to: UInt8.self)
        guard let (first, last) = nonzeroByteSpan(bytes, count: width * 4) else { return 0..<0 }
        return (first / 4)..<(last / 4 + 1)
    }

    subscript(y: Int) -> Range<Int> { rows[y] }
}

// A cache key for text: Swift's `==` on strings is Unicode canonical equivalence ("é" equals
// "e" + U+0301), but what the caches hold (line-break positions, a paragraph's line ranges, glyph
// clusters) are offsets into one particular sequence of scalars. Two strings share an entry only
// when their UTF-8 bytes are the same.

struct ExactString: Hashable, Sendable {
    let string: String
    init(_ string: String) { self.string = string }

    static func == (a: ExactString, b: ExactString) -> Bool { a.string.utf8.elementsEqual(b.string.utf8) }

    func hash(into hasher: inout Hasher) {
        var s = string
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

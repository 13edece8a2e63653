// The glyph cache is bounded (GlyphCache.swift): least recently used bitmaps go first once the
// cap is passed, the bytes held never pass it, and a glyph drawn again after eviction has the
// same coverage.

import HoloGeometry
@testable import HoloRaster
import HoloText
import HoloScene
import Testing

@Suite struct GlyphCacheTests {
    @Test func theCacheStaysUnderItsCapEvictingTheLeastRecentlyUsed() throws {
        let cap = 40_000
        let library = FontLibrary(paths: [:], glyphCacheBytes: cap)
        let hot = TextRun("Hot", font: Font(size: 30), origin: Point(x: 0, y: 40))
        let first = try library.coverage(of: hot, transform: .identity)
        // Many sizes of the alphabet, touching "Hot" between each so it stays recently used.
        for size in stride(from: 10.0, through: 60, by: 2.5) {
            _ = try library.coverage(of: TextRun("abcdefghijklmnopqrstuvwxyz", font: Font(size: size), origin: Point(x: 0, y: 80)),
                                     transform: .identity)
            #expect(library.cachedGlyphBytes <= cap)
            let count = library.cachedGlyphCount
            _ = try library.coverage(of: hot, transform: .identity)
            #expect(library.cachedGlyphCount == count, "a hot glyph was evicted and rasterized again")
        }
        #expect(try library.coverage(of: TextRun("abc", font: Font(size: 10), origin: Point(x: 0, y: 80)), transform: .identity)
                == FontLibrary().coverage(of: TextRun("abc", font: Font(size: 10), origin: Point(x: 0, y: 80)), transform: .identity))
        #expect(try library.coverage(of: hot, transform: .identity) == first)
    }
}

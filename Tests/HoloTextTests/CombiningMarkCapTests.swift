// Combining marks per character capped at Unicode's stream-safe limit (UAX #15: 30 non-starters
// in a row; HoloText/StreamSafe.swift, issue 41): one character of 100,000 marks is refused at
// once with a message naming it, before HarfBuzz (10 million marks took 9.8 s a frame); 30 marks
// still shape, every one a glyph.

import Foundation
import HoloScene
@testable import HoloText
import Testing

@Suite struct CombiningMarkCapTests {
    let library = FontLibrary()
    let font = Font(size: 17)

    @Test func aCharacterOf100000MarksIsRefusedFast() throws {
        let text = "x" + String(repeating: "\u{0301}", count: 100_000) + "y"
        let start = Date()
        #expect(throws: FontError.tooManyCombiningMarks(character: 0)) { try library.shape(text, font: font) }
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 1, "\(seconds) s")
        #expect(FontError.tooManyCombiningMarks(character: 0).description.contains("more than 30 combining marks"))
        #expect(StreamSafe.firstOverrun(in: "ab" + String(repeating: "\u{0301}", count: 31)) == 1)
    }

    @Test func thirtyMarksStillShape() throws {
        let text = "x" + String(repeating: "\u{0301}", count: 30)
        #expect(StreamSafe.firstOverrun(in: text) == nil)
        let run = try library.shape(text, font: font)
        #expect(run.glyphs.count == 31)
        // A starter between runs of marks starts the count again.
        #expect(StreamSafe.firstOverrun(in: String(repeating: "e" + String(repeating: "\u{0301}", count: 30), count: 100)) == nil)
    }
}

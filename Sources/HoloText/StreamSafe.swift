// Combining marks per character, bounded as Unicode's Stream-Safe Text Format bounds them (UAX #15
// §13): at most 30 non-starters (characters of canonical combining class other than 0) in a row.
//
// Why a cap: `--max-text` counts characters, and one character (a grapheme cluster) can hold any
// number of marks, each of them shaped by HarfBuzz (which cannot poll a stop flag) and drawn as a
// glyph: one character of 10 million marks took 9.8 s a frame and 20 million reached 3.85 GB.
// Why refusing rather than inserting U+034F COMBINING GRAPHEME JOINER, as the
// format's own conversion does: a CGJ after every 30 marks keeps all of them, so the work would
// stay proportional to the marks (the 10-million-mark character would still be 10 million glyphs),
// and it would change the scalar positions the line breaker, the shaper and the caller share. No
// writing system needs more than 30 in a row (the format's premise), so a text that has them is
// an input to fix: refused, naming the character's position, before any shaping.

public enum StreamSafe {
    /// The most non-starters one character may hold in a row (UAX #15's stream-safe limit).
    public static let maxNonStarters = 30

    /// The position (0-based, in characters) of the first character holding more than
    /// `maxNonStarters` non-starters in a row, or nil when the text is stream-safe.
    public static func firstOverrun(in string: String) -> Int? {
        var run = 0, scalarsSinceStart = 0
        for scalar in string.unicodeScalars {
            scalarsSinceStart += 1
            if scalar.properties.canonicalCombiningClass == .notReordered { run = 0; continue }
            run += 1
            if run > maxNonStarters {
                // Only now count characters (graphemes) up to here: the message names the place.
                let prefix = string.unicodeScalars.prefix(scalarsSinceStart)
                var text = ""
                text.unicodeScalars.append(contentsOf: prefix)
                return text.count - 1
            }
        }
        return nil
    }
}

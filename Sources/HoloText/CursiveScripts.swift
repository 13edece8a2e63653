// Which characters belong to a cursive (joining) script, where letter spacing is not added.
//
// CSS Text 3 (§ 8.2 "Tracking: the letter-spacing property"): letter spacing is not applied
// between the letters of cursive scripts, whose letters join: a gap would break the join. Core
// Text does the same with its tracking. The scripts are those whose letters join in Unicode's
// ArabicShaping.txt (Joining_Type D/R): Arabic, Syriac, N'Ko, Mandaic, Mongolian, Phags-pa,
// Manichaean, Psalter Pahlavi, Hanifi Rohingya, Sogdian, Old Uyghur, Chorasmian, Adlam. Ranges
// are their Unicode blocks (Scripts.txt), Arabic's presentation forms and mathematical symbols
// included.
//
// A character of no script of its own (a space, a digit 0–9, punctuation: Unicode's Common and
// Inherited) takes the script of the text around it, as script itemization does (UAX #24;
// HarfBuzz and Core Text segment runs this way): the previous strong character's, or the next
// one's at the start of the text. So the spaces of an Arabic sentence are Arabic, and the space
// between a Latin word and an Arabic one is Latin's.

enum CursiveScripts {
    /// Block ranges of the joining scripts (first, last scalar value).
    static let ranges: [ClosedRange<UInt32>] = [
        0x0600...0x06FF, 0x0700...0x074F, 0x0750...0x077F, 0x07C0...0x07FF, 0x0840...0x085F,
        0x0860...0x086F, 0x0870...0x089F, 0x08A0...0x08FF, 0x1800...0x18AF, 0xA840...0xA87F,
        0xFB50...0xFDFF, 0xFE70...0xFEFF, 0x10AC0...0x10AFF, 0x10B80...0x10BAF, 0x10D00...0x10D3F,
        0x10EC0...0x10EFF, 0x10F30...0x10F6F, 0x10F70...0x10FAF, 0x10FB0...0x10FDF, 0x11660...0x1167F,
        0x1E900...0x1E95F, 0x1EE00...0x1EEFF,
    ]

    /// True for a cursive script's character, false for another script's letter, nil for a
    /// character of no script of its own (not a letter, outside those blocks).
    static func strongCursive(_ s: Unicode.Scalar) -> Bool? {
        let v = s.value
        if v < 0x0600 {
            // ASCII and Latin-1 letters are the common case: answered without a table walk.
            return s.properties.isAlphabetic && s.properties.generalCategory.isLetter ? false : nil
        }
        for r in ranges where r.contains(v) { return true }
        return s.properties.generalCategory.isLetter ? false : nil
    }

    /// For each scalar of `scalars` (logical order): whether it belongs to a cursive script, a
    /// character of no script taking its neighbours' (the previous strong one, else the next).
    static func resolved(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var out = [Bool](repeating: false, count: scalars.count)
        var strong: [Bool?] = scalars.map(strongCursive)
        guard strong.contains(where: { $0 == true }) else { return out }
        // Leading characters of no script take the first strong one's.
        if let first = strong.firstIndex(where: { $0 != nil }) {
            for i in 0..<first { strong[i] = strong[first] }
        }
        var previous = false
        for i in scalars.indices {
            if let s = strong[i] { previous = s }
            out[i] = previous
        }
        return out
    }
}

extension Unicode.GeneralCategory {
    var isLetter: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }
}

// Text that came from input (file names, clip strings, shader source, golden names) on its way to
// a terminal or a log. A clip file can hold ANSI escapes, NUL, a carriage return or a bidi
// override; printed raw they rewrite the terminal, hide text or forge a line. So:
//  - `escaped` writes every control character (C0, DEL, C1) and the invisible bidi controls as
//    Swift's `\u{…}`, leaving other text, and the backslash, alone;
//  - `shellQuoted` turns a word into one a POSIX shell reads back as exactly that word, for hints
//    the user copies (`holoframe golden record '$(rm -rf ~)'` stays a name, never a command);
//  - `middle` shortens a long value in the middle, so a message keeps both its start and the end
//    that tells two long names apart (and the text after it: the reason).
// Bytes that are not UTF-8 (a file name from the disk) are escaped as `\x{FF}` by `escaped(bytes:)`.

public enum Printable {
    /// `text` with control characters written as `\u{1B}`; `keepNewlines` leaves "\n" (a message's own lines).
    public static func escaped(_ text: String, keepNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepNewlines: keepNewlines) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepNewlines: keepNewlines) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Raw bytes (a path from the disk) as text: valid UTF-8 as `escaped`, any other byte as `\x{FF}`.
    public static func escaped(bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return escaped(text) }
        var out = "", start = 0
        while start < bytes.count {
            // The longest valid run from `start`, then one bad byte.
            var end = bytes.count
            while end > start, String(validating: bytes[start..<end], as: UTF8.self) == nil { end -= 1 }
            if end > start { out += escaped(String(decoding: bytes[start..<end], as: UTF8.self)); start = end; continue }
            out += "\\x{" + String(bytes[start], radix: 16, uppercase: true) + "}"
            start += 1
        }
        return out
    }

    static func needsEscape(_ s: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        switch s.value {
        case 0x0A: !keepNewlines
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidi embeddings, overrides and isolates; zero-width and line/paragraph separators.
        case 0x200B...0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// `word` as one shell word: as is when it holds only safe characters, else in single quotes
    /// (`'` as `'\''`), or ANSI-C `$'…'` quoting when it holds control characters, so the quoted
    /// text is itself safe to print.
    public static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-".unicodeScalars)
        if !word.isEmpty && word.unicodeScalars.allSatisfy({ safe.contains($0) }) { return word }
        if word.unicodeScalars.contains(where: { needsEscape($0, keepNewlines: false) }) {
            var out = "$'"
            for s in word.unicodeScalars {
                switch s {
                case "\\": out += "\\\\"
                case "'": out += "\\'"
                default:
                    if needsEscape(s, keepNewlines: false) {
                        out += s.value <= 0xFF ? "\\x" + hex2(s.value) : "\\u" + String(s.value, radix: 16, uppercase: true)
                    } else { out.unicodeScalars.append(s) }
                }
            }
            return out + "'"
        }
        return "'" + word.replacingAll("'", with: "'\\''") + "'"
    }

    /// A command line of words, each shell-quoted.
    public static func command(_ words: [String]) -> String { words.map(shellQuoted).joined(separator: " ") }

    /// `text` escaped and, when longer than `limit` characters, cut in the middle:
    /// "res-aaaa…(1,200 characters)…aaab".
    public static func middle(_ text: String, limit: Int = 80) -> String {
        let text = escaped(text)
        guard text.count > limit, limit >= 8 else { return text }
        let keep = (limit - 1) / 2
        return String(text.prefix(keep)) + "…(\(text.count - 2 * keep) characters)…" + String(text.suffix(keep))
    }

    private static func hex2(_ v: UInt32) -> String { (v < 16 ? "0" : "") + String(v, radix: 16, uppercase: true) }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free, for the lowest module).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

// Text that goes into the report pages: HTML escaping and shell quoting.
//
// The pages are written as polyglot markup (well-formed XML that browsers read as HTML5), so the
// tests can parse them with an XML parser. That is why escaping uses only the five XML entities
// and numeric references (no `&nbsp;`), and why boolean attributes carry a value (`open="open"`).

import Foundation
import HoloExport
import HoloGeometry

public enum HTMLText {
    /// Escapes text for element content and for double- or single-quoted attribute values:
    ///   & → &amp;   < → &lt;   > → &gt;   " → &quot;   ' → &#39;
    /// Control characters other than tab, newline and carriage return are not allowed in XML 1.0,
    /// so they become U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}

public enum ShellWords {
    /// One word as a POSIX shell reads it back unchanged (Printable.shellQuoted): bare when it is
    /// made only of characters no shell treats specially, else in single quotes with each '
    /// written '\'', or in $'…' when it holds control characters, so the hint prints safely too.
    public static func quote(_ word: String) -> String { Printable.shellQuoted(word) }

    /// A command line from its words, each quoted as needed.
    public static func join(_ words: [String]) -> String { words.map(quote).joined(separator: " ") }
}

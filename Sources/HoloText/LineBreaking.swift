// Where a line may end, and which way each piece of a line reads: the Unicode rules, from ICU.
//
// Line-break opportunities are UAX #14 (ICU's line break iterator, root locale): after a space
// run, after a hyphen, between CJK ideographs, inside URLs after "/" and before "?", and never
// inside a grapheme cluster or before closing punctuation. Bidirectional runs are UAX #9 (ICU's
// ubidi). Why ICU rather than FriBidi or libunibreak: it is one library for both, it is the one
// Apple's own text stack (Core Text) is built on, and Debian 12 ships it (libicu-dev, ICU 72).
//
// ICU's C names are macros for versioned symbols, which Swift cannot import; the C shim
// (Sources/CICUShim) wraps the few calls used here with fixed names. Offsets cross the boundary
// as UTF-16 code units and are turned into `String.Index` here, so callers never see UTF-16.

import CICUShim
import HoloGeometry
import HoloScene

/// A place a line may end: after the character before `index`.
public struct LineBreakOpportunity: Hashable, Sendable {
    /// The first character of the next line (the string's `endIndex` for the last opportunity).
    public var index: String.Index
    /// A mandatory break: after a newline (LF, CR, CR LF, NEL), a line or paragraph separator.
    public var isMandatory: Bool
    public init(index: String.Index, isMandatory: Bool) { self.index = index; self.isMandatory = isMandatory }
}

/// A piece of one line with one direction, in visual order within the line.
public struct BidiRun: Hashable, Sendable {
    public var range: Range<String.Index>
    public var direction: TextDirection
    public init(range: Range<String.Index>, direction: TextDirection) { self.range = range; self.direction = direction }
}

public enum LineBreaking {
    /// Every line-break opportunity in `string`, in order; the last is at `endIndex` (none for an
    /// empty string). Each lies on a `Character` boundary (an opportunity ICU would put inside a
    /// grapheme cluster, which UAX #14 does not, is dropped). When ICU fails (its data missing),
    /// the only opportunity is the end: the text stays one line rather than breaking anywhere.
    public static func opportunities(in string: String) -> [LineBreakOpportunity] {
        let key = ExactString(string)
        if let done = found.withLock({ $0[key] }) { return done }
        let out = breaking(string)
        found.withLock {
            if $0.count >= maxKept { $0.removeAll() }
            $0[key] = out
        }
        return out
    }

    /// Opportunities found, by string: a paragraph laid out at a new width (a morphing frame, a
    /// Dynamic Type size) breaks at the same places. ICU's iterator is opened once per string, not
    /// once per layout. Emptied when full (finding them again gives the same answer).
    private static let found = Locked([ExactString: [LineBreakOpportunity]]())
    static let maxKept = 8192

    private static func breaking(_ string: String) -> [LineBreakOpportunity] {
        let units = Array(string.utf16)
        guard !units.isEmpty else { return [] }
        var offsets = [Int32](repeating: 0, count: units.count + 1)
        var hard = [UInt8](repeating: 0, count: units.count + 1)
        let count = Int(holo_line_breaks(units, Int32(units.count), &offsets, &hard, Int32(offsets.count)))
        guard count > 0 else { return [LineBreakOpportunity(index: string.endIndex, isMandatory: false)] }
        let indices = characterIndices(string, atUTF16: offsets[0..<count].map { Int($0) })
        var out: [LineBreakOpportunity] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            guard let index = indices[i] else { continue }
            out.append(LineBreakOpportunity(index: index, isMandatory: hard[i] != 0))
        }
        if out.last?.index != string.endIndex { out.append(LineBreakOpportunity(index: string.endIndex, isMandatory: false)) }
        return out
    }

    /// The bidirectional runs of the line `line` (a range of `string`, one paragraph), in visual
    /// order (left to right on the screen), and the paragraph's direction: `paragraph` when given,
    /// else the first strong character's (left to right when there is none), as UAX #9's P2–P3.
    /// A line with one direction is one run. When ICU fails, the line is one run in the
    /// paragraph's direction.
    public static func bidiRuns(in string: String, line: Range<String.Index>,
                                paragraph: TextDirection? = nil) -> (paragraph: TextDirection, runs: [BidiRun]) {
        let units = Array(string.utf16)
        let start = string.utf16.distance(from: string.startIndex, to: line.lowerBound)
        let end = start + string.utf16.distance(from: line.lowerBound, to: line.upperBound)
        let level: Int32 = paragraph.map { $0 == .rightToLeft ? 1 : 0 } ?? -1
        let capacity = max(1, end - start)
        var starts = [Int32](repeating: 0, count: capacity), lengths = [Int32](repeating: 0, count: capacity)
        var rtl = [UInt8](repeating: 0, count: capacity)
        var resolved: Int32 = 0
        let count = Int(holo_bidi_runs(units, Int32(units.count), level, Int32(start), Int32(end),
                                       &starts, &lengths, &rtl, Int32(capacity), &resolved))
        let direction: TextDirection = count < 0 ? (paragraph ?? .leftToRight) : (resolved & 1 == 1 ? .rightToLeft : .leftToRight)
        guard count > 0 else { return (direction, line.isEmpty ? [] : [BidiRun(range: line, direction: direction)]) }
        var bounds: [Int] = []
        for i in 0..<count { bounds.append(Int(starts[i])); bounds.append(Int(starts[i] + lengths[i])) }
        let indices = scalarIndices(string, atUTF16: bounds)
        var runs: [BidiRun] = []
        for i in 0..<count {
            guard let a = indices[2 * i], let b = indices[2 * i + 1], a < b else { continue }
            runs.append(BidiRun(range: a..<b, direction: rtl[i] != 0 ? .rightToLeft : .leftToRight))
        }
        return (direction, runs)
    }

    /// The direction of `string` as one paragraph: its first strong character's (UAX #9 P2–P3),
    /// left to right when it has none. Text with no right-to-left character is answered without ICU.
    public static func paragraphDirection(of string: String) -> TextDirection {
        guard string.unicodeScalars.contains(where: \.mayBeRightToLeft) else { return .leftToRight }
        return bidiRuns(in: string, line: string.startIndex..<string.endIndex).paragraph
    }

    /// `String.Index` of each UTF-16 offset that is a `Character` boundary (nil for others), in one
    /// walk over the characters; `offsets` must be increasing.
    static func characterIndices(_ string: String, atUTF16 offsets: [Int]) -> [String.Index?] {
        var out = [String.Index?](repeating: nil, count: offsets.count)
        var k = 0, position = 0
        var index = string.startIndex
        while k < offsets.count {
            while k < offsets.count, offsets[k] < position { k += 1 }
            guard k < offsets.count else { break }
            if offsets[k] == position { out[k] = index; k += 1; continue }
            guard index < string.endIndex else { break }
            let next = string.index(after: index)
            position += string.utf16.distance(from: index, to: next)
            index = next
        }
        return out
    }

    /// `String.Index` of each UTF-16 offset on a Unicode scalar boundary (any order).
    static func scalarIndices(_ string: String, atUTF16 offsets: [Int]) -> [String.Index?] {
        offsets.map { offset in
            guard offset >= 0, offset <= string.utf16.count else { return nil }
            let i = string.utf16.index(string.utf16.startIndex, offsetBy: offset)
            return i.samePosition(in: string.unicodeScalars)
        }
    }
}

extension Unicode.Scalar {
    /// In a block of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic,
    /// their presentation forms, and the RTL blocks of the supplementary planes) or an explicit
    /// right-to-left mark, embedding, override or isolate. Text with none of these is one
    /// left-to-right run, so bidi analysis is skipped for it.
    public var mayBeRightToLeft: Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        case 0x200F, 0x202B, 0x202E, 0x2067, 0x061C: return true
        default: return false
        }
    }
}

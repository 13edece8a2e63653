// Fonts: which faces a Font means, the fallback chain behind them, and the one lock that guards
// FreeType and HarfBuzz.
//
// Why this shape: FreeType's FT_Library/FT_Face and HarfBuzz's hb_font are not thread-safe, but
// frames render in parallel. So every FreeType, HarfBuzz and fontconfig call happens inside
// `FontLibrary.state` (one Locked value), and everything a frame needs more than once is cached
// outside that lock: the faces a Font resolves to and their metrics (`FaceChain`), shaped runs in
// em units (`ShapedRunCache`, size-independent, so a run shrunk by fitting reuses its shaping) and
// rasterized glyphs (`GlyphCache`). A warm frame therefore never touches FreeType or HarfBuzz.
//
// Which faces (FontDiscovery.swift finds them through fontconfig and $HOLOFRAME_FONT_DIR):
//   the default family is Inter (Debian's fonts-inter), standing in for SF Pro, which cannot be
//   shipped; at 20 pt and above "Inter Display", as iOS switches to SF Pro Display above 20 pt.
//   Each weight is the family's own cut (Regular, Medium, SemiBold, Bold); a cut the family lacks
//   is synthesized from its regular by emboldening.
//   Behind it, glyph by glyph: DejaVu Sans → Noto Sans CJK (if installed) → Noto Color Emoji.
//   A character none has draws as the first face's .notdef and is reported once per cause (CJK,
//   emoji, other) per process (`FontLibrary.warningHandler`, MissingFontWarnings).

import CFreeType
import CHarfBuzz
import HoloScene
import HoloGeometry

#if canImport(Glibc)
import Glibc
#endif

public enum FontError: Error, Sendable, CustomStringConvertible, Equatable {
    /// No file for `weight` was found at any of `lookedFor`.
    case missingFont(weight: FontWeight, lookedFor: [String])
    /// No installed face has this family name.
    case missingFamily(String, installed: [String])
    /// A FreeType call failed with `code`.
    case freeType(call: String, code: Int32, path: String)
    /// The character at `character` (0-based) holds more combining marks in a row than
    /// StreamSafe.maxNonStarters.
    case tooManyCombiningMarks(character: Int)

    public var description: String {
        switch self {
        case .missingFont(let weight, let looked):
            return "font for weight \(weight.rawValue) not found; looked for: \(looked.joined(separator: ", ")). "
                + "To fix: install Debian package fonts-inter (apt-get install fonts-inter), "
                + "set HOLOFRAME_FONT_DIR, or pass --font."
        case .missingFamily(let family, let installed):
            let near = installed.isEmpty ? "" : " (closest installed: \(installed.joined(separator: ", ")))"
            return "font family \"\(family)\" not found by fontconfig or in $HOLOFRAME_FONT_DIR\(near). "
                + (family.lowercased().hasPrefix("inter") ? "To fix: apt-get install fonts-inter, or " : "To fix: ")
                + "install the family, set HOLOFRAME_FONT_DIR to a folder holding its files, or name another (`fc-list : family` lists them)."
        case .freeType(let call, let code, let path):
            return "FreeType \(call) failed with error \(code) for \(path)"
        case .tooManyCombiningMarks(let character):
            return "character \(character + 1) of a text holds more than \(StreamSafe.maxNonStarters) combining marks in a row, " +
                "past Unicode's stream-safe limit (UAX #15): each mark is shaped and drawn, so such text is refused; " +
                "keep at most \(StreamSafe.maxNonStarters) marks on one character"
        }
    }
}

/// Where one face's outlines come from.
@frozen
public struct FontSource: Hashable, Sendable {
    public var path: String
    /// The face's index in a collection file (0 for a single-face file).
    public var index: Int
    /// Extra stroke width added with FT_Outline_Embolden, as a fraction of the em (0 = none).
    public var emboldenEm: Double
    public init(path: String, index: Int = 0, emboldenEm: Double = 0) {
        self.path = path; self.index = index; self.emboldenEm = emboldenEm
    }
}

/// A face's metrics in font units; scale by pixelSize / unitsPerEm.
@frozen
public struct FaceMetrics: Sendable, Hashable {
    public var unitsPerEm: Double
    /// Above the baseline (positive).
    public var ascender: Double
    /// Below the baseline (positive).
    public var descender: Double
    /// Baseline-to-baseline distance.
    public var lineHeight: Double
    /// Height of the capitals (OS/2 sCapHeight; 0.7 em when the font has no OS/2 table).
    public var capHeight: Double
}

/// The faces one Font draws with: its own face first, then the fallbacks, in order.
public struct FaceChain: Sendable {
    /// Identity within its library (the shaped-run cache's key).
    let id: Int
    public let sources: [FontSource]
    let metrics: [FaceMetrics]
    /// Faces whose glyphs are colour bitmaps (drawn as colour, not as coverage).
    let isColor: [Bool]
    /// SF Pro's size-dependent tracking applies (the default family only; Tracking.swift).
    public let tracked: Bool
    public var primary: FontSource { sources[0] }
    public var primaryMetrics: FaceMetrics { metrics[0] }
}

public final class FontLibrary: Sendable {
    /// The family text uses when neither the scene nor `--font` names one.
    public static let defaultFamily = "Inter"
    /// Sizes (points) from which a family's "… Display" cut is used, if installed (SF Pro Display's switch).
    public static let displayFromPointSize = 20.0
    /// The per-glyph fallbacks, in order; families not installed are skipped.
    public static let fallbackFamilies = ["DejaVu Sans", "Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Color Emoji"]

    /// What the primary face of each Font is.
    enum Primary: Sendable, Hashable {
        /// A family, with optional files that replace some weights.
        case family(String, files: [FontWeight: String])
        /// One file for every weight (heavier weights synthesized by emboldening).
        case file(String)
    }

    /// The library every renderer shares unless the CLI passes `--font`.
    public static let shared = FontLibrary()

    let primary: Primary
    let state: Locked<FontState>
    let glyphs: GlyphCache
    let chains = Locked([ChainKey: Result<FaceChain, FontError>]())
    let shaped = ShapedRunCache()
    let paragraphs = Locked([ParagraphKey: Paragraph]())

    /// Inter, with the fallbacks.
    public convenience init() { self.init(paths: [:]) }

    /// `paths` replaces the default family's file for some weights; the others are found as usual.
    /// `glyphCacheBytes` caps the rasterized glyphs kept (least recently used go first).
    public convenience init(paths: [FontWeight: String], glyphCacheBytes: Int = 64 << 20) {
        self.init(primary: .family(Self.defaultFamily, files: paths), glyphCacheBytes: glyphCacheBytes)
    }

    /// `family` (a fontconfig family name) instead of Inter for text that names none.
    public convenience init(family: String, glyphCacheBytes: Int = 64 << 20) {
        self.init(primary: .family(family, files: [:]), glyphCacheBytes: glyphCacheBytes)
    }

    /// One font file for all text that names no family, every weight from it (medium, semibold
    /// and bold synthesized by emboldening when the file is a regular).
    public convenience init(file: String, glyphCacheBytes: Int = 64 << 20) {
        self.init(primary: .file(file), glyphCacheBytes: glyphCacheBytes)
    }

    init(primary: Primary, glyphCacheBytes: Int) {
        self.primary = primary
        glyphs = GlyphCache(maxBytes: glyphCacheBytes)
        state = Locked(FontState())
    }

    /// The faces `font` draws with (resolved once, then cached); throws when its family or file is missing.
    public func chain(for font: Font) throws -> FaceChain {
        let key = ChainKey(font)
        if let hit = chains.withLock({ $0[key] }) { return try hit.get() }
        let resolved: Result<FaceChain, FontError> = state.withLock { s in
            Result { try s.resolveChain(key, primary: primary) }.mapError { $0 as? FontError ?? .missingFont(weight: key.weight, lookedFor: []) }
        }
        chains.withLock { $0[key] = resolved }
        return try resolved.get()
    }

    /// The file (and emboldening) text of `weight` in the default family uses at body size.
    public func source(for weight: FontWeight) throws -> FontSource {
        try chain(for: Font(size: 17, weight: weight)).primary
    }

    /// Metrics of the default family's `weight` face in font units.
    public func metrics(for weight: FontWeight) throws -> FaceMetrics {
        try chain(for: Font(size: 17, weight: weight)).primaryMetrics
    }

    /// `string` laid out as a paragraph with this library's widths (`ParagraphLayout.layout`), kept:
    /// the next frame measures and draws the same paragraphs (a laid-out screen's labels are
    /// paragraphs: they have a wrap width and a line limit). A pure function of its inputs, so the
    /// cache changes no byte; it starts over past `maxCachedParagraphs`.
    public func paragraph(_ string: String, font: Font, style: ParagraphStyle) throws -> Paragraph {
        let key = ParagraphKey(string: ExactString(string), font: font, style: style)
        if let done = paragraphs.withLock({ $0[key] }) { return done }
        let m = try measure("", font: font)
        let laidOut = try ParagraphLayout.layout(string, font: font, style: style,
                                                 metrics: LineMetrics(ascent: m.ascent, descent: m.descent, lineHeight: m.lineHeight),
                                                 measure: { text, font throws in try measure(String(text), font: font).width })
        paragraphs.withLock {
            if $0.count >= Self.maxCachedParagraphs { $0.removeAll() }
            $0[key] = laidOut
        }
        return laidOut
    }

    /// Paragraphs kept by `paragraph(_:font:style:)`: more than any built-in screen draws.
    public static let maxCachedParagraphs = 4096

    struct ParagraphKey: Hashable {
        var string: ExactString, font: Font, style: ParagraphStyle
    }

    /// Number of rasterized glyphs held in the cache (for tests and benchmarks).
    public var cachedGlyphCount: Int { glyphs.count }
    /// Bytes the cached glyphs hold, and the most they may (counted in --max-memory).
    public var cachedGlyphBytes: Int { glyphs.bytes }
    public var glyphCacheLimit: Int { glyphs.maxBytes }
    /// Drops every cached glyph bitmap (the next frame rasterizes them again).
    public func clearGlyphCache() { glyphs.removeAll() }

    /// Opens the faces of every weight at text and display sizes now (loading is otherwise done by
    /// the first text drawn); a benchmark calls it before its first timed frame.
    public func loadFaces() throws {
        for weight in FontWeight.allCases {
            _ = try chain(for: Font(size: 17, weight: weight))
            _ = try chain(for: Font(size: 34, weight: weight))
        }
    }

    deinit {
        state.withLock { $0.close() }
    }
}

/// What a Font resolves by: its family (nil: the library's default), weight and text/display cut.
struct ChainKey: Hashable, Sendable {
    var family: String?
    var weight: FontWeight
    var display: Bool
    init(_ font: Font) {
        family = font.family
        weight = font.weight
        display = font.size >= FontLibrary.displayFromPointSize
    }
}

// MARK: - Warnings

extension FontLibrary {
    /// Where "no font has these characters" goes: by default standard error as "warning: …" (the
    /// CLI's other warnings' form); the CLI routes it through its own writer. Called at most once per
    /// cause (MissingFontWarnings) per process.
    public static var warningHandler: @Sendable (String) -> Void {
        get { warningSink.withLock { $0 } }
        set { warningSink.withLock { $0 = newValue } }
    }
    static let warningSink = Locked<@Sendable (String) -> Void>({ message in
        var line = "warning: \(message)\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    })
    /// The causes already reported in this process.
    static let reportedMissing = Locked(MissingFontWarnings())

    static func reportMissing(_ scalars: [Unicode.Scalar], in string: String) {
        for warning in reportedMissing.withLock({ $0.warnings(missing: scalars, in: string) }) { warningHandler(warning) }
    }
}

/// "No installed font has these characters", once per cause rather than once per character: one
/// CJK string used to print eight identical install hints. A cause is what would fix it: CJK
/// characters (install fonts-noto-cjk), emoji (fonts-noto-color-emoji), or any other character (a
/// font that has it). The first string that lacks a cause names its characters; later ones are
/// not reported again, as the fix is the same.
public struct MissingFontWarnings: Sendable {
    public enum Cause: String, Sendable, CaseIterable {
        case cjk = "CJK", emoji, other

        /// CJK: Han (with its extensions and compatibility forms), kana, Hangul, CJK symbols,
        /// fullwidth forms; emoji: what Unicode says presents as emoji by default, or the emoji blocks.
        public init(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
                 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3134F:
                self = .cjk
            case 0x1F000...0x1FAFF, 0x2600...0x27BF:
                self = .emoji
            default:
                self = scalar.properties.isEmojiPresentation ? .emoji : .other
            }
        }

        var fix: String {
            switch self {
            case .cjk: "Install a CJK font (Debian: fonts-noto-cjk)"
            case .emoji: "Install an emoji font (Debian: fonts-noto-color-emoji)"
            case .other: "Install a font that has them, or set HOLOFRAME_FONT_DIR to a folder holding one"
            }
        }
    }

    public private(set) var reported: Set<Cause> = []

    public init() {}

    /// The warnings for `missing` (the characters of `string` no installed font has), one per
    /// cause not reported before; the causes are then reported.
    public mutating func warnings(missing: [Unicode.Scalar], in string: String) -> [String] {
        var byCause: [Cause: [Unicode.Scalar]] = [:]
        for scalar in missing where !(byCause[Cause(scalar)]?.contains(scalar) ?? false) { byCause[Cause(scalar), default: []].append(scalar) }
        var out: [String] = []
        for cause in Cause.allCases {
            guard let scalars = byCause[cause], reported.insert(cause).inserted else { continue }
            let codes = scalars.prefix(3).map { scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }.joined(separator: ", ") + (scalars.count > 3 ? ", …" : "")
            let sample = string.count > 40 ? String(string.prefix(40)) + "…" : string
            let what = cause == .other ? "" : "\(cause.rawValue) "
            let characters = scalars.count == 1 ? "the \(what)character \(codes)" : "\(scalars.count) \(what)characters (\(codes))"
            out.append("no installed font has \(characters) of \"\(sample)\"; \(scalars.count == 1 ? "it draws as a missing-glyph box" : "they draw as missing-glyph boxes"). " +
                       "\(cause.fix); other \(cause == .other ? "such" : cause.rawValue) characters are not reported again.")
        }
        return out
    }
}

// MARK: - FreeType and HarfBuzz state

/// Load flags (FreeType's macros are not imported as constants into Swift).
@usableFromInline enum FTLoad {
    static let noScale: Int32 = 1 << 0
    static let noHinting: Int32 = 1 << 1
    static let noBitmap: Int32 = 1 << 3
    static let color: Int32 = 1 << 20
}

/// Everything that calls into FreeType, HarfBuzz or fontconfig; only used inside `FontLibrary.state.withLock`.
struct FontState: ~Copyable {
    var library: OpaquePointer?
    var faces: [FontSource: OpenFace] = [:]
    var directory: FontDirectory?
    var nextChainID = 0

    /// The process's one listing of installed faces (FontDiscovery.swift): fontconfig is asked once,
    /// under one lock, however many libraries there are.
    mutating func fontDirectory() -> FontDirectory {
        if let directory { return directory }
        let d = FontLibrary.withInstalled { $0 }
        directory = d
        return d
    }

    mutating func face(for source: FontSource) throws -> OpenFace {
        if let face = faces[source] { return face }
        if library == nil {
            var lib: OpaquePointer?
            let err = FT_Init_FreeType(&lib)
            guard err == 0 else { throw FontError.freeType(call: "FT_Init_FreeType", code: err, path: source.path) }
            library = lib
        }
        // Each source gets its own FT_Face (emboldening is per source; a few small files).
        // FreeType reads the file through the descriptor checked to be a regular file
        // (/proc/self/fd/N is that open file, whatever the path names meanwhile): never a FIFO.
        guard let fd = FontFile.openRegular(source.path, followLinks: true) else {
            throw FontError.freeType(call: "open (not a readable regular file)", code: 0, path: source.path)
        }
        defer { _ = Glibc.close(fd) }
        var ftFace: FT_Face?
        var err = FT_New_Face(library, "/proc/self/fd/\(fd)", FT_Long(source.index), &ftFace)
        if err != 0 && access("/proc/self/fd", F_OK) != 0 { err = FT_New_Face(library, source.path, FT_Long(source.index), &ftFace) }
        guard err == 0, let ftFace else { throw FontError.freeType(call: "FT_New_Face", code: err, path: source.path) }
        let face = OpenFace(face: ftFace, source: source)
        faces[source] = face
        return face
    }

    /// The faces of `key`: the primary (per `primary`), then each installed fallback family.
    mutating func resolveChain(_ key: ChainKey, primary: FontLibrary.Primary) throws -> FaceChain {
        var sources: [FontSource] = []
        var tracked = false
        if let family = key.family {
            sources.append(try familySource(family, key: key))
        } else {
            switch primary {
            case .file(let path):
                guard access(path, R_OK) == 0 else { throw FontError.missingFont(weight: key.weight, lookedFor: [path]) }
                sources.append(FontSource(path: path, emboldenEm: key.weight.synthesizedEmboldenEm))
            case .family(let family, let files):
                if let path = files[key.weight] {
                    guard access(path, R_OK) == 0 else { throw FontError.missingFont(weight: key.weight, lookedFor: [path]) }
                    sources.append(FontSource(path: path))
                } else {
                    sources.append(try familySource(family, key: key))
                }
                tracked = family == FontLibrary.defaultFamily
            }
        }
        let directory = fontDirectory()
        var haveCJK = false
        for family in FontLibrary.fallbackFamilies {
            // One CJK family is enough (the first installed).
            let isCJK = family.hasPrefix("Noto Sans CJK")
            if isCJK, haveCJK { continue }
            guard var source = directory.source(family: family, weight: key.weight) else { continue }
            // Colour bitmaps are never emboldened.
            if try face(for: FontSource(path: source.path, index: source.index)).isColorBitmap { source.emboldenEm = 0 }
            guard !sources.contains(source) else { continue }
            if isCJK { haveCJK = true }
            sources.append(source)
        }
        var metrics: [FaceMetrics] = []
        var isColor: [Bool] = []
        for source in sources {
            let face = try face(for: source)
            metrics.append(face.metrics)
            isColor.append(face.isColorBitmap)
        }
        nextChainID += 1
        return FaceChain(id: nextChainID, sources: sources, metrics: metrics, isColor: isColor, tracked: tracked)
    }

    /// `family`'s face for the key's weight, its "Display" cut at display sizes when installed.
    mutating func familySource(_ family: String, key: ChainKey) throws -> FontSource {
        let directory = fontDirectory()
        if key.display, let display = directory.source(family: family + " Display", weight: key.weight) { return display }
        if let source = directory.source(family: family, weight: key.weight) { return source }
        throw FontError.missingFamily(family, installed: directory.suggestions(for: family))
    }

    mutating func close() {
        for face in faces.values { face.close() }
        faces = [:]
        if let library { FT_Done_FreeType(library) }
        library = nil
    }
}

/// An open FT_Face, its HarfBuzz font, and what is known about it. Only touched under the lock.
final class OpenFace {
    let face: FT_Face
    let source: FontSource
    let metrics: FaceMetrics
    /// Stroke added by emboldening, in font units (also added to every advance).
    let emboldenUnits: Double
    /// Glyphs are colour bitmap strikes (CBDT/sbix: Noto Color Emoji), not outlines.
    let isColorBitmap: Bool
    /// A HarfBuzz font on the same face (hb-ft), scaled to font units: shaping is size-independent.
    let hbFont: OpaquePointer?
    var hasCharacter: [UInt32: Bool] = [:]
    /// The char size (26.6) or strike last set on `face`.
    var currentSize: Int = -1

    init(face: FT_Face, source: FontSource) {
        self.face = face; self.source = source
        let rec = face.pointee
        let upem = Double(rec.units_per_EM == 0 ? 2048 : rec.units_per_EM)
        var cap = 0.7 * upem
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self), os2.pointee.sCapHeight > 0 {
            cap = Double(os2.pointee.sCapHeight)
        }
        metrics = FaceMetrics(unitsPerEm: upem, ascender: Double(rec.ascender),
                              descender: -Double(rec.descender), lineHeight: Double(rec.height), capHeight: cap)
        emboldenUnits = source.emboldenEm * upem
        let hasColor = (rec.face_flags & (1 << 14)) != 0
        isColorBitmap = hasColor && rec.num_fixed_sizes > 0
        let hbFace = hb_ft_face_create_referenced(face)
        let font = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hbFont = font
    }

    func close() {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// The face maps `scalar` to a glyph (its cmap has it).
    func has(_ scalar: Unicode.Scalar) -> Bool {
        if let known = hasCharacter[scalar.value] { return known }
        let has = FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
        hasCharacter[scalar.value] = has
        return has
    }
}

// Fonts: which files, how they are found, and the one lock that guards FreeType.
//
// Why this shape: FreeType's FT_Library and FT_Face are not thread-safe, but frames render in
// parallel. So every FreeType call happens inside `FontLibrary.freeType` (a Locked value), and everything
// a frame needs more than once is cached outside that lock: per-face metrics in font units
// (`FaceMetrics`, copied out once) and rasterized glyphs (`GlyphCache`, its own lock). A warm frame
// therefore never touches FreeType at all.
//
// Fonts come from Debian's fonts-dejavu-core (SF Pro is not redistributable):
//   regular  = DejaVuSans.ttf
//   bold     = DejaVuSans-Bold.ttf
//   semibold = DejaVuSans.ttf emboldened by `FontLibrary.semiboldEmboldenEm` of the em
//              (FT_Outline_Embolden, advance widened by the same amount). DejaVu core ships no
//              semibold; a synthesized one keeps headline text visibly lighter than bold titles.
//              Passing an explicit `.semibold` path uses that file as-is, without emboldening.
// Search order for each file: $HOLOFRAME_FONT_DIR, then /usr/share/fonts/truetype/dejavu.

import CFreeType
import HoloScene
import HoloGeometry

#if canImport(Glibc)
import Glibc
#endif

public enum FontError: Error, Sendable, CustomStringConvertible, Equatable {
    /// No file for `weight` was found at any of `lookedFor`.
    case missingFont(weight: FontWeight, lookedFor: [String])
    /// A FreeType call failed with `code`.
    case freeType(call: String, code: Int32, path: String)

    public var description: String {
        switch self {
        case .missingFont(let weight, let looked):
            return "font for weight \(weight.rawValue) not found; looked for: \(looked.joined(separator: ", ")). "
                + "To fix: install Debian package fonts-dejavu-core (apt-get install fonts-dejavu-core), "
                + "set HOLOFRAME_FONT_DIR, or pass --font."
        case .freeType(let call, let code, let path):
            return "FreeType \(call) failed with error \(code) for \(path)"
        }
    }
}

/// Where one weight's outlines come from.
@frozen
public struct FontSource: Hashable, Sendable {
    public var path: String
    /// Extra stroke width added with FT_Outline_Embolden, as a fraction of the em (0 = none).
    public var emboldenEm: Double
    public init(path: String, emboldenEm: Double = 0) { self.path = path; self.emboldenEm = emboldenEm }
}

/// A face's metrics in font units; scale by pixelSize / unitsPerEm.
@frozen
public struct FaceMetrics: Sendable {
    public var unitsPerEm: Double
    /// Above the baseline (positive).
    public var ascender: Double
    /// Below the baseline (positive).
    public var descender: Double
    /// Baseline-to-baseline distance.
    public var lineHeight: Double
}

public final class FontLibrary: Sendable {
    /// Synthesized semibold: regular + this fraction of the em of stroke width (a choice, approx.:
    /// DejaVu Sans regular stems are ≈ 0.09 em and bold ≈ 0.15 em; semibold sits about halfway).
    public static let semiboldEmboldenEm = 1.0 / 32

    public static let fileNames: [FontWeight: String] = [.regular: "DejaVuSans.ttf", .bold: "DejaVuSans-Bold.ttf"]

    /// $HOLOFRAME_FONT_DIR (if set), then Debian's fonts-dejavu-core directory.
    public static var searchDirectories: [String] {
        var dirs: [String] = []
        if let env = getenv("HOLOFRAME_FONT_DIR"), let dir = String(validatingCString: env), !dir.isEmpty {
            dirs.append(dir)
        }
        dirs.append("/usr/share/fonts/truetype/dejavu")
        return dirs
    }

    /// The library every renderer shares unless the CLI passes `--font`.
    public static let shared = FontLibrary()

    /// Resolved sources, or the paths tried when a weight has none.
    let sources: [FontWeight: Result<FontSource, FontError>]
    let freeType: Locked<FreeTypeState>
    let glyphs: GlyphCache

    /// Fonts found on the search path.
    public convenience init() { self.init(paths: [:]) }

    /// `paths` overrides the file for a weight; the others are searched for as usual.
    /// `glyphCacheBytes` caps the rasterized glyphs kept (least recently used go first).
    public init(paths: [FontWeight: String], glyphCacheBytes: Int = 64 << 20) {
        glyphs = GlyphCache(maxBytes: glyphCacheBytes)
        var sources: [FontWeight: Result<FontSource, FontError>] = [:]
        for weight in [FontWeight.regular, .bold] {
            if let path = paths[weight] {
                sources[weight] = fileExists(path) ? .success(FontSource(path: path))
                    : .failure(.missingFont(weight: weight, lookedFor: [path]))
            } else {
                sources[weight] = Self.search(Self.fileNames[weight]!, weight: weight)
            }
        }
        if let path = paths[.semibold] {
            sources[.semibold] = fileExists(path) ? .success(FontSource(path: path))
                : .failure(.missingFont(weight: .semibold, lookedFor: [path]))
        } else {
            sources[.semibold] = sources[.regular]!.map {
                FontSource(path: $0.path, emboldenEm: Self.semiboldEmboldenEm)
            }.mapError { error in
                if case .missingFont(_, let looked) = error { return .missingFont(weight: .semibold, lookedFor: looked) }
                return error
            }
        }
        self.sources = sources
        self.freeType = Locked(FreeTypeState())
    }

    static func search(_ name: String, weight: FontWeight) -> Result<FontSource, FontError> {
        let candidates = searchDirectories.map { $0.hasSuffix("/") ? $0 + name : $0 + "/" + name }
        if let found = candidates.first(where: fileExists) { return .success(FontSource(path: found)) }
        return .failure(.missingFont(weight: weight, lookedFor: candidates))
    }

    /// The file (and emboldening) used for `weight`; throws the missing-font error if there is none.
    public func source(for weight: FontWeight) throws -> FontSource {
        try sources[weight]!.get()
    }

    /// Metrics of `weight`'s face in font units.
    public func metrics(for weight: FontWeight) throws -> FaceMetrics {
        let source = try source(for: weight)
        return try freeType.withLock { try $0.face(for: source).metrics }
    }

    /// Number of rasterized glyphs held in the cache (for tests and benchmarks).
    public var cachedGlyphCount: Int { glyphs.count }
    /// Bytes the cached glyphs hold, and the most they may (counted in --max-memory).
    public var cachedGlyphBytes: Int { glyphs.bytes }
    public var glyphCacheLimit: Int { glyphs.maxBytes }
    /// Drops every cached glyph bitmap (the next frame rasterizes them again).
    public func clearGlyphCache() { glyphs.removeAll() }

    /// Opens the face of every weight now (loading is otherwise done by the first text drawn);
    /// a benchmark calls it before its first timed frame.
    public func loadFaces() throws {
        for weight in [FontWeight.regular, .semibold, .bold] { _ = try metrics(for: weight) }
    }

    deinit {
        freeType.withLock { $0.close() }
    }
}

private func fileExists(_ path: String) -> Bool { access(path, R_OK) == 0 }

/// Load flags (FreeType's macros are not imported as constants into Swift).
@usableFromInline enum FTLoad {
    static let noScale: Int32 = 1 << 0
    static let noHinting: Int32 = 1 << 1
    static let noBitmap: Int32 = 1 << 3
}

/// Everything that calls into FreeType; only ever used inside `FontLibrary.freeType.withLock`.
struct FreeTypeState: ~Copyable {
    var library: OpaquePointer?
    var faces: [FontSource: OpenFace] = [:]

    mutating func face(for source: FontSource) throws -> OpenFace {
        if let face = faces[source] { return face }
        if library == nil {
            var lib: OpaquePointer?
            let err = FT_Init_FreeType(&lib)
            guard err == 0 else { throw FontError.freeType(call: "FT_Init_FreeType", code: err, path: source.path) }
            library = lib
        }
        // Faces with the same file share nothing here: emboldening is per source, so each source gets
        // its own FT_Face (two small files; the cost is negligible).
        var ftFace: FT_Face?
        let err = FT_New_Face(library, source.path, 0, &ftFace)
        guard err == 0, let ftFace else { throw FontError.freeType(call: "FT_New_Face", code: err, path: source.path) }
        let rec = ftFace.pointee
        let upem = Double(rec.units_per_EM)
        let embolden = source.emboldenEm * upem
        let metrics = FaceMetrics(unitsPerEm: upem, ascender: Double(rec.ascender),
                                  descender: -Double(rec.descender), lineHeight: Double(rec.height))
        let face = OpenFace(face: ftFace, source: source, metrics: metrics, emboldenUnits: embolden,
                            hasKerning: (rec.face_flags & (1 << 6)) != 0)
        faces[source] = face
        return face
    }

    mutating func close() {
        for face in faces.values { FT_Done_Face(face.face) }
        faces = [:]
        if let library { FT_Done_FreeType(library) }
        library = nil
    }
}

/// An open FT_Face and what is known about it. Only touched under the FreeType lock.
final class OpenFace {
    let face: FT_Face
    let source: FontSource
    let metrics: FaceMetrics
    /// Stroke added by emboldening, in font units (also added to every advance).
    let emboldenUnits: Double
    let hasKerning: Bool
    var glyphIndex: [UInt32: UInt32] = [:]
    var advance: [UInt32: Double] = [:]
    var kerning: [UInt64: Double] = [:]
    /// The char size (26.6) last set on `face`.
    var currentSize: Int = -1

    init(face: FT_Face, source: FontSource, metrics: FaceMetrics, emboldenUnits: Double, hasKerning: Bool) {
        self.face = face; self.source = source; self.metrics = metrics
        self.emboldenUnits = emboldenUnits; self.hasKerning = hasKerning
    }

    func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        if let g = glyphIndex[scalar.value] { return g }
        let g = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
        glyphIndex[scalar.value] = g
        return g
    }

    /// Unhinted advance in font units (emboldening included).
    func advanceUnits(_ glyph: UInt32) throws -> Double {
        if let a = advance[glyph] { return a }
        let err = FT_Load_Glyph(face, glyph, FTLoad.noScale | FTLoad.noHinting | FTLoad.noBitmap)
        guard err == 0 else { throw FontError.freeType(call: "FT_Load_Glyph", code: err, path: source.path) }
        let a = Double(face.pointee.glyph.pointee.advance.x) + emboldenUnits
        advance[glyph] = a
        return a
    }

    /// Pair kerning (the font's `kern` table) in font units.
    func kerningUnits(_ left: UInt32, _ right: UInt32) -> Double {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        let key = UInt64(left) << 32 | UInt64(right)
        if let k = kerning[key] { return k }
        var v = FT_Vector()
        let err = FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED.rawValue, &v)
        let k = err == 0 ? Double(v.x) : 0
        kerning[key] = k
        return k
    }
}

// Finding font files by family and weight: fontconfig, plus a directory the user names.
//
// Why fontconfig: it is how every Linux program finds fonts (Debian's font packages register
// themselves with it), so no path is written in the code: "Inter" is whatever file fontconfig
// knows as family Inter, wherever the distribution put it. $HOLOFRAME_FONT_DIR (if set) is added
// to fontconfig's application fonts and its files win over system files of the same family and
// weight: a CI machine or a test can pin exact font files without installing them.
//
// A weight a family does not ship is synthesized from the family's regular face with FreeType's
// emboldening (the way the DejaVu-only engine made its semibold): medium +1/64 em of stroke,
// semibold +1/32, bold +1/20. DejaVu Sans core ships Book and Bold only, so its medium and semibold
// are synthesized; Inter ships all four cuts, so nothing is.
//
// $HOLOFRAME_FONT_DIR is listed by Holoframe, never handed to fontconfig's folder scan (which
// opens every entry, and hangs on a FIFO): each entry is opened with O_NONBLOCK |
// O_NOFOLLOW and fstat'ed, and only regular files (no FIFOs, devices, folders or links) are added,
// one by one (FcConfigAppFontAddFile), in name order. FontLibrary opens a face's file the same way
// (O_NONBLOCK, a regular file checked on the descriptor) before FreeType reads it.
//
// Only fontconfig's font list is used (FcFontList), never its substitution rules (FcFontMatch):
// a family that is not installed is an error naming it, not a silent look-alike.

import CFontconfig
import HoloScene
import HoloGeometry

#if canImport(Glibc)
import Glibc
#endif

/// One face file fontconfig lists.
struct InstalledFace: Sendable {
    var path: String
    var index: Int
    /// Every family name the face gives (e.g. "Inter" and "Inter Medium").
    var families: [String]
    /// fontconfig's weight (80 regular, 100 medium, 180 semibold, 200 bold).
    var weight: Int
    /// 0 = roman.
    var slant: Int
    /// In $HOLOFRAME_FONT_DIR.
    var preferred: Bool
}

/// fontconfig weights of each FontWeight, and the stroke added when a family lacks the cut.
extension FontWeight {
    var fontconfigWeight: Int {
        switch self {
        case .regular: return 80
        case .medium: return 100
        case .semibold: return 180
        case .bold: return 200
        }
    }

    /// Em fraction of stroke added to the regular face when the family has no such cut.
    public var synthesizedEmboldenEm: Double {
        switch self {
        case .regular: return 0
        case .medium: return 1.0 / 64
        case .semibold: return 1.0 / 32
        case .bold: return 1.0 / 20
        }
    }
}

/// Every installed face, by lower-cased family name. Built once per FontLibrary (under its lock).
struct FontDirectory {
    /// The directory named by $HOLOFRAME_FONT_DIR, if set and not empty.
    static var overrideDirectory: String? {
        guard let env = getenv("HOLOFRAME_FONT_DIR"), let dir = String(validatingCString: env), !dir.isEmpty else { return nil }
        return dir
    }

    private(set) var families: [String: [InstalledFace]] = [:]

    init() {
        let dir = Self.overrideDirectory
        guard FcInit() != 0, let config = FcInitLoadConfigAndFonts() else { return }
        defer { FcConfigDestroy(config) }
        if let dir {
            for file in Self.regularFiles(in: dir) { _ = FcConfigAppFontAddFile(config, file) }
        }
        guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return }
        defer { FcPatternDestroy(pattern); FcObjectSetDestroy(objects) }
        for name in ["family", "file", "index", "weight", "slant"] { _ = FcObjectSetAdd(objects, name) }
        guard let set = FcFontList(config, pattern, objects) else { return }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let p = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(p, "file", 0, &file) == FcResultMatch, let file else { continue }
            let path = String(cString: file)
            var names: [String] = []
            var n: Int32 = 0
            var family: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(p, "family", n, &family) == FcResultMatch, let f = family {
                names.append(String(cString: f)); n += 1
            }
            var index: Int32 = 0, weight: Int32 = 80, slant: Int32 = 0
            _ = FcPatternGetInteger(p, "index", 0, &index)
            _ = FcPatternGetInteger(p, "weight", 0, &weight)
            _ = FcPatternGetInteger(p, "slant", 0, &slant)
            let face = InstalledFace(path: path, index: Int(index), families: names, weight: Int(weight), slant: Int(slant),
                                     preferred: dir.map { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } ?? false)
            for name in Set(names.map { $0.lowercased() }) { families[name, default: []].append(face) }
        }
        // Same order on every run: preferred directory first, then by path and index.
        for (k, v) in families {
            families[k] = v.sorted { ($0.preferred ? 0 : 1, $0.path, $0.index) < ($1.preferred ? 0 : 1, $1.path, $1.index) }
        }
    }

    /// The regular files directly in `folder`, by name: each entry opened O_NONBLOCK | O_NOFOLLOW
    /// and checked with fstat (a FIFO, a device, a folder or a link is skipped, never read).
    static func regularFiles(in folder: String) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted().map { base + $0 }.filter { FontFile.isRegular($0, followLinks: false) }
    }

    func has(family: String) -> Bool { families[family.lowercased()] != nil }

    /// The face for `weight` of `family`: the family's own cut (roman, weight within 5 of
    /// fontconfig's value), else its regular synthesized to the weight, else its nearest weight.
    /// Nil when no face of the family is installed.
    func source(family: String, weight: FontWeight) -> FontSource? {
        guard let faces = families[family.lowercased()] else { return nil }
        let roman = faces.filter { $0.slant == 0 }
        let candidates = roman.isEmpty ? faces : roman
        let target = weight.fontconfigWeight
        if let exact = candidates.first(where: { abs($0.weight - target) <= 5 }) {
            return FontSource(path: exact.path, index: exact.index)
        }
        if let regular = candidates.first(where: { abs($0.weight - 80) <= 5 }) {
            return FontSource(path: regular.path, index: regular.index, emboldenEm: weight.synthesizedEmboldenEm)
        }
        let nearest = candidates.min { abs($0.weight - target) < abs($1.weight - target) }!
        return FontSource(path: nearest.path, index: nearest.index)
    }

    /// Installed family names close to `name` (same first letter or containing it), for an error message.
    func suggestions(for name: String) -> [String] {
        let lower = name.lowercased()
        let hits = families.keys.filter { $0.contains(lower) || lower.contains($0) || $0.first == lower.first }
        return Array(Set(hits.compactMap { families[$0]?.first?.families.first })).sorted().prefix(8).map { $0 }
    }
}

/// A font file opened without blocking (a FIFO answers nothing) and checked on its descriptor.
enum FontFile {
    /// Opens `path` read-only with O_NONBLOCK (and O_NOFOLLOW unless `followLinks`); the
    /// descriptor when it is a regular file, else nil (closed).
    static func openRegular(_ path: String, followLinks: Bool) -> Int32? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { close(fd); return nil }
        return fd
    }

    static func isRegular(_ path: String, followLinks: Bool) -> Bool {
        guard let fd = openRegular(path, followLinks: followLinks) else { return false }
        close(fd)
        return true
    }
}

extension FontLibrary {
    /// The installed faces, listed once per process ($HOLOFRAME_FONT_DIR is read then): every
    /// FontLibrary and the questions asked before any rendering (a scene file's `"family"`) share
    /// it, and every fontconfig call happens under this lock.
    static let installed = Locked<FontDirectory?>(nil)

    static func withInstalled<T>(_ body: (FontDirectory) -> T) -> T {
        installed.withLock { d in
            if d == nil { d = FontDirectory() }
            return body(d!)
        }
    }

    /// A face of `family` is installed (fontconfig, or $HOLOFRAME_FONT_DIR).
    public static func isInstalled(family: String) -> Bool {
        withInstalled { $0.has(family: family) }
    }

    /// A few installed families with names close to `family` (for error messages).
    public static func installedFamilies(near family: String) -> [String] {
        withInstalled { $0.suggestions(for: family) }
    }
}

import HoloRaster
import HoloScene

/// The font library a render uses.
public enum FontOptions {
    /// The shared font library, or one that uses `override` (a TrueType file) for every weight.
    /// A file FreeType cannot open is a usage error that says so, not FreeType's error number.
    public static func library(override: String?) throws -> FontLibrary {
        guard let path = override else { return FontLibrary.shared }
        let library = FontLibrary(paths: [.regular: path, .semibold: path, .bold: path])
        do {
            _ = try library.metrics(for: .regular)
        } catch FontError.freeType(_, let code, _) {
            throw ClipUsageError("--font \(path): not a font FreeType can read (FreeType error \(code)); give a TrueType (.ttf) or OpenType (.otf) file")
        }
        return library
    }
}

/// A font library's faces as `TextFaces` publishes them: ascender and descender in ems.
struct LibraryFaceMetrics: FaceLineMetricsSource {
    let library: FontLibrary
    func lineMetrics(for weight: FontWeight) -> FaceLineMetrics? {
        guard let m = try? library.metrics(for: weight), m.unitsPerEm > 0 else { return nil }
        return FaceLineMetrics(ascender: m.ascender / m.unitsPerEm, descender: m.descender / m.unitsPerEm)
    }
}

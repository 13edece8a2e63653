import HoloRaster
import HoloScene

/// The font library a render uses.
public enum FontOptions {
    /// The shared font library, or one that uses `override` (a TrueType file) for every weight.
    public static func library(override: String?) throws -> FontLibrary {
        guard let path = override else { return FontLibrary.shared }
        let library = FontLibrary(paths: [.regular: path, .semibold: path, .bold: path])
        _ = try library.metrics(for: .regular)
        return library
    }
}

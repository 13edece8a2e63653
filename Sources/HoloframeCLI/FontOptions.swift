// `--font`: which font text that names no family of its own uses.
//
// The argument is a font FILE when it names one that exists (a path, e.g. `./Brand-Regular.otf`
// or `/usr/share/fonts/…/X.ttf`): that file draws every weight of such text; medium, semibold and
// bold are synthesized from it by emboldening (1/64, 1/32, 1/20 em of stroke), since one file is
// one cut. Otherwise it is a font FAMILY name as fontconfig knows it (`fc-list : family`), e.g.
// `--font "DejaVu Sans"`: each weight is the family's own cut when installed (synthesized when
// not), and its "… Display" cut at 20 pt and above when there is one. Either way, text nodes that
// name a family (`"family"` in scene files) keep theirs, characters the font lacks still fall back
// to DejaVu Sans → Noto Sans CJK → Noto Color Emoji, and SF Pro's size-dependent tracking (which
// Inter gets as the stand-in for the system font) is not applied.

import Foundation
import Holoframe

/// The font library a render uses.
enum FontOptions {
    /// The shared font library (Inter), or one whose default font is `override`: a font file when
    /// a file of that name exists, else a family name. A file FreeType cannot open or a family not
    /// installed is a usage error that says which.
    static func library(override: String?) throws -> FontLibrary {
        guard let name = override else { return FontLibrary.shared }
        if isFile(name) {
            let library = FontLibrary(file: name)
            do {
                _ = try library.metrics(for: .regular)
            } catch FontError.freeType(_, let code, _) {
                throw ClipUsageError("--font \(name): not a font FreeType can read (FreeType error \(code)); give a TrueType (.ttf) or OpenType (.otf) file, or a family name")
            }
            return library
        }
        let library = FontLibrary(family: name)
        do {
            _ = try library.metrics(for: .regular)
        } catch let error as FontError {
            throw ClipUsageError("--font \(name): no such file, and \(error)")
        }
        return library
    }

    /// `--font` names an existing file (not a directory).
    static func isFile(_ name: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

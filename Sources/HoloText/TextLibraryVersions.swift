// The versions of the text libraries this process runs with, asked of the libraries themselves
// (not the headers the package was built against: a system update swaps the shared library under
// an unchanged binary), and the version string a font file carries in its name table.
//
// Why: a golden is exact, and exact depends on what drew it. FreeType's rasterizer and hinting,
// HarfBuzz's shaping, ICU's line breaking and fontconfig's choice of face all decide pixels, so
// goldens record these (Holoframe's GoldenProvenance) and `golden verify` names the ones that
// differ when a golden does not match.

import CFontconfig
import CFreeType
import CHarfBuzz
import CICUShim

public enum TextLibraryVersions {
    /// FreeType's FT_Library_Version of a library made for the question, e.g. "2.12.1"; nil when
    /// FreeType cannot start.
    public static var freeType: String? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// hb_version_string(), e.g. "6.0.0".
    public static var harfBuzz: String { String(cString: hb_version_string()) }

    /// FcGetVersion() as major.minor.revision (it is major·10000 + minor·100 + revision), e.g. "2.14.1".
    public static var fontconfig: String {
        let v = Int(FcGetVersion())
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }

    /// ICU's u_getVersion(), e.g. "72.1".
    public static var icu: String {
        var text = [CChar](repeating: 0, count: 32)
        holo_icu_version(&text, Int32(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The version string in a font file's name table (name ID 5, e.g. "Version 4.000"), read
    /// with HarfBuzz; nil when the file cannot be read or has none. `index` is the face in a collection.
    public static func fontVersion(path: String, index: Int = 0) -> String? {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(index)) else { return nil }
        defer { hb_face_destroy(face) }
        var length: UInt32 = 128
        var text = [CChar](repeating: 0, count: Int(length))
        let total = hb_ot_name_get_utf8(face, hb_ot_name_id_t(HB_OT_NAME_ID_VERSION_STRING), nil, &length, &text)
        guard total > 0 else { return nil }
        return String(decoding: text.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

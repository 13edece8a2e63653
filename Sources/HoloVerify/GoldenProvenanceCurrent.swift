// This process's GoldenProvenance (HoloGolden): the build identity, the versions of the libraries
// that decide pixels as they report them at run time, and the default family's font files.

import Foundation
import HoloExport
import HoloGeometry
import HoloGolden
import HoloPNG
import HoloText

extension GoldenProvenance {
    /// What draws with `fonts` in this process. The default family's files (each weight's text and
    /// display cut) by their name-table version and digest (RenderRecord.digest); the fallbacks
    /// behind them by size only, as RenderRecord keeps them (Noto Color Emoji is 11 MB).
    /// Gathered once per font library and process (the fonts' digests read 2 MB).
    public static func current(fonts: FontLibrary) -> GoldenProvenance {
        let key = ObjectIdentifier(fonts)
        if let known = gathered.withLock({ $0[key] }) { return known }
        let provenance = gather(fonts: fonts)
        gathered.withLock { $0[key] = provenance }
        return provenance
    }

    private static let gathered = Locked<[ObjectIdentifier: GoldenProvenance]>([:])

    private static func gather(fonts: FontLibrary) -> GoldenProvenance {
        var libraries = ["HarfBuzz": TextLibraryVersions.harfBuzz, "ICU": TextLibraryVersions.icu,
                         "fontconfig": TextLibraryVersions.fontconfig, "libpng": PNG.libraryVersion]
        libraries["FreeType"] = TextLibraryVersions.freeType
        let (faces, fallbacks) = fonts.defaultFontFiles
        var files: [String: String] = [:]
        for path in faces {
            guard let bytes = try? InputFile.read(path, maxBytes: InputFile.defaultMaxBytes) else { continue }
            let version = TextLibraryVersions.fontVersion(path: path).map { "\($0), " } ?? ""
            files[PathSplit(path).name] = version + "digest " + RenderRecord.digest(bytes)
        }
        for path in fallbacks where !faces.contains(path) {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { continue }
            files[PathSplit(path).name] = "\(size) bytes"
        }
        return GoldenProvenance(renderer: "holoframe \(HoloframeVersion.current)", build: HoloframeVersion.build ?? "unknown",
                                libraries: libraries, fonts: files)
    }
}

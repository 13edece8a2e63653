// What drew a folder's goldens, kept beside them as `provenance.json`:
//
//   {"renderer": "holoframe 0.1.0", "build": "3f2a…",
//    "libraries": {"FreeType": "2.12.1", "HarfBuzz": "6.0.0", "ICU": "72.1", "fontconfig": "2.14.1", "libpng": "1.6.39"},
//    "fonts": {"Inter-Regular.otf": "Version 4.000, digest 1a2b3c4d5e6f7a8b", "DejaVuSans.ttf": "757076 bytes", …}}
//
// Goldens are exact, and exact holds only for the same code, the same text libraries and the same
// font files: FreeType's rasterizer, HarfBuzz's shaping and a font's outlines all decide pixels.
// So recording writes the recorder's provenance into the folder, and a verify that finds a
// mismatch compares it with its own and says what differs ("recorded with FreeType 2.13.2 …,
// verifying with FreeType 2.12.1 …"), which is the usual reason goldens recorded on a laptop fail
// in CI. A recording run writes it into each folder whose goldens it drew all matched or were
// recorded (GoldenStore.recordProvenance), so it is true of them; only when its content changes,
// so re-recording on the same machine leaves it alone.
// Holoframe's GoldenProvenance+Current gathers the running process's own.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HoloGeometry
import HoloPNG

public struct GoldenProvenance: Sendable, Hashable, Codable {
    /// The file kept in each golden folder.
    public static let fileName = "provenance.json"

    /// "holoframe 0.1.0".
    public var renderer: String
    /// The build identity of the program that recorded (HoloframeVersion.build), or "unknown".
    public var build: String
    /// Library name → version of the library the process ran with.
    public var libraries: [String: String]
    /// Font file name → "Version 4.000, digest …" (the default family's files) or "N bytes" (fallbacks).
    public var fonts: [String: String]

    public init(renderer: String, build: String, libraries: [String: String], fonts: [String: String]) {
        self.renderer = renderer; self.build = build; self.libraries = libraries; self.fonts = fonts
    }

    /// The file's bytes: sorted keys, one entry a line, so a review sees what changed.
    public var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [10]
    }

    /// What a folder holds: no provenance file, one that cannot be read, or the recorded provenance.
    public enum Recorded: Sendable, Equatable {
        case absent
        case unreadable
        case recorded(GoldenProvenance)
    }

    /// The provenance file of the golden folder `folder`.
    public static func recorded(inFolder folder: String) -> Recorded {
        let path = folder + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return .absent }
        guard let bytes = try? InputFile.read(path, maxBytes: 1 << 20) else { return .unreadable }
        return parse(bytes).map(Recorded.recorded) ?? .unreadable
    }

    /// Parses a provenance file (HoloGeometry's JSON parser, as for every file Holoframe reads); nil
    /// when it lacks a field or has one of the wrong kind.
    public static func parse(_ bytes: [UInt8]) -> GoldenProvenance? {
        guard case .object(let o)? = try? JSONValue.parse(bytes),
              case .string(let renderer)? = o["renderer"], case .string(let build)? = o["build"],
              let libraries = strings(o["libraries"]), let fonts = strings(o["fonts"]) else { return nil }
        return GoldenProvenance(renderer: renderer, build: build, libraries: libraries, fonts: fonts)
    }

    private static func strings(_ value: JSONValue?) -> [String: String]? {
        guard case .object(let o)? = value else { return nil }
        var out: [String: String] = [:]
        for (key, value) in o {
            guard case .string(let s) = value else { return nil }
            out[key] = s
        }
        return out
    }

    /// Writes the file into `folder` unless it already holds these bytes.
    public func write(toFolder folder: String) throws {
        let path = folder + "/" + Self.fileName
        let bytes = encoded
        if let old = try? InputFile.read(path, maxBytes: 1 << 20), old == bytes { return }
        try AtomicFile.write(bytes, to: path)
    }

    /// What differs from `recorded`, libraries and fonts first (they are what make exact goldens
    /// differ between machines), the build last: ("FreeType 2.13.2", "FreeType 2.12.1") pairs of
    /// then and now. A library or font present on one side only shows as "no X" on the other.
    public func differences(from recorded: GoldenProvenance) -> [(then: String, now: String)] {
        var out: [(String, String)] = []
        for name in Set(recorded.libraries.keys).union(libraries.keys).sorted() where recorded.libraries[name] != libraries[name] {
            out.append((recorded.libraries[name].map { "\(name) \($0)" } ?? "no \(name)", libraries[name].map { "\(name) \($0)" } ?? "no \(name)"))
        }
        // A new font release changes every file of the family: two are named, the rest counted.
        let changedFonts = Set(recorded.fonts.keys).union(fonts.keys).sorted().filter { recorded.fonts[$0] != fonts[$0] }
        for name in changedFonts.prefix(2) {
            out.append((recorded.fonts[name].map { "\(name) (\($0))" } ?? "no \(name)", fonts[name].map { "\(name) (\($0))" } ?? "no \(name)"))
        }
        if changedFonts.count > 2 {
            let more = changedFonts.count - 2 == 1 ? "1 other font file" : "\(changedFonts.count - 2) other font files"
            out.append((more, more))
        }
        if recorded.renderer != renderer || recorded.build != build {
            out.append(("\(recorded.renderer), build \(recorded.build.prefix(12))", "\(renderer), build \(build.prefix(12))"))
        }
        return out
    }

    /// The paragraph a failed verify prints for the folder `folder`, or nil when the recorded
    /// provenance is this one (then the difference is in the code's output or the clip, not in
    /// what drew it).
    public func mismatchNote(folder: String, recorded: Recorded) -> String? {
        switch recorded {
        case .absent:
            return "\(folder) has no \(Self.fileName) (recorded before goldens kept what drew them), so a change of " +
                "FreeType, HarfBuzz or the fonts cannot be told from a change of the picture; this run drew with " +
                summary + ". " + Self.fix
        case .unreadable:
            return "\(folder)/\(Self.fileName) cannot be read; this run drew with \(summary). " + Self.fix
        case .recorded(let then):
            let changes = differences(from: then)
            guard !changes.isEmpty else { return nil }
            let onlyBuild = then.libraries == libraries && then.fonts == fonts
            return "the goldens in \(folder) were recorded with \(Self.list(changes.map(\.then))), verifying with " +
                "\(Self.list(changes.map(\.now)))" +
                (onlyBuild ? " (the same libraries and fonts: the code changed)." : ". " + Self.fix)
        }
    }

    /// The libraries and the default family's font files (their count and distinct versions),
    /// for a sentence.
    public var summary: String {
        let families = fonts.values.filter { $0.contains("digest") }
        var versions: [String] = []
        for value in families.sorted() {
            let version = value.components(separatedBy: ", digest").first!
            if !version.hasPrefix("digest"), !versions.contains(version) { versions.append(version) }
        }
        let files = families.count == 1 ? "1 font file" : "\(families.count) font files"
        return Self.list(libraries.keys.sorted().map { "\($0) \(libraries[$0]!)" } +
                         [files + (versions.isEmpty ? "" : " (\(versions.joined(separator: "; ")))")])
    }

    /// How to make goldens and CI agree, as docs/goldens.md explains it.
    public static let fix = "Exact goldens hold only where the libraries and fonts are the ones that recorded them: " +
        "record them in the image CI runs, or pin the fonts (HOLOFRAME_FONT_DIR; docs/goldens.md, \"Goldens across machines\"), " +
        "or verify with --tolerance ci."

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return "nothing"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}

// HoloText's shaping, fonts and fallback: what HarfBuzz gives that a cmap walk cannot (GPOS
// kerning, GSUB ligatures, right-to-left order), Inter's real cuts, the Display switch, the
// fallback chain and the once-per-cause missing-glyph warning.

import HoloGeometry
import HoloScene
@testable import HoloText
import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ShapingTests {
    let library = FontLibrary()

    /// Sum of the glyphs' own advances, one string per glyph (no pair adjustments).
    func separateWidth(_ s: String, _ font: Font) throws -> Double {
        try s.map { try library.shape(String($0), font: font).advance }.reduce(0, +) * font.size
    }

    @Test func interKernsThroughGPOS() throws {
        let font = Font(size: 17)
        let av = try library.shape("AV", font: font).advance * font.size
        #expect(av < (try separateWidth("AV", font)) - 0.3, "HarfBuzz applies Inter's GPOS kern A–V")
        // "To" kerns too; "HH" does not.
        #expect(try library.shape("To", font: font).advance * 17 < (try separateWidth("To", font)) - 0.3)
        #expect(abs(try library.shape("HH", font: font).advance * 17 - (try separateWidth("HH", font))) < 1e-9)
    }

    @Test func dejaVuLigatesFi() throws {
        // DejaVu Sans's GSUB `liga` turns "fi" into one glyph (U+FB01's).
        let font = Font(size: 17, family: "DejaVu Sans")
        let fi = try library.shape("fi", font: font)
        #expect(fi.glyphs.count == 1)
        #expect(try library.shape("f i", font: font).glyphs.count == 3)
    }

    @Test func hebrewShapesRightToLeftThroughTheFallback() throws {
        // Inter has no Hebrew: DejaVu Sans (the first fallback) draws it, right to left.
        let shalom = "שלום"
        let run = try library.shape(shalom, font: Font(size: 17))
        #expect(run.direction == .rightToLeft)
        #expect(run.glyphs.count == 4)
        // Visual order left to right: the last letter first (clusters descend).
        #expect(run.glyphs.map(\.cluster) == [3, 2, 1, 0])
        let chain = try library.chain(for: Font(size: 17))
        #expect(run.glyphs.allSatisfy { chain.sources[$0.face].path.contains("DejaVu") })
        // Forcing left-to-right keeps logical order.
        #expect(try library.shape(shalom, font: Font(size: 17), direction: .leftToRight).glyphs.map(\.cluster) == [0, 1, 2, 3])
        // Latin is guessed left to right.
        #expect(try library.shape("Reps", font: Font(size: 17)).direction == .leftToRight)
    }

    @Test func arabicJoins() throws {
        // Arabic letters take joining forms (GSUB init/medi/fina): "بب" is not two isolated "ب".
        let font = Font(size: 17)
        let isolated = try library.shape("ب", font: font).glyphs[0].glyph
        let pair = try library.shape("بب", font: font).glyphs
        #expect(pair.count == 2)
        #expect(pair.allSatisfy { $0.glyph != isolated })
    }

    @Test func everyWeightIsItsOwnCut() throws {
        var paths: [FontWeight: FontSource] = [:]
        for weight in FontWeight.allCases { paths[weight] = try library.source(for: weight) }
        #expect(Set(paths.values.map(\.path)).count == 4, "four files: \(paths)")
        #expect(paths.values.allSatisfy { $0.emboldenEm == 0 }, "Inter ships every cut: nothing synthesized")
        // Medium is wider than regular and narrower than semibold.
        func width(_ w: FontWeight) throws -> Double { try library.measure("Medium weight", font: Font(size: 17, weight: w)).width }
        #expect(try width(.regular) < width(.medium))
        #expect(try width(.medium) < width(.semibold))
        // DejaVu Sans has no medium or semibold: synthesized from Book by emboldening.
        let dejaVu = try library.chain(for: Font(size: 17, weight: .medium, family: "DejaVu Sans")).primary
        #expect(dejaVu.emboldenEm == FontWeight.medium.synthesizedEmboldenEm)
    }

    @Test func displayCutFromTwentyPoints() throws {
        let text = try library.chain(for: Font(size: 19.9, weight: .bold)).primary
        let display = try library.chain(for: Font(size: 20, weight: .bold)).primary
        #expect(text != display)
        #expect(FontLibrary.isInstalled(family: "Inter Display"))
        // A family without a Display cut keeps its face.
        #expect(try library.chain(for: Font(size: 19, family: "DejaVu Sans")).primary
                == library.chain(for: Font(size: 34, family: "DejaVu Sans")).primary)
    }

    @Test func trackingFollowsTheTable() {
        #expect(SystemTracking.em(atPointSize: 17) == -0.026)
        #expect(SystemTracking.em(atPointSize: 12) == 0)
        #expect(abs(SystemTracking.em(atPointSize: 12.5) - -0.003) < 1e-12)
        #expect(SystemTracking.em(atPointSize: 2) == SystemTracking.em(atPointSize: 6))
        // Applied to the default family only.
        let tracked = try? library.measure("Tracking", font: Font(size: 17)).width
        let shapedOnly = try? library.shape("Tracking", font: Font(size: 17)).advance * 17
        #expect(abs(tracked! - (shapedOnly! + 7 * -0.026 * 17)) < 1e-9)
    }

    @Test func emojiComesFromTheColourFace() throws {
        let chain = try library.chain(for: Font(size: 17))
        let run = try library.shape("Hi 🎉", font: Font(size: 17))
        #expect(run.hasColorGlyphs)
        let party = try #require(run.glyphs.last)
        #expect(chain.isColor[party.face])
        // The text before it stays Inter's.
        #expect(run.glyphs.first!.face == 0)
    }

    @Test func japaneseDrawsWhenCJKIsInstalled() throws {
        let run = try library.shape("日本語", font: Font(size: 17))
        let chain = try library.chain(for: Font(size: 17))
        let cjk = chain.sources.contains { $0.path.contains("CJK") }
        // With fonts-noto-cjk every glyph is a real one; without it they are .notdef (0).
        #expect(run.glyphs.allSatisfy { $0.glyph != 0 } == cjk)
    }

    @Test func unknownFamilyIsNamed() {
        let error = #expect(throws: FontError.self) { try library.measure("x", font: Font(size: 17, family: "No Such Family Holo")) }
        #expect(String(describing: error!).contains("\"No Such Family Holo\" not found"))
    }
}

/// Warnings are process-wide (once per character), so this suite owns the handler while it runs.
@Suite(.serialized) struct MissingGlyphTests {
    @Test func aCharacterNoFontHasWarnsOnceAndDrawsNotdef() throws {
        let seen = Locked([String]())
        let previous = FontLibrary.warningHandler
        FontLibrary.warningHandler = { message in seen.withLock { $0.append(message) }; previous(message) }
        defer { FontLibrary.warningHandler = previous }
        // U+10FFFD: a private-use character no installed font maps.
        let missing = "a\u{10FFFD}b"
        let library = FontLibrary()
        let run = try library.shape(missing, font: Font(size: 17))
        #expect(run.glyphs.count == 3)
        #expect(run.glyphs[1].glyph == 0 && run.glyphs[1].face == 0, "the first face's .notdef")
        #expect(run.glyphs[1].advance > 0, ".notdef has a box's width")
        // Again, in another string, another size and another library: no second warning.
        _ = try library.shape("x\u{10FFFD}", font: Font(size: 30))
        _ = try FontLibrary().shape(missing, font: Font(size: 17))
        // Once per cause and process: another test may have reported a character of this cause
        // first (MissingFontWarningsTests holds the exact rule), but never twice.
        let mine = seen.withLock { $0.filter { $0.contains("U+10FFFD") } }
        #expect(mine.count <= 1, "\(mine)")
        if let warning = mine.first { #expect(warning.contains("no installed font has the character U+10FFFD"), "\(warning)") }
    }
}

/// The rule behind the process's warnings, on a fresh value: one warning per cause, not per character.
@Suite struct MissingFontWarningsTests {
    @Test func oneCJKStringWarnsOnceNamingItsCharacters() {
        var warnings = MissingFontWarnings()
        let text = "你好世界再见朋友"
        let first = warnings.warnings(missing: Array(text.unicodeScalars), in: text)
        #expect(first.count == 1, "\(first)")
        #expect(first.first?.hasPrefix("no installed font has 8 CJK characters (U+4F60, U+597D, U+4E16, …) of \"你好世界再见朋友\"") == true, "\(first)")
        #expect(first.first?.contains("fonts-noto-cjk") == true)
        // More CJK later: the fix is the same, so nothing more.
        #expect(warnings.warnings(missing: Array("谢谢".unicodeScalars), in: "谢谢").isEmpty)
    }

    @Test func eachCauseWarnsOnce() {
        var warnings = MissingFontWarnings()
        let mixed: [Unicode.Scalar] = ["\u{4F60}", "\u{1F600}", "\u{10FFFD}", "\u{1F600}"]
        let lines = warnings.warnings(missing: mixed, in: "你😀\u{10FFFD}")
        #expect(lines.count == 3, "\(lines)")
        #expect(lines[0].contains("the CJK character U+4F60") && lines[0].contains("fonts-noto-cjk"))
        #expect(lines[1].contains("the emoji character U+1F600") && lines[1].contains("fonts-noto-color-emoji"))
        #expect(lines[2].contains("the character U+10FFFD") && lines[2].contains("it draws as a missing-glyph box"))
        #expect(warnings.reported == Set(MissingFontWarnings.Cause.allCases))
        #expect(warnings.warnings(missing: ["\u{10FFFC}"], in: "\u{10FFFC}").isEmpty)
    }
}

/// $HOLOFRAME_FONT_DIR: its files join fontconfig's and win over system files of the same family
/// and weight. (The process-wide listing is made before the variable is set, so no other test sees
/// the temporary folder.)
@Suite(.serialized) struct FontDirectoryTests {
    @Test func theOverrideFolderWinsForItsFamily() throws {
        _ = FontLibrary.isInstalled(family: "Inter")
        let system = try #require(FontDirectory().source(family: "DejaVu Sans", weight: .bold))
        let dir = "/tmp/holotext-fontdir-\(getpid())"
        mkdir(dir, 0o755)
        defer { unlink(dir + "/Copy-Bold.ttf"); rmdir(dir) }
        // A copy of the system's DejaVu Sans Bold under another name.
        let src = try #require(fopen(system.path, "rb")), dst = try #require(fopen(dir + "/Copy-Bold.ttf", "wb"))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, src)
            if n == 0 { break }
            fwrite(buffer, 1, n, dst)
        }
        fclose(src); fclose(dst)
        setenv("HOLOFRAME_FONT_DIR", dir, 1)
        defer { unsetenv("HOLOFRAME_FONT_DIR") }
        let listed = FontDirectory()
        #expect(listed.source(family: "DejaVu Sans", weight: .bold)?.path == dir + "/Copy-Bold.ttf")
        // Other weights still come from the system.
        #expect(listed.source(family: "DejaVu Sans", weight: .regular)?.path.hasPrefix(dir) == false)
    }

    /// A FIFO in the folder (and a folder, a device-less link) hung fontconfig's folder scan
    /// (issue 41): Holoframe lists the folder itself and adds regular files only. Listed on a
    /// thread with a bounded wait, so a hang fails instead of stopping the test run.
    @Test func aFIFOInTheOverrideFolderIsSkipped() throws {
        _ = FontLibrary.isInstalled(family: "Inter")
        let system = try #require(FontDirectory().source(family: "DejaVu Sans", weight: .bold))
        let dir = "/tmp/holotext-fontdir-fifo-\(getpid())"
        mkdir(dir, 0o755)
        defer {
            for name in ["a.fifo", "Copy-Bold.ttf", "link.ttf"] { unlink(dir + "/" + name) }
            rmdir(dir + "/folder.ttf"); rmdir(dir)
        }
        #expect(mkfifo(dir + "/a.fifo", 0o644) == 0)
        mkdir(dir + "/folder.ttf", 0o755)
        symlink(system.path, dir + "/link.ttf")
        let bytes = try #require(FileManager.default.contents(atPath: system.path))
        #expect(FileManager.default.createFile(atPath: dir + "/Copy-Bold.ttf", contents: bytes))
        #expect(FontDirectory.regularFiles(in: dir) == [dir + "/Copy-Bold.ttf"])
        setenv("HOLOFRAME_FONT_DIR", dir, 1)
        defer { unsetenv("HOLOFRAME_FONT_DIR") }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var path: String?
        Thread { path = FontDirectory().source(family: "DejaVu Sans", weight: .bold)?.path; done.signal() }.start()
        #expect(done.wait(timeout: .now() + 20) == .success, "listing the font folder hung")
        #expect(path == dir + "/Copy-Bold.ttf")
    }
}

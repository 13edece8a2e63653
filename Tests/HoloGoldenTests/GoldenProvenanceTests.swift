import Foundation
import HoloGolden
import HoloPixels
import Testing

/// What drew a folder's goldens: written when they are recorded, named on a mismatch.
@Suite struct GoldenProvenanceTests {
    static let laptop = GoldenProvenance(
        renderer: "holoframe 0.1.0", build: "aaaaaaaaaaaaaaaa",
        libraries: ["FreeType": "2.13.2", "HarfBuzz": "8.3.0", "libpng": "1.6.43"],
        fonts: ["Inter-Regular.otf": "Version 4.000, digest 1111", "DejaVuSans.ttf": "757076 bytes"])
    static let ciImage = GoldenProvenance(
        renderer: "holoframe 0.1.0", build: "bbbbbbbbbbbbbbbb",
        libraries: ["FreeType": "2.12.1", "HarfBuzz": "8.3.0", "libpng": "1.6.43"],
        fonts: ["Inter-Regular.otf": "Version 3.19, digest 2222", "DejaVuSans.ttf": "757076 bytes"])

    func store(_ sandbox: Sandbox, _ mode: RecordMode, _ provenance: GoldenProvenance) -> GoldenStore {
        var store = sandbox.store(mode)
        store.provenance = { provenance }
        return store
    }

    @Test func recordingWritesTheFolderProvenance() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        let frame = box(24, 16, left: 4, top: 3, right: 15, bottom: 12)
        #expect(store(sandbox, .missing, Self.laptop).verify(clip: "demo", frame: 3, actual: frame).recorded)
        try store(sandbox, .missing, Self.laptop).recordProvenance(clip: "demo")
        #expect(sandbox.files("Golden/demo") == ["00003.png", "provenance.json"])
        #expect(GoldenProvenance.recorded(inFolder: sandbox.root + "/Golden/demo") == .recorded(Self.laptop))
        // A passing verify elsewhere does not touch it; only recording does.
        #expect(store(sandbox, .none, Self.ciImage).verify(clip: "demo", frame: 3, actual: frame).passed)
        #expect(GoldenProvenance.recorded(inFolder: sandbox.root + "/Golden/demo") == .recorded(Self.laptop))
    }

    @Test func aMismatchSaysWhatDrewTheGoldensAndWhatDrawsNow() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        let frame = box(24, 16, left: 4, top: 3, right: 15, bottom: 12)
        _ = store(sandbox, .missing, Self.laptop).verify(clip: "demo", frame: 1, actual: frame)
        try store(sandbox, .missing, Self.laptop).recordProvenance(clip: "demo")
        let shifted = box(24, 16, left: 4, top: 3, right: 16, bottom: 12)
        let verdict = store(sandbox, .none, Self.ciImage).verify(clip: "demo", frame: 1, actual: shifted)
        #expect(!verdict.passed)
        let note = try #require(verdict.provenanceNote)
        #expect(note.contains("were recorded with FreeType 2.13.2, Inter-Regular.otf (Version 4.000, digest 1111) and holoframe 0.1.0, build aaaaaaaaaaaa, " +
                              "verifying with FreeType 2.12.1, Inter-Regular.otf (Version 3.19, digest 2222) and holoframe 0.1.0, build bbbbbbbbbbbb"), "\(note)")
        #expect(note.contains("record them in the image CI runs") && note.contains("--tolerance ci"), "\(note)")
        #expect(!note.contains("HarfBuzz"), "HarfBuzz is the same on both: \(note)")
        #expect(verdict.fullMessage.contains(note))

        // Drawn by the same libraries and fonts: the difference is the picture's, and the note says the code changed.
        var sameLibraries = Self.laptop; sameLibraries.build = "cccccccccccc"
        let code = store(sandbox, .none, sameLibraries).verify(clip: "demo", frame: 1, actual: shifted).provenanceNote
        #expect(code?.hasSuffix("(the same libraries and fonts: the code changed).") == true, "\(String(describing: code))")
        #expect(store(sandbox, .none, Self.laptop).verify(clip: "demo", frame: 1, actual: shifted).provenanceNote == nil)

        // Goldens from before provenance files: the note says so, and what draws now.
        try FileManager.default.removeItem(atPath: sandbox.root + "/Golden/demo/provenance.json")
        let old = try #require(store(sandbox, .none, Self.ciImage).verify(clip: "demo", frame: 1, actual: shifted).provenanceNote)
        #expect(old.contains("has no provenance.json") && old.contains("FreeType 2.12.1"), "\(old)")
    }

    /// Many failures print the note and the hint once each (a run's afterwords), not once per failure.
    @Test func afterwordsAreOncePerRun() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        let frame = box(24, 16, left: 4, top: 3, right: 15, bottom: 12)
        let shifted = box(24, 16, left: 4, top: 3, right: 16, bottom: 12)
        _ = store(sandbox, .missing, Self.laptop).verify(clip: "demo", frame: 1, actual: frame)
        _ = store(sandbox, .missing, Self.laptop).verify(clip: "demo", frame: 2, actual: frame)
        try store(sandbox, .missing, Self.laptop).recordProvenance(clip: "demo")
        let verify = store(sandbox, .none, Self.ciImage)
        let verdicts = [1, 2].map { verify.verify(clip: "demo", frame: $0, actual: shifted) }
        let lines = GoldenVerdict.afterwords(verdicts)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.last == "if the change is intended, re-record with: HOLOFRAME_RECORD=failed swift test")
        #expect(!verdicts[0].message.contains("re-record"))
    }

    @Test func theFileReadsBackAndRefusesAWrongShape() {
        #expect(GoldenProvenance.parse(Self.laptop.encoded) == Self.laptop)
        #expect(GoldenProvenance.parse(Array(#"{"renderer": "holoframe 0.1.0", "build": 3, "libraries": {}, "fonts": {}}"#.utf8)) == nil)
    }
}

/// `--tolerance ci`: edges that another FreeType would move pass, a changed element fails.
@Suite struct CIToleranceTests {
    @Test func antialiasedEdgeDifferencesPassAndAMovedElementFails() {
        let w = 100, h = 100
        let expected = box(w, h, left: 20, top: 20, right: 60, bottom: 60)
        // The box's right edge anti-aliased one level differently, as another rasterizer would draw it.
        var edges = expected
        for y in 20..<60 { edges[60, y] = PremultipliedRGBA8(r: 90, g: 90, b: 90, a: 255) }
        #expect(!ImageComparison.compare(expected: expected, actual: edges, tolerance: .exact).passed)
        #expect(ImageComparison.compare(expected: expected, actual: edges, tolerance: .ci).passed)
        // The box moved 4 px: 320 pixels (3.2 %) differ, far over 0.1 %.
        let moved = box(w, h, left: 24, top: 20, right: 64, bottom: 60)
        #expect(!ImageComparison.compare(expected: expected, actual: moved, tolerance: .ci).passed)
        // A recoloured 4×4 patch inside the box: 16 pixels, 0.16 %, fails too.
        var patch = expected
        for y in 30..<34 { for x in 30..<34 { patch[x, y] = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) } }
        #expect(!ImageComparison.compare(expected: expected, actual: patch, tolerance: .ci).passed)
    }
}

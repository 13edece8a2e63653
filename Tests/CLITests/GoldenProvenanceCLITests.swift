// Goldens that know what drew them, as a user meets them: recorded on one machine, verified on
// another (simulated by editing the folder's provenance.json to another FreeType), a mismatch
// that says so once with how to fix it, and the `--tolerance ci` preset.

import Foundation
import HoloPNG
import Testing

@Suite(.serialized) struct GoldenProvenanceCLITests {
    func record(_ project: String, _ clip: String = "clips/header.json") throws {
        let run = try holoframe("golden", "record", clip, "--frames", "0,30", "--scale", "0.25", in: project)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }

    func project(_ tag: String) throws -> String {
        let project = scratchFolder(tag)
        try FileManager.default.createDirectory(atPath: "\(project)/clips", withIntermediateDirectories: true)
        try Data(GoldenClipFileCLITests.scene.utf8).write(to: URL(fileURLWithPath: "\(project)/clips/header.json"))
        return project
    }

    func provenance(_ project: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(project)/Golden/header/provenance.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func recordingWritesWhatDrewTheGoldens() throws {
        let project = try project("provenance"); defer { try? FileManager.default.removeItem(atPath: project) }
        try record(project)
        let recorded = try provenance(project)
        let libraries = try #require(recorded["libraries"] as? [String: String])
        #expect(Set(libraries.keys) == ["FreeType", "HarfBuzz", "ICU", "fontconfig", "libpng"])
        for (name, version) in libraries {
            #expect(version.range(of: #"^\d+\.\d+(\.\d+)?$"#, options: .regularExpression) != nil, "\(name) \(version)")
        }
        let fonts = try #require(recorded["fonts"] as? [String: String])
        #expect(fonts["Inter-Regular.otf"]?.contains("digest ") == true, "\(fonts)")
        let build = try #require(recorded["build"] as? String)
        #expect(build.range(of: "^[0-9a-f]{40}$", options: .regularExpression) != nil, "the build ID of the binary: \(build)")
        #expect(recorded["renderer"] as? String == "holoframe 0.1.0")
    }

    @Test func aMismatchSaysOnceThatOtherLibrariesDrewTheGoldens() throws {
        let project = try project("other-machine"); defer { try? FileManager.default.removeItem(atPath: project) }
        try record(project)
        // The goldens came from a laptop with FreeType 2.13.2.
        let path = "\(project)/Golden/header/provenance.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let ours = try #require((try provenance(project)["libraries"] as? [String: String])?["FreeType"])
        text = text.replacingOccurrences(of: "\"FreeType\" : \"\(ours)\"", with: "\"FreeType\" : \"2.13.2\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let png = "\(project)/Golden/header/00000-iphone-12@0.25x.png"
        let before = try Data(contentsOf: URL(fileURLWithPath: png))

        // The picture changes: both goldens fail; what drew them and the hint are printed once each.
        let clip = "\(project)/clips/header.json"
        try Data(GoldenClipFileCLITests.scene.replacingOccurrences(of: "#FF9500", with: "#5856D6").utf8).write(to: URL(fileURLWithPath: clip))
        let run = try holoframe("golden", "verify", in: project)
        #expect(run.status == 1)
        #expect(run.stdout.contains("0 passed, 2 failed"), "\(run.stdout)")
        // The same binary recorded them: only FreeType differs, and only it is named.
        let note = "the goldens in Golden/header were recorded with FreeType 2.13.2, verifying with FreeType \(ours). " +
            "Exact goldens hold only where the libraries and fonts are the ones that recorded them: record them in the image CI runs, or pin the fonts"
        #expect(run.stdout.components(separatedBy: note).count == 2, "once: \(run.stdout)")
        #expect(run.stdout.components(separatedBy: "re-record with: ").count == 2, "once: \(run.stdout)")

        // Back to the recorded picture, `record --mode failed` re-records nothing and writes this
        // machine's provenance: every golden matched it.
        try Data(GoldenClipFileCLITests.scene.utf8).write(to: URL(fileURLWithPath: clip))
        try record(project)
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)) == before)
        #expect((try provenance(project)["libraries"] as? [String: String])?["FreeType"] == ours)
    }

    /// A golden a few pixels off (as another FreeType draws glyph edges) fails exact verify and
    /// passes `--tolerance ci` (an unknown preset is refused in OptionChoiceCLITests).
    @Test func theCIPresetForgivesAFewPixels() throws {
        let project = try project("ci-tolerance"); defer { try? FileManager.default.removeItem(atPath: project) }
        try record(project)
        let path = "\(project)/Golden/header/00030-iphone-12@0.25x.png"
        var canvas = try PNG.read(contentsOf: path)
        for x in 10..<13 { var p = canvas[x, 60]; p.r = p.r &- 30; canvas[x, 60] = p }
        try PNG.write(canvas, to: path)
        #expect(try holoframe("golden", "verify", in: project).status == 1)
        let loose = try holoframe("golden", "verify", "--tolerance", "ci", in: project)
        #expect(loose.status == 0, "\(loose.stdout)")
    }
}

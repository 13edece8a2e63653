// Goldens of a user's own clip file, as a new user would try them: the clip in a folder outside
// the repository, goldens recorded and verified there, and a mismatch's hint run as printed.

import Foundation
import Testing

/// Runs `command` with /bin/sh in `directory`, with the built holoframe first on PATH.
func shell(_ command: String, in directory: String) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = URL(fileURLWithPath: holoframeBinary).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
               stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
}

@Suite(.serialized) struct GoldenClipFileCLITests {
    static let scene = #"""
        {"design": "custom", "duration": 1, "scene": {"type": "group", "children": [
          {"type": "rect", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "fill": "#F2F2F7"},
          {"type": "circle", "center": {"x": 195, "y": 300}, "radius": 120, "fill": "#FF9500"}]}}
        """#

    /// A clip file anywhere: goldens in ./Golden/<stem>/, verified from the project root and from
    /// a subfolder; after a change, the printed hint (a name with spaces and `$(…)`, quoted) is run
    /// verbatim with /bin/sh, records, and verify passes again; nothing in the name was executed.
    @Test func goldensOfAClipFileOutsideTheRepository() throws {
        let project = scratchFolder("user-project"); defer { try? FileManager.default.removeItem(atPath: project) }
        let name = "my $(touch PWNED) header"
        try FileManager.default.createDirectory(atPath: "\(project)/clips", withIntermediateDirectories: true)
        let clip = "\(project)/clips/\(name).json"
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: clip))

        let record = try holoframe("golden", "record", "clips/\(name).json", "--frames", "0,30", "--scale", "0.25", in: project)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let goldens = try FileManager.default.contentsOfDirectory(atPath: "\(project)/Golden/\(name)").sorted()
        #expect(goldens == ["00000-iphone-12@0.25x.png", "00030-iphone-12@0.25x.png", "clip-file.txt", "provenance.json"])
        #expect(try holoframe("golden", "verify", in: project).status == 0)

        // The clip changes: verify fails and prints the command that re-records, quoted.
        try Data(Self.scene.replacingOccurrences(of: "#FF9500", with: "#5856D6").utf8).write(to: URL(fileURLWithPath: clip))
        let failed = try holoframe("golden", "verify", in: project)
        #expect(failed.status == 1)
        #expect(!failed.stdout.contains("swift test"), "\(failed.stdout)")
        let marker = "re-record with: "
        let hint = try #require(failed.stdout.split(separator: "\n").first { $0.contains(marker) }.map {
            String($0[$0.range(of: marker)!.upperBound...])
        })
        #expect(hint == "holoframe golden record 'clips/\(name).json' --mode failed")

        // From a subfolder the hint is the command that works from there.
        let inside = try holoframe("golden", "verify", "--golden-dir", "../Golden", in: "\(project)/clips")
        #expect(inside.stdout.contains("re-record with: holoframe golden record '\(name).json' --golden-dir ../Golden --mode failed"),
                "\(inside.stdout)")

        let rerun = try shell(hint, in: project)
        #expect(rerun.status == 0, "\(rerun.stdout)\(rerun.stderr)")
        #expect(try holoframe("golden", "verify", in: project).status == 0)
        #expect(!FileManager.default.fileExists(atPath: "\(project)/PWNED") && !FileManager.default.fileExists(atPath: "\(project)/clips/PWNED"))
    }

    /// Another file with the same stem must not take over the folder; --golden-dir puts goldens elsewhere.
    @Test func aSecondFileWithTheSameStemIsRefused() throws {
        let project = scratchFolder("same-stem"); defer { try? FileManager.default.removeItem(atPath: project) }
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: "\(project)/\(folder)", withIntermediateDirectories: true)
            try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: "\(project)/\(folder)/header.json"))
        }
        #expect(try holoframe("golden", "record", "a/header.json", "--frames", "0", "--scale", "0.25", in: project).status == 0)
        let second = try holoframe("golden", "record", "b/header.json", "--frames", "0", "--scale", "0.25", in: project)
        #expect(second.status == 2)
        #expect(second.stderr.contains("holds the goldens of a/header.json"), "\(second.stderr)")
        let elsewhere = try holoframe("golden", "record", "b/header.json", "--frames", "0", "--scale", "0.25",
                                      "--golden-dir", "ci/goldens", in: project)
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(project)/ci/goldens/header/00000-iphone-12@0.25x.png"))
        // A built-in's folder is not taken by a file of the same name either.
        try Data(Self.scene.utf8).write(to: URL(fileURLWithPath: "\(project)/a/demo.json"))
        #expect(try holoframe("golden", "record", "demo", "--frames", "0", "--scale", "0.25", in: project).status == 0)
        let clash = try holoframe("golden", "record", "a/demo.json", "--frames", "0", "--scale", "0.25", in: project)
        #expect(clash.status == 2 && clash.stderr.contains("the built-in clip 'demo'"), "\(clash.stderr)")
    }

    /// Run where there is no Golden/ folder, verify says where it looked and how to point it elsewhere.
    @Test func verifyWithoutAGoldenFolderSaysHowToFindOne() throws {
        let dir = scratchFolder("no-goldens"); defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try holoframe("golden", "verify", in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.contains("no golden folder at 'Golden'") && run.stderr.contains("--golden-dir DIR"), "\(run.stderr)")
    }
}

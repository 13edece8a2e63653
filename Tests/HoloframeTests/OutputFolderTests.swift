// Issue 30: the output folder is opened once, the record covers every input, reports delete only
// their own files, and text from input is escaped and shell-quoted before it is printed.

import Foundation
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite(.serialized) struct OutputFolderTests {
    /// The output folder is swapped for a symbolic link to another folder after the first frame is
    /// written (from the writer thread, between two frames): every later frame still goes into the
    /// folder that was opened (now renamed), and nothing at all is written into the other folder.
    @Test func swappingTheFolderForALinkMidRenderWritesNothingElsewhere() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = "\(dir)/out", moved = "\(dir)/moved", elsewhere = "\(dir)/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.1))
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 5))
        request.outputDirectory = out
        request.threads = 1
        let swapped = Locked(false), written = Locked(0)
        let report = try RenderPipeline(fonts: FontLibrary.shared).run(request) { _ in
            // Progress comes once a frame, after its write: swap after the first.
            guard written.withLock({ $0 += 1; return $0 }) == 1 else { return }
            swapped.withLock { done in
                done = rename(out, moved) == 0 && symlink(elsewhere, out) == 0
            }
        }
        #expect(swapped.withLock { $0 })
        #expect(report.framesWritten == 6)
        let outside = try FileManager.default.contentsOfDirectory(atPath: elsewhere)
        #expect(outside.isEmpty, "\(outside)")
        let inMoved = try FileManager.default.contentsOfDirectory(atPath: moved)
        #expect(inMoved.filter { $0.hasPrefix("frame-") }.sorted() == (0...5).map(frameFileName))
        #expect(!inMoved.contains { $0.contains(".tmp-") || $0.hasPrefix(".holoframe-claim") }, "\(inMoved)")
    }

    /// A render that fails before its first frame removes the folder it created (and only that).
    @Test func aRenderFailingBeforeAnyFrameRemovesTheFolderItMade() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.1))
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 2))
        request.outputDirectory = "\(dir)/new/frames"
        request.record = RenderRecord(clip: clip, device: "iphone-12", inputs: [:])
        var pipeline = RenderPipeline(fonts: FontLibrary.shared)
        pipeline.maxMemoryPerFrame = 1
        #expect(throws: LimitError.self) { try pipeline.run(request) }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/new"))
        // A folder that was already there stays, and so does what was in it.
        try FileManager.default.createDirectory(atPath: "\(dir)/kept", withIntermediateDirectories: false)
        request.outputDirectory = "\(dir)/kept"
        #expect(throws: LimitError.self) { try pipeline.run(request) }
        #expect(FileManager.default.fileExists(atPath: "\(dir)/kept"))
    }

    /// The record names what changed: a shader's digest, an image that is new, the clip; two long
    /// clip names that share a prefix are still told apart.
    @Test func aRecordSaysWhichInputChanged() throws {
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.1))
        let old = RenderRecord(clip: clip, device: "iphone-12", inputs: ["the shader ripple.metal": "1", "the clip file a.json": "2"])
        var new = old
        new.inputs["the shader ripple.metal"] = "3"
        new.inputs["the image logo.png"] = "4"
        #expect(new.changes(from: old) == ["the image logo.png is new", "the shader ripple.metal changed"])
        var long = old, other = old
        long.clip = "res" + String(repeating: "x", count: 700) + "-one"
        other.clip = "res" + String(repeating: "x", count: 700) + "-two"
        let said = other.changes(from: long).joined()
        #expect(said.contains("-one'") && said.contains("-two'") && said.count < 300, "\(said)")
        #expect(old.changes(from: old).isEmpty)
    }

    /// A record written before records covered every input is refused with "render afresh".
    @Test func anOlderRecordIsRefused() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let older = #"{"clip":"demo","device":"iphone-12","fps":60,"height":84,"rate":"60","scale":0.1,"source":"built-in","width":39}"#
        try older.write(toFile: "\(dir)/\(RenderRecord.fileName)", atomically: true, encoding: .utf8)
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.1))
        let record = RenderRecord(clip: clip, device: "iphone-12", inputs: [:])
        do {
            try ResumeCheck.checkRecord(record, in: try OpenFolder(dir), option: "--resume")
            Issue.record("an older record was accepted")
        } catch let error as ExistingFramesError {
            #expect(error.description.contains("older holoframe") && error.description.contains("render afresh"), "\(error)")
        }
    }
}

@Suite struct ReportMarkerTests {
    /// A marker copied into a folder of someone else's files does not let --force delete them.
    @Test func forceKeepsAFileTheReportDidNotWrite() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let report = "\(dir)/report"
        try ReportFolder.write(report, force: false, kind: "test") { try Data("one".utf8).write(to: URL(fileURLWithPath: "\($0)/index.html")) }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(report)/notes.txt"))
        #expect(throws: ReportFolderError.self) {
            try ReportFolder.write(report, force: true, kind: "test") { try Data("two".utf8).write(to: URL(fileURLWithPath: "\($0)/index.html")) }
        }
        #expect(try String(contentsOfFile: "\(report)/notes.txt", encoding: .utf8) == "mine")
        // The marker copied into another folder.
        let other = "\(dir)/other"
        try FileManager.default.createDirectory(atPath: "\(other)/images", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(report)/\(ReportFolder.markerName)", toPath: "\(other)/\(ReportFolder.markerName)")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: "\(other)/images/photo.png"))
        #expect(throws: ReportFolderError.self) { try ReportFolder.write(other, force: true, kind: "test") { _ in } }
        #expect(try String(contentsOfFile: "\(other)/images/photo.png", encoding: .utf8) == "precious")
        // Its own files only: replaced, and nothing left beside it.
        try FileManager.default.removeItem(atPath: "\(report)/notes.txt")
        try ReportFolder.write(report, force: true, kind: "test") { try Data("two".utf8).write(to: URL(fileURLWithPath: "\($0)/index.html")) }
        #expect(try String(contentsOfFile: "\(report)/index.html", encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["other", "report"])
    }
}

@Suite struct PrintedInputTests {
    /// A golden whose clip file is named like a command: the printed re-record hint, pasted into
    /// a shell, passes the name as one word and runs nothing; a control character in it is
    /// written as an escape, never sent raw.
    @Test func theRerecordHintIsShellQuoted() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "$(touch \(dir)/pwned)'x\u{1B}[2J.json"
        let store = GoldenStore.commandLine(root: "Golden", artifactsRoot: nil, recordMode: RecordMode.none)
        let hint = store.recordHint(name, .failed)
        #expect(!hint.unicodeScalars.contains("\u{1B}"), "\(hint.debugDescription)")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", "printf '%s\\n' " + hint]
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let words = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        shell.waitUntilExit()
        #expect(words.contains(name), "\(words)")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/pwned"))
    }
}

@Suite struct ReportParentSwapTests {
    /// The report's parent folder is swapped for a link to another folder while the page is
    /// written: the report lands in the folder that was opened, nothing in the other.
    @Test func aReportGoesWhereItsFolderWasOpened() throws {
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let parent = "\(dir)/parent", moved = "\(dir)/moved", elsewhere = "\(dir)/elsewhere"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        try ReportFolder.write("\(parent)/report", force: false, kind: "test") { staging in
            #expect(rename(parent, moved) == 0 && symlink(elsewhere, parent) == 0)
            try Data("page".utf8).write(to: URL(fileURLWithPath: "\(staging)/index.html"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(try String(contentsOfFile: "\(moved)/report/index.html", encoding: .utf8) == "page")
    }
}

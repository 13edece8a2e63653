// Every way a clip file is loaded reads it through InputFile's rules (issue 33 item 6): HoloMotion
// only decodes bytes; ClipResolver.readFile reads the file under the run's InputPolicy, and every
// loader is built on it: spec / resolve (render, bench, golden, report pages),
// and HoloframeTesting's ClipReference (its own test). The CLI's
// --max-input on a clip file is held in CLITests (resourcePolicyRefusesBeforeReadingOrAllocating).

import Foundation
import Testing
import HoloMotion
import HoloPNG
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct ClipFileInputTests {
    static let clip = #"{"design": "demo", "duration": 0.1}"#

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clip-input-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func isOverTheCap(_ error: any Error, _ path: String) -> Bool {
        guard let error = error as? InputFileError else { return false }
        return error.path == path && error.reason.contains("over the cap")
    }

    @Test func aClipFileIsReadNamedAndItsErrorsPointIntoIt() throws {
        let dir = try folder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.clip.utf8).write(to: URL(fileURLWithPath: "\(dir)/good.json"))
        try Data(#"{"design": "d", "fps": -3}"#.utf8).write(to: URL(fileURLWithPath: "\(dir)/bad.json"))
        let inputs = InputPolicy()
        #expect(try ClipResolver.spec(for: "\(dir)/good.json", inputs: inputs).design == "demo")
        #expect(inputs.digest(of: "\(dir)/good.json") != nil)
        #expect(throws: ClipFileError(fileName: "bad.json", path: "fps", reason: "must be a rate in 1…240 such as 60, 29.97 or \"30000/1001\", got -3")) {
            try ClipResolver.spec(for: "\(dir)/bad.json")
        }
        #expect(throws: InputFileError.self) { try ClipResolver.spec(for: "\(dir)/missing.json") }
    }

    @Test func aClipFileOverTheInputCapIsRefusedThroughEveryLoader() throws {
        let dir = try folder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = "\(dir)/big.json"
        try Data((Self.clip + String(repeating: " ", count: 4000)).utf8).write(to: URL(fileURLWithPath: path))
        let small = InputPolicy(maxInputBytes: 1000)
        let loaders: [(String, () throws -> Any)] = [
            ("ClipResolver.spec", { try ClipResolver.spec(for: path, inputs: small) }),
            ("ClipResolver.resolve", { try ClipResolver.resolve(path, inputs: small) }),
        ]
        for (name, load) in loaders {
            do { _ = try load(); Issue.record("\(name) read a clip file over the cap") } catch {
                #expect(isOverTheCap(error, path), "\(name): \(error)")
            }
        }
        // Within the cap, the same file loads.
        #expect(try ClipResolver.spec(for: path, inputs: InputPolicy(maxInputBytes: 8000)).design == "demo")
    }

    /// The default policy's cap (256 MiB) holds too: a sparse file one byte over it is refused
    /// from its size alone, before a byte is read.
    @Test func theDefaultCapHoldsWithoutAPolicy() throws {
        let dir = try folder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = "\(dir)/huge.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.clip.utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(InputFile.defaultMaxBytes + 1))
        try handle.close()
        for (name, load) in [("spec", { _ = try ClipResolver.spec(for: path) }),
                             ("resolve", { _ = try ClipResolver.resolve(path) })] as [(String, () throws -> Void)] {
            do { try load(); Issue.record("\(name) read a clip file over the default cap") } catch {
                #expect(isOverTheCap(error, path), "\(name): \(error)")
            }
        }
    }
}

// A clip file an expectation names is read under the input rules too: ClipReference resolves
// through Holoframe's ClipResolver, which reads through InputFile (issue 33 item 6).

import Foundation
import Testing
@testable import HoloframeTesting

@Suite struct ClipReferenceInputTests {
    @Test func aClipFileOverTheInputCapIsRefused() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clip-reference-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = "\(dir)/huge.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(#"{"design": "demo", "duration": 0.1}"#.utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(InputFile.defaultMaxBytes + 1))  // sparse: nothing is written
        try handle.close()
        do {
            _ = try ClipReference.file(path).resolve(device: nil, scale: 0.1, testFolder: dir)
            Issue.record("ClipReference read a clip file over the input cap")
        } catch let error as InputFileError {
            #expect(error.path == path && error.reason.contains("over the cap"), "\(error)")
        }
    }
}

// Issue 17, class 4: a file the run reads must be a regular file within the cap, checked before
// a byte is read, so /dev/zero, a FIFO or a folder are refused at once and never block or grow.

import Foundation
import HoloPNG
import Testing

@Suite struct InputFileTests {
    @Test func devicesFifosAndFoldersAreRefusedWithoutReading() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inputfile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo("\(dir)/fifo", 0o644) == 0)
        for (path, kind) in [("/dev/zero", "character device"), ("\(dir)/fifo", "FIFO"), (dir, "folder")] {
            do { _ = try InputFile.read(path); Issue.record("read \(path)") } catch let e as InputFileError {
                #expect(e.reason.contains(kind), "\(e)")
            }
            #expect(throws: InputFileError.self) { try InputFile.check(path) }
        }
        do { _ = try PNG.read(contentsOf: "/dev/zero"); Issue.record("read /dev/zero") } catch {
            #expect(error is InputFileError)
        }
    }

    @Test func theSizeIsCheckedAgainstTheCap() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inputfile-size-\(getpid())").path
        defer { unlink(path) }
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.read(path, maxBytes: 1000).count == 1000)
        do { _ = try InputFile.read(path, maxBytes: 999); Issue.record("read over the cap") } catch let e as InputFileError {
            #expect(e.reason.contains("1000 bytes, over the cap of 999") && e.reason.contains("--max-input"))
        }
        #expect(throws: InputFileError.self) { try PNG.read(contentsOf: path, maxBytes: 10) }
    }
}

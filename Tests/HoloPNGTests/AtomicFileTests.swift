import Foundation
import HoloPNG
import HoloPixels
import Testing

@Suite struct AtomicFileTests {
    @Test func writeThenReadRoundTripsAndLeavesNoTemporaryFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let canvas = Fixtures.translucentCanvas(width: 30, height: 20, seed: 5)
        let path = directory.path + "/frame.png"
        try PNG.write(canvas, to: path)
        try PNG.write(canvas, to: path)  // replacing an existing file
        #expect(try directory.contents() == ["frame.png"])
        #expect(try PNG.read(contentsOf: path) == canvas)
    }

    @Test func replacementIsCompleteBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/data.bin"
        try AtomicFile.write([UInt8](repeating: 1, count: 100_000), to: path)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try AtomicFile.write(bytes, to: path, durable: true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        #expect(try directory.contents() == ["data.bin"])
    }

    @Test func nonexistentDirectoryThrowsAndCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/missing/frame.png"
        let error = try #require(throws: PNGError.self) { try PNG.write(Fixtures.opaqueCanvas(width: 4, height: 4), to: path) }
        #expect(error.description.contains(path))
        #expect(error.description.contains("No such file or directory"))
        #expect(try directory.contents().isEmpty)
    }

    @Test func unwritableDirectoryThrowsAndLeavesNoFile() throws {
        let directory = try TemporaryDirectory()
        defer {
            chmod(directory.path + "/locked", 0o755)
            directory.remove()
        }
        let locked = directory.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(locked, 0o555)
        // root ignores directory permissions; then the write legitimately succeeds.
        guard geteuid() != 0 else { return }
        let path = locked + "/frame.png"
        let error = try #require(throws: PNGError.self) { try AtomicFile.write([1, 2, 3], to: path) }
        #expect(error.description.contains(path))
        #expect(error.description.contains("Permission denied"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
    }

    @Test func failedRenameRemovesTheTemporaryFile() throws {
        // Renaming a file over a non-empty directory fails (EISDIR/ENOTEMPTY) after the bytes are
        // written: the temporary must be unlinked and the directory left as it was.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.path + "/frame.png"
        try FileManager.default.createDirectory(atPath: target + "/inner", withIntermediateDirectories: true)
        let error = try #require(throws: PNGError.self) { try AtomicFile.write([1, 2, 3], to: target) }
        guard case .io(_, let operation, _, _) = error else { Issue.record("unexpected \(error)"); return }
        #expect(operation == "rename")
        #expect(try directory.contents() == ["frame.png"])
    }
}

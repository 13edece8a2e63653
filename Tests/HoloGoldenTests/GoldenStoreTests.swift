import Foundation
import HoloGolden
import HoloPNG
import HoloPixels
import Testing

/// A fresh Golden/ root and artifacts folder in the temp directory.
struct Sandbox {
    let root: String
    init() throws {
        root = NSTemporaryDirectory() + "hologolden-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/Golden", withIntermediateDirectories: true)
    }
    func store(_ mode: RecordMode) -> GoldenStore { GoldenStore(root: root + "/Golden", artifactsRoot: root + "/artifacts", recordMode: mode) }
    func files(_ sub: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + sub)) ?? []).sorted() }
    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

@Suite struct GoldenStoreTests {
    let frame = box(24, 16, left: 4, top: 3, right: 15, bottom: 12)

    @Test func fileNamesFollowTheLayout() {
        #expect(GoldenStore.fileName(frame: 12, variant: "iphone-se@1x") == "00012-iphone-se@1x.png")
        #expect(GoldenStore.fileName(frame: 0) == "00000.png")
        #expect(GoldenStore(root: "Golden", recordMode: RecordMode.none).path(clip: "demo", frame: 7, variant: "dark") == "Golden/demo/00007-dark.png")
    }

    @Test func recordModeComesFromTheEnvironmentVariable() {
        #expect(RecordMode.fromEnvironment(["HOLOFRAME_RECORD": "missing"]) == .missing)
        #expect(RecordMode.fromEnvironment(["HOLOFRAME_RECORD": "ALL"]) == .all)
        #expect(RecordMode.fromEnvironment(["HOLOFRAME_RECORD": "bogus"]) == RecordMode.none)
        #expect(RecordMode.fromEnvironment([:]) == RecordMode.none)
    }

    @Test func missingGoldenFailsWithRecordCommands() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        let verdict = sandbox.store(.none).verify(clip: "demo", frame: 12, variant: "iphone-se@1x", actual: frame)
        #expect(!verdict.passed && !verdict.recorded)
        #expect(verdict.message.contains("Golden/demo/00012-iphone-se@1x.png"))
        #expect(verdict.hint == "record it with: HOLOFRAME_RECORD=missing swift test")
        // The command line's store prints its own command instead, and only that.
        var cli = sandbox.store(.none)
        cli.recordHint = { clip, mode in "holoframe golden record \(clip) --mode \(mode.rawValue)" }
        let message = cli.verify(clip: "demo", frame: 12, variant: "iphone-se@1x", actual: frame).fullMessage
        #expect(message.contains("record it with: holoframe golden record demo --mode missing"))
        #expect(!message.contains("swift test"))
        #expect(sandbox.files("Golden/demo").isEmpty)
    }

    @Test func recordMissingWritesThenVerifyPasses() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        let recorded = sandbox.store(.missing).verify(clip: "demo", frame: 3, actual: frame)
        #expect(recorded.passed && recorded.recorded)
        #expect(sandbox.files("Golden/demo") == ["00003.png"])
        let verdict = sandbox.store(.none).verify(clip: "demo", frame: 3, actual: frame)
        #expect(verdict.passed && !verdict.recorded, "\(verdict.message)")
        // `missing` does not overwrite an existing golden that fails.
        var changed = frame; changed[0, 0] = black
        #expect(!sandbox.store(.missing).verify(clip: "demo", frame: 3, actual: changed).passed)
    }

    @Test func mismatchWritesArtifactsAndNamesThem() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        _ = sandbox.store(.missing).verify(clip: "demo", frame: 1, actual: frame)
        let shifted = box(24, 16, left: 4, top: 3, right: 16, bottom: 12)  // right edge +1: 9 pixels
        let verdict = sandbox.store(.none).verify(clip: "demo", frame: 1, actual: shifted)
        #expect(!verdict.passed)
        #expect(verdict.comparison?.differingPixels == 9)
        #expect(verdict.message.contains("9 differing pixels") && verdict.message.contains("largest channel delta 255"))
        #expect(sandbox.files("artifacts/demo") == ["00001-actual.png", "00001-diff.png", "00001-expected.png"])
        for path in verdict.artifacts { #expect(verdict.message.contains(path)) }
        #expect(try PNG.read(contentsOf: sandbox.root + "/artifacts/demo/00001-actual.png") == shifted)
        // The golden itself is untouched.
        #expect(try PNG.read(contentsOf: sandbox.root + "/Golden/demo/00001.png") == frame)
    }

    @Test func recordFailedOverwritesOnlyFailingGoldens() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        _ = sandbox.store(.missing).verify(clip: "demo", frame: 1, actual: frame)
        var changed = frame; changed[2, 2] = black
        let verdict = sandbox.store(.failed).verify(clip: "demo", frame: 1, actual: changed)
        #expect(verdict.passed && verdict.recorded)
        #expect(try PNG.read(contentsOf: sandbox.root + "/Golden/demo/00001.png") == changed)
        #expect(!sandbox.store(.failed).verify(clip: "demo", frame: 1, actual: changed).recorded)
    }

    @Test func corruptGoldenIsAClearFailure() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        try FileManager.default.createDirectory(atPath: sandbox.root + "/Golden/demo", withIntermediateDirectories: true)
        var bytes = try PNG.encode(frame)
        bytes.removeLast(20)
        try Data(bytes).write(to: URL(fileURLWithPath: sandbox.root + "/Golden/demo/00004.png"))
        let verdict = sandbox.store(.none).verify(clip: "demo", frame: 4, actual: frame)
        #expect(!verdict.passed)
        #expect(verdict.message.contains("unreadable") && verdict.message.contains("00004.png"))
        #expect(verdict.message.contains("truncated"))
    }

    @Test func manifestToleranceApplies() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        _ = sandbox.store(.missing).verify(clip: "demo", frame: 2, actual: frame)
        var offByOne = frame; offByOne[1, 1] = PremultipliedRGBA8(r: 254, g: 255, b: 255, a: 255)
        #expect(!sandbox.store(.none).verify(clip: "demo", frame: 2, actual: offByOne).passed)
        try Data(#"{"00002.png": {"tolerance": {"maxChannelDelta": 1}, "reason": "dither differs across CPUs"}}"#.utf8)
            .write(to: URL(fileURLWithPath: sandbox.root + "/Golden/demo/tolerances.json"))
        #expect(try sandbox.store(.none).tolerances(clip: "demo")["00002.png"]?.reason == "dither differs across CPUs")
        #expect(sandbox.store(.none).verify(clip: "demo", frame: 2, actual: offByOne).passed)
    }

    @Test func manifestEntryWithoutReasonIsRejected() throws {
        let sandbox = try Sandbox(); defer { sandbox.remove() }
        try FileManager.default.createDirectory(atPath: sandbox.root + "/Golden/demo", withIntermediateDirectories: true)
        try Data(#"{"00002.png": {"tolerance": {"maxChannelDelta": 3}}}"#.utf8)
            .write(to: URL(fileURLWithPath: sandbox.root + "/Golden/demo/tolerances.json"))
        #expect(throws: GoldenError.self) { try sandbox.store(.none).tolerances(clip: "demo") }
        let verdict = sandbox.store(.none).verify(clip: "demo", frame: 2, actual: frame)
        #expect(!verdict.passed && verdict.message.contains("tolerances.json"))
    }
}

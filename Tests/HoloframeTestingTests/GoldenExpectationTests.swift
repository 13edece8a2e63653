// HoloframeTesting's golden expectation: the committed goldens beside this file, and every outcome
// (missing, recorded, mismatch, tolerated, bad frame or device) in a temporary folder.

import Foundation
import Testing
import XCTest
@testable import HoloframeTesting

/// Goldens in __Goldens__/GoldenExpectationTests/ beside this file, recorded with
/// HOLOFRAME_RECORD=missing and looked at.
@Suite struct CommittedGoldenTests {
    @Test func swiftBuiltClipMatchesGoldensBesideThisFile() {
        let result = expectGolden(.clip(SlidingDot.clip()), frames: [0, 7])
        #expect(result.checks.map(\.goldenPath) == [0, 7].map {
            GoldenExpectation.goldenRoot(testFile: #filePath) + "/sliding-dot/0000\($0)-40x30@1x.png"
        })
    }

    @Test func builtInClipAtSmallScale() {
        expectGolden(.builtIn("demo"), frames: [45], device: "iphone-se", scale: 0.25)
    }

    @Test func clipFileRelativeToTheTestFile() {
        expectGolden(.file("../../examples/tilt-card.json"), frames: [20], scale: 0.25)
    }

    @Test func stillSceneBuiltInSwift() {
        expectGolden(.scene(SlidingDot().scene(for: .init(x: 20)), name: "dot-still"))
    }

    @Test func aFailureIsReportedAtTheCallSite() {
        // Out of range: fails before touching any file, whatever HOLOFRAME_RECORD says.
        withKnownIssue {
            expectGolden(.clip(SlidingDot.clip()), frames: [8])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("frame 8 is outside clip 'sliding-dot', which has frames 0…7") }
                && issue.sourceLocation?.fileName == "GoldenExpectationTests.swift"
        }
    }
}

/// Every outcome of `GoldenExpectation.check`, in a fresh folder.
@Suite struct GoldenOutcomeTests {
    let folder: String
    var testFile: String { folder + "/Tests/FakeTests.swift" }
    var artifacts: String { folder + "/artifacts" }
    var goldenFolder: String { folder + "/Tests/__Goldens__/FakeTests/sliding-dot" }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("holoframe-testing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Tests", withIntermediateDirectories: true)
    }

    func check(_ clip: Clip = SlidingDot.clip(), frames: [Int] = [3], tolerance: Tolerance? = nil,
               record: RecordMode = .none) -> GoldenExpectationResult {
        GoldenExpectation.check(.clip(clip), frames: frames, tolerance: tolerance, testFile: testFile,
                                recordMode: record, artifactsRoot: artifacts)
    }

    @Test func missingGoldenFailsAndSaysHowToRecord() throws {
        let result = check()
        #expect(!result.passed)
        let message = try #require(result.failureMessage)
        #expect(message.contains("golden image missing: \(goldenFolder)/00003-40x30@1x.png"))
        #expect(message.contains("HOLOFRAME_RECORD=missing swift test"))
        #expect(!message.contains("holoframe golden record"), "the CLI does not record test-file goldens")
        #expect(!FileManager.default.fileExists(atPath: goldenFolder), "a normal run wrote a golden")
    }

    @Test func recordingWritesTheGoldenButFailsThatRun() throws {
        let recorded = check(frames: [1, 3], record: .missing)
        #expect(!recorded.passed, "a recording run passed silently")
        let allRecorded = recorded.checks.allSatisfy { $0.verdict.recorded }
        #expect(allRecorded && recorded.checks.count == 2)
        let message = try #require(recorded.failureMessage)
        #expect(message.contains("run again without HOLOFRAME_RECORD"))
        let written = try PNG.read(contentsOf: goldenFolder + "/00003-40x30@1x.png")
        #expect(written.width == 40 && written.height == 30)
        // What drew them is kept beside them, as `holoframe golden record` keeps it.
        guard case .recorded(let provenance) = GoldenProvenance.recorded(inFolder: goldenFolder) else {
            Issue.record("no provenance.json beside the recorded goldens"); return
        }
        #expect(provenance.libraries["FreeType"] != nil && provenance.fonts["Inter-Regular.otf"] != nil, "\(provenance)")
        #expect(check(frames: [1, 3]).passed)
        // `missing` leaves an existing golden alone; `failed` rewrites only what fails.
        #expect(check(frames: [1, 3], record: .missing).passed)
        #expect(check(frames: [3], record: .failed).passed)
    }

    @Test func mismatchWritesExpectedActualDiffWhereTheMessageSays() throws {
        _ = check(record: .all)
        let moved = SlidingDot.clip(startX: 10)
        let result = check(moved)
        #expect(!result.passed)
        let message = try #require(result.failureMessage)
        #expect(message.contains("golden mismatch: \(goldenFolder)/00003-40x30@1x.png"))
        let expectedPaths = ["expected", "actual", "diff"].map { "\(artifacts)/sliding-dot/00003-40x30@1x-\($0).png" }
        #expect(result.artifacts == expectedPaths)
        for path in expectedPaths {
            #expect(message.contains(path))
            let image = try PNG.read(contentsOf: path)
            #expect(image.width == 40 && image.height == 30)
        }
        let comparison = try #require(result.checks.first?.verdict.comparison)
        #expect(comparison.differingPixels > 20, "a 2 pt shift of a 6 pt dot moves more than 20 pixels")
    }

    @Test func toleranceArgumentAndManifestLoosenTheCheck() throws {
        _ = check(record: .all)
        let moved = SlidingDot.clip(startX: 8.2)
        let exact = try #require(check(moved).checks.first?.verdict.comparison)
        #expect(!exact.passed)
        let allowed = Tolerance(maxDifferingPixels: exact.differingPixels)
        #expect(check(moved, tolerance: allowed).passed)
        #expect(!check(moved, tolerance: Tolerance(maxDifferingPixels: exact.differingPixels - 1)).passed)
        // The same loosening from the folder's tolerances.json, as `golden verify` reads it.
        let manifest = ["00003-40x30@1x.png": ToleranceEntry(tolerance: allowed, reason: "sub-pixel move under test")]
        try JSONEncoder().encode(manifest).write(to: URL(fileURLWithPath: goldenFolder + "/tolerances.json"))
        #expect(check(moved).passed)
    }

    @Test func badFramesAndDevicesFailBeforeRendering() {
        #expect(check(frames: [-1]).setupError?.contains("frame -1 is outside") == true)
        #expect(check(frames: []).setupError == "no frames asked for")
        let unknown = GoldenExpectation.check(.builtIn("demo"), frames: [0], device: "iphone-99", testFile: testFile,
                                              recordMode: RecordMode.none, artifactsRoot: artifacts)
        #expect(unknown.setupError?.contains("unknown device 'iphone-99'") == true)
        let noClip = GoldenExpectation.check(.builtIn("no-such-clip"), frames: [0], testFile: testFile,
                                             recordMode: RecordMode.none, artifactsRoot: artifacts)
        #expect(noClip.setupError?.hasPrefix("cannot make the clip") == true)
        let deviceOnSwiftClip = GoldenExpectation.check(.clip(SlidingDot.clip()), frames: [0], device: "iphone-se",
                                                        testFile: testFile, recordMode: RecordMode.none, artifactsRoot: artifacts)
        #expect(deviceOnSwiftClip.setupError?.contains("device 'iphone-se' applies to built-in clips and clip files only") == true)
    }

    @Test func goldensOfATestFileSitBesideIt() {
        #expect(GoldenExpectation.goldenRoot(testFile: "/p/Tests/AppTests/CardTests.swift") == "/p/Tests/AppTests/__Goldens__/CardTests")
        #expect(GoldenExpectation.artifactsRoot(testFile: "/p/T/CardTests.swift", environment: ["HOLOFRAME_ARTIFACTS": "/a"])
                == "/a/CardTests")
    }
}

/// The same expectation from XCTest: a failure reaches XCTest's recordFailure at the call's line.
final class GoldenExpectationXCTests: XCTestCase {
    var failures: [(description: String, line: Int)] = []

    var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        // Only the expectation's own failure is captured; the test's XCTAsserts reach XCTest.
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        failures.append((description, lineNumber))
    }

    func testCommittedGoldenPassesUnderXCTest() {
        let result = expectGolden(.clip(SlidingDot.clip()), frames: [0, 7])
        XCTAssertTrue(result.passed)
        XCTAssertTrue(failures.isEmpty)
    }

    func testFailureReachesXCTestAtTheCallLine() {
        capturing = true
        let line = #line + 1
        expectGolden(.clip(SlidingDot.clip()), frames: [8])
        capturing = false
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("frame 8 is outside") == true)
    }
}

// HoloframeTesting's frame-time expectation. Budgets here are either far above any plausible
// frame time (40×30 px frames on a loaded machine) or far below any, so the outcome does not
// depend on how busy the machine is.

import Foundation
import Testing
import XCTest
@testable import HoloframeTesting

@Suite struct FrameTimeExpectationTests {
    @Test func budgetsFromRatesAndMilliseconds() {
        #expect(abs(FrameBudget.hz(60).budgetMs - 16.6667) < 1e-3)
        #expect(abs(FrameBudget.hz(120).budgetMs - 8.3333) < 1e-3)
        #expect(FrameBudget.milliseconds(4).budgetMs == 4)
        #expect(FrameBudget.hz(120).description == "8.33 ms (120 Hz)")
    }

    @Test func everyFrameTimedAndWithinAGenerousBudget() throws {
        let result = expectFrameTime(.clip(SlidingDot.clip()), within: .milliseconds(2000), repeats: 3)
        let bench = try #require(result.bench)
        #expect(bench.frames.map(\.frame) == Array(0...7))
        #expect(bench.repeats == 3)
        #expect(result.passed && result.failureMessage() == nil)
    }

    @Test func overBudgetListsTheWorstFramesSlowestFirst() throws {
        let result = FrameTimeExpectation.check(.clip(SlidingDot.clip()), budget: .milliseconds(1e-6), repeats: 2,
                                                testFile: #filePath)
        #expect(!result.passed)
        let bench = try #require(result.bench)
        let over = result.framesOverBudget
        #expect(over.count == 8)
        #expect(over.map(\.totalMs) == bench.frames.map(\.totalMs).sorted(by: >))
        let message = try #require(result.failureMessage(worstListed: 5))
        #expect(message.hasPrefix("8 of 8 frames of 'sliding-dot' (40x30, 40×30 px) over the 0.00 ms (1e-06 ms) budget; fastest of 2 runs each"))
        let listed = message.split(separator: "\n").filter { $0.hasPrefix("  frame ") }
        #expect(listed.count == 5)
        #expect(listed.first?.hasPrefix("  frame \(over[0].frame) (") == true)
        #expect(message.hasSuffix("… and 3 more"))
    }

    @Test func partOfAClipAndBadRanges() throws {
        let part = FrameTimeExpectation.check(.builtIn("demo"), budget: .hz(1), frames: 10...12, repeats: 1,
                                              device: "iphone-se", scale: 0.25, testFile: #filePath)
        #expect(try #require(part.bench).frames.map(\.frame) == [10, 11, 12])
        #expect(try #require(part.bench).width == 94)
        let bad = FrameTimeExpectation.check(.clip(SlidingDot.clip()), budget: .hz(60), frames: 5...9, testFile: #filePath)
        #expect(bad.setupError?.contains("frames 5…9 are outside clip 'sliding-dot'") == true)
    }

    @Test func overBudgetIsReportedAtTheCallSite() {
        withKnownIssue {
            expectFrameTime(.clip(SlidingDot.clip()), within: .milliseconds(1e-6), frames: 0...1, repeats: 1)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("2 of 2 frames of 'sliding-dot'") && $0.rawValue.contains("worst frames:") }
        }
    }
}

final class FrameTimeExpectationXCTests: XCTestCase {
    var failures: [String] = []

    var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        // Only the expectation's own failure is captured; the test's XCTAsserts reach XCTest.
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        failures.append(description)
    }

    func testWithinBudgetUnderXCTest() {
        XCTAssertTrue(expectFrameTime(.clip(SlidingDot.clip()), within: .hz(1), repeats: 1).passed)
        XCTAssertTrue(failures.isEmpty)
    }

    func testOverBudgetFailsUnderXCTest() {
        capturing = true
        expectFrameTime(.clip(SlidingDot.clip()), within: .milliseconds(1e-6), frames: 0...0, repeats: 1)
        capturing = false
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("1 of 1 frames of 'sliding-dot'") == true)
    }
}

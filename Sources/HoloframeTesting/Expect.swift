// The two expectations as test calls. Each renders or times through the checks in this module and
// reports a failure to whichever framework is running the test: Swift Testing (an issue at the
// call site, with the expected / actual / diff PNGs attached) or XCTest (XCTFail at the call site;
// swift-corelibs-xctest on Linux has no attachments, so the message names the files).

import Foundation
import Holoframe
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Checks frames of a clip against golden PNGs beside the calling test file:
/// `__Goldens__/<test file name>/<name or clip name>/<frame>-<device>@<scale>x.png`.
///
/// Exact unless `tolerance` is given (or the golden folder's `tolerances.json` names the file).
/// Record with `HOLOFRAME_RECORD=missing|failed|all swift test`; a run that records fails, so look
/// at each new golden, commit it, and run again. Returns the result for further checks.
@discardableResult
public func expectGolden(_ clip: ClipReference, frames: [Int] = [0], device: String? = nil, scale: Double? = nil,
                         tolerance: Tolerance? = nil, named name: String? = nil,
                         fileID: String = #fileID, filePath: StaticString = #filePath,
                         line: UInt = #line, column: UInt = #column) -> GoldenExpectationResult {
    let result = GoldenExpectation.check(clip, frames: frames, device: device, scale: scale, tolerance: tolerance,
                                         name: name, testFile: "\(filePath)")
    if let message = result.failureMessage {
        TestFailure.report(message, attaching: result.artifacts,
                           at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return result
}

/// Times every frame of a clip (or `frames`) `repeats` times and expects each frame's median
/// within `budget` (`.hz(60)`, `.hz(120)`, `.milliseconds(8)`); a failure lists the worst frames.
@discardableResult
public func expectFrameTime(_ clip: ClipReference, within budget: FrameBudget, frames: ClosedRange<Int>? = nil,
                            repeats: Int = 3, device: String? = nil, scale: Double? = nil,
                            fileID: String = #fileID, filePath: StaticString = #filePath,
                            line: UInt = #line, column: UInt = #column) -> FrameTimeResult {
    let result = FrameTimeExpectation.check(clip, budget: budget, frames: frames, repeats: repeats, device: device,
                                            scale: scale, testFile: "\(filePath)")
    if let message = result.failureMessage() {
        TestFailure.report(message, attaching: [], at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return result
}

/// Where an expectation was written, in the forms both frameworks take.
struct CallSite {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

enum TestFailure {
    static func report(_ message: String, attaching files: [String], at site: CallSite) {
        #if canImport(Testing)
        if Test.current != nil {
            let location = SourceLocation(fileID: site.fileID, filePath: "\(site.filePath)",
                                          line: Int(site.line), column: Int(site.column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
            for path in files {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                Attachment.record([UInt8](data), named: URL(fileURLWithPath: path).lastPathComponent, sourceLocation: location)
            }
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: site.filePath, line: site.line)
        #else
        FileHandle.standardError.write(Data("\(site.filePath):\(site.line): error: \(message)\n".utf8))
        #endif
    }
}

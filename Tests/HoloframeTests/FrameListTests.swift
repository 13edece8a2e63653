// Frame lists through the pipeline: raw output in list order, shards that split the listed
// frames, and --resume finishing a list.

import Foundation
import HoloPixels
import Testing
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct FrameListTests {
    let pipeline = RenderPipeline(fonts: FontLibrary.shared)
    func demo() throws -> Clip { try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.25)) }

    @Test func listsParseAscendingWithoutRepeats() throws {
        #expect(try FrameList(parsing: "0-10,20,30-40").frames == Array(0...10) + [20] + Array(30...40))
        #expect(try FrameList(parsing: "300,0,150,150").frames == [0, 150, 300])
        #expect(try FrameList(parsing: "7").frames == [7])
        #expect(throws: SelectionError.self) { try FrameList(parsing: "5-2") }
    }

    /// Synchronous, the pipe read on a thread of its own: a blocking render inside an async test
    /// can starve the cooperative pool the reader would need (2 cores, 2 threads).
    @Test func rawOutputHoldsTheListedFramesInOrder() throws {
        let clip = try demo()
        var request = RenderRequest(clip: clip, frames: try FrameList(parsing: "40,3,17"))
        request.format = .raw
        request.threads = 2
        let pipe = Pipe()
        let received = Locked<Data>(Data())
        let readDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let d = pipe.fileHandleForReading.readDataToEndOfFile()
            received.withLock { $0 = d }
            readDone.signal()
        }
        _ = try pipeline.run(request, rawOutput: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        readDone.wait()
        let data = received.withLock { $0 }
        let size = clip.pixelWidth * clip.pixelHeight * 4
        #expect(data.count == 3 * size)
        for (i, index) in [3, 17, 40].enumerated() {
            #expect(Array(data[(i * size)..<((i + 1) * size)]) == straightRGBA(try pipeline.renderFrame(index, of: clip)), "frame \(index)")
        }
    }

    @Test(arguments: Shard.Mode.allCases)
    func shardsSplitTheListedFrames(mode: Shard.Mode) throws {
        let list = try FrameList(parsing: "0,10,20-22,90")
        var slices: [[Int]] = []
        for k in 1...3 {
            var request = RenderRequest(clip: try demo(), frames: list)
            request.shard = try Shard(parsing: "\(k)/3", mode: mode)
            slices.append(request.selectedFrames)
        }
        #expect(slices.flatMap { $0 }.sorted() == list.frames, "the slices together are the list")
        #expect(slices.allSatisfy { $0.count == 2 }, "\(slices)")
    }

    @Test func resumeFinishesAList() throws {
        let clip = try demo()
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var first = RenderRequest(clip: clip, frames: try FrameList(parsing: "0,30"))
        first.outputDirectory = dir
        _ = try pipeline.run(first)
        var resume = RenderRequest(clip: clip, frames: try FrameList(parsing: "0,30,60"))
        resume.outputDirectory = dir
        resume.existing = .skip
        let report = try pipeline.run(resume)
        #expect(report.framesWritten == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["frame-00000.png", "frame-00030.png", "frame-00060.png"])
    }
}

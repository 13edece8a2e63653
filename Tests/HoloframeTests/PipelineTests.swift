import Foundation
import HoloPixels
import Testing
import HoloMotion
import HoloScene
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

/// A fresh temporary folder, removed by the caller's defer.
func temporaryFolder(_ name: String = #function) -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("holoframe-tests-\(getpid())-\(name.filter(\.isLetter))-\(UInt32.random(in: 0...UInt32.max))").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite struct DeterminismTests {
    let pipeline = RenderPipeline(fonts: FontLibrary.shared)

    func demo(scale: Double = 0.5) throws -> Clip {
        try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: scale))
    }

    @Test func framesThatRepeatTheirSceneAreWrittenFromTheFrameBefore() throws {
        // demo's fling comes to rest: the frames at rest repeat their scene, and the export hands
        // them the bytes of the frame before. Each must still be that frame's own picture.
        let clip = try demo(scale: 0.125)
        let source = clip.frames()
        var still: [Int] = []
        var previous: Scene?
        for k in 0..<clip.frameCount {
            let scene = source.scene(k).scene
            if scene == previous { still.append(k) }
            previous = scene
        }
        #expect(still.count > 20)
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: clip.frameCount - 1))
        request.outputDirectory = dir
        request.threads = 2
        _ = try pipeline.run(request)
        for index in still.enumerated().filter({ $0.offset % 9 == 0 }).map(\.element) + [still.first!, still.last!] {
            let alone = try pipeline.renderFrame(index, of: clip)
            let written = try PNG.read(contentsOf: "\(dir)/\(frameFileName(index))")
            #expect(alone.bytes == written.bytes, "still frame \(index) differs from its own render")
        }
    }

    @Test func oneFrameAloneEqualsTheSameFrameOfASequentialRun() throws {
        let clip = try demo()
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 45))
        request.outputDirectory = dir
        request.threads = 1
        _ = try pipeline.run(request)
        for index in [17, 30, 45] {
            let alone = try pipeline.renderFrame(index, of: clip)
            let inSequence = try PNG.read(contentsOf: "\(dir)/\(frameFileName(index))")
            #expect(alone.bytes == inSequence.bytes, "frame \(index) rendered alone differs from the sequential run")
        }
    }

    /// The same files, byte for byte, for any thread count.
    @Test func outputIsTheSameForAnyThreadCount() throws {
        let clip = try demo()
        var files: [[String: [UInt8]]] = []
        for threads in [1, 2, 3] {
            let dir = temporaryFolder("threads\(threads)"); defer { try? FileManager.default.removeItem(atPath: dir) }
            var request = RenderRequest(clip: clip, frames: try FrameRange(first: 20, last: 31))
            request.outputDirectory = dir
            request.threads = threads
            let report = try pipeline.run(request)
            #expect(report.framesWritten == 12)
            var bytes: [String: [UInt8]] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
                let path = "\(dir)/\(name)"
                bytes[name] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            files.append(bytes)
        }
        #expect(files[0].count == 12)
        #expect(files[0] == files[1])
        #expect(files[0] == files[2])
    }

    @Test func rawStreamHoldsEveryFrameInOrder() async throws {
        let clip = try demo(scale: 0.25)
        let pipe = Pipe()
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 10, last: 14))
        request.format = .raw
        request.threads = 2
        let reader = Task.detached { pipe.fileHandleForReading.readDataToEndOfFile() }
        _ = try pipeline.run(request, rawOutput: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        let data = await reader.value
        let frameBytes = clip.pixelWidth * clip.pixelHeight * 4
        #expect(data.count == 5 * frameBytes)
        let third = Array(data[(2 * frameBytes)..<(3 * frameBytes)])
        #expect(third == straightRGBA(try pipeline.renderFrame(12, of: clip)))
    }

    @Test func stateLinesAreOneJSONObjectPerFrame() throws {
        let clip = try demo()
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 4))
        request.outputDirectory = dir
        request.statePath = "\(dir)/state.jsonl"
        _ = try pipeline.run(request)
        let lines = try String(contentsOfFile: "\(dir)/state.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5)
        for (i, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["frame"] as? Int == i)
            #expect(object?["scrollOffset"] != nil)
        }
    }
}

@Suite struct FrameSelectionTests {
    @Test func rangesParse() throws {
        #expect(try FrameRange(parsing: "0-59").count == 60)
        #expect(try FrameRange(parsing: "12").indices == 12...12)
    }
    @Test(arguments: ["5-2", "-1", "a-b", "1-2-3", "", "3-"])
    func badRangesAreRefused(_ text: String) {
        #expect(throws: SelectionError.self) { try FrameRange(parsing: text) }
    }
    @Test func listsMergeAndSort() throws {
        #expect(try FrameList(parsing: "30,0,60-62,61").frames == [0, 30, 60, 61, 62])
    }
    @Test func contactSheetSamplesSpreadEvenly() throws {
        #expect(RenderPipeline.sampleFrames(try FrameRange(first: 0, last: 100), count: 5) == [0, 25, 50, 75, 100])
        #expect(RenderPipeline.sampleFrames(try FrameRange(first: 3, last: 5), count: 12) == [3, 4, 5])
    }
}

@Suite struct BenchTests {
    @Test func reportsEveryFrameAndCountsFramesOverBudget() throws {
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.25))
        var options = BenchOptions()
        options.repeats = 1
        options.budgetMs = 1e-6
        let bench = try BenchRunner(pipeline: RenderPipeline(fonts: FontLibrary.shared), options: options)
            .run(clip, device: "iphone-12", frames: try FrameRange(first: 0, last: 3))
        #expect(bench.frames.map(\.frame) == [0, 1, 2, 3])
        #expect(bench.summary.framesOverBudget == 4)
        #expect(bench.frames.allSatisfy { $0.rasterMs > 0 && $0.totalMs >= $0.rasterMs })
    }

    @Test func everyRunStartsWithoutRenderedContent() throws {
        // The glyphs titles frames 5…7 need, drawn after the clip's preparation from an empty cache.
        let fonts = FontLibrary()
        let pipeline = RenderPipeline(fonts: fonts)
        let titles = try ClipResolver.resolve("titles", overrides: ClipOverrides(scale: 0.25))
        try pipeline.prepare(titles)
        let source = titles.frames()
        for k in 5...7 { _ = try pipeline.renderer.render(source.scene(k).scene, scale: titles.scale) }
        let needed = fonts.cachedGlyphCount
        #expect(needed > 0)
        // Glyphs left over from other work (another clip) must not survive into a timed run.
        _ = try pipeline.renderFrame(30, of: try ClipResolver.resolve("reveal", overrides: ClipOverrides(scale: 0.25)))
        #expect(fonts.cachedGlyphCount > needed)
        var options = BenchOptions()
        options.repeats = 2
        let bench = try BenchRunner(pipeline: pipeline, options: options)
            .run(titles, device: "iphone-12", frames: try FrameRange(first: 5, last: 7))
        #expect(fonts.cachedGlyphCount == needed)
        #expect(bench.repeats == 2 && bench.preparationMs > 0)
        #expect(bench.frames.map(\.frame) == [5, 6, 7])
        #expect(bench.frames.allSatisfy { $0.totalMs >= $0.rasterMs && $0.totalMs >= $0.simulateMs })
        // Every run's span is kept; the frame's time is the fastest, with that run's two parts.
        #expect(bench.frames.allSatisfy { $0.runsMs.count == 2 && $0.totalMs == $0.runsMs.min() })
        #expect(bench.frames.allSatisfy { abs($0.simulateMs + $0.rasterMs - $0.totalMs) < 1e-6 })
        // And in the thread's CPU time: one figure per run, the fastest kept, none more than the wall-clock span (+ clock steps).
        #expect(bench.frames.allSatisfy { $0.runsCpuMs.count == 2 && $0.cpuMs == $0.runsCpuMs.min() && $0.cpuMs > 0 })
        #expect(bench.frames.allSatisfy { zip($0.runsCpuMs, $0.runsMs).allSatisfy { cpu, wall in cpu <= wall + 0.1 } })
    }

    @Test(arguments: ["titles-home", "parallax", "hero", "demo"])
    func preparationRasterizesTheOpeningScenesGlyphsAndChangesNoPixel(_ name: String) throws {
        let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(scale: 0.5))
        // Frame 0 drawn from nothing, as before preparation existed.
        let cold = FontLibrary()
        let alone = try FrameCompositor(renderer: SceneRenderer(fonts: cold)).render(clip.frames().scene(0).scene, scale: clip.scale)
        #expect(cold.cachedGlyphCount > 0)
        // Prepared: the opening scene's glyphs are in the cache before the frame, and the frame
        // rasterizes none of its own and has the same bytes.
        let fonts = FontLibrary()
        let pipeline = RenderPipeline(fonts: fonts)
        try pipeline.prepare(clip)
        let prepared = fonts.cachedGlyphCount
        #expect(prepared == cold.cachedGlyphCount)
        let canvas = try FrameCompositor(renderer: pipeline.renderer).render(clip.frames().scene(0).scene, scale: clip.scale)
        #expect(fonts.cachedGlyphCount == prepared)
        #expect(canvas.bytes == alone.bytes)
    }

    @Test func benchReportsPreparationApartFromFrameZero() throws {
        let clip = try ClipResolver.resolve("titles-home", overrides: ClipOverrides(scale: 0.25))
        var options = BenchOptions()
        options.repeats = 1
        let bench = try BenchRunner(pipeline: RenderPipeline(fonts: FontLibrary()), options: options)
            .run(clip, device: "iphone-12", frames: try FrameRange(first: 0, last: 1))
        #expect(bench.preparationMs > 0 && bench.frames.map(\.frame) == [0, 1])
        let text = BenchTable.text(bench, rows: false)
        #expect(text.contains(String(format: "preparation %.2f ms", bench.preparationMs)))
        let json = String(decoding: try JSONEncoder().encode(BenchFile(clips: [bench])), as: UTF8.self)
        #expect(json.contains("\"preparationMs\""))
    }

    @Test func benchFilesCarryTheirSchemaAndOldOnesAreRefused() throws {
        let frames = [FrameTiming(frame: 0, time: 0, simulateMs: 1, rasterMs: 2, encodeMs: nil, totalMs: 3)]
        let bench = ClipBench(clip: "demo", device: "iphone-12", width: 1170, height: 2532, budgetMs: 16.67, repeats: 3,
                              preparationMs: 4, frames: frames, summary: BenchRunner.summarize(frames, budgetMs: 16.67))
        let data = try JSONEncoder().encode(BenchFile(clips: [bench]))
        let back = try BenchFile.decode(data, name: "now.json")
        #expect(back.schema == BenchFile.currentSchema && back.clips.first?.preparationMs == 4)
        // Schema 1 was a bare array of clips.
        let old = Data(#"[{"clip":"demo","device":"iphone-12","width":1,"height":1,"budgetMs":16,"repeats":5,"frames":[],"summary":{"minMs":0,"medianMs":0,"p95Ms":0,"p99Ms":0,"maxMs":0,"worstFrame":0,"worstTime":0,"framesOverBudget":0}}]"#.utf8)
        #expect { try BenchFile.decode(old, name: "old.json") } throws: { "\($0)".contains("schema 1") }
        // Schema 3 kept each frame's median, not its runs.
        let three = Data(#"{"schema": 3, "clips": []}"#.utf8)
        #expect { try BenchFile.decode(three, name: "three.json") } throws: {
            "\($0)" == "'three.json' has bench schema 3 (each frame the median of its runs, the runs not kept); this holoframe reads " +
                "schema 4 (every run kept, each frame its fastest): record a new baseline with --json"
        }
        // Schema 2 had no `redrawn` and timed the renderer without retained layers.
        let two = Data(#"{"schema": 2, "clips": []}"#.utf8)
        #expect { try BenchFile.decode(two, name: "two.json") } throws: { "\($0)".contains("schema 2") && "\($0)".contains("new baseline") }
        let future = Data(#"{"schema": 9, "clips": []}"#.utf8)
        #expect { try BenchFile.decode(future, name: "f.json") } throws: { "\($0)".contains("schema 9") }
        #expect(throws: BenchFileError.self) { try BenchFile.decode(Data("{}".utf8), name: "x.json") }
    }

    /// A baseline is read field by field: what was written comes back, and a damaged one names the field.
    @Test func benchFilesReadBackEveryFieldAndNameADamagedOne() throws {
        let frames = [FrameTiming(frame: 0, time: 0, simulateMs: 1.25, rasterMs: 2, encodeMs: 0.5, totalMs: 3.25, redrawn: 0.25, materialMs: 0.75, runsMs: [3.5, 3.25],
                                  runsCpuMs: [3.0, 3.25], cpuMs: 3.0),
                      FrameTiming(frame: 1, time: 1.0 / 60, simulateMs: 1, rasterMs: 7.5, encodeMs: nil, totalMs: 8.5, redrawn: 0, runsMs: [8.5, 9], runsCpuMs: [8, 8], cpuMs: 8),
                      FrameTiming(frame: 2, time: 2.0 / 60, simulateMs: 1, rasterMs: 5, encodeMs: nil, totalMs: 6, redrawn: 1, materialMs: 1.5, runsMs: [6, 6.5], runsCpuMs: [5.5, 6], cpuMs: 5.5)]
        var summary = BenchRunner.summarize(frames, budgetMs: 8)
        // The median over frames that redrew anything leaves out the reused frame 1.
        let redrawnMedian: Double = (3.25 + 6) / 2
        #expect(summary.redrawnMedianMs == redrawnMedian && summary.medianMs == 6)
        // The redrawn share is the mean over those frames; materials' time is over all of them.
        #expect(summary.redrawnShare == (0.25 + 1) / 2)
        #expect(summary.materialMeanMs == 0.75 && summary.materialShare == 2.25 / 17.75)
        summary.encodeMedianMs = 0.5
        let bench = ClipBench(clip: "demo", device: "iphone-se", width: 750, height: 1334, budgetMs: 8, repeats: 2,
                              preparationMs: 4.5, frames: frames, summary: summary)
        let back = try #require(try BenchFile.decode(try JSONEncoder().encode(BenchFile(clips: [bench])), name: "b.json").clips.first)
        #expect(back.clip == "demo" && back.device == "iphone-se" && back.width == 750 && back.height == 1334)
        #expect(back.budgetMs == 8 && back.repeats == 2 && back.preparationMs == 4.5)
        #expect(back.frames == frames && back.summary == summary)
        let damaged = #"{"schema": 4, "clips": [{"clip": "demo", "device": "iphone-12", "width": 1, "height": 1, "budgetMs": 16, "repeats": 1, "preparationMs": 0, "frames": [{"frame": 0, "time": 0, "simulateMs": 1, "rasterMs": 1, "totalMs": null, "redrawn": 1, "runsMs": [2], "runsCpuMs": [2], "cpuMs": 2}], "summary": {}}]}"#
        #expect { try BenchFile.decode(Data(damaged.utf8), name: "d.json") } throws: {
            "\($0)" == "'d.json' is not a valid bench file: clips[0].frames[0].totalMs: expected a number, got null"
        }
        let noRuns = damaged.replacingOccurrences(of: #""totalMs": null"#, with: #""totalMs": 2"#).replacingOccurrences(of: #", "runsMs": [2]"#, with: "")
        #expect { try BenchFile.decode(Data(noRuns.utf8), name: "d.json") } throws: { "\($0)".contains("clips[0].frames[0].runsMs: missing") }
        #expect { try BenchFile.decode(Data(#"{"schema": 4, "clips": [{"clip": "demo", "width": 1.5}]}"#.utf8), name: "w.json") } throws: {
            "\($0)".contains("clips[0].device: missing")
        }
        #expect { try BenchFile.decode(Data("{\"schema\": 4,\n\"clips\": [}".utf8), name: "s.json") } throws: {
            "\($0)" == "'s.json' is not valid JSON: clips[0]: line 2, column 11: unexpected '}'; expected a value"
        }
        // Schema "3" (a string) is not schema 3.
        #expect { try BenchFile.decode(Data(#"{"schema": "3", "clips": []}"#.utf8), name: "q.json") } throws: { "\($0)".contains("schema \"3\"") }
    }

    /// `--resume`'s record reads back as written; anything else is no record.
    @Test func renderRecordsReadBackAsWritten() throws {
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(device: "iphone-se", scale: 0.5))
        let record = RenderRecord(clip: clip, device: "iphone-se", inputs: ["the clip file a.json": "12ab"], reference: true)
        guard case .current(let back) = RenderRecord.read(record.encoded) else { Issue.record("not read back"); return }
        #expect(back == record)
        guard case .unreadable = RenderRecord.read(Array(#"{"format": 2, "clip": "demo"}"#.utf8)) else { Issue.record("read"); return }
        guard case .unreadable = RenderRecord.read(Array("not json".utf8)) else { Issue.record("read"); return }
    }

    @Test func nearestRankPercentiles() {
        let values = (1...100).map(Double.init)
        #expect(Percentile.nearestRank(values, 95) == 95)
        #expect(Percentile.nearestRank(values, 99) == 99)
        #expect(Percentile.nearestRank([5], 50) == 5)
        #expect(Percentile.median([3, 1, 2, 10]) == 2.5)
    }
}

@Suite struct GoldenCaseNamingTests {
    @Test func namesRoundTrip() throws {
        let c = GoldenCase(clip: "demo", frame: 12, device: "iphone-se", scale: 0.5)
        #expect(c.fileName == "00012-iphone-se@0.5x.png")
        #expect(GoldenCase(clip: "demo", fileName: c.fileName) == c)
        #expect(GoldenCase(clip: "demo", fileName: "00012-iphone-12@1x.png")?.scale == 1)
        #expect(GoldenCase(clip: "demo", fileName: "notes.png") == nil)
    }
}

@Suite struct ShardAndResumeTests {
    let pipeline = RenderPipeline(fonts: FontLibrary.shared)

    func files(_ dir: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
            out[name] = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name)"))
        }
        return out
    }

    @Test(arguments: Shard.Mode.allCases)
    func shardsTogetherEqualTheFullRender(_ mode: Shard.Mode) throws {
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.25))
        let range = try FrameRange(first: 3, last: 19)
        let full = temporaryFolder("full"), sharded = temporaryFolder("sharded")
        defer { try? FileManager.default.removeItem(atPath: full); try? FileManager.default.removeItem(atPath: sharded) }
        var request = RenderRequest(clip: clip, frames: range)
        request.outputDirectory = full
        _ = try pipeline.run(request)
        var seen: [Int] = []
        for k in 1...3 {
            var part = RenderRequest(clip: clip, frames: range)
            part.outputDirectory = sharded
            part.shard = try Shard(parsing: "\(k)/3", mode: mode)
            seen += part.selectedFrames
            _ = try pipeline.run(part)
        }
        #expect(seen.sorted() == Array(range.indices))
        #expect(Set(seen).count == seen.count, "a frame was in two shards")
        #expect(try files(full) == files(sharded))
    }

    @Test func shardSizesDifferByAtMostOne() throws {
        let range = try FrameRange(first: 0, last: 9)
        let sizes = try (1...4).map { try Shard(parsing: "\($0)/4").frames(of: range).count }
        #expect(sizes.reduce(0, +) == 10 && sizes.max()! - sizes.min()! <= 1)
        #expect(throws: SelectionError.self) { try Shard(parsing: "0/4") }
        #expect(throws: SelectionError.self) { try Shard(parsing: "5/4") }
    }

    @Test func existingFramesAreRefusedOverwrittenOrSkipped() throws {
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.25))
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 5))
        request.outputDirectory = dir
        _ = try pipeline.run(request)
        #expect(throws: ExistingFramesError.self) { try pipeline.run(request) }

        // Remove two frames and plant a stale temporary: --resume renders exactly the missing two.
        try FileManager.default.removeItem(atPath: "\(dir)/\(frameFileName(2))")
        try FileManager.default.removeItem(atPath: "\(dir)/\(frameFileName(4))")
        // A temporary is provably stale when made on this host by a process that is gone; one from
        // another host (a shard on another machine) is left alone.
        _ = FileManager.default.createFile(atPath: "\(dir)/.frame-00004.png.tmp-\(TemporaryName.host)-\(Int32.max - 1)-abc", contents: Data([1, 2, 3]))
        _ = FileManager.default.createFile(atPath: "\(dir)/.frame-00003.png.tmp-another-host-12-abc", contents: Data([1, 2, 3]))
        request.existing = .skip
        let state = temporaryFolder("state"); defer { try? FileManager.default.removeItem(atPath: state) }
        request.statePath = "\(state)/state.jsonl"
        #expect(try pipeline.run(request).framesWritten == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [".frame-00003.png.tmp-another-host-12-abc"] + (0...5).map(frameFileName))
        try FileManager.default.removeItem(atPath: "\(dir)/.frame-00003.png.tmp-another-host-12-abc")
        // The state file still covers every selected frame, kept or rendered.
        #expect(try String(contentsOfFile: "\(state)/state.jsonl", encoding: .utf8).split(separator: "\n").count == 6)
        request.statePath = nil

        request.existing = .overwrite
        #expect(try pipeline.run(request).framesWritten == 6)
    }

    @Test func aCancelledRenderLeavesOnlyCompleteFilesAndNoStateFile() throws {
        let clip = try ClipResolver.resolve("demo", overrides: ClipOverrides(scale: 0.25))
        let dir = temporaryFolder(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var request = RenderRequest(clip: clip, frames: try FrameRange(first: 0, last: 59))
        request.outputDirectory = dir
        request.threads = 1
        request.statePath = "\(dir)/state.jsonl"
        let flag = CancellationFlag()
        request.cancellation = flag
        var error: Error?
        // One thread: frames are written in order, so frame 4 is the fifth.
        do { _ = try pipeline.run(request) { frame in if frame.name == "4" { flag.cancel() } } } catch let e { error = e }
        let interrupted = try #require(error as? RenderInterrupted)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(interrupted.written == names.count && interrupted.written >= 5 && interrupted.written < 60)
        #expect(!names.contains { $0.hasPrefix(".") || $0 == "state.jsonl" })
        for name in names { _ = try PNG.read(contentsOf: "\(dir)/\(name)") }
        #expect(interrupted.firstMissing == interrupted.written)
    }
}

@Suite struct LimitTests {
    @Test func capsAreCheckedBeforeRendering() throws {
        let clip = try ClipResolver.resolve("demo")
        var limits = Limits()
        limits.maxPixelsPerFrame = 1170 * 2532 - 1
        #expect(throws: LimitError.self) { try limits.check(clip, frameCount: 1) }
        limits = Limits()
        limits.maxFrames = 10
        #expect(throws: LimitError.self) { try limits.check(clip, frameCount: 11) }
        try Limits().check(clip, frameCount: clip.frameCount)
        // The longest --duration (600 s) at 60 fps is within the default cap: frames 0…35,999 (the
        // end exclusive) are 36,000.
        #expect(FrameClock(fps: 60).frameCount(duration: 600) == 36_000)
        try Limits().check(clip, frameCount: FrameClock(fps: 60).frameCount(duration: 600))
    }
}

@Suite struct ClipNamingTests {
    @Test func aVariantIsCalledByItsOwnName() throws {
        #expect(try ClipResolver.resolve("waveform-dark").name == "waveform-dark")
        #expect(try ClipResolver.resolve("reveal-chevron").name == "reveal-chevron")
        // A resolved clip knows the device it renders on, after the overrides (render's record and
        // bench's table name it without reading the clip file again).
        #expect(try ClipResolver.resolve("demo", overrides: ClipOverrides(device: "iphone-se")).deviceName == "iphone-se")
        #expect(try ClipResolver.resolve("demo").deviceName == "iphone-12")
    }
}

import Foundation
import Synchronization
import Testing
@testable import HoloStudio
@testable import HoloText
import Holoframe

/// A fresh temporary folder for one test.
func studioFolder(_ name: String = #function) -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("holoframe-studio-\(getpid())-\(name.filter(\.isLetter))-\(UInt32.random(in: 0...UInt32.max))").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A small custom clip (120×80 points at 1×, 0.5 s): a bar that grows with time, in `colour`.
func smallClip(colour: String = "#FF0000", extra: String = "") -> String {
    """
    {"design": "custom", "duration": 0.5, "device": "120x80@1",
     "scene": {"type": "group", "children": [
       {"type": "rect", "frame": {"width": 120, "height": 80}, "fill": "#FFFFFF"},
       {"type": "rect", "frame": {"width": "mix(4, 120, time * 2)", "height": 40}, "fill": "\(colour)"}\(extra)
     ]}}
    """
}

func write(_ text: String, to path: String) throws {
    // Through a new file renamed over the old, as many editors save: a new inode, so the change is seen
    // however coarse the file system's clock.
    try text.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
    #expect(rename(path + ".tmp", path) == 0)
}

/// A 4×4 opaque square of one colour.
func square(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Canvas {
    Canvas(width: 4, height: 4, premultipliedBytes: Array([[r, g, b, 255]].joined()).repeated(16))
}

extension Array {
    func repeated(_ n: Int) -> [Element] { Array((0..<n).map { _ in self }.joined()) }
}

func session(for path: String, cacheBytes: Int = 64 << 20) throws -> StudioSession {
    try StudioSession(source: StudioClipSource(argument: path), pipeline: RenderPipeline(fonts: FontLibrary.shared), cacheBytes: cacheBytes)
}

@Suite struct FrameCacheTests {
    func entry(_ bytes: Int) -> FrameCache.Entry { FrameCache.Entry(png: [UInt8](repeating: 7, count: bytes), rasterMs: 1, scale: 1) }

    @Test func staysWithinItsBudgetAndDropsTheLeastRecentlyUsed() {
        let cache = FrameCache(budgetBytes: 1000)
        for frame in 0..<3 { cache.put(.init(version: 1, frame: frame), entry(300)) }
        #expect(cache.bytes == 900)
        _ = cache.get(.init(version: 1, frame: 0))            // 0 is now more recent than 1
        cache.put(.init(version: 1, frame: 3), entry(300))     // over budget: 1 goes
        #expect(cache.bytes <= 1000)
        #expect(cache.get(.init(version: 1, frame: 1)) == nil)
        #expect(cache.get(.init(version: 1, frame: 0)) != nil)
        #expect(cache.get(.init(version: 1, frame: 2)) != nil)
        #expect(cache.get(.init(version: 1, frame: 3)) != nil)
        // Use order now 0, 2, 3 (oldest first, from the reads above): 700 more bytes push out 0 and 2; 3 stays.
        cache.put(.init(version: 1, frame: 4), entry(700))
        #expect(cache.bytes == 1000)
        #expect(cache.get(.init(version: 1, frame: 2)) == nil && cache.get(.init(version: 1, frame: 0)) == nil)
        #expect(cache.get(.init(version: 1, frame: 3)) != nil && cache.get(.init(version: 1, frame: 4)) != nil)
    }

    @Test func keepsNothingLargerThanTheWholeBudget() {
        let cache = FrameCache(budgetBytes: 100)
        cache.put(.init(version: 1, frame: 0), entry(60))
        cache.put(.init(version: 1, frame: 1), entry(101))
        #expect(cache.get(.init(version: 1, frame: 1)) == nil)
        #expect(cache.get(.init(version: 1, frame: 0)) != nil)
        #expect(cache.bytes == 60)
    }

    @Test func versionsAreDifferentKeys() {
        let cache = FrameCache(budgetBytes: 100)
        cache.put(.init(version: 1, frame: 0), entry(10))
        #expect(cache.get(.init(version: 2, frame: 0)) == nil)
        cache.removeAll()
        #expect(cache.count == 0 && cache.bytes == 0)
    }
}

@Suite struct StudioSessionTests {
    @Test func framesAreTheBytesRenderWrites() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let studio = try session(for: path)
        // Out of order, as a scrubbing user asks: each must be the frame drawn alone.
        let clip = try ClipResolver.resolve(path)
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        for n in [20, 3, 4, 29, 0] {
            let frame = try studio.frame(n)
            #expect(frame.entry.png == (try PNG.encode(pipeline.renderFrame(n, of: clip), profile: .fast)), "frame \(n)")
            #expect(!frame.cached)
        }
        #expect(try studio.frame(3).cached)
        #expect(throws: FrameOutOfRange.self) { try studio.frame(30) }
    }

    @Test func keptRecordsStayWithinTheirBudgetAndAFarFrameIsSimulatedAgain() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let source = try ClipResolver.resolve(path).frames()
        let expected = (0..<30).map { source.frame($0) }
        let one = ClipVersion.estimatedBytes(expected[0])
        // Room for three records: scrubbing through every frame keeps the last three only.
        let studio = try StudioSession(source: StudioClipSource(argument: path), pipeline: RenderPipeline(fonts: FontLibrary.shared),
                                       cacheBytes: 1 << 20, recordBytes: one * 3 + one / 2)
        for n in 0..<30 { #expect(try studio.state(n) == expected[n].stateJSON, "frame \(n)") }
        #expect(studio.current.keptRecords.count == 3 && studio.current.keptRecords.bytes <= one * 3 + one / 2)
        // Frame 28 is kept: no new simulation. Frame 2 was dropped: simulated again from t = 0,
        // with the same state line as a fresh simulation's.
        #expect(try studio.state(28) == expected[28].stateJSON && studio.current.restarts == 0)
        #expect(try studio.state(2) == expected[2].stateJSON && studio.current.restarts == 1)
        #expect(try studio.state(25) == expected[25].stateJSON && studio.current.restarts == 1, "forward from frame 2's simulation")
        #expect(studio.current.keptRecords.count == 3)
    }

    @Test func anEditReloadsAndEmptiesTheCache() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let studio = try session(for: path)
        let before = try studio.frame(10)
        #expect(!studio.checkForChanges())
        try write(smallClip(colour: "#0000FF"), to: path)
        #expect(studio.checkForChanges())
        #expect(studio.status == StudioStatus(version: 2, error: nil))
        #expect(studio.cache.count == 0)
        let after = try studio.frame(10)
        #expect(after.version == 2 && after.entry.png != before.entry.png)
    }

    @Test func aBrokenEditKeepsTheLastGoodVersionAndItsError() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let studio = try session(for: path)
        let good = try studio.frame(5)
        let heard = Mutex<[StudioStatus]>([])
        let id = studio.addListener { status in heard.withLock { $0.append(status) } }
        defer { studio.removeListener(id) }
        try write("{\"design\": \"custom\",,}", to: path)
        #expect(studio.checkForChanges())
        let status = studio.status
        #expect(status.version == 1)
        #expect(status.error?.contains("line 1, column 21") == true, "\(status.error ?? "no error")")
        #expect(try studio.frame(5).entry.png == good.entry.png)
        #expect(heard.withLock { $0 } == [status])
        // The next good edit clears the error.
        try write(smallClip(colour: "#00FF00"), to: path)
        #expect(studio.checkForChanges())
        #expect(studio.status == StudioStatus(version: 2, error: nil))
    }

    @Test func anImageTheClipUsesIsWatched() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        let image = folder + "/badge.png"
        try Data(PNG.encode(square(255, 0, 0))).write(to: URL(fileURLWithPath: image))
        try write(smallClip(extra: #", {"type": "image", "path": "badge.png", "frame": {"width": 8, "height": 8}}"#), to: path)
        let studio = try session(for: path)
        #expect(studio.watchedFiles.contains { $0.hasSuffix("/badge.png") })
        try Data(PNG.encode(square(0, 0, 255))).write(to: URL(fileURLWithPath: image + ".new"))
        #expect(rename(image + ".new", image) == 0)
        #expect(studio.checkForChanges())
        #expect(studio.status.version == 2)
    }

    @Test func pathsOutsideTheClipsFolderAreRefusedAsRenderRefusesThem() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/clips", withIntermediateDirectories: true)
        try Data(PNG.encode(square(255, 0, 0))).write(to: URL(fileURLWithPath: folder + "/outside.png"))
        let path = folder + "/clips/clip.json"
        let outside = #", {"type": "image", "path": "../outside.png", "frame": {"width": 8, "height": 8}}"#
        try write(smallClip(extra: outside), to: path)
        #expect { try session(for: path) } throws: { "\($0)".contains("outside the clip's folder") }
        // An edit that reaches out is refused too; the last good version stays.
        try write(smallClip(), to: path)
        let studio = try session(for: path)
        try write(smallClip(extra: outside), to: path)
        #expect(studio.checkForChanges())
        #expect(studio.status.version == 1)
        #expect(studio.status.error?.contains("outside the clip's folder") == true)
    }

    @Test func theEnvironmentSwitchesReloadTheClip() throws {
        let studio = try StudioSession(source: StudioClipSource(argument: "demo", overrides: ClipOverrides(scale: 0.25)),
                                       pipeline: RenderPipeline(fonts: FontLibrary.shared), cacheBytes: 1 << 20)
        #expect(studio.current.spec.environment.colorScheme == .light)
        let status = studio.setEnvironment(colorScheme: .dark, dynamicTypeSize: .xxLarge, reduceMotion: true, device: "iphone-se")
        #expect(status == StudioStatus(version: 2, error: nil))
        let spec = studio.current.spec
        #expect(spec.environment.colorScheme == .dark && spec.environment.dynamicTypeSize == .xxLarge && spec.environment.reduceMotion)
        #expect(spec.device.name == "iphone-se" && studio.current.clip.scale == 0.25 && studio.current.deviceScale == 2)
    }

    /// Start-up is not frame 0's cost: the load opens the font faces (as bench does before its
    /// first timed frame) and times itself as the version's preparation, on every reload too.
    @Test func theLoadOpensTheFontsAndTimesItselfApartFromFrameZero() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let fonts = FontLibrary()  // a library of its own: nothing opened by other tests
        let studio = try StudioSession(source: StudioClipSource(argument: path), pipeline: RenderPipeline(fonts: fonts), cacheBytes: 1 << 20)
        // Every weight at text and display size: the faces `loadFaces` opens, before any frame was asked for.
        #expect(fonts.chains.withLock { $0.count } == FontWeight.allCases.count * 2)
        #expect(studio.current.preparationMs > 0)
        studio.reload()
        #expect(studio.current.number == 2 && studio.current.preparationMs > 0)
    }
}

@Suite struct StudioLimitTests {
    @Test func theCapsHoldOnEveryReload() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        var limits = Limits()
        limits.maxPixelsPerFrame = 120 * 80
        let source = StudioClipSource(argument: path, check: { [limits] in try limits.check($0, frameCount: $0.frameCount) })
        let studio = try StudioSession(source: source, pipeline: RenderPipeline(fonts: FontLibrary.shared), cacheBytes: 1 << 20)
        try write(smallClip().replacingOccurrences(of: "120x80@1", with: "120x80@2"), to: path)
        #expect(studio.checkForChanges())
        #expect(studio.status.version == 1)
        #expect(studio.status.error?.contains("pixels") == true, "\(studio.status.error ?? "no error")")
    }
}

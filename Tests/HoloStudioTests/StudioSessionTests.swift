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
    @Test func framesAreTheBytesRenderWrites() async throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let studio = try session(for: path)
        // Out of order, as a scrubbing user asks: each must be the frame drawn alone.
        let clip = try ClipResolver.resolve(path)
        let pipeline = RenderPipeline(fonts: FontLibrary.shared)
        for n in [20, 3, 4, 29, 0] {
            let frame = try await studio.frame(n)
            #expect(frame.entry.png == (try PNG.encode(pipeline.renderFrame(n, of: clip), profile: .fast)), "frame \(n)")
            #expect(!frame.cached)
        }
        #expect(try await studio.frame(3).cached)
        await #expect(throws: FrameOutOfRange.self) { try await studio.frame(30) }
    }

    @Test func scrubbingBackwardsNeverSimulatesAgain() throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let studio = try session(for: path)
        let late = try studio.state(25)
        #expect(studio.current.simulatedFrames == 26)
        let early = try studio.state(2)
        #expect(studio.current.simulatedFrames == 26)
        // The kept states are the lines `render --state` writes.
        let source = try ClipResolver.resolve(path).frames()
        #expect(early == source.frame(2, fps: 60).stateJSON)
        #expect(late == source.frame(25, fps: 60).stateJSON)
    }

    @Test func anEditReloadsAndEmptiesTheCache() async throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let studio = try session(for: path)
        let before = try await studio.frame(10)
        #expect(!studio.checkForChanges())
        try write(smallClip(colour: "#0000FF"), to: path)
        #expect(studio.checkForChanges())
        #expect(studio.status == StudioStatus(version: 2, error: nil))
        #expect(studio.cache.count == 0)
        let after = try await studio.frame(10)
        #expect(after.version == 2 && after.entry.png != before.entry.png)
    }

    @Test func aBrokenEditKeepsTheLastGoodVersionAndItsError() async throws {
        let folder = studioFolder(); defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/clip.json"
        try write(smallClip(), to: path)
        let studio = try session(for: path)
        let good = try await studio.frame(5)
        let heard = Mutex<[StudioStatus]>([])
        let id = studio.addListener { status in heard.withLock { $0.append(status) } }
        defer { studio.removeListener(id) }
        try write("{\"design\": \"custom\",,}", to: path)
        #expect(studio.checkForChanges())
        let status = studio.status
        #expect(status.version == 1)
        #expect(status.error?.contains("line 1, column 21") == true, "\(status.error ?? "no error")")
        #expect(try await studio.frame(5).entry.png == good.entry.png)
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

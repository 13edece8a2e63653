// Issue 31, Device chrome: every built-in clip draws the device's status bar and home indicator
// (HoloClips' DeviceChrome) over its frames, at the device's positions, unless told not to
// (`--no-chrome`, a clip file's "chrome": false); a user's scene draws them only when its file asks
// ("chrome": true). Pictures are checked where the chrome's pieces are: the battery's charge (a
// solid 21 × 8-pt bar in the content colour) and the home indicator's capsule.

import Foundation
import HoloPixels
import Testing
import HoloGeometry
import HoloMotion
import HoloScene
import HoloClips
@testable import HoloRaster
@testable import Holoframe
@testable import HoloExport
@testable import HoloVerify

@Suite struct DeviceChromeTests {
    static let renderer = SceneRenderer(fonts: FontLibrary.shared)

    static func frame0(_ clip: Clip) throws -> Canvas {
        let scene = clip.frames().scene(0).scene
        return try renderer.render(scene, scale: clip.scale)
    }

    /// Pixels of `r` (points, at `scale`) that differ between two canvases, and the pixel count.
    static func differing(_ a: Canvas, _ b: Canvas, in r: Rect, scale: Double) -> (count: Int, of: Int) {
        var n = 0, total = 0
        for y in Int((r.minY * scale).rounded())..<Int((r.maxY * scale).rounded()) {
            for x in Int((r.minX * scale).rounded())..<Int((r.maxX * scale).rounded()) {
                total += 1
                if a[x, y] != b[x, y] { n += 1 }
            }
        }
        return (n, total)
    }

    /// Each built-in clip's frame 0: the battery's charge differs from the same frame without
    /// chrome over (nearly) all its pixels, and the two frames are the same away from the chrome.
    @Test(arguments: ClipCatalog.all.map(\.name))
    func everyBuiltInClipShowsTheStatusBar(_ name: String) throws {
        let clip = try ClipResolver.resolve(name, overrides: ClipOverrides(scale: 1))
        let bare = try ClipResolver.resolve(name, overrides: { var o = ClipOverrides(scale: 1); o.noChrome = true; return o }())
        let chrome = try #require(clip.chrome)
        #expect(bare.chrome == nil)
        let with = try Self.frame0(clip), without = try Self.frame0(bare)
        let charge = try #require(chrome.batteryFrame).insetBy(dx: 3, dy: 3)
        let d = Self.differing(with, without, in: charge, scale: 1)
        #expect(d.count * 10 >= d.of * 9, "\(name): the battery changes \(d.count) of \(d.of) px")
        // Between the status bar and the home indicator nothing changes.
        let middle = Rect(x: 0, y: chrome.statusBarHeight + 2, width: clip.size.width, height: clip.size.height - chrome.statusBarHeight - 30)
        #expect(Self.differing(with, without, in: middle, scale: 1).count == 0, "\(name)")
        // The home indicator: its capsule's middle row is ink on the iPhone 12.
        let indicator = try #require(chrome.homeIndicatorFrame)
        let row = Rect(x: indicator.minX + 4, y: indicator.midY - 0.5, width: indicator.width - 8, height: 1)
        let h = Self.differing(with, without, in: row, scale: 1)
        #expect(h.count * 10 >= h.of * 9, "\(name): the home indicator changes \(h.count) of \(h.of) px")
    }

    /// iPhone 12: a 47-pt bar, a 134 × 5 indicator 8 pt above the bottom; iPhone SE: a 20-pt bar,
    /// no indicator; the items centred in their bar; a phone in landscape has no status bar.
    @Test func positionsFollowTheDevice() throws {
        let twelve = DeviceChrome(.iPhone12), se = DeviceChrome(.iPhoneSE)
        #expect(twelve.statusBarHeight == 47 && se.statusBarHeight == 20)
        #expect(twelve.homeIndicatorFrame == Rect(x: 128, y: 844 - 8 - 5, width: 134, height: 5))
        #expect(se.homeIndicatorFrame == nil)
        for chrome in [twelve, se] {
            let battery = try #require(chrome.batteryFrame)
            #expect(battery.minY > 0 && battery.maxY < chrome.statusBarHeight && battery.maxX < chrome.size.width - 4)
            #expect(abs(battery.midY - chrome.itemsMidY) < 0.01)
        }
        // Notched: time in the left ear; home button: time centred.
        #expect(twelve.timeOrigin.x < 80 && se.timeOrigin.x == 375.0 / 2)
        #expect(twelve.timeFont.size == 17 && se.timeFont.size == 12)
        #expect(DeviceChrome(Device.iPhone12.landscape).batteryFrame == nil)
        #expect(DeviceChrome(Device.iPhone12.landscape).homeIndicatorFrame != nil)

        // In pixels: on the SE, rendered, the battery is in its 20-pt bar and the bottom rows are
        // the same with and without chrome (no indicator); on the 12 they are not.
        for (device, hasIndicator) in [("iphone-se", false), ("iphone-12", true)] {
            var o = ClipOverrides(device: device, scale: 1)
            let with = try Self.frame0(try ClipResolver.resolve("demo", overrides: o))
            o.noChrome = true
            let without = try Self.frame0(try ClipResolver.resolve("demo", overrides: o))
            let chrome = DeviceChrome(try #require(Device.named(device)))
            let battery = try #require(chrome.batteryFrame).insetBy(dx: 3, dy: 3)
            #expect(Self.differing(with, without, in: battery, scale: 1).count > 0, "\(device)")
            let bottom = Rect(x: 0, y: chrome.size.height - 16, width: chrome.size.width, height: 16)
            #expect((Self.differing(with, without, in: bottom, scale: 1).count > 0) == hasIndicator, "\(device)")
        }
    }

    /// The style: dark items over light backgrounds and light items over dark ones, read from
    /// what the scene draws under the bar (the reveal's dark page in light mode; the hero's dark
    /// detail header over its light page).
    @Test func contentStyleFollowsWhatIsUnderTheBar() throws {
        let chrome = DeviceChrome(.iPhone12)
        let light = Scene(size: Size(390, 844), background: .white, root: [])
        #expect(chrome.style(over: light) == .darkContent)
        var header = light
        header.root = [.fill(.rect(Rect(x: 0, y: 0, width: 390, height: 300)), .solid(Color(hex: 0x1C2A3A)))]
        #expect(chrome.style(over: header) == .lightContent)
        header.root.append(.material(.rect(Rect(x: 0, y: 0, width: 390, height: 90)), .thin, .light))
        #expect(chrome.style(over: header) == .darkContent)
        // The built-in reveal, in light mode, draws white items (its page is dark).
        let reveal = try ClipResolver.resolve("reveal", overrides: ClipOverrides(scale: 1))
        let canvas = try Self.frame0(reveal)
        let battery = try #require(reveal.chrome?.batteryFrame)
        let p = canvas[Int(battery.midX), Int(battery.midY)]
        #expect(p.r > 200 && p.g > 200 && p.b > 200, "\(p)")
    }

    /// "chrome" in a clip file: true or false, anything else an error naming the field; a custom
    /// scene has no chrome unless it asks; a built-in's file can turn it off; --no-chrome wins.
    @Test func chromeKeyInClipFiles() throws {
        func spec(_ json: String) throws -> ClipSpec {
            try ClipSpec.decode(Data(json.utf8), fileName: "c.json") { ClipCatalog.named($0)?.defaults() }
        }
        #expect(try spec(#"{"design": "demo"}"#).chrome == nil)
        #expect(try spec(#"{"design": "demo", "chrome": false}"#).chrome == false)
        #expect(try spec(#"{"design": "custom", "chrome": true, "scene": []}"#).chrome == true)
        do {
            _ = try spec(#"{"design": "demo", "chrome": "yes"}"#)
            Issue.record("a string was accepted")
        } catch let e as ClipFileError {
            #expect(e.path == "chrome" && e.reason.contains("true or false"), "\(e)")
        }
        let scene = ##"{"type": "rect", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "fill": "#FF0000"}"##
        func custom(_ extra: String) throws -> Clip {
            var s = try spec(#"{"design": "custom", "duration": 0.1, "device": "iphone-se", "scene": "# + scene + extra + "}")
            s.device.scale = 1
            return try CustomDesign.clip(s, fileName: "c.json", loadImage: { _ in throw CocoaError(.fileNoSuchFile) })
        }
        #expect(try custom("").chrome == nil)
        let asked = try custom(#", "chrome": true"#)
        #expect(asked.chrome?.statusBarHeight == 20)
        #expect(asked.withoutChrome().chrome == nil)
        // Drawn: the battery's pixels are ink (black over the white default background).
        let canvas = try Self.frame0(asked)
        let battery = try #require(asked.chrome?.batteryFrame)
        #expect(canvas[Int(battery.midX), Int(battery.midY)].r < 40)
        let plain = try Self.frame0(try custom(""))
        #expect(plain[Int(battery.midX), Int(battery.midY)].r == 255)
        // A built-in's clip file with "chrome": false, and the flag over a file that asks.
        #expect(try ClipCatalog.clip(for: try spec(#"{"design": "demo", "chrome": false}"#)).chrome == nil)
        var flagged = try spec(#"{"design": "custom", "chrome": true, "scene": []}"#)
        var o = ClipOverrides(); o.noChrome = true
        ClipResolver.apply(o, to: &flagged)
        #expect(flagged.chrome == false)
    }
}

/// A clip built in Swift (the testing library's `.clip` and `.scene`) has no chrome until it asks.
@Test func swiftBuiltClipsAskForChrome() throws {
    struct Blank: ClipSimulation {
        struct State: Encodable {}
        mutating func advance(to time: Double) -> State { State() }
        func scene(for state: State) -> Scene { Scene(size: Size(390, 844), background: Color(hex: 0x101010), root: []) }
    }
    let plain = Clip(name: "blank", size: Size(390, 844), scale: 1, fps: 60, frameCount: 1) { Blank() }
    #expect(plain.chrome == nil)
    let asked = plain.withChrome(device: .iPhone12)
    let battery = try #require(asked.chrome?.batteryFrame)
    // White items over the near-black background; kept through the clip's other copies.
    let canvas = try DeviceChromeTests.frame0(asked.named("b").withScale(1))
    #expect(canvas[Int(battery.midX), Int(battery.midY)].r > 230)
    #expect(try DeviceChromeTests.frame0(plain)[Int(battery.midX), Int(battery.midY)].r == 16)
}

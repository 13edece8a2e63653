// Design "custom": the user's own scene from the clip file's `scene`, driven by the clip's inputs.
//
// Drivers a scene may read: time, frame, scroll (offset in points, UIScrollView's convention: docs/designs.md, Scrolling),
// scrollVelocity, scrollPhase (0 idle, 1 tracking, 2 decelerating, 3 animating), roll and pitch
// (radians, smoothed as the title's are: spring(0.2, 0.8), 30 Hz in Low Power), and the built-in
// clips' components run on the clip's scroll:
//   header.visible, header.hidden, header.offset, header.opacity   the collapsing header (docs/designs.md, Titles)
//   flowing.progress, flowing.rawProgress                          the flowing header (docs/designs.md, Flowing header)
//   waveform.progress                                              pull progress, −offset / 80 (docs/designs.md, Waveform)
//   reveal.progress                                                offset / secondary height (docs/designs.md, Reveal;
//                                                                  variant "revealHeight", default the viewport)
//   navigation.barOpacity                                          a navigationStack's bar background, hairline and
//                                                                  inline title: 0 at the scroll edge, 1 under the bar
//   tab.selection                                                  a tabView's selected tab (0-based), chosen by taps
// Components read the scroll at a fixed 60 Hz from t = 0 (as the built-in clips do), and only
// those the scene reads are run.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

public enum CustomDesign {
    public static let name = "custom"
    public static let driverNames: Set<String> = ["time", "frame", "scroll", "scrollVelocity", "scrollPhase", "roll", "pitch",
                                                  "header.visible", "header.hidden", "header.offset", "header.opacity",
                                                  "flowing.progress", "flowing.rawProgress", "waveform.progress", "reveal.progress", "phase.value",
                                                  "navigation.barOpacity", "tab.selection"]

    /// The clip for a spec whose design is "custom". `loadImage` resolves an image node's path
    /// (relative to the clip file) to pixels; `fileName` is named in errors.
    public static func clip(_ spec: ClipSpec, fileName: String,
                            loadImage: (String) throws -> ImageData,
                            loadShader: (String) throws -> String = { _ in throw UserSceneError(path: "", reason: "shader files are not available here") }) throws -> Clip {
        let json = try sceneField(spec, fileName: fileName)
        let scene: UserScene
        let device = spec.device
        let environment = ViewEnvironment(
            layout: LayoutEnvironment(screen: device.size, safeArea: device.screen.safeArea, displayScale: device.scale),
            dynamicTypeSize: spec.environment.dynamicTypeSize, colorScheme: spec.environment.colorScheme,
            increasedContrast: spec.environment.highContrast)
        do {
            scene = try UserScene.decode(json, driverNames: driverNames, colorScheme: spec.environment.colorScheme,
                                         increasedContrast: spec.environment.highContrast, environment: environment,
                                         loadImage: loadImage, loadShader: loadShader)
        } catch let e as UserSceneError {
            throw ClipFileError(fileName: fileName, path: e.path, reason: e.reason)
        }
        let size = spec.device.size
        let scrollSpec = try scrollField(spec.scroll, laidOut: scene.scrollGeometry, fileName: fileName)
        let scroll = scrollSpec?.makeSimulation()
        let motion = spec.makeDeviceMotion()
        let (background, revealHeight) = try variantFields(spec, fileName: fileName)
        let fps = Double(spec.fps)
        var components = ComponentDrivers(required: scene.requiredDrivers, reduceMotion: spec.environment.reduceMotion,
                                          contentScrolls: scrollSpec?.configuration.isScrollable ?? false,
                                          revealHeight: revealHeight)
        if scene.requiredDrivers.contains("navigation.barOpacity") {
            components.navigation = NavigationBarState(collapseDistance: scene.components.navigationCollapseDistance ?? 0)
        }
        if let tabs = scene.components.tabView, scene.requiredDrivers.contains("tab.selection") {
            components.tabs = (tabs, spec.taps)
        }
        let drivers = components
        var clip = Clip(name: spec.design, size: size, scale: spec.device.scale, rate: spec.rate, frameCount: spec.frameCount) {
            CustomSimulation(scene: scene, scroll: scroll, motion: motion, size: size, background: background, fps: fps,
                             components: drivers)
        }.withWarnings(scene.warnings.map { "\(fileName): \($0)" })
        clip.deviceName = spec.device.name
        // A user's scene gets the device's chrome only when its file asks ("chrome": true).
        return spec.chrome == true ? clip.withChrome(device: spec.device) : clip
    }
}

struct CustomSimulation: ClipSimulation {
    struct State: Encodable {
        var drivers: [String: Double]
    }
    let scene: UserScene
    let scroll: ScrollSimulation?
    let motion: DeviceMotion
    let size: Size
    let background: Color
    let fps: Double
    var components: ComponentDrivers

    mutating func advance(to time: Double) -> State {
        var d: [String: Double] = ["time": time, "frame": (time * fps).rounded()]
        let s = scroll?.state(at: time)
        d["scroll"] = s?.offset ?? 0
        d["scrollVelocity"] = s?.velocity ?? 0
        d["scrollPhase"] = Double(s.map { ScrollPhase.allCases.firstIndex(of: $0.phase)! } ?? 0)
        let attitude = motion.smoothedAttitude(at: time)
        d["roll"] = attitude.roll
        d["pitch"] = attitude.pitch
        if let scroll { components.advance(to: time, scroll: scroll, into: &d) }
        if let (tabs, taps) = components.tabs { d["tab.selection"] = Double(tabs.selectedIndex(at: time, taps: taps)) }
        return State(drivers: d)
    }

    func scene(for state: State) -> Scene {
        scene.scene(size: size, background: background, drivers: state.drivers)
    }
}

/// The built-in components a user scene can read, stepped at 60 Hz on the clip's scroll.
struct ComponentDrivers: Sendable {
    static let stepsPerSecond = 60.0
    var header: CollapsingHeader?
    var flowing: FlowingHeaderState?
    let wantsWaveform: Bool
    let revealHeight: Double?
    var navigation: NavigationBarState?
    /// The tab view and the clip's taps, which choose its tab.
    var tabs: (TabViewSpec, [Tap])?
    var step = 0

    init(required: Set<String>, reduceMotion: Bool, contentScrolls: Bool, revealHeight: Double) {
        header = required.contains { $0.hasPrefix("header.") }
            ? CollapsingHeader(reduceMotion: reduceMotion, contentScrolls: contentScrolls) : nil
        flowing = required.contains { $0.hasPrefix("flowing.") }
            ? FlowingHeaderState(start: FlowingTokens.fallbackStartOffset, snapping: .directional) : nil
        wantsWaveform = required.contains("waveform.progress")
        self.revealHeight = required.contains("reveal.progress") ? revealHeight : nil
    }

    mutating func advance(to time: Double, scroll: ScrollSimulation, into d: inout [String: Double]) {
        if header != nil || flowing != nil || navigation != nil {
            // Every 1/60 s tick up to `time`, whatever the clip's frame rate.
            while Double(step) / Self.stepsPerSecond <= time + 1e-9 {
                let t = Double(step) / Self.stepsPerSecond
                let s = scroll.state(at: t)
                header?.scrollChanged(to: s.offset, at: t)
                flowing?.update(offset: s.offset, phase: s.phase, at: t)
                navigation?.scrollChanged(to: s.offset, at: t)
                step += 1
            }
        }
        let offset = scroll.state(at: time).offset
        if let header {
            d["header.visible"] = header.isVisible ? 1 : 0
            d["header.hidden"] = header.hidden(at: time)
            d["header.offset"] = header.offset(at: time)
            d["header.opacity"] = header.opacity(at: time)
        }
        if let flowing {
            d["flowing.progress"] = flowing.progress(at: time)
            d["flowing.rawProgress"] = flowing.rawProgress
        }
        if let navigation { d["navigation.barOpacity"] = navigation.opacity(at: time) }
        if wantsWaveform { d["waveform.progress"] = WaveformRefresh.pullProgress(offset: offset) }
        if let revealHeight { d["reveal.progress"] = RevealMapping.progress(offset: offset, secondaryHeight: revealHeight) }
    }
}

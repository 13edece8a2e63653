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
        guard let json = spec.scene else {
            throw ClipFileError(fileName: fileName, path: "scene", reason: "is required when design is \"custom\" (see examples/)")
        }
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
        var scrollSpec = spec.scroll
        if let g = scene.scrollGeometry {
            // The scroll view's viewport and content come from layout.
            if spec.scroll?.hasContentHeight == true {
                throw ClipFileError(fileName: fileName, path: "scroll.contentHeight",
                                    reason: "the scene's scrollView lays its content out and gives the content height; leave contentHeight out")
            }
            var s = scrollSpec ?? ScrollSpec(configuration: ScrollConfiguration(contentHeight: 0, viewportHeight: 0), script: .empty)
            s.configuration.contentHeight = max(g.scrollableHeight, 1)
            s.configuration.viewportHeight = max(g.frame.height, 1)
            scrollSpec = s
        } else if spec.scroll?.hasContentHeight == false {
            throw ClipFileError(fileName: fileName, path: "scroll.contentHeight",
                                reason: "missing; a scene without a scrollView needs the height of what it scrolls")
        }
        let scroll = scrollSpec?.makeSimulation()
        let motion = spec.makeDeviceMotion()
        var chosenBackground: Color = spec.environment.colorScheme == .dark ? Color(hex: 0x000000) : Color(hex: 0xFFFFFF)
        switch spec.variant["background"] {
        case nil: break
        case .string(let hex)?:
            guard let color = Self.color(hex: hex)
                    ?? Color.named(hex, scheme: spec.environment.colorScheme, increasedContrast: spec.environment.highContrast) else {
                throw ClipFileError(fileName: fileName, path: "variant.background",
                                    reason: "expected \"#RRGGBB\", \"#RRGGBBAA\" or a colour name such as \"systemGroupedBackground\", got \"\(hex)\"")
            }
            chosenBackground = color
        default:
            throw ClipFileError(fileName: fileName, path: "variant.background", reason: "expected a colour string such as \"#00000000\"")
        }
        let background = chosenBackground
        let fps = Double(spec.fps)
        let revealHeight: Double
        switch spec.variant["revealHeight"] {
        case .number(let h)? where h > 0 && h.isFinite: revealHeight = h
        case nil: revealHeight = size.height
        default: throw ClipFileError(fileName: fileName, path: "variant.revealHeight", reason: "must be a positive number of points")
        }
        if let unknown = spec.variant.keys.sorted().first(where: { $0 != "revealHeight" && $0 != "background" }) {
            throw ClipFileError(fileName: fileName, path: "variant.\(unknown)",
                                reason: "is not a variant of design \"custom\" (known: background, revealHeight)")
        }
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

extension CustomDesign {
    /// "#RRGGBB" or "#RRGGBBAA".
    static func color(hex: String) -> Color? {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9, let v = UInt64(hex.dropFirst(), radix: 16) else { return nil }
        if hex.count == 7 { return Color(hex: UInt32(v)) }
        return Color(hex: UInt32(v >> 8), alpha: Double(v & 0xFF) / 255)
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

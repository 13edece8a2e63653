// The waveform clips: `waveform` (pull past the threshold, refresh, fade out, then a small pull
// that does not trigger), `waveform-dark` (the same in dark mode) and `waveform-tab-reselect`
// (a fling down the feed, a tab tap that scrolls to the top, a second that pulls down and refreshes).
//
// Clip-file variants: {"design": "waveform", "variant": {"gesture": "pull" | "tab-reselect",
// "load": seconds}}. `gesture` picks the default inputs used when the file gives no scroll; `load`
// is how long loadData() takes (default 0: the refresh still shows its 1.3 s).
// The design owns its layout: the scroll view is the list between title bar and tab bar, so a
// file's scroll keeps its events and deceleration but takes the list's viewport and content height.

import HoloGeometry
import HoloMotion
import HoloScene

public enum Waveform {
    public enum Gesture: String, CaseIterable, Sendable { case pull, tabReselect = "tab-reselect" }

    public static let builtIn = BuiltInClip(
        name: "waveform",
        summary: "waveform pull-to-refresh: a pull past 80 pt, refresh ≥ 1.3 s, fade-out; then a small pull that does not trigger",
        defaults: { defaultSpec(.pull) }, make: { try clip($0) })
    public static let darkBuiltIn = BuiltInClip(
        name: "waveform-dark", summary: "waveform pull-to-refresh in dark mode (white bars)",
        defaults: { var s = defaultSpec(.pull); s.environment.colorScheme = .dark; return s }, make: { try clip($0) })
    public static let tabReselectBuiltIn = BuiltInClip(
        name: "waveform-tab-reselect",
        summary: "waveform refresh from tab re-selection: first tap scrolls to top, second pulls down over 0.4 s and refreshes",
        defaults: { defaultSpec(.tabReselect) }, make: { try clip($0) })

    public struct Variant: Hashable, Sendable {
        public var gesture: Gesture = .pull
        public var loadDuration = 0.0

        public init(_ values: [String: VariantValue]) throws(ClipInputError) {
            let variant = try ClipVariant(values, clip: "waveform", keys: ["gesture", "load"])
            if let g = try variant.choice("gesture", as: Gesture.self) { gesture = g }
            if let d = try variant.number("load", in: 0...60, unit: "seconds") { loadDuration = d }
        }
    }

    public static func defaultSpec(_ gesture: Gesture) -> ClipSpec {
        var spec = ClipSpec(design: "waveform")
        if gesture != .pull { spec.variant = ["gesture": .string(gesture.rawValue)] }
        let layout = WaveformLayout(size: spec.device.size, insets: spec.device.layoutInsets(guess: ScreenInsets.guessFromHeight))
        spec.scroll = ScrollSpec(configuration: configuration(layout), script: defaultScript(gesture))
        switch gesture {
        case .pull:
            spec.duration = 5
        case .tabReselect:
            spec.duration = 4.8
            spec.taps = defaultTaps
        }
        return spec
    }

    static func configuration(_ layout: WaveformLayout, deceleration: ScrollDeceleration = .normal) -> ScrollConfiguration {
        ScrollConfiguration(contentHeight: layout.contentHeight, viewportHeight: layout.viewportHeight, deceleration: deceleration)
    }

    /// pull: a slow pull 220 pt down (shown ≈ 100 pt through the rubber band, past the 80 pt
    /// threshold), held, released at 1.3 s; then at 3.4 s a 70 pt pull (shown ≈ 37 pt, 46 %) let go.
    /// tab-reselect: a fling down the feed at 0.2 s.
    static func defaultScript(_ gesture: Gesture) -> ScrollScript {
        switch gesture {
        case .pull:
            return try! ScrollScript([
                .fingerDown(time: 0.4, y: 260), .fingerMove(time: 1.1, y: 480, curve: .easeInOut), .fingerUp(time: 1.3),
                .fingerDown(time: 3.4, y: 300), .fingerMove(time: 3.8, y: 370, curve: .easeInOut), .fingerUp(time: 3.8),
            ])
        case .tabReselect:
            return try! ScrollScript([.fingerDown(time: 0.2, y: 600), .fingerMove(time: 0.45, y: 300), .fingerUp(time: 0.45)])
        }
    }

    /// Tab taps at 1.5 s (scroll to top, while the fling still coasts) and 2.3 s (refresh).
    static let defaultTaps = [Tap(time: 1.5, target: WaveformTabReselection.tapTarget),
                              Tap(time: 2.3, target: WaveformTabReselection.tapTarget)]

    public static func simulation(_ spec: ClipSpec) throws -> WaveformSimulation {
        let variant = try Variant(spec.variant)
        let layout = WaveformLayout(size: spec.device.size, type: spec.environment.dynamicTypeSize,
                                    insets: spec.device.layoutInsets(guess: ScreenInsets.guessFromHeight))
        let userScroll = spec.scroll
        let script = userScroll?.script ?? defaultScript(variant.gesture)
        let taps = userScroll == nil && spec.taps.isEmpty && variant.gesture == .tabReselect ? defaultTaps : spec.taps
        let plan = try WaveformTabReselection.plan(taps: taps, script: script)
        let config = configuration(layout, deceleration: userScroll?.configuration.deceleration ?? .normal)
        let scroll = ScrollSimulation(config, script: plan.script)
        let releases = plan.script.touches.compactMap(\.upTime)
        let refresh = WaveformRefresh(scroll: scroll, inputs: WaveformInputs(
            releaseTimes: releases, tabRefreshTimes: plan.refreshTimes, loadDuration: variant.loadDuration))
        return WaveformSimulation(refresh: refresh, tabTapTimes: taps.map(\.time),
                                  scene: WaveformScene(layout: layout, colorScheme: spec.environment.colorScheme))
    }

    static func clip(_ spec: ClipSpec) throws -> Clip {
        let sim = try simulation(spec)
        return Clip(spec) { sim }
    }
}

public struct WaveformSimulation: ClipSimulation, Sendable {
    /// The refresh's state. A tab tap draws nothing of its own: iOS tab bars show no touch ripple
    /// or highlight on their items (a re-selection only scrolls and refreshes the list).
    public struct State: Encodable, Sendable {
        public var waveform: WaveformFrameState
        public func encode(to encoder: Encoder) throws { try waveform.encode(to: encoder) }
    }

    public let refresh: WaveformRefresh
    public let tabTapTimes: [Double]
    public let scene: WaveformScene

    public mutating func advance(to time: Double) -> State { state(at: time) }

    public func state(at time: Double) -> State { State(waveform: refresh.state(at: time)) }

    public func scene(for state: State) -> Scene { scene.scene(state.waveform) }
}

// A clip of views: the view a function of the clip's time, evaluated on a fixed clock.
//
//   Clip.view(name: "pressed-card", size: Size(200, 180), duration: 1) { t in
//       PressedCard(pressed: (0.1..<0.6).contains(t))
//   }
//
// Every frame k is the view evaluated at t = k / fps, after the evaluations at frames 0 … k − 1 (the
// simulation steps through each frame's time even when only frame k is asked for), so an
// `.animation(_:value:)` sees a change at the first frame whose t shows it, and frame k depends only
// on t ≤ k / fps: frame 500 alone is frame 500 of a run, byte for byte. Each frame's views are laid
// out and drawn as a clip file's layout roots are (HoloClips' `LayoutRootSpec`): several views at
// the top are laid out on the screen each, one over the other, as a clip file's scene array.

import HoloClips
import HoloDevices
import HoloGeometry
import HoloMotion
import HoloScene
import HoloframeTesting

extension Clip {
    /// A clip of `content(t)` on `device` (its size, scale and safe area), in `environment`'s colour
    /// scheme, contrast and Dynamic Type size, over `background` (default white, or black when dark:
    /// a clip file's `variant.background`).
    public static func view<V: View>(name: String, device: Device, fps: Double = 60, duration: Double,
                                     environment: ClipEnvironment = .standard, background: Color? = nil,
                                     @ViewBuilder content: @escaping @Sendable (Double) -> V) -> Clip {
        let frames = max(1, Int((duration * fps).rounded()))
        return Clip(name: name, size: device.size, scale: device.scale, fps: fps, frameCount: frames) {
            ViewSimulation(content: content, device: device, environment: environment, background: background, fps: fps)
        }
    }

    /// A clip of `content(t)` on a screen of `size` points with no safe area, drawn at `scale`.
    public static func view<V: View>(name: String, size: Size, scale: Double = 1, fps: Double = 60, duration: Double,
                                     environment: ClipEnvironment = .standard, background: Color? = nil,
                                     @ViewBuilder content: @escaping @Sendable (Double) -> V) -> Clip {
        view(name: name, device: Device(name: "custom", size: size, scale: scale), fps: fps, duration: duration,
             environment: environment, background: background, content: content)
    }
}

extension ClipReference {
    /// One still frame of `content` (`expectGolden(.view { ActivityView() })`), named after the
    /// view's type unless `name` is given, on `device` in `environment`.
    public static func view<V: View>(name: String? = nil, device: Device = .iPhone12, environment: ClipEnvironment = .standard,
                                     @ViewBuilder _ content: @escaping @Sendable () -> V) -> ClipReference {
        .clip(Clip.view(name: name ?? "\(V.self)", device: device, fps: 60, duration: 1.0 / 60, environment: environment) { _ in content() })
    }
}

/// Views evaluated on the clip's clock, one evaluation per frame time.
struct ViewSimulation<V: View>: ClipSimulation {
    struct State: Encodable {
        /// Animated values still moving at this frame.
        var animating: Int
    }

    let content: (Double) -> V
    let device: Device
    let values: EnvironmentValues
    let fps: Double
    let background: HoloGeometry.Color
    private let store = AnimationStore()
    private var frame = -1
    private var specs: [ViewSpec] = []
    private var drivers = DriverTable(known: [])
    private var driverValues: [String: Double] = [:]
    /// The frame's nodes, and the specs and driver values they were drawn from: a frame whose
    /// views and values are those of the frame before reuses its nodes (layout included), as a clip
    /// file's root whose layout reads no driver is laid out once.
    private var nodes: [Node] = []
    private var drawn: (specs: [ViewSpec], drivers: DriverTable, values: [String: Double])?

    init(content: @escaping (Double) -> V, device: Device, environment: ClipEnvironment, background: Color?, fps: Double) {
        self.content = content; self.device = device; self.fps = fps
        values = EnvironmentValues(device: device, environment)
        self.background = background?.resolved(values)
            ?? (environment.colorScheme == .dark ? HoloGeometry.Color(hex: 0x000000) : HoloGeometry.Color(hex: 0xFFFFFF))
    }

    mutating func advance(to time: Double) -> State {
        let target = Int((time * fps).rounded())
        while frame < target {
            frame += 1
            let t = Double(frame) / fps
            var b = SpecBuilder(environment: values, time: t, store: store)
            specs = content(t).makeSpecs(&b)
            drivers = b.drivers
            driverValues = b.driverValues
        }
        if drawn.map({ $0.specs != specs || $0.drivers != drivers || $0.values != driverValues }) ?? true {
            let environment = values.viewEnvironment(device), slots = drivers.slots(from: driverValues)
            nodes = specs.flatMap { LayoutRootSpec(view: $0, isStatic: true).nodes(in: environment, drivers: slots) }
            drawn = (specs, drivers, driverValues)
        }
        let t = Double(frame) / fps
        return State(animating: store.values.values.filter { $0.isAnimating(at: t) }.count)
    }

    func scene(for state: State) -> Scene {
        Scene(size: device.size, background: background, root: nodes)
    }
}

extension EnvironmentValues {
    /// The environment of a clip on `device` in `environment`.
    init(device: Device, _ environment: ClipEnvironment) {
        self.init()
        colorScheme = environment.colorScheme
        dynamicTypeSize = environment.dynamicTypeSize
        colorSchemeContrast = environment.highContrast ? .increased : .standard
        displayScale = device.scale
        screenWidth = device.size.width
    }
}

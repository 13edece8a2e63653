// Design "custom": the user's own scene from the clip file's `scene`, driven by the clip's inputs.
//
// Drivers a scene may read: time, frame, scroll (offset in points, REFERENCE convention),
// scrollVelocity, scrollPhase (0 idle, 1 tracking, 2 decelerating, 3 animating), roll and pitch
// (radians, smoothed as the title's are: spring(0.2, 0.8), 30 Hz in Low Power).

import HoloGeometry
import HoloMotion
import HoloScene

public enum CustomDesign {
    public static let name = "custom"
    public static let driverNames: Set<String> = ["time", "frame", "scroll", "scrollVelocity", "scrollPhase", "roll", "pitch"]

    /// The clip for a spec whose design is "custom". `loadImage` resolves an image node's path
    /// (relative to the clip file) to pixels; `fileName` is named in errors.
    public static func clip(_ spec: ClipSpec, fileName: String,
                            loadImage: (String) throws -> ImageData) throws -> Clip {
        guard let json = spec.scene else {
            throw ClipFileError(fileName: fileName, path: "scene", reason: "is required when design is \"custom\" (see examples/)")
        }
        let scene: UserScene
        do {
            scene = try UserScene.decode(json.foundationObject, driverNames: driverNames, loadImage: loadImage)
        } catch let e as UserSceneError {
            throw ClipFileError(fileName: fileName, path: e.path, reason: e.reason)
        }
        let size = spec.device.size
        let scroll = spec.scroll?.makeSimulation()
        let motion = spec.makeDeviceMotion()
        let background: Color = spec.environment.colorScheme == .dark ? Color(hex: 0x000000) : Color(hex: 0xFFFFFF)
        let fps = Double(spec.fps)
        return Clip(name: spec.design, size: size, scale: spec.device.scale, fps: fps, frameCount: spec.frameCount) {
            CustomSimulation(scene: scene, scroll: scroll, motion: motion, size: size, background: background, fps: fps)
        }
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

    mutating func advance(to time: Double) -> State {
        var d: [String: Double] = ["time": time, "frame": (time * fps).rounded()]
        let s = scroll?.state(at: time)
        d["scroll"] = s?.offset ?? 0
        d["scrollVelocity"] = s?.velocity ?? 0
        d["scrollPhase"] = Double(s.map { ScrollPhase.allCases.firstIndex(of: $0.phase)! } ?? 0)
        let attitude = motion.smoothedAttitude(at: time)
        d["roll"] = attitude.roll
        d["pitch"] = attitude.pitch
        return State(drivers: d)
    }

    func scene(for state: State) -> Scene {
        scene.scene(size: size, background: background, drivers: state.drivers)
    }
}

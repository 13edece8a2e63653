// What an expectation renders: a built-in clip, a clip file, or a clip or still scene built in Swift.

import Foundation
import Holoframe

/// The clip a golden or frame-time expectation renders.
///
/// A clip file's relative path is taken from the folder of the test file that names it, so a test
/// and its clip file can sit side by side whatever folder `swift test` runs from.
public enum ClipReference: Sendable {
    /// A built-in clip by name, as `holoframe list` prints it (`"demo"`, `"titles-home"`).
    case builtIn(String)
    /// A clip file (`.json`), absolute or relative to the test file's folder.
    case file(String)
    /// A clip built in Swift (a `Clip` over your own `ClipSimulation`).
    case clip(Clip)
    /// One still scene built in Swift, as a one-frame clip named `name`.
    case scene(Scene, name: String)

    /// The clip to render, with `device` and `scale` applied where they apply: `device` is a preset
    /// name (`holoframe render --help` lists them) and applies to built-ins and files only; `scale`
    /// applies to every kind. Also returns the device label used in golden file names.
    func resolve(device: String?, scale: Double?, testFolder: String) throws -> (clip: Clip, device: String) {
        switch self {
        case .builtIn(let name), .file(let name):
            let argument = argument(name, testFolder: testFolder)
            if let device, DeviceCatalog.device(named: device) == nil {
                throw ExpectationSetupError(description: "unknown device '\(device)'; known: \(DeviceCatalog.names.joined(separator: ", "))")
            }
            let overrides = ClipOverrides(device: device, scale: scale)
            let clip = try ClipResolver.resolve(argument, overrides: overrides)
            return (clip, clip.deviceName ?? "")
        case .clip(let clip):
            try Self.refuse(device)
            let scaled = scale.map(clip.withScale) ?? clip
            return (scaled, Self.sizeLabel(scaled.size))
        case .scene(let scene, let name):
            try Self.refuse(device)
            let clip = Clip(name: name, size: scene.size, scale: scale ?? 1, fps: 60, frameCount: 1) { Still(scene: scene) }
            return (clip, Self.sizeLabel(scene.size))
        }
    }

    /// A clip built in Swift has its own size: a device would be ignored, so it is refused.
    private static func refuse(_ device: String?) throws {
        guard let device else { return }
        throw ExpectationSetupError(description: "device '\(device)' applies to built-in clips and clip files only; " +
            "a clip built in Swift has its own size")
    }

    private func argument(_ name: String, testFolder: String) -> String {
        guard case .file = self, !name.hasPrefix("/") else { return name }
        return "\(testFolder)/\(name)"
    }

    /// A clip built in Swift has no device preset: its golden names say its size, `390x844`.
    static func sizeLabel(_ size: Size) -> String {
        func f(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        return "\(f(size.width))x\(f(size.height))"
    }
}

/// A one-frame simulation: the same scene at every time.
struct Still: ClipSimulation {
    struct State: Encodable {}
    let scene: Scene
    mutating func advance(to time: Double) -> State { State() }
    func scene(for state: State) -> Scene { scene }
}

/// The expectation could not start (unknown clip or device, no frames): reported as a test failure.
public struct ExpectationSetupError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, meant to be read in a test log.
    public let description: String
}

// From what the user typed to a clip: a built-in name or a clip file, with command-line overrides.

import Foundation
import HoloClips
import HoloDevices
import HoloGeometry
import HoloMotion
import HoloPNG
import HoloScene

/// Command-line settings that override a clip's own.
public struct ClipOverrides: Sendable {
    public var fps: FrameRate?
    public var duration: Double?
    public var device: String?
    public var scale: Double?
    /// The whole environment, replacing the clip's (`holoframe studio`'s switches set it).
    public var environment: ClipEnvironment?
    /// `--no-chrome`: no status bar or home indicator over a built-in clip (or a scene file that
    /// asks for them), for users who composite their own.
    public var noChrome = false
    public init(fps: FrameRate? = nil, duration: Double? = nil, device: String? = nil, scale: Double? = nil) {
        self.fps = fps; self.duration = duration; self.device = device; self.scale = scale
    }
    public init(fps: Int, duration: Double? = nil, device: String? = nil, scale: Double? = nil) {
        self.init(fps: FrameRate(fps), duration: duration, device: device, scale: scale)
    }
}

/// The device presets (`iphone-12`, `iphone-se`, …) by name.
public enum DeviceCatalog {
    public static var names: [String] { Device.presets.map(\.name) }
    public static func device(named name: String) -> Device? { Device.named(name) }
}

/// Turns a built-in clip name or a clip file path into a `Clip`, with overrides applied.
public enum ClipResolver {
    /// True when the argument names a file rather than a built-in clip.
    public static func isFile(_ argument: String) -> Bool {
        argument.hasSuffix(".json") || argument.contains("/")
    }

    /// The spec for `argument`: a clip file's contents (read under `inputs`' policy: a regular file
    /// within --max-input; a field it leaves out takes the named built-in clip's value) or a
    /// built-in clip's defaults.
    public static func spec(for argument: String, inputs: InputPolicy = InputPolicy()) throws -> ClipSpec {
        if isFile(argument) { return try readFile(argument, inputs: inputs) { ClipCatalog.named($0)?.defaults() } }
        guard let builtIn = ClipCatalog.named(argument) else { throw UnknownClipError(name: argument) }
        return builtIn.defaults()
    }

    /// The one place a clip file is read: under `inputs` (InputFile's rules), then decoded.
    static func readFile(_ path: String, inputs: InputPolicy, defaults: (String) -> ClipSpec?) throws -> ClipSpec {
        let name = PathSplit(path).name
        let document = try ClipFileDocument.read(path) { path, what in try inputs.readFile(path, what: what) }
        return try ClipSpec.decode(document, fileName: name, defaults: defaults)
    }

    /// The clip `argument` names, called by that name (a built-in's own, or a file's base name).
    /// Files are read under `inputs` (its caps, its allowed folders; it remembers what was read).
    public static func resolve(_ argument: String, overrides: ClipOverrides = ClipOverrides(),
                               inputs: InputPolicy = InputPolicy()) throws -> Clip {
        try resolve(argument, spec: try spec(for: argument, inputs: inputs), overrides: overrides, inputs: inputs)
    }

    /// The clip `argument` names, made from its `spec` as `spec(for:inputs:)` read it (so a caller
    /// that needs the spec too reads the file once), with `overrides` applied.
    public static func resolve(_ argument: String, spec: ClipSpec, overrides: ClipOverrides = ClipOverrides(),
                               inputs: InputPolicy = InputPolicy()) throws -> Clip {
        var spec = spec
        apply(overrides, to: &spec)
        let name = isFile(argument) ? PathSplit(argument).stem : argument
        if spec.design == CustomDesign.name {
            let folder = isFile(argument) ? PathSplit(argument).folder : "."
            return try CustomDesign.clip(spec, fileName: PathSplit(argument).name,
                                         loadImage: { path in try inputs.image(path, clipFolder: folder) },
                                         loadShader: { path in try inputs.shaderSource(path, clipFolder: folder) }).named(name)
        }
        // Whatever a design refuses in a spec (a variant value, a tap target) is the user's to fix: exit 2.
        do { return try ClipCatalog.clip(for: spec).named(name) } catch let error as ClipFileError { throw error } catch {
            throw ClipUsageError(isFile(argument) ? "\(PathSplit(argument).name): \(error)" : "\(error)")
        }
    }

    public static func apply(_ overrides: ClipOverrides, to spec: inout ClipSpec) {
        if let name = overrides.device, let device = Device.named(name) {
            spec.device = device
            if var scroll = spec.scroll, scroll.configuration.viewportHeight != device.size.height {
                scroll.configuration.viewportHeight = device.size.height
                spec.scroll = scroll
            }
        }
        if let scale = overrides.scale { spec.device.scale = scale }
        if let fps = overrides.fps { spec.rate = fps }
        if let duration = overrides.duration { spec.duration = duration }
        if let environment = overrides.environment { spec.environment = environment }
        if overrides.noChrome { spec.chrome = false }
    }
}

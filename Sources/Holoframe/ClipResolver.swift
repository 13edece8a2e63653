// From what the user typed to a clip: a built-in name or a clip file, with command-line overrides.

import Foundation
import HoloClips
import HoloMotion
import HoloPNG
import HoloScene

/// Command-line settings that override a clip's own.
public struct ClipOverrides: Sendable {
    public var fps: Int?
    public var duration: Double?
    public var device: String?
    public var scale: Double?
    public init(fps: Int? = nil, duration: Double? = nil, device: String? = nil, scale: Double? = nil) {
        self.fps = fps; self.duration = duration; self.device = device; self.scale = scale
    }
}

/// The device presets (`iphone-12`, `iphone-se`, …) by name.
public enum DeviceCatalog {
    public static var names: [String] { Device.presets.map(\.name) }
    public static func device(named name: String) -> Device? { Device.preset(named: name) }
}

/// Turns a built-in clip name or a clip file path into a `Clip`, with overrides applied.
public enum ClipResolver {
    /// True when the argument names a file rather than a built-in clip.
    public static func isFile(_ argument: String) -> Bool {
        argument.hasSuffix(".json") || argument.contains("/")
    }

    /// The spec for `argument`: a clip file's contents or a built-in clip's defaults.
    public static func spec(for argument: String) throws -> ClipSpec {
        if isFile(argument) { return try ClipSpec.load(path: argument) }
        guard let builtIn = ClipCatalog.named(argument) else { throw UnknownClipError(name: argument) }
        return builtIn.defaults()
    }

    /// The clip `argument` names, called by that name (a built-in's own, or a file's base name).
    public static func resolve(_ argument: String, overrides: ClipOverrides = ClipOverrides()) throws -> Clip {
        let name = isFile(argument) ? ((argument as NSString).lastPathComponent as NSString).deletingPathExtension : argument
        return try make(argument, overrides: overrides).named(name)
    }

    static func make(_ argument: String, overrides: ClipOverrides) throws -> Clip {
        var spec = try spec(for: argument)
        apply(overrides, to: &spec)
        if spec.design == CustomDesign.name {
            let folder = isFile(argument) ? (argument as NSString).deletingLastPathComponent : "."
            return try CustomDesign.clip(spec, fileName: (argument as NSString).lastPathComponent) { path in
                let resolved = path.hasPrefix("/") ? path : (folder.isEmpty ? path : "\(folder)/\(path)")
                let canvas = try PNG.read(contentsOf: resolved)
                return ImageData(width: canvas.width, height: canvas.height, pixels: canvas.pixels)
            }
        }
        return try ClipCatalog.clip(for: spec)
    }

    public static func apply(_ overrides: ClipOverrides, to spec: inout ClipSpec) {
        if let name = overrides.device, let device = Device.preset(named: name) {
            spec.device = device
            if var scroll = spec.scroll, scroll.configuration.viewportHeight != device.size.height {
                scroll.configuration.viewportHeight = device.size.height
                spec.scroll = scroll
            }
        }
        if let scale = overrides.scale { spec.device.scale = scale }
        if let fps = overrides.fps { spec.fps = fps }
        if let duration = overrides.duration { spec.duration = duration }
    }
}

extension ClipResolver {
    /// The device a clip renders on, after the overrides.
    public static func deviceName(_ argument: String, overrides: ClipOverrides = ClipOverrides()) throws -> String {
        var spec = try spec(for: argument)
        apply(overrides, to: &spec)
        return spec.device.name
    }
}

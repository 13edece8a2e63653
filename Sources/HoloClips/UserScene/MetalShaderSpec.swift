// A scene file's own shader: `"shader": {"source": "file.metal", "function": "name"}` with
// `"arguments"`, compiled once when the scene is read (the source resolved by the host inside the
// scene's folder, under the same rules as image paths) and evaluated per frame.
//
// Arguments, in the order of the function's parameters after `position` and `color` (a
// `shaderEffect` node's: after `position`, or `position` and `layer`):
//   1.5 or "time * 0.5"      a number or expression (float, half, int…)
//   [3, "scroll / 100"]      a vector, one number or expression per component
//   "#RRGGBBAA"              a colour: four components r, g, b, a in 0…1, as written (straight)
//   "size"                   the shape's box (a shaderEffect's frame), (width, height) in points:
//                            SwiftUI's `.float2(size)`

import HoloGeometry
import HoloMSL

public enum MetalArgumentSpec: Hashable, Sendable {
    case values([AnimatableValue])
    case color(AnimatableColor)
    case boundsSize
}

public struct MetalShaderSpec: Hashable, Sendable {
    /// The source path as written (named in the paint's identity).
    public var source: String
    public var effect: MSLCompiledEffect
    public var arguments: [MetalArgumentSpec]

    public static func == (a: MetalShaderSpec, b: MetalShaderSpec) -> Bool {
        a.source == b.source && a.effect === b.effect && a.arguments == b.arguments
    }
    public func hash(into h: inout Hasher) {
        h.combine(source); h.combine(ObjectIdentifier(effect)); h.combine(arguments)
    }

    /// The paint's program at this frame's driver values.
    func program(_ d: DriverSlots) -> MetalColorEffect {
        // Counts were checked against the function when the scene was read.
        try! MetalColorEffect(effect, arguments: arguments(d), name: source)
    }

    /// The `shaderEffect` node's program at this frame's driver values.
    func effectProgram(_ d: DriverSlots) -> MetalShaderEffect {
        // Counts were checked against the function when the scene was read.
        try! MetalShaderEffect(effect, arguments: arguments(d), name: source)
    }

    private func arguments(_ d: DriverSlots) -> [MetalColorEffect.Argument] {
        arguments.map { a in
            switch a {
            case .values(let v): return .values(v.map { $0.value(d) })
            case .color(let c):
                let color = c.value(d)
                return .values([color.red, color.green, color.blue, color.alpha])
            case .boundsSize: return .boundsSize
            }
        }
    }
}

extension SceneDecoder {

    /// `{"source": "file.metal", "function": "name"}` and the node's "arguments", for an entry of
    /// `kind` (a `shaderFill` is a colour effect; a `shaderEffect` says which).
    mutating func metalShader(_ raw: JSONValue, _ node: inout JSONObject, path: String,
                              kind: MSLEffectKind = .color) throws(UserSceneError) -> MetalShaderSpec {
        var o = try JSONObject(raw, path: path, kind: "a shader")
        let source = try o.required("source").string(at: o.path(of: "source"))
        let function = try o.required("function").string(at: o.path(of: "function"))
        try o.finish()
        let text: String
        do { text = try loadShader(source) } catch {
            throw UserSceneError(path: o.path(of: "source"), reason: "cannot load shader \"\(source)\": \(error)")
        }
        let entry: MSLEntry
        do {
            let library = try MSLLibrary(source: text, file: source)
            entry = try library.entry(function, as: kind)
            for warning in library.warnings where !warnings.contains(warning) { warnings.append(warning) }
        } catch {
            throw UserSceneError(path: path, reason: "\(error)")
        }
        let argumentsPath = node.path(of: "arguments")
        let list = try node.optional("arguments").map { (v: JSONValue) throws(UserSceneError) in try v.array(at: argumentsPath) } ?? []
        guard list.count == entry.argumentTypes.count else {
            let types = entry.argumentTypes.map(\.description).joined(separator: ", ")
            throw UserSceneError(path: argumentsPath, reason: "'\(function)' takes \(entry.argumentTypes.count) argument\(entry.argumentTypes.count == 1 ? "" : "s") after \(kind == .distortion ? "position" : "position and \(kind == .color ? "color" : "layer")") (\(types.isEmpty ? "none" : types)), got \(list.count)")
        }
        var arguments: [MetalArgumentSpec] = []
        for (i, (item, type)) in zip(list, entry.argumentTypes).enumerated() {
            let at = "\(argumentsPath)[\(i)]"
            let argument: MetalArgumentSpec
            var count: Int
            switch item {
            case .string("size"): argument = .boundsSize; count = 2
            case .string(let s) where s.hasPrefix("#"): argument = .color(try color(item, path: at)); count = 4
            case .array(let parts):
                var values: [AnimatableValue] = []
                for (j, p) in parts.enumerated() { values.append(try value(p, path: "\(at)[\(j)]")) }
                argument = .values(values); count = values.count
            default: argument = .values([try value(item, path: at)]); count = 1
            }
            guard count == type.componentCount else {
                throw UserSceneError(path: at, reason: "parameter \(i + 1) of '\(function)' is \(type) (\(type.componentCount) number\(type.componentCount == 1 ? "" : "s")), got \(count)")
            }
            arguments.append(argument)
        }
        return MetalShaderSpec(source: source, effect: compiled(entry, source: source), arguments: arguments)
    }

    /// One compiled effect per source and function in a document.
    mutating func compiled(_ entry: MSLEntry, source: String) -> MSLCompiledEffect {
        let key = "\(source)#\(entry.name)"
        if let effect = compiledEffects[key] { return effect }
        let effect = MSLCompiledEffect(entry)
        compiledEffects[key] = effect
        return effect
    }
}

// Users' own designs: an animated scene described in the clip file's JSON, no Swift needed.
//
//   {"design": "custom", "duration": 2, "scene": {"type": "group", "children": [ … ]}}
//
// `UserScene.decode` reads and checks the "scene" value once (every error names its path, e.g.
// `scene.children[2].frame.width: expected a number, an expression string or keyframes, got true`);
// `scene(size:background:drivers:)` then builds each frame's `Scene` from the simulation's driver
// values (time, scroll, scrollPhase, roll, pitch, frame and the host's progress values).
// The forms of a property are in Property.swift, the node types in SceneDocument.swift, the
// expression language in ExpressionParser.swift; examples/ holds one small clip per feature.

import HoloGeometry
import HoloScene

public struct UserScene: Sendable {
    /// The document's top-level nodes (the "scene" value is one node or an array of nodes).
    public let nodes: [UserNode]
    /// Slots of every driver the document reads.
    public let driverTable: DriverTable
    /// Deprecated forms the document used ("path: what to write instead"), for the host to show.
    public var warnings: [String] = []

    /// Reads the value of the clip file's "scene" key.
    /// - Parameters:
    ///   - driverNames: every driver the host can supply; any other name is an error.
    ///   - loadImage: turns an image node's "path" (as written; the host resolves it against the
    ///     clip file's folder) into premultiplied pixels; called once per image node, here.
    ///   - colorScheme, increasedContrast: the appearance colour names ("label", "red") resolve for.
    public static func decode(_ json: JSONValue, path: String = "scene", driverNames: Set<String>,
                              colorScheme: ColorScheme = .light, increasedContrast: Bool = false,
                              loadImage: (String) throws -> ImageData,
                              loadShader: (String) throws -> String = { _ in throw UserSceneError(path: "", reason: "shader files are not available here") }) throws -> UserScene {
        try withoutActuallyEscaping(loadImage) { loadImage throws(UserSceneError) in
          try withoutActuallyEscaping(loadShader) { loadShader throws(UserSceneError) in
            var decoder = SceneDecoder(drivers: DriverTable(known: driverNames), loadImage: loadImage, loadShader: loadShader)
            decoder.colorScheme = colorScheme
            decoder.increasedContrast = increasedContrast
            var nodes: [UserNode] = []
            if case .array(let list) = json {
                for (i, item) in list.enumerated() { nodes.append(try decoder.node(item, path: "\(path)[\(i)]")) }
            } else {
                nodes = [try decoder.node(json, path: path)]
            }
            return UserScene(nodes: nodes, driverTable: decoder.drivers, warnings: decoder.warnings)
          }
        }
    }

    /// The drivers the document reads (a subset of the `driverNames` it was decoded with).
    public var requiredDrivers: Set<String> { Set(driverTable.names) }

    /// One frame. A driver missing from `drivers` reads 0.
    public func scene(size: Size, background: Color, drivers: [String: Double]) -> Scene {
        let slots = driverTable.slots(from: drivers)
        return Scene(size: size, background: background, root: nodes.map { $0.build(slots) })
    }
}

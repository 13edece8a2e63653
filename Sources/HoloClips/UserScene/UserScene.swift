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
import HoloLayout
import HoloMotion
import HoloScene

public struct UserScene: Sendable {
    /// The document's top-level nodes (the "scene" value is one node or an array of nodes).
    public let nodes: [UserNode]
    /// Slots of every driver the document reads.
    public let driverTable: DriverTable
    /// Deprecated forms the document used ("path: what to write instead"), for the host to show.
    public var warnings: [String] = []
    /// The screen, safe area, Dynamic Type and appearance the document's views lay out for.
    public var environment: ViewEnvironment = .iPhone12
    /// Layouts computed once (roots whose layout reads no driver), by root view id.
    var layouts: [Int: LayoutResult] = [:]
    /// The scene's scrollView, laid out at time 0 with the scroll at rest: its viewport and content
    /// size give the clip's scroll view (no hand-written contentHeight).
    public var scrollGeometry: ScrollGeometry?
    /// The navigation stack and tab view in the document, whose drivers the simulation runs.
    public var components = ComponentsFound()

    /// Reads the value of the clip file's "scene" key.
    /// - Parameters:
    ///   - driverNames: every driver the host can supply; any other name is an error.
    ///   - loadImage: turns an image node's "path" (as written; the host resolves it against the
    ///     clip file's folder) into premultiplied pixels; called once per image node, here.
    ///   - colorScheme, increasedContrast: the appearance colour names ("label", "red") resolve for.
    ///   - environment: the screen, safe area and Dynamic Type size views lay out for (and that
    ///     expressions read as `screen.width`, `safeArea.top`, `displayScale`, `dynamicTypeSize`).
    public static func decode(_ json: JSONValue, path: String = "scene", driverNames: Set<String>,
                              colorScheme: ColorScheme = .light, increasedContrast: Bool = false,
                              environment: ViewEnvironment? = nil,
                              loadImage: (String) throws -> ImageData,
                              loadShader: (String) throws -> String = { _ in throw UserSceneError(path: "", reason: "shader files are not available here") }) throws -> UserScene {
        try withoutActuallyEscaping(loadImage) { loadImage throws(UserSceneError) in
          try withoutActuallyEscaping(loadShader) { loadShader throws(UserSceneError) in
            var decoder = SceneDecoder(drivers: DriverTable(known: driverNames), loadImage: loadImage, loadShader: loadShader)
            decoder.colorScheme = colorScheme
            decoder.increasedContrast = increasedContrast
            var env = environment ?? .iPhone12
            env.colorScheme = colorScheme
            env.increasedContrast = increasedContrast
            decoder.dynamicTypeSize = env.dynamicTypeSize
            decoder.locals = env.expressionValues
            var nodes: [UserNode] = []
            if case .array(let list) = json {
                for (i, item) in list.enumerated() { nodes.append(try decoder.node(item, path: "\(path)[\(i)]")) }
            } else {
                nodes = [try decoder.node(json, path: path)]
            }
            var scene = UserScene(nodes: nodes, driverTable: decoder.drivers, warnings: decoder.warnings)
            scene.environment = env
            scene.components = decoder.components
            let atRest = DriverSlots(values: decoder.drivers.names.map { _ in 0 })
            for root in nodes.flatMap(\.layoutRoots) {
                let result = root.layout(atRest, env)
                if root.isStatic { scene.layouts[root.view.id] = result }
                if let g = result.scrollViews.values.first { scene.scrollGeometry = g }
            }
            return scene
          }
        }
    }

    /// The drivers the document reads (a subset of the `driverNames` it was decoded with).
    public var requiredDrivers: Set<String> { Set(driverTable.names) }

    /// One frame. A driver missing from `drivers` reads 0.
    public func scene(size: Size, background: Color, drivers: [String: Double]) -> Scene {
        let slots = driverTable.slots(from: drivers)
        let context = ViewContext(environment: environment, layouts: layouts, drivers: driverTable)
        return Scene(size: size, background: background, root: nodes.flatMap { node -> [Node] in
            let built = node.build(slots, context)
            // A layout root's views are top-level nodes (its group only contains them: see
            // LayoutRootSpec.build): the compositor compares top-level nodes between frames, so a
            // bar that fades or a title that moves damages its own rows, not the whole screen.
            if case .layout = node.content, case .group(let container) = built { return container.children }
            return [built]
        })
    }
}

extension UserNode {
    /// The layout roots in this node's tree.
    var layoutRoots: [LayoutRootSpec] {
        switch content {
        case .layout(let root): return [root]
        case .group(let children), .glow(let children, _, _), .shaderEffect(let children, _): return children.flatMap(\.layoutRoots)
        default: return []
        }
    }
}

extension ViewEnvironment {
    /// An iPhone 12 in portrait, light, at the default Dynamic Type size.
    public static let iPhone12 = ViewEnvironment(layout: LayoutEnvironment(screen: Size(390, 844), safeArea: Insets(top: 47, bottom: 34), displayScale: 3))

    /// The environment as expressions read it, fixed for the clip: `screen.width`, `screen.height`,
    /// `safeArea.top|bottom|leading|trailing`, `displayScale`, `colorScheme` (0 light, 1 dark) and
    /// `dynamicTypeSize` (0 xSmall … 3 large … 11 accessibility5).
    var expressionValues: [String: Double] {
        let l = layout
        return ["screen.width": l.screen.width, "screen.height": l.screen.height,
                "safeArea.top": l.safeArea.top, "safeArea.bottom": l.safeArea.bottom,
                "safeArea.leading": l.safeArea.left, "safeArea.trailing": l.safeArea.right,
                "displayScale": l.displayScale, "colorScheme": colorScheme == .dark ? 1 : 0,
                "dynamicTypeSize": Double(dynamicTypeSize.index)]
    }
}

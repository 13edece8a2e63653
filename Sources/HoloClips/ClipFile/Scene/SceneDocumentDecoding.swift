// Reading the node tree of a user scene. Every node type's properties are read by name; whatever
// is left over is an unknown property and an error, so a typo never silently draws the wrong thing.

import HoloGeometry
import HoloLayout
import HoloMSL
import HoloScene
import HoloText

extension SceneDecoder {
    static let nodeTypes = ["group", "rect", "roundedRect", "capsule", "circle", "path", "symbol", "text", "image", "material", "shaderFill", "shaderEffect", "glow"]
    static let shapeTypes = ["rect", "roundedRect", "capsule", "circle", "path"]

    /// The node's "type", checked against `allowed`, and the object to read the rest from.
    func typedObject(_ raw: JSONValue, path: String, allowed: [String], what: String) throws(UserSceneError) -> (String, JSONObject) {
        guard case .object(let dict) = raw else {
            throw UserSceneError(path: path, reason: "expected \(what) (an object with a \"type\"), got \(raw.shown)")
        }
        guard let rawType = dict["type"] else {
            throw UserSceneError(path: "\(path).type", reason: "missing; \(what) needs one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let type = try rawType.string(at: "\(path).type")
        guard allowed.contains(type) else {
            throw UserSceneError(path: "\(path).type", reason: "unknown \(what) type \"\(type)\"; types are \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        var o = try JSONObject(raw, path: path, kind: "a \(type) \(what)")
        _ = o.optional("type")
        return (type, o)
    }

    mutating func node(_ raw: JSONValue, path: String) throws(UserSceneError) -> UserNode {
        if case .object(let d) = raw, case .string(let type)? = d["type"] {
            if Self.containerTypes.contains(type) { return try layoutRoot(raw, path: path) }
            if ["spacer", "divider", "forEach", "ellipse"].contains(type) {
                throw UserSceneError(path: "\(path).type", reason: "a \(type) is a view inside a layout container (vstack, hstack, zstack, " +
                                     "scrollView); outside containers nodes are placed in points (see docs/layout.md)")
            }
        }
        var (type, o) = try typedObject(raw, path: path, allowed: Self.nodeTypes + Self.containerTypes, what: "node")
        let modifiers = try self.modifiers(&o, allowShadow: type != "glow")
        let content: UserNodeContent
        switch type {
        case "group":
            content = .group(try children(&o, required: true))
        case "glow":
            content = .glow(try children(&o, required: false), color: try color(try o.required("color"), path: o.path(of: "color")),
                            radius: try limited(try requiredValue(&o, "radius"), SceneLimits.shadowRadius, path: o.path(of: "radius"), "glow radius"))
        case "rect", "roundedRect", "capsule", "circle", "path":
            let shape = try shapeGeometry(type, &o)
            let fill = try o.optional("fill").map { (v: JSONValue) throws(UserSceneError) in try paint(v, path: o.path(of: "fill")) }
            let stroke = try o.optional("stroke").map { (v: JSONValue) throws(UserSceneError) in try self.stroke(v, path: o.path(of: "stroke")) }
            guard fill != nil || stroke != nil else {
                throw UserSceneError(path: o.path(of: "fill"), reason: "missing; a \(type) node needs a \"fill\" or a \"stroke\"")
            }
            content = .shape(shape, fill: fill, stroke: stroke)
        case "text":
            content = .text(try text(&o))
        case "symbol":
            content = .symbol(try symbol(&o))
        case "shaderEffect":
            content = try shaderEffect(&o)
        case "image":
            let file = try o.string("path")
            let image: ImageData
            do { image = try loadImage(file) } catch {
                throw UserSceneError(path: o.path(of: "path"), reason: "cannot load image \"\(file)\": \(error)")
            }
            let frame = try o.optional("frame").map { (v: JSONValue) throws(UserSceneError) in try rect(v, path: o.path(of: "frame")) }
                ?? AnimatableRect(x: .constant(0), y: .constant(0), width: .constant(Double(image.width)), height: .constant(Double(image.height)))
            content = .image(image, frame: frame)
        case "material":
            let kind = try o.optional("kind").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "kind"), ["ultraThin": MaterialKind.ultraThin, "thin": .thin, "regular": .regular, "thick": .thick])
            } ?? .regular
            let scheme = try colorScheme(&o)
            content = .material(try shapeObject(try o.required("shape"), path: o.path(of: "shape")), kind, scheme)
        default: // "shaderFill"
            let shape = try shapeObject(try o.required("shape"), path: o.path(of: "shape"))
            let shaderValue = try o.required("shader")
            if case .object = shaderValue {
                content = .shaderFill(shape, .metal(try metalShader(shaderValue, &o, path: o.path(of: "shader"))))
                try o.finish()
                return UserNode(path: path, content: content, modifiers: modifiers)
            }
            let which = try shaderValue.choice(at: o.path(of: "shader"), ["holographic": true, "anyDistance": false])
            if which {
                let isStatic = try o.optional("static").map { (v: JSONValue) throws(UserSceneError) in try v.bool(at: o.path(of: "static")) } ?? false
                content = .shaderFill(shape, .holographic(
                    roll: try optionalValue(&o, "roll", default: 0), pitch: try optionalValue(&o, "pitch", default: 0),
                    time: try optionalValue(&o, "time", default: 0), accentHue: try optionalValue(&o, "accentHue", default: 0.55),
                    isStatic: isStatic))
            } else {
                content = .shaderFill(shape, .anyDistance(roll: try optionalValue(&o, "roll", default: 0)))
            }
        }
        try o.finish()
        return UserNode(path: path, content: content, modifiers: modifiers)
    }

    /// {"effect": "color" | "distortion" | "layer", "frame", "shader", "arguments", "maxSampleOffset", "children"}.
    mutating func shaderEffect(_ o: inout JSONObject) throws(UserSceneError) -> UserNodeContent {
        let kind = try o.required("effect").choice(at: o.path(of: "effect"),
                                                   ["color": MSLEffectKind.color, "distortion": .distortion, "layer": .layer])
        guard let frameValue = o.optional("frame") else {
            throw UserSceneError(path: o.path(of: "frame"), reason: "missing; a shaderEffect node needs a \"frame\": the view's bounds, which the shader's positions are measured from")
        }
        let frame = try rect(frameValue, path: o.path(of: "frame"))
        let shaderValue = try o.required("shader")
        guard case .object = shaderValue else {
            throw UserSceneError(path: o.path(of: "shader"), reason: "expected {\"source\": \"file.metal\", \"function\": \"name\"}, got \(shaderValue.shown)")
        }
        let shader = try metalShader(shaderValue, &o, path: o.path(of: "shader"), kind: kind)
        var offset = Size(0, 0)
        let offsetPath = o.path(of: "maxSampleOffset")
        if let raw = o.optional("maxSampleOffset") {
            guard kind != .color else {
                throw UserSceneError(path: offsetPath, reason: "a color effect samples nothing but its own pixel; maxSampleOffset is for \"distortion\" and \"layer\"")
            }
            let list = try raw.array(at: offsetPath)
            guard list.count == 2 else { throw UserSceneError(path: offsetPath, reason: "expected [width, height] in points, got \(raw.shown)") }
            var v: [Double] = []
            for (i, item) in list.enumerated() {
                let n = try item.number(at: "\(offsetPath)[\(i)]")
                guard SceneLimits.sampleOffset.contains(n) else {
                    throw UserSceneError(path: "\(offsetPath)[\(i)]", reason: "maxSampleOffset \(n) is outside \(SceneLimits.sampleOffset.lowerBound)…\(SceneLimits.sampleOffset.upperBound)")
                }
                v.append(n)
            }
            offset = Size(v[0], v[1])
        } else if kind != .color {
            throw UserSceneError(path: offsetPath, reason: "missing; a \(kind == .distortion ? "distortion" : "layer") effect needs [width, height]: how far (points) its samples may be from the pixel, as SwiftUI's maxSampleOffset")
        }
        return .shaderEffect(try children(&o, required: true), ShaderEffectSpec(frame: frame, shader: shader, maxSampleOffset: offset))
    }

    mutating func children(_ o: inout JSONObject, required: Bool) throws(UserSceneError) -> [UserNode] {
        let listPath = o.path(of: "children")
        guard let raw = required ? try o.required("children") : o.optional("children") else { return [] }
        var nodes: [UserNode] = []
        for (i, item) in try raw.array(at: listPath).enumerated() {
            nodes.append(try node(item, path: "\(listPath)[\(i)]"))
        }
        return nodes
    }

    func colorScheme(_ o: inout JSONObject) throws(UserSceneError) -> ColorScheme {
        try o.optional("scheme").map { (v: JSONValue) throws(UserSceneError) in
            try v.choice(at: o.path(of: "scheme"), ["light": ColorScheme.light, "dark": .dark])
        } ?? .light
    }

    // MARK: Shapes

    /// The geometry properties of a shape type, read from a node or a shape object.
    mutating func shapeGeometry(_ type: String, _ o: inout JSONObject) throws(UserSceneError) -> ShapeSpec {
        switch type {
        case "rect": return .rect(try rect(try o.required("frame"), path: o.path(of: "frame")))
        case "capsule": return .capsule(try rect(try o.required("frame"), path: o.path(of: "frame")))
        case "path":
            let dPath = o.path(of: "d")
            let d = try o.string("d")
            let rule = try o.optional("fillRule").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "fillRule"), ["nonZero": FillRule.nonZero, "evenOdd": .evenOdd])
            } ?? .nonZero
            let path: Path
            do { path = try Path(svg: d, fillRule: rule) } catch {
                throw UserSceneError(path: dPath, reason: "\(error)")
            }
            guard !path.elements.isEmpty else {
                throw UserSceneError(path: dPath, reason: "empty; path data starts with a move, as \"M 10 10 L 90 10\"")
            }
            return .path(path)
        case "roundedRect":
            let frame = try rect(try o.required("frame"), path: o.path(of: "frame"))
            let radius = try requiredValue(&o, "cornerRadius")
            // Continuous (iOS's squircle) unless told otherwise: what iOS's own surfaces use.
            let style = try o.optional("cornerStyle").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "cornerStyle"), ["circular": CornerStyle.circular, "continuous": .continuous])
            } ?? .continuous
            return .roundedRect(frame, cornerRadius: radius, style: style)
        default: // "circle": a centre and radius, or a frame (an ellipse when it is not square)
            let frame = o.optional("frame"), center = o.optional("center"), radius = o.optional("radius")
            if let frame {
                if center != nil || radius != nil {
                    throw UserSceneError(path: o.path(of: center != nil ? "center" : "radius"),
                                         reason: "a circle takes either a \"frame\" or a \"center\" and \"radius\", not both")
                }
                return .ellipse(try rect(frame, path: o.path(of: "frame")))
            }
            guard let center else {
                throw UserSceneError(path: o.path(of: "center"), reason: "missing; a circle needs a \"center\" and \"radius\" or a \"frame\"")
            }
            guard let radius else {
                throw UserSceneError(path: o.path(of: "radius"), reason: "missing; a circle needs a \"center\" and \"radius\" or a \"frame\"")
            }
            return .circle(center: try point(center, path: o.path(of: "center")), radius: try value(radius, path: o.path(of: "radius")))
        }
    }

    /// {"type": "roundedRect", "frame": …, "cornerRadius": …} and so on: a shape without a paint.
    mutating func shapeObject(_ raw: JSONValue, path: String) throws(UserSceneError) -> ShapeSpec {
        var (type, o) = try typedObject(raw, path: path, allowed: Self.shapeTypes, what: "shape")
        let shape = try shapeGeometry(type, &o)
        try o.finish()
        return shape
    }

    // MARK: Paints

    /// A colour, or {"linearGradient" | "radialGradient" | "angularGradient": {…}}.
    /// `unitPoints`: gradient points are unit points of the view (inside layout containers), written
    /// as SwiftUI's names ("top", "bottomTrailing") or {"x", "y"} in 0…1.
    mutating func paint(_ raw: JSONValue, path: String, unitPoints: Bool = false) throws(UserSceneError) -> PaintSpec {
        guard case .object(let dict) = raw else {
            if case .string = raw { return .solid(try color(raw, path: path)) }
            throw UserSceneError(path: path, reason: "expected a paint (a colour or a gradient), got \(raw.shown)")
        }
        let kinds = ["linearGradient", "radialGradient", "angularGradient"]
        guard let kind = kinds.first(where: { dict[$0] != nil }) else { return .solid(try color(raw, path: path)) }
        var outer = try JSONObject(raw, path: path, kind: "a paint")
        var o = try JSONObject(try outer.required(kind), path: outer.path(of: kind), kind: "a \(kind)")
        try outer.finish()
        let stops = try gradientStops(try o.required("stops"), path: o.path(of: "stops"))
        func point(_ raw: JSONValue, path: String) throws(UserSceneError) -> AnimatablePoint {
            if unitPoints { let u = try unitPoint(raw, path: path); return AnimatablePoint(x: u.x, y: u.y) }
            return try self.point(raw, path: path)
        }
        let result: PaintSpec
        switch kind {
        case "linearGradient":
            result = .linearGradient(stops: stops, start: try point(try o.required("start"), path: o.path(of: "start")),
                                     end: try point(try o.required("end"), path: o.path(of: "end")))
        case "radialGradient":
            result = .radialGradient(stops: stops, center: try point(try o.required("center"), path: o.path(of: "center")),
                                     startRadius: try optionalValue(&o, "startRadius", default: 0), endRadius: try requiredValue(&o, "endRadius"))
        default:
            result = .angularGradient(stops: stops, center: try point(try o.required("center"), path: o.path(of: "center")),
                                      startAngle: try optionalValue(&o, "startAngle", default: 0), endAngle: try optionalValue(&o, "endAngle", default: 360))
        }
        try o.finish()
        return result
    }

    /// Colours spread evenly, or {"color", "location"} stops (the two forms may be mixed).
    mutating func gradientStops(_ raw: JSONValue, path: String) throws(UserSceneError) -> [GradientStopSpec] {
        let list = try raw.array(at: path)
        guard list.count >= 2 else { throw UserSceneError(path: path, reason: "a gradient needs at least 2 stops, got \(list.count)") }
        var stops: [GradientStopSpec] = []
        for (i, item) in list.enumerated() {
            let itemPath = "\(path)[\(i)]"
            if case .object(let d) = item, d["color"] != nil {
                var o = try JSONObject(item, path: itemPath, kind: "a gradient stop")
                let c = try color(try o.required("color"), path: o.path(of: "color"))
                stops.append(GradientStopSpec(color: c, location: try requiredValue(&o, "location")))
                try o.finish()
            } else {
                stops.append(GradientStopSpec(color: try color(item, path: itemPath), location: .constant(Double(i) / Double(list.count - 1))))
            }
        }
        return stops
    }

    /// {"paint", "width"} and optionally SwiftUI's StrokeStyle: "lineCap" butt/round/square,
    /// "lineJoin" miter/round/bevel, "miterLimit" (1…1000), "dash" (up to 16 lengths ≥ 0 in
    /// points, not all 0), "dashPhase" (points; may be animated).
    mutating func stroke(_ raw: JSONValue, path: String) throws(UserSceneError) -> StrokeSpec {
        var o = try JSONObject(raw, path: path, kind: "a stroke {\"paint\", \"width\"}")
        var s = StrokeSpec(paint: try paint(try o.required("paint"), path: o.path(of: "paint")), width: try requiredValue(&o, "width"))
        if let v = o.optional("lineCap") {
            s.lineCap = try v.choice(at: o.path(of: "lineCap"), ["butt": LineCap.butt, "round": .round, "square": .square]); s.isStyled = true
        }
        if let v = o.optional("lineJoin") {
            s.lineJoin = try v.choice(at: o.path(of: "lineJoin"), ["miter": LineJoin.miter, "round": .round, "bevel": .bevel]); s.isStyled = true
        }
        if let v = o.optional("miterLimit") {
            let m = try v.number(at: o.path(of: "miterLimit"))
            guard (1...1000).contains(m) else {
                throw UserSceneError(path: o.path(of: "miterLimit"), reason: "miter limit \(JSONValue.shown(m)) is outside 1…1000 (a multiple of the line width)")
            }
            s.miterLimit = m; s.isStyled = true
        }
        if let v = o.optional("dash") {
            let listPath = o.path(of: "dash")
            let list = try v.array(at: listPath)
            guard list.count <= 16 else { throw UserSceneError(path: listPath, reason: "a dash pattern has at most 16 lengths, got \(list.count)") }
            for (i, item) in list.enumerated() {
                let n = try item.number(at: "\(listPath)[\(i)]")
                guard n >= 0, n <= SceneLimits.coordinate.upperBound else {
                    throw UserSceneError(path: "\(listPath)[\(i)]", reason: "a dash length is 0…\(Int(SceneLimits.coordinate.upperBound)) points, got \(JSONValue.shown(n))")
                }
                s.dash.append(n)
            }
            guard s.dash.isEmpty || s.dash.contains(where: { $0 > 0 }) else {
                throw UserSceneError(path: listPath, reason: "a dash pattern needs a length above 0")
            }
            s.isStyled = true
        }
        if o.has("dashPhase") { s.dashPhase = try requiredValue(&o, "dashPhase"); s.isStyled = true }
        try o.finish()
        return s
    }

    /// {"name", "size", "weight", "center", "fill"}: one of HoloScene's symbols.
    mutating func symbol(_ o: inout JSONObject) throws(UserSceneError) -> SymbolSpec {
        let name = try o.string("name")
        guard Symbol.names.contains(name) else {
            throw UserSceneError(path: o.path(of: "name"), reason: "unknown symbol \"\(name)\"; symbols are \(Symbol.names.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        var weights: [(String, SymbolWeight)] = []
        for w in SymbolWeight.allCases { weights.append((w.rawValue, w)) }
        let weight = try o.optional("weight").map { (v: JSONValue) throws(UserSceneError) in
            let s = try v.string(at: o.path(of: "weight"))
            guard let w = SymbolWeight(rawValue: s) else {
                throw UserSceneError(path: o.path(of: "weight"), reason: "unknown weight \"\(s)\"; weights are \(SymbolWeight.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            return w
        } ?? .regular
        let size = try limited(try optionalValue(&o, "size", default: 17), SceneLimits.fontSize, path: o.path(of: "size"), "symbol size")
        let center = try point(try o.required("center"), path: o.path(of: "center"))
        let fill = try o.optional("fill").map { (v: JSONValue) throws(UserSceneError) in try paint(v, path: o.path(of: "fill")) }
            ?? .solid(.constant(.black))
        return SymbolSpec(name: name, size: size, weight: weight, center: center, fill: fill)
    }

    // MARK: Text

    mutating func text(_ o: inout JSONObject) throws(UserSceneError) -> TextSpec {
        let string = try o.string("string")
        let writtenWeight = try textWeight(&o)
        let family = try fontFamily(&o)
        let alignment = try o.optional("alignment").map { (v: JSONValue) throws(UserSceneError) in
            try v.choice(at: o.path(of: "alignment"), ["leading": TextAlignment.leading, "center": .center, "trailing": .trailing])
        } ?? .leading
        let fill = try o.optional("fill").map { (v: JSONValue) throws(UserSceneError) in try paint(v, path: o.path(of: "fill")) }
            ?? .solid(.constant(.black))
        // A text style: iOS's size and weight at the clip's Dynamic Type size, lines its leading apart.
        let style = try o.optional("font").map { (v: JSONValue) throws(UserSceneError) in try textStyle(v, path: o.path(of: "font")) }
        if style != nil, o.has("fontSize") {
            throw UserSceneError(path: o.path(of: "fontSize"), reason: "a text takes a \"font\" style or a \"fontSize\", not both " +
                                 "(a fixed size scales with a style through \"relativeTo\")")
        }
        var fontSize = try limited(try optionalValue(&o, "fontSize", default: 17), SceneLimits.fontSize, path: o.path(of: "fontSize"), "font size")
        if let relativeTo = try o.optional("relativeTo").map({ (v: JSONValue) throws(UserSceneError) in try textStyle(v, path: o.path(of: "relativeTo")) }) {
            guard case .constant(let c) = fontSize, o.has("fontSize") else {
                throw UserSceneError(path: o.path(of: "relativeTo"), reason: "relativeTo scales a constant \"fontSize\" with a text style")
            }
            fontSize = .constant(c * dynamicTypeSize.scale(of: relativeTo))
        }
        var styleLineSpacing: Double?
        let weight = writtenWeight ?? (style?.isSemibold == true ? .semibold : .regular)
        if let style {
            let size = dynamicTypeSize.pointSize(style)
            fontSize = .constant(size)
            let font = Font(size: size, weight: writtenWeight ?? (style.isSemibold ? .semibold : .regular), family: family)
            styleLineSpacing = max(0, dynamicTypeSize.leading(style) - FontLibraryMeasure().lineMetrics(font).lineHeight)
        }
        // Paragraphs, as SwiftUI's Text in .frame(width:) with .lineLimit, .lineSpacing, .minimumScaleFactor.
        let width = try o.optional("width").map { (v: JSONValue) throws(UserSceneError) in
            try limited(try value(v, path: o.path(of: "width")), SceneLimits.textWidth, path: o.path(of: "width"), "text width")
        }
        let lineLimit = try self.lineLimit(&o)
        let lineSpacing = try limited(try optionalValue(&o, "lineSpacing", default: styleLineSpacing ?? 0), SceneLimits.lineSpacing,
                                      path: o.path(of: "lineSpacing"), "line spacing")
        let minimumScaleFactor = try self.minimumScaleFactor(&o)
        return TextSpec(string: string, fontSize: fontSize, weight: weight, family: family,
                        origin: AnimatablePoint(x: try optionalValue(&o, "x", default: 0), y: try optionalValue(&o, "y", default: 0)),
                        alignment: alignment, fill: fill, width: width, lineLimit: lineLimit, lineSpacing: lineSpacing,
                        minimumScaleFactor: minimumScaleFactor)
    }

    /// "weight": regular, medium, semibold or bold; nil when not given.
    func textWeight(_ o: inout JSONObject) throws(UserSceneError) -> FontWeight? {
        try o.optional("weight").map { (v: JSONValue) throws(UserSceneError) in
            try v.choice(at: o.path(of: "weight"), ["regular": FontWeight.regular, "medium": .medium, "semibold": .semibold, "bold": .bold])
        }
    }

    /// "lineLimit": a whole number of at least 1 (SwiftUI's `.lineLimit`); nil when not given.
    func lineLimit(_ o: inout JSONObject) throws(UserSceneError) -> Int? {
        try o.optional("lineLimit").map { (v: JSONValue) throws(UserSceneError) in
            let n = try v.wholeNumber(at: o.path(of: "lineLimit"))
            guard n >= 1 else { throw UserSceneError(path: o.path(of: "lineLimit"), reason: "a line limit is at least 1, got \(n)") }
            return n
        }
    }

    /// "minimumScaleFactor": more than 0 and at most 1 (SwiftUI's `.minimumScaleFactor`); 1 when not given.
    func minimumScaleFactor(_ o: inout JSONObject) throws(UserSceneError) -> Double {
        try o.optional("minimumScaleFactor").map { (v: JSONValue) throws(UserSceneError) in
            let f = try v.number(at: o.path(of: "minimumScaleFactor"))
            guard f > 0, f <= 1 else {
                throw UserSceneError(path: o.path(of: "minimumScaleFactor"), reason: "a minimum scale factor is more than 0 and at most 1, got \(f)")
            }
            return f
        } ?? 1
    }

    /// "family": a font family that must be installed (fontconfig or $HOLOFRAME_FONT_DIR): refused
    /// here, with its name, not at the first frame.
    func fontFamily(_ o: inout JSONObject) throws(UserSceneError) -> String? {
        return try o.optional("family").map { (v: JSONValue) throws(UserSceneError) in
            let name = try v.string(at: o.path(of: "family"))
            guard FontLibrary.isInstalled(family: name) else {
                let near = FontLibrary.installedFamilies(near: name)
                throw UserSceneError(path: o.path(of: "family"), reason: "font family \"\(name)\" is not installed"
                    + (near.isEmpty ? "" : " (closest installed: \(near.map { "\"\($0)\"" }.joined(separator: ", ")))")
                    + "; `fc-list : family` lists the installed families, or set HOLOFRAME_FONT_DIR to a folder holding its files")
            }
            return name
        }
    }

    // MARK: Modifiers

    mutating func modifiers(_ o: inout JSONObject, allowShadow: Bool) throws(UserSceneError) -> Modifiers {
        var m = Modifiers()
        if let v = o.optional("opacity") { m.opacity = try value(v, path: o.path(of: "opacity")) }
        if let v = o.optional("offset") { m.offset = try point(v, path: o.path(of: "offset")) }
        if let v = o.optional("id") { m.id = try v.string(at: o.path(of: "id")) }
        if let v = o.optional("scale") {
            // A number (uniform) or {"x", "y"}; keyframes are an object too, told apart by their key.
            if case .object(let d) = v, !SceneDecoder.isAnimatedNumber(d) {
                m.scale = try point(v, path: o.path(of: "scale"), kind: "a scale (a number or {\"x\", \"y\"})")
            } else {
                let s = try value(v, path: o.path(of: "scale"))
                m.scale = AnimatablePoint(x: s, y: s)
            }
        }
        if let v = o.optional("rotation") { m.rotation = try value(v, path: o.path(of: "rotation")) }
        if let v = o.optional("anchor") { m.anchor = try point(v, path: o.path(of: "anchor")) }
        if let v = o.optional("tilt") {
            var t = try JSONObject(v, path: o.path(of: "tilt"), kind: "a tilt {\"x\", \"y\", \"perspective\"}")
            m.tilt = TiltSpec(degreesX: try optionalValue(&t, "x", default: 0), degreesY: try optionalValue(&t, "y", default: 0),
                              perspective: try optionalValue(&t, "perspective", default: 1))
            try t.finish()
        }
        if let v = o.optional("clip") { m.clip = try shapeObject(v, path: o.path(of: "clip")) }
        if let v = o.optional("blur") { m.blur = try limited(try value(v, path: o.path(of: "blur")), SceneLimits.blurRadius, path: o.path(of: "blur"), "blur radius") }
        if allowShadow, let v = o.optional("shadow") {
            var s = try JSONObject(v, path: o.path(of: "shadow"), kind: "a shadow {\"color\", \"radius\", \"x\", \"y\"}")
            // SwiftUI's default shadow colour: black at 33%.
            let c = try s.optional("color").map { (c: JSONValue) throws(UserSceneError) in try color(c, path: s.path(of: "color")) }
                ?? .constant(Color(white: 0, alpha: 0.33))
            m.shadow = ShadowSpec(color: c, radius: try limited(try requiredValue(&s, "radius"), SceneLimits.shadowRadius, path: s.path(of: "radius"), "shadow radius"),
                                  offset: AnimatablePoint(x: try limited(try optionalValue(&s, "x", default: 0), SceneLimits.shadowOffset, path: s.path(of: "x"), "shadow offset"),
                                                          y: try limited(try optionalValue(&s, "y", default: 0), SceneLimits.shadowOffset, path: s.path(of: "y"), "shadow offset")))
            try s.finish()
        }
        return m
    }
}

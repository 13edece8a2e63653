// Reading views: the nodes inside layout containers, their modifiers, `forEach` and text styles.
//
// Modifiers written as flat keys apply in one fixed order, innermost first (a JSON object has no
// order):
//
//   fixedSize → padding → safeAreaPadding → frame → background → overlay → clip → shadow → blur → opacity →
//   scale → rotation → tilt → offset
//
// so `{"padding": true, "frame": {"maxWidth": "infinity"}, "background": "white"}` is SwiftUI's
// `.padding().frame(maxWidth: .infinity).background(.white)`. Any other order is written as an
// array, `"modifiers": [{"padding": 8}, {"background": "red"}, {"padding": 8}]`, applied after
// (outside) the flat keys. `layoutPriority`, `ignoresSafeArea` and `id` belong to the view.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene
import HoloText

extension SceneDecoder {
    static let containerTypes = ["vstack", "hstack", "zstack", "scrollView", "navigationStack", "list", "tabView"]
    static let viewTypes = containerTypes + ["spacer", "divider", "forEach", "rect", "roundedRect", "capsule", "circle", "ellipse", "path",
                                             "text", "symbol", "image", "material", "shaderFill", "label"]
    /// Flat modifier keys, innermost first.
    static let modifierOrder = ["fixedSize", "padding", "safeAreaPadding", "frame", "background", "overlay", "clip", "shadow", "blur", "opacity",
                                "scale", "rotation", "tilt", "offset"]
    /// Drivers whose value follows the scroll: layout inside a scroll view's content may not read them.
    static func followsScroll(_ name: String) -> Bool {
        name.hasPrefix("scroll") || name.hasPrefix("header.") || name.hasPrefix("flowing.") || name.hasPrefix("waveform.")
            || name.hasPrefix("reveal.") || name == Self.phaseDriver
    }

    /// SwiftUI's `scrollTransition` phase of a view in a scroll view's content: 0 while the view is
    /// wholly inside the visible region, going to −1 as it leaves past the top and to 1 past the bottom.
    static let phaseDriver = "phase.value"

    /// A container outside any container: a layout root.
    mutating func layoutRoot(_ raw: JSONValue, path: String) throws(UserSceneError) -> UserNode {
        layoutReadsDrivers = false
        let view = try self.view(raw, path: path)
        return UserNode(path: path, content: .layout(LayoutRootSpec(view: view, isStatic: !layoutReadsDrivers)), modifiers: Modifiers())
    }

    /// A number that changes layout: noted when it reads a driver (the root is then laid out each
    /// frame), refused inside a scroll view's content when it follows the scroll (a cycle).
    mutating func layoutValue(_ raw: JSONValue, path: String) throws(UserSceneError) -> AnimatableValue {
        let v = try value(raw, path: path)
        switch v {
        case .constant: break
        case .expression(let e):
            layoutReadsDrivers = true
            if inScrollContent, let name = e.driverSlots.keys.sorted().first(where: Self.followsScroll) {
                throw UserSceneError(path: path, reason: "layout inside a scrollView's content cannot read \(name): the content's size " +
                                     "would depend on its own scrolling; move the value to a render-only modifier (offset, opacity, scale) " +
                                     "or out of the scroll view")
            }
        case .keyframes(let track):
            layoutReadsDrivers = true
            let name = drivers.names[track.driverSlot]
            if inScrollContent, Self.followsScroll(name) {
                throw UserSceneError(path: path, reason: "layout inside a scrollView's content cannot follow \(name) (a cycle); " +
                                     "animate a render-only modifier instead")
            }
        }
        return v
    }

    mutating func optionalLayoutValue(_ o: inout JSONObject, _ key: String) throws(UserSceneError) -> AnimatableValue? {
        guard let raw = o.optional(key) else { return nil }
        return try layoutValue(raw, path: o.path(of: key))
    }

    // MARK: Views

    mutating func view(_ raw: JSONValue, path: String) throws(UserSceneError) -> ViewSpec {
        var (type, o) = try typedObject(raw, path: path, allowed: Self.viewTypes, what: "view")
        guard type != "forEach" else {
            throw UserSceneError(path: "\(path).type", reason: "a forEach stands among a container's children, not as a view of its own")
        }
        nextViewID += 1
        let id = nextViewID
        // forEach multiplies: nested ones could make millions of views from a few lines.
        guard nextViewID <= Self.maximumViews else {
            throw UserSceneError(path: path, reason: "the scene has more than \(Self.maximumViews) views (forEach repeats count too); " +
                                 "a screen needs far fewer")
        }
        for key in ["x", "y", "center", "radius"] where o.has(key) {
            throw UserSceneError(path: o.path(of: key), reason: "inside a layout container a view has no \(key): its parent places it; " +
                                 "use padding, frame (SwiftUI's .frame), alignment, spacer or offset")
        }
        let kind: ViewKind
        var builtModifiers: [ViewModifierSpec] = []
        switch type {
        case "vstack", "hstack":
            let axis: Axis = type == "vstack" ? .vertical : .horizontal
            let alignment: StackAlignment
            if let a = o.optional("alignment") {
                let names: KeyValuePairs<String, StackAlignment> = axis == .vertical
                    ? ["leading": 0, "center": 0.5, "trailing": 1]
                    : ["top": 0, "center": 0.5, "bottom": 1, "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline]
                alignment = try a.choice(at: o.path(of: "alignment"), names)
            } else { alignment = 0.5 }
            let spacing = try optionalLayoutValue(&o, "spacing")
            kind = .stack(axis, alignment: alignment, spacing: spacing, try viewChildren(&o))
        case "zstack":
            kind = .zstack(try alignmentValue(o.optional("alignment"), path: o.path(of: "alignment")) ?? .center, try viewChildren(&o))
        case "spacer":
            kind = .spacer(minLength: try optionalLayoutValue(&o, "minLength"))
        case "divider":
            kind = .divider
        case "scrollView":
            try enterScrollView(path: path, what: "scrollView")
            defer { inScrollContent = false }
            // One content view, or children stacked as SwiftUI's ScrollView stacks them (a VStack).
            if let content = o.optional("content") {
                if o.has("children") { throw UserSceneError(path: o.path(of: "children"), reason: "a scrollView takes a \"content\" view or \"children\", not both") }
                kind = .scrollView(try view(content, path: o.path(of: "content")))
            } else {
                nextViewID += 1
                let stackID = nextViewID
                kind = .scrollView(ViewSpec(path: path, id: stackID, kind: .stack(.vertical, alignment: 0.5, spacing: nil, try viewChildren(&o)), modifiers: []))
            }
        case "text":
            kind = .text(try viewText(&o))
        case "symbol":
            kind = .symbol(try viewSymbol(&o))
        case "image":
            let file = try o.string("path")
            let image: ImageData
            do { image = try loadImage(file) } catch {
                throw UserSceneError(path: o.path(of: "path"), reason: "cannot load image \"\(file)\": \(error)")
            }
            let resizable = try o.optional("resizable").map { (v: JSONValue) throws(UserSceneError) in try v.bool(at: o.path(of: "resizable")) } ?? false
            let mode = try o.optional("aspectRatio").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "aspectRatio"), ["fit": ContentMode.fit, "fill": .fill])
            }
            if mode != nil && !resizable {
                throw UserSceneError(path: o.path(of: "aspectRatio"), reason: "an image keeps its own size unless \"resizable\": true (SwiftUI's .resizable())")
            }
            kind = .image(image, resizable: resizable, contentMode: mode)
        case "material":
            let shape = try o.optional("shape").map { (v: JSONValue) throws(UserSceneError) in try viewShapeObject(v, path: o.path(of: "shape")) } ?? .rect
            let materialKind = try o.optional("kind").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "kind"), ["ultraThin": MaterialKind.ultraThin, "thin": .thin, "regular": .regular, "thick": .thick])
            } ?? .regular
            let scheme = try o.optional("scheme").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "scheme"), ["light": ColorScheme.light, "dark": .dark])
            } ?? colorScheme
            kind = .material(shape, materialKind, scheme)
        case "shaderFill":
            let shape = try o.optional("shape").map { (v: JSONValue) throws(UserSceneError) in try viewShapeObject(v, path: o.path(of: "shape")) } ?? .rect
            let which = try o.required("shader").choice(at: o.path(of: "shader"), ["holographic": true, "anyDistance": false])
            if which {
                let isStatic = try o.optional("static").map { (v: JSONValue) throws(UserSceneError) in try v.bool(at: o.path(of: "static")) } ?? false
                kind = .shaderFill(shape, .holographic(roll: try optionalValue(&o, "roll", default: 0), pitch: try optionalValue(&o, "pitch", default: 0),
                                                       time: try optionalValue(&o, "time", default: 0), accentHue: try optionalValue(&o, "accentHue", default: 0.55),
                                                       isStatic: isStatic))
            } else {
                kind = .shaderFill(shape, .anyDistance(roll: try optionalValue(&o, "roll", default: 0)))
            }
        case "navigationStack", "list", "tabView", "label":
            (kind, builtModifiers) = try component(type, &o, path: path)
        default: // rect, roundedRect, capsule, circle, ellipse, path
            let shape = try viewShape(type, &o)
            let fill = try o.optional("fill").map { (v: JSONValue) throws(UserSceneError) in try paint(v, path: o.path(of: "fill"), unitPoints: true) }
            let stroke = try o.optional("stroke").map { (v: JSONValue) throws(UserSceneError) in try self.stroke(v, path: o.path(of: "stroke")) }
            // SwiftUI fills a shape with the foreground style (label) unless told otherwise.
            kind = .shape(shape, fill: fill ?? (stroke == nil ? .solid(.constant(labelColor)) : nil), stroke: stroke)
        }
        let phaseReadsBefore = phaseReads
        var view = ViewSpec(path: path, id: id, kind: kind, modifiers: builtModifiers + (try viewModifiers(&o)))
        if phaseReads > phaseReadsBefore {
            guard inScrollContent else {
                throw UserSceneError(path: path, reason: "\(Self.phaseDriver) (the scrollTransition phase) is read by views inside a scrollView's content")
            }
            view.phaseSlot = drivers.slot(for: Self.phaseDriver)
        }
        if let p = o.optional("layoutPriority") { view.layoutPriority = try p.number(at: o.path(of: "layoutPriority")) }
        if let v = o.optional("ignoresSafeArea") { view.ignoresSafeArea = try v.bool(at: o.path(of: "ignoresSafeArea")) }
        if let v = o.optional("id") { view.retentionID = try v.string(at: o.path(of: "id")) }
        try o.finish()
        return view
    }

    /// The clip's `label` colour (SwiftUI's primary foreground).
    var labelColor: Color { Color.named("label", scheme: colorScheme, increasedContrast: increasedContrast) ?? .black }

    /// A container's children, with each `forEach` among them expanded in place.
    mutating func viewChildren(_ o: inout JSONObject, key: String = "children") throws(UserSceneError) -> [ViewSpec] {
        let listPath = o.path(of: key)
        guard let raw = o.optional(key) else { return [] }
        var views: [ViewSpec] = []
        for (i, item) in try raw.array(at: listPath).enumerated() {
            let itemPath = "\(listPath)[\(i)]"
            if case .object(let d) = item, case .string("forEach")? = d["type"] {
                views += try forEach(item, path: itemPath)
            } else {
                views.append(try view(item, path: itemPath))
            }
        }
        return views
    }

    /// `{"type": "forEach", "data": [{…}, …] | "count": N, "content": {view}}`: the content once per
    /// item, with "{item.NAME}" and "{index}" in its strings replaced by the item's fields, and
    /// `item.NAME` (numbers) and `index` readable in its expressions.
    mutating func forEach(_ raw: JSONValue, path: String) throws(UserSceneError) -> [ViewSpec] {
        var o = try JSONObject(raw, path: path, kind: "a forEach {\"data\" or \"count\", \"content\"}")
        _ = o.optional("type")
        let content = try o.required("content")
        var items: [[String: JSONValue]] = []
        switch (o.optional("data"), o.optional("count")) {
        case (let data?, nil):
            for (i, item) in try data.array(at: o.path(of: "data")).enumerated() {
                guard case .object(let fields) = item else {
                    throw UserSceneError(path: "\(o.path(of: "data"))[\(i)]", reason: "expected an object of fields (e.g. {\"title\": \"Run\"}), got \(item.shown)")
                }
                items.append(fields)
            }
        case (nil, let count?):
            let n = try count.wholeNumber(at: o.path(of: "count"))
            guard (0...Self.maximumForEachItems).contains(n) else {
                throw UserSceneError(path: o.path(of: "count"), reason: "a forEach repeats 0…\(Self.maximumForEachItems) times, got \(n)")
            }
            items = Array(repeating: [:], count: n)
        case (nil, nil):
            throw UserSceneError(path: o.path(of: "data"), reason: "missing; a forEach needs \"data\" (an array of objects) or \"count\"")
        default:
            throw UserSceneError(path: o.path(of: "count"), reason: "a forEach takes \"data\" or \"count\", not both")
        }
        guard items.count <= Self.maximumForEachItems else {
            throw UserSceneError(path: o.path(of: "data"), reason: "a forEach repeats at most \(Self.maximumForEachItems) items, got \(items.count)")
        }
        try o.finish()
        var views: [ViewSpec] = []
        let outer = locals
        defer { locals = outer }
        for (i, fields) in items.enumerated() {
            var strings: [String: String] = ["index": String(i)]
            locals = outer
            locals["index"] = Double(i)
            for (k, v) in fields {
                switch v {
                case .string(let s): strings["item.\(k)"] = s
                case .integer, .float:
                    let n = (try? v.number(at: "")) ?? 0
                    locals["item.\(k)"] = n
                    strings["item.\(k)"] = JSONValue.shown(n)
                case .bool(let b): locals["item.\(k)"] = b ? 1 : 0; strings["item.\(k)"] = b ? "true" : "false"
                default: break
                }
            }
            views.append(try view(Self.substitutingTemplates(content, strings), path: "\(path)[\(i)].content"))
        }
        return views
    }

    static let maximumForEachItems = 1_000
    /// Most views one document may hold, forEach repeats included.
    static let maximumViews = 20_000

    /// `raw` with every "{name}" in its strings replaced by `values[name]` (unknown names kept).
    static func substitutingTemplates(_ raw: JSONValue, _ values: [String: String]) -> JSONValue {
        switch raw {
        case .string(let s):
            guard s.contains("{") else { return raw }
            var out = "", rest = Substring(s)
            while let open = rest.firstIndex(of: "{") {
                out += rest[..<open]
                guard let close = rest[open...].firstIndex(of: "}") else { break }
                let name = String(rest[rest.index(after: open)..<close])
                if let v = values[name] { out += v } else { out += rest[open...close] }
                rest = rest[rest.index(after: close)...]
            }
            return .string(out + rest)
        case .array(let a): return .array(a.map { substitutingTemplates($0, values) })
        case .object(let d): return .object(d.mapValues { substitutingTemplates($0, values) })
        default: return raw
        }
    }

    // MARK: Leaves

    mutating func viewShape(_ type: String, _ o: inout JSONObject) throws(UserSceneError) -> ViewShape {
        switch type {
        case "rect": return .rect
        case "capsule": return .capsule
        case "circle": return .circle
        case "ellipse": return .ellipse
        case "roundedRect":
            let radius = try requiredValue(&o, "cornerRadius")
            let style = try o.optional("cornerStyle").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "cornerStyle"), ["circular": CornerStyle.circular, "continuous": .continuous])
            } ?? .continuous
            return .roundedRect(cornerRadius: radius, style: style)
        default: // path
            guard case .path(let p) = try shapeGeometry("path", &o) else { return .rect }
            return .path(p)
        }
    }

    /// {"type": "roundedRect", "cornerRadius": 12}: a shape without a frame, which takes the view's bounds.
    mutating func viewShapeObject(_ raw: JSONValue, path: String) throws(UserSceneError) -> ViewShape {
        var (type, o) = try typedObject(raw, path: path, allowed: ["rect", "roundedRect", "capsule", "circle", "ellipse", "path"], what: "shape")
        if o.has("frame") {
            throw UserSceneError(path: o.path(of: "frame"), reason: "inside a layout container a shape takes the view's bounds; leave out its frame")
        }
        let shape = try viewShape(type, &o)
        try o.finish()
        return shape
    }

    /// "font": a text style name, SwiftUI's (`title`, `caption`) or UIKit's (`title1`, `caption1`).
    func textStyle(_ raw: JSONValue, path: String) throws(UserSceneError) -> TextStyle {
        let names: KeyValuePairs<String, TextStyle> = [
            "largeTitle": .largeTitle, "title": .title1, "title2": .title2, "title3": .title3, "headline": .headline, "body": .body,
            "callout": .callout, "subheadline": .subheadline, "footnote": .footnote, "caption": .caption1, "caption2": .caption2,
            "title1": .title1, "caption1": .caption1,
        ]
        return try raw.choice(at: path, names)
    }

    mutating func viewText(_ o: inout JSONObject) throws(UserSceneError) -> ViewTextSpec {
        if o.has("width") {
            throw UserSceneError(path: o.path(of: "width"), reason: "inside a layout container text wraps in the width its parent offers; " +
                                 "use \"frame\": {\"width\": …} (SwiftUI's .frame) to set one")
        }
        let string = try o.string("string")
        let style = try o.optional("font").map { (v: JSONValue) throws(UserSceneError) in try textStyle(v, path: o.path(of: "font")) }
        let fontSize = try o.optional("fontSize").map { (v: JSONValue) throws(UserSceneError) in
            try limited(try layoutValue(v, path: o.path(of: "fontSize")), SceneLimits.fontSize, path: o.path(of: "fontSize"), "font size")
        }
        if style != nil, fontSize != nil {
            throw UserSceneError(path: o.path(of: "fontSize"), reason: "a text takes a \"font\" style or a \"fontSize\", not both " +
                                 "(a fixed size scales with a style through \"relativeTo\")")
        }
        let relativeTo = try o.optional("relativeTo").map { (v: JSONValue) throws(UserSceneError) in try textStyle(v, path: o.path(of: "relativeTo")) }
        if relativeTo != nil, fontSize == nil {
            throw UserSceneError(path: o.path(of: "relativeTo"), reason: "relativeTo scales a \"fontSize\" with a text style; this text has none")
        }
        let weight = try textWeight(&o)
        let family = try fontFamily(&o)
        let fill = try o.optional("fill").map { (v: JSONValue) throws(UserSceneError) in try paint(v, path: o.path(of: "fill"), unitPoints: true) }
        let lineLimit = try self.lineLimit(&o)
        let lineSpacing = try o.optional("lineSpacing").map { (v: JSONValue) throws(UserSceneError) in
            try limited(try layoutValue(v, path: o.path(of: "lineSpacing")), SceneLimits.lineSpacing, path: o.path(of: "lineSpacing"), "line spacing")
        }
        let minimumScaleFactor = try self.minimumScaleFactor(&o)
        let truncation = try o.optional("truncationMode").map { (v: JSONValue) throws(UserSceneError) in
            try v.choice(at: o.path(of: "truncationMode"), ["tail": TextContent.Truncation.tail, "head": .head, "middle": .middle])
        } ?? .tail
        let alignment = try o.optional("alignment").map { (v: JSONValue) throws(UserSceneError) in
            try v.choice(at: o.path(of: "alignment"), ["leading": TextAlignment.leading, "center": .center, "trailing": .trailing])
        } ?? .leading
        return ViewTextSpec(string: string, style: style ?? (fontSize == nil ? .body : nil), fontSize: fontSize, relativeTo: relativeTo,
                            weight: weight, family: family, fill: fill, lineLimit: lineLimit, lineSpacing: lineSpacing,
                            minimumScaleFactor: minimumScaleFactor, truncation: truncation, alignment: alignment)
    }

    mutating func viewSymbol(_ o: inout JSONObject) throws(UserSceneError) -> ViewSymbolSpec {
        let name = try o.string("name")
        guard Symbol.names.contains(name) else {
            throw UserSceneError(path: o.path(of: "name"), reason: "unknown symbol \"\(name)\"; symbols are \(Symbol.names.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let style = try o.optional("font").map { (v: JSONValue) throws(UserSceneError) in try textStyle(v, path: o.path(of: "font")) }
        let size = try o.optional("size").map { (v: JSONValue) throws(UserSceneError) in
            try limited(try layoutValue(v, path: o.path(of: "size")), SceneLimits.fontSize, path: o.path(of: "size"), "symbol size")
        }
        if style != nil, size != nil {
            throw UserSceneError(path: o.path(of: "size"), reason: "a symbol takes a \"font\" style or a \"size\", not both")
        }
        let weight = try o.optional("weight").map { (v: JSONValue) throws(UserSceneError) in
            let s = try v.string(at: o.path(of: "weight"))
            guard let w = SymbolWeight(rawValue: s) else {
                throw UserSceneError(path: o.path(of: "weight"), reason: "unknown weight \"\(s)\"; weights are \(SymbolWeight.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            return w
        }
        let fill = try o.optional("fill").map { (v: JSONValue) throws(UserSceneError) in try paint(v, path: o.path(of: "fill"), unitPoints: true) }
        return ViewSymbolSpec(name: name, style: style ?? (size == nil ? .body : nil), size: size, weight: weight, fill: fill)
    }

    // MARK: Modifiers

    mutating func viewModifiers(_ o: inout JSONObject) throws(UserSceneError) -> [ViewModifierSpec] {
        var out: [ViewModifierSpec] = []
        let anchor = try o.optional("anchor").map { (v: JSONValue) throws(UserSceneError) in try unitPoint(v, path: o.path(of: "anchor")) }
        for key in Self.modifierOrder {
            guard let raw = o.optional(key) else { continue }
            out.append(try viewModifier(key, raw, path: o.path(of: key), anchor: anchor))
        }
        if anchor != nil, !out.contains(where: { if case .scale = $0 { true } else if case .rotation = $0 { true } else if case .tilt = $0 { true } else { false } }) {
            throw UserSceneError(path: o.path(of: "anchor"), reason: "an anchor is for scale, rotation or tilt; this view has none")
        }
        if let list = o.optional("modifiers") {
            for (i, item) in try list.array(at: o.path(of: "modifiers")).enumerated() {
                let itemPath = "\(o.path(of: "modifiers"))[\(i)]"
                var m = try JSONObject(item, path: itemPath, kind: "a modifier (an object with one modifier key, e.g. {\"padding\": 8})")
                let keys = m.members.keys.filter { $0 != "anchor" }.sorted()
                guard keys.count == 1, let key = keys.first, Self.modifierOrder.contains(key) else {
                    throw UserSceneError(path: itemPath, reason: "expected one modifier key of \(Self.modifierOrder.joined(separator: ", ")) " +
                                         "(with \"anchor\" beside scale, rotation or tilt), got \(keys.isEmpty ? "none" : keys.joined(separator: ", "))")
                }
                let a = try m.optional("anchor").map { (v: JSONValue) throws(UserSceneError) in try unitPoint(v, path: m.path(of: "anchor")) }
                out.append(try viewModifier(key, try m.required(key), path: m.path(of: key), anchor: a))
                try m.finish()
            }
        }
        return out
    }

    mutating func viewModifier(_ key: String, _ raw: JSONValue, path: String, anchor: UnitPointSpec?) throws(UserSceneError) -> ViewModifierSpec {
        switch key {
        case "fixedSize":
            if case .bool(let b) = raw { return .fixedSize(horizontal: b, vertical: b) }
            var f = try JSONObject(raw, path: path, kind: "fixedSize (true, or {\"horizontal\", \"vertical\"})")
            let h = try f.optional("horizontal").map { (v: JSONValue) throws(UserSceneError) in try v.bool(at: f.path(of: "horizontal")) } ?? false
            let v = try f.optional("vertical").map { (v: JSONValue) throws(UserSceneError) in try v.bool(at: f.path(of: "vertical")) } ?? false
            try f.finish()
            return .fixedSize(horizontal: h, vertical: v)
        case "padding":
            return try padding(raw, path: path)
        case "safeAreaPadding":
            guard case .padding(let t, let l, let b, let r) = try padding(raw, path: path) else { preconditionFailure("padding() returns .padding") }
            return .safeAreaPadding(top: t, leading: l, bottom: b, trailing: r)
        case "frame":
            return .frame(try viewFrame(raw, path: path))
        case "background", "overlay":
            var content = raw, alignment = Alignment.center
            if case .object(let d) = raw, d["type"] == nil, d["content"] != nil {
                var w = try JSONObject(raw, path: path, kind: "a \(key) {\"content\", \"alignment\"}")
                content = try w.required("content")
                alignment = try alignmentValue(w.optional("alignment"), path: w.path(of: "alignment")) ?? .center
                try w.finish()
            }
            let innerPath = content == raw ? path : JSONPath.member(path, "content")
            let view: ViewSpec
            if case .string = content {
                // A colour: SwiftUI's `.background(.red)`, a rectangle of it.
                nextViewID += 1
                view = ViewSpec(path: innerPath, id: nextViewID, kind: .shape(.rect, fill: .solid(try color(content, path: innerPath)), stroke: nil), modifiers: [])
            } else {
                view = try self.view(content, path: innerPath)
            }
            return key == "background" ? .background(view, alignment) : .overlay(view, alignment)
        case "clip":
            if case .string(let name) = raw {
                let shapes: KeyValuePairs<String, ViewShape> = ["rect": .rect, "capsule": .capsule, "circle": .circle, "ellipse": .ellipse]
                guard let s = shapes.first(where: { $0.key == name })?.value else {
                    throw UserSceneError(path: path, reason: "expected a shape: \"rect\", \"capsule\", \"circle\", \"ellipse\" or {\"type\": \"roundedRect\", \"cornerRadius\": …}, got \"\(name)\"")
                }
                return .clip(s)
            }
            return .clip(try viewShapeObject(raw, path: path))
        case "shadow":
            var s = try JSONObject(raw, path: path, kind: "a shadow {\"color\", \"radius\", \"x\", \"y\"}")
            let c = try s.optional("color").map { (c: JSONValue) throws(UserSceneError) in try color(c, path: s.path(of: "color")) }
                ?? .constant(Color(white: 0, alpha: 0.33))
            let shadow = ShadowSpec(color: c, radius: try limited(try requiredValue(&s, "radius"), SceneLimits.shadowRadius, path: s.path(of: "radius"), "shadow radius"),
                                    offset: AnimatablePoint(x: try limited(try optionalValue(&s, "x", default: 0), SceneLimits.shadowOffset, path: s.path(of: "x"), "shadow offset"),
                                                            y: try limited(try optionalValue(&s, "y", default: 0), SceneLimits.shadowOffset, path: s.path(of: "y"), "shadow offset")))
            try s.finish()
            return .shadow(shadow)
        case "blur":
            return .blur(try limited(try renderValue(raw, path: path), SceneLimits.blurRadius, path: path, "blur radius"))
        case "opacity":
            return .opacity(try renderValue(raw, path: path))
        case "scale":
            if case .object(let d) = raw, !SceneDecoder.isAnimatedNumber(d) {
                return .scale(try point(raw, path: path, kind: "a scale (a number or {\"x\", \"y\"})"), anchor: anchor)
            }
            let s = try renderValue(raw, path: path)
            return .scale(AnimatablePoint(x: s, y: s), anchor: anchor)
        case "rotation":
            return .rotation(try renderValue(raw, path: path), anchor: anchor)
        case "tilt":
            var t = try JSONObject(raw, path: path, kind: "a tilt {\"x\", \"y\", \"perspective\"}")
            let tilt = TiltSpec(degreesX: try optionalValue(&t, "x", default: 0), degreesY: try optionalValue(&t, "y", default: 0),
                                perspective: try optionalValue(&t, "perspective", default: 1))
            try t.finish()
            return .tilt(tilt, anchor: anchor)
        default: // offset
            var o = try JSONObject(raw, path: path, kind: "an offset {\"x\", \"y\"}")
            let p = AnimatablePoint(x: try renderValue(o.optional("x") ?? .integer(0), path: o.path(of: "x")),
                                    y: try renderValue(o.optional("y") ?? .integer(0), path: o.path(of: "y")))
            try o.finish()
            return .offset(p)
        }
    }

    /// A render-only value (opacity, offset, scale, rotation, blur): it may read the scroll, and
    /// inside a scroll view's content the view's `phase.value`.
    mutating func renderValue(_ raw: JSONValue, path: String) throws(UserSceneError) -> AnimatableValue {
        let v = try value(raw, path: path)
        if case .expression(let e) = v, e.driverSlots[Self.phaseDriver] != nil { phaseReads += 1 }
        return v
    }

    /// `true` (iOS's 16 on every edge), a number for every edge, or per edge
    /// {"top", "leading", "bottom", "trailing", "horizontal", "vertical"}.
    mutating func padding(_ raw: JSONValue, path: String) throws(UserSceneError) -> ViewModifierSpec {
        switch raw {
        case .bool(true):
            let d = AnimatableValue.constant(16)
            return .padding(top: d, leading: d, bottom: d, trailing: d)
        case .object(let dict) where !SceneDecoder.isAnimatedNumber(dict):
            var o = try JSONObject(raw, path: path, kind: "padding per edge {\"top\", \"leading\", \"bottom\", \"trailing\", \"horizontal\", \"vertical\"}")
            let h = try optionalLayoutValue(&o, "horizontal"), v = try optionalLayoutValue(&o, "vertical")
            let zero = AnimatableValue.constant(0)
            let top = try optionalLayoutValue(&o, "top") ?? v ?? zero, bottom = try optionalLayoutValue(&o, "bottom") ?? v ?? zero
            let leading = try optionalLayoutValue(&o, "leading") ?? h ?? zero, trailing = try optionalLayoutValue(&o, "trailing") ?? h ?? zero
            try o.finish()
            return .padding(top: top, leading: leading, bottom: bottom, trailing: trailing)
        case .bool(false):
            throw UserSceneError(path: path, reason: "padding false pads nothing; leave the key out")
        default:
            let v = try layoutValue(raw, path: path)
            return .padding(top: v, leading: v, bottom: v, trailing: v)
        }
    }

    /// SwiftUI's `.frame(width:height:alignment:)` or `.frame(minWidth:idealWidth:maxWidth:…)`;
    /// "infinity" for `.infinity`.
    mutating func viewFrame(_ raw: JSONValue, path: String) throws(UserSceneError) -> ViewFrameSpec {
        var o = try JSONObject(raw, path: path, kind: "a frame (SwiftUI's .frame: width, height, minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight, alignment)")
        for key in ["x", "y"] where o.has(key) {
            throw UserSceneError(path: o.path(of: key), reason: "inside a layout container a frame is SwiftUI's .frame and has no \(key); " +
                                 "its parent places it (use offset to move a view after layout)")
        }
        var f = ViewFrameSpec()
        func dimension(_ o: inout JSONObject, _ key: String) throws(UserSceneError) -> AnimatableValue? {
            guard let raw = o.optional(key) else { return nil }
            if case .string("infinity") = raw { return .constant(.infinity) }
            let v = try layoutValue(raw, path: o.path(of: key))
            if case .constant(let c) = v, c < 0 {
                throw UserSceneError(path: o.path(of: key), reason: "a frame dimension is at least 0, got \(JSONValue.shown(c))")
            }
            return v
        }
        f.width = try dimension(&o, "width"); f.height = try dimension(&o, "height")
        f.minWidth = try dimension(&o, "minWidth"); f.idealWidth = try dimension(&o, "idealWidth"); f.maxWidth = try dimension(&o, "maxWidth")
        f.minHeight = try dimension(&o, "minHeight"); f.idealHeight = try dimension(&o, "idealHeight"); f.maxHeight = try dimension(&o, "maxHeight")
        if f.width != nil, f.minWidth != nil || f.idealWidth != nil || f.maxWidth != nil {
            throw UserSceneError(path: o.path(of: "width"), reason: "a frame takes a fixed width or minWidth/idealWidth/maxWidth, not both (as SwiftUI's two .frame modifiers)")
        }
        if f.height != nil, f.minHeight != nil || f.idealHeight != nil || f.maxHeight != nil {
            throw UserSceneError(path: o.path(of: "height"), reason: "a frame takes a fixed height or minHeight/idealHeight/maxHeight, not both (as SwiftUI's two .frame modifiers)")
        }
        for key in ["width", "height"] where o.members[key].map({ if case .string("infinity") = $0 { true } else { false } }) == true {
            throw UserSceneError(path: o.path(of: key), reason: "a fixed \(key) cannot be infinity; use max\(key.prefix(1).uppercased() + key.dropFirst()): \"infinity\"")
        }
        f.alignment = try alignmentValue(o.optional("alignment"), path: o.path(of: "alignment")) ?? .center
        try o.finish()
        return f
    }

    /// One of SwiftUI's nine alignments by name.
    func alignmentValue(_ raw: JSONValue?, path: String) throws(UserSceneError) -> Alignment? {
        guard let raw else { return nil }
        let s = try raw.string(at: path)
        guard let a = Alignment.named.first(where: { $0.0 == s })?.1 else {
            throw UserSceneError(path: path, reason: "expected one of \(Alignment.named.map { "\"\($0.0)\"" }.joined(separator: ", ")), got \"\(s.prefix(40))\"")
        }
        return a
    }

    /// A unit point: one of SwiftUI's names ("topLeading", "center") or {"x", "y"} in 0…1 of the frame.
    mutating func unitPoint(_ raw: JSONValue, path: String) throws(UserSceneError) -> UnitPointSpec {
        if case .string = raw, let a = try alignmentValue(raw, path: path) {
            return UnitPointSpec(x: .constant(a.horizontal), y: .constant(a.vertical))
        }
        let p = try point(raw, path: path, kind: "a unit point (\"topLeading\", \"center\", … or {\"x\", \"y\"} in 0…1 of the view)")
        return UnitPointSpec(x: p.x, y: p.y)
    }
}

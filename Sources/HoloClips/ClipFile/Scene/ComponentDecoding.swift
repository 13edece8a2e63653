// Components in a clip file (docs/layout.md, "Components"):
//
//   {"type": "navigationStack", "title": "Activity", "titleDisplayMode": "large",
//    "toolbar": {"leading": [{"symbol": "chevron.left"}], "trailing": [{"text": "Edit"}]},
//    "content": {view: a scrollView, a list or any other view}}
//   {"type": "list", "style": "insetGrouped", "sections": [{"header": "…", "footer": "…", "rows": [views]}]}
//   {"type": "list", "style": "plain", "rows": [views]}                      one section
//   {"type": "label", "title": "Wi-Fi", "systemImage": "wifi"}
//   {"type": "tabView", "selection": "feed",
//    "tabs": [{"id": "feed", "title": "Feed", "systemImage": "house.fill", "content": {view}}, …]}
//
// A tap in the clip's "taps" whose target is a tab's id selects that tab.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// What the document's components need from the simulation: the navigation bar's collapse
/// distance (the stack whose content scrolls) and the tab view whose selection taps choose.
public struct ComponentsFound: Hashable, Sendable {
    public var navigationCollapseDistance: Double?
    public var tabView: TabViewSpec?
    /// A component's value that could not be built (a host that does not supply its drivers).
    var error: UserSceneError?
}

extension SceneDecoder: ViewComposer {
    mutating func newViewID() -> Int {
        nextViewID += 1
        return nextViewID
    }

    mutating func driven(_ expression: String) -> AnimatableValue {
        do { return try value(.string(expression), path: "") } catch {
            if components.error == nil { components.error = error }
            return .constant(0)
        }
    }

    var screenWidth: Double { locals["screen.width"] ?? ViewEnvironment.iPhone12.layout.screen.width }

    /// A scroll view (or list) begins: one per clip, never inside another's content.
    mutating func enterScrollView(path: String, what: String) throws(UserSceneError) {
        guard !inScrollContent else {
            throw UserSceneError(path: path, reason: "a \(what) inside a scrollView's content: a clip has one scroll view, driven by its scroll")
        }
        scrollViewCount += 1
        // The content moves with the clip's scroll, whether or not an expression reads it.
        _ = drivers.slot(for: "scroll")
        guard scrollViewCount == 1 else {
            throw UserSceneError(path: path, reason: "a second scroll view (scrollView or list): a clip has one, driven by the clip's scroll")
        }
        inScrollContent = true
    }

    /// A component's views, and the modifiers its builder put around them.
    mutating func component(_ type: String, _ o: inout JSONObject, path: String) throws(UserSceneError) -> (ViewKind, [ViewModifierSpec]) {
        let built: ViewSpec
        switch type {
        case "navigationStack":
            let title = try o.string("title")
            let mode = try o.optional("titleDisplayMode").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "titleDisplayMode"), ["large": TitleDisplayMode.large, "inline": .inline, "automatic": .large])
            } ?? .large
            var leading: [ToolbarItemSpec] = [], trailing: [ToolbarItemSpec] = []
            if let raw = o.optional("toolbar") {
                var t = try JSONObject(raw, path: o.path(of: "toolbar"), kind: "a toolbar {\"leading\", \"trailing\"}")
                leading = try toolbarItems(t.optional("leading"), path: t.path(of: "leading"))
                trailing = try toolbarItems(t.optional("trailing"), path: t.path(of: "trailing"))
                try t.finish()
            }
            let content = try view(try o.required("content"), path: o.path(of: "content"))
            let spec = NavigationStackSpec(title: title, displayMode: mode, leading: leading, trailing: trailing, content: content)
            if spec.scrolls { components.navigationCollapseDistance = spec.collapseDistance(dynamicTypeSize) }
            built = navigationStack(spec, path: path)
        case "list":
            let style = try o.optional("style").map { (v: JSONValue) throws(UserSceneError) in
                try v.choice(at: o.path(of: "style"), ["insetGrouped": ListStyleKind.insetGrouped, "plain": .plain])
            } ?? .insetGrouped
            try enterScrollView(path: path, what: "list")
            defer { inScrollContent = false }
            var sections: [ListSectionSpec] = []
            switch (o.optional("sections"), o.has("rows")) {
            case (let raw?, false):
                for (i, item) in try raw.array(at: o.path(of: "sections")).enumerated() {
                    var s = try JSONObject(item, path: "\(o.path(of: "sections"))[\(i)]", kind: "a section {\"header\", \"rows\", \"footer\"}")
                    let header = try s.optional("header").map { (v: JSONValue) throws(UserSceneError) in try v.string(at: s.path(of: "header")) }
                    let footer = try s.optional("footer").map { (v: JSONValue) throws(UserSceneError) in try v.string(at: s.path(of: "footer")) }
                    sections.append(ListSectionSpec(header: header, footer: footer, rows: try listRows(&s)))
                    try s.finish()
                }
            case (nil, true):
                sections = [ListSectionSpec(rows: try listRows(&o))]
            case (_?, true):
                throw UserSceneError(path: o.path(of: "rows"), reason: "a list takes \"sections\" or \"rows\" (one section), not both")
            case (nil, false):
                throw UserSceneError(path: o.path(of: "sections"), reason: "missing; a list needs \"sections\" or \"rows\"")
            }
            built = list(ListSpec(style: style, sections: sections), path: path)
        case "label":
            let title = try o.string("title")
            let image = try o.string("systemImage")
            guard Symbol.names.contains(image) else {
                throw UserSceneError(path: o.path(of: "systemImage"), reason: "unknown symbol \"\(image)\"; symbols are \(Symbol.names.joined(separator: ", "))")
            }
            let style = try o.optional("font").map { (v: JSONValue) throws(UserSceneError) in try textStyle(v, path: o.path(of: "font")) } ?? .body
            let iconFill = try o.optional("iconFill").map { (v: JSONValue) throws(UserSceneError) in try paint(v, path: o.path(of: "iconFill"), unitPoints: true) }
            built = label(title, systemImage: image, style: style, iconFill: iconFill, path: path)
        default: // tabView
            guard components.tabView == nil else {
                throw UserSceneError(path: path, reason: "a second tabView: taps choose the tab of the clip's one tabView")
            }
            var tabs: [TabSpec] = []
            for (i, item) in try o.required("tabs").array(at: o.path(of: "tabs")).enumerated() {
                var t = try JSONObject(item, path: "\(o.path(of: "tabs"))[\(i)]", kind: "a tab {\"id\", \"title\", \"systemImage\", \"content\"}")
                let id = try t.string("id")
                guard !tabs.contains(where: { $0.id == id }) else { throw UserSceneError(path: t.path(of: "id"), reason: "a second tab named \"\(id)\"") }
                let image = try t.string("systemImage")
                guard Symbol.names.contains(image) else {
                    throw UserSceneError(path: t.path(of: "systemImage"), reason: "unknown symbol \"\(image)\"; symbols are \(Symbol.names.joined(separator: ", "))")
                }
                tabs.append(TabSpec(id: id, title: try t.string("title"), systemImage: image, content: try view(try t.required("content"), path: t.path(of: "content"))))
                try t.finish()
            }
            guard !tabs.isEmpty else { throw UserSceneError(path: o.path(of: "tabs"), reason: "a tabView needs at least one tab") }
            var selection = 0
            if let raw = o.optional("selection") {
                let name = try raw.string(at: o.path(of: "selection"))
                guard let i = tabs.firstIndex(where: { $0.id == name }) else {
                    throw UserSceneError(path: o.path(of: "selection"), reason: "no tab has the id \"\(name)\"; tabs are \(tabs.map(\.id).joined(separator: ", "))")
                }
                selection = i
            }
            let spec = TabViewSpec(tabs: tabs, selection: selection)
            components.tabView = spec
            built = tabView(spec, path: path)
        }
        if let error = components.error { throw UserSceneError(path: path, reason: "\(type) cannot be built here: \(error.reason)") }
        return (built.kind, built.modifiers)
    }

    /// A section's rows (forEach expanded); a label row's separator starts at its title.
    mutating func listRows(_ o: inout JSONObject) throws(UserSceneError) -> [ListRowSpec] {
        try viewChildren(&o, key: "rows").map { ListRowSpec(content: $0, textLeading: isLabel($0) ? labelTitleLeading : 0) }
    }

    /// True when `view` was built by `label` (an icon column then a title).
    func isLabel(_ view: ViewSpec) -> Bool {
        guard case .stack(.horizontal, _, _, let parts) = view.kind, parts.count == 2, case .symbol = parts[0].kind,
              case .text = parts[1].kind, parts[0].path.hasSuffix(".icon") else { return false }
        return true
    }

    mutating func toolbarItems(_ raw: JSONValue?, path: String) throws(UserSceneError) -> [ToolbarItemSpec] {
        guard let raw else { return [] }
        var items: [ToolbarItemSpec] = []
        for (i, item) in try raw.array(at: path).enumerated() {
            var t = try JSONObject(item, path: "\(path)[\(i)]", kind: "a toolbar item {\"symbol\"} or {\"text\", \"prominent\"}")
            if let s = t.optional("symbol") {
                let name = try s.string(at: t.path(of: "symbol"))
                guard Symbol.names.contains(name) else {
                    throw UserSceneError(path: t.path(of: "symbol"), reason: "unknown symbol \"\(name)\"; symbols are \(Symbol.names.joined(separator: ", "))")
                }
                items.append(.symbol(name))
            } else {
                let text = try t.string("text")
                let prominent = try t.optional("prominent").map { (v: JSONValue) throws(UserSceneError) in try v.bool(at: t.path(of: "prominent")) } ?? false
                items.append(.text(text, prominent: prominent))
            }
            try t.finish()
        }
        return items
    }
}

// iOS's standard screens: NavigationStack (with `.navigationTitle`, `.navigationBarTitleDisplayMode`
// and `.toolbar`), List with Sections (`.listStyle(.insetGrouped)`, `.plain`), TabView (with
// `.tabItem` and `.tag`) and Label. Each calls HoloClips' component builder (Components/), the one a
// clip file's `navigationStack`, `list`, `tabView` and `label` call, so both draw the same bars,
// rows and metrics. The builders' values that follow the clip (the scroll, the bar's fade, the
// selected tab) are expressions over drivers; here they read the scroll at rest, the bar hidden
// (as at the content's top edge), and the tab the view's `selection` names.

import HoloClips
import HoloGeometry
import HoloMotion
import HoloScene

/// The components' builder over a `SpecBuilder`: its ids, its environment, its drivers.
struct Composer: ViewComposer {
    var b: SpecBuilder
    mutating func newViewID() -> Int { b.nextID() }
    mutating func driven(_ expression: String) -> AnimatableValue {
        do {
            let e = try ExpressionParser.parse(expression, drivers: &b.drivers)
            return e.driverSlots.isEmpty ? .constant(e.evaluate(DriverSlots(values: []))) : .expression(e)
        } catch {
            preconditionFailure("a component's value \"\(expression)\": \(error)")
        }
    }
    var colorScheme: ColorScheme { b.environment.colorScheme }
    var increasedContrast: Bool { b.environment.colorSchemeContrast == .increased }
    var dynamicTypeSize: DynamicTypeSize { b.environment.dynamicTypeSize }
    var screenWidth: Double { b.environment.screenWidth }
}

extension SpecBuilder {
    /// `body` run with a component builder that shares this evaluation's ids and drivers.
    mutating func compose<T>(_ body: (inout Composer) -> T) -> T {
        var composer = Composer(b: self)
        let result = body(&composer)
        self = composer.b
        return result
    }
}

// MARK: NavigationStack

struct NavigationPreferences {
    var title: String?
    var displayMode: TitleDisplayMode?
    var leading: [ToolbarItemSpec] = []
    var trailing: [ToolbarItemSpec] = []
}

/// A navigation stack showing its root view under a navigation bar (no pushed destinations).
public struct NavigationStack<Root: View>: View, PrimitiveView {
    let root: Root
    public init(@ViewBuilder root: () -> Root) { self.root = root() }
    public var body: Never { primitiveBody() }

    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let outer = b.navigation
        b.navigation = NavigationPreferences()
        let content = single(b.nested("root") { root.makeSpecs(&$0) }, &b)
        let found = b.navigation
        b.navigation = outer
        let path = b.location
        let spec = NavigationStackSpec(title: found.title ?? "", displayMode: found.displayMode ?? .large, leading: found.leading,
                                       trailing: found.trailing, content: content)
        return [b.compose { $0.navigationStack(spec, path: path) }]
    }
}

/// Several views as one: a vertical stack of them.
private func single(_ specs: [ViewSpec], _ b: inout SpecBuilder) -> ViewSpec {
    if specs.count == 1 { return specs[0] }
    return ViewSpec(path: b.location, id: b.nextID(), kind: .stack(.vertical, alignment: 0.5, spacing: nil, specs))
}

/// SwiftUI's `NavigationBarItem.TitleDisplayMode`.
public enum NavigationBarItem {
    public enum TitleDisplayMode: Hashable, Sendable {
        case automatic, inline, large
        var mode: HoloClips.TitleDisplayMode { self == .inline ? .inline : .large }
    }
}

/// Where a toolbar item goes (the navigation bar's two sides).
public struct ToolbarItemPlacement: Hashable, Sendable {
    let leading: Bool, prominent: Bool
    public static let automatic = ToolbarItemPlacement(leading: false, prominent: false)
    public static let topBarLeading = ToolbarItemPlacement(leading: true, prominent: false)
    public static let topBarTrailing = ToolbarItemPlacement(leading: false, prominent: false)
    public static let navigationBarLeading = topBarLeading
    public static let navigationBarTrailing = topBarTrailing
    public static let cancellationAction = topBarLeading
    /// Trailing, semibold ("Done").
    public static let confirmationAction = ToolbarItemPlacement(leading: false, prominent: true)
}

/// A bar button: its title, or its symbol alone as iOS shows a toolbar button with an image. Its
/// action never runs (a clip is a function of its time).
public struct Button: View, PrimitiveView {
    let title: String
    let systemImage: String?
    public init(_ title: String, action: @escaping () -> Void) { self.title = title; systemImage = nil }
    public init(_ title: String, systemImage: String, action: @escaping () -> Void) {
        precondition(Symbol.names.contains(systemImage), "Button(systemImage: \"\(systemImage)\"): Holoframe draws \(Symbol.names.joined(separator: ", "))")
        self.title = title; self.systemImage = systemImage
    }
    public var body: Never { primitiveBody() }

    /// Outside a toolbar: its label in the accent colour.
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        if let systemImage { return Label(title, systemImage: systemImage).foregroundStyle(Color.blue).makeSpecs(&b) }
        return Text(title).foregroundStyle(Color.blue).makeSpecs(&b)
    }

    func item(_ placement: ToolbarItemPlacement) -> ToolbarItemSpec {
        systemImage.map { .symbol($0) } ?? .text(title, prominent: placement.prominent)
    }
}

/// A toolbar item at a placement (SwiftUI's `ToolbarItem`; its content is a `Button`).
public struct ToolbarItem {
    let placement: ToolbarItemPlacement, button: Button
    public init(placement: ToolbarItemPlacement = .automatic, content: () -> Button) { self.placement = placement; button = content() }
}

/// What a `.toolbar { }` block holds: buttons (trailing) and placed items.
public protocol ToolbarContent { var _items: [ToolbarItem] { get } }
extension Button: ToolbarContent { public var _items: [ToolbarItem] { [ToolbarItem(placement: .automatic) { self }] } }
extension ToolbarItem: ToolbarContent { public var _items: [ToolbarItem] { [self] } }

@resultBuilder public enum ToolbarContentBuilder {
    public static func buildBlock(_ content: any ToolbarContent...) -> [ToolbarItem] { content.flatMap(\._items) }
}

// MARK: List

/// SwiftUI's list styles Holoframe draws.
public protocol ListStyle { var _kind: ListStyleKind { get } }
public struct InsetGroupedListStyle: ListStyle { public init() {}; public var _kind: ListStyleKind { .insetGrouped } }
public struct PlainListStyle: ListStyle { public init() {}; public var _kind: ListStyleKind { .plain } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() } }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { PlainListStyle() } }

/// A list's section: a header and footer text around its rows.
public struct Section<Content: View>: View, PrimitiveView {
    let header: String?, footer: String?, content: Content
    public init(_ title: String, @ViewBuilder content: () -> Content) { header = title; footer = nil; self.content = content() }
    public init(@ViewBuilder content: () -> Content) { header = nil; footer = nil; self.content = content() }
    public init(@ViewBuilder content: () -> Content, header: () -> Text, footer: () -> Text) {
        self.content = content(); self.header = header().string; self.footer = footer().string
    }
    public init(@ViewBuilder content: () -> Content, header: () -> Text) { self.content = content(); self.header = header().string; footer = nil }
    public init(@ViewBuilder content: () -> Content, footer: () -> Text) { self.content = content(); header = nil; self.footer = footer().string }
    public var body: Never { primitiveBody() }

    /// Outside a list a section is its rows.
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] { content.makeSpecs(&b) }

    func section(_ b: inout SpecBuilder) -> ListSectionSpec {
        ListSectionSpec(header: header, footer: footer, rows: listRows(content.makeSpecs(&b), &b))
    }
}

/// Views as a list's rows: a label's separator starts at its title, as the clip files' list does.
private func listRows(_ views: [ViewSpec], _ b: inout SpecBuilder) -> [ListRowSpec] {
    let leading = b.compose { $0.labelTitleLeading }
    return views.map { ListRowSpec(content: $0, textLeading: b.labelIDs.contains($0.id) ? leading : 0) }
}

/// Anything that can be a list's section (a `Section`).
protocol ListSectionView { func section(_ b: inout SpecBuilder) -> ListSectionSpec }
extension Section: ListSectionView {}

/// A scrolling list of rows in sections (its style from `.listStyle`, inset-grouped by default).
/// Its content is `Section`s, or rows (one section); rows beside sections form a first section.
public struct List<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody() }

    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let children = (content as? any TupleViewChildren)?.childViews ?? [content]
        var sections: [ListSectionSpec] = []
        var loose = ListSectionSpec(rows: [])
        for (i, child) in children.enumerated() {
            if let section = child as? any ListSectionView {
                sections.append(b.nested(i) { section.section(&$0) })
            } else {
                let rows = b.nested(i) { child.makeSpecs(&$0) }
                loose.rows += listRows(rows, &b)
            }
        }
        if !loose.rows.isEmpty { sections.insert(loose, at: 0) }
        let spec = ListSpec(style: b.environment.listStyle, sections: sections)
        let path = b.location
        return [b.compose { $0.list(spec, path: path) }]
    }
}

/// A tuple view's children, whatever its element types.
protocol TupleViewChildren { var childViews: [any View] { get } }
extension TupleView: TupleViewChildren { var childViews: [any View] { children } }

// MARK: Label and TabView

/// A symbol and a title, the symbol centred in a column so titles line up down a list.
public struct Label: View, PrimitiveView {
    let title: String, systemImage: String
    public init(_ title: String, systemImage: String) {
        precondition(Symbol.names.contains(systemImage), "Label(systemImage: \"\(systemImage)\"): Holoframe draws \(Symbol.names.joined(separator: ", "))")
        self.title = title; self.systemImage = systemImage
    }
    public var body: Never { primitiveBody() }

    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let style = (b.environment.font ?? .body).styleAndSize.0 ?? .body
        let fill = b.environment.foregroundStyle?.paint(b.environment)
        let path = b.location
        let spec = b.compose { $0.label(title, systemImage: systemImage, style: style, iconFill: fill, path: path) }
        b.labelIDs.insert(spec.id)
        return [spec]
    }
}

/// SwiftUI's `Binding`, as a clip uses it: a value fixed for the evaluation (`.constant(…)`).
public struct Binding<Value> {
    public var wrappedValue: Value
    public static func constant(_ value: Value) -> Binding<Value> { Binding(wrappedValue: value) }
}

/// Tabs with a tab bar: each top-level view of the content is a tab, with its `.tabItem { Label }`
/// and `.tag`; `selection` names the tab shown.
public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let selection: SelectionValue?
    let content: Content
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection?.wrappedValue; self.content = content()
    }
    public var body: Never { primitiveBody() }

    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let views = content.makeSpecs(&b)
        let tabs = views.enumerated().map { i, view -> TabSpec in
            guard let item = b.tabItems[view.id] else { preconditionFailure("tab \(i) of a TabView has no .tabItem { Label(…) }") }
            let id = b.tags[view.id].map { "\($0.base)" } ?? "\(i)"
            return TabSpec(id: id, title: item.title, systemImage: item.systemImage, content: view)
        }
        let selected = selection.flatMap { s in views.firstIndex { b.tags[$0.id] == AnyHashable(s) } } ?? 0
        b.driverValues["tab.selection"] = Double(selected)
        let path = b.location
        return [b.compose { $0.tabView(TabViewSpec(tabs: tabs, selection: selected), path: path) }]
    }
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) { selection = nil; self.content = content() }
}

extension View {
    public func navigationTitle(_ title: String) -> some View { modifier(.navigation { $0.title = title }) }
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        modifier(.navigation { $0.displayMode = mode.mode })
    }
    public func toolbar(@ToolbarContentBuilder content: () -> [ToolbarItem]) -> some View {
        let items = content()
        return modifier(.navigation { n in
            for item in items {
                if item.placement.leading { n.leading.append(item.button.item(item.placement)) } else { n.trailing.append(item.button.item(item.placement)) }
            }
        })
    }
    public func listStyle<S: ListStyle>(_ style: S) -> some View { modifier(.environment { $0.listStyle = style._kind }) }
    public func tabItem(_ label: () -> Label) -> some View { modifier(.tabItem(label())) }
    public func tag<V: Hashable>(_ tag: V) -> some View { modifier(.tag(AnyHashable(tag))) }
}

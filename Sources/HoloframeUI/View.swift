// Views written as SwiftUI writes them, drawn by the layout clip files use.
//
// A `View` here is what it is in SwiftUI: a value with a `body`, or one of the primitive views
// (stacks, text, shapes, modifiers) whose body is `Never`. Evaluating a view gives HoloClips'
// `ViewSpec` tree, the very tree a clip file's `vstack`/`text`/`padding` keys decode into; from
// there layout (HoloLayout) and drawing (HoloClips' ViewBuilding.swift) are the clip files' own, so
// a screen written in Swift and the same screen in JSON draw the same bytes.
//
// Names and argument labels are SwiftUI's wherever the meaning is the same; what SwiftUI has and
// this module does not is simply absent, so using it is a compile error rather than a silent
// difference. docs/layout.md, "The Swift module", lists both.

import HoloClips
import HoloGeometry

/// SwiftUI's `View`: a value whose `body` is other views. (Its metatype is sendable so a clip's
/// `@Sendable` content closure may make views of any view type.)
public protocol View: SendableMetatype {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

/// The views this module draws itself (their `body` is `Never`): each turns into view specs.
protocol PrimitiveView {
    func specs(_ b: inout SpecBuilder) -> [ViewSpec]
}

extension PrimitiveView {
    /// A primitive view's body is never asked for.
    func primitiveBody() -> Never { fatalError("\(Self.self) is a primitive view; it has no body") }
}

extension View {
    /// The view's specs: a primitive view's own, or its body's (evaluated with the environment
    /// `@Environment` reads, as SwiftUI evaluates a body).
    func makeSpecs(_ b: inout SpecBuilder) -> [ViewSpec] {
        if let primitive = self as? any PrimitiveView { return primitive.specs(&b) }
        let body = EnvironmentValues.$current.withValue(b.environment) { self.body }
        return b.nested("body") { body.makeSpecs(&$0) }
    }
}

/// SwiftUI's result builder for view content: blocks, `if`/`else`, `if let`, `switch`, optionals.
@resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(repeat each content)
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// No view (SwiftUI's `EmptyView`).
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] { [] }
}

/// Several views side by side in their container (what a `@ViewBuilder` block makes).
public struct TupleView<T>: View, PrimitiveView {
    public var value: T
    let children: [any View]

    init<each Content: View>(_ content: repeat each Content) where T == (repeat each Content) {
        value = (repeat each content)
        var children: [any View] = []
        repeat children.append(each content)
        self.children = children
    }

    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        children.enumerated().flatMap { i, child in b.nested(i) { child.makeSpecs(&$0) } }
    }
}

/// One branch of an `if`/`else` (each branch its own identity, as in SwiftUI).
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    let storage: Storage
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        switch storage {
        case .trueContent(let v): return b.nested("true") { v.makeSpecs(&$0) }
        case .falseContent(let v): return b.nested("false") { v.makeSpecs(&$0) }
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("an optional view is a primitive view; it has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        guard let view = self else { return [] }
        return b.nested("some") { view.makeSpecs(&$0) }
    }
}

/// A view of any type (SwiftUI's `AnyView`).
public struct AnyView: View, PrimitiveView {
    let view: any View
    public init<V: View>(_ view: V) { self.view = view }
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] { b.nested(String(describing: type(of: view))) { view.makeSpecs(&$0) } }
}

/// Views grouped without a container: modifiers on the group apply to each (SwiftUI's `Group`).
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] { content.makeSpecs(&b) }
}

/// Views for each element of a collection, each known by its id (SwiftUI's `ForEach`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public var data: Data
    public var content: (Data.Element) -> Content
    let id: (Data.Element) -> ID

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
        self.id = { $0[keyPath: id] }
    }

    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        data.flatMap { element in b.nested(AnyHashable(id(element))) { content(element).makeSpecs(&$0) } }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content
        self.id = { $0.id }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data; self.content = content
        self.id = { $0 }
    }
}

// Containers: SwiftUI's stacks, spacer, divider and scroll view, each the clip files' container of
// the same name.

import HoloClips
import HoloGeometry
import HoloLayout

public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment, spacing: Double?, content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] { stack(.vertical, .fraction(alignment.fraction), spacing, content, &b) }
}

public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment, spacing: Double?, content: Content
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] { stack(.horizontal, alignment.stack, spacing, content, &b) }
}

/// A stack along `axis` of `content`'s views.
private func stack<Content: View>(_ axis: Axis, _ alignment: StackAlignment, _ spacing: Double?, _ content: Content, _ b: inout SpecBuilder) -> [ViewSpec] {
    let id = b.nextID()
    return [ViewSpec(path: b.location, id: id, kind: .stack(axis, alignment: alignment, spacing: spacing.map { .constant($0) }, content.makeSpecs(&b)))]
}

public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment, content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let id = b.nextID()
        return [ViewSpec(path: b.location, id: id, kind: .zstack(alignment, content.makeSpecs(&b)))]
    }
}

/// Space that grows along its stack's axis.
public struct Spacer: View, PrimitiveView {
    let minLength: Double?
    public init(minLength: Double? = nil) { self.minLength = minLength }
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        [ViewSpec(path: b.location, id: b.nextID(), kind: .spacer(minLength: minLength.map { .constant($0) }))]
    }
}

/// A hairline in the separator colour across its stack.
public struct Divider: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] { [ViewSpec(path: b.location, id: b.nextID(), kind: .divider)] }
}

/// A vertical scroll view, its content in a vertical stack as SwiftUI stacks it (a clip file's
/// `scrollView` with `children`). It shows its content at rest: the clip's scroll does not reach
/// views built in Swift yet.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let id = b.nextID()
        let path = b.location
        let stack = ViewSpec(path: path, id: b.nextID(), kind: .stack(.vertical, alignment: 0.5, spacing: nil, content.makeSpecs(&b)))
        return [ViewSpec(path: path, id: id, kind: .scrollView(stack))]
    }
}

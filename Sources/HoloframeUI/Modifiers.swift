// View modifiers, each the clip files' modifier of the same meaning (ViewDocument.swift's
// `ViewModifierSpec`), appended in the order they are written: `.padding().background(…)` pads,
// then puts the background behind the padded view, as in SwiftUI. Environment modifiers (`.font`,
// `.foregroundStyle`, `.lineLimit`) hand their value down instead. The animatable ones (padding,
// frame, opacity, scale, rotation, offset, blur) take their numbers through `SpecBuilder.animated`,
// so an `.animation(_:value:)` above them moves them.

import HoloClips
import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

/// A view with one modifier applied (SwiftUI's `ModifiedContent`).
public struct ModifiedContent<Content: View>: View, PrimitiveView {
    let content: Content
    let modifier: Modifier
    public var body: Never { primitiveBody() }

    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        switch modifier {
        case .environment(let change):
            return b.with(change) { content.makeSpecs(&$0) }
        case .animation(let animation, let value):
            return b.animating(animation, value: value) { b in b.nested("animated") { content.makeSpecs(&$0) } }
        case .id(let id):
            return b.nested(id) { b in content.makeSpecs(&b).map { var s = $0; s.retentionID = "\(id.base)"; return s } }
        default:
            let inner = b.nested("content") { content.makeSpecs(&$0) }
            return inner.map { spec in
                var spec = spec
                modifier.apply(to: &spec, &b)
                return spec
            }
        }
    }
}

enum Modifier {
    case padding(EdgeInsets)
    case frame(ViewFrameSpec)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case background(any View, Alignment)
    /// A shape style behind the view, in `shape` (nil: the view's bounds, past the safe area as
    /// SwiftUI's `.background(_:ignoresSafeAreaEdges:)` does by default).
    case backgroundStyle(any ShapeStyle, in: (any Shape)?)
    case overlay(any View, Alignment)
    case clip(any Shape)
    case shadow(Color, radius: Double, x: Double, y: Double)
    case blur(Double)
    case opacity(Double)
    case scale(x: Double, y: Double, anchor: UnitPoint)
    case rotation(degrees: Double, anchor: UnitPoint)
    case offset(x: Double, y: Double)
    case layoutPriority(Double)
    case ignoresSafeArea
    case id(AnyHashable)
    case environment((inout EnvironmentValues) -> Void)
    case animation(HoloMotion.Animation?, value: any Equatable)
    /// A navigation title, display mode or toolbar for the navigation stack around the view.
    case navigation((inout NavigationPreferences) -> Void)
    case tabItem(Label)
    case tag(AnyHashable)

    func apply(to spec: inout ViewSpec, _ b: inout SpecBuilder) {
        func constant(_ v: Double) -> AnimatableValue { .constant(v) }
        func anchor(_ a: UnitPoint) -> UnitPointSpec? { a == .center ? nil : a.spec }
        switch self {
        case .padding(let e):
            spec.modifiers.append(.padding(top: constant(b.animated(e.top, "padding.top")), leading: constant(b.animated(e.leading, "padding.leading")),
                                           bottom: constant(b.animated(e.bottom, "padding.bottom")),
                                           trailing: constant(b.animated(e.trailing, "padding.trailing"))))
        case .frame(var f):
            // Each finite dimension animates; `.infinity` (and a dimension left out) is taken as written.
            func animate(_ v: inout AnimatableValue?, _ name: String) {
                if case .constant(let c)? = v, c.isFinite { v = constant(b.animated(c, "frame." + name)) }
            }
            animate(&f.width, "width"); animate(&f.height, "height")
            animate(&f.minWidth, "minWidth"); animate(&f.idealWidth, "idealWidth"); animate(&f.maxWidth, "maxWidth")
            animate(&f.minHeight, "minHeight"); animate(&f.idealHeight, "idealHeight"); animate(&f.maxHeight, "maxHeight")
            spec.modifiers.append(.frame(f))
        case .fixedSize(let h, let v):
            spec.modifiers.append(.fixedSize(horizontal: h, vertical: v))
        case .background(let view, let alignment):
            spec.modifiers.append(.background(Self.single(view, "background", &b), alignment))
        case .backgroundStyle(let style, let shape):
            var view = Self.styleView(style, in: shape ?? Rectangle(), &b)
            view.ignoresSafeArea = shape == nil
            spec.modifiers.append(.background(view, .center))
        case .overlay(let view, let alignment):
            spec.modifiers.append(.overlay(Self.single(view, "overlay", &b), alignment))
        case .clip(let shape):
            spec.modifiers.append(.clip(shape._viewShape))
        case .shadow(let color, let radius, let x, let y):
            spec.modifiers.append(.shadow(ShadowSpec(color: .constant(color.resolved(b.environment)), radius: constant(radius),
                                                     offset: AnimatablePoint(x: constant(x), y: constant(y)))))
        case .blur(let r):
            spec.modifiers.append(.blur(constant(b.animated(r, "blur"))))
        case .opacity(let o):
            spec.modifiers.append(.opacity(constant(b.animated(o, "opacity"))))
        case .scale(let x, let y, let a):
            spec.modifiers.append(.scale(AnimatablePoint(x: constant(b.animated(x, "scale.x")), y: constant(b.animated(y, "scale.y"))), anchor: anchor(a)))
        case .rotation(let degrees, let a):
            spec.modifiers.append(.rotation(constant(b.animated(degrees, "rotation")), anchor: anchor(a)))
        case .offset(let x, let y):
            spec.modifiers.append(.offset(AnimatablePoint(x: constant(b.animated(x, "offset.x")), y: constant(b.animated(y, "offset.y")))))
        case .layoutPriority(let p):
            spec.layoutPriority = p
        case .ignoresSafeArea:
            spec.ignoresSafeArea = true
        case .navigation(let change):
            change(&b.navigation)
        case .tabItem(let label):
            b.tabItems[spec.id] = (label.title, label.systemImage)
        case .tag(let tag):
            b.tags[spec.id] = tag
        case .id, .environment, .animation:
            break  // ModifiedContent.specs handles these around the content
        }
    }

    /// A background or overlay: one view (several are stacked in a ZStack, as SwiftUI does).
    static func single(_ view: any View, _ role: String, _ b: inout SpecBuilder) -> ViewSpec {
        let specs = b.nested(role) { view.makeSpecs(&$0) }
        if specs.count == 1 { return specs[0] }
        return ViewSpec(path: b.location, id: b.nextID(), kind: .zstack(.center, specs))
    }

    /// A shape filled with a style (a material is a material view in the shape).
    static func styleView(_ style: any ShapeStyle, in shape: any Shape, _ b: inout SpecBuilder) -> ViewSpec {
        let kind: ViewKind
        switch style._paint(in: b.environment) {
        case .paint(let paint): kind = .shape(shape._viewShape, fill: paint, stroke: nil)
        case .material(let material): kind = .material(shape._viewShape, material, b.environment.colorScheme)
        }
        return ViewSpec(path: b.location, id: b.nextID(), kind: kind)
    }
}

extension View {
    func modifier(_ m: Modifier) -> ModifiedContent<Self> { ModifiedContent(content: self, modifier: m) }

    // MARK: Layout

    public func padding(_ length: Double) -> some View { padding(.all, length) }
    public func padding(_ insets: EdgeInsets) -> some View { modifier(.padding(insets)) }
    /// `length` on the edges in `edges`; nil is iOS's default padding, 16 points (`.padding()`).
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
        let l = length ?? 16
        return modifier(.padding(EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                            bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0)))
    }

    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        modifier(.frame(ViewFrameSpec(width: width.map { .constant($0) }, height: height.map { .constant($0) }, alignment: alignment)))
    }

    public func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
                      idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) -> some View {
        func v(_ x: Double?) -> AnimatableValue? { x.map { .constant($0) } }
        return modifier(.frame(ViewFrameSpec(minWidth: v(minWidth), idealWidth: v(idealWidth), maxWidth: v(maxWidth), minHeight: v(minHeight),
                                             idealHeight: v(idealHeight), maxHeight: v(maxHeight), alignment: alignment)))
    }

    public func fixedSize() -> some View { modifier(.fixedSize(horizontal: true, vertical: true)) }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { modifier(.fixedSize(horizontal: horizontal, vertical: vertical)) }
    public func layoutPriority(_ value: Double) -> some View { modifier(.layoutPriority(value)) }
    /// Extends the view past the safe area on the sides where it reaches it (all regions, all edges).
    public func ignoresSafeArea() -> some View { modifier(.ignoresSafeArea) }
    /// The view's identity: its state (animations in flight) and its retained layer follow `id`.
    public func id<ID: Hashable>(_ id: ID) -> some View { modifier(.id(AnyHashable(id))) }

    // MARK: Backgrounds and overlays

    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(.background(content(), alignment))
    }
    /// A style behind the view, extending past the safe area where the view reaches it.
    public func background<S: ShapeStyle>(_ style: S) -> some View { modifier(.backgroundStyle(style, in: nil)) }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View { modifier(.backgroundStyle(style, in: shape)) }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(.overlay(content(), alignment))
    }

    // MARK: Drawing

    public func clipShape<S: Shape>(_ shape: S) -> some View { modifier(.clip(shape)) }
    public func clipped() -> some View { modifier(.clip(Rectangle())) }
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0) -> some View {
        modifier(.shadow(color, radius: radius, x: x, y: y))
    }
    public func blur(radius: Double) -> some View { modifier(.blur(radius)) }
    public func opacity(_ opacity: Double) -> some View { modifier(.opacity(opacity)) }
    public func scaleEffect(_ s: Double, anchor: UnitPoint = .center) -> some View { modifier(.scale(x: s, y: s, anchor: anchor)) }
    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View { modifier(.scale(x: x, y: y, anchor: anchor)) }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { modifier(.rotation(degrees: angle.degrees, anchor: anchor)) }
    public func offset(x: Double = 0, y: Double = 0) -> some View { modifier(.offset(x: x, y: y)) }

    // MARK: Environment

    public func font(_ font: Font?) -> some View { modifier(.environment { $0.font = font }) }
    public func fontWeight(_ weight: Font.Weight?) -> some View { modifier(.environment { $0.fontWeight = weight }) }
    public func bold(_ isActive: Bool = true) -> some View { modifier(.environment { $0.fontWeight = isActive ? .bold : nil }) }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { modifier(.environment { $0.foregroundStyle = AnyShapeStyle(style: style) }) }
    public func lineLimit(_ number: Int?) -> some View { modifier(.environment { $0.lineLimit = number }) }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { modifier(.environment { $0.multilineTextAlignment = alignment }) }

    // MARK: Animation

    /// Animates the changes under this view with `animation` when `value` changed since the
    /// previous evaluation (nil: changes jump even under an outer animation).
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        modifier(.animation(animation?.motion, value: value))
    }
}

/// SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top, leading, bottom, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

/// SwiftUI's `Edge` and `Edge.Set`.
public enum Edge: Int8, Hashable, Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
        public static let top = Set(.top), leading = Set(.leading), bottom = Set(.bottom), trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing], vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// SwiftUI's `Angle`.
public struct Angle: Hashable, Sendable {
    /// Kept in degrees, the unit the drawing takes, so `.degrees(45)` reaches it unrounded.
    public var degrees: Double
    public var radians: Double { degrees * .pi / 180 }
    public init(radians: Double) { degrees = radians * 180 / .pi }
    public init(degrees: Double) { self.degrees = degrees }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static let zero = Angle(radians: 0)
}

/// SwiftUI's alignments: `Alignment` is layout's (its nine named values), with SwiftUI's
/// per-axis `HorizontalAlignment` and `VerticalAlignment` for stacks.
public typealias Alignment = HoloLayout.Alignment

public struct HorizontalAlignment: Hashable, Sendable {
    let fraction: Double
    public static let leading = HorizontalAlignment(fraction: 0), center = HorizontalAlignment(fraction: 0.5)
    public static let trailing = HorizontalAlignment(fraction: 1)
}

public struct VerticalAlignment: Hashable, Sendable {
    /// How an HStack aligns its children.
    let stack: StackAlignment
    /// Where a frame, a ZStack or an overlay puts its content: a text baseline is taken as the bottom
    /// edge there (only an HStack aligns text baselines; docs/layout.md lists the difference).
    var fraction: Double { if case .fraction(let f) = stack { f } else { 1 } }
    public static let top = VerticalAlignment(stack: 0), center = VerticalAlignment(stack: 0.5)
    public static let bottom = VerticalAlignment(stack: 1)
    /// An HStack's children on their first lines' baselines (a view without text: its bottom edge).
    public static let firstTextBaseline = VerticalAlignment(stack: .firstTextBaseline)
    /// An HStack's children on their last lines' baselines.
    public static let lastTextBaseline = VerticalAlignment(stack: .lastTextBaseline)
}

extension HoloLayout.Alignment {
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.init(horizontal: horizontal.fraction, vertical: vertical.fraction)
    }
}

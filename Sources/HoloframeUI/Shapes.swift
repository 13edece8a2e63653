// SwiftUI's shapes: as views they fill what they are offered with the foreground style; `.fill`
// and `.stroke` paint them; as arguments they shape clips and backgrounds.

import HoloClips
import HoloScene

/// A shape (SwiftUI's `Shape`). The five built-in shapes are the ones clip files draw; a shape of
/// your own (`path(in:)`) is not drawn by this module.
public protocol Shape: View, Sendable {
    /// The clip files' shape this is.
    var _viewShape: ViewShape { get }
}

extension Shape {
    public var body: some View { _ShapeView(shape: self, fill: nil, stroke: nil) }

    public func fill<S: ShapeStyle>(_ content: S) -> some View { _ShapeView(shape: self, fill: content, stroke: nil) }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> some View {
        _ShapeView(shape: self, fill: nil, stroke: (content, lineWidth))
    }
}

/// A shape drawn with a fill or a stroke (unpainted: filled with the foreground style).
public struct _ShapeView<S: Shape>: View, PrimitiveView {
    let shape: S
    let fill: (any ShapeStyle)?
    let stroke: (style: any ShapeStyle, width: Double)?
    public var body: Never { primitiveBody() }

    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let env = b.environment
        if let fill, case .material(let kind) = fill._paint(in: env) {
            return [ViewSpec(path: b.location, id: b.nextID(), kind: .material(shape._viewShape, kind, env.colorScheme))]
        }
        let paint = fill.flatMap { AnyShapeStyle(style: $0).paint(env) }
        let strokeSpec = stroke.flatMap { s in AnyShapeStyle(style: s.style).paint(env).map { StrokeSpec(paint: $0, width: .constant(s.width)) } }
        // SwiftUI fills an unpainted shape with the foreground style (label unless told otherwise).
        let fallback = paint == nil && strokeSpec == nil ? env.foregroundPaint : nil
        return [ViewSpec(path: b.location, id: b.nextID(), kind: .shape(shape._viewShape, fill: paint ?? fallback, stroke: strokeSpec))]
    }
}

extension Color {
    func _paintSpec(_ env: EnvironmentValues) -> ViewPaint { .solid(.constant(resolved(env))) }
}

public struct Rectangle: Shape {
    public init() {}
    public var _viewShape: ViewShape { .rect }
}

/// SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
    case circular, continuous
    var cornerStyle: CornerStyle { self == .circular ? .circular : .continuous }
}

public struct RoundedRectangle: Shape {
    public var cornerRadius: Double
    public var style: RoundedCornerStyle
    /// SwiftUI's default corners are circular; iOS's own cards use `.continuous`.
    public init(cornerRadius: Double, style: RoundedCornerStyle = .circular) { self.cornerRadius = cornerRadius; self.style = style }
    public var _viewShape: ViewShape { .roundedRect(cornerRadius: .constant(cornerRadius), style: style.cornerStyle) }
}

public struct Capsule: Shape {
    public init() {}
    public var _viewShape: ViewShape { .capsule }
}

/// The largest circle inscribed in the frame, centred.
public struct Circle: Shape {
    public init() {}
    public var _viewShape: ViewShape { .circle }
}

public struct Ellipse: Shape {
    public init() {}
    public var _viewShape: ViewShape { .ellipse }
}

extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: Double, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}

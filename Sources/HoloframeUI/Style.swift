// Colours and shape styles (SwiftUI's `Color`, `ShapeStyle`, `LinearGradient`, materials, and the
// hierarchical `.primary` / `.secondary` styles). A colour named for the system (`.red`,
// `.secondary`, `Color.secondarySystemGroupedBackground`) resolves for the environment's colour
// scheme and contrast when the view is evaluated, from the same table clip files name colours from
// (HoloGeometry's SystemColors.swift).

import HoloClips
import HoloGeometry
import HoloScene

/// What fills a shape or colours text: a colour, a gradient, a hierarchical style or a material.
public protocol ShapeStyle: Sendable {
    /// The style as a clip file's paint, resolved in `environment`.
    func _paint(in environment: EnvironmentValues) -> ShapeStyleResolution
}

/// A resolved shape style: a paint, or a material (which is a view of its own in the document).
public enum ShapeStyleResolution: Sendable {
    case paint(ViewPaint)
    case material(MaterialKind)
}

struct AnyShapeStyle: Sendable {
    let style: any ShapeStyle
    func paint(_ env: EnvironmentValues) -> ViewPaint? {
        if case .paint(let p) = style._paint(in: env) { return p }
        return nil
    }
}

public struct Color: ShapeStyle, View, PrimitiveView, Hashable {
    enum Storage: Hashable, Sendable {
        /// A SwiftUI or UIKit name (`red`, `secondarySystemGroupedBackground`).
        case named(String)
        case fixed(HoloGeometry.Color)
    }
    let storage: Storage
    var opacityFactor = 1.0

    init(named name: String) { storage = .named(name) }

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        storage = .fixed(HoloGeometry.Color(red: red, green: green, blue: blue, alpha: opacity))
    }
    public init(white: Double, opacity: Double = 1) {
        storage = .fixed(HoloGeometry.Color(red: white, green: white, blue: white, alpha: opacity))
    }

    /// The colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        var c = self
        c.opacityFactor *= opacity
        return c
    }

    /// The colour in `environment`.
    func resolved(_ environment: EnvironmentValues) -> HoloGeometry.Color {
        var c: HoloGeometry.Color
        switch storage {
        case .fixed(let fixed): c = fixed
        case .named(let name):
            guard let named = HoloGeometry.Color.named(name, scheme: environment.colorScheme,
                                                      increasedContrast: environment.colorSchemeContrast == .increased) else {
                preconditionFailure("no system colour \"\(name)\"")
            }
            c = named
        }
        if opacityFactor != 1 { c.alpha *= opacityFactor }
        return c
    }

    public func _paint(in environment: EnvironmentValues) -> ShapeStyleResolution { .paint(.solid(.constant(resolved(environment)))) }

    public var body: Never { primitiveBody() }
    /// A colour as a view: a rectangle of it that fills what it is offered.
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        [ViewSpec(path: b.location, id: b.nextID(), kind: .shape(.rect, fill: .solid(.constant(resolved(b.environment))), stroke: nil))]
    }

    // SwiftUI's colours.
    public static let red = Color(named: "red"), orange = Color(named: "orange"), yellow = Color(named: "yellow")
    public static let green = Color(named: "green"), mint = Color(named: "mint"), teal = Color(named: "teal")
    public static let cyan = Color(named: "cyan"), blue = Color(named: "blue"), indigo = Color(named: "indigo")
    public static let purple = Color(named: "purple"), pink = Color(named: "pink"), brown = Color(named: "brown")
    public static let gray = Color(named: "gray"), black = Color(named: "black"), white = Color(named: "white")
    public static let clear = Color(named: "clear"), primary = Color(named: "primary"), secondary = Color(named: "secondary")
    // UIKit's semantic colours (SwiftUI writes `Color(.secondarySystemGroupedBackground)`).
    public static let label = Color(named: "label"), secondaryLabel = Color(named: "secondaryLabel")
    public static let tertiaryLabel = Color(named: "tertiaryLabel"), quaternaryLabel = Color(named: "quaternaryLabel")
    public static let separator = Color(named: "separator"), opaqueSeparator = Color(named: "opaqueSeparator")
    public static let systemBackground = Color(named: "systemBackground")
    public static let secondarySystemBackground = Color(named: "secondarySystemBackground")
    public static let tertiarySystemBackground = Color(named: "tertiarySystemBackground")
    public static let systemGroupedBackground = Color(named: "systemGroupedBackground")
    public static let secondarySystemGroupedBackground = Color(named: "secondarySystemGroupedBackground")
    public static let tertiarySystemGroupedBackground = Color(named: "tertiarySystemGroupedBackground")
    public static let systemFill = Color(named: "systemFill"), secondarySystemFill = Color(named: "secondarySystemFill")
    public static let systemGray2 = Color(named: "systemGray2"), systemGray3 = Color(named: "systemGray3")
    public static let systemGray4 = Color(named: "systemGray4"), systemGray5 = Color(named: "systemGray5")
    public static let systemGray6 = Color(named: "systemGray6")
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color(named: "red") }
    public static var orange: Color { Color(named: "orange") }
    public static var yellow: Color { Color(named: "yellow") }
    public static var green: Color { Color(named: "green") }
    public static var mint: Color { Color(named: "mint") }
    public static var teal: Color { Color(named: "teal") }
    public static var cyan: Color { Color(named: "cyan") }
    public static var blue: Color { Color(named: "blue") }
    public static var indigo: Color { Color(named: "indigo") }
    public static var purple: Color { Color(named: "purple") }
    public static var pink: Color { Color(named: "pink") }
    public static var brown: Color { Color(named: "brown") }
    public static var gray: Color { Color(named: "gray") }
    public static var black: Color { Color(named: "black") }
    public static var white: Color { Color(named: "white") }
    public static var clear: Color { Color(named: "clear") }
}

/// SwiftUI's `.primary`, `.secondary`, `.tertiary`, `.quaternary` foreground styles: iOS's label
/// colours.
public struct HierarchicalShapeStyle: ShapeStyle {
    let name: String
    public static let primary = HierarchicalShapeStyle(name: "label")
    public static let secondary = HierarchicalShapeStyle(name: "secondaryLabel")
    public static let tertiary = HierarchicalShapeStyle(name: "tertiaryLabel")
    public static let quaternary = HierarchicalShapeStyle(name: "quaternaryLabel")
    public func _paint(in environment: EnvironmentValues) -> ShapeStyleResolution { Color(named: name)._paint(in: environment) }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(name: "label") }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(name: "secondaryLabel") }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(name: "tertiaryLabel") }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(name: "quaternaryLabel") }
}

/// SwiftUI's materials, as shape styles (`.background(.regularMaterial)`).
public struct Material: ShapeStyle {
    let kind: MaterialKind
    public static let ultraThinMaterial = Material(kind: .ultraThin)
    public static let thinMaterial = Material(kind: .thin)
    public static let regularMaterial = Material(kind: .regular)
    public static let thickMaterial = Material(kind: .thick)
    public func _paint(in environment: EnvironmentValues) -> ShapeStyleResolution { .material(kind) }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { Material(kind: .ultraThin) }
    public static var thinMaterial: Material { Material(kind: .thin) }
    public static var regularMaterial: Material { Material(kind: .regular) }
    public static var thickMaterial: Material { Material(kind: .thick) }
}

/// SwiftUI's `UnitPoint`: a point in a view's frame, 0…1 on each axis.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = UnitPoint(x: 0, y: 0), center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0), topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1), bottomTrailing = UnitPoint(x: 1, y: 1)

    var spec: UnitPointSpec { UnitPointSpec(x: .constant(x), y: .constant(y)) }
    var point: AnimatablePoint { AnimatablePoint(x: .constant(x), y: .constant(y)) }
}

/// SwiftUI's `Gradient`: colours spread evenly, or stops at locations.
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: Double
        public init(color: Color, location: Double) { self.color = color; self.location = location }
    }
    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    /// Colours spread evenly from 0 to 1 (as a clip file's list of colours).
    public init(colors: [Color]) {
        stops = colors.enumerated().map { Stop(color: $1, location: colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0) }
    }
}

public struct LinearGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient
    let startPoint: UnitPoint, endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    public func _paint(in environment: EnvironmentValues) -> ShapeStyleResolution {
        .paint(.linearGradient(stops: gradient.stops.map {
            GradientStopSpec(color: .constant($0.color.resolved(environment)), location: .constant($0.location))
        }, start: startPoint.point, end: endPoint.point))
    }
    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] { Rectangle().fill(self).makeSpecs(&b) }
}

// Text, fonts and symbols. A text style (`.font(.headline)`) follows the clip's Dynamic Type size
// with iOS's sizes and leading (HoloMotion's DynamicType.swift), as a clip file's `"font":
// "headline"` does; `.system(size:weight:)` stays at its size, as in SwiftUI.

import HoloClips
import HoloMotion
import HoloScene

/// SwiftUI's `Font`: a text style or a fixed system size, with an optional weight.
public struct Font: Hashable, Sendable {
    enum Size: Hashable, Sendable { case style(TextStyle), points(Double) }
    let size: Size
    var weight: Weight?

    public static let largeTitle = Font(size: .style(.largeTitle))
    public static let title = Font(size: .style(.title1))
    public static let title2 = Font(size: .style(.title2))
    public static let title3 = Font(size: .style(.title3))
    public static let headline = Font(size: .style(.headline))
    public static let subheadline = Font(size: .style(.subheadline))
    public static let body = Font(size: .style(.body))
    public static let callout = Font(size: .style(.callout))
    public static let footnote = Font(size: .style(.footnote))
    public static let caption = Font(size: .style(.caption1))
    public static let caption2 = Font(size: .style(.caption2))

    /// The system font at `size` points, which Dynamic Type does not scale.
    public static func system(size: Double, weight: Weight? = nil) -> Font { Font(size: .points(size), weight: weight) }

    public func weight(_ weight: Weight) -> Font {
        var f = self
        f.weight = weight
        return f
    }
    public func bold() -> Font { weight(.bold) }

    /// A clip file's `font` (a text style) or `fontSize` (fixed points).
    var styleAndSize: (TextStyle?, AnimatableValue?) {
        switch size {
        case .style(let s): return (s, nil)
        case .points(let p): return (nil, .constant(p))
        }
    }

    /// The weights the bundled Inter cuts draw (SwiftUI's lighter and heavier weights are not drawn).
    public struct Weight: Hashable, Sendable {
        let fontWeight: FontWeight
        public static let regular = Weight(fontWeight: .regular), medium = Weight(fontWeight: .medium)
        public static let semibold = Weight(fontWeight: .semibold), bold = Weight(fontWeight: .bold)
        var symbolWeight: SymbolWeight { SymbolWeight(rawValue: fontWeight.rawValue) ?? .regular }
    }
}

public struct Text: View, PrimitiveView {
    let string: String
    var font: Font?
    var weight: Font.Weight?
    var color: Color?

    public init<S: StringProtocol>(_ content: S) { string = String(content) }
    public init(verbatim content: String) { string = content }

    public func font(_ font: Font?) -> Text { var t = self; t.font = font; return t }
    public func fontWeight(_ weight: Font.Weight?) -> Text { var t = self; t.weight = weight; return t }
    public func bold() -> Text { fontWeight(.bold) }
    public func foregroundColor(_ color: Color?) -> Text { var t = self; t.color = color; return t }

    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let env = b.environment
        let font = self.font ?? env.font ?? .body
        let (style, size) = font.styleAndSize
        let fill = color.map { $0._paintSpec(env) } ?? env.foregroundPaint
        let text = ViewTextSpec(string: string, style: style, fontSize: size, weight: (weight ?? font.weight ?? env.fontWeight)?.fontWeight,
                                fill: fill, lineLimit: env.lineLimit, alignment: env.multilineTextAlignment)
        return [ViewSpec(path: b.location, id: b.nextID(), kind: .text(text))]
    }
}

/// SwiftUI's `Image(systemName:)`: the SF Symbols Holoframe draws (HoloScene's `Symbol.names`),
/// sized and weighted by the font, painted with the foreground style.
public struct Image: View, PrimitiveView {
    let systemName: String

    /// A symbol by name; a name Holoframe does not draw stops with the list of those it does.
    public init(systemName: String) {
        precondition(Symbol.names.contains(systemName),
                     "Image(systemName: \"\(systemName)\"): Holoframe draws \(Symbol.names.sorted().joined(separator: ", "))")
        self.systemName = systemName
    }

    public var body: Never { primitiveBody() }
    func specs(_ b: inout SpecBuilder) -> [ViewSpec] {
        let env = b.environment
        let font = env.font ?? .body
        let (style, size) = font.styleAndSize
        let symbol = ViewSymbolSpec(name: systemName, style: style, size: size, weight: (font.weight ?? env.fontWeight)?.symbolWeight,
                                    fill: env.foregroundPaint)
        return [ViewSpec(path: b.location, id: b.nextID(), kind: .symbol(symbol))]
    }
}

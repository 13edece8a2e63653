// The environment a view reads (SwiftUI's `EnvironmentValues` and `@Environment`): the clip's
// colour scheme and Dynamic Type size, the device's scale, and what modifiers such as `.font` and
// `.foregroundStyle` hand down to the views under them.

import HoloClips
import HoloDevices
import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

public struct EnvironmentValues: Sendable {
    public var colorScheme: ColorScheme = .light
    public var dynamicTypeSize: DynamicTypeSize = .large
    /// SwiftUI's `colorSchemeContrast == .increased` (Increase Contrast).
    public var colorSchemeContrast: ColorSchemeContrast = .standard
    public var displayScale: Double = 3
    public var font: Font?
    public var lineLimit: Int?
    public var multilineTextAlignment: TextAlignment = .leading
    /// `.fontWeight` / `.bold()` on a container.
    var fontWeight: Font.Weight?
    /// `.foregroundStyle`: the paint of text, symbols and unfilled shapes.
    var foregroundStyle: AnyShapeStyle?
    /// `.listStyle`.
    var listStyle: ListStyleKind = .insetGrouped
    /// The screen's width in points (components widen their margins on wide phones).
    var screenWidth: Double = 390

    public init() {}

    /// The environment a body is evaluated in (read by `@Environment`).
    @TaskLocal static var current = EnvironmentValues()

    /// The paint of text, symbols and unpainted shapes: the foreground style, else `label` in
    /// this environment's colour scheme (written out, so `.environment(\.colorScheme, .dark)` on a
    /// part of the screen reaches it; drawing would otherwise take the clip's `label`).
    var foregroundPaint: ViewPaint { foregroundStyle?.paint(self) ?? Color.label._paintSpec(self) }

    /// The clip's `ViewEnvironment` as layout and drawing read it.
    func viewEnvironment(_ device: Device) -> ViewEnvironment {
        ViewEnvironment(layout: LayoutEnvironment(screen: device.size, safeArea: device.screen.safeArea, displayScale: device.scale),
                        dynamicTypeSize: dynamicTypeSize, colorScheme: colorScheme, increasedContrast: colorSchemeContrast == .increased)
    }
}

public enum ColorSchemeContrast: Hashable, Sendable { case standard, increased }

/// SwiftUI's `@Environment(\.colorScheme) var colorScheme`: a value of the environment the body is
/// evaluated in.
@propertyWrapper public struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

extension View {
    /// Sets an environment value for this view and the views under it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(.environment { $0[keyPath: keyPath] = value })
    }
}

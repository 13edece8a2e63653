// What a flowing header is configured with (seeds/001: `displays`, `layout`, `snappingBehavior`, the
// accessory closure), and how a clip file's `variant` object maps onto it. Unknown keys and values are
// errors naming them: a typo must not silently fall back to the default.

import Foundation
import HoloMotion

/// Which header parts flow into the navigation bar (seed: `displays: [.title, .accessory]`).
public enum FlowingComponent: String, Hashable, Sendable, CaseIterable, Encodable {
    case title, accessory
}

/// Where a flowing accessory sits in the nav bar (seed: "Accessory Layout").
public enum FlowingAccessoryLayout: String, Hashable, Sendable, CaseIterable, Encodable {
    /// Side by side with the title (HStack).
    case horizontal
    /// Stacked above the title (VStack(spacing: 2)).
    case vertical
}

/// What happens when scrolling stops mid-transition (seed: "Snapping Behavior").
public enum FlowingSnapping: String, Hashable, Sendable, CaseIterable, Encodable {
    case directional, nearest, none
}

/// The header's accessory view. `person` is SF Symbols' person.circle drawn from shapes, 64 pt, blue
/// (seed: "Custom View with Layout Control"); `none` is a text-only header.
public enum FlowingAccessory: String, Hashable, Sendable, CaseIterable, Encodable {
    case person, none
}

public struct FlowingConfiguration: Hashable, Sendable {
    public var title: String
    public var subtitle: String
    public var displays: Set<FlowingComponent>
    public var layout: FlowingAccessoryLayout
    public var snapping: FlowingSnapping
    public var accessory: FlowingAccessory

    public init(title: String = "Settings", subtitle: String = "Manage your preferences",
                displays: Set<FlowingComponent> = [.title, .accessory], layout: FlowingAccessoryLayout = .horizontal,
                snapping: FlowingSnapping = .directional, accessory: FlowingAccessory = .person) {
        self.title = title; self.subtitle = subtitle; self.displays = displays
        self.layout = layout; self.snapping = snapping; self.accessory = accessory
    }

    public var hasAccessory: Bool { accessory != .none }
    /// The accessory flows only when it is asked to and exists (Portal: both anchors present).
    public var accessoryFlows: Bool { hasAccessory && displays.contains(.accessory) }
    public var titleFlows: Bool { displays.contains(.title) }

    /// Where the transition starts, in points of scroll offset (REFERENCE):
    ///   start = h/3 when the accessory flows, h when there is one that stays, else 5.
    public var startOffset: Double {
        if accessoryFlows { return FlowingTokens.accessorySize / FlowingTokens.accessoryStartDivisor }
        return hasAccessory ? FlowingTokens.accessorySize : FlowingTokens.fallbackStartOffset
    }
}

public struct FlowingVariantError: Error, Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var reason: String
    public var description: String { "variant.\(key): \(reason)" }
}

extension FlowingConfiguration {
    public static let variantKeys = ["layout", "displays", "snapping", "accessory"]

    /// Applies a clip file's variant: {"layout": "horizontal"|"vertical", "displays": "title" |
    /// "title,accessory" (any order, comma separated), "snapping": "directional"|"nearest"|"none",
    /// "accessory": "person"|"none"}.
    public mutating func apply(variant: [String: VariantValue]) throws(FlowingVariantError) {
        for key in variant.keys.sorted() where !Self.variantKeys.contains(key) {
            throw FlowingVariantError(key: key, reason: "unknown key \"\(key)\" (flowing knows \(Self.variantKeys.joined(separator: ", ")))")
        }
        if let v = variant["layout"] { layout = try Self.choice(v, key: "layout") }
        if let v = variant["snapping"] { snapping = try Self.choice(v, key: "snapping") }
        if let v = variant["accessory"] { accessory = try Self.choice(v, key: "accessory") }
        if let v = variant["displays"] {
            guard case .string(let s) = v else { throw FlowingVariantError(key: "displays", reason: "must be a string such as \"title,accessory\"") }
            var set: Set<FlowingComponent> = []
            for part in s.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard let c = FlowingComponent(rawValue: name) else {
                    throw FlowingVariantError(key: "displays", reason: "unknown component \"\(name)\" (use title, accessory)")
                }
                set.insert(c)
            }
            displays = set
        }
    }

    static func choice<E: RawRepresentable & CaseIterable>(_ v: VariantValue, key: String) throws(FlowingVariantError) -> E
    where E.RawValue == String {
        let options = E.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let s) = v else { throw FlowingVariantError(key: key, reason: "must be a string: one of \(options)") }
        guard let e = E(rawValue: s) else { throw FlowingVariantError(key: key, reason: "unknown value \"\(s)\" (use \(options))") }
        return e
    }
}

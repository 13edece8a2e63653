// What a flowing header is configured with (docs/designs.md, Flowing header: `displays`, `layout`,
// `snappingBehavior`, the accessory closure), and how a clip file's `variant` object maps onto it.
// Unknown keys and values are errors naming them: a typo must not silently fall back to the
// default.

import Foundation
import HoloMotion

/// Which header parts flow into the navigation bar (design: `displays: [.title, .accessory]`).
public enum FlowingComponent: String, Hashable, Sendable, CaseIterable, Encodable {
    case title, accessory
}

/// Where a flowing accessory sits in the nav bar (design: "Accessory Layout").
public enum FlowingAccessoryLayout: String, Hashable, Sendable, CaseIterable, Encodable {
    /// Side by side with the title (HStack).
    case horizontal
    /// Stacked above the title (VStack(spacing: 2)).
    case vertical
}

/// What happens when scrolling stops mid-transition (design: "Snapping Behavior").
public enum FlowingSnapping: String, Hashable, Sendable, CaseIterable, Encodable {
    case directional, nearest, none
}

/// The header's accessory view. `person` is SF Symbols' person.circle drawn from shapes, 64 pt, blue
/// (design: "Custom View with Layout Control"); `none` is a text-only header.
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

    /// Where the transition starts, in points of scroll offset (docs/designs.md, Flowing header):
    ///   start = h/3 when the accessory flows, h when there is one that stays, else 5.
    public var startOffset: Double {
        if accessoryFlows { return FlowingTokens.accessorySize / FlowingTokens.accessoryStartDivisor }
        return hasAccessory ? FlowingTokens.accessorySize : FlowingTokens.fallbackStartOffset
    }
}

extension FlowingConfiguration {
    public static let variantKeys = ["layout", "displays", "snapping", "accessory"]

    /// Applies a clip file's variant: {"layout": "horizontal"|"vertical", "displays": "title" |
    /// "title,accessory" (any order, comma separated), "snapping": "directional"|"nearest"|"none",
    /// "accessory": "person"|"none"}. `clip` names the design in errors.
    public mutating func apply(variant: [String: VariantValue], clip: String = "flowing") throws(ClipInputError) {
        let v = try ClipVariant(variant, clip: clip, keys: Self.variantKeys)
        if let e = try v.choice("layout", as: FlowingAccessoryLayout.self) { layout = e }
        if let e = try v.choice("snapping", as: FlowingSnapping.self) { snapping = e }
        if let e = try v.choice("accessory", as: FlowingAccessory.self) { accessory = e }
        if let set = try v.list("displays", as: FlowingComponent.self) { displays = set }
    }
}

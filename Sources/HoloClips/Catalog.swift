// The built-in clips: each a design with default inputs, as `holoframe list` shows them.

import HoloMotion

public struct BuiltInClip: Sendable {
    public let name: String
    /// One line for `holoframe list`.
    public let summary: String
    /// The clip's default inputs: scripted scroll, tilt, environment, duration.
    public let defaults: @Sendable () -> ClipSpec
    /// Builds the clip for a spec whose `design` is this clip (defaults or a user's clip file).
    public let make: @Sendable (ClipSpec) throws -> Clip

    public init(name: String, summary: String, defaults: @escaping @Sendable () -> ClipSpec,
                make: @escaping @Sendable (ClipSpec) throws -> Clip) {
        self.name = name; self.summary = summary; self.defaults = defaults; self.make = make
    }
}

public enum ClipCatalog {
    /// In `holoframe list` order: the demo, then the designs in docs/designs.md's order (titles,
    /// flowing header, the finance app (hero, celebration, parallax, gradients), waveform, reveal).
    public static let all: [BuiltInClip] = [DemoCards.builtIn] + Titles.builtIns + [
        FlowingHeaderClip.flowing,
        FlowingHeaderClip.titleOnly,
        FlowingHeaderClip.vertical,
        FlowingHeaderClip.nearest,
        FlowingHeaderClip.noSnapping,
        HeroTransition.builtIn,
        GoalCelebration.builtIn,
        GoalCelebration.minimalBuiltIn,
        GoalCelebration.joyfulBuiltIn,
        ParallaxScroll.builtIn,
        CardGradients.builtIn,
        Waveform.builtIn,
        Waveform.darkBuiltIn,
        Waveform.tabReselectBuiltIn,
        Reveal.builtIn,
        Reveal.chevronBuiltIn,
    ]

    public static func named(_ name: String) -> BuiltInClip? { all.first { $0.name == name } }

    /// The clip a spec describes, by its `design` name.
    public static func clip(for spec: ClipSpec) throws -> Clip {
        guard let builtIn = named(spec.design) else { throw UnknownClipError(name: spec.design) }
        return try builtIn.make(spec)
    }
}

public struct UnknownClipError: Error, CustomStringConvertible {
    public let name: String
    public init(name: String) { self.name = name }
    public var description: String {
        "unknown clip '\(name)': the built-in clips are \(ClipCatalog.all.map(\.name).joined(separator: ", ")) " +
        "(see `holoframe list`), or give the path of a clip file ending in .json"
    }
}

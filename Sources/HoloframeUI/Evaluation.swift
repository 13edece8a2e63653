// One evaluation of a view tree: the environment in effect, the identity of the view being
// evaluated (its structural path, as SwiftUI identifies views: position in its parent, the branch
// of an `if`, a `ForEach` element's id, `.id`), and the animation state kept between evaluations.
//
// Implicit animation (`.animation(_:value:)`) as SwiftUI does it: when `value` differs from the
// previous evaluation's, every animatable modifier under it that gets a new number moves there with
// the animation, through HoloMotion's `AnimatedValue` (a spring keeps the running position and
// velocity; a timing curve starts from the running position); otherwise the new number is taken at
// once. State is keyed by identity, so a view that keeps its place keeps its motion.

import HoloClips
import HoloMotion

/// Animated numbers and watched values, kept from one evaluation to the next.
final class AnimationStore {
    var values: [[AnyHashable]: AnimatedValue<Double>] = [:]
    var watched: [[AnyHashable]: any Equatable] = [:]
}

struct SpecBuilder {
    var environment: EnvironmentValues
    /// The time of this evaluation, seconds.
    let time: Double
    let store: AnimationStore
    /// Identity of the view being evaluated.
    var path: [AnyHashable] = []
    /// The animation changes take here: set by an `.animation(_:value:)` whose value changed.
    var animation: HoloMotion.Animation?
    /// True under an `.animation(_:value:)`.
    var inAnimationScope = false
    /// What `.navigationTitle`, `.navigationBarTitleDisplayMode` and `.toolbar` tell the
    /// navigation stack around them (SwiftUI's preferences).
    var navigation = NavigationPreferences()
    /// `.tabItem` and `.tag` of views by spec id, for the tab view around them.
    var tabItems: [Int: (title: String, systemImage: String)] = [:]
    var tags: [Int: AnyHashable] = [:]
    /// Specs built by `Label` (a list row that is a label insets its separator to the title).
    var labelIDs: Set<Int> = []
    /// The drivers components' values read (the scroll, the bar's fade, the selected tab), and
    /// their values for this evaluation.
    var drivers = DriverTable(known: ["scroll", "navigation.barOpacity", "tab.selection"])
    var driverValues: [String: Double] = [:]
    private var lastID = 0

    init(environment: EnvironmentValues, time: Double, store: AnimationStore) {
        self.environment = environment; self.time = time; self.store = store
    }

    /// A new id for a view spec (unique in the tree; layout reports frames by it).
    mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }

    /// `body` evaluated one level deeper in identity.
    mutating func nested<T>(_ component: AnyHashable, _ body: (inout SpecBuilder) -> T) -> T {
        path.append(component)
        defer { path.removeLast() }
        return body(&self)
    }

    /// `body` evaluated with the environment changed by `change`.
    mutating func with<T>(_ change: (inout EnvironmentValues) -> Void, _ body: (inout SpecBuilder) -> T) -> T {
        let saved = environment
        change(&environment)
        defer { environment = saved }
        return body(&self)
    }

    /// The number shown now for an animatable property named `name` of the view here, whose
    /// target is `target`: the target itself, or on its way there with the animation in effect
    /// when the target changed.
    mutating func animated(_ target: Double, _ name: String) -> Double {
        // Only an `.animation(_:value:)` around a view ever moves it: outside one, no state is kept.
        guard inAnimationScope else { return target }
        let key = path + [AnyHashable(name)]
        var value = store.values[key] ?? AnimatedValue(target)
        if value.target != target { value.set(target, animation: animation, at: time) }
        store.values[key] = value
        return value.value(at: time)
    }

    /// `body` evaluated under `.animation(animation, value: value)`: with `animation` in effect when
    /// `value` changed since the previous evaluation, else with the animation already in effect.
    mutating func animating<T>(_ animation: HoloMotion.Animation?, value: any Equatable, _ body: (inout SpecBuilder) -> T) -> T {
        func differs<V: Equatable>(_ new: V, _ old: any Equatable) -> Bool { (old as? V) != new }
        let key = path + [AnyHashable("animation")]
        let changed = store.watched[key].map { differs(value, $0) } ?? false
        store.watched[key] = value
        let saved = (self.animation, inAnimationScope)
        if changed { self.animation = animation }
        inAnimationScope = true
        defer { (self.animation, inAnimationScope) = saved }
        return body(&self)
    }

    /// The spec's `path` (what clip files use for messages; views built in Swift raise none, and
    /// spelling out each view's identity cost about a fifth of an evaluation in a debug build).
    var location: String { "HoloframeUI view" }
}

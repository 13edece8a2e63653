// Tab re-selection (docs/designs.md, Waveform: CustomTabBarController): tapping the tab of the
// screen already shown. "First tap: Scrolls to top. Second tap: Triggers refresh with animated
// pull-down effect."
//
// The scroll to top is a programmatic scroll, so it becomes a `scrollTo` event in the scroll script
// (the scroll view animates it with its own programmatic curve); the refresh tap goes to the
// refresh model. Counting (choice: the design's tapCount comes from a coordinator it does not show):
// taps alternate scroll-to-top, refresh, scroll-to-top, …; a finger on the list resets the count.
// A scroll-to-top tap that lands while a finger is on the list still counts but cannot move it
// (UIKit ignores setContentOffset while tracking), so no event is added.

import HoloMotion

public enum WaveformTabReselection {
    /// `spec.taps` target naming the tab button.
    public static let tapTarget = "tab"

    public struct Plan: Hashable, Sendable {
        public var script: ScrollScript
        public var scrollToTopTimes: [Double]
        public var refreshTimes: [Double]
    }

    /// Classifies tab taps and merges the scroll-to-top ones into `script`.
    public static func plan(taps: [Tap], script: ScrollScript) throws -> Plan {
        for (i, tap) in taps.enumerated() where tap.target != tapTarget {
            throw ClipInputError.unknownTap(clip: "waveform", index: i, target: tap.target, known: ClipInputError.quoted(tapTarget))
        }
        var events: [ScrollEvent] = []
        var toTop: [Double] = [], refresh: [Double] = []
        var count = 0
        var fingerDown = false
        var pending = taps[...]
        func takeTaps(through time: Double?) {
            while let tap = pending.first, time.map({ tap.time < $0 }) ?? true {
                pending.removeFirst()
                count += 1
                if count % 2 == 1 {
                    toTop.append(tap.time)
                    if !fingerDown { events.append(.scrollToTop(time: tap.time)) }
                } else {
                    refresh.append(tap.time)
                }
            }
        }
        for e in script.events {
            takeTaps(through: e.time)
            switch e {
            case .fingerDown: fingerDown = true; count = 0
            case .fingerUp: fingerDown = false
            default: break
            }
            events.append(e)
        }
        takeTaps(through: nil)
        let merged: ScrollScript
        do { merged = try ScrollScript(events) } catch {
            throw ClipInputError(clip: "waveform", field: "scroll.events", reason: "with the tab's scroll-to-top events: \(error)")
        }
        return Plan(script: merged, scrollToTopTimes: toTop, refreshTimes: refresh)
    }
}

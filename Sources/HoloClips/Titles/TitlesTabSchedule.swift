// Which page is on screen when, and each page's own clock.
//
// Tabs switch instantly on taps whose target is "tab:<page>" (TabView has no transition). A page
// that is not shown is frozen: its scroll and its header spring stand still and resume where they
// were when it is shown again — on the phone an off-screen tab keeps its scroll offset and header
// state (the design's Phase 4, docs/designs.md, Titles: "each tab maintains independent
// scroll/title state"). Freezing a fling in flight is a simplification (a tab switch needs a tap,
// which on the phone would stop it anyway).
//
// Each page therefore runs on its own clock, "page time": the total time it has been visible,
//   pageTime(p, t) = Σ over p's visible intervals [a, b) of |[a, b) ∩ [0, t]|.
// A tap on the tab already shown does nothing (a choice: iOS would scroll to top; the design does not
// ask for it).

import HoloMotion

public struct TabSchedule: Sendable, Hashable {
    public struct Interval: Sendable, Hashable {
        public var start: Double
        /// nil: to the end of the clip.
        public var end: Double?
        public var page: TitlesPage
    }
    public let intervals: [Interval]

    /// Taps must be in time order (clip files are validated so).
    public init(initial: TitlesPage, taps: [Tap]) throws {
        var intervals = [Interval(start: 0, end: nil, page: initial)]
        for (i, tap) in taps.enumerated() {
            guard let page = TitlesPage.allCases.first(where: { $0.tabTarget == tap.target }) else {
                throw ClipInputError.unknownTap(clip: "titles", index: i, target: tap.target,
                                                known: ClipInputError.quoted(TitlesPage.allCases.map(\.tabTarget)))
            }
            guard page != intervals[intervals.count - 1].page else { continue }
            intervals[intervals.count - 1].end = tap.time
            intervals.append(Interval(start: tap.time, end: nil, page: page))
        }
        self.intervals = intervals   // zero-length ones (two taps at once) count for nothing
    }

    /// The page shown at t (a tap at T shows its page from T on).
    public func page(at t: Double) -> TitlesPage {
        intervals.last { $0.start <= t }?.page ?? intervals[0].page
    }

    /// How long `page` has been shown by t.
    public func pageTime(_ page: TitlesPage, at t: Double) -> Double {
        var total = 0.0
        for i in intervals where i.page == page && i.start < t {
            total += min(i.end ?? t, t) - i.start
        }
        return total
    }
}

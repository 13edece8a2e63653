// The titles clip's simulation: five pages, each with its own scroll view and collapsing header,
// one of them on screen, and the device attitude and 30-fps time the title shader sees.
//
// Scroll input model: the clip has one scroll script (a finger on the glass). Each gesture — a
// finger down … up, a tap, a programmatic scroll — goes to the page shown when it starts, and its
// times are mapped to that page's clock (TabSchedule.pageTime); the page's ScrollSimulation runs on
// its own clock, so it is frozen while the page is hidden.
//
// handleScroll rate: onScrollGeometryChange runs its action once per display frame in which the
// offset changed. The design's device (iPhone 12, docs/designs.md, Titles) refreshes at 60 Hz, so
// the rules run on a fixed 60 Hz grid of clip time, t_n = n/60, independent of the clip's fps:
// deltas are those of the phone's frames and do not change when a clip is rendered at 24 or 120
// fps. 60 divides the scroll physics' 600 Hz, so on a page shown from t = 0 every sample is an
// exact physics step.

import HoloGeometry
import HoloMotion
import HoloScene

/// One page's saved state, reported for every page every frame (tab switches must preserve it).
public struct TitlesPageState: Encodable, Sendable, Hashable {
    public var page: TitlesPage
    public var scrollOffset: Double
    public var headerVisible: Bool
    public var accumulatedScrollUp: Double
    public var pageTime: Double
}

public struct TitlesState: Encodable, Sendable {
    public var page: TitlesPage
    /// The shown page's scroll view, on the page's own clock (`time` is its page time).
    public var scroll: ScrollState
    /// False when the page's content fits the screen (the header then never hides).
    public var contentScrolls: Bool
    public var headerVisible: Bool
    public var accumulatedScrollUp: Double
    /// h: 0 shown … 1 hidden (the spring's value).
    public var headerHiddenAmount: Double
    /// −100·h points.
    public var headerOffset: Double
    public var headerOpacity: Double
    /// Smoothed attitude, radians (what reaches the shader unless Reduce Motion makes it static).
    public var roll: Double
    public var pitch: Double
    /// ⌊t·30⌋/30 (0 under Reduce Motion).
    public var titleTime: Double
    public var reduceMotion: Bool
    public var pages: [TitlesPageState]

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: StateKey.self)
        try c.encode(page, "page")
        try c.encodeScroll(scroll)
        try c.encode(contentScrolls, "contentScrolls"); try c.encode(headerVisible, "headerVisible")
        try c.encode(accumulatedScrollUp, "accumulatedScrollUp"); try c.encode(headerHiddenAmount, "headerHiddenAmount")
        try c.encode(headerOffset, "headerOffset"); try c.encode(headerOpacity, "headerOpacity")
        try c.encode(roll, "roll"); try c.encode(pitch, "pitch"); try c.encode(titleTime, "titleTime")
        try c.encode(reduceMotion, "reduceMotion"); try c.encode(pages, "pages")
    }
}

public struct TitlesSimulation: ClipSimulation, Sendable {
    /// onScrollGeometryChange calls per second (iPhone 12 display refresh).
    public static let scrollChangeRate = 60

    public let scene: TitlesScene
    public let schedule: TabSchedule
    /// Indexed like TitlesPage.allCases.
    public let scrolls: [ScrollSimulation]
    public private(set) var headers: [CollapsingHeader]
    public let motion: DeviceMotion
    public let reduceMotion: Bool
    private var nextTick = 0

    public init(scene: TitlesScene, schedule: TabSchedule, script: ScrollScript, configuration: (TitlesPage) -> ScrollConfiguration,
                motion: DeviceMotion, reduceMotion: Bool) throws {
        self.scene = scene; self.schedule = schedule; self.motion = motion; self.reduceMotion = reduceMotion
        let scripts = try Self.split(script, by: schedule)
        var scrolls: [ScrollSimulation] = []
        var headers: [CollapsingHeader] = []
        for (i, page) in TitlesPage.allCases.enumerated() {
            let config = configuration(page)
            scrolls.append(ScrollSimulation(config, script: scripts[i]))
            headers.append(CollapsingHeader(reduceMotion: reduceMotion, contentScrolls: config.isScrollable))
        }
        self.scrolls = scrolls; self.headers = headers
    }

    static func index(_ page: TitlesPage) -> Int { TitlesPage.allCases.firstIndex(of: page)! }

    /// Each gesture to the page shown when it starts, on that page's clock (see the file header).
    static func split(_ script: ScrollScript, by schedule: TabSchedule) throws -> [ScrollScript] {
        var perPage = Array(repeating: [ScrollEvent](), count: TitlesPage.allCases.count)
        var gesturePage: TitlesPage? = nil
        for event in script.events {
            let page: TitlesPage
            switch event {
            case .fingerDown(let t, _): page = schedule.page(at: t); gesturePage = page
            case .fingerMove, .fingerUp: page = gesturePage ?? schedule.page(at: event.time)
            case .tap(let t), .scrollTo(let t, _, _): page = schedule.page(at: t)
            }
            let local = schedule.pageTime(page, at: event.time)
            // A finger still down when its page was hidden acts on a frozen page: its later moves
            // are dropped and it lifts without velocity.
            let frozen = schedule.page(at: event.time) != page
            let mapped: ScrollEvent
            switch event {
            case .fingerDown(_, let y): mapped = .fingerDown(time: local, y: y)
            case .fingerMove(_, let y, let c):
                if frozen { continue }
                mapped = .fingerMove(time: local, y: y, curve: c)
            case .fingerUp(_, let v):
                mapped = .fingerUp(time: local, velocity: frozen ? 0 : v)
                gesturePage = nil
            case .tap: mapped = .tap(time: local)
            case .scrollTo(_, let o, let a): mapped = .scrollTo(time: local, offset: o, animated: a)
            }
            perPage[index(page)].append(mapped)
        }
        return try perPage.map { try ScrollScript($0) }
    }

    public mutating func advance(to time: Double) -> TitlesState {
        // Run the scroll rules at every 60 Hz instant up to `time` (n ≤ ⌊t·60⌋, with the tolerance
        // TimelineClock uses so that k/f·60 a hair under an integer still counts).
        let lastTick = Int((time * Double(Self.scrollChangeRate) + 1e-9).rounded(.down))
        while nextTick <= lastTick {
            let t = Double(nextTick) / Double(Self.scrollChangeRate)
            let page = schedule.page(at: t)
            let i = Self.index(page)
            let local = schedule.pageTime(page, at: t)
            headers[i].scrollChanged(to: scrolls[i].state(at: local).offset, at: local)
            nextTick += 1
        }
        return state(at: time)
    }

    func state(at time: Double) -> TitlesState {
        let page = schedule.page(at: time)
        let i = Self.index(page)
        let local = schedule.pageTime(page, at: time)
        let scroll = scrolls[i].state(at: local)
        let header = headers[i]
        let attitude = motion.smoothedAttitude(at: time)
        let pages = TitlesPage.allCases.enumerated().map { j, p in
            let pt = schedule.pageTime(p, at: time)
            return TitlesPageState(page: p, scrollOffset: scrolls[j].state(at: pt).offset, headerVisible: headers[j].isVisible,
                                   accumulatedScrollUp: headers[j].accumulatedScrollUp, pageTime: pt)
        }
        return TitlesState(page: page, scroll: scroll,
                           contentScrolls: header.contentScrolls, headerVisible: header.isVisible,
                           accumulatedScrollUp: header.accumulatedScrollUp, headerHiddenAmount: header.hidden(at: local),
                           headerOffset: header.offset(at: local), headerOpacity: header.opacity(at: local),
                           roll: attitude.roll, pitch: attitude.pitch,
                           titleTime: reduceMotion ? 0 : HolographicTitle.timelineTime(at: time),
                           reduceMotion: reduceMotion, pages: pages)
    }

    public func scene(for state: TitlesState) -> Scene { scene.scene(for: state) }
}

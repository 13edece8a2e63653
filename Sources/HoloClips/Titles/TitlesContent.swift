// What each page shows under its title: plausible workout-app content, as a list of blocks (cards,
// rows, a section), each a view of the layout kit (TitlesBlockViews.swift) laid out in the content
// column at the clip's text size, so the scroll range is known before anything is drawn. Profile is
// the page whose content fits the screen on an iPhone 12 — the design's (docs/designs.md, Titles)
// "content too short to scroll" case.

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

public enum ContentBlock: Hashable, Sendable {
    case sectionHeader(String)
    /// Home: this week's totals.
    case weekSummary(workouts: Int, minutes: Int, volumeKg: Int)
    case startWorkout
    case workout(name: String, date: String, minutes: Int, exercises: Int, volumeKg: Int, accent: Int)
    case exercise(name: String, muscle: String, equipment: String, accent: Int)
    case program(name: String, weeks: Int, daysPerWeek: Int, week: Int, summary: String, accent: Int)
    case historyEntry(day: Int, weekday: String, name: String, minutes: Int, volumeKg: Int, records: Int, accent: Int)
    case profileHeader(name: String, since: String)
    case profileStats
    /// An inset-grouped settings section: each row a title and its value, with a disclosure chevron.
    case settings([SettingsRow])

    /// Gap after the block.
    public var gap: Double {
        switch self {
        case .sectionHeader: return 4
        default: return 10
        }
    }
}

public struct SettingsRow: Hashable, Sendable {
    public var title: String
    public var detail: String
    public init(_ title: String, detail: String) { self.title = title; self.detail = detail }
}

public struct PageBlocks: Sendable {
    public var blocks: [ContentBlock]
    /// Unscrolled y of each block relative to the content top.
    public var positions: [Double]
    /// Each block's height at the page's text size.
    public var heights: [Double]
    public var height: Double
    /// Each block drawn with its top-leading corner at (0, 0).
    public var nodes: [[Node]]

    /// The page's pieces (`TitlesContent.pieces`), drawn.
    init(_ blocks: [ContentBlock], pieces: [ScreenPiece]) {
        self.blocks = blocks
        positions = pieces.map(\.origin.y)
        heights = pieces.map(\.size.height)
        nodes = pieces.map { $0.nodes() }
        height = pieces.last.map { $0.origin.y + $0.size.height + blocks[blocks.count - 1].gap } ?? 0
    }
}

public enum TitlesContent {
    static let workouts = ["Push Day", "Pull Day", "Leg Day", "Upper Body", "Full Body", "Lower Power",
                           "Arms & Shoulders", "Push Day", "Deadlift Focus", "Pull Day", "Leg Day", "Conditioning",
                           "Upper Body", "Full Body"]
    static let dates = ["Today", "Yesterday", "Mon, Mar 10", "Sat, Mar 8", "Thu, Mar 6", "Tue, Mar 4", "Sun, Mar 2",
                        "Fri, Feb 28", "Wed, Feb 26", "Mon, Feb 24", "Sat, Feb 22", "Thu, Feb 20", "Tue, Feb 18", "Sun, Feb 16"]
    static let exercises: [(String, String, String)] = [
        ("Arnold Press", "Shoulders", "Dumbbell"), ("Back Squat", "Quads", "Barbell"),
        ("Barbell Row", "Back", "Barbell"), ("Bench Press", "Chest", "Barbell"),
        ("Bicep Curl", "Biceps", "Dumbbell"), ("Bulgarian Split Squat", "Quads", "Dumbbell"),
        ("Cable Fly", "Chest", "Cable"), ("Chin-up", "Back", "Bodyweight"),
        ("Deadlift", "Hamstrings", "Barbell"), ("Dip", "Triceps", "Bodyweight"),
        ("Face Pull", "Rear Delts", "Cable"), ("Front Squat", "Quads", "Barbell"),
        ("Hammer Curl", "Biceps", "Dumbbell"), ("Hip Thrust", "Glutes", "Barbell"),
        ("Incline Press", "Chest", "Dumbbell"), ("Lat Pulldown", "Back", "Cable"),
        ("Lateral Raise", "Shoulders", "Dumbbell"), ("Leg Curl", "Hamstrings", "Machine"),
        ("Leg Press", "Quads", "Machine"), ("Lunge", "Glutes", "Dumbbell"),
        ("Overhead Press", "Shoulders", "Barbell"), ("Plank", "Core", "Bodyweight"),
        ("Pull-up", "Back", "Bodyweight"), ("Romanian Deadlift", "Hamstrings", "Barbell"),
        ("Skull Crusher", "Triceps", "EZ Bar"), ("Calf Raise", "Calves", "Machine"),
    ]
    static let programs: [(String, Int, Int, String)] = [
        ("5/3/1 Boring But Big", 12, 4, "Main lift, then 5×10 at 50%"),
        ("Push Pull Legs", 8, 6, "High-frequency hypertrophy split"),
        ("Starting Strength", 12, 3, "Linear progression on the basics"),
        ("Upper / Lower", 10, 4, "Balanced strength and size"),
        ("GZCLP", 12, 4, "Tiered linear progression"),
        ("Arnold Split", 6, 6, "Chest & back, shoulders & arms, legs"),
        ("Texas Method", 8, 3, "Volume, recovery and intensity days"),
        ("Minimalist 3-Day", 6, 3, "Three lifts, three days, done"),
    ]
    static let historyMonths: [(String, [(Int, String)])] = [
        ("March 2025", [(12, "WED"), (10, "MON"), (8, "SAT"), (6, "THU"), (4, "TUE"), (2, "SUN")]),
        ("February 2025", [(28, "FRI"), (26, "WED"), (24, "MON"), (22, "SAT"), (20, "THU"), (18, "TUE"), (16, "SUN"), (13, "THU")]),
        ("January 2025", [(30, "THU"), (28, "TUE"), (25, "SAT"), (22, "WED"), (20, "MON")]),
    ]

    /// The content column of an iPhone 12 (390 pt less the margins).
    public static let defaultContentWidth = 390 - 2 * TitlesLayout.horizontalPadding

    /// Pages laid out so far, by page, text size, width and colours (a clip lays its pages out once).
    private static let laidOut = Locked<[LaidOutKey: PageBlocks]>([:])
    private struct LaidOutKey: Hashable {
        var page: TitlesPage, type: DynamicTypeSize, width: Double, palette: TitlesPalette
    }

    /// The page's blocks, laid out at text size `type` in a content column `width` wide.
    public static func blocks(for page: TitlesPage, type: DynamicTypeSize = .large, width: Double = defaultContentWidth,
                              palette: TitlesPalette = .for(.light)) -> PageBlocks {
        let key = LaidOutKey(page: page, type: type, width: width, palette: palette)
        if let done = laidOut.withLock({ $0[key] }) { return done }
        let contents = contents(of: page)
        let blocks = PageBlocks(contents, pieces: pieces(contents, page: page, type: type, width: width, palette: palette))
        laidOut.withLock { $0[key] = blocks }
        return blocks
    }

    /// `blocks` laid out one under the other in a column `width` wide, each followed by its gap:
    /// each block's piece, its origin down the column from the content's top.
    static func pieces(_ blocks: [ContentBlock], page: TitlesPage, type: DynamicTypeSize, width: Double, palette: TitlesPalette) -> [ScreenPiece] {
        let environment = ViewEnvironment(layout: LayoutEnvironment(screen: Size(width, 100_000), safeArea: Insets(), displayScale: 3),
                                          dynamicTypeSize: type, colorScheme: palette.scheme)
        var y = 0.0
        return blocks.enumerated().map { i, block in
            var views = TitlesBlockViews(palette: palette, width: width, environment: environment)
            let piece = ScreenPiece(name: "\(page) block \(i)", view: views.view(block), environment: environment,
                                    origin: Point(0, y), width: width, scrolls: true)
            y += piece.size.height + block.gap
            return piece
        }
    }

    /// What the page shows, top to bottom.
    static func contents(of page: TitlesPage) -> [ContentBlock] {
        var b: [ContentBlock] = []
        switch page {
        case .home:
            b.append(.weekSummary(workouts: 4, minutes: 192, volumeKg: 18_450))
            b.append(.startWorkout)
            b.append(.sectionHeader("Recent Workouts"))
            for i in workouts.indices {
                b.append(.workout(name: workouts[i], date: dates[i], minutes: 38 + (i * 17) % 40,
                                  exercises: 4 + (i * 3) % 5, volumeKg: 6_200 + (i * 1_370) % 6_000, accent: i))
            }
        case .exercises:
            for (i, e) in exercises.enumerated() {
                b.append(.exercise(name: e.0, muscle: e.1, equipment: e.2, accent: i))
            }
        case .programs:
            for (i, p) in programs.enumerated() {
                b.append(.program(name: p.0, weeks: p.1, daysPerWeek: p.2, week: 1 + (i * 5) % p.1, summary: p.3, accent: i))
            }
        case .history:
            var i = 0
            for (month, days) in historyMonths {
                b.append(.sectionHeader(month))
                for (day, weekday) in days {
                    b.append(.historyEntry(day: day, weekday: weekday, name: workouts[i % workouts.count],
                                           minutes: 41 + (i * 13) % 35, volumeKg: 5_800 + (i * 910) % 5_000,
                                           records: (i * 7) % 4, accent: i))
                    i += 1
                }
            }
        case .profile:
            b.append(.profileHeader(name: "Alex Morgan", since: "Lifting with Reps since 2023"))
            b.append(.profileStats)
            b.append(.sectionHeader("Settings"))
            b.append(.settings([SettingsRow("Units", detail: "kg"), SettingsRow("Rest timer", detail: "2:00"),
                                SettingsRow("Apple Health", detail: "On"), SettingsRow("Appearance", detail: "System")]))
        }
        return b
    }
}

// What each page shows under its title: plausible workout-app content, as a list of blocks with
// known heights (so the scroll range is known before anything is drawn). Profile is the page whose
// content fits the screen on an iPhone 12 — the seed's "content too short to scroll" case.
//
// Dynamic Type: each block is laid out at the default size (`large`) with its text rows at known
// baselines. At another size every row's text takes its style's size, and the row's line grows by
// 1.2 × the change in points (a line is about 1.2 em); everything below a row moves down by that
// growth (`RowStretch`), so cards get taller with their text and `large` is the default layout.

import HoloGeometry
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
    /// A row of an inset-grouped settings section, and where it sits in its section (the first
    /// and last rows carry the section card's corners; every row but the last its separator).
    case settingsRow(String, detail: String, position: SectionRowPosition = .only)

    /// Height in points at the default text size, not counting the gap after it.
    public var height: Double {
        switch self {
        case .sectionHeader: return 34
        case .weekSummary: return 112
        case .startWorkout: return 60
        case .workout: return 100
        case .exercise: return 64
        case .program: return 142
        case .historyEntry: return 72
        case .profileHeader: return 150
        case .profileStats: return 92
        case .settingsRow: return 52
        }
    }
    /// Height in points at text size `type`, in a content column `width` points wide (where
    /// labels wrap at accessibility sizes, their extra lines make the block taller).
    public func height(_ type: DynamicTypeSize, width: Double = TitlesContent.defaultContentWidth) -> Double {
        RowStretch(self, type, extraLines: ContentDrawing(palette: .for(.light), width: width, type: type).wrappedRows(self)).y(height)
    }

    /// The block's text rows at the default size: baseline (points from the block's top) and the
    /// point size of the largest text on that baseline. Badge-like labels (the history date tile,
    /// the PR capsule, the avatar's initials, an exercise's initial) are icons and keep their size.
    var textRows: [(baseline: Double, size: Double)] {
        switch self {
        case .sectionHeader: return [(24, 20)]
        case .weekSummary: return [(30, 17), (72, 22), (94, 13)]
        case .startWorkout: return [(36, 17)]
        case .workout: return [(36, 17), (58, 15), (81, 12)]
        case .exercise: return [(28, 17), (49, 15)]
        case .program: return [(34, 20), (58, 15), (82, 15), (104, 13)]
        case .historyEntry: return [(32, 17), (54, 15)]
        case .profileHeader: return [(122, 22), (144, 15)]
        case .profileStats: return [(46, 26), (70, 13)]
        case .settingsRow: return [(33, 17)]
        }
    }

    /// Gap after the block.
    public var gap: Double {
        switch self {
        case .sectionHeader: return 4
        case .settingsRow: return 0   // one section card: rows touch, a separator between them
        default: return 10
        }
    }
}

/// Where a row sits in an inset-grouped section (UITableView's `.insetGrouped`).
public enum SectionRowPosition: String, Hashable, Sendable {
    case only, first, middle, last

    public init(index: Int, count: Int) {
        self = count <= 1 ? .only : (index == 0 ? .first : (index == count - 1 ? .last : .middle))
    }
    /// The section card's top corners are this row's.
    public var roundsTop: Bool { self == .only || self == .first }
    /// The section card's bottom corners are this row's; it has no separator under it.
    public var roundsBottom: Bool { self == .only || self == .last }
}

public struct PageBlocks: Sendable {
    public var blocks: [ContentBlock]
    /// Unscrolled y of each block relative to the content top.
    public var positions: [Double]
    public var height: Double

    /// Each block's height at the page's text size.
    public var heights: [Double]

    init(_ blocks: [ContentBlock], type: DynamicTypeSize = .large, width: Double = TitlesContent.defaultContentWidth) {
        self.blocks = blocks
        var y = 0.0
        var positions: [Double] = []
        var heights: [Double] = []
        for b in blocks {
            let h = b.height(type, width: width)
            positions.append(y); heights.append(h)
            y += h + b.gap
        }
        self.positions = positions
        self.heights = heights
        height = y
    }
}

/// A block's vertical layout at a Dynamic Type size: y at the default size → y at `type`. A text
/// row at baseline b whose size changes by Δ pt grows by 1.2 Δ: 0.96 Δ above its baseline (the
/// ascent's share of a 1.2-em line) and 0.24 Δ below it. A point below a row's baseline moves down
/// by the row's whole growth, the baseline itself by the ascent's share. At `large` it is the
/// identity. A row whose label wraps to n more lines (`extraLines`, from ContentDrawing's
/// estimate) grows by n more lines of 1.2 em, all below its first baseline.
struct RowStretch {
    let rows: [(baseline: Double, growth: Double, wrap: Double)]
    let type: DynamicTypeSize

    init(_ block: ContentBlock, _ type: DynamicTypeSize, extraLines: [Int: Int] = [:]) {
        self.type = type
        rows = block.textRows.enumerated().map { i, row in
            (row.baseline, 1.2 * (type.scaled(row.size) - row.size), Double(extraLines[i] ?? 0) * 1.2 * type.scaled(row.size))
        }
    }

    func y(_ y: Double) -> Double {
        var out = y
        for row in rows where row.baseline <= y { out += row.baseline < y ? row.growth + row.wrap : 0.8 * row.growth }
        return out
    }

    /// A font of `size` points at the default size, at `type`.
    func font(_ size: Double, _ weight: FontWeight = .regular) -> Font { Font(size: type.scaled(size), weight: weight) }
    func font(_ font: Font) -> Font { Font(size: type.scaled(font.size), weight: font.weight) }
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

    /// The page's blocks and their positions at text size `type` in a content column `width` wide.
    public static func blocks(for page: TitlesPage, type: DynamicTypeSize = .large, width: Double = defaultContentWidth) -> PageBlocks {
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
            let settings = [("Units", "kg"), ("Rest timer", "2:00"), ("Apple Health", "On"), ("Appearance", "System")]
            for (i, row) in settings.enumerated() {
                b.append(.settingsRow(row.0, detail: row.1, position: SectionRowPosition(index: i, count: settings.count)))
            }
        }
        return PageBlocks(b, type: type, width: width)
    }
}

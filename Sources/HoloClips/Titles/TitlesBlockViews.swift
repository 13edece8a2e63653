// The Reps pages' cards and rows as views of the layout kit: stacks, padding, frames and
// backgrounds, laid out in the content column (the block's width) at the clip's text size, as the
// app's SwiftUI would lay them out. Each block is laid out once per page, text size and colour
// scheme (`TitlesBlocks.laidOut`), then moved by the scroll as a retained layer.
//
// Text sizes: labels take their Dynamic Type styles; badge-like labels (the history date tile, the
// PR capsule, the avatar's initials, an exercise's initial) are icons and keep their size. Labels a
// SwiftUI view would let wrap (titles, names, dates, detail lines, the Start button's label) wrap at
// accessibility sizes, up to four lines; stat columns, chips and badges stay one line, shrinking to
// half size before they end in "…". At accessibility sizes the week's stats stack (an app's
// `AnyLayout` switch on `dynamicTypeSize.isAccessibilitySize`) and a workout's chips stack when they
// do not fit side by side (`ViewThatFits { HStack; VStack }`).

import HoloGeometry
import HoloLayout
import HoloMotion
import HoloScene

struct TitlesBlockViews {
    var c: ScreenComposer
    let palette: TitlesPalette
    let width: Double

    init(palette: TitlesPalette, width: Double, environment: ViewEnvironment) {
        c = ScreenComposer(environment); self.palette = palette; self.width = width
    }

    var type: DynamicTypeSize { c.dynamicTypeSize }
    /// A wrapping label's line limit: one line below the accessibility sizes, up to four at them.
    var wraps: Int { type.isAccessibilitySize ? 4 : 1 }

    static let startLabel = "Start Empty Workout"
    /// A separator's thickness: one pixel at 3x, as the tab bar's hairline (TitlesChrome).
    static let separatorWidth = 1.0 / 3

    mutating func view(_ block: ContentBlock) -> ViewSpec {
        let p = palette
        switch block {
        case .sectionHeader(let title):
            return c.text(title, .title3, weight: .bold, color: p.label, lineLimit: wraps)
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(top: 4, leading: 4, bottom: 5)

        case .weekSummary(let workouts, let minutes, let volume):
            let header = c.hstack(alignment: .firstTextBaseline, spacing: 8, [
                c.text("This Week", .headline, color: p.label, lineLimit: wraps),
                c.spacer(),
                c.text("Mar 10 – 16", .subheadline, color: p.secondaryLabel, lineLimit: wraps),
            ])
            let stats = [("\(workouts)", "Workouts"), ("\(minutes / 60)h \(minutes % 60)m", "Time"), (Self.thousands(volume), "Volume (kg)")]
            var columns: [ViewSpec] = []
            for (value, label) in stats {
                columns.append(c.vstack(alignment: 0, spacing: 2, [
                    c.text(value, .title2, weight: .bold, color: p.label, minimumScaleFactor: 0.5),
                    c.text(label, .footnote, color: p.secondaryLabel, minimumScaleFactor: 0.5),
                ]).frame(maxWidth: .infinity, alignment: .leading))
            }
            let row = type.isAccessibilitySize ? c.vstack(alignment: 0, spacing: 8, columns) : c.hstack(alignment: 0, spacing: 8, columns)
            return card(c.vstack(alignment: 0, spacing: 15, [header, row]).padding(top: 13, leading: 16, bottom: 14, trailing: 16))

        case .startWorkout:
            let icon = c.zstack([c.shape(.circle, fill: c.solid(Color(white: 1, alpha: 0.25))).frame(width: 28, height: 28),
                                 c.symbol("plus", size: 20, weight: .bold, color: .white)])
            return c.hstack(spacing: 12, [icon, c.text(Self.startLabel, .headline, color: .white, lineLimit: wraps)])
                .padding(top: 8, leading: 20, bottom: 8, trailing: 16)
                .frame(minHeight: 60, maxWidth: .infinity, alignment: .leading)
                .background(c.shape(.roundedRect(16), fill: c.linearGradient([p.accent, TitlesPalette.accent(5)], start: Point(0, 0), end: Point(1, 1))))

        case .workout(let name, let date, let minutes, let exercises, let volume, let accent):
            let a = TitlesPalette.accent(accent)
            let icon = c.shape(.roundedRect(12), fill: c.solid(a.opacity(0.18))).frame(width: 44, height: 44)
                .overlay(c.symbol("dumbbell.fill", size: 30, weight: .semibold, color: a))
            let lines = c.vstack(alignment: 0, spacing: 2, [
                c.hstack(alignment: .firstTextBaseline, spacing: 8, [
                    c.text(name, .headline, color: p.label, lineLimit: wraps), c.spacer(),
                    c.text("\(minutes) min", .subheadline, color: p.secondaryLabel, lineLimit: wraps),
                ]),
                c.text(date, .subheadline, color: p.secondaryLabel, lineLimit: wraps),
            ])
            let column = c.vstack(alignment: 0, spacing: 4, [lines, chips(["\(exercises) exercises", Self.thousands(volume) + " kg"],
                                                                              room: width - 16 - 74)])
            return card(c.hstack(alignment: 0, spacing: 14, [icon, column.padding(top: 1)])
                .padding(top: 18, leading: 16, bottom: 13, trailing: 16)
                .frame(maxWidth: .infinity, alignment: .leading))

        case .exercise(let name, let muscle, let equipment, let accent):
            let a = TitlesPalette.accent(accent)
            let initial = c.shape(.circle, fill: c.solid(a.opacity(0.2))).frame(width: 40, height: 40)
                .overlay(c.text(String(name.prefix(1)), size: 17, relativeTo: nil, weight: .semibold, color: a))
            let column = c.vstack(alignment: 0, spacing: 1, [
                c.text(name, .headline, color: p.label, lineLimit: wraps),
                c.text("\(muscle) · \(equipment)", .subheadline, color: p.secondaryLabel, lineLimit: wraps),
            ])
            return card(c.hstack(spacing: 12, [initial, column.frame(maxWidth: .infinity, alignment: .leading), chevron()])
                .padding(top: 10, leading: 16, bottom: 10, trailing: 16)
                .frame(minHeight: 64), radius: 14)

        case .program(let name, let weeks, let days, let week, let summary, let accent):
            let a = TitlesPalette.accent(accent)
            let track = width - 32
            let progress = c.hstack(alignment: .firstTextBaseline, spacing: 8, [
                c.text("Week \(week) of \(weeks)", .footnote, color: p.secondaryLabel), c.spacer(),
                c.text("\(week * 100 / weeks)%", .footnote, color: a),
            ])
            let bar = c.zstack(alignment: .leading, [
                c.shape(.capsule, fill: c.solid(p.fill)),
                c.shape(.capsule, fill: c.solid(a)).frame(width: track * Double(week) / Double(weeks)),
            ]).frame(height: 8)
            let column = c.vstack(alignment: 0, spacing: 4, [
                c.text(name, .title3, weight: .bold, color: p.label, lineLimit: wraps),
                c.text("\(weeks) weeks · \(days) days / week", .subheadline, color: p.secondaryLabel, lineLimit: wraps),
                c.text(summary, .subheadline, color: p.label, lineLimit: wraps),
                progress,
                bar.padding(top: 1),
            ])
            let stripe = c.shape(.roundedRect(3, style: .circular), fill: c.solid(a)).frame(width: 6)
            return column.padding(top: 14, leading: 16, bottom: 20, trailing: 16)
                .frame(maxWidth: .infinity, alignment: .leading)
                .background(c.shape(.roundedRect(18), fill: c.solid(p.card)).overlay(stripe, alignment: .leading))

        case .historyEntry(let day, let weekday, let name, let minutes, let volume, let records, let accent):
            let a = TitlesPalette.accent(accent)
            let tile = c.vstack(spacing: 0, [
                c.text(weekday, size: 11, relativeTo: nil, weight: .semibold, color: a),
                c.text("\(day)", size: 20, relativeTo: nil, weight: .bold, color: p.label),
            ]).padding(top: 7.5).frame(width: 48, height: 48, alignment: .top)
                .background(c.shape(.roundedRect(12), fill: c.solid(a.opacity(0.16))))
            let column = c.vstack(alignment: 0, spacing: 2, [
                c.text(name, .headline, color: p.label, lineLimit: wraps),
                c.text("\(minutes) min · \(Self.thousands(volume)) kg", .subheadline, color: p.secondaryLabel, lineLimit: wraps),
            ])
            var row = [tile, column.frame(maxWidth: .infinity, alignment: .leading)]
            if records > 0 {
                row.append(c.text("\(records) PR", size: 13, relativeTo: nil, weight: .semibold, color: Color(hex: 0xE08600))
                    .frame(width: 56, height: 26)
                    .background(c.shape(.capsule, fill: c.solid(Color(hex: 0xFF9F0A).opacity(0.18))))
                    .padding(bottom: 2))
            }
            return card(c.hstack(spacing: 14, row).padding(top: 12, leading: 12, bottom: 12, trailing: records > 0 ? 14 : 16), radius: 14)

        case .profileHeader(let name, let since):
            let avatar = c.zstack([
                c.shape(.circle, fill: c.angularGradient([p.accent, TitlesPalette.accent(0), TitlesPalette.accent(3), p.accent],
                                                         startAngle: 0, endAngle: 360)).frame(width: 84, height: 84),
                c.shape(.circle, fill: c.solid(p.card)).frame(width: 76, height: 76),
                c.text("AM", size: 30, relativeTo: nil, weight: .bold, color: p.label),
            ])
            let names = c.vstack(spacing: 0, [
                c.text(name, .title2, weight: .bold, color: p.label, lineLimit: wraps, alignment: .center),
                c.text(since, .subheadline, color: p.secondaryLabel, lineLimit: wraps, alignment: .center),
            ])
            return c.vstack(spacing: 6, [avatar, names]).padding(top: 10, bottom: 2).frame(maxWidth: .infinity)

        case .profileStats:
            let stats = [("128", "Workouts"), ("6 wk", "Streak"), ("23", "Records")]
            var tiles: [ViewSpec] = []
            for (i, s) in stats.enumerated() {
                tiles.append(c.vstack(spacing: 4, [
                    c.text(s.0, size: 26, relativeTo: .title1, weight: .bold, color: TitlesPalette.accent(i * 2 + 1), minimumScaleFactor: 0.5),
                    c.text(s.1, .footnote, color: p.secondaryLabel, minimumScaleFactor: 0.5),
                ]).padding(top: 21, leading: 4, bottom: 18, trailing: 4)
                    .frame(maxWidth: .infinity, alignment: .top)
                    .background(c.shape(.roundedRect(16), fill: c.solid(p.card))))
            }
            return c.hstack(alignment: 0, spacing: 10, tiles)

        case .settings(let rows):
            // An inset-grouped section, as the `list` component draws one (its rows, separators and corners).
            let specs = rows.map { row in
                ListRowSpec(content: c.hstack(spacing: 8, [
                    c.text(row.title, .body, color: p.label, lineLimit: wraps), c.spacer(),
                    c.text(row.detail, .body, color: p.secondaryLabel, lineLimit: wraps), chevron(),
                ]))
            }
            return c.listSection(ListSectionSpec(rows: specs), style: .insetGrouped, path: "")
        }
    }

    mutating func card(_ content: ViewSpec, radius: Double = 18) -> ViewSpec {
        content.background(c.shape(.roundedRect(radius), fill: c.solid(palette.card)))
    }

    /// A disclosure chevron (chevron.right, 17 pt semibold) in an 18 pt column.
    mutating func chevron() -> ViewSpec {
        c.symbol("chevron.right", size: 17, weight: .semibold, color: palette.separator).frame(width: 18)
    }

    /// Capsule chips, caption text with 8 pt either side, 6 pt apart; stacked at accessibility
    /// sizes when they do not fit side by side in `room`.
    mutating func chips(_ labels: [String], room: Double) -> ViewSpec {
        let font = Font(size: type.pointSize(.caption1), weight: .regular)
        let natural = labels.reduce(0) { $0 + TextMeasure.width($1, font) + 16 } + 6 * Double(labels.count - 1)
        var views: [ViewSpec] = []
        for label in labels {
            views.append(c.text(label, .caption1, color: palette.secondaryLabel).padding(top: 2, leading: 8, bottom: 2, trailing: 8)
                .background(c.shape(.capsule, fill: c.solid(palette.fill))))
        }
        return type.isAccessibilitySize && natural > room ? c.vstack(alignment: 0, spacing: 4, views) : c.hstack(spacing: 6, views)
    }

    /// 18450 → "18,450".
    static func thousands(_ n: Int) -> String {
        n >= 1000 ? "\(n / 1000)," + String(String(n % 1000 + 1000).dropFirst()) : "\(n)"
    }
}

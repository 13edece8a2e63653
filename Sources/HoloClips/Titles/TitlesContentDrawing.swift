// Drawing the page blocks: cards and rows in the block's local points (x 0 at the left margin,
// y 0 at the block's top, `width` the content width).
//
// Wrapping (issue 31): at accessibility text sizes, the labels a SwiftUI view would let wrap (titles,
// names, dates, detail lines and the Start button's label: `Text` with no line limit) wrap to their room instead of ending in
// "…"; stat columns, chips and badges stay one line (`.lineLimit(1)` in the app). The number of
// lines is HoloText's ParagraphLayout over widths measured with the default fonts (TextMeasure):
// the row grows by that many lines (RowStretch) and the label gets that line limit, so the
// renderer never draws past the room the card made for it. Below accessibility sizes every label
// is one line, as before. Stat columns keep SwiftUI's default HStack spacing (8 pt) between
// them: a value or label wider than its column shrinks (minimumScaleFactor 0.5), then ends in "…".

import HoloGeometry
import HoloMotion
import HoloScene
import HoloText

struct ContentDrawing {
    var palette: TitlesPalette
    var width: Double
    var type: DynamicTypeSize = .large

    /// The block's nodes; `RowStretch` moves every y and sizes every font for the text size, and
    /// makes room for the lines of labels that wrap.
    func nodes(_ block: ContentBlock) -> [Node] {
        draw(block, RowStretch(block, type, extraLines: wrappedRows(block)))
    }

    /// How many lines beyond the first each text row's wrapping labels take (row index in
    /// `textRows` → extra lines): the block drawn without extra room, its wrapped labels matched
    /// to their rows by baseline.
    func wrappedRows(_ block: ContentBlock) -> [Int: Int] {
        guard type.isAccessibilitySize else { return [:] }
        let base = RowStretch(block, type)
        let baselines = block.textRows.map { base.y($0.baseline) }
        var extra: [Int: Int] = [:]
        for case .text(let run, _) in draw(block, base) {
            guard let limit = run.lineLimit, limit > 1, let row = baselines.firstIndex(of: run.origin.y) else { continue }
            extra[row] = max(extra[row] ?? 0, limit - 1)
        }
        // The button's label is centred on the button, not on a row's baseline.
        if case .startWorkout = block, startLabelLines > 1 { extra[0] = startLabelLines - 1 }
        // The week's stats stack (two more lines of values and of labels).
        if case .weekSummary = block {
            extra[1] = Int(Self.statsStackExtraLines)
            extra[2] = Int(Self.statsStackExtraLines)
        }
        // Chips that do not fit side by side stack, each two caption lines below the last.
        if case .workout(_, _, _, let exercises, let volume, _) = block, stacks(block) {
            extra[2] = 2 * (workoutChips(exercises: exercises, volume: volume).count - 1)
        }
        return extra
    }

    /// A separator's thickness: one pixel at 3x, as the tab bar's hairline (TitlesChrome).
    static let separatorWidth = 1.0 / 3

    static let startLabel = "Start Empty Workout"
    /// The lines the button's label wraps to; its lines stay centred on the button (the first
    /// baseline moves up by half of each extra 1.2-em line).
    var startLabelLines: Int {
        type.isAccessibilitySize ? estimatedLines(Self.startLabel, Font(size: type.scaled(17), weight: .semibold), room: max(1, width - 76)) : 1
    }

    private func draw(_ block: ContentBlock, _ r: RowStretch) -> [Node] {
        let p = palette
        let h = r.y(block.height)
        switch block {
        case .sectionHeader(let title):
            return [text(title, r.font(20, .bold), 4, r.y(24), p.label, maxWidth: width - 4, wraps: true)]

        case .weekSummary(let workouts, let minutes, let volume):
            var n = [card(h)]
            let title = ("This Week", r.font(.headline)), dates = ("Mar 10 – 16", r.font(.subheadline))
            let room = share(title, dates, room: width - 32)
            n.append(text(title.0, title.1, 16, r.y(30), p.label, maxWidth: room.leading, wraps: true))
            n.append(text(dates.0, dates.1, width - 16, r.y(30), p.secondaryLabel, .trailing, maxWidth: room.trailing, wraps: true))
            let columns: [(String, String)] = [("\(workouts)", "Workouts"), ("\(minutes / 60)h \(minutes % 60)m", "Time"),
                                               (thousands(volume), "Volume (kg)")]
            if type.isAccessibilitySize {
                // At accessibility sizes the stats stack, as an app switches its HStack to a VStack
                // there (`AnyLayout`, `dynamicTypeSize.isAccessibilitySize`): each value over its
                // label at full size, the three one under the other (`statsStackExtraLines` gives
                // the card the room: two more value lines and two more label lines).
                let value = r.font(22, .bold), label = r.font(.footnote)
                let v0 = r.y(72), d = r.y(94) - v0 - Self.statsStackExtraLines * 1.2 * value.size
                let step = 1.2 * value.size + 1.2 * label.size
                for (i, c) in columns.enumerated() {
                    let y = v0 + Double(i) * step
                    n.append(text(c.0, value, 16, y, p.label, maxWidth: width - 32, minimumScaleFactor: 0.5))
                    n.append(text(c.1, label, 16, y + d, p.secondaryLabel, maxWidth: width - 32, minimumScaleFactor: 0.5))
                }
                return n
            }
            let colW = (width - 32) / 3
            for (i, c) in columns.enumerated() {
                let x = 16 + Double(i) * colW
                n.append(text(c.0, r.font(22, .bold), x, r.y(72), p.label, maxWidth: colW - 8, minimumScaleFactor: 0.5))
                n.append(text(c.1, r.font(.footnote), x, r.y(94), p.secondaryLabel, maxWidth: colW - 8, minimumScaleFactor: 0.5))
            }
            return n

        case .startWorkout:
            // Icon and label stay centred on the (taller) button.
            let c = h / 2
            let rect = Rect(x: 0, y: 0, width: width, height: h)
            return [.fill(.roundedRect(rect, cornerRadius: 16, style: .continuous), .linearGradient(
                        stops: Paint.evenStops([p.accent, TitlesPalette.accent(5)]), start: Point(0, 0), end: Point(width, h))),
                    .fill(.circle(center: Point(34, c), radius: 14), .solid(Color(white: 1, alpha: 0.25))),
                    Symbol.node("plus", size: 20, weight: .bold, center: Point(34, c), paint: .solid(.white))!,
                    text(Self.startLabel, r.font(.headline), 60, c + 6 * type.scale(of: .headline) - 0.6 * r.font(.headline).size * Double(startLabelLines - 1),
                         .white, maxWidth: width - 76, wraps: true)]

        case .workout(let name, let date, let minutes, let exercises, let volume, let accent):
            let a = TitlesPalette.accent(accent)
            let title = (name, r.font(.headline)), trailing = ("\(minutes) min", r.font(.subheadline))
            let room = share(title, trailing, room: width - 16 - 74)
            return [card(h),
                    .fill(.roundedRect(Rect(x: 16, y: 18, width: 44, height: 44), cornerRadius: 12, style: .continuous), .solid(a.opacity(0.18))),
                    Symbol.node("dumbbell.fill", size: 30, weight: .semibold, center: Point(38, 40), paint: .solid(a))!,
                    text(title.0, title.1, 74, r.y(36), p.label, maxWidth: room.leading, wraps: true),
                    text(date, r.font(.subheadline), 74, r.y(58), p.secondaryLabel, maxWidth: width - 16 - 74, wraps: true),
                    text(trailing.0, trailing.1, width - 16, r.y(36), p.secondaryLabel, .trailing, maxWidth: room.trailing, wraps: true)]
                + chips(workoutChips(exercises: exercises, volume: volume), x: 74, top: r.y(67),
                        baseline: r.y(81), room: width - 16 - 74)

        case .exercise(let name, let muscle, let equipment, let accent):
            let a = TitlesPalette.accent(accent)
            let initial = String(name.prefix(1))
            return [card(h, radius: 14),
                    .fill(.circle(center: Point(36, h / 2), radius: 20), .solid(a.opacity(0.2))),
                    text(initial, .headline, 36, h / 2 + 6, a, .center),
                    text(name, r.font(.headline), 68, r.y(28), p.label, maxWidth: width - 36 - 68, wraps: true),
                    text("\(muscle) · \(equipment)", r.font(.subheadline), 68, r.y(49), p.secondaryLabel, maxWidth: width - 36 - 68, wraps: true),
                    chevron(x: width - 22, y: h / 2)]

        case .program(let name, let weeks, let days, let week, let summary, let accent):
            let a = TitlesPalette.accent(accent)
            let track = Rect(x: 16, y: r.y(114), width: width - 32, height: 8)
            var fillRect = track
            fillRect.size.width *= Double(week) / Double(weeks)
            let progress = ("Week \(week) of \(weeks)", r.font(.footnote)), percent = ("\(week * 100 / weeks)%", r.font(.footnote))
            let room = share(progress, percent, room: width - 32)
            return [card(h),
                    .fill(.roundedRect(Rect(x: 0, y: 0, width: 6, height: h), cornerRadius: 3, style: .circular), .solid(a)),
                    text(name, r.font(20, .bold), 16, r.y(34), p.label, maxWidth: width - 32, wraps: true),
                    text("\(weeks) weeks · \(days) days / week", r.font(.subheadline), 16, r.y(58), p.secondaryLabel, maxWidth: width - 32, wraps: true),
                    text(summary, r.font(.subheadline), 16, r.y(82), p.label, maxWidth: width - 32, wraps: true),
                    text(progress.0, progress.1, 16, r.y(104), p.secondaryLabel, maxWidth: room.leading),
                    text(percent.0, percent.1, width - 16, r.y(104), a, .trailing, maxWidth: room.trailing),
                    .fill(.capsule(track), .solid(p.fill)),
                    .fill(.capsule(fillRect), .solid(a))]

        case .historyEntry(let day, let weekday, let name, let minutes, let volume, let records, let accent):
            let a = TitlesPalette.accent(accent)
            let room = width - 74 - (records > 0 ? 78 : 16)
            var n = [card(h, radius: 14),
                     .fill(.roundedRect(Rect(x: 12, y: 12, width: 48, height: 48), cornerRadius: 12, style: .continuous), .solid(a.opacity(0.16))),
                     text(weekday, .init(size: 11, weight: .semibold), 36, 30, a, .center),
                     text("\(day)", .init(size: 20, weight: .bold), 36, 52, p.label, .center),
                     text(name, r.font(.headline), 74, r.y(32), p.label, maxWidth: room, wraps: true),
                     text("\(minutes) min · \(thousands(volume)) kg", r.font(.subheadline), 74, r.y(54), p.secondaryLabel, maxWidth: room, wraps: true)]
            if records > 0 {
                n.append(.fill(.capsule(Rect(x: width - 70, y: 22, width: 56, height: 26)), .solid(Color(hex: 0xFF9F0A).opacity(0.18))))
                n.append(text("\(records) PR", .init(size: 13, weight: .semibold), width - 42, 40, Color(hex: 0xE08600), .center))
            }
            return n

        case .profileHeader(let name, let since):
            let c = Point(width / 2, 52)
            return [.fill(.circle(center: c, radius: 42), .angularGradient(
                        stops: Paint.evenStops([p.accent, TitlesPalette.accent(0), TitlesPalette.accent(3), p.accent]),
                        center: c, startAngle: 0, endAngle: 2 * .pi)),
                    .fill(.circle(center: c, radius: 38), .solid(p.card)),
                    text("AM", .init(size: 30, weight: .bold), c.x, c.y + 11, p.label, .center),
                    text(name, r.font(22, .bold), c.x, r.y(122), p.label, .center, maxWidth: width, wraps: true),
                    text(since, r.font(.subheadline), c.x, r.y(144), p.secondaryLabel, .center, maxWidth: width, wraps: true)]

        case .profileStats:
            let stats: [(String, String)] = [("128", "Workouts"), ("6 wk", "Streak"), ("23", "Records")]
            let tileW = (width - 20) / 3
            var n: [Node] = []
            for (i, s) in stats.enumerated() {
                let x = Double(i) * (tileW + 10)
                n.append(.fill(.roundedRect(Rect(x: x, y: 0, width: tileW, height: h), cornerRadius: 16, style: .continuous), .solid(p.card)))
                n.append(text(s.0, r.font(26, .bold), x + tileW / 2, r.y(46), TitlesPalette.accent(i * 2 + 1), .center,
                              maxWidth: tileW - 8, minimumScaleFactor: 0.5))
                n.append(text(s.1, r.font(.footnote), x + tileW / 2, r.y(70), p.secondaryLabel, .center,
                              maxWidth: tileW - 8, minimumScaleFactor: 0.5))
            }
            return n

        case .settingsRow(let title, let detail, let position):
            // An inset-grouped section, as the `list` component draws one (List.swift, SystemMetrics):
            // the section is one card with 10 pt continuous corners, the first row carrying its top
            // corners and the last its bottom ones; a hairline separator under every row but the
            // last, inset to where the row's text starts (16 pt), none at the card's edge.
            let text0 = SystemMetrics.rowInset
            let room = share((title, r.font(.body)), (detail, r.font(.body)), room: width - 34 - text0)
            let k = SystemMetrics.sectionCornerRadius
            let card = Rect(x: 0, y: position.roundsTop ? 0 : -k, width: width,
                            height: h + (position.roundsTop ? 0 : k) + (position.roundsBottom ? 0 : k))
            var n: [Node] = [.group([.fill(.rect(Rect(x: 0, y: 0, width: width, height: h)), .solid(p.card))],
                                    clip: .roundedRect(card, cornerRadius: k, style: .continuous)),
                             text(title, r.font(.body), text0, r.y(33), p.label, maxWidth: room.leading, wraps: true),
                             text(detail, r.font(.body), width - 34, r.y(33), p.secondaryLabel, .trailing, maxWidth: room.trailing, wraps: true),
                             chevron(x: width - 18, y: h / 2)]
            if !position.roundsBottom {
                n.append(.fill(.rect(Rect(x: text0, y: h - Self.separatorWidth, width: width - text0, height: Self.separatorWidth)),
                               .solid(p.separator)))
            }
            return n
        }
    }

    /// Room for a leading and a trailing text on one line of width `room`: each gets its estimated
    /// width when both fit with 8 pt between; otherwise the trailing one gets at most 40 % and the
    /// leading one the rest, and each ends in "…" where it is wider than its share.
    func share(_ leading: (String, Font), _ trailing: (String, Font), room: Double) -> (leading: Double, trailing: Double) {
        let b = estimatedWidth(trailing.0, trailing.1)
        if estimatedWidth(leading.0, leading.1) + b + 8 <= room { return (room - b - 8, b + 0.5 * trailing.1.size) }
        let t = min(b + 0.5 * trailing.1.size, 0.4 * room)
        return (room - t - 8, t)
    }

    /// A text's width, measured (TextMeasure), for the room a trailing label leaves to the text before it.
    func estimatedWidth(_ s: String, _ font: Font) -> Double { TextMeasure.width(s, font) }

    /// True when the block stacks what sits side by side at smaller sizes (the week's stats at
    /// accessibility sizes, a workout's chips that do not fit): it is taller without wrapping.
    func stacks(_ block: ContentBlock) -> Bool {
        switch block {
        case .weekSummary: return type.isAccessibilitySize
        case .workout(_, _, _, let exercises, let volume, _):
            return type.isAccessibilitySize && chipsStack(workoutChips(exercises: exercises, volume: volume), room: width - 16 - 74)
        default: return false
        }
    }

    /// A workout's chips: its exercise count and its volume, with their widths at the default size.
    func workoutChips(exercises: Int, volume: Int) -> [(String, Double)] { [("\(exercises) exercises", 96), (thousands(volume) + " kg", 78)] }

    /// The chips' caption font and padding: each capsule is its label plus `chipPadding` either side
    /// (a chip's `.padding(.horizontal, 8)`), 20 pt tall at the default size.
    var chipFont: Font { Font(size: type.scaled(12), weight: .regular) }
    static let chipPadding = 8.0
    static let chipGap = 6.0

    /// True when the chips do not fit side by side in `room` at their natural widths: then they
    /// stack (ViewThatFits { HStack; VStack }), each keeping its padding.
    func chipsStack(_ items: [(String, Double)], room: Double) -> Bool {
        let natural = items.reduce(0) { $0 + chipWidth($1) } + Self.chipGap * Double(items.count - 1)
        return natural > room
    }

    /// A chip's width: its default width grown with the caption, never less than its label and padding.
    func chipWidth(_ item: (String, Double)) -> Double {
        max(item.1 * type.scale(of: .caption1), estimatedWidth(item.0, chipFont) + 2 * Self.chipPadding)
    }

    /// Capsule chips in a row from `x`, each at its width (`chipWidth`); where they do not fit in
    /// `room` at an accessibility size they stack, one under the other two caption lines apart (the
    /// room the row's RowStretch keeps for them), a label wider than the room ending in "…" inside
    /// its padding.
    func chips(_ items: [(String, Double)], x: Double, top: Double, baseline: Double, room: Double) -> [Node] {
        let s = type.scale(of: .caption1)
        let height = baseline - top + 6 * s   // 20 pt at the default size: 14 above the baseline, 6 below
        // Stacked at accessibility sizes (the block makes room: `wrappedRows`); below them, chips
        // that do not fit shrink together as before, their labels ending in "…" inside the padding.
        let stacked = type.isAccessibilitySize && chipsStack(items, room: room)
        let natural = items.reduce(0) { $0 + chipWidth($1) } + Self.chipGap * Double(items.count - 1)
        let fit = stacked ? 1 : min(1, room / natural)
        let step = 2 * 1.2 * chipFont.size
        var left = x, dy = 0.0
        var n: [Node] = []
        for item in items {
            let label = item.0
            let w = min(chipWidth(item) * fit, room)
            n.append(.group([.fill(.capsule(Rect(x: left, y: top + dy, width: w, height: height)), .solid(palette.fill)),
                             text(label, chipFont, left + w / 2, baseline + dy, palette.secondaryLabel,
                                  .center, maxWidth: w - 2 * Self.chipPadding)]))
            if stacked { dy += step } else { left += w + Self.chipGap }
        }
        return n
    }

    /// Lines the week's stats add when they stack (values and labels each).
    static let statsStackExtraLines = 2.0

    func card(_ height: Double, radius: Double = 18) -> Node {
        .fill(.roundedRect(Rect(x: 0, y: 0, width: width, height: height), cornerRadius: radius, style: .continuous), .solid(palette.card))
    }

    /// A disclosure chevron (chevron.right at 17 pt, semibold) whose tip is at (x, y): the symbol's
    /// right end is 0.13 em right of its centre, plus half its stroke.
    func chevron(x: Double, y: Double) -> Node {
        Symbol.node("chevron.right", size: 17, weight: .semibold, center: Point(x - 0.18 * 17, y), paint: .solid(palette.separator))!
    }

    /// A label on one line, or with `wraps` at an accessibility size, wrapped to `maxWidth` in as
    /// many lines as its measured wrap takes (a line limit of that many).
    func text(_ s: String, _ font: Font, _ x: Double, _ baseline: Double, _ color: Color,
              _ alignment: TextAlignment = .leading, maxWidth: Double? = nil, minimumScaleFactor: Double = 1, wraps: Bool = false) -> Node {
        if wraps, type.isAccessibilitySize, let room = maxWidth.map({ max(1, $0) }) {
            let lines = estimatedLines(s, font, room: room)
            if lines > 1 {
                return .text(TextRun(s, font: font, origin: Point(x, baseline), alignment: alignment,
                                     wrapWidth: room, lineLimit: lines), .solid(color))
            }
        }
        return .text(TextRun(s, font: font, origin: Point(x, baseline), alignment: alignment, maxWidth: maxWidth.map { max(1, $0) },
                             minimumScaleFactor: minimumScaleFactor), .solid(color))
    }

    /// Lines `s` takes wrapped to `room`, measured through HoloText (at most 4: a label is not a paragraph).
    func estimatedLines(_ s: String, _ font: Font, room: Double) -> Int {
        let paragraph = ParagraphLayout.layout(s, font: font, style: ParagraphStyle(wrapWidth: room),
                                               metrics: LineMetrics(ascent: 0, descent: 0, lineHeight: 0),
                                               measure: { piece, f in estimatedWidth(String(piece), f) })
        return min(4, paragraph.lines.count)
    }

    /// 18450 → "18,450".
    func thousands(_ n: Int) -> String {
        n >= 1000 ? "\(n / 1000)," + String(String(n % 1000 + 1000).dropFirst()) : "\(n)"
    }
}

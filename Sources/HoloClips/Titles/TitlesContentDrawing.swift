// Drawing the page blocks: cards and rows in the block's local points (x 0 at the left margin,
// y 0 at the block's top, `width` the content width).

import HoloGeometry
import HoloScene

struct ContentDrawing {
    var palette: TitlesPalette
    var width: Double

    func nodes(_ block: ContentBlock) -> [Node] {
        let p = palette
        let h = block.height
        switch block {
        case .sectionHeader(let title):
            return [text(title, .init(size: 20, weight: .bold), 4, 24, p.label)]

        case .weekSummary(let workouts, let minutes, let volume):
            var n = [card(h)]
            n.append(text("This Week", .headline, 16, 30, p.label))
            n.append(text("Mar 10 – 16", .subheadline, width - 16, 30, p.secondaryLabel, .trailing))
            let columns: [(String, String)] = [("\(workouts)", "Workouts"), ("\(minutes / 60)h \(minutes % 60)m", "Time"),
                                               (thousands(volume), "Volume (kg)")]
            let colW = (width - 32) / 3
            for (i, c) in columns.enumerated() {
                let x = 16 + Double(i) * colW
                n.append(text(c.0, .init(size: 22, weight: .bold), x, 72, p.label))
                n.append(text(c.1, .footnote, x, 94, p.secondaryLabel))
            }
            return n

        case .startWorkout:
            let r = Rect(x: 0, y: 0, width: width, height: h)
            return [.fill(.roundedRect(r, cornerRadius: 16, style: .continuous), .linearGradient(
                        stops: Paint.evenStops([p.accent, TitlesPalette.accent(5)]), start: Point(0, 0), end: Point(width, h))),
                    .fill(.circle(center: Point(34, h / 2), radius: 14), .solid(Color(white: 1, alpha: 0.25))),
                    .fill(.rect(Rect(x: 27, y: h / 2 - 1.5, width: 14, height: 3)), .solid(.white)),
                    .fill(.rect(Rect(x: 32.5, y: h / 2 - 7, width: 3, height: 14)), .solid(.white)),
                    text("Start Empty Workout", .headline, 60, h / 2 + 6, .white)]

        case .workout(let name, let date, let minutes, let exercises, let volume, let accent):
            let a = TitlesPalette.accent(accent)
            return [card(h),
                    .fill(.roundedRect(Rect(x: 16, y: 18, width: 44, height: 44), cornerRadius: 12, style: .continuous), .solid(a.opacity(0.18))),
                    .fill(.capsule(Rect(x: 25, y: 36, width: 26, height: 8)), .solid(a)),
                    .fill(.roundedRect(Rect(x: 22, y: 31, width: 6, height: 18), cornerRadius: 2, style: .circular), .solid(a)),
                    .fill(.roundedRect(Rect(x: 48, y: 31, width: 6, height: 18), cornerRadius: 2, style: .circular), .solid(a)),
                    text(name, .headline, 74, 36, p.label),
                    text(date, .subheadline, 74, 58, p.secondaryLabel),
                    text("\(minutes) min", .subheadline, width - 16, 36, p.secondaryLabel, .trailing),
                    chip("\(exercises) exercises", x: 74, y: 70, width: 96),
                    chip(thousands(volume) + " kg", x: 176, y: 70, width: 78)]

        case .exercise(let name, let muscle, let equipment, let accent):
            let a = TitlesPalette.accent(accent)
            let initial = String(name.prefix(1))
            return [card(h, radius: 14),
                    .fill(.circle(center: Point(36, h / 2), radius: 20), .solid(a.opacity(0.2))),
                    text(initial, .headline, 36, h / 2 + 6, a, .center),
                    text(name, .headline, 68, 28, p.label),
                    text("\(muscle) · \(equipment)", .subheadline, 68, 49, p.secondaryLabel),
                    chevron(x: width - 22, y: h / 2)]

        case .program(let name, let weeks, let days, let week, let summary, let accent):
            let a = TitlesPalette.accent(accent)
            let track = Rect(x: 16, y: h - 28, width: width - 32, height: 8)
            var fillRect = track
            fillRect.size.width *= Double(week) / Double(weeks)
            return [card(h),
                    .fill(.roundedRect(Rect(x: 0, y: 0, width: 6, height: h), cornerRadius: 3, style: .circular), .solid(a)),
                    text(name, .init(size: 20, weight: .bold), 16, 34, p.label),
                    text("\(weeks) weeks · \(days) days / week", .subheadline, 16, 58, p.secondaryLabel),
                    text(summary, .subheadline, 16, 82, p.label),
                    text("Week \(week) of \(weeks)", .footnote, 16, h - 38, p.secondaryLabel),
                    text("\(week * 100 / weeks)%", .footnote, width - 16, h - 38, a, .trailing),
                    .fill(.capsule(track), .solid(p.fill)),
                    .fill(.capsule(fillRect), .solid(a))]

        case .historyEntry(let day, let weekday, let name, let minutes, let volume, let records, let accent):
            let a = TitlesPalette.accent(accent)
            var n = [card(h, radius: 14),
                     .fill(.roundedRect(Rect(x: 12, y: 12, width: 48, height: 48), cornerRadius: 12, style: .continuous), .solid(a.opacity(0.16))),
                     text(weekday, .init(size: 11, weight: .semibold), 36, 30, a, .center),
                     text("\(day)", .init(size: 20, weight: .bold), 36, 52, p.label, .center),
                     text(name, .headline, 74, 32, p.label),
                     text("\(minutes) min · \(thousands(volume)) kg", .subheadline, 74, 54, p.secondaryLabel)]
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
                    text(name, .init(size: 22, weight: .bold), c.x, 122, p.label, .center),
                    text(since, .subheadline, c.x, 144, p.secondaryLabel, .center)]

        case .profileStats:
            let stats: [(String, String)] = [("128", "Workouts"), ("6 wk", "Streak"), ("23", "Records")]
            let tileW = (width - 20) / 3
            var n: [Node] = []
            for (i, s) in stats.enumerated() {
                let x = Double(i) * (tileW + 10)
                n.append(.fill(.roundedRect(Rect(x: x, y: 0, width: tileW, height: h), cornerRadius: 16, style: .continuous), .solid(p.card)))
                n.append(text(s.0, .init(size: 26, weight: .bold), x + tileW / 2, 46, TitlesPalette.accent(i * 2 + 1), .center))
                n.append(text(s.1, .footnote, x + tileW / 2, 70, p.secondaryLabel, .center))
            }
            return n

        case .settingsRow(let title, let detail):
            return [.fill(.rect(Rect(x: 0, y: 0, width: width, height: h)), .solid(p.card)),
                    text(title, .body, 16, 33, p.label),
                    text(detail, .body, width - 34, 33, p.secondaryLabel, .trailing),
                    chevron(x: width - 18, y: h / 2)]
        }
    }

    func card(_ height: Double, radius: Double = 18) -> Node {
        .fill(.roundedRect(Rect(x: 0, y: 0, width: width, height: height), cornerRadius: radius, style: .continuous), .solid(palette.card))
    }

    /// A disclosure chevron (›) whose tip is at (x, y): two 8-pt strokes at ±45°.
    func chevron(x: Double, y: Double) -> Node {
        let arm = Node.fill(.capsule(Rect(x: -8, y: -1.2, width: 8.6, height: 2.4)), .solid(palette.separator))
        return .group([.group([arm], transform: .rotation(.pi / 4)), .group([arm], transform: .rotation(-.pi / 4))],
                      transform: .translation(x, y))
    }

    func chip(_ label: String, x: Double, y: Double, width w: Double) -> Node {
        .group([.fill(.capsule(Rect(x: x, y: y - 3, width: w, height: 20)), .solid(palette.fill)),
                text(label, .caption, x + w / 2, y + 11, palette.secondaryLabel, .center)])
    }

    func text(_ s: String, _ font: Font, _ x: Double, _ baseline: Double, _ color: Color,
              _ alignment: TextAlignment = .leading) -> Node {
        .text(TextRun(s, font: font, origin: Point(x, baseline), alignment: alignment), .solid(color))
    }

    /// 18450 → "18,450".
    func thousands(_ n: Int) -> String {
        n >= 1000 ? "\(n / 1000)," + String(String(n % 1000 + 1000).dropFirst()) : "\(n)"
    }
}

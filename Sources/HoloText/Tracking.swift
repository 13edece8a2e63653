// Size-dependent tracking, as iOS applies it to the system font.
//
// iOS adds tracking to SF Pro by point size: looser below 12 pt, tighter from 13 to 23 pt (the
// body and headline sizes), looser again in the display sizes. Apple publishes the values in the
// Human Interface Guidelines, Typography → Specifications → "Tracking values" (iOS, SF Pro), in
// 1/1000 em. The table below is that one. Checked against the values quoted by a summary of the
// HIG (uxcel, "System typography: SF font → Spacing rules": 10 pt +12, 12 pt 0, 13 pt −6,
// 17 pt −26, 28 pt +14); the other rows were written from the HIG table as remembered (it could
// not be fetched here) and should be re-checked against it.
//
// Holoframe's default face (Inter) stands in for SF Pro, so it gets SF Pro's tracking, as UIKit
// gives it to `.systemFont`; a family a scene or `--font` names gets none (as `Font.custom` in
// SwiftUI). Between listed sizes the value is interpolated linearly; below 6 pt it is 6 pt's,
// above the last row the last row's.

/// SF Pro's tracking for the iOS text sizes, (point size, 1/1000 em).
public enum SystemTracking {
    public static let table: [(size: Double, thousandths: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12),
        (35, 11), (36, 10), (37, 10), (38, 8), (39, 8), (40, 8), (41, 7), (42, 6), (43, 6), (44, 5),
        (45, 5), (46, 4), (47, 4), (48, 3), (49, 3), (50, 2), (51, 2), (52, 1), (53, 1), (54, 0),
    ]

    /// Tracking at `pointSize`, as a fraction of the em (multiply by the size for points).
    public static func em(atPointSize pointSize: Double) -> Double {
        let t = table
        if pointSize <= t[0].size { return t[0].thousandths / 1000 }
        if pointSize >= t[t.count - 1].size { return t[t.count - 1].thousandths / 1000 }
        var i = 1
        while t[i].size < pointSize { i += 1 }
        let (a, b) = (t[i - 1], t[i])
        let f = (pointSize - a.size) / (b.size - a.size)
        return (a.thousandths + (b.thousandths - a.thousandths) * f) / 1000
    }
}

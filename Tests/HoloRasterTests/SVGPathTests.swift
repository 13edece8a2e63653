// SVG path data → Path (HoloScene/SVGPath.swift): every command, both cases, the number forms,
// implicit repeats, reflections, arcs, and errors that name the column and what was expected.

import Foundation
import Testing
import HoloGeometry
import HoloScene

private func parse(_ d: String) throws -> [PathElement] { try Path(svg: d).elements }

private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite struct SVGPathTests {
    @Test func everyCommandAbsoluteAndRelative() throws {
        let absolute = try parse("M10 20 L30 40 H50 V60 C50 70 60 70 60 60 S70 50 70 60 Q75 70 80 60 T90 60 Z")
        let relative = try parse("m10 20 l20 20 h20 v20 c0 10 10 10 10 0 s10 -10 10 0 q5 10 10 0 t10 0 z")
        #expect(absolute == relative)
        #expect(absolute == [
            .move(to: Point(10, 20)), .line(to: Point(30, 40)), .line(to: Point(50, 40)), .line(to: Point(50, 60)),
            .curve(to: Point(60, 60), control1: Point(50, 70), control2: Point(60, 70)),
            // S reflects the previous curve's second control point about the current point.
            .curve(to: Point(70, 60), control1: Point(60, 50), control2: Point(70, 50)),
            .quadCurve(to: Point(80, 60), control: Point(75, 70)),
            // T reflects the previous quadratic's control point.
            .quadCurve(to: Point(90, 60), control: Point(85, 50)),
            .closeSubpath,
        ])
    }

    @Test func numberFormsAndImplicitRepeats() throws {
        #expect(try parse("M.5.5l1e-3-2E1") == [.move(to: Point(0.5, 0.5)), .line(to: Point(0.501, -19.5))])
        #expect(try parse("M0,0 10,0,10 10") == [.move(to: Point(0, 0)), .line(to: Point(10, 0)), .line(to: Point(10, 10))])
        #expect(try parse("m1 1 2 2") == [.move(to: Point(1, 1)), .line(to: Point(3, 3))])
        #expect(try parse("M1-2") == [.move(to: Point(1, -2))])
        #expect(try parse("  ") == [])
        // After Z the current point is the subpath's start.
        #expect(try parse("M10 10 l5 0 z l0 5").last == .line(to: Point(10, 15)))
        // S and T after other commands use the current point as their first control.
        #expect(try parse("M0 0 L10 0 S20 10 30 0").last == .curve(to: Point(30, 0), control1: Point(10, 0), control2: Point(20, 10)))
    }

    @Test func arcsWithFlagsWithoutSeparators() throws {
        // A half circle from (0, 0) to (20, 0), sweep-flag 1: the positive-angle way, which on a
        // y-down screen passes (10, −10); four 45° cubics, the second ending there.
        let e = try parse("M0 0A10 10 0 0120 0")
        #expect(e.count == 5)
        guard case .curve(let mid, _, _) = e[2], case .curve(let end, _, _) = e[4] else { Issue.record("\(e)"); return }
        #expect(close(mid, Point(10, -10)) && end == Point(20, 0))
        let other = try parse("M0 0a10 10 0 0 0 20 0")
        guard case .curve(let mid2, _, _) = other[2] else { Issue.record("\(other)"); return }
        #expect(close(mid2, Point(10, 10)))
        // Radii too small to reach are scaled up (to a half circle here); zero radii make a line.
        guard case .curve(let mid3, _, _) = try parse("M0 0A1 1 0 0 1 20 0")[2] else { Issue.record("no curve"); return }
        #expect(close(mid3, Point(10, -10)))
        #expect(try parse("M0 0A0 5 0 0 1 20 0") == [.move(to: .zero), .line(to: Point(20, 0))])
        // Large-arc: the 270° way round a circle of radius 10 through (10, 0) and (0, 10).
        let large = try parse("M10 0A10 10 0 1 1 0 10")
        #expect(large.count == 1 + 6)
    }

    @Test func errorsNameTheColumnAndWhatWasExpected() {
        func error(_ d: String) -> PathSyntaxError? {
            do { _ = try Path(svg: d); return nil } catch { return error }
        }
        #expect(error("M 10 10 L 90")?.description == "column 13: expected a number (y of the point after \"L\"), found the end")
        #expect(error("L 10 10")?.description == "column 1: expected a move command (M or m) to start the path, found 'L'")
        #expect(error("M 0 0 X 5")?.description == "column 7: expected a command letter or a number, found 'X'")
        #expect(error("M 0 0 A 5 5 0 2 0 10 10")?.description == "column 15: expected an arc flag (0 or 1), found '2'")
        #expect(error("M 1e999 0")?.column == 3)
        #expect(error("M 0 0 Z 5")?.description == "column 9: expected a command letter after Z, found '5'")
        #expect(error("M 0 0 C 1 2 3 4 5")?.description == "column 18: expected a number (y of the end point after \"C\"), found the end")
    }

    /// Degenerate arcs (issue 41): `A 1e-300 1e-300 …` trapped (rx² underflowed, the centre was
    /// NaN and reached Int()). The radius correction is scale-invariant: radii of 1e-300 scale up
    /// to the same half circle as radii of 1; subnormal and huge radii draw finite cubics or are
    /// refused at the arc's column.
    @Test func degenerateArcsDrawFiniteCubicsOrAreRefusedAtTheirColumn() throws {
        #expect(try parse("M0 0A1e-300 1e-300 0 0 1 20 0") == (try parse("M0 0A1 1 0 0 1 20 0")))
        #expect(try parse("M0 0A5e-324 5e-324 0 1 0 20 0") == (try parse("M0 0A1 1 0 1 0 20 0")))
        for d in ["M10 10 A 1e-300 1e-300 0 0 1 50 50", "M0 0 A 1e-320 1 0 0 1 100 0", "M0 0 A 1e6 1e6 0 1 1 1e-300 0",
                  "M0 0 A 1e6 1e-300 45 1 0 5e-324 0", "M0 0 A 1 1e-300 0 0 1 0 100", "M0 0 A 1e-308 1e6 0 1 1 1e6 1e6"] {
            do {
                for e in try parse(d) {
                    if case .curve(let p, let c1, let c2) = e {
                        let finite = [p.x, p.y, c1.x, c1.y, c2.x, c2.y].allSatisfy { $0.isFinite }
                        #expect(finite, "\(d): \(e)")
                    }
                }
            } catch let error as PathSyntaxError {
                // The column is the arc's first radius.
                let before = d.prefix(error.column - 1).trimmingCharacters(in: .whitespaces)
                #expect(before.hasSuffix("A") && error.message.contains("arc cannot be drawn"), "\(d): \(error)")
            }
        }
        // Radii 1e300 times apart, the chord across the thin one: the scaled ellipse is 1e300 wide.
        #expect(throws: PathSyntaxError.self) { try Path(svg: "M0 0 A 1 1e-300 0 0 1 0 100") }
        // Ends a subnormal distance apart: a line, never NaN.
        #expect(try parse("M0 0A1e6 1e6 0 1 1 5e-324 0") == [.move(to: .zero), .line(to: Point(5e-324, 0))])
    }
}

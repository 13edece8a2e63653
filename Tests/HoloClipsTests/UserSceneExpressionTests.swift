// The expression language: values at sample driver values (hand-computed), precedence,
// and load-time errors with their columns.

import Testing
@testable import HoloClips

private let drivers: Set<String> = ["time", "scroll", "scrollPhase", "roll", "pitch", "frame", "header.visible", "reveal.progress"]

private func eval(_ source: String, _ values: [String: Double] = [:]) throws -> Double {
    try SceneExpression(source, driverNames: drivers).evaluate(values)
}

@Suite struct UserSceneExpressionTests {
    @Test(arguments: [
        ("1 + 2 * 3", 7.0), ("(1 + 2) * 3", 9), ("-2 * 3", -6), ("10 - 4 - 3", 3), ("8 / 4 / 2", 1),
        ("2 * -3", -6), ("- -3", 3), ("-(1 - 4)", 3), ("1.5e2 + .5", 150.5),
        // Comparisons bind looser than arithmetic and yield 0 or 1.
        ("1 + 2 < 4", 1), ("3 <= 3", 1), ("3 > 3", 0), ("3 >= 3.5", 0), ("2 == 1 + 1", 1), ("(1 < 2) + (2 < 1)", 1),
        // The conditional binds loosest and nests to the right.
        ("2 < 1 ? 5 : 6", 6), ("1 ? 2 : 0 ? 3 : 4", 2), ("0 ? 2 : 0 ? 3 : 4", 4), ("0 ? 2 : 1 ? 3 : 4", 3),
        ("1 + 1 ? 10 : 20", 10),
    ])
    func arithmeticAndPrecedence(source: String, expected: Double) throws {
        #expect(try eval(source) == expected)
    }

    @Test(arguments: [
        ("clamp(5, 0, 1)", 1.0), ("clamp(-1, 0, 1)", 0), ("clamp(0.3, 0, 1)", 0.3),
        ("mix(10, 20, 0.25)", 12.5), ("mix(10, 20, 1.5)", 25), ("mix(10, 20, -1)", 0),
        ("step(0.5, 0.5)", 1), ("step(0.5, 0.49)", 0), ("step(0, -0.001)", 0),
        // smoothstep: t²(3 − 2t) with t = clamp((x − e0)/(e1 − e0), 0, 1)
        ("smoothstep(0, 1, 0.5)", 0.5), ("smoothstep(0, 1, 0.25)", 0.15625), ("smoothstep(0, 1, -1)", 0),
        ("smoothstep(0, 1, 2)", 1), ("smoothstep(20, 80, 35)", 0.15625),
        // Reversed edges: t = (0.25 − 1)/(0 − 1) = 0.75 → 0.5625·1.5.
        ("smoothstep(1, 0, 0.25)", 0.84375),
        // Equal edges: a step at the edge.
        ("smoothstep(2, 2, 1.9)", 0), ("smoothstep(2, 2, 2)", 1),
        ("min(3, -2)", -2), ("max(3, -2)", 3), ("abs(-3)", 3), ("floor(-0.5)", -1), ("floor(2.7)", 2),
        ("fract(2.75)", 0.75), ("fract(-0.25)", 0.75), ("sin(0)", 0), ("cos(0)", 1),
    ])
    func functions(source: String, expected: Double) throws {
        #expect(try eval(source) == expected)
    }

    @Test func driversAreReadByName() throws {
        let e = try SceneExpression("clamp(scroll / 80, 0, 1) * 40", driverNames: drivers)
        #expect(e.driverNames == ["scroll"])
        #expect(e.evaluate(["scroll": 40]) == 20)
        #expect(e.evaluate(["scroll": 200]) == 40)
        #expect(e.evaluate(["scroll": -10]) == 0)
        // A driver the host left out reads 0.
        #expect(e.evaluate([:]) == 0)
        #expect(try eval("header.visible * 10 + reveal.progress", ["header.visible": 0.5, "reveal.progress": 0.25]) == 5.25)
        #expect(try eval("scrollPhase == 2 ? roll : pitch", ["scrollPhase": 2, "roll": 0.3, "pitch": -0.2]) == 0.3)
        #expect(try eval("scrollPhase == 2 ? roll : pitch", ["scrollPhase": 1, "roll": 0.3, "pitch": -0.2]) == -0.2)
        #expect(try eval("sin(time * 2)", ["time": 0.25]) == sin(0.5))
    }

    @Test func documentWideSlotsAreShared() throws {
        var table = DriverTable(known: drivers)
        let a = try ExpressionParser.parse("scroll + time", drivers: &table)
        let b = try ExpressionParser.parse("time * 2 + roll", drivers: &table)
        #expect(table.names == ["scroll", "time", "roll"])
        let slots = table.slots(from: ["scroll": 10, "time": 3, "roll": 0.5])
        #expect(a.evaluate(slots) == 13)
        #expect(b.evaluate(slots) == 6.5)
    }

    @Test(arguments: [
        ("1 + * 2", 5, "expected a number"),
        ("(1 + 2", 7, "expected ')'"),
        ("1 2", 3, "expected an operator or the end"),
        ("time ? 1", 9, "expected ':'"),
        ("2 * (time + )", 13, "expected a number"),
        ("scrol * 2", 1, "unknown driver 'scrol'"),
        ("1 + header.visibl", 5, "unknown driver 'header.visibl'"),
        ("foo(1)", 1, "unknown function 'foo'"),
        ("  clamp(scroll, 0)", 3, "clamp takes 3 arguments"),
        ("abs()", 1, "abs takes 1 argument"),
        ("mix(1, 2, 3", 12, "expected ',' or ')'"),
        ("", 1, "found the end of the expression"),
        ("1 + $", 5, "found '$'"),
        ("clamp * 2", 1, "clamp is a function"),
    ])
    func parseErrorsSayWhereAndWhat(source: String, column: Int, message: String) {
        #expect {
            try SceneExpression(source, driverNames: drivers)
        } throws: { error in
            guard let e = error as? ExpressionError else { return false }
            return e.column == column && e.message.contains(message)
        }
    }

    @Test func deepNestingIsRefused() throws {
        let source = String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
        #expect(throws: ExpressionError.self) { try SceneExpression(source, driverNames: drivers) }
        let fine = String(repeating: "(", count: 20) + "1" + String(repeating: ")", count: 20)
        #expect(try eval(fine) == 1)
    }
}

#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

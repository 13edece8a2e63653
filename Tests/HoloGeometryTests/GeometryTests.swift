import Testing
@testable import HoloGeometry

@Suite struct AffineTransformTests {
    @Test func inverseUndoesTransform() throws {
        let t = AffineTransform.rotation(0.7).concatenating(.scale(2, 3)).concatenating(.translation(5, -4))
        let inv = try #require(t.inverted())
        let p = Point(12.5, -3.25)
        let q = inv.apply(t.apply(p))
        #expect(abs(q.x - p.x) < 1e-12 && abs(q.y - p.y) < 1e-12)
    }
    @Test func concatenationAppliesSelfFirst() {
        let t = AffineTransform.translation(10, 0).concatenating(.scale(2, 2))
        #expect(t.apply(Point(1, 1)) == Point(22, 2))
    }
    @Test func singularTransformHasNoInverse() {
        #expect(AffineTransform.scale(0, 1).inverted() == nil)
    }
    @Test func rectIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    }
}

@Suite struct PrintableTests {
    @Test func controlCharactersAreEscapedAndOtherTextKept() {
        #expect(Printable.escaped("plain ünïcode ✓") == "plain ünïcode ✓")
        #expect(Printable.escaped("a\u{1B}[31mb\u{0}c\rd\u{202E}e") == #"a\u{1B}[31mb\u{0}c\u{D}d\u{202E}e"#)
        #expect(Printable.escaped("one\ntwo", keepNewlines: true) == "one\ntwo")
        #expect(Printable.escaped("one\ntwo") == #"one\u{A}two"#)
        #expect(Printable.escaped(bytes: [0x61, 0xFF, 0x62, 0xC3, 0xA9]) == #"a\x{FF}bé"#)
    }

    @Test func wordsAreShellQuoted() {
        #expect(Printable.shellQuoted("examples/tilt-card.json") == "examples/tilt-card.json")
        #expect(Printable.shellQuoted("$(rm -rf ~)") == "'$(rm -rf ~)'")
        #expect(Printable.shellQuoted("it's") == #"'it'\''s'"#)
        #expect(Printable.shellQuoted("") == "''")
        #expect(Printable.shellQuoted("a\u{1B}b'c") == #"$'a\x1Bb\'c'"#)
    }

    @Test func longTextIsCutInTheMiddle() {
        let cut = Printable.middle("res" + String(repeating: "x", count: 500) + "-one", limit: 40)
        #expect(cut.hasPrefix("resxx") && cut.hasSuffix("x-one") && cut.contains("characters)"), "\(cut)")
        #expect(Printable.middle("short") == "short")
    }
}

@Suite struct PathSplitTests {
    /// POSIX dirname/basename on the text: one-character, root, trailing-slash and empty paths
    /// (Foundation's `deletingLastPathComponent` traps on "a").
    @Test func splitsEveryShapeOfPath() {
        let table: [(String, String, String)] = [
            ("a", ".", "a"), ("/", "/", ""), ("/a", "/", "a"), ("a/", ".", "a"), ("./a", ".", "a"),
            ("..", ".", ".."), ("", ".", ""), ("a/b", "a", "b"), ("a/b/", "a", "b"), ("//a", "/", "a"),
            ("a//b", "a", "b"), ("/x/y/z.json", "/x/y", "z.json"), ("../G", "..", "G"),
        ]
        for (path, folder, name) in table {
            #expect(PathSplit(path).folder == folder, "folder of \"\(path)\"")
            #expect(PathSplit(path).name == name, "name of \"\(path)\"")
        }
        #expect(PathSplit("clips/my.header.json").stem == "my.header")
        #expect(PathSplit(".hidden").stem == ".hidden")
        #expect(PathSplit("c").stem == "c")
    }
}

// Where every built-in clip puts its text and its shapes, frame by frame, held to a reviewed record
// (`__Geometry__/<clip>.txt`): a geometry golden, independent of pixels and of scale. A PNG golden
// says that a frame changed; this says what moved and by how much ("'This Week' moved 3.2 pt up").
//
// Landmarks, in screen points (every group's transform applied):
//   text    its string and point size, and where its first line starts: the left end of the line
//           on its first baseline (the origin moved left by the line's measured width for centred
//           and trailing text, the width held to the run's maxWidth or wrap width)
//   shape   the bounds of every filled rect, rounded rect, capsule and ellipse (circles included)
// on iphone-12 in portrait at the default text size, every 15th frame and the last.
//
// Compared: each recorded text with the same string and size in the same frame (the n-th with the
// n-th), each recorded shape with the nearest current shape of its kind; a landmark moved by more
// than `tolerance`, or gone, fails, and so does a new one. Record with HOLOFRAME_RECORD=failed
// (or all, or missing) and look at the diff of the text files before committing them.

import Foundation
import Testing
import HoloGeometry
import HoloMotion
import HoloScene
@testable import HoloClips

private let geometryFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Geometry__")

/// One thing whose place is held: a text's first-line start or a shape's bounds.
struct GeometryLandmark: Hashable {
    enum Kind: String { case text, rect, roundedRect, capsule, ellipse }
    var frame: Int
    var kind: Kind
    /// The text's string and point size (tabs and newlines escaped); empty for shapes.
    var key: String
    var rect: Rect

    var line: String {
        func f(_ v: Double) -> String { String(format: "%.2f", v == 0 ? 0 : v) }
        return [String(frame), kind.rawValue, key, f(rect.minX), f(rect.minY), f(rect.width), f(rect.height)].joined(separator: "\t")
    }

    init(frame: Int, kind: Kind, key: String, rect: Rect) { self.frame = frame; self.kind = kind; self.key = key; self.rect = rect }

    init?(line: Substring) {
        let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard parts.count == 7, let frame = Int(parts[0]), let kind = Kind(rawValue: String(parts[1])),
              let x = Double(parts[3]), let y = Double(parts[4]), let w = Double(parts[5]), let h = Double(parts[6]) else { return nil }
        self.init(frame: frame, kind: kind, key: String(parts[2]), rect: Rect(x: x, y: y, width: w, height: h))
    }
}

enum SceneGeometry {
    /// The landmarks of one frame's scene, back to front.
    static func landmarks(_ scene: Scene, frame: Int) -> [GeometryLandmark] {
        var out: [GeometryLandmark] = []
        func walk(_ nodes: [Node], _ t: HoloGeometry.AffineTransform) {
            for node in nodes {
                switch node {
                case .group(let g): walk(g.children, g.transform.concatenating(t))
                case .fill(let shape, _):
                    let kind: GeometryLandmark.Kind
                    switch shape {
                    case .rect: kind = .rect
                    case .roundedRect: kind = .roundedRect
                    case .capsule: kind = .capsule
                    case .ellipse: kind = .ellipse
                    case .path: continue
                    }
                    out.append(GeometryLandmark(frame: frame, kind: kind, key: "", rect: t.bounds(of: shape.bounds)))
                case .text(let run, _):
                    let width = min(TextMeasure.width(run.string, run.font), run.maxWidth ?? run.wrapWidth ?? .infinity)
                    let shift: Double
                    switch run.alignment {
                    case .leading: shift = run.direction == .rightToLeft ? -width : 0
                    case .center: shift = -width / 2
                    case .trailing: shift = run.direction == .rightToLeft ? 0 : -width
                    }
                    let start = t.apply(Point(run.origin.x + shift, run.origin.y))
                    let key = run.string.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
                        + " @" + String(format: "%.2f", run.font.size)
                    out.append(GeometryLandmark(frame: frame, kind: .text, key: key, rect: Rect(x: start.x, y: start.y, width: 0, height: 0)))
                default: continue
                }
            }
        }
        walk(scene.root, HoloGeometry.AffineTransform.identity)
        return out
    }

    /// A built-in clip's landmarks on iphone-12, every `stride`-th frame and the last.
    static func landmarks(of builtIn: BuiltInClip, stride step: Int = 15) throws -> [GeometryLandmark] {
        var spec = builtIn.defaults()
        spec.device = .iPhone12
        let clip = try builtIn.make(spec)
        let source = clip.frames()
        let frames = Array(stride(from: 0, to: clip.frameCount, by: step)) + (clip.frameCount % step == 1 ? [] : [clip.frameCount - 1])
        return frames.flatMap { landmarks(source.scene($0).scene, frame: $0) }
    }

    /// What differs between a recorded and a current list: moved by more than `tolerance` points
    /// (the largest edge displacement), gone, or new; and the largest displacement seen.
    static func compare(recorded: [GeometryLandmark], current: [GeometryLandmark], tolerance: Double)
        -> (problems: [String], largest: Double) {
        var problems: [String] = []
        var largest = 0.0
        func distance(_ a: Rect, _ b: Rect) -> Double {
            max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
        }
        let frames = Set(recorded.map(\.frame)).union(current.map(\.frame)).sorted()
        for frame in frames {
            let old = recorded.filter { $0.frame == frame }, new = current.filter { $0.frame == frame }
            // Texts: the n-th with this string and size with the n-th.
            var newTexts: [String: [Rect]] = [:]
            for l in new where l.kind == .text { newTexts[l.key, default: []].append(l.rect) }
            var seen: [String: Int] = [:]
            for l in old where l.kind == .text {
                let n = seen[l.key, default: 0]
                seen[l.key] = n + 1
                guard let r = newTexts[l.key], n < r.count else { problems.append("frame \(frame): text \"\(l.key)\" is gone"); continue }
                let d = distance(l.rect, r[n])
                largest = max(largest, d)
                if d > tolerance {
                    problems.append("frame \(frame): text \"\(l.key)\" moved from (\(f(l.rect.minX)), \(f(l.rect.minY))) to (\(f(r[n].minX)), \(f(r[n].minY)))")
                }
            }
            for (key, rects) in newTexts where rects.count > seen[key, default: 0] {
                problems.append("frame \(frame): text \"\(key)\" is new (\(rects.count - seen[key, default: 0]) more)")
            }
            // Shapes: each recorded one with the nearest current one of its kind, and each current one likewise.
            for kind in [GeometryLandmark.Kind.rect, .roundedRect, .capsule, .ellipse] {
                let a = old.filter { $0.kind == kind }.map(\.rect), b = new.filter { $0.kind == kind }.map(\.rect)
                for r in a {
                    guard let d = b.map({ distance(r, $0) }).min() else { problems.append("frame \(frame): \(kind) \(r) is gone"); continue }
                    largest = max(largest, d)
                    if d > tolerance { problems.append("frame \(frame): \(kind) \(r) moved by \(f(d)) pt") }
                }
                for r in b where (a.map { distance(r, $0) }.min() ?? .infinity) > tolerance {
                    problems.append("frame \(frame): \(kind) \(r) is new")
                }
            }
        }
        return (problems, largest)
    }

    private static func f(_ v: Double) -> String { String(format: "%.2f", v) }
}

@Suite struct BuiltInGeometryTests {
    /// Positions are written with two decimals.
    static let tolerance = 0.011

    @Test(arguments: ClipCatalog.all.map(\.name))
    func landmarksAreWhereTheRecordSays(_ name: String) throws {
        let builtIn = try #require(ClipCatalog.named(name))
        let current = try SceneGeometry.landmarks(of: builtIn)
        #expect(current.contains { $0.kind == .text }, "a built-in clip with no text")
        let file = geometryFolder.appendingPathComponent("\(name).txt")
        let text = current.map(\.line).joined(separator: "\n") + "\n"
        let mode = ProcessInfo.processInfo.environment["HOLOFRAME_RECORD"]?.lowercased()
        guard let data = try? String(contentsOf: file, encoding: .utf8) else {
            if mode == "missing" || mode == "failed" || mode == "all" {
                try FileManager.default.createDirectory(at: geometryFolder, withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
                Issue.record("recorded \(file.path): look at it and commit it")
            } else {
                Issue.record("no geometry record \(file.path): record with HOLOFRAME_RECORD=missing swift test --filter BuiltInGeometryTests")
            }
            return
        }
        let recorded = data.split(separator: "\n").compactMap(GeometryLandmark.init(line:))
        // Compared as written: two decimals each side.
        let written = text.split(separator: "\n").compactMap(GeometryLandmark.init(line:))
        let (problems, largest) = SceneGeometry.compare(recorded: recorded, current: written, tolerance: Self.tolerance)
        if !problems.isEmpty, mode == "failed" || mode == "all" {
            try text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(file.path) (largest displacement \(String(format: "%.2f", largest)) pt): look at the diff and commit it")
            return
        }
        #expect(problems.isEmpty, "\(name): \(problems.count) landmarks differ from \(file.lastPathComponent), the largest by \(String(format: "%.2f", largest)) pt:\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    @Test func aMovedTextAndAMovedCardAreNamed() {
        let card = GeometryLandmark(frame: 0, kind: .roundedRect, key: "", rect: Rect(x: 16, y: 100, width: 358, height: 112))
        let title = GeometryLandmark(frame: 0, kind: .text, key: "This Week @17.00", rect: Rect(x: 32, y: 130, width: 0, height: 0))
        var movedCard = card; movedCard.rect.origin.y += 1.5
        var movedTitle = title; movedTitle.rect.origin.x -= 0.5
        let same = SceneGeometry.compare(recorded: [card, title], current: [card, title], tolerance: Self.tolerance)
        #expect(same.problems.isEmpty && same.largest == 0)
        let moved = SceneGeometry.compare(recorded: [card, title], current: [movedCard, movedTitle], tolerance: Self.tolerance)
        #expect(moved.largest == 1.5)
        #expect(moved.problems.contains { $0.contains("text \"This Week @17.00\" moved") })
        #expect(moved.problems.contains { $0.contains("roundedRect") && $0.contains("moved by 1.50") })
        let gone = SceneGeometry.compare(recorded: [card, title], current: [card], tolerance: Self.tolerance)
        #expect(gone.problems == ["frame 0: text \"This Week @17.00\" is gone"])
        let new = SceneGeometry.compare(recorded: [title], current: [card, title], tolerance: Self.tolerance)
        #expect(new.problems.count == 1 && new.problems[0].hasSuffix("is new"))
    }

    @Test func landmarksFollowTheGroupsTransformsAndTheTextsAlignment() {
        let run = TextRun("Reps", font: Font(size: 34, weight: .bold), origin: Point(100, 50), alignment: .center)
        let scene = Scene(size: Size(390, 844), background: .white, root: [
            .group([.text(run, .solid(.black)),
                    .fill(.roundedRect(Rect(x: 0, y: 0, width: 10, height: 20), cornerRadius: 4, style: .continuous), .solid(.black))],
                   transform: .translation(5, 7)),
        ])
        let marks = SceneGeometry.landmarks(scene, frame: 3)
        let width = TextMeasure.width("Reps", run.font)
        #expect(width > 40)
        #expect(marks.count == 2)
        #expect(abs(marks[0].rect.minX - (105 - width / 2)) < 1e-9 && marks[0].rect.minY == 57)
        #expect(marks[1].rect == Rect(x: 5, y: 7, width: 10, height: 20) && marks[1].kind == .roundedRect)
    }
}
